"""Magistratvm's own heuristic bot: cheap rules of thumb, one decision at a time.

It rebuilds the (fully public) state from its view, then scores each sensible
option by influence gained per gold spent: seats in the Offices, tokens that
make it the winner of a Province, Governors, special actions that break a
rival's majority, Magistrate influence that tips a vote. It bids for Prefect up
to a quarter of its gold and never bribes.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from magnates.core.errors import InvariantError
from magnates.core.game import Game
from magnates.games.magistratvm import phases, promotion
from magnates.games.magistratvm.action_phase import RECALLABLE, minimum_placement, placement_cost
from magnates.games.magistratvm.actions import INFLUENTIAL_OFFICES, ActionIndex
from magnates.games.magistratvm.components import NUM_TILES, TILE_VALUES
from magnates.games.magistratvm.elections import targets
from magnates.games.magistratvm.offices import (
    AEDILE,
    CONSUL,
    DICTATOR,
    OFFICES,
    PRAETOR,
    PROMOTIONS,
    QUAESTOR,
    TRIBUNE,
)
from magnates.games.magistratvm.scoring import scores
from magnates.games.magistratvm.state import MagistratvmState

ENTRY_GAIN = {QUAESTOR: 1.6, TRIBUNE: 1.3, AEDILE: 2.0}
"""What a new Magistrate is worth: its influence, plus the Quaestor's gold and the Tribune's free token."""


def wins(row: list[int], seat: int, value: int) -> bool:
    """Would `seat` win a normal election here on tokens alone?"""
    return row[seat] >= value and 2 * row[seat] > sum(row)


class GreedyBot:
    name = "greedy"

    def __init__(self, bid_share: float = 0.25) -> None:
        self.bid_share = bid_share
        """The share of its gold the bot will pay to be Prefect (0: only the free opening bid).

        A quarter won 68 of 100 four-player games against the same bot that never bids
        (60 of 100 with three players); 10%, 40% and 60% did less well.
        """

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        state = game.sample_state(view, rng)
        if not isinstance(state, MagistratvmState):
            raise InvariantError(f"this bot plays Magistratvm, but sample_state made a {type(state).__name__}")
        ix = state.ids
        me = state.decider
        allowed = set(legal)
        choice = self._choose(state, ix, me, allowed)
        return choice if choice in allowed else legal[0]

    # -- by phase -------------------------------------------------------------------------
    def _choose(self, s: MagistratvmState, ix: ActionIndex, me: int, allowed: set[int]) -> int:
        phase = s.phase
        if phase == phases.INCOME:
            return ix.income[(s.active[QUAESTOR][me], True)]
        if phase == phases.BIDDING:
            return self._bid(s, ix, me)
        if phase == phases.ACTIONS:
            return self._action(s, ix, me, allowed)
        if phase == phases.DISPLACE:
            leader = self._leader(s, me)
            options = promotion.victims(s)
            options.sort(key=lambda v: (v[0] == leader, v[0] != me, v[1]), reverse=True)
            return ix.displace[options[0]]
        if phase == phases.DISPLACE_INTO:
            row = QUAESTOR if promotion.has_vacancy(s, QUAESTOR) else TRIBUNE
            return ix.displace_into[row if promotion.has_vacancy(s, row) else QUAESTOR]
        if phase == phases.DICTATOR:
            slots = [x for x in s.occupied_slots() if s.tokens[x][me]]
            return ix.dictator[max(slots, key=lambda x: TILE_VALUES[s.slots[x]])]
        if phase == phases.DICTATOR_GOVERN:
            return ix.dictator_govern[True]
        if phase == phases.START:
            return ix.start[self._start(s, me)]
        if phase == phases.SUPPORT:
            return self._support(s, ix, me)
        if phase == phases.REDISTRIBUTE:
            return self._redistribute(s, ix, me)
        return ix.pass_

    def _bid(self, s: MagistratvmState, ix: ActionIndex, me: int) -> int:
        limit = int(self.bid_share * s.available_gold(me))
        if s.high_bidder < 0:
            return ix.bid[0]
        wanted = s.high_bid + 1
        return ix.bid[wanted] if wanted <= limit else ix.pass_bid

    def _leader(self, s: MagistratvmState, me: int) -> int:
        total = scores(s)
        return max((q for q in range(s.n) if q != me), key=lambda q: total[q])

    def _start(self, s: MagistratvmState, me: int) -> int:
        slots = s.occupied_slots()
        winning = [x for x in slots if wins(s.tokens[x], me, TILE_VALUES[s.slots[x]])]
        if winning:
            return max(winning, key=lambda x: TILE_VALUES[s.slots[x]])
        return max(slots, key=lambda x: s.tokens[x][me])

    def _support(self, s: MagistratvmState, ix: ActionIndex, me: int) -> int:
        slot = s.circuit[s.circuit_pos]
        value = TILE_VALUES[s.slots[slot]]
        votes = [s.tokens[slot][q] + s.support[q] for q in range(s.n)]
        mine = [o for o in INFLUENTIAL_OFFICES if s.active[o][me]]
        if not mine:
            return ix.support_done
        others = sum(votes) - votes[me]
        rival_wins = any(q != me and s.tokens[slot][q] >= value and 2 * votes[q] > sum(votes) for q in range(s.n))
        if s.tokens[slot][me] >= value and 2 * votes[me] <= sum(votes):
            need = others - votes[me] + 1
            enough = [o for o in mine if OFFICES[o].influence >= need]
            strength = lambda o: OFFICES[o].influence  # noqa: E731
            office = min(enough, key=strength) if enough else max(mine, key=strength)
            return ix.support[(office, me)]
        if rival_wins:
            return ix.support[(max(mine, key=lambda o: OFFICES[o].influence), me)]
        return ix.support_done

    def _redistribute(self, s: MagistratvmState, ix: ActionIndex, me: int) -> int:
        hand = s.redistribution[0][1]
        best, best_score = -1, -1.0
        for x in targets(s):
            row = s.tokens[x][:]
            row[me] += hand
            value = TILE_VALUES[s.slots[x]]
            score = value + 10.0 if wins(row, me, value) else row[me] / (sum(row) + value)
            if score > best_score:
                best, best_score = x, score
        return ix.redistribute[best][hand] if best >= 0 else ix.return_home

    # -- the action phase ----------------------------------------------------------------------
    def _action(self, s: MagistratvmState, ix: ActionIndex, me: int, allowed: set[int]) -> int:
        gold = s.available_gold(me)
        options: list[tuple[float, int, int]] = []  # (gain, cost, action id)

        def offer(gain: float, cost: int, action: int) -> None:
            if gain > 0 and cost <= gold and action in allowed:
                options.append((gain, cost, action))

        for office, gain in ENTRY_GAIN.items():
            offer(gain, 1 if office != AEDILE else 3, ix.promote_patrician.get(office, -1))
        leader = self._leader(s, me)
        best_province = self._best_province_with_tokens(s, me)
        for start, target, cost in PROMOTIONS:
            if target == DICTATOR:
                gain = 2 * best_province - OFFICES[start].influence
            else:
                gain = OFFICES[target].influence - OFFICES[start].influence
                if not promotion.has_vacancy(s, target):
                    gain += 0.5
            offer(gain, cost, ix.promote[(start, target)])
        slots = s.occupied_slots()
        have = s.estate_tokens[me]
        for x in slots:
            row = s.tokens[x]
            value = TILE_VALUES[s.slots[x]]
            if wins(row, me, value):
                continue
            k = minimum_placement(row, me)
            while k <= have:
                after = row[:]
                after[me] += k
                if wins(after, me, value):
                    offer(value * 0.9, placement_cost(row[me], k), ix.place[x][k])
                    break
                k += 1
            # Otherwise invest: the cheapest legal placement brings the Province closer and
            # earns 1 gold per token every turn; without it, income dries up and games stall.
            k = minimum_placement(row, me)
            if k <= have:
                offer(k * (0.1 + 0.15 * value / 6), placement_cost(row[me], k), ix.place[x][k])
        if s.active[TRIBUNE][me] and have:
            x = max(slots, key=lambda y: self._closeness(s, y, me))
            offer(0.5 + self._closeness(s, x, me), 0, ix.tribune[x])
        owned = [t for t in range(NUM_TILES) if s.tile_owner[t] == me and not s.governed[t]]
        if owned:
            tile = max(owned, key=lambda t: TILE_VALUES[t])
            low = [o for o in range(len(OFFICES)) if s.active[o][me] and o != DICTATOR]
            if low:
                # A Quaestor also brings 3 gold a turn: count that as 1.5 influence lost.
                office = min(low, key=lambda o: OFFICES[o].influence + (1.5 if o == QUAESTOR else 0))
                lost = OFFICES[office].influence + (1.5 if office == QUAESTOR else 0)
                offer(TILE_VALUES[tile] - lost, 0, ix.appoint[(office, tile)])
        self._spoilers(s, ix, me, leader, offer)
        if not options:
            return ix.pass_
        gain, cost, action = max(options, key=lambda o: o[0] / (o[1] + 0.5))
        return action

    def _spoilers(self, s: MagistratvmState, ix: ActionIndex, me: int, leader: int, offer: Any) -> None:
        """Aedile, Praetor and Consul actions that hurt a rival."""
        slots = s.occupied_slots()
        for x in slots:
            row = s.tokens[x]
            value = TILE_VALUES[s.slots[x]]
            for q in range(s.n):
                if q == me or not wins(row, q, value):
                    continue
                if s.active[PRAETOR][me]:
                    group = (q, q) if row[q] >= 2 else (q,)
                    offer(0.7 * value, 0, ix.praetor[(x, group)])
                if s.active[AEDILE][me]:
                    for y in slots:
                        if y != x and not wins([*s.tokens[y][:q], s.tokens[y][q] + 1, *s.tokens[y][q + 1 :]], q, 6):
                            offer(0.5 * value, 0, ix.aedile[(q, x, y)])
                            break
        if s.active[CONSUL][me]:
            for office in sorted(RECALLABLE, key=lambda o: -OFFICES[o].influence):
                for act in (True, False):
                    if (s.active if act else s.inactive)[office][leader]:
                        offer(0.6 * OFFICES[office].influence, 0, ix.recall[(office, leader, act)])
            for t in range(NUM_TILES):
                if s.governed[t] and s.tile_owner[t] != me:
                    offer(0.6 * TILE_VALUES[t], 0, ix.recall_governor[t])

    def _closeness(self, s: MagistratvmState, slot: int, me: int) -> float:
        row = s.tokens[slot]
        value = TILE_VALUES[s.slots[slot]]
        after = row[:]
        after[me] += 1
        return float(value) if wins(after, me, value) else row[me] / (value + sum(row))

    def _best_province_with_tokens(self, s: MagistratvmState, me: int) -> int:
        return max((TILE_VALUES[s.slots[x]] for x in s.occupied_slots() if s.tokens[x][me]), default=0)
