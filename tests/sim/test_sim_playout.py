"""The benchmark loop plays real, complete games and counts every applied action."""

from __future__ import annotations

import random

from dice_cards_toy import ToyGame

import magnates
from magnates.sim import bench, random_playout


def test_a_playout_counts_every_action_of_a_whole_game() -> None:
    game = ToyGame()
    steps = random_playout(game, random.Random(4))
    rng = random.Random(4)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(magnates.sample(state.chance_outcomes(), rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    assert steps == len(state.history)


def test_bench_plays_at_least_the_games_asked() -> None:
    result = bench(ToyGame(), seconds=0.0, min_games=5)
    assert result.games == 5 and result.steps >= 5 * 4
    data = result.to_json()
    assert data["steps_per_second"] > 0 and data["games_per_second"] > 0
