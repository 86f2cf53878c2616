"""End of turn: new Provinces, Magistrates made active, gold surrendered.

When the face-down tiles cannot replace every decided Province, the tiles left
are placed in the first empty places and the turn ends in the final electoral
circuit instead (`state.final`; plurality wins, a tie discards; see flow.py):
no Magistrate is made active and no gold surrendered, since no turn follows.
`turn_limit` (an option, 0 = none) forces that final circuit after that many
turns, so that every game ends even if nobody ever wins a Province.
"""

from __future__ import annotations

from magnates.games.magistratvm import phases
from magnates.games.magistratvm.circuit import place_drawn_tile
from magnates.games.magistratvm.components import NUM_SLOTS
from magnates.games.magistratvm.phases import DONE, STAY, Then
from magnates.games.magistratvm.position import Position
from magnates.games.magistratvm.treasury import surrender_unused_gold


def begin(state: Position) -> Then:
    """1. New Provinces: the Prefect replaces each decided one with a face-down tile, if enough are left."""
    vacated = [s for s in range(NUM_SLOTS) if state.slots[s] < 0]
    out_of_time = state.turn_limit > 0 and state.turn >= state.turn_limit
    if len(vacated) > len(state.pile) or out_of_time:
        state.final = 1
        vacated = vacated[: len(state.pile)]
    state.refill_slots = vacated
    if vacated:
        state.phase = phases.REFILL
        state.decider = -1
        return STAY
    return _after_refill(state)


def refill(state: Position, tile: int) -> Then:
    place_drawn_tile(state, tile)
    if not state.refill_slots:
        return _after_refill(state)
    return STAY


def _after_refill(state: Position) -> Then:
    """2. Activate Magistrates; 3. surrender unused gold (not before the final circuit: no turn follows)."""
    if not state.final:
        activate_magistrates(state)
        surrender_unused_gold(state)
        state.turn += 1
    return DONE


def activate_magistrates(state: Position) -> None:
    for office in range(len(state.active)):
        for q in range(state.n):
            state.active[office][q] += state.inactive[office][q]
            state.inactive[office][q] = 0
