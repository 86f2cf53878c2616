"""Every action of Galactic Magnate, and the fixed action space for a player count.

A trade offer is built step by step (choose the partner, put in one's own
properties, ask for the partner's, add money on either side in fixed steps,
then propose), so any bundle of properties and money can be offered while the
space stays small and fixed (a few hundred ids) and usable as an RL mask.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import ClassVar

from magnates.core.actions import Action
from magnates.games.galactic_magnate.board import PROPERTIES, TABLES, Tables

MONEY_STEPS = (10, 50, 100, 500)
"""The amounts by which money is added to an offer being built: 10 to fine-tune, 50 and 100 for
property-sized sums (minimum prices run 100..400), 500 for large ones. Money on both sides nets out:
offering 50 more cuts the sum asked by 50 first."""


def seat_name(seat: int) -> str:
    return f"Player {seat + 1}"


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
class GiveProperty(Action):
    kind: ClassVar[str] = "give-property"
    location: str

    def __str__(self) -> str:
        return f"Put my {self.location} in the offer"


@dataclass(frozen=True)
class AskProperty(Action):
    kind: ClassVar[str] = "ask-property"
    location: str

    def __str__(self) -> str:
        return f"Ask for {self.location}"


@dataclass(frozen=True)
class DropProperty(Action):
    kind: ClassVar[str] = "drop-property"
    location: str

    def __str__(self) -> str:
        return f"Leave {self.location} out of the offer"


@dataclass(frozen=True)
class OfferMoney(Action):
    kind: ClassVar[str] = "offer-money"
    amount: int

    def __str__(self) -> str:
        return f"Offer {self.amount} more in cash"


@dataclass(frozen=True)
class AskMoney(Action):
    kind: ClassVar[str] = "ask-money"
    amount: int

    def __str__(self) -> str:
        return f"Ask {self.amount} more in cash"


@dataclass(frozen=True)
class Propose(Action):
    kind: ClassVar[str] = "propose"

    def __str__(self) -> str:
        return "Propose the offer"


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
    concedes: ClassVar[bool] = True

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
    give_property: dict[int, int] = field(default_factory=dict)
    """location -> "Put my X in the offer"."""
    ask_property: dict[int, int] = field(default_factory=dict)
    drop_property: dict[int, int] = field(default_factory=dict)
    offer_money: dict[int, int] = field(default_factory=dict)
    """action id -> amount (the offerer pays that much more)."""
    ask_money: dict[int, int] = field(default_factory=dict)
    """action id -> amount (the receiver pays that much more)."""
    offer_money_id: dict[int, int] = field(default_factory=dict)
    ask_money_id: dict[int, int] = field(default_factory=dict)
    propose: int = 0
    location_of: dict[int, int] = field(default_factory=dict)
    """For the property families above (and AuctionProperty): action id -> location."""
    recall: int = 0
    reject: list[int] = field(default_factory=list)
    accept: list[int] = field(default_factory=list)
    resign: int = 0
    kind_of: dict[int, str] = field(default_factory=dict)


def build(players: int, tables: Tables = TABLES) -> tuple[list[Action], ActionIds]:
    """The action space for `players` seats, and the index of each family."""
    actions: list[Action] = []
    ids = ActionIds()

    def add(action: Action) -> int:
        actions.append(action)
        ids.kind_of[len(actions) - 1] = action.kind
        return len(actions) - 1

    for name in tables.characters:
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
    for amount in tables.raises:
        a = add(Raise(amount))
        ids.raises[a] = amount
        ids.raise_id[amount] = a
    ids.pass_ = add(Pass())
    for event in tables.events:
        ids.fortune.append(add(FortuneDraw(event.key)))
    ids.take_event = add(TakeEvent())
    ids.refuse_event = add(RefuseEvent())
    for group in tables.groups:
        ids.upgrade.append(add(Upgrade(group.name)))
    for group in tables.groups:
        ids.sell_upgrade.append(add(SellUpgrade(group.name)))
    for loc in PROPERTIES:
        a = add(AuctionProperty(tables.locations[loc].name))
        ids.auction_property[loc] = a
        ids.location_of[a] = loc
    for seat in range(players):
        ids.trade_with.append(add(TradeWith(seat)))
    ids.no_offer = add(MakeNoOffer())
    for family, make in (
        (ids.give_property, GiveProperty),
        (ids.ask_property, AskProperty),
        (ids.drop_property, DropProperty),
    ):
        for loc in PROPERTIES:
            a = add(make(tables.locations[loc].name))
            family[loc] = a
            ids.location_of[a] = loc
    for amount in MONEY_STEPS:
        a = add(OfferMoney(amount))
        ids.offer_money[a] = amount
        ids.offer_money_id[amount] = a
    for amount in MONEY_STEPS:
        a = add(AskMoney(amount))
        ids.ask_money[a] = amount
        ids.ask_money_id[amount] = a
    ids.propose = add(Propose())
    ids.recall = add(RecallOffer())
    for seat in range(players):
        ids.reject.append(add(RejectOffer(seat)))
    for seat in range(players):
        ids.accept.append(add(AcceptOffer(seat)))
    ids.resign = add(Resign())
    return actions, ids
