"""An `Observer` (what learned bots and the RL driver encode with) survives pickling unchanged:
bots are sent to worker processes, so every part of it must pickle, its packing format included."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

from magnates.bots.observation import Observer
from magnates.core.chance import sample
from magnates.games import games, load


@pytest.mark.parametrize("game", games())
def test_a_pickled_observer_encodes_the_same(game: str) -> None:
    engine = load(game)
    observer = Observer(engine.observation_encoder())
    copy = pickle.loads(pickle.dumps(observer))
    state, rng = engine.new_initial_state(), random.Random(3)
    for _ in range(60):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
            continue
        seat = state.current_player()
        mine, theirs = observer(state, seat), copy(state, seat)
        assert mine.dtype == np.float32 and np.array_equal(mine, theirs)
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
