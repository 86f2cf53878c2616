"""Galactic Magnate's knowledge for the search bots: who is likely to win from here.

The search bots (`magnates.bots`) find `leaf_values`, `heuristic` and `rollout_action` here by
name. They read the full state; nothing in this game is hidden, so that is also the view.

A game is won by outlasting the others: a seat falls when a bill passes its credit. So a seat's
outlook is its money now (net worth: cash, credit and what its upgrades would sell for) and the
money it can expect to gain and lose per round: fees from opponents landing on its upgraded
monopolies and utilities, extractor profits, and the fees it pays them; plus what its complete
and nearly complete sets promise. `features` measures these per seat, a linear score weighs
them (weights fitted on greedy self-play by `heuristic_fit`, where the data decides how much a
round of fee income is worth against cash), and a softmax over the living seats turns scores
into win chances, mapped to [-1, 1] as in `State.returns()`.

A search often stops in the middle of an auction (the opponent to bid). An unfinished auction
has no clear owner, so `leaf_values` first plays it out with `bid_for`, a valuation in the
greedy bot's style (what the lot is worth given who owns the rest of its set, within the
bidder's budget), and open trade offers are settled as their receiver's greedy rule would
settle them. Every leaf is then judged at a quiet point.
"""

from __future__ import annotations

import math
import random
import weakref
from typing import TYPE_CHECKING

from magnates.games.galactic_magnate import trading
from magnates.games.galactic_magnate.actions import Offer
from magnates.games.galactic_magnate.board import (
    EXTRACTOR,
    GROUP_OF,
    KIND,
    MONOPOLY,
    PROPERTIES,
    UTILITY,
)
from magnates.games.galactic_magnate.bots import RESERVE, GreedyBot, value
from magnates.games.galactic_magnate.phases import AUCTION, OVER

if TYPE_CHECKING:
    from magnates.core.game import State
    from magnates.games.galactic_magnate.state import GalacticState

# -- the fitted model (python -m magnates.games.galactic_magnate.heuristic_fit) --------------------
# fmt: off
LANDING = (
    0.0101, 0.0083, 0.0153, 0.022, 0.0297, 0.0381, 0.0456, 0.0549, 0.0492, 0.0452,  # 0-9
    0.0425, 0.0393, 0.0358, 0.0322, 0.0339, 0.035, 0.0351, 0.0343, 0.0309, 0.0304,  # 10-19
    0.0264, 0.026, 0.0252, 0.024, 0.0233, 0.022, 0.0211, 0.0208, 0.0189, 0.018,  # 20-29
    0.0192, 0.0151, 0.0138, 0.0134, 0.013, 0.013, 0.0124, 0.0121, 0.0119, 0.01,  # 30-39
)
# fmt: on
"""Landings on each location per turn taken, measured in greedy games (`heuristic_fit --games 600
--players 2`): the middleman's return to Start makes the first side the busiest."""

FEATURES = ("worth", "fee flow", "extractors", "sets", "open sets", "worth late", "fee flow late")
WEIGHTS = (0.277, 6.052, 4.263, 0.696, 0.668, 0.378, -2.484)
"""Score per unit of each feature (money in thousands; "late" ones count after the collapse), fitted
by `heuristic_fit --games 1000 --players 2` (held-out log-loss 0.339; a coin's is 0.693)."""

_GREEDY = GreedyBot()
_ROLLOUT_BOTS: weakref.WeakKeyDictionary[random.Random, GreedyBot] = weakref.WeakKeyDictionary()
"""The greedy player of each random stream that rollouts are played with. The bot remembers its taste
for the auction under way; kept per stream, that memory lasts for the playouts one search plays with
its stream and never reaches another stream's, so `rollout_action` is a function of (state, stream)."""


def features(s: GalacticState) -> list[list[float]]:
    """Per seat, in thousands (see FEATURES).

    worth: cash, credit and upgrade resale value; fee flow: fees expected from the others per
    round minus fees expected to be paid to them; extractors: their expected profit per round;
    sets: the prices of complete monopolies (upgrades to come); open sets: the prices of
    monopolies the seat lacks one location of that nobody owns (one auction from complete).
    A set blocked by an opponent counts for nothing beyond its credit.
    """
    n = s.n
    owner = s.owner
    level = s.level
    alive = s.alive
    living = sum(alive)
    t = s.tables
    utilities = [0] * n
    extractors = [0] * n
    for loc in PROPERTIES:
        seat = owner[loc]
        if seat >= 0:
            if KIND[loc] == UTILITY:
                utilities[seat] += 1
            elif KIND[loc] == EXTRACTOR:
                extractors[seat] += 1
    worth = [s.cash[seat] / 1000 for seat in range(n)]
    flow = [0.0] * n
    profits = [0.0] * n
    sets = [0.0] * n
    open_sets = [0.0] * n
    for loc in PROPERTIES:
        seat = owner[loc]
        if seat < 0:
            continue
        worth[seat] += t.mortgage[loc] / 1000
        kind = KIND[loc]
        if kind == MONOPOLY:
            lvl = level[GROUP_OF[loc]]
            fee = t.groups[GROUP_OF[loc]].fees[lvl - 1] if lvl > 0 else 0
        elif kind == UTILITY:
            fee = t.utility_fees[utilities[seat] - 1]
        else:  # an extractor pays its owner whoever stops there
            profits[seat] += t.extractor_profits[extractors[seat] - 1] * LANDING[loc] * living / 1000
            continue
        if fee:
            expected = fee * LANDING[loc] / 1000
            flow[seat] += expected * (living - 1)
            for other in range(n):
                if other != seat and alive[other]:
                    flow[other] -= expected
    price = t.price
    for g, group in enumerate(t.groups):
        holders = [owner[loc] for loc in group.locations]
        first = holders[0]
        if first >= 0 and all(h == first for h in holders):
            worth[first] += level[g] * (group.upgrade_price // 2) / 1000
            sets[first] += sum(price[loc] for loc in group.locations) / 1000
        elif holders.count(-1) == 1:
            mine = {h for h in holders if h >= 0}
            if len(mine) == 1:
                open_sets[mine.pop()] += sum(price[loc] for loc in group.locations) / 1000
    late = 1.0 if s.collapsed else 0.0
    return [[worth[x], flow[x], profits[x], sets[x], open_sets[x], worth[x] * late, flow[x] * late] for x in range(n)]


def scores(s: GalacticState) -> list[float]:
    return [sum(w * x for w, x in zip(WEIGHTS, row, strict=True)) for row in features(s)]


def chances(s: GalacticState) -> list[float]:
    """Each seat's chance to win: a softmax of the scores over the living seats."""
    raw = scores(s)
    top = max(raw[seat] for seat in range(s.n) if s.alive[seat])
    weights = [math.exp(raw[seat] - top) if s.alive[seat] else 0.0 for seat in range(s.n)]
    total = sum(weights)
    return [w / total for w in weights]


def leaf_values(state: State) -> list[float]:
    """Every seat's expected return in [-1, 1], judged after any open auction and offers settle.

    Returns are the mean over opponents of +1 (ranked above) and -1 (below), as in
    `State.returns()`: a fallen seat is below every living one and above those who fell
    before it; two living seats are compared by their win chances (p_i / (p_i + p_j)).
    """
    s: GalacticState = state  # type: ignore[assignment]
    if s.phase == OVER:
        return s.returns()
    s = settled(s)
    if s.phase == OVER:
        return s.returns()
    n = s.n
    p = chances(s)
    alive = s.alive
    fell = {seat: index for index, seat in enumerate(s.eliminated)}
    values = []
    for seat in range(n):
        total = 0.0
        for other in range(n):
            if other == seat:
                continue
            if alive[seat] and alive[other]:
                total += 2 * p[seat] / (p[seat] + p[other]) - 1
            elif alive[seat]:
                total += 1
            elif alive[other]:
                total -= 1
            else:
                total += 1 if fell[seat] > fell[other] else -1
        values.append(max(-1.0, min(1.0, total / (n - 1))))
    return values


def heuristic(state: State, seat: int) -> float:
    """How good `state` looks for `seat`, in [-1, 1]."""
    return leaf_values(state)[seat]


# -- settling what is open at a leaf ----------------------------------------------------------------
def settled(s: GalacticState) -> GalacticState:
    """A copy with the open auction played out and open offers answered, or `s` if nothing is open."""
    if s.phase != AUCTION and all(to == -1 for to in s.offer_to):
        return s
    s = s.clone()
    for _ in range(200):  # an auction ends: every step raises the bid or removes a bidder
        if s.phase != AUCTION:
            break
        s.apply_action(bid_for(s, s.a_next))
    for offerer in range(s.n):
        if s.offer_to[offerer] == -1 or s.phase == OVER:
            continue
        receiver = s.offer_to[offerer]
        offer = trading.offer_to_me(s, offerer, receiver)
        if offer is not None and _accepts(s, receiver, offerer, offer):
            trading.accept(s, receiver, offerer)
        else:
            trading.withdraw(s, offerer)
    s._legal = None
    return s


def _accepts(s: GalacticState, receiver: int, offerer: int, offer: Offer) -> bool:
    view = {"owner": s.owner, "cash": s.cash}
    seen = {"from": offerer, "to": receiver, "give": list(offer.give), "take": list(offer.take), "money": offer.money}
    return _GREEDY._good_trade(view, receiver, seen, s.tables)


def bid_for(s: GalacticState, seat: int) -> int:
    """A bid in the greedy bot's style: raise by the smallest step while the lot is worth it."""
    ids = s.ids
    loc = s.a_loc
    t = s.tables
    credit = sum(t.mortgage[x] for x in PROPERTIES if s.owner[x] == seat)
    limit = min(value(s.owner, seat, loc, t), s.cash[seat] + credit // 2 - RESERVE)
    legal = s.legal_actions()
    if ids.opening_bid in legal:
        return ids.opening_bid if limit >= t.player_auction_opening else ids.pass_
    step = ids.raise_id[10]
    if step in legal and s.a_bid + 10 <= limit:
        return step
    return ids.pass_


# -- rollouts ---------------------------------------------------------------------------------------
def rollout_action(state: State, rng: random.Random) -> int:
    """The greedy bot's move, from the deciding seat's view (the whole state: nothing is hidden)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    player = state.current_player()
    bot = _ROLLOUT_BOTS.get(rng)
    if bot is None:
        bot = _ROLLOUT_BOTS[rng] = GreedyBot()
    return bot.choose(state.game, state.view(player), legal, rng)
