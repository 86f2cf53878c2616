"""Trading: offers built step by step, recalled or rejected at any time, accepted on the receiver's turn.

The seed lets players trade "properties for properties, or money, or both". An
offer is therefore a pair of bundles: any of the offerer's properties plus money
one way, any of the receiver's properties plus money the other way. To keep the
action space fixed, the offer is built in steps on the offerer's own turn, before
a roll:

1. "Make an offer to Player k" (once per turn, with no offer of his own open);
2. any number of steps, at most `MAX_BUILD_STEPS`: "Put my X in the offer",
   "Ask for Y", "Leave X out of the offer", "Offer 50 more in cash", "Ask 50 more
   in cash" (steps of `actions.MONEY_STEPS`; money on both sides nets out, so the
   offer records one sum and who pays it);
3. "Propose the offer" (it must move at least one property and leave both sides
   within their credit) or "Make no offer after all".

The cap on building steps and the one offer per turn keep a random player from
building forever. The proposed offer stays open until the offerer recalls it or
the receiver rejects it (whenever either is asked anything), or the receiver
accepts it before a roll of his own turn. After the economic collapse no trade
is offered or accepted while either side is in debt.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.games.galactic_magnate import economy, income, monopolies
from magnates.games.galactic_magnate.actions import Offer
from magnates.games.galactic_magnate.phases import TO_OFFER, TO_ROLL, Then

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.state import GalacticState

MAX_BUILD_STEPS = 16
"""Building steps per offer (properties in or out, money up or down); then only propose or give up."""

BUILD_KINDS: frozenset[str] = frozenset({"give-property", "ask-property", "drop-property", "offer-money", "ask-money"})


def blocked(s: GalacticState, a: int, b: int) -> bool:
    """No trade after the collapse while either side is in debt."""
    return s.collapsed and (s.cash[a] < 0 or s.cash[b] < 0)


def valid(s: GalacticState, offerer: int, offer: Offer, credit: list[int] | None = None) -> bool:
    """Both sides alive, still owning what they give, and within credit after the trade.

    `credit`: every seat's credit (`economy.credits`) where the caller has it already."""
    receiver = offer.receiver
    if receiver < 0 or receiver == offerer or not s.alive[receiver] or not s.alive[offerer]:
        return False
    if not offer.give and not offer.take:
        return False
    if any(s.owner[loc] != offerer for loc in offer.give) or any(s.owner[loc] != receiver for loc in offer.take):
        return False
    if blocked(s, offerer, receiver):
        return False
    mortgage = s.tables.mortgage
    moved = sum(mortgage[loc] for loc in offer.give) - sum(mortgage[loc] for loc in offer.take)
    # money > 0: the receiver pays the offerer.
    if credit is None:
        offerer_means, receiver_means = economy.means(s, offerer), economy.means(s, receiver)
    else:
        offerer_means, receiver_means = s.cash[offerer] + credit[offerer], s.cash[receiver] + credit[receiver]
    offerer_after = offerer_means - moved + offer.money
    receiver_after = receiver_means + moved - offer.money
    return offerer_after >= 0 and receiver_after >= 0


# -- building an offer ---------------------------------------------------------------------------
def legal_partners(s: GalacticState, seat: int) -> list[int]:
    """`Make an offer to X`: once per turn, with no offer of mine open, to a living partner not blocked."""
    if s.offered or s.offer_to[seat] != -1 or blocked(s, seat, seat):
        return []
    ids = s.ids
    return [ids.trade_with[x] for x in s.order if x != seat and s.alive[x] and not blocked(s, x, x)]


def choose_partner(s: GalacticState, seat: int, partner: int) -> Then:
    s.offered = True
    s.trade_with = partner
    s.draft_give = []
    s.draft_take = []
    s.draft_money = 0
    s.draft_steps = 0
    return TO_OFFER


def draft(s: GalacticState) -> Offer:
    """The offer being built, as it would be proposed now."""
    return Offer(s.trade_with, tuple(s.draft_give), tuple(s.draft_take), s.draft_money)


def legal_building(s: GalacticState, seat: int) -> list[int]:
    """The next step of the offer being built; after `MAX_BUILD_STEPS` only propose or give up."""
    ids = s.ids
    out: list[int] = []
    credit = economy.credits(s)  # one pass over the board for both sides' means, here and in `valid`
    if s.draft_steps < MAX_BUILD_STEPS:
        partner = s.trade_with
        owner = s.owner
        give, take = s.draft_give, s.draft_take
        for loc in s.tables.properties:
            holder = owner[loc]
            if loc in give or loc in take:
                out.append(ids.drop_property[loc])
            elif holder == seat:
                out.append(ids.give_property[loc])
            elif holder == partner:
                out.append(ids.ask_property[loc])
        money = s.draft_money
        mine = s.cash[seat] + credit[seat]
        theirs = s.cash[partner] + credit[partner]
        # Each side may be asked for no more than it could spend (cash plus credit) now.
        out += [a for a, amount in ids.offer_money.items() if amount - money <= mine]
        out += [a for a, amount in ids.ask_money.items() if money + amount <= theirs]
    if valid(s, seat, draft(s), credit):
        out.append(ids.propose)
    out.append(ids.no_offer)
    return out


def build_step(s: GalacticState, action: int) -> None:
    ids = s.ids
    kind = ids.kind_of[action]
    s.draft_steps += 1
    if kind == "give-property":
        s.draft_give = sorted([*s.draft_give, ids.location_of[action]])
    elif kind == "ask-property":
        s.draft_take = sorted([*s.draft_take, ids.location_of[action]])
    elif kind == "drop-property":
        loc = ids.location_of[action]
        s.draft_give = [x for x in s.draft_give if x != loc]
        s.draft_take = [x for x in s.draft_take if x != loc]
    elif kind == "offer-money":
        s.draft_money -= ids.offer_money[action]
    else:
        s.draft_money += ids.ask_money[action]


def _clear_draft(s: GalacticState) -> None:
    s.trade_with = -1
    s.draft_give = []
    s.draft_take = []
    s.draft_money = 0
    s.draft_steps = 0


def propose(s: GalacticState, seat: int) -> Then:
    offer = draft(s)
    s.offer_to[seat] = offer.receiver
    s.offer_give[seat] = list(offer.give)
    s.offer_take[seat] = list(offer.take)
    s.offer_money[seat] = offer.money
    _clear_draft(s)
    return TO_ROLL


def make_no_offer(s: GalacticState) -> Then:
    _clear_draft(s)
    return TO_ROLL


# -- open offers ---------------------------------------------------------------------------------
def open_offer(s: GalacticState, offerer: int) -> Offer | None:
    """The offer `offerer` has open, if any."""
    to = s.offer_to[offerer]
    if to == -1:
        return None
    return Offer(to, tuple(s.offer_give[offerer]), tuple(s.offer_take[offerer]), s.offer_money[offerer])


def legal_withdrawals(s: GalacticState, seat: int) -> list[int]:
    """Recall my open offer; reject any offer made to me."""
    ids = s.ids
    out = [ids.recall] if s.offer_to[seat] != -1 else []
    for offerer in range(s.n):
        if s.offer_to[offerer] == seat:
            out.append(ids.reject[offerer])
    return out


def withdraw(s: GalacticState, offerer: int) -> None:
    s.clear_offer(offerer)


def offer_to_me(s: GalacticState, offerer: int, seat: int) -> Offer | None:
    """The open offer of `offerer` if it is addressed to `seat` and could be carried out now."""
    offer = open_offer(s, offerer)
    if offer is None or offer.receiver != seat or not valid(s, offerer, offer):
        return None
    return offer


def legal_accepts(s: GalacticState, seat: int) -> list[int]:
    ids = s.ids
    return [ids.accept[offerer] for offerer in range(s.n) if offer_to_me(s, offerer, seat) is not None]


def accept(s: GalacticState, seat: int, offerer: int) -> None:
    """Carry out the trade: upgrades of the monopolies involved are sold first, to their owner."""
    offer = offer_to_me(s, offerer, seat)
    if offer is None:  # legal_accepts lists only offers that can be carried out
        raise ValueError(f"Player {offerer + 1} has no offer to Player {seat + 1} that can be carried out now")
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
        offer = open_offer(s, offerer)
        if offer is None:
            continue
        if not s.alive[offerer] or not s.alive[offer.receiver]:
            withdraw(s, offerer)
            continue
        if any(s.owner[loc] != offerer for loc in offer.give) or any(
            s.owner[loc] != offer.receiver for loc in offer.take
        ):
            withdraw(s, offerer)


# -- the cash in an offer as one amount ----------------------------------------------------------
def cash_bounds(s: GalacticState, seat: int) -> tuple[int, int]:
    """The cash the offer being built may hold, as (most the offerer gives, most it asks), both >= 0.

    Each side may be asked for no more than it could spend now (cash plus credit), in steps of 10.
    """
    mine = max(0, economy.means(s, seat)) // 10 * 10
    theirs = max(0, economy.means(s, s.trade_with)) // 10 * 10
    return mine, theirs


def cash_plan(s: GalacticState, seat: int, target: int) -> list[int]:
    """The fewest money steps that set the offer's cash to `target` (> 0: asked of the partner, < 0: given).

    People think of an offer's cash as one amount ("I give 230"); the action space keeps its fixed
    steps (`MONEY_STEPS`, up or down on either side) so that it stays small and fixed. This finds the
    shortest run of those steps from the cash now to `target`, every step legal on the way, within the
    building steps left. Raises ValueError saying why when there is none.
    """
    if s.trade_with < 0 or s.current_player() != seat:
        raise ValueError("no offer is being built by this player now")
    if target % 10:
        raise ValueError(f"cash in an offer goes in steps of 10; {abs(target)} is not one")
    mine, theirs = cash_bounds(s, seat)
    if target < -mine:
        raise ValueError(f"you can give at most {mine} in cash now (cash plus credit)")
    if target > theirs:
        raise ValueError(f"Player {s.trade_with + 1} can pay at most {theirs} in cash now (cash plus credit)")
    ids = s.ids
    moves = [(-amount // 10, a) for a, amount in ids.offer_money.items()]
    moves += [(amount // 10, a) for a, amount in ids.ask_money.items()]
    low, high = -mine // 10, theirs // 10
    start, goal = s.draft_money // 10, target // 10
    came: dict[int, tuple[int, int]] = {start: (start, -1)}
    frontier = [start]
    while frontier and goal not in came:
        following = []
        for here in frontier:
            for delta, action in moves:
                there = here + delta
                if low <= there <= high and there not in came:
                    came[there] = (here, action)
                    following.append(there)
        frontier = following
    if goal not in came:  # every value in the bounds is reached by steps of 10
        raise ValueError(f"the cash cannot be set to {abs(target)} now")
    plan: list[int] = []
    at = goal
    while at != start:
        at, action = came[at]
        plan.append(action)
    plan.reverse()
    left = MAX_BUILD_STEPS - s.draft_steps
    if len(plan) > left:
        raise ValueError(f"that amount takes {len(plan)} changes to the offer and {left} are left")
    return plan
