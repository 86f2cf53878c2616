"""Every encoder's output for a seat depends on what that seat may know, and on nothing else.

At points of seeded random games, each seat's encoding is compared with the encoding of the same
seat in a different world that agrees with its view: `game.sample_state(view, rng)` re-deals every
hidden part (the other hands, the draw piles). A game with hidden cards must also show that the
re-dealt worlds really differ, so the test cannot pass by sampling the same state back.
"""

from __future__ import annotations

import json
import math
import random

import pytest

from magnates.core.chance import sample
from magnates.envs.concessions import concession_ids, without_concessions

from .env_cases import CASES, loaded

CHECKPOINTS = 12
"""Positions checked per game, spread over its first few hundred actions."""


@pytest.mark.parametrize(("game", "players"), CASES)
def test_encoding_ignores_hidden_parts(game: str, players: int) -> None:
    engine = loaded(game, players=players)
    encoder = engine.observation_encoder()
    masked = concession_ids(engine)  # whole games, not a resignation at the first roll
    rng = random.Random(f"{game}-{players}")
    state = engine.new_initial_state()
    checked = differed = 0
    step = 0
    while not state.is_terminal() and checked < CHECKPOINTS:
        if step % 23 == 7 and not state.is_chance_node():
            for seat in range(engine.num_players):
                view = state.view(seat)
                mine = encoder.encode(view)
                assert len(mine) == encoder.size and all(math.isfinite(x) for x in mine)
                assert encoder.encode(json.loads(json.dumps(view))) == mine  # the view as plain data is enough
                other = engine.sample_state(view, rng)
                assert encoder.encode(other.view(seat)) == mine, f"seat {seat} sees a hidden part at step {step}"
                differed += other.to_json() != state.to_json()
            checked += 1
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
        else:
            legal = without_concessions(state.legal_actions(), masked)
            state.apply_action(legal[rng.randrange(len(legal))])
        step += 1
    assert checked > 0
    if game in ("magnate", "magistrate"):
        assert differed > 0, "no sampled world differed: the test would prove nothing"


def test_own_hand_is_encoded_and_others_are_not() -> None:
    engine = loaded("magnate", players=2)
    encoder = engine.observation_encoder()
    start, stop = encoder.slices["hand"]
    rng = random.Random(3)
    state = engine.new_initial_state()
    while state.is_chance_node():
        state.apply_action(sample(state.chance_outcomes(), rng))
    for seat in (0, 1):
        hand = encoder.encode(state.view(seat))[start:stop]
        expected = [1.0 if label in state.view(seat)["sides"][seat]["hand"] else 0.0 for label in engine.card_labels]
        assert hand == expected
    assert encoder.encode(state.view(None))[start:stop] == [0.0] * (stop - start)
