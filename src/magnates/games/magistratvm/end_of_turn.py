"""End of turn: new Provinces (or the final circuit), Magistrates made active, gold surrendered.

When the face-down tiles cannot replace every decided Province, the tiles left
are placed in the first empty places and the final electoral circuit is held at
once (plurality wins, a tie discards); then the game ends. `turn_limit` (an
option, 0 = none) forces that final circuit after that many turns, so that every
game ends even if nobody ever wins a Province.
"""

from __future__ import annotations

from magnates.games.magistratvm import phases
from magnates.games.magistratvm.components import NUM_SLOTS
from magnates.games.magistratvm.setup import place_drawn_tile
from magnates.games.magistratvm.state import MagistratvmState
from magnates.games.magistratvm.treasury import surrender_unused_gold


def begin(state: MagistratvmState) -> None:
    if state.final:
        state.phase = phases.GAME_OVER
        state.decider = -1
        return
    vacated = [s for s in range(NUM_SLOTS) if state.slots[s] < 0]
    out_of_time = state.turn_limit > 0 and state.turn >= state.turn_limit
    if len(vacated) > len(state.pile) or out_of_time:
        state.final = 1
        vacated = vacated[: len(state.pile)]
    state.refill_slots = vacated
    if vacated:
        state.phase = phases.REFILL
        state.decider = -1
        return
    _after_refill(state)


def refill(state: MagistratvmState, tile: int) -> None:
    place_drawn_tile(state, tile)
    if not state.refill_slots:
        _after_refill(state)


def _after_refill(state: MagistratvmState) -> None:
    if state.final:
        from magnates.games.magistratvm import elections

        elections.choose_start(state)
        return
    activate_magistrates(state)
    surrender_unused_gold(state)
    state.turn += 1
    from magnates.games.magistratvm import income

    income.begin(state)


def activate_magistrates(state: MagistratvmState) -> None:
    for office in range(len(state.active)):
        for q in range(state.n):
            state.active[office][q] += state.inactive[office][q]
            state.inactive[office][q] = 0
