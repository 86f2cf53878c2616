"""Resigning and other concessions: marked on the action, masked in the envs unless forced."""

from __future__ import annotations

import random

import numpy as np
import pytest

import magnates
from magnates.bots import make_bot
from magnates.core.chance import sample
from magnates.envs.concessions import concession_ids, without_concessions

pytest.importorskip("pettingzoo")
from magnates.envs import aec_env


def test_only_galactic_resign_concedes() -> None:
    galactic = magnates.load("galactic-magnate")
    marked = concession_ids(galactic)
    assert [galactic.action(a).kind for a in marked] == ["resign"]
    for game in ("magnate", "magistrate", "magistratvm"):
        assert concession_ids(magnates.load(game)) == frozenset(), game


def test_a_concession_stays_when_it_is_all_there_is() -> None:
    assert without_concessions([3, 7, 9], frozenset({7})) == [3, 9]
    assert without_concessions([7], frozenset({7})) == [7]
    assert without_concessions([1, 2], frozenset()) == [1, 2]


def test_the_env_masks_resign_by_default_and_offers_it_when_asked() -> None:
    masked = aec_env("galactic-magnate", illegal_action="raise")
    allowed = aec_env("galactic-magnate", concessions=True)
    resign = next(iter(concession_ids(masked.game)))
    masked.reset(seed=1)
    allowed.reset(seed=1)
    while resign not in masked.driver.state.legal_actions():  # the same moves at both tables
        action = masked.driver.legal()[0]
        masked.step(action)
        allowed.step(action)
    assert masked.agent_selection == allowed.agent_selection
    assert resign in masked.driver.state.legal_actions()  # the rules still allow it
    assert masked.observe(masked.agent_selection)["action_mask"][resign] == 0
    assert allowed.observe(allowed.agent_selection)["action_mask"][resign] == 1
    with pytest.raises(magnates.IllegalAction, match="concessions=True"):
        masked.step(resign)
    allowed.step(resign)


def test_a_masked_concession_ends_the_game_as_an_illegal_action_by_default() -> None:
    env = aec_env("galactic-magnate")
    resign = next(iter(concession_ids(env.game)))
    env.reset(seed=1)
    while resign not in env.driver.state.legal_actions():
        env.step(env.driver.legal()[0])
    actor = env.agent_selection
    env.step(resign)
    assert all(env.terminations.values()) and env._cumulative_rewards[actor] == -1.0
    assert "concessions=True" in env.infos[actor]["illegal_action"]


def test_random_games_are_real_games_without_concessions() -> None:
    """Plain random play resigns within a few decisions; masked, the games run their course."""
    game = magnates.load("galactic-magnate")

    def decisions(bot_name: str, seed: int) -> int:
        bot, rng = make_bot(bot_name, game), random.Random(seed)
        state, count = game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), rng))
            else:
                seat = state.current_player()
                state.apply_action(bot.choose(game, state.view(seat), state.legal_actions(), rng))
                count += 1
        return count

    plain = [decisions("random", seed) for seed in range(5)]
    kept = [decisions("random-no-concede", seed) for seed in range(5)]
    assert max(plain) < min(kept), (plain, kept)
    assert np.mean(kept) > 10 * np.mean(plain)
