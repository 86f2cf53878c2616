"""The registered ids through the vectorised and recording tools learners use.

Gymnasium's own path (`gymnasium.make_vec`, `RenderCollection`) runs always; SB3's `make_vec_env`
and Gymnasium's `RecordVideo` (which writes with moviepy) run where those packages are installed.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from magnates.envs import GYM_IDS  # noqa: E402

from .env_cases import DEFAULT_CASES, loaded  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # notes on the uncapped counts' infinite bounds

STEPS = 12


def _masked_actions(infos: dict, rng: np.random.Generator) -> np.ndarray:
    """One legal action per sub-env, read from the vector's merged `action_mask` info."""
    return np.array([int(rng.choice(np.flatnonzero(mask))) for mask in infos["action_mask"]])


@pytest.mark.parametrize(("game", "players"), DEFAULT_CASES)
def test_make_vec_with_pictures(game: str, players: None) -> None:
    loaded(game)
    envs = gym.make_vec(GYM_IDS[game], num_envs=2, vectorization_mode="sync", render_mode="rgb_array")
    observations, infos = envs.reset(seed=7)
    assert observations.shape == (2, *envs.single_observation_space.shape)
    rng = np.random.default_rng(7)
    for _ in range(STEPS):
        observations, _, _, _, infos = envs.step(_masked_actions(infos, rng))
        assert envs.observation_space.contains(observations)
        assert set(infos["to_play"]) <= {-1, 0}
    frames = envs.render()
    assert len(frames) == 2 and all(frame.dtype == np.uint8 and frame.ndim == 3 for frame in frames)
    envs.close()


def test_unmasked_vector_steps_end_episodes_and_restart() -> None:
    """A learner without masks (random samples of the space) is penalised and the vector resets."""
    envs = gym.make_vec(GYM_IDS["magnate"], num_envs=2, vectorization_mode="sync")
    envs.reset(seed=1)
    envs.action_space.seed(1)
    _, rewards, terminated, _, infos = envs.step(envs.action_space.sample())
    assert terminated.all() and (rewards == -1.0).all()
    assert all("not legal" in message for message in infos["illegal_action"])
    envs.step(envs.action_space.sample())  # the next step starts new episodes (autoreset)
    envs.close()


def test_frames_collect_for_a_video() -> None:
    env = gym.wrappers.RenderCollection(gym.make(GYM_IDS["magistratvm"], render_mode="rgb_array"))
    _, info = env.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(5):
        _, _, terminated, _, info = env.step(int(rng.choice(info["legal_actions"])))
        if terminated:
            break
    frames = env.render()
    assert len(frames) >= 2
    assert len({frame.shape for frame in frames}) == 1, "every frame of a video has the same size"


def test_record_video(tmp_path: Path) -> None:
    pytest.importorskip("moviepy")
    env = gym.make(GYM_IDS["magnate"], render_mode="rgb_array")
    env = gym.wrappers.RecordVideo(env, str(tmp_path), episode_trigger=lambda episode: True, disable_logger=True)
    _, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    for _ in range(4):
        _, _, terminated, _, info = env.step(int(rng.choice(info["legal_actions"])))
        if terminated:
            break
    env.close()
    assert list(tmp_path.glob("*.mp4"))


@pytest.mark.parametrize(("game", "players"), DEFAULT_CASES)
def test_sb3_make_vec_env(game: str, players: None) -> None:
    pytest.importorskip("stable_baselines3")
    from stable_baselines3.common.env_util import make_vec_env

    loaded(game)
    envs = make_vec_env(GYM_IDS[game], n_envs=2, seed=3, env_kwargs={"render_mode": "rgb_array"})
    observations = envs.reset()
    assert observations.shape == (2, *envs.observation_space.shape)
    masks = envs.env_method("action_masks")
    observations, _, _, _ = envs.step(np.array([int(np.flatnonzero(m)[0]) for m in masks]))
    assert observations.shape == (2, *envs.observation_space.shape)
    assert envs.render() is not None
    envs.close()
