"""PettingZoo's own checkers over every game and player count, and the AEC env's promises."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test

from magnates.core.errors import IllegalAction, OptionError
from magnates.envs import aec_env
from magnates.envs.driver import FANCY_INDEX_FROM

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


def test_illegal_action_raises_and_changes_nothing_in_raise_mode() -> None:
    env = aec_env("magnate", illegal_action="raise")
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


def test_an_illegal_action_ends_the_game_by_default_with_a_penalty_for_its_actor() -> None:
    env = aec_env("magnate", players=3)
    env.reset(seed=5)
    actor = env.agent_selection
    illegal = int(np.flatnonzero(env.observe(actor)["action_mask"] == 0)[0])
    before = env.driver.state.to_json()
    env.step(illegal)
    assert env.driver.state.to_json() == before
    assert all(env.terminations.values())
    assert env._cumulative_rewards == {agent: (-1.0 if agent == actor else 0.0) for agent in env.agents}
    assert "not legal" in env.infos[actor]["illegal_action"]
    assert not any(env.observe(agent)["action_mask"].any() for agent in env.agents)
    seen = {}
    for agent in env.agent_iter():
        _, reward, terminated, _, _ = env.last()
        assert terminated
        seen[agent] = reward
        env.step(None)
    assert seen == {agent: (-1.0 if agent == actor else 0.0) for agent in env.possible_agents}
    env.reset(seed=5)
    with pytest.raises(IllegalAction, match="outside this game's action space"):
        env.step(10**6)  # not an action of the space: always an error


@pytest.mark.parametrize(("game", "players", "steps"), [("magistratvm", 3, 60), ("magnate", 2, 400)])
def test_infos_say_who_plays_and_what_is_legal(game: str, players: int, steps: int) -> None:
    env = aec_env(game, players=players)
    env.reset(seed=9)
    rng = np.random.default_rng(9)
    lengths: set[int] = set()
    for agent in env.agent_iter(steps):
        observation, _, terminated, _, info = env.last()
        if terminated:
            env.step(None)
            continue
        seat = env.agent_name_mapping[agent]
        assert info["to_play"] == seat
        assert info["legal_actions"] == list(np.flatnonzero(observation["action_mask"]))
        assert all(env.infos[other]["legal_actions"] == [] for other in env.agents if other != agent)
        lengths.add(len(info["legal_actions"]))
        env.step(int(rng.choice(info["legal_actions"])))
    if game == "magnate":  # masks set id by id and by one numpy index (driver.FANCY_INDEX_FROM) both met
        assert min(lengths) < FANCY_INDEX_FROM <= max(lengths)


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
    picture = aec_env("magnate", render_mode="rgb_array")
    picture.reset(seed=1)
    frame = picture.render()
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3


def test_bad_options_are_clear() -> None:
    with pytest.raises(OptionError, match="players"):
        aec_env("magnate", players=7)
    with pytest.raises(OptionError, match="render_mode"):
        aec_env("magnate", render_mode="rgb")
    with pytest.raises(OptionError, match="illegal_action"):
        aec_env("magnate", illegal_action="skip")
    with pytest.raises(OptionError, match="no game"):
        aec_env("chess")
