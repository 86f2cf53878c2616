"""An encoder's fast path (`fill_state`, read from the state) equals its reference (`fill` on the view).

The view is the wall around hidden information, so the view path is the reference: for random
states of every option set, every seat and a spectator, the fast path must give the same vector,
number for number. Together with test_hidden_parts (the view path ignores hidden parts), this
proves the fast path sees nothing the seat may not know; the last test checks that directly too.
"""

from __future__ import annotations

import random

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from magnates.core.chance import sample
from magnates.core.game import Game, State
from magnates.envs.concessions import concession_ids, without_concessions
from magnates.envs.driver import Driver

from .env_cases import loaded

FAST_CASES = [("magnate", {"players": 2}), ("magnate", {"players": 3}), ("magnate", {"players": 1})]
"""Option sets of the games whose encoder has a fast path."""


def _random_state(game: Game, seed: int, steps: int) -> State:
    rng = random.Random(seed)
    masked = concession_ids(game)
    state = game.new_initial_state()
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
        else:
            legal = without_concessions(state.legal_actions(), masked)
            state.apply_action(legal[rng.randrange(len(legal))])
    return state


def _both(game: Game, state: State, seat: int | None) -> tuple[np.ndarray, np.ndarray]:
    encoder = game.observation_encoder()
    reference = np.array(encoder.encode(state.view(seat)), dtype=np.float32)
    fast = np.zeros(encoder.size, dtype=np.float32)
    encoder.fill_state(state, seat, fast)  # type: ignore[attr-defined]
    return reference, fast


@pytest.mark.parametrize(("game", "options"), FAST_CASES)
@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 700))
def test_fast_path_equals_view_path(game: str, options: dict[str, int], seed: int, steps: int) -> None:
    engine = loaded(game, **options)
    state = _random_state(engine, seed, steps)
    for seat in [*range(engine.num_players), None]:
        reference, fast = _both(engine, state, seat)
        assert np.array_equal(reference, fast), f"seat {seat}: {np.flatnonzero(reference != fast)}"


@pytest.mark.parametrize(("game", "options"), FAST_CASES)
def test_driver_uses_the_fast_path_and_agrees(game: str, options: dict[str, int]) -> None:
    engine = loaded(game, **options)
    driver = Driver(engine)
    assert driver._fill_state is not None
    driver.reset(5)
    rng = random.Random(5)
    while not driver.is_over():
        for seat in range(engine.num_players):
            reference = np.array(engine.observation_encoder().encode(driver.state.view(seat)), dtype=np.float32)
            assert np.array_equal(driver.observation(seat), reference)
        driver.play(rng.choice(driver.legal()))


@pytest.mark.parametrize(("game", "options"), FAST_CASES)
def test_fast_path_ignores_hidden_parts(game: str, options: dict[str, int]) -> None:
    engine = loaded(game, **options)
    rng = random.Random(11)
    differed = 0
    for seed in range(8):
        state = _random_state(engine, seed, 40 + 60 * seed)
        for seat in range(engine.num_players):
            _, mine = _both(engine, state, seat)
            other = engine.sample_state(state.view(seat), rng)  # hidden parts re-dealt
            differed += other.to_json() != state.to_json()
            _, theirs = _both(engine, other, seat)
            assert np.array_equal(mine, theirs), f"seat {seat} sees a hidden part"
    assert differed > 0, "no sampled world differed: the test would prove nothing"
