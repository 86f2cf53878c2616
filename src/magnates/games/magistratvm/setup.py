"""Setup: six Provinces drawn face up, then a die roll for the first Prefect (ties re-roll).

All are chance nodes; the rules never roll. Each player rolls once; when several tie for the
highest, one more chance node says which of them wins the re-roll, each with the same chance (the
rules' re-roll until one is highest gives exactly that), so setup always ends within players + 7
chance nodes (decision D24 of docs/rules/magistratvm.md). Income dice start on the null (6).
A new position starts at the draw (position.py); setup is over once a Prefect is found.
"""

from __future__ import annotations

from magnates.core.chance import uniform
from magnates.games.magistratvm import phases
from magnates.games.magistratvm.circuit import place_drawn_tile
from magnates.games.magistratvm.phases import DONE, STAY, Then
from magnates.games.magistratvm.position import Position


def draw_outcomes(state: Position) -> list[tuple[int, float]]:
    ids = state.ids.draw
    return uniform([ids[t] for t in state.pile])


def roll_outcomes(state: Position) -> list[tuple[int, float]]:
    ids = state.ids.roll
    return uniform([ids[v] for v in range(1, 7)])


def roll_off_outcomes(state: Position) -> list[tuple[int, float]]:
    ids = state.ids.roll_off
    return uniform([ids[seat] for seat in state.rollers])


def apply_draw(state: Position, tile: int) -> Then:
    place_drawn_tile(state, tile)
    if not state.refill_slots:
        state.phase = phases.SETUP_ROLL
    return STAY


def apply_roll(state: Position, value: int) -> Then:
    """Record one player's roll; when all rolled, the highest is Prefect, or the tied re-roll."""
    state.rolls.append(value)
    if len(state.rolls) < len(state.rollers):
        return STAY
    best = max(state.rolls)
    tied = [seat for seat, roll in zip(state.rollers, state.rolls, strict=True) if roll == best]
    state.rolls = []
    if len(tied) > 1:
        state.rollers = tied
        state.phase = phases.SETUP_TIE
        return STAY
    return _first_prefect(state, tied[0])


def apply_roll_off(state: Position, seat: int) -> Then:
    """The tied players' re-roll is over: `seat` won it and is the first Prefect."""
    return _first_prefect(state, seat)


def _first_prefect(state: Position, seat: int) -> Then:
    state.prefect = seat
    state.rollers = []
    state.turn = 1
    return DONE
