"""Search knowledge for the generic MCTS/ISMCTS bots (found by `magnates.bots.playout`).

- `leaf_values(state)`: every seat's outlook in [-1, 1] from its share of the living players'
  net worth (a resigned seat is -1): money and upgrades are what decide who outlasts whom.
- `heuristic(state, seat)`: the same for one seat.
- `rollout_action(state, rng)`: a cheap sensible policy for rollouts (roll, start auctions, bid
  a little above the minimum price, never trade or resign), far better than uniform random,
  which resigns within a few turns.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from magnates.games.galactic_magnate.board import PRICE
from magnates.games.galactic_magnate.phases import AUCTION, BUY, CHARACTERS, EVENT_CHOICE, OFFER, ROLL

if TYPE_CHECKING:
    from magnates.core.game import State
    from magnates.games.galactic_magnate.state import GalacticState


def leaf_values(state: State) -> list[float]:
    s: GalacticState = state  # type: ignore[assignment]
    if s.is_terminal():
        return s.returns()
    worth = [max(0, s.net_worth(seat)) if s.alive[seat] else 0 for seat in range(s.n)]
    alive = sum(s.alive)
    total = sum(worth) or 1
    values = []
    for seat in range(s.n):
        if not s.alive[seat]:
            values.append(-1.0)
            continue
        share = worth[seat] / total  # 1/alive is an even game
        values.append(max(-1.0, min(1.0, (share * alive - 1) / max(1, alive - 1))))
    return values


def heuristic(state: State, seat: int) -> float:
    return leaf_values(state)[seat]


def rollout_action(state: State, rng: random.Random) -> int:
    s: GalacticState = state  # type: ignore[assignment]
    ids = s.ids
    legal = s.legal_actions()
    phase = s.phase
    if phase == ROLL:
        upgrades = [a for a in legal if ids.kind_of[a] == "upgrade"]
        seat = s.current_player()
        if upgrades and s.cash[seat] > 600 and rng.random() < 0.5:
            return upgrades[0]
        return ids.roll
    if phase == BUY:
        return ids.start_auction
    if phase == AUCTION:
        seat = s.current_player()
        if ids.opening_bid in legal:
            return ids.opening_bid if s.cash[seat] > 900 else ids.pass_
        step = ids.raise_id[10]
        limit = PRICE[s.a_loc] * (1.0 + 0.4 * rng.random())
        if step in legal and s.a_bid + 10 <= min(limit, s.cash[seat] - 100):
            return step
        return ids.pass_
    if phase == OFFER:
        return ids.no_offer
    if phase == EVENT_CHOICE:
        return ids.refuse_event
    if phase == CHARACTERS:
        return legal[0]
    return legal[rng.randrange(len(legal))]
