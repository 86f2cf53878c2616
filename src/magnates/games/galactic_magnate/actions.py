"""Every action of Galactic Magnate, and the fixed action space for a player count.

Trade offers come from a small menu of shapes (sell one property for a price,
ask to buy one, swap one for one) with prices as a fixed percentage ladder of
the property's minimum price, so the whole space stays finite (about 2,000
ids for five players) and usable as an RL mask.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import ClassVar

from magnates.core.actions import Action
from magnates.games.galactic_magnate.board import LOCATIONS, PRICE, PROPERTIES, TABLES


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


def offer_price(location: int, percent: int) -> int:
    """A ladder price: `percent` of the minimum price, rounded to tens."""
    return max(10, round(PRICE[location] * percent / 1000) * 10)


@dataclass(frozen=True)
class PickCharacter(Action):
    kind: ClassVar[str] = "character"
    character: str

    def __str__(self) -> str:
        return f"Choose the {self.character}"


@dataclass(frozen=True)
class PlayingOrder(Action):
    kind: ClassVar[str] = "playing-order"
    order: tuple[int, ...]

    def __str__(self) -> str:
        return "Playing order: " + ", ".join(seat_name(s) for s in self.order)


@dataclass(frozen=True)
class RollDice(Action):
    kind: ClassVar[str] = "roll"

    def __str__(self) -> str:
        return "Roll the dice"


@dataclass(frozen=True)
class Dice(Action):
    kind: ClassVar[str] = "dice"
    is_dice: ClassVar[bool] = True
    first: int
    second: int

    def __str__(self) -> str:
        return f"Dice {self.first}+{self.second}"


@dataclass(frozen=True)
class StartAuction(Action):
    kind: ClassVar[str] = "start-auction"

    def __str__(self) -> str:
        return "Start an auction"


@dataclass(frozen=True)
class DoNothing(Action):
    kind: ClassVar[str] = "do-nothing"

    def __str__(self) -> str:
        return "Do nothing"


@dataclass(frozen=True)
class OpeningBid(Action):
    kind: ClassVar[str] = "bid"

    def __str__(self) -> str:
        return "Bid the opening price"


@dataclass(frozen=True)
class Raise(Action):
    kind: ClassVar[str] = "raise"
    amount: int

    def __str__(self) -> str:
        return f"Raise by {self.amount}"


@dataclass(frozen=True)
class Pass(Action):
    kind: ClassVar[str] = "pass"

    def __str__(self) -> str:
        return "Pass"


@dataclass(frozen=True)
class FortuneDraw(Action):
    kind: ClassVar[str] = "fortune"
    event: str

    def __str__(self) -> str:
        return f"Fortune: {self.event}"


@dataclass(frozen=True)
class TakeEvent(Action):
    kind: ClassVar[str] = "take-event"

    def __str__(self) -> str:
        return "Take the event"


@dataclass(frozen=True)
class RefuseEvent(Action):
    kind: ClassVar[str] = "refuse-event"

    def __str__(self) -> str:
        return "Refuse the event"


@dataclass(frozen=True)
class Upgrade(Action):
    kind: ClassVar[str] = "upgrade"
    monopoly: str

    def __str__(self) -> str:
        return f"Upgrade {self.monopoly}"


@dataclass(frozen=True)
class SellUpgrade(Action):
    kind: ClassVar[str] = "sell-upgrade"
    monopoly: str

    def __str__(self) -> str:
        return f"Sell an upgrade of {self.monopoly}"


@dataclass(frozen=True)
class AuctionProperty(Action):
    kind: ClassVar[str] = "auction-property"
    location: str

    def __str__(self) -> str:
        return f"Put {self.location} up for auction"


@dataclass(frozen=True)
class TradeWith(Action):
    kind: ClassVar[str] = "trade-with"
    seat: int

    def __str__(self) -> str:
        return f"Make an offer to {seat_name(self.seat)}"


@dataclass(frozen=True)
class MakeNoOffer(Action):
    kind: ClassVar[str] = "no-offer"

    def __str__(self) -> str:
        return "Make no offer after all"


@dataclass(frozen=True)
class OfferSale(Action):
    kind: ClassVar[str] = "offer-sale"
    location: str
    to: int
    price: int

    def __str__(self) -> str:
        return f"Offer {self.location} to {seat_name(self.to)} for {self.price}"


@dataclass(frozen=True)
class OfferPurchase(Action):
    kind: ClassVar[str] = "offer-purchase"
    location: str
    price: int

    def __str__(self) -> str:
        return f"Offer {self.price} for {self.location}"


@dataclass(frozen=True)
class OfferSwap(Action):
    kind: ClassVar[str] = "offer-swap"
    give: str
    take: str

    def __str__(self) -> str:
        return f"Offer {self.give} for {self.take}"


@dataclass(frozen=True)
class RecallOffer(Action):
    kind: ClassVar[str] = "recall"

    def __str__(self) -> str:
        return "Recall my offer"


@dataclass(frozen=True)
class RejectOffer(Action):
    kind: ClassVar[str] = "reject"
    offerer: int

    def __str__(self) -> str:
        return f"Reject the offer of {seat_name(self.offerer)}"


@dataclass(frozen=True)
class AcceptOffer(Action):
    kind: ClassVar[str] = "accept"
    offerer: int

    def __str__(self) -> str:
        return f"Accept the offer of {seat_name(self.offerer)}"


@dataclass(frozen=True)
class Resign(Action):
    kind: ClassVar[str] = "resign"

    def __str__(self) -> str:
        return "Resign"


@dataclass(frozen=True)
class Offer:
    """A decoded trade offer: what the offerer gives and takes, and money from receiver to offerer."""

    receiver: int
    give: tuple[int, ...]
    take: tuple[int, ...]
    money: int


@dataclass
class ActionIds:
    """Where each family of actions sits in the action space (what the rules use)."""

    characters: list[int] = field(default_factory=list)
    orders: list[int] = field(default_factory=list)
    order_of: dict[int, tuple[int, ...]] = field(default_factory=dict)
    roll: int = 0
    dice: dict[int, tuple[int, int]] = field(default_factory=dict)
    dice_id: dict[tuple[int, int], int] = field(default_factory=dict)
    start_auction: int = 0
    do_nothing: int = 0
    opening_bid: int = 0
    raises: dict[int, int] = field(default_factory=dict)
    raise_id: dict[int, int] = field(default_factory=dict)
    pass_: int = 0
    fortune: list[int] = field(default_factory=list)
    take_event: int = 0
    refuse_event: int = 0
    upgrade: list[int] = field(default_factory=list)
    sell_upgrade: list[int] = field(default_factory=list)
    auction_property: dict[int, int] = field(default_factory=dict)
    trade_with: list[int] = field(default_factory=list)
    no_offer: int = 0
    offers: dict[int, tuple[int, Offer | None]] = field(default_factory=dict)
    """offer action id -> (the location whose owner receives it or -1, shape with receiver -1 if implied)."""
    sale_ids: dict[int, list[list[tuple[int, int]]]] = field(default_factory=dict)
    """location -> receiver seat -> [(action id, price)]."""
    purchase_ids: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    """location -> [(action id, price)]."""
    swap_id: dict[tuple[int, int], int] = field(default_factory=dict)
    recall: int = 0
    reject: list[int] = field(default_factory=list)
    accept: list[int] = field(default_factory=list)
    resign: int = 0
    kind_of: dict[int, str] = field(default_factory=dict)


def build(players: int) -> tuple[list[Action], ActionIds]:
    """The action space for `players` seats, and the index of each family."""
    actions: list[Action] = []
    ids = ActionIds()

    def add(action: Action) -> int:
        actions.append(action)
        ids.kind_of[len(actions) - 1] = action.kind
        return len(actions) - 1

    for name in TABLES.characters:
        ids.characters.append(add(PickCharacter(name)))
    for order in itertools.permutations(range(players)):
        a = add(PlayingOrder(order))
        ids.orders.append(a)
        ids.order_of[a] = order
    ids.roll = add(RollDice())
    for first in range(1, 7):
        for second in range(1, 7):
            a = add(Dice(first, second))
            ids.dice[a] = (first, second)
            ids.dice_id[(first, second)] = a
    ids.start_auction = add(StartAuction())
    ids.do_nothing = add(DoNothing())
    ids.opening_bid = add(OpeningBid())
    for amount in TABLES.raises:
        a = add(Raise(amount))
        ids.raises[a] = amount
        ids.raise_id[amount] = a
    ids.pass_ = add(Pass())
    for event in TABLES.events:
        ids.fortune.append(add(FortuneDraw(event.key)))
    ids.take_event = add(TakeEvent())
    ids.refuse_event = add(RefuseEvent())
    for group in TABLES.groups:
        ids.upgrade.append(add(Upgrade(group.name)))
    for group in TABLES.groups:
        ids.sell_upgrade.append(add(SellUpgrade(group.name)))
    for loc in PROPERTIES:
        ids.auction_property[loc] = add(AuctionProperty(LOCATIONS[loc].name))
    for seat in range(players):
        ids.trade_with.append(add(TradeWith(seat)))
    ids.no_offer = add(MakeNoOffer())
    for loc in PROPERTIES:
        ids.sale_ids[loc] = [[] for _ in range(players)]
        for to in range(players):
            for percent in TABLES.offer_percents:
                price = offer_price(loc, percent)
                a = add(OfferSale(LOCATIONS[loc].name, to, price))
                ids.offers[a] = (-1, Offer(to, (loc,), (), price))
                ids.sale_ids[loc][to].append((a, price))
    for loc in PROPERTIES:
        ids.purchase_ids[loc] = []
        for percent in TABLES.offer_percents:
            price = offer_price(loc, percent)
            a = add(OfferPurchase(LOCATIONS[loc].name, price))
            ids.offers[a] = (loc, Offer(-1, (), (loc,), -price))
            ids.purchase_ids[loc].append((a, price))
    for give in PROPERTIES:
        for take in PROPERTIES:
            if give != take:
                a = add(OfferSwap(LOCATIONS[give].name, LOCATIONS[take].name))
                ids.offers[a] = (take, Offer(-1, (give,), (take,), 0))
                ids.swap_id[(give, take)] = a
    ids.recall = add(RecallOffer())
    for seat in range(players):
        ids.reject.append(add(RejectOffer(seat)))
    for seat in range(players):
        ids.accept.append(add(AcceptOffer(seat)))
    ids.resign = add(Resign())
    return actions, ids
