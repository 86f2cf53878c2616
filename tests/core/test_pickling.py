"""Games, their states and results copy and pickle, in the pure-Python package and in the compiled
build (scripts/build_compiled.sh; tests/test_compiled_build.py runs this file on it): the process
pools of `simulate` and `arena`, the environments' vector wrappers and deepcopy-based tools rely on it."""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest

import magnates
from magnates.core.game import Result, State

CASES = [
    ("magnate", {}),
    ("magnate", {"players": 1}),
    ("magnate", {"players": 3}),
    ("galactic-magnate", {"players": 3}),
    ("magistrate", {"players": 3}),
    ("magistratvm", {"players": 4}),
]


def played(name: str, options: dict[str, Any], steps: int) -> State:
    state = magnates.load(name, **options).new_initial_state()
    rng = random.Random(7)
    for _ in range(steps):
        if state.is_terminal():
            break
        outcomes = state.chance_outcomes() or [(a, 1.0) for a in state.legal_actions()]
        state.apply_action(rng.choice(outcomes)[0])
    return state


def same_future(a: State, b: State, steps: int = 200) -> None:
    """The two states play on alike: same player, same legal moves, same JSON after each action."""
    rng = random.Random(11)
    for _ in range(steps):
        assert a.current_player() == b.current_player()
        if a.is_terminal():
            assert a.result() == b.result()
            return
        outcomes = a.chance_outcomes() or [(x, 1.0) for x in a.legal_actions()]
        assert outcomes == (b.chance_outcomes() or [(x, 1.0) for x in b.legal_actions()])
        action = rng.choice(outcomes)[0]
        a.apply_action(action)
        b.apply_action(action)
    assert a.to_json() == b.to_json()


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}{o}" for n, o in CASES])
def test_a_state_pickles_and_copies_into_an_equal_independent_state(name: str, options: dict[str, Any]) -> None:
    state = played(name, options, 150)
    for twin in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state), state.clone()):
        assert type(twin) is type(state)
        assert twin.to_json() == state.to_json() and twin.history == state.history
        same_future(twin, state.clone())
    before = state.to_json()
    same_future(pickle.loads(pickle.dumps(state)), played(name, options, 150))
    assert state.to_json() == before  # playing on the copy left the original alone


@pytest.mark.parametrize(("name", "options"), CASES, ids=[f"{n}{o}" for n, o in CASES])
def test_a_game_pickles_with_its_options(name: str, options: dict[str, Any]) -> None:
    game = magnates.load(name, **options)
    twin = pickle.loads(pickle.dumps(game))
    assert twin.name == game.name and twin.options == game.options
    same_future(twin.new_initial_state(), game.new_initial_state())


def test_a_result_pickles_and_copies() -> None:
    result = Result([2, 1], [3.0, 5.0], "districts", {"margin": [0, 2]})
    assert pickle.loads(pickle.dumps(result)) == result
    assert copy.deepcopy(result) == result and copy.copy(result) == result
    with pytest.raises(AttributeError):
        result.reason = "draw"  # type: ignore[misc]
