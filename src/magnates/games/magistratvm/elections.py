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
"""

from __future__ import annotations

from magnates.games.magistratvm import phases
from magnates.games.magistratvm.actions import INFLUENTIAL_OFFICES
from magnates.games.magistratvm.components import NUM_SLOTS, TILE_VALUES, clockwise_from
from magnates.games.magistratvm.ledger import PROVINCE_GOLD, book
from magnates.games.magistratvm.offices import DICTATOR, OFFICES
from magnates.games.magistratvm.state import MagistratvmState


def after_prefect(state: MagistratvmState) -> list[int]:
    """Seats clockwise from the Prefect's left, the Prefect last."""
    return [(state.prefect + i) % state.n for i in range(1, state.n + 1)]


def begin(state: MagistratvmState) -> None:
    dictator = next((q for q in range(state.n) if state.active[DICTATOR][q] + state.inactive[DICTATOR][q]), -1)
    if dictator < 0:
        choose_start(state)
        return
    if any(state.tokens[s][dictator] for s in state.occupied_slots()):
        state.phase = phases.DICTATOR
        state.decider = dictator
        return
    _dictator_leaves(state, dictator)
    state.patricians[dictator] += 1
    choose_start(state)


def _dictator_leaves(state: MagistratvmState, seat: int) -> None:
    if state.active[DICTATOR][seat]:
        state.active[DICTATOR][seat] -= 1
    else:
        state.inactive[DICTATOR][seat] -= 1


def dictator_legal(state: MagistratvmState) -> list[int]:
    ids = state.game.index.dictator
    return [ids[s] for s in state.occupied_slots() if state.tokens[s][state.decider]]


def dictator_take(state: MagistratvmState, slot: int) -> None:
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


def dictator_govern(state: MagistratvmState, govern: bool) -> None:
    seat = state.decider
    _dictator_leaves(state, seat)
    if govern:
        state.governed[state.pending_tile] = True
    else:
        state.patricians[seat] += 1
    state.pending_tile = -1
    choose_start(state)


def choose_start(state: MagistratvmState) -> None:
    if not state.occupied_slots():
        from magnates.games.magistratvm import end_of_turn

        end_of_turn.begin(state)
        return
    state.phase = phases.START
    state.decider = state.prefect


def start_legal(state: MagistratvmState) -> list[int]:
    ids = state.game.index.start
    return [ids[s] for s in state.occupied_slots()]


def start_circuit(state: MagistratvmState, slot: int) -> None:
    """The Prefect's gold goes onto the first Province; the circuit runs clockwise from it."""
    state.tile_gold[state.slots[slot]] += state.prefect_gold
    state.prefect_gold = 0
    state.circuit = [s for s in clockwise_from(slot) if state.slots[s] >= 0]
    state.circuit_pos = 0
    state.elected = [0] * NUM_SLOTS
    begin_vote(state)


# -- one Province's vote ---------------------------------------------------------------
def can_support(state: MagistratvmState, seat: int) -> bool:
    return any(state.active[o][seat] for o in INFLUENTIAL_OFFICES)


def begin_vote(state: MagistratvmState) -> None:
    state.support = [0] * state.n
    state.support_done = [0 if can_support(state, q) else 1 for q in range(state.n)]
    _next_supporter(state, after_prefect(state))


def _next_supporter(state: MagistratvmState, order: list[int]) -> None:
    for seat in order:
        if not state.support_done[seat]:
            state.phase = phases.SUPPORT
            state.decider = seat
            return
    resolve(state)


def support_legal(state: MagistratvmState) -> list[int]:
    ix = state.game.index
    p = state.decider
    out = [ix.support_done]
    for o in INFLUENTIAL_OFFICES:
        if state.active[o][p]:
            out.extend(ix.support[(o, b)] for b in range(state.n))
    return out


def add_support(state: MagistratvmState, office: int, beneficiary: int) -> None:
    p = state.decider
    state.active[office][p] -= 1
    state.inactive[office][p] += 1
    state.support[beneficiary] += OFFICES[office].influence
    if not can_support(state, p):
        state.support_done[p] = 1
    _next_supporter(state, [(p + i) % state.n for i in range(1, state.n + 1)])


def support_done(state: MagistratvmState) -> None:
    p = state.decider
    state.support_done[p] = 1
    _next_supporter(state, [(p + i) % state.n for i in range(1, state.n + 1)])


def influence(state: MagistratvmState, slot: int) -> list[int]:
    row = state.tokens[slot]
    return [row[q] + state.support[q] for q in range(state.n)]


def winner(state: MagistratvmState, slot: int) -> int:
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


def resolve(state: MagistratvmState) -> None:
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
    next_redistribution(state)


# -- redistribution ---------------------------------------------------------------------
def targets(state: MagistratvmState) -> list[int]:
    """Contested Provinces that have not voted this phase."""
    return [s for s in state.circuit if state.slots[s] >= 0 and not state.elected[s]]


def next_redistribution(state: MagistratvmState) -> None:
    places = targets(state)
    while state.redistribution:
        seat, count = state.redistribution[0]
        if places and count:
            state.phase = phases.REDISTRIBUTE
            state.decider = seat
            return
        state.estate_tokens[seat] += count
        state.redistribution.pop(0)
    next_vote(state)


def redistribute_legal(state: MagistratvmState) -> list[int]:
    ix = state.game.index
    hand = state.redistribution[0][1]
    out = [ix.return_home]
    for s in targets(state):
        ids = ix.redistribute[s]
        out.extend(ids[1 : hand + 1])
    return out


def redistribute(state: MagistratvmState, slot: int, count: int) -> None:
    entry = state.redistribution[0]
    state.tokens[slot][entry[0]] += count
    entry[1] -= count
    next_redistribution(state)


def return_home(state: MagistratvmState) -> None:
    seat, count = state.redistribution.pop(0)
    state.estate_tokens[seat] += count
    next_redistribution(state)


def next_vote(state: MagistratvmState) -> None:
    state.circuit_pos += 1
    if state.circuit_pos < len(state.circuit):
        begin_vote(state)
        return
    from magnates.games.magistratvm import end_of_turn

    end_of_turn.begin(state)
