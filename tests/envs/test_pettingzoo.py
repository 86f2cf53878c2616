"""PettingZoo's own checkers over every game and player count, and the AEC env's promises."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test

from magnates.core.errors import IllegalAction, OptionError
from magnates.envs import aec_env

from .env_cases import CASES, MAGNATE_VARIANTS, loaded

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # PettingZoo's notes on dict observations


@pytest.mark.parametrize(("game", "players"), CASES)
def test_api_and_seed(game: str, players: int) -> None:
    loaded(game, players=players)
    api_test(aec_env(game, players=players), num_cycles=60)
    seed_test(lambda: aec_env(game, players=players), num_cycles=40)


@pytest.mark.parametrize("options", MAGNATE_VARIANTS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()))
def test_magnate_variants(options: dict[str, Any]) -> None:
    api_test(aec_env("magnate", **options), num_cycles=60)
    seed_test(lambda: aec_env("magnate", **options), num_cycles=40)


@pytest.mark.slow
def test_every_magnate_option_set() -> None:
    from tests.magnate_variants.variant_table import all_option_sets

    for options in all_option_sets():
        api_test(aec_env("magnate", **options), num_cycles=100)
        seed_test(lambda options=options: aec_env("magnate", **options), num_cycles=100)


def play_to_end(env: Any, seed: int) -> dict[str, float]:
    """Random legal actions read from the masks; the rewards each agent saw at its end."""
    rng = np.random.default_rng(seed)
    env.reset(seed=seed)
    final: dict[str, float] = {}
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final[agent] = reward
            env.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        assert len(legal) > 0, "a deciding agent has no legal action"
        env.step(int(rng.choice(legal)))
    return final


def test_a_whole_game_ends_with_the_games_returns() -> None:
    env = aec_env("magnate", players=2)
    final = play_to_end(env, 3)
    returns = env.driver.returns()
    assert final == {"player_0": returns[0], "player_1": returns[1]}
    assert sorted(final.values()) in ([-1.0, 1.0], [0.0, 0.0])


def test_same_seed_same_game() -> None:
    first, second = aec_env("magnate"), aec_env("magnate")
    play_to_end(first, 11)
    play_to_end(second, 11)
    assert first.driver.state.history == second.driver.state.history
    play_to_end(second, 12)
    assert first.driver.state.history != second.driver.state.history


def test_illegal_action_raises_and_changes_nothing() -> None:
    env = aec_env("magnate")
    env.reset(seed=5)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    before = env.driver.state.to_json()
    with pytest.raises(IllegalAction, match="is not legal now"):
        env.step(illegal)
    with pytest.raises(IllegalAction, match="outside this game's action space"):
        env.step(len(mask))
    with pytest.raises(IllegalAction, match="integer id"):
        env.step("end turn")
    assert env.driver.state.to_json() == before
    assert env.agent_selection == agent


def test_only_the_deciding_agent_has_a_mask() -> None:
    env = aec_env("magnate")
    env.reset(seed=2)
    others = [a for a in env.agents if a != env.agent_selection]
    assert env.observe(env.agent_selection)["action_mask"].any()
    assert not any(env.observe(a)["action_mask"].any() for a in others)


def test_render_is_the_terminal_drawing() -> None:
    env = aec_env("magnate", render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str)
    assert "Excuse" in text and "District" in text  # the districts table of the terminal drawing
    assert "Your hand" not in text  # the spectator's picture: no hand shown
    assert aec_env("magnate").render() is None


def test_bad_options_are_clear() -> None:
    with pytest.raises(OptionError, match="players"):
        aec_env("magnate", players=7)
    with pytest.raises(OptionError, match="render_mode"):
        aec_env("magnate", render_mode="rgb_array")
    with pytest.raises(OptionError, match="no game"):
        aec_env("chess")
