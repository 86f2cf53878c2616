"""Setup: six Provinces drawn face up, then a die roll for the first Prefect (ties re-roll).

Both are chance nodes; the rules never roll. Income dice start on the null (6).
"""

from __future__ import annotations

from magnates.core.chance import uniform
from magnates.games.magistratvm import phases
from magnates.games.magistratvm.state import MagistratvmState


def draw_outcomes(state: MagistratvmState) -> list[tuple[int, float]]:
    ids = state.game.index.draw
    return uniform([ids[t] for t in state.pile])


def place_drawn_tile(state: MagistratvmState, tile: int) -> None:
    """The drawn tile goes face up to the first empty place waiting for a Province."""
    slot = state.refill_slots.pop(0)
    state.pile.remove(tile)
    state.slots[slot] = tile


def roll_outcomes(state: MagistratvmState) -> list[tuple[int, float]]:
    ids = state.game.index.roll
    return uniform([ids[v] for v in range(1, 7)])


def apply_draw(state: MagistratvmState, tile: int) -> None:
    place_drawn_tile(state, tile)
    if not state.refill_slots:
        state.phase = phases.SETUP_ROLL


def apply_roll(state: MagistratvmState, value: int) -> None:
    """Record one player's roll; when all rolled, the highest is Prefect, ties roll again."""
    state.rolls.append(value)
    if len(state.rolls) < len(state.rollers):
        return
    best = max(state.rolls)
    tied = [seat for seat, roll in zip(state.rollers, state.rolls, strict=True) if roll == best]
    state.rolls = []
    if len(tied) > 1:
        state.rollers = tied
        return
    state.prefect = tied[0]
    state.rollers = []
    from magnates.games.magistratvm import income

    state.turn = 1
    income.begin(state)
