"""Every encoder's declared ranges hold: the observation spaces' bounds are what games reach.

The bounds are read by the RL layer as the `Box` of every environment, so a number outside them
would break a learner's normalisation (and Gymnasium's `contains`). Games played by random and
greedy bots at every player count stay inside them, and the declared ranges are finite wherever
a slice is a one-hot, a flag or a fraction of a fixed total.
"""

from __future__ import annotations

import math
import random

import numpy as np
import pytest

from magnates.bots import make_bot
from magnates.core.chance import sample
from magnates.core.encoding import Layout
from magnates.envs.concessions import concession_ids, without_concessions

from .env_cases import CASES, loaded

GAMES_PER_CASE = 2
"""One game by random bots and one by greedy ones, each read from every seat at every decision."""


@pytest.mark.parametrize(("game", "players"), CASES)
def test_games_stay_inside_the_declared_bounds(game: str, players: int) -> None:
    engine = loaded(game, players=players)
    encoder = engine.observation_encoder()
    low, high = (np.array(b, dtype=np.float64) for b in encoder.bounds())
    assert low.shape == high.shape == (encoder.size,)
    names = [name for name, (start, stop) in encoder.slices.items() for _ in range(start, stop)]
    masked = concession_ids(engine)
    for seed, bot_name in enumerate(("random-no-concede", "greedy")[:GAMES_PER_CASE]):
        bot, rng = make_bot(bot_name, engine), random.Random(seed)
        state = engine.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), rng))
                continue
            seat = state.current_player()
            vector = np.array(encoder.encode(state.view(seat)), dtype=np.float64)
            outside = np.flatnonzero((vector < low) | (vector > high))
            assert not len(outside), [(names[i], vector[i], low[i], high[i]) for i in outside[:5]]
            legal = without_concessions(state.legal_actions(), masked)
            state.apply_action(bot.choose(engine, state.view(seat), legal, rng))
        for seat in (None, *range(players)):  # the final position, as every seat and a spectator see it
            vector = np.array(encoder.encode(state.view(seat)), dtype=np.float64)
            outside = np.flatnonzero((vector < low) | (vector > high))
            assert not len(outside), [(names[i], vector[i], low[i], high[i]) for i in outside[:5]]


@pytest.mark.parametrize(("game", "players"), CASES)
def test_most_numbers_have_finite_bounds(game: str, players: int) -> None:
    """Only counts the rules leave uncapped (money, points, turns) are unbounded: one-hots, flags
    and shares of fixed totals, the bulk of every vector, have finite ranges."""
    encoder = loaded(game, players=players).observation_encoder()
    low, high = encoder.bounds()
    finite = sum(math.isfinite(a) and math.isfinite(b) for a, b in zip(low, high, strict=True))
    assert finite >= 0.9 * encoder.size


def test_a_slice_declares_one_bound_or_one_per_number() -> None:
    layout = Layout()
    layout.add("flags", 2)
    layout.add("money", 2, low=-math.inf, high=[10.0, math.inf])
    assert (layout.lows, layout.highs) == ([0.0, 0.0, -math.inf, -math.inf], [1.0, 1.0, 10.0, math.inf])
    with pytest.raises(ValueError, match="3 numbers but 2 bounds"):
        layout.add("short", 3, high=[1.0, 2.0])
    with pytest.raises(ValueError, match="low bound above"):
        layout.add("upside-down", 1, low=2.0, high=1.0)
