"""Search knowledge: values in [-1, 1] that follow net worth, and a rollout policy that finishes games."""

from __future__ import annotations

import random

import magnates
from magnates.bots.playout import game_hooks
from magnates.games.galactic_magnate import heuristic

from .helpers import give, started


def test_the_search_bots_find_the_hooks():
    game = magnates.load("galactic-magnate", players=2)
    assert set(game_hooks(game)) == {"heuristic", "leaf_values", "rollout_action"}


def test_leaf_values_follow_net_worth_and_stay_in_range():
    s = started(3)
    assert heuristic.leaf_values(s) == [0.0, 0.0, 0.0]
    give(s, 2, 3000)
    values = heuristic.leaf_values(s)
    assert values[2] > 0 > values[0] and all(-1 <= v <= 1 for v in values)
    assert heuristic.heuristic(s, 2) == values[2]


def test_rollout_policy_plays_legal_moves_to_the_end():
    s = started(4)
    rng = random.Random(2)
    for _ in range(50_000):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.apply_action(magnates.sample(s.chance_outcomes(), rng))
        else:
            s.apply_action(heuristic.rollout_action(s, rng))  # raises if illegal
    assert s.is_terminal()
