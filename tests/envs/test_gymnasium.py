"""The single-agent Gymnasium env: registered ids, Gymnasium's checker, masks, illegal actions."""

from __future__ import annotations

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from magnates.core.errors import IllegalAction, OptionError  # noqa: E402
from magnates.envs import GYM_IDS  # noqa: E402

from .env_cases import DEFAULT_CASES, loaded  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # the checker's notes on unbounded boxes


@pytest.mark.parametrize(("game", "players"), DEFAULT_CASES)
def test_check_env(game: str, players: None) -> None:
    loaded(game)
    # check_env steps with unmasked random actions (almost all illegal in a game with a mask), so it
    # runs on the mode that ends an episode as a loss on an illegal action instead of raising.
    env = gym.make(GYM_IDS[game], opponents="random", seat=0, illegal_action="lose")
    check_env(env.unwrapped)


def test_check_env_on_the_default_fails_only_by_raising_illegal_action() -> None:
    """Why the checker runs on `illegal_action="lose"`: with the default it steps with unmasked
    `action_space.sample()` actions (one drawn before the seeded reset of `check_step_determinism`,
    so deterministic here), almost always illegal, and the env does what the issue asks: it raises
    IllegalAction. The same env in "lose" mode passes the whole checker (test_check_env), so this
    is the one thing the default does differently."""
    env = gym.make(GYM_IDS["magnate"], opponents="random", seat=0)
    with pytest.raises(IllegalAction, match="not legal now"):
        check_env(env.unwrapped)


@pytest.mark.parametrize(("game", "players"), DEFAULT_CASES)
def test_random_masked_episode_reaches_the_end(game: str, players: None) -> None:
    loaded(game)
    env = gym.make(GYM_IDS[game], opponents="random-no-concede", seat=1)
    observation, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    reward, terminated, steps = 0.0, False, 0
    while not terminated and steps < 5000:
        mask = env.unwrapped.action_masks()
        assert np.array_equal(mask, info["action_mask"].astype(bool))
        observation, reward, terminated, truncated, info = env.step(int(rng.choice(np.flatnonzero(mask))))
        assert not truncated
        assert env.observation_space.contains(observation)
        steps += 1
    assert terminated, f"{game}: no end after {steps} decisions"
    assert -1.0 <= reward <= 1.0
    assert not env.unwrapped.action_masks().any()


def test_opponents_by_preset_and_list() -> None:
    env = gym.make("magnates/Magnate-v0", opponents="hard", seat=0)
    assert env.unwrapped.bots[1].name == "hard"
    env = gym.make("magnates/Magistrate-v0", opponents=["greedy", "random"], seat=2)
    assert [bot.name for bot in env.unwrapped.bots.values()] == ["greedy", "random"]


def test_illegal_action_raises_and_changes_nothing() -> None:
    env = gym.make("magnates/Magnate-v0", opponents="random", seat=0)
    env.reset(seed=8)
    unwrapped = env.unwrapped
    mask = unwrapped.action_masks()
    illegal = int(np.flatnonzero(~mask)[0])
    before = unwrapped.driver.state.to_json()
    with pytest.raises(IllegalAction, match="is not legal now"):
        env.step(illegal)
    assert unwrapped.driver.state.to_json() == before
    assert np.array_equal(unwrapped.action_masks(), mask)


def test_lose_mode_ends_the_episode_and_says_why() -> None:
    env = gym.make("magnates/Magnate-v0", illegal_action="lose")
    env.reset(seed=8)
    illegal = int(np.flatnonzero(~env.unwrapped.action_masks())[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated) == (-1.0, True)
    assert "not legal" in info["illegal_action"]
    with pytest.raises(IllegalAction, match="reset"):
        env.step(illegal)


def test_bad_arguments_are_clear() -> None:
    with pytest.raises(OptionError, match="seat"):
        gym.make("magnates/Magnate-v0", seat=2)
    with pytest.raises(OptionError, match="no bot"):
        gym.make("magnates/Magnate-v0", opponents="grandmaster")
    with pytest.raises(OptionError, match="one opponent for each"):
        gym.make("magnates/Magnate-v0", opponents=["random", "random"])
    with pytest.raises(OptionError, match="illegal_action"):
        gym.make("magnates/Magnate-v0", illegal_action="ignore")


def test_seeded_resets_repeat() -> None:
    env = gym.make("magnates/Magnate-v0", opponents="random", seat=1)
    first, _ = env.reset(seed=21)
    history = list(env.unwrapped.driver.state.history)
    again, _ = env.reset(seed=21)
    assert np.array_equal(first, again)
    assert env.unwrapped.driver.state.history == history
    env.reset(seed=22)
    assert env.unwrapped.driver.state.history != history
