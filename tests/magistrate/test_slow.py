"""The long suite (`pytest -m slow`): many random and bot games with every step checked."""

from __future__ import annotations

import random

import pytest

import magnates
from magnates.studies.magistrate_balance import play

from .helpers import random_playout
from .test_properties import conserved


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_thousand_random_games_conserve_everything_and_end(players):
    game = magnates.load("magistrate", players=players)
    for seed in range(1000):
        state = random_playout(game.new_initial_state(), random.Random(seed), conserved)
        assert state.is_terminal() and state.round < state.comp.round_limit


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_wins_nine_in_ten_against_random_players(players):
    wins = 0.0
    games = 60
    for index in range(games):
        names = ["greedy"] + ["random"] * (players - 1)
        shift = index % players
        names = names[shift:] + names[:shift]
        stats = play(players, names, seed=index)
        wins += 1.0 if stats.ranking[names.index("greedy")] == 1 else 0.0
    assert wins / games >= 0.9
