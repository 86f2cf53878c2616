"""An encoder's fast path (read from the state) equals its reference (the view path).

The view is the wall around hidden information, so the view path is the reference: for random
states of every game and player count, every seat and a spectator, the fast path must give the same
vector, number for number. Together with test_hidden_parts (the view path ignores hidden parts),
this proves the fast path sees nothing the seat may not know; `test_fast_path_ignores_hidden_parts`
checks that directly too, on worlds whose hidden parts are re-dealt. The last tests feed both checks
a deliberately leaky fast path and show that they catch it.

The fast path is the RL layer's (`magnates.bots.observation.Observer`): one observer per game is
kept across every call of a test, so a tracked encoder (`magnates.core.incremental`) brings its
vectors up to date from states visited in any order, by every chair and a spectator.
"""

from __future__ import annotations

import copy
import random
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from magnates.bots.observation import Observer
from magnates.core.chance import sample
from magnates.core.game import Game, State
from magnates.envs.concessions import concession_ids, without_concessions
from magnates.envs.driver import Driver

from .env_cases import CASES, loaded

HIDDEN_GAMES = ("magnate", "magistrate")
"""Games with hidden parts (hands, draw piles): re-dealt worlds must differ for the check to bite."""

FillState = Callable[[State, "int | None", Any], None]


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


def _reference(game: Game, state: State, seat: int | None) -> np.ndarray:
    return np.array(game.observation_encoder().encode(state.view(seat)), dtype=np.float32)


_OBSERVERS: dict[int, Observer] = {}


def _observer(game: Game) -> Observer:
    """The one observer of this game's encoder, kept across calls (its tracker remembers)."""
    encoder = game.observation_encoder()
    return _OBSERVERS.setdefault(id(encoder), Observer(encoder))


def _fast(game: Game, state: State, seat: int | None, fill_state: FillState | None = None) -> np.ndarray:
    if fill_state is None:
        return _observer(game)(state, seat)
    out = np.zeros(game.observation_encoder().size, dtype=np.float32)
    fill_state(state, seat, out)
    return out


def _unequal(game: Game, state: State, fill_state: FillState | None = None) -> str | None:
    """Where the fast path differs from the view path on `state`, for some seat or a spectator."""
    for seat in [*range(game.num_players), None]:
        reference, fast = _reference(game, state, seat), _fast(game, state, seat, fill_state)
        if not np.array_equal(reference, fast):
            return f"seat {seat}: positions {np.flatnonzero(reference != fast).tolist()}"
    return None


def _sees_hidden(game: Game, fill_state: FillState | None = None, seeds: int = 8) -> tuple[str | None, int]:
    """Whether a seat's fast encoding changes when only hidden parts change (its view is kept and
    everything else re-dealt by `sample_state`), and how many re-dealt worlds really differed."""
    rng = random.Random(11)
    differed = 0
    for seed in range(seeds):
        state = _random_state(game, seed, 40 + 60 * seed)
        if state.is_terminal():
            continue
        for seat in range(game.num_players):
            mine = _fast(game, state, seat, fill_state)
            other = game.sample_state(state.view(seat), rng)  # hidden parts re-dealt
            differed += other.to_json() != state.to_json()
            if not np.array_equal(mine, _fast(game, other, seat, fill_state)):
                return f"seat {seat} sees a hidden part (seed {seed})", differed
    return None, differed


@pytest.mark.parametrize(("game", "players"), CASES)
@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), steps=st.integers(0, 700))
def test_fast_path_equals_view_path(game: str, players: int, seed: int, steps: int) -> None:
    engine = loaded(game, players=players)
    problem = _unequal(engine, _random_state(engine, seed, steps))
    assert problem is None, problem


@pytest.mark.parametrize(("game", "players"), CASES)
def test_driver_uses_the_fast_path_and_agrees(game: str, players: int) -> None:
    """Every decision of two seeded whole games, every seat: thousands of states per game."""
    engine = loaded(game, players=players)
    driver = Driver(engine)
    observe = driver._observe
    assert observe._tracker is not None or observe._fill_state is not None
    rng = random.Random(5)
    checked = 0
    for seed in (5, 6):
        driver.reset(seed)
        while not driver.is_over():
            for seat in [*range(engine.num_players), None]:
                assert np.array_equal(driver.observation(seat), _reference(engine, driver.state, seat)), (
                    f"seat {seat} after {len(driver.state.history)} actions"
                )
                checked += 1
            driver.play(rng.choice(driver.legal()))
    assert checked > 100


@pytest.mark.parametrize("players", [1, 2, 3])
def test_magnate_district_memo_never_serves_a_stale_block(players: int) -> None:
    """Magnate's fast path remembers district blocks across calls: states visited out of order, by
    every chair, still encode as the view path does."""
    engine = loaded("magnate", players=players)
    states = [_random_state(engine, seed, steps) for seed in range(6) for steps in (30, 120, 240, 400)]
    random.Random(players).shuffle(states)
    for state in states + states[::-1]:
        problem = _unequal(engine, state)
        assert problem is None, problem


def test_an_observer_interrupted_mid_update_by_another_of_the_same_encoder_stays_right() -> None:
    """The server's bots and reviews think in threads, each with its own observer of the game's one
    encoder, and a thread may be switched out in the middle of an update. Here one observer is
    stopped inside Magnate's districts' part, in the middle of a lane (where a lane's value is
    looked up), while another observer of the same encoder brings itself up to date from another
    game: both must still give the view path's vectors, then and afterwards."""
    engine = loaded("magnate", players=2)
    encoder: Any = engine.observation_encoder()
    first, second = Observer(encoder), Observer(encoder)
    runs = [[_random_state(engine, seed, steps) for steps in range(0, 400, 9)] for seed in (1, 2)]
    lane_value = encoder._lane_value
    cut_in: list[State] = []  # the other observer's next state, taken by the first lane written
    seen: list[str] = []

    def interrupted(developed: list[int]) -> int:
        if cut_in:  # `second` runs in the middle of `first`'s lane (and not again inside itself)
            state = cut_in.pop()
            if not np.array_equal(second(state, 0), _reference(engine, state, 0)):
                seen.append(f"the other observer, after {len(state.history)} actions")
        return int(lane_value(developed))

    encoder._lane_value = interrupted
    try:
        for state, other in zip(runs[0], runs[1], strict=True):
            cut_in[:] = [other]
            if not np.array_equal(first(state, 0), _reference(engine, state, 0)):
                seen.append(f"the interrupted observer, after {len(state.history)} actions")
    finally:
        del encoder._lane_value
    assert not seen, seen


@pytest.mark.parametrize(("game", "players"), CASES)
def test_fast_path_ignores_hidden_parts(game: str, players: int) -> None:
    engine = loaded(game, players=players)
    problem, differed = _sees_hidden(engine)
    assert problem is None, problem
    if game in HIDDEN_GAMES:
        assert differed > 0, "no sampled world differed: the test would prove nothing"


def _magnate_leak(engine: Game) -> FillState:
    """Magnate's fast path, plus the next side's hand written into the seat's own hand slice."""
    encoder: Any = engine.observation_encoder()
    observe = _observer(engine)

    def fill_state(state: Any, seat: int | None, out: Any) -> None:
        out[:] = observe(state, seat)
        if seat is not None:
            other = state.hands[(seat + 1) % len(state.hands)]
            out[[encoder.s_hand + card for card in other]] = 1.0

    return fill_state


def _magistrate_leak(engine: Game) -> FillState:
    """Magistrate's tracked fast path with the next seat's secret evidence counted into the seat's own
    (its getter of the seat's secret evidence reads two seats' piles)."""
    encoder: Any = engine.observation_encoder()

    class Leaky(type(encoder)):  # type: ignore[misc]
        def fields(self) -> tuple[Any, ...]:
            def both(state: Any, seat: int | None) -> list[int] | None:
                return None if seat is None else state.secret[seat] + state.secret[(seat + 1) % engine.num_players]

            return tuple(replace(f, get=both) if f.name == "my_secret" else f for f in super().fields())

    leaky = copy.copy(encoder)
    leaky.__class__ = Leaky
    observe = Observer(leaky)

    def fill_state(state: Any, seat: int | None, out: Any) -> None:
        out[:] = observe(state, seat)

    return fill_state


@pytest.mark.parametrize(
    ("game", "players", "leaky"), [("magnate", 2, _magnate_leak), ("magistrate", 3, _magistrate_leak)]
)
def test_both_checks_catch_a_leaky_fast_path(game: str, players: int, leaky: Callable[[Game], FillState]) -> None:
    engine = loaded(game, players=players)
    fill_state = leaky(engine)
    caught = sum(
        _unequal(engine, _random_state(engine, seed, 60 + 40 * seed), fill_state) is not None for seed in range(8)
    )
    assert caught > 0, "the equality check missed a fast path that reads another seat's cards"
    problem, _ = _sees_hidden(engine, fill_state)
    assert problem is not None, "the hidden-parts check missed a fast path that reads another seat's cards"
