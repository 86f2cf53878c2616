"""The greedy bot plays only legal moves and beats random players (the full figure is in the docs)."""

from __future__ import annotations

import random

import pytest

import magnates
from magnates.bots import make_bot


def _play(players: int, greedy_seat: int, seed: int) -> list[int]:
    game = magnates.load("magistratvm", players=players)
    bots = [make_bot("greedy" if q == greedy_seat else "random", game) for q in range(players)]
    state = game.new_initial_state()
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            action = magnates.sample(state.chance_outcomes(), rng)
        else:
            seat = state.current_player()
            action = bots[seat].choose(game, state.view(seat), state.legal_actions(), rng)
        state.apply_action(action)
    return state.result().winners


@pytest.mark.parametrize("players", [3, 4])
def test_greedy_beats_random_from_every_seat(players):
    games = [(seat, seed) for seat in range(players) for seed in (1, 2)]
    wins = sum(seat in _play(players, seat, seed) for seat, seed in games)
    assert wins >= len(games) - 1
