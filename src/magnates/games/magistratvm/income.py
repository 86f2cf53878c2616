"""Income phase: 1 gold per token in the Provinces, then each player's choices.

The choices, made in one action per player (Prefect first, clockwise): how many
active Quaestors to use (3 gold each; a used Quaestor turns inactive), and
whether to use the income die (gold equal to its face, then it turns down one;
an ace stays an ace). Gold on governed Provinces needs no action: it is simply
available.
"""

from __future__ import annotations

from magnates.games.magistratvm import phases
from magnates.games.magistratvm.components import TOKENS_PER_PLAYER
from magnates.games.magistratvm.ledger import DIE, QUAESTORS, TOKENS, book
from magnates.games.magistratvm.offices import QUAESTOR
from magnates.games.magistratvm.phases import DONE, STAY, Then
from magnates.games.magistratvm.position import Position
from magnates.games.magistratvm.treasury import earn

QUAESTOR_GOLD = 3


def begin(state: Position) -> Then:
    """1 gold per own token in the Provinces; then the Prefect chooses first."""
    state.phase = phases.INCOME
    for seat in range(state.n):
        out = TOKENS_PER_PLAYER - state.estate_tokens[seat]
        earn(state, seat, out)
        book(state, seat, TOKENS, out)
    state.income_done = 0
    state.decider = state.prefect
    return STAY


def legal(state: Position) -> list[int]:
    ids = state.ids.income
    quaestors = state.active[QUAESTOR][state.decider]
    return [ids[(q, die)] for q in range(quaestors + 1) for die in (False, True)]


def apply(state: Position, quaestors: int, die: bool) -> Then:
    seat = state.decider
    if quaestors:
        state.active[QUAESTOR][seat] -= quaestors
        state.inactive[QUAESTOR][seat] += quaestors
        earn(state, seat, QUAESTOR_GOLD * quaestors)
        book(state, seat, QUAESTORS, QUAESTOR_GOLD * quaestors)
    if die:
        earn(state, seat, state.dice[seat])
        book(state, seat, DIE, state.dice[seat])
        state.dice[seat] = max(1, state.dice[seat] - 1)
    state.income_done += 1
    if state.income_done < state.n:
        state.decider = (state.prefect + state.income_done) % state.n
        return STAY
    return DONE
