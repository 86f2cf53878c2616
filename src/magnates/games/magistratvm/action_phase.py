"""The action phase: clockwise from the Prefect, one action each, until all pass in succession.

Passing is not final. Every action here is one player's whole turn; a
displacement chain lends the decision to other players and then play goes on
clockwise from the player who promoted.
"""

from __future__ import annotations

from magnates.games.magistratvm import phases, promotion
from magnates.games.magistratvm.actions import MAX_GIFT
from magnates.games.magistratvm.components import NUM_SLOTS, NUM_TILES
from magnates.games.magistratvm.ledger import GIFTS, book
from magnates.games.magistratvm.offices import (
    AEDILE,
    CONSUL,
    ENTRY_OFFICES,
    NUM_OFFICES,
    PRAETOR,
    PROMOTIONS,
    TRIBUNE,
    promotion_cost,
)
from magnates.games.magistratvm.phases import DONE, STAY, Then
from magnates.games.magistratvm.position import Position
from magnates.games.magistratvm.treasury import pay_bank, take

RECALLABLE = (0, 1, 2, 3, 4)  # Quaestor .. Consul; never the Censor or the Dictator
ENTRY_COSTS = tuple((office, promotion_cost(None, office) or 0) for office in ENTRY_OFFICES)


def begin(state: Position) -> Then:
    state.phase = phases.ACTIONS
    state.consecutive_passes = 0
    state.gifted = [0] * state.n
    state.actor = state.decider = state.prefect
    return STAY


def placement_cost(already: int, count: int) -> int:
    """The n-th token a player has at one Province costs n: already+1 .. already+count."""
    return count * already + count * (count + 1) // 2


def minimum_placement(row: list[int], seat: int) -> int:
    """Equal-or-exceed: after placing, the player must have at least the most any one player has."""
    # The row's maximum is either someone else's (then match it) or the player's own (then 1 will do).
    return max(1, max(row) - row[seat])


def legal(state: Position) -> list[int]:
    ix = state.ids
    p = state.decider
    n = state.n
    gold = state.available_gold(p)
    occupied = state.occupied_slots()
    out = [ix.pass_]
    have = state.estate_tokens[p]
    # 1. Place influence tokens.
    if have:
        for s in occupied:
            row = state.tokens[s]
            mine = row[p]
            k = minimum_placement(row, p)
            cost = placement_cost(mine, k)
            ids = ix.place[s]
            while k <= have and cost <= gold:
                out.append(ids[k])
                k += 1
                cost += mine + k
    # 2. Promote a Patrician (a vacant seat is required: no displacement).
    if state.patricians[p]:
        for office, cost in ENTRY_COSTS:
            if cost <= gold and promotion.has_vacancy(state, office):
                out.append(ix.promote_patrician[office])
    # 3. Promote an active Magistrate.
    active = state.active
    for start, target, cost in PROMOTIONS:
        if active[start][p] and cost <= gold and promotion.can_enter(state, target, p):
            out.append(ix.promote[(start, target)])
    # 4. Special actions of active Magistrates.
    if active[TRIBUNE][p] and have:
        out.extend(ix.tribune[s] for s in occupied)
    if active[AEDILE][p] and len(occupied) > 1:
        full = len(occupied) == NUM_SLOTS  # always so in the action phase; the table is built for it
        for s in occupied:
            for o in range(n):
                if state.tokens[s][o]:
                    if full:
                        out.extend(ix.aedile_from[o][s])
                    else:
                        out.extend(ix.aedile[(o, s, t)] for t in occupied if t != s)
    if active[PRAETOR][p]:
        for s in occupied:
            row = state.tokens[s]
            for group in ix.praetor_groups:
                if _can_return(row, group):
                    out.append(ix.praetor[(s, group)])
    if active[CONSUL][p]:
        for office in RECALLABLE:
            for q in range(n):
                act = active[office][q] - (1 if office == CONSUL and q == p else 0)
                if act > 0:
                    out.append(ix.recall[(office, q, True)])
                if state.inactive[office][q]:
                    out.append(ix.recall[(office, q, False)])
        out.extend(ix.recall_governor[t] for t in range(NUM_TILES) if state.governed[t])
    # 5. Appoint a Governor; 6. bring a Governor home.
    for t in range(NUM_TILES):
        if state.tile_owner[t] != p:
            continue
        if state.governed[t]:
            out.append(ix.governor_home[t])
        else:
            out.extend(ix.appoint[(o, t)] for o in range(NUM_OFFICES) if active[o][p])
    # Bribery: one gift of gold per player per action phase.
    if not state.gifted[p] and gold:
        top = min(gold, MAX_GIFT)
        for q in range(n):
            if q != p:
                out.extend(ix.give_by_seat[q][:top])
    return out


def displace_legal(state: Position) -> list[int]:
    """The chooser names the Magistrate pushed down (rivals first: see `promotion.victims`)."""
    ids = state.ids.displace
    return [ids[(q, act)] for q, act in promotion.victims(state)]


def displace_into_legal(state: Position) -> list[int]:
    """A displaced Aedile's owner chooses the Quaestor or the Tribune row."""
    ids = state.ids.displace_into
    return [ids[o] for o in sorted(ids)]


def _can_return(row: list[int], group: tuple[int, ...]) -> bool:
    if len(group) == 2 and group[0] == group[1]:
        return row[group[0]] >= 2
    return all(row[o] for o in group)


# -- applying -------------------------------------------------------------------------
def end_turn(state: Position) -> Then:
    """A non-pass action was taken: play passes clockwise from the acting player."""
    state.phase = phases.ACTIONS
    state.consecutive_passes = 0
    state.actor = state.decider = (state.actor + 1) % state.n
    return STAY


def apply_pass(state: Position) -> Then:
    """Passing is not final; once every player has passed in succession the phase is over."""
    state.consecutive_passes += 1
    if state.consecutive_passes >= state.n:
        return DONE
    state.actor = state.decider = (state.actor + 1) % state.n
    return STAY


def place_tokens(state: Position, slot: int, count: int) -> Then:
    p = state.decider
    pay_bank(state, p, placement_cost(state.tokens[slot][p], count))
    state.tokens[slot][p] += count
    state.estate_tokens[p] -= count
    return end_turn(state)


def promote_patrician(state: Position, office: int) -> Then:
    promotion.promote_patrician(state, state.decider, office)
    return end_turn(state)


def promote(state: Position, start: int, target: int) -> Then:
    if promotion.promote(state, state.decider, start, target):
        return STAY  # a displacement choice follows
    return end_turn(state)


def displace(state: Position, owner: int, active: bool) -> Then:
    if promotion.displace(state, owner, active):
        return STAY  # a displacement choice follows
    return end_turn(state)


def displace_into(state: Position, office: int) -> Then:
    if promotion.displace_into(state, office):
        return STAY  # a displacement choice follows
    return end_turn(state)


def _use(state: Position, office: int) -> None:
    """A special action turns the Magistrate that took it inactive."""
    p = state.decider
    state.active[office][p] -= 1
    state.inactive[office][p] += 1


def tribune(state: Position, slot: int) -> Then:
    p = state.decider
    _use(state, TRIBUNE)
    state.estate_tokens[p] -= 1
    state.tokens[slot][p] += 1
    return end_turn(state)


def aedile(state: Position, owner: int, source: int, target: int) -> Then:
    _use(state, AEDILE)
    state.tokens[source][owner] -= 1
    state.tokens[target][owner] += 1
    return end_turn(state)


def praetor(state: Position, slot: int, owners: tuple[int, ...]) -> Then:
    _use(state, PRAETOR)
    for o in owners:
        state.tokens[slot][o] -= 1
        state.estate_tokens[o] += 1
    return end_turn(state)


def consul_recall(state: Position, office: int, owner: int, active: bool) -> Then:
    _use(state, CONSUL)
    (state.active if active else state.inactive)[office][owner] -= 1
    state.patricians[owner] += 1
    return end_turn(state)


def consul_recall_governor(state: Position, tile: int) -> Then:
    _use(state, CONSUL)
    state.governed[tile] = False
    state.patricians[state.tile_owner[tile]] += 1
    return end_turn(state)


def appoint_governor(state: Position, office: int, tile: int) -> Then:
    state.active[office][state.decider] -= 1
    state.governed[tile] = True
    return end_turn(state)


def governor_home(state: Position, tile: int) -> Then:
    state.governed[tile] = False
    state.patricians[state.decider] += 1
    return end_turn(state)


def give_gold(state: Position, to: int, amount: int) -> Then:
    p = state.decider
    take(state, p, amount)
    state.gold[to] += amount
    book(state, to, GIFTS, amount)
    state.gifted[p] = 1
    return end_turn(state)
