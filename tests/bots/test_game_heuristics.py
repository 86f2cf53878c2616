"""Every game's search knowledge (heuristic, rollout policy) keeps its contract on random positions."""

from __future__ import annotations

import json
import random

import pytest

from magnates.bots.playout import Playout, game_hooks
from magnates.core.chance import sample
from magnates.games import REGISTRY, load

WITH_HOOKS = [name for name in sorted(REGISTRY) if game_hooks(load(name))]


def test_magnate_offers_a_heuristic_and_a_rollout_policy() -> None:
    assert {"heuristic", "leaf_values", "rollout_action"} <= set(game_hooks(load("magnate")))


def test_a_game_without_knowledge_offers_none() -> None:
    from sealed_bids import SealedBidsGame

    game = SealedBidsGame()
    assert set(game_hooks(game)) == {"heuristic"}  # a method of its Game class


@pytest.mark.parametrize("name", WITH_HOOKS)
@pytest.mark.parametrize("seed", range(3))
def test_heuristic_values_are_returns_sized_and_leave_the_state_alone(name: str, seed: int) -> None:
    game = load(name)
    hooks = game_hooks(game)
    rng = random.Random(seed)
    state = game.new_initial_state()
    playout = Playout(game, depth=0)
    steps = 0
    while not state.is_terminal():
        if not state.is_chance_node() and steps % 5 == 0:
            before = json.dumps(state.to_json(), sort_keys=True)
            values = playout.estimate(state)
            assert len(values) == game.num_players
            assert all(-1.0 <= v <= 1.0 for v in values)
            if "heuristic" in hooks:
                assert values == pytest.approx([hooks["heuristic"](state, s) for s in range(game.num_players)])
            if game.num_players == 2:
                assert sum(values) == pytest.approx(0.0, abs=1e-9)
            for policy in ("rollout_action", "check_action"):
                if policy in hooks:
                    assert hooks[policy](state, rng) in state.legal_actions()
            assert json.dumps(state.to_json(), sort_keys=True) == before
        if state.is_chance_node():
            action = sample(state.chance_outcomes(), rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
        steps += 1
