"""Trading: offers from a fixed menu, recalled or rejected at any time, accepted on the receiver's turn.

Menu (the seed allows any mix of properties and money; a finite menu keeps the
action space finite): sell one of my properties to a chosen player for a price,
offer a price for one property of another player (its owner receives the offer),
or swap one of mine for one of his. Prices are 50/100/150/200/300% of the
property's minimum price. On his own turn a player first picks the partner
("Make an offer to Player 2"), then an offer from the menu for that partner, or
none after all; he does this at most once per turn and has at most one open
offer. After the economic collapse no trade
is offered or accepted while either side is in debt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.games.galactic_magnate import economy, income, monopolies
from magnates.games.galactic_magnate.actions import Offer
from magnates.games.galactic_magnate.board import MORTGAGE, PROPERTIES
from magnates.games.galactic_magnate.phases import OFFER, ROLL

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.state import GalacticState

OFFER_KINDS = frozenset({"offer-sale", "offer-purchase", "offer-swap"})


def decode(s: GalacticState, offerer: int, action: int) -> Offer:
    """The offer an action makes, with its receiver (the owner of the wanted property if implied)."""
    implied_by, shape = s.ids.offers[action]
    assert shape is not None
    receiver = shape.receiver if implied_by == -1 else s.owner[implied_by]
    return Offer(receiver, shape.give, shape.take, shape.money)


def blocked(s: GalacticState, a: int, b: int) -> bool:
    """No trade after the collapse while either side is in debt."""
    return s.collapsed and (s.cash[a] < 0 or s.cash[b] < 0)


def valid(s: GalacticState, offerer: int, offer: Offer) -> bool:
    """Both sides alive, still owning what they give, and within credit after the trade."""
    receiver = offer.receiver
    if receiver < 0 or receiver == offerer or not s.alive[receiver] or not s.alive[offerer]:
        return False
    if any(s.owner[loc] != offerer for loc in offer.give) or any(s.owner[loc] != receiver for loc in offer.take):
        return False
    if blocked(s, offerer, receiver):
        return False
    moved = sum(MORTGAGE[loc] for loc in offer.give) - sum(MORTGAGE[loc] for loc in offer.take)
    # money > 0: the receiver pays the offerer.
    offerer_after = economy.means(s, offerer) - moved + offer.money
    receiver_after = economy.means(s, receiver) + moved - offer.money
    return offerer_after >= 0 and receiver_after >= 0


def legal_partners(s: GalacticState, seat: int) -> list[int]:
    """`Make an offer to X`: once per turn, with no offer of mine open, to a living partner not blocked."""
    if s.offered or s.offer_action[seat] != -1 or blocked(s, seat, seat):
        return []
    ids = s.ids
    return [ids.trade_with[x] for x in s.order if x != seat and s.alive[x] and not blocked(s, x, x)]


def choose_partner(s: GalacticState, seat: int, partner: int) -> None:
    s.offered = True
    s.trade_with = partner
    s.phase = OFFER


def legal_offers(s: GalacticState, seat: int) -> list[int]:
    """Every menu offer to the chosen partner (the test of `valid`, unrolled for speed)."""
    ids = s.ids
    to = s.trade_with
    owner = s.owner
    credit = economy.credits(s)
    me = s.cash[seat] + credit[seat]
    them = s.cash[to] + credit[to]
    mine = [loc for loc in PROPERTIES if owner[loc] == seat]
    theirs = [loc for loc in PROPERTIES if owner[loc] == to]
    out: list[int] = []
    for loc in mine:
        mort = MORTGAGE[loc]
        out += [a for a, price in ids.sale_ids[loc][to] if me - mort + price >= 0 and them + mort >= price]
        for take in theirs:
            moved = mort - MORTGAGE[take]
            if me >= moved and them + moved >= 0:
                out.append(ids.swap_id[(loc, take)])
    for loc in theirs:
        mort = MORTGAGE[loc]
        out += [a for a, price in ids.purchase_ids[loc] if me + mort >= price and them - mort + price >= 0]
    out.append(ids.no_offer)
    return out


def make_offer(s: GalacticState, seat: int, action: int) -> None:
    s.offer_action[seat] = action
    s.offer_to[seat] = decode(s, seat, action).receiver
    s.trade_with = -1
    s.phase = ROLL


def make_no_offer(s: GalacticState) -> None:
    s.trade_with = -1
    s.phase = ROLL


def legal_withdrawals(s: GalacticState, seat: int) -> list[int]:
    """Recall my open offer; reject any offer made to me."""
    ids = s.ids
    out = [ids.recall] if s.offer_action[seat] != -1 else []
    for offerer in range(s.n):
        if s.offer_to[offerer] == seat and s.offer_action[offerer] != -1:
            out.append(ids.reject[offerer])
    return out


def withdraw(s: GalacticState, offerer: int) -> None:
    s.offer_action[offerer] = -1
    s.offer_to[offerer] = -1


def offer_to_me(s: GalacticState, offerer: int, seat: int) -> Offer | None:
    """The open offer of `offerer` if it is addressed to `seat` and could be carried out now."""
    action = s.offer_action[offerer]
    if action == -1 or s.offer_to[offerer] != seat:
        return None
    offer = decode(s, offerer, action)
    if offer.receiver != seat or not valid(s, offerer, offer):
        return None
    return offer


def legal_accepts(s: GalacticState, seat: int) -> list[int]:
    ids = s.ids
    return [ids.accept[offerer] for offerer in range(s.n) if offer_to_me(s, offerer, seat) is not None]


def accept(s: GalacticState, seat: int, offerer: int) -> None:
    """Carry out the trade: upgrades of the monopolies involved are sold first, to their owner."""
    offer = offer_to_me(s, offerer, seat)
    assert offer is not None
    withdraw(s, offerer)
    for loc in offer.give + offer.take:
        monopolies.sell_upgrades_of_location(s, loc)
    for loc in offer.give:
        s.owner[loc] = seat
    for loc in offer.take:
        s.owner[loc] = offerer
    if offer.money > 0:
        economy.transfer(s, seat, offerer, offer.money, income.TRADES)
    elif offer.money < 0:
        economy.transfer(s, offerer, seat, -offer.money, income.TRADES)


def drop_stale_offers(s: GalacticState) -> None:
    """Offers whose properties changed hands, or whose receiver left, are withdrawn."""
    for offerer in range(s.n):
        action = s.offer_action[offerer]
        if action == -1:
            continue
        offer = decode(s, offerer, action)
        if offer.receiver != s.offer_to[offerer] or not s.alive[offerer] or not s.alive[s.offer_to[offerer]]:
            withdraw(s, offerer)
            continue
        if any(s.owner[loc] != offerer for loc in offer.give) or any(
            s.owner[loc] != offer.receiver for loc in offer.take
        ):
            withdraw(s, offerer)
