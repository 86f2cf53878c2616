"""benchmarks/policy_head.py: a network's policy head played alone, the candidate rollout policy it measures."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

import numpy as np
from shipped_weights import shipped_game

from magnates.core.chance import sample
from magnates.games.magnate.bots import GREEDY, GreedyBot
from magnates.sim.strength import study

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "policy_head.py"
spec = importlib.util.spec_from_file_location("policy_head", SCRIPT)
assert spec is not None and spec.loader is not None
policy_head = importlib.util.module_from_spec(spec)
sys.modules["policy_head"] = policy_head
spec.loader.exec_module(policy_head)


def test_the_policy_head_bot_plays_the_legal_move_its_head_likes_best_from_the_view() -> None:
    net, game = shipped_game("magnate-2p-official.npz")
    bot = policy_head.PolicyHeadBot(net, game)
    encoder = game.observation_encoder()
    rng = random.Random(3)
    state = game.new_initial_state()
    asked = 0
    while not state.is_terminal() and asked < 25:
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
            continue
        seat, legal = state.current_player(), state.legal_actions()
        choice = bot.choose(game, state.view(seat), legal, rng)
        if len(legal) > 1:
            _, prior = net.evaluate(np.asarray(encoder.encode(state.view(seat)), np.float32), legal)
            assert prior is not None and choice == legal[int(np.argmax(prior))]
            asked += 1
        state.apply_action(choice)
    assert asked == 25


def test_the_policy_head_plays_whole_games_against_greedy() -> None:
    net, game = shipped_game("magnate-2p-official.npz")
    done = study(game, policy_head.PolicyHeadBot(net, game), GreedyBot(GREEDY), range(2))
    assert done.played == 2
