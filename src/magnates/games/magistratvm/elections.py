"""The election phase: the Dictator's election, the Prefect's start, then the circuit.

Each Province votes once, clockwise from the Prefect's choice. Before it is
counted, players may add the influence of active Magistrates (turning them
inactive), for themselves or, as a deal, for a rival: clockwise from the
Prefect's left, one Magistrate at a time, until everyone is done.

A player wins with an absolute majority of the influence AND at least the
Province's value in tokens (final circuit: simply the most influence; a tie
discards the Province). Without a winner the least-influence player(s) lose
their tokens there, unless every participant is tied. Tokens a player loses are
redistributed by that player to Provinces that have not yet voted this phase or
sent home, clockwise from the Prefect's left, the Prefect last.

The final circuit (flow.py) is this phase again from the Prefect's start
(`choose_start`), with `state.final` set. Either is over (DONE) once the last
Province has voted, or at once when no contested Province is left.
"""

from __future__ import annotations

from magnates.games.magistratvm import phases
from magnates.games.magistratvm.actions import INFLUENTIAL_OFFICES
from magnates.games.magistratvm.components import NUM_SLOTS, TILE_VALUES, clockwise_from
from magnates.games.magistratvm.ledger import PROVINCE_GOLD, book
from magnates.games.magistratvm.offices import DICTATOR, OFFICES
from magnates.games.magistratvm.phases import DONE, STAY, Then
from magnates.games.magistratvm.position import Position


def after_prefect(state: Position) -> list[int]:
    """Seats clockwise from the Prefect's left, the Prefect last."""
    return [(state.prefect + i) % state.n for i in range(1, state.n + 1)]


def begin(state: Position) -> Then:
    """The Dictatorial election if there is a Dictator, then the Prefect's choice of start."""
    dictator = next((q for q in range(state.n) if state.active[DICTATOR][q] + state.inactive[DICTATOR][q]), -1)
    if dictator < 0:
        return choose_start(state)
    if any(state.tokens[s][dictator] for s in state.occupied_slots()):
        state.phase = phases.DICTATOR
        state.decider = dictator
        return STAY
    _dictator_leaves(state, dictator)
    state.patricians[dictator] += 1
    return choose_start(state)


def _dictator_leaves(state: Position, seat: int) -> None:
    if state.active[DICTATOR][seat]:
        state.active[DICTATOR][seat] -= 1
    else:
        state.inactive[DICTATOR][seat] -= 1


def dictator_legal(state: Position) -> list[int]:
    ids = state.ids.dictator
    return [ids[s] for s in state.occupied_slots() if state.tokens[s][state.decider]]


def dictator_take(state: Position, slot: int) -> Then:
    """The Dictator wins a Province outright; every token there goes home."""
    tile = state.slots[slot]
    for q in range(state.n):
        state.estate_tokens[q] += state.tokens[slot][q]
        state.tokens[slot][q] = 0
    state.tile_owner[tile] = state.decider
    book(state, state.decider, PROVINCE_GOLD, state.tile_gold[tile])
    state.slots[slot] = -1
    state.pending_tile = tile
    state.phase = phases.DICTATOR_GOVERN
    return STAY


def dictator_govern_legal(state: Position) -> list[int]:
    ids = state.ids.dictator_govern
    return [ids[True], ids[False]]


def dictator_govern(state: Position, govern: bool) -> Then:
    seat = state.decider
    _dictator_leaves(state, seat)
    if govern:
        state.governed[state.pending_tile] = True
    else:
        state.patricians[seat] += 1
    state.pending_tile = -1
    return choose_start(state)


def choose_start(state: Position) -> Then:
    """The Prefect chooses where the circuit starts; with no contested Province left there is no circuit."""
    if not state.occupied_slots():
        return DONE
    state.phase = phases.START
    state.decider = state.prefect
    return STAY


def start_legal(state: Position) -> list[int]:
    ids = state.ids.start
    return [ids[s] for s in state.occupied_slots()]


def start_circuit(state: Position, slot: int) -> Then:
    """The Prefect's gold goes onto the first Province; the circuit runs clockwise from it."""
    state.tile_gold[state.slots[slot]] += state.prefect_gold
    state.prefect_gold = 0
    state.circuit = [s for s in clockwise_from(slot) if state.slots[s] >= 0]
    state.circuit_pos = 0
    state.elected = [0] * NUM_SLOTS
    return begin_vote(state)


# -- one Province's vote ---------------------------------------------------------------
def can_support(state: Position, seat: int) -> bool:
    return any(state.active[o][seat] for o in INFLUENTIAL_OFFICES)


def begin_vote(state: Position) -> Then:
    state.support = [0] * state.n
    state.support_done = [0 if can_support(state, q) else 1 for q in range(state.n)]
    return _next_supporter(state, after_prefect(state))


def _next_supporter(state: Position, order: list[int]) -> Then:
    for seat in order:
        if not state.support_done[seat]:
            state.phase = phases.SUPPORT
            state.decider = seat
            return STAY
    return resolve(state)


def support_legal(state: Position) -> list[int]:
    ix = state.ids
    p = state.decider
    out = [ix.support_done]
    for o in INFLUENTIAL_OFFICES:
        if state.active[o][p]:
            out.extend(ix.support[(o, b)] for b in range(state.n))
    return out


def add_support(state: Position, office: int, beneficiary: int) -> Then:
    p = state.decider
    state.active[office][p] -= 1
    state.inactive[office][p] += 1
    state.support[beneficiary] += OFFICES[office].influence
    if not can_support(state, p):
        state.support_done[p] = 1
    return _next_supporter(state, [(p + i) % state.n for i in range(1, state.n + 1)])


def support_done(state: Position) -> Then:
    p = state.decider
    state.support_done[p] = 1
    return _next_supporter(state, [(p + i) % state.n for i in range(1, state.n + 1)])


def influence(state: Position, slot: int) -> list[int]:
    row = state.tokens[slot]
    return [row[q] + state.support[q] for q in range(state.n)]


def winner(state: Position, slot: int) -> int:
    """The seat that wins this Province now, or -1."""
    votes = influence(state, slot)
    best = max(votes)
    if best <= 0:
        return -1
    top = votes.index(best)
    if state.final:
        return top if votes.count(best) == 1 else -1
    if 2 * best > sum(votes) and state.tokens[slot][top] >= TILE_VALUES[state.slots[slot]]:
        return top
    return -1


def losers_without_majority(votes: list[int]) -> list[int]:
    """The least-influence participants, unless every participant is tied."""
    taking_part = [q for q, v in enumerate(votes) if v > 0]
    if not taking_part:
        return []
    least = min(votes[q] for q in taking_part)
    tied = [q for q in taking_part if votes[q] == least]
    return [] if len(tied) == len(taking_part) else tied


def resolve(state: Position) -> Then:
    slot = state.circuit[state.circuit_pos]
    tile = state.slots[slot]
    row = state.tokens[slot]
    state.elected[slot] = 1
    won_by = winner(state, slot)
    if won_by >= 0:
        state.tile_owner[tile] = won_by
        book(state, won_by, PROVINCE_GOLD, state.tile_gold[tile])
        state.estate_tokens[won_by] += row[won_by]
        row[won_by] = 0
        removed = [q for q in range(state.n) if row[q]]
        state.slots[slot] = -1
    elif state.final:
        state.discarded[tile] = True
        state.bank += state.tile_gold[tile]
        state.tile_gold[tile] = 0
        removed = [q for q in range(state.n) if row[q]]
        state.slots[slot] = -1
    else:
        removed = [q for q in losers_without_majority(influence(state, slot)) if row[q]]
    state.support = [0] * state.n
    queue = []
    for q in after_prefect(state):
        if q in removed:
            queue.append([q, row[q]])
            row[q] = 0
    state.redistribution = queue
    return next_redistribution(state)


# -- redistribution ---------------------------------------------------------------------
def targets(state: Position) -> list[int]:
    """Contested Provinces that have not voted this phase."""
    return [s for s in state.circuit if state.slots[s] >= 0 and not state.elected[s]]


def next_redistribution(state: Position) -> Then:
    places = targets(state)
    while state.redistribution:
        seat, count = state.redistribution[0]
        if places and count:
            state.phase = phases.REDISTRIBUTE
            state.decider = seat
            return STAY
        state.estate_tokens[seat] += count
        state.redistribution.pop(0)
    return next_vote(state)


def redistribute_legal(state: Position) -> list[int]:
    ix = state.ids
    hand = state.redistribution[0][1]
    out = [ix.return_home]
    for s in targets(state):
        ids = ix.redistribute[s]
        out.extend(ids[1 : hand + 1])
    return out


def redistribute(state: Position, slot: int, count: int) -> Then:
    entry = state.redistribution[0]
    state.tokens[slot][entry[0]] += count
    entry[1] -= count
    return next_redistribution(state)


def return_home(state: Position) -> Then:
    seat, count = state.redistribution.pop(0)
    state.estate_tokens[seat] += count
    return next_redistribution(state)


def next_vote(state: Position) -> Then:
    """The next Province in the circuit votes; after the last one the election phase is over."""
    state.circuit_pos += 1
    if state.circuit_pos < len(state.circuit):
        return begin_vote(state)
    return DONE
