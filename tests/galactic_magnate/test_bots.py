"""The greedy bot plays only from its view and clearly beats random play."""

from __future__ import annotations

import magnates
from magnates.bots import RandomBot, make_bot
from magnates.games.galactic_magnate.bots import GreedyBot, PatientRandomBot, value

from .helpers import own, playout, started


def wins_of_greedy(opponent: type, games: int) -> int:
    wins = 0
    for seed in range(games):
        greedy_seat = seed % 2
        bots = [opponent(), opponent()]
        bots[greedy_seat] = GreedyBot()
        state = playout(started(2, order=(seed // 2 % 2, 1 - seed // 2 % 2)), bots, seed)
        wins += state.result().winners == [greedy_seat]
    return wins


def test_greedy_is_offered_by_the_game():
    game = magnates.load("galactic-magnate", players=2)
    assert make_bot("greedy", game).name == "greedy"


def test_greedy_beats_uniform_random():
    assert wins_of_greedy(RandomBot, 20) >= 18


def test_greedy_beats_random_that_never_resigns():
    assert wins_of_greedy(PatientRandomBot, 12) >= 10


def test_valuation_prizes_completing_and_blocking_sets():
    s = started(2)
    owner = s.owner
    base = value(owner, 0, 3)
    own(s, 0, "Ceres Outpost")
    assert value(s.owner, 0, 3) > base  # completes my set
    own(s, 1, "Ceres Outpost")
    assert value(s.owner, 0, 3) > base  # blocks the opponent's set


def test_greedy_uses_only_its_view_and_returns_a_legal_action():
    s = started(3)
    bot = GreedyBot()
    import random

    rng = random.Random(3)
    for _ in range(300):
        if s.is_terminal():
            break
        if s.is_chance_node():
            s.apply_action(magnates.sample(s.chance_outcomes(), rng))
            continue
        view = s.view(s.current_player())
        legal = s.legal_actions()
        action = bot.choose(s.game, view, list(legal), rng)
        assert action in legal
        s.apply_action(action)
