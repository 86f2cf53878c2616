"""The single-agent Gymnasium env: registered ids, Gymnasium's checker, masks, illegal actions."""

from __future__ import annotations

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

from magnates.core.errors import IllegalAction, OptionError  # noqa: E402
from magnates.envs import GYM_IDS  # noqa: E402

from .env_cases import DEFAULT_CASES, loaded  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # notes on uncapped counts' infinite bounds


@pytest.mark.parametrize(("game", "players"), DEFAULT_CASES)
def test_check_env_with_default_settings(game: str, players: None) -> None:
    """Gymnasium's checker steps with unmasked `action_space.sample()` actions, almost all illegal:
    the default env accepts them as its contract asks (the episode ends with a penalty)."""
    loaded(game)
    check_env(gym.make(GYM_IDS[game]).unwrapped)


@pytest.mark.parametrize(("game", "players"), DEFAULT_CASES)
def test_check_env_with_pictures(game: str, players: None) -> None:
    loaded(game)
    env = gym.make(GYM_IDS[game], render_mode="rgb_array")
    check_env(env.unwrapped)
    env.reset(seed=3)
    frame = env.render()
    assert frame.dtype == np.uint8 and frame.ndim == 3 and frame.shape[2] == 3
    assert len(np.unique(frame.reshape(-1, 3), axis=0)) > 2, "a blank picture"


def test_raise_mode_raises_on_what_the_checker_sends() -> None:
    """`illegal_action="raise"` (for debugging) raises on the checker's unmasked actions."""
    env = gym.make(GYM_IDS["magnate"], opponents="random", seat=0, illegal_action="raise")
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
    env = gym.make("magnates/Magnate-v0", opponents="random", seat=0, illegal_action="raise")
    env.reset(seed=8)
    unwrapped = env.unwrapped
    mask = unwrapped.action_masks()
    illegal = int(np.flatnonzero(~mask)[0])
    before = unwrapped.driver.state.to_json()
    with pytest.raises(IllegalAction, match="is not legal now"):
        env.step(illegal)
    assert unwrapped.driver.state.to_json() == before
    assert np.array_equal(unwrapped.action_masks(), mask)


def test_an_illegal_action_ends_the_episode_by_default_and_says_why() -> None:
    env = gym.make("magnates/Magnate-v0")
    env.reset(seed=8)
    before = env.unwrapped.driver.state.to_json()
    illegal = int(np.flatnonzero(~env.unwrapped.action_masks())[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert "not legal" in info["illegal_action"]
    assert info["to_play"] == -1 and len(info["legal_actions"]) == 0
    assert env.unwrapped.driver.state.to_json() == before  # the game itself was not changed
    with pytest.raises(IllegalAction, match="reset"):
        env.step(illegal)
    with pytest.raises(IllegalAction, match="outside this game's action space"):
        env.reset(seed=8)
        env.step(env.action_space.n)  # not an action of the space at all: always an error


def test_info_has_the_legal_ids_and_the_seat_to_play() -> None:
    env = gym.make("magnates/Magistrate-v0", seat=2, players=3)
    _, info = env.reset(seed=5)
    rng = np.random.default_rng(5)
    for _ in range(30):
        assert info["to_play"] == 2
        assert list(info["legal_actions"]) == list(np.flatnonzero(info["action_mask"]))
        assert list(info["legal_actions"]) == sorted(env.unwrapped.driver.legal())
        _, _, terminated, _, info = env.step(int(rng.choice(info["legal_actions"])))
        if terminated:
            break


@pytest.mark.parametrize(("game", "players"), DEFAULT_CASES)
def test_observation_space_has_the_encoders_bounds(game: str, players: None) -> None:
    loaded(game)
    env = gym.make(GYM_IDS[game])
    low, high = env.unwrapped.driver.encoder.bounds()
    assert np.array_equal(env.observation_space.low, np.array(low, dtype=np.float32))
    assert np.array_equal(env.observation_space.high, np.array(high, dtype=np.float32))
    assert (env.observation_space.low == 0).mean() > 0.9  # almost all one-hots, flags and shares


def test_bad_arguments_are_clear() -> None:
    with pytest.raises(OptionError, match="seat"):
        gym.make("magnates/Magnate-v0", seat=2)
    with pytest.raises(OptionError, match="no bot"):
        gym.make("magnates/Magnate-v0", opponents="grandmaster")
    with pytest.raises(OptionError, match="one opponent for each"):
        gym.make("magnates/Magnate-v0", opponents=["random", "random"])
    with pytest.raises(OptionError, match="illegal_action"):
        gym.make("magnates/Magnate-v0", illegal_action="ignore")
    with pytest.raises(OptionError, match="render_mode"):
        gym.make("magnates/Magnate-v0", render_mode="rgb")


def test_seeded_resets_repeat() -> None:
    env = gym.make("magnates/Magnate-v0", opponents="random", seat=1)
    first, _ = env.reset(seed=21)
    history = list(env.unwrapped.driver.state.history)
    again, _ = env.reset(seed=21)
    assert np.array_equal(first, again)
    assert env.unwrapped.driver.state.history == history
    env.reset(seed=22)
    assert env.unwrapped.driver.state.history != history
