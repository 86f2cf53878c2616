"""Search knowledge and presets: values in [-1, 1] that follow who is ahead, a rollout policy that
plays greedy's moves, presets that play legal games, and (slow) the hard preset beating greedy."""

from __future__ import annotations

import json
import math
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import magnates
from magnates.bots import make_bot
from magnates.bots.playout import game_hooks
from magnates.bots.presets import LEVELS, preset, search_bot
from magnates.core.chance import sample
from magnates.games.magistratvm import heuristic, phases
from magnates.games.magistratvm.bots import GreedyBot
from magnates.games.magistratvm.state import MagistratvmState

from .scenario import new_game, tile, to_actions


def random_position(players: int, seed: int, steps: int) -> MagistratvmState:
    """A position reached by `steps` random moves (chance included) from the start."""
    game = magnates.load("magistratvm", players=players)
    state = game.new_initial_state()
    assert isinstance(state, MagistratvmState)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def decision_position(players: int, seed: int, steps: int) -> MagistratvmState:
    """A random position where a seat has a real choice (more random moves until there is one)."""
    for attempt in range(100):
        state = random_position(players, seed + 1000 * attempt, steps)
        if not state.is_terminal() and not state.is_chance_node() and len(state.legal_actions()) > 1:
            return state
    raise AssertionError("no decision found")


def test_the_search_bots_find_the_hooks():
    expected = {"heuristic", "leaf_values", "rollout_action", "first_place_values"}
    assert set(game_hooks(magnates.load("magistratvm"))) == expected


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from([3, 4]), seed=st.integers(0, 10_000), steps=st.integers(0, 900))
def test_leaf_values_are_returns_sized_and_leave_the_state_alone(players, seed, steps):
    state = random_position(players, seed, steps)
    before = json.dumps(state.to_json(), sort_keys=True)
    values = heuristic.leaf_values(state)
    assert len(values) == players
    assert all(-1.0 <= v <= 1.0 and math.isfinite(v) for v in values)
    assert sum(values) == pytest.approx(0.0, abs=1e-9)  # every pairing is won by one and lost by the other
    assert [heuristic.heuristic(state, q) for q in range(players)] == values
    if state.is_terminal():
        assert values == state.returns()
    assert json.dumps(state.to_json(), sort_keys=True) == before


def test_a_won_province_raises_its_owners_value_and_lowers_the_others():
    state = to_actions(_opening(), gold=[0, 0, 0, 0])
    even = heuristic.leaf_values(state)
    assert even == pytest.approx([0.0] * 4, abs=1e-9)  # a symmetric table
    state.tile_owner[state.pile.pop()] = 2  # a Province won by Player 3 (bookkeeping only)
    after = heuristic.leaf_values(state)
    assert after[2] > 0 and all(after[q] < 0 for q in (0, 1, 3))


def test_gold_in_hand_counts_before_the_elections_only():
    state = to_actions(_opening(), gold=[9, 0, 0, 0])
    rich = heuristic.features(state)[0][heuristic.FEATURES.index("gold")]
    assert rich == 9
    state.phase = phases.SUPPORT  # (only the feature is read; the position need not be playable)
    assert heuristic.features(state)[0][heuristic.FEATURES.index("gold")] == 0


def _opening() -> MagistratvmState:
    return new_game(4, [tile(v, "suns") for v in range(1, 7)], prefect=0)


@pytest.mark.parametrize("seed", range(3))
def test_rollouts_play_the_greedy_bots_moves(seed):
    state = decision_position(4, seed, 150 + 37 * seed)
    game = state.game
    player = state.current_player()
    legal = state.legal_actions()
    from_view = GreedyBot().choose(game, state.view(player), legal, random.Random(0))
    assert heuristic.rollout_action(state, random.Random(1)) == from_view


def test_the_levels_think_more_as_they_rise():
    game = magnates.load("magistratvm")
    easy, medium, hard = (preset(game, level) for level in ("easy", "medium", "hard"))
    assert (easy.simulations or 0) <= (medium.simulations or 0) <= (hard.simulations or 0)
    assert easy.rollout_depth <= medium.rollout_depth <= hard.rollout_depth
    assert hard.rollout_depth < 1_000  # rollouts stop and ask the heuristic, not play to the end


def test_every_preset_plays_a_legal_game():
    game = magnates.load("magistratvm", players=4, turn_limit=3)
    bots = [make_bot(level, game) for level in ("easy", "medium", "hard")] + [make_bot("greedy", game)]
    state = game.new_initial_state()
    rng = random.Random(3)
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample(state.chance_outcomes(), rng)
        else:
            seat = state.current_player()
            legal = state.legal_actions()
            action = bots[seat].choose(game, state.view(seat), legal, rng)
            assert action in legal
        state.apply_action(action)
    assert state.result().ranking


@pytest.mark.parametrize("level", [lvl for lvl in LEVELS if lvl not in ("easy", "medium", "hard")])
def test_the_other_search_levels_choose_a_legal_move(level):
    state = decision_position(3, 5, 300)
    game = state.game
    bot = search_bot(level, game, simulations=5)
    legal = state.legal_actions()
    assert bot.choose(game, state.view(state.current_player()), legal, random.Random(0)) in legal


@pytest.mark.slow
def test_hard_beats_greedy_opponents():
    """One hard seat against greedy ones (seats rotated) wins far more than its fair share."""
    players, games = 3, 12
    game = magnates.load("magistratvm", players=players)
    hard, greedy = make_bot("hard", game), make_bot("greedy", game)
    wins = 0
    for i in range(games):
        seat = i % players
        rng = random.Random(i)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = sample(state.chance_outcomes(), rng)
            else:
                q = state.current_player()
                bot = hard if q == seat else greedy
                action = bot.choose(game, state.view(q), state.legal_actions(), rng)
            state.apply_action(action)
        wins += state.result().winners == [seat]
    assert wins / games > 0.5  # fair share 1/3; measured figures in docs/rules/magistratvm.md
