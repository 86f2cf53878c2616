"""Magnate's phase table (flow.py) is what the steps do: every change of phase a random game makes
is a row of `FOLLOWS`, every row is made by some game, and `DECIDES` names who acts."""

from __future__ import annotations

import random

import pytest

import magnates
from magnates.core import CHANCE, TERMINAL, sample
from magnates.games.magnate import flow
from magnates.games.magnate.state import MagnateState

VARIANTS: list[dict[str, object]] = [
    {"players": 2},
    {"players": 2, "taxation": "double", "districts": 4},
    {"players": 3, "mega": True},
    {"players": 1},
    {"players": 1, "automa": "hard"},
]
GAMES = 12


def play(options: dict[str, object], seed: int) -> set[tuple[int, int]]:
    """One seeded random game; the phase changes it made, each checked against `DECIDES` on the way."""
    state = magnates.load("magnate", **options).new_initial_state()
    assert isinstance(state, MagnateState)
    rng = random.Random(seed)
    moves: set[tuple[int, int]] = set()
    while True:
        phase, player = state.phase, state.current_player()
        decides = flow.DECIDES[phase]
        if decides == flow.TURN_PLAYER:
            assert player == state.turn_player
        elif decides == flow.DEED_OWNER:
            assert player == state.pending_income[0][0]
        else:
            assert player == decides
        if player == TERMINAL:
            return moves
        action = sample(state.chance_outcomes(), rng) if player == CHANCE else rng.choice(state.legal_actions())
        state.apply_action(action)
        if state.phase != phase:
            moves.add((phase, state.phase))


@pytest.fixture(scope="module")
def moves() -> set[tuple[int, int]]:
    return {move for options in VARIANTS for seed in range(GAMES) for move in play(options, seed)}


def name(move: tuple[int, int]) -> str:
    return f"{flow.PHASE_NAMES[move[0]]} -> {flow.PHASE_NAMES[move[1]]}"


def test_every_change_of_phase_is_in_the_table(moves: set[tuple[int, int]]) -> None:
    outside = sorted(name(m) for m in moves if m[1] not in flow.FOLLOWS[m[0]])
    assert not outside, f"phase changes missing from flow.FOLLOWS: {outside}"


def test_every_row_of_the_table_happens(moves: set[tuple[int, int]]) -> None:
    table = {(a, b) for a, following in flow.FOLLOWS.items() for b in following}
    unseen = sorted(name(m) for m in table - moves)
    assert not unseen, f"flow.FOLLOWS allows changes no game made: {unseen}"


def test_the_table_covers_every_phase_once() -> None:
    phases = range(len(flow.PHASE_NAMES))
    assert sorted(flow.FOLLOWS) == list(phases) and len(flow.DECIDES) == len(flow.PHASE_NAMES)
    assert flow.FOLLOWS[flow.OVER] == frozenset() and flow.DECIDES[flow.OVER] == TERMINAL
