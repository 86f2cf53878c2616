"""The Gymnasium env's `reward="shaped"`: potential-based shaping from the learner's own view.

Each step's shaped reward is the game's reward plus gamma * Phi(s') - Phi(s), with Phi = 0 once
the game is over, so a whole episode's shaped rewards sum to the game's return plus the telescoped
Phi terms (exactly return - Phi(s0) with gamma = 1). Phi reads the learner's view only: another
seat's hidden hand does not change it.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

gym = pytest.importorskip("gymnasium")

from magnates.core.errors import OptionError  # noqa: E402
from magnates.envs import GYM_IDS  # noqa: E402
from magnates.games import entry  # noqa: E402
from magnates.games.magnate.heuristic import leaf_values  # noqa: E402

MAGNATE = GYM_IDS["magnate"]
POTENTIAL = entry("magnate").potential


def phi(env: Any) -> float:
    """The potential of the learner's view now, computed here from the view alone."""
    inner = env.unwrapped
    assert POTENTIAL is not None
    if inner.driver.is_over():
        return 0.0
    return POTENTIAL(inner.game, inner.driver.state.view(inner.seat), inner.seat)


def play_twins(seed: int, seat: int, gamma: float) -> tuple[list[float], list[float], list[float]]:
    """One game played by a shaped env and a terminal-reward twin with the same seed and moves:
    the shaped rewards, the terminal rewards and Phi at each learner decision (0 at the end)."""
    shaped = gym.make(MAGNATE, opponents="random", seat=seat, reward="shaped", shaping_gamma=gamma)
    plain = gym.make(MAGNATE, opponents="random", seat=seat)
    shaped.reset(seed=seed)
    plain.reset(seed=seed)
    rng = random.Random(seed)
    shaped_rewards, plain_rewards, potentials = [], [], [phi(shaped)]
    done = False
    while not done:
        action = rng.choice(np.flatnonzero(shaped.unwrapped.action_masks()).tolist())
        _, r_shaped, done, _, _ = shaped.step(action)
        _, r_plain, plain_done, _, _ = plain.step(action)
        assert plain_done == done
        shaped_rewards.append(float(r_shaped))
        plain_rewards.append(float(r_plain))
        potentials.append(phi(shaped))
    assert potentials[-1] == 0.0
    return shaped_rewards, plain_rewards, potentials


@pytest.mark.parametrize(("seed", "seat"), [(1, 0), (2, 1)])
def test_undiscounted_shaping_sums_to_the_return_less_the_first_potential(seed: int, seat: int) -> None:
    shaped, plain, potentials = play_twins(seed, seat, gamma=1.0)
    assert len(shaped) > 10
    assert all(r == 0.0 for r in plain[:-1]) and plain[-1] in (-1.0, 0.0, 1.0)
    assert sum(shaped) == pytest.approx(plain[-1] - potentials[0], abs=1e-9)
    assert any(abs(r) > 1e-6 for r in shaped[:-1])  # a signal before the end, which is the point


def test_each_shaped_reward_is_the_game_reward_plus_the_discounted_potential_difference() -> None:
    gamma = 0.9
    shaped, plain, potentials = play_twins(3, 0, gamma=gamma)
    for t, (r_shaped, r_plain) in enumerate(zip(shaped, plain, strict=True)):
        assert r_shaped == pytest.approx(r_plain + gamma * potentials[t + 1] - potentials[t], abs=1e-9)
    discounted = sum(gamma**t * r for t, r in enumerate(shaped))
    game = sum(gamma**t * r for t, r in enumerate(plain))
    assert discounted == pytest.approx(game - potentials[0], abs=1e-9)  # the telescoped sum


def test_the_potential_reads_the_learners_view_only() -> None:
    """Swap a card of the opponent's hidden hand with one of the hidden draw pile: the learner's
    view is the same, and so is Phi (the env's own and the hook's)."""
    env = gym.make(MAGNATE, opponents="random", seat=0, reward="shaped")
    env.reset(seed=5)
    rng = random.Random(5)
    for _ in range(12):
        env.step(rng.choice(np.flatnonzero(env.unwrapped.action_masks()).tolist()))
    inner = env.unwrapped
    state = inner.driver.state
    assert state.hands[1] and state.pile
    view_before, phi_before, env_phi_before = state.view(0), phi(env), inner._potential()
    state.hands[1][0], state.pile[0] = state.pile[0], state.hands[1][0]
    assert state.view(0) == view_before
    assert phi(env) == phi_before
    assert inner._potential() == env_phi_before == phi_before


def test_the_magnate_potential_is_the_heuristic_of_the_public_position() -> None:
    """Magnate's heuristic reads only public fields, so Phi of a view equals it on the real state."""
    env = gym.make(MAGNATE, opponents="random", seat=1, reward="shaped")
    env.reset(seed=7)
    rng = random.Random(7)
    for _ in range(30):
        if env.unwrapped.driver.is_over():
            break
        assert phi(env) == pytest.approx(leaf_values(env.unwrapped.driver.state)[1], abs=1e-12)
        assert -1.0 <= phi(env) <= 1.0
        env.step(rng.choice(np.flatnonzero(env.unwrapped.action_masks()).tolist()))


def test_terminal_stays_the_default() -> None:
    env = gym.make(MAGNATE, opponents="random", seat=0)
    assert env.unwrapped.potential is None
    env.reset(seed=1)
    rng = random.Random(1)
    rewards = []
    done = False
    while not done:
        _, reward, done, _, _ = env.step(rng.choice(np.flatnonzero(env.unwrapped.action_masks()).tolist()))
        rewards.append(reward)
    assert all(r == 0.0 for r in rewards[:-1])


def test_an_illegal_action_in_lose_mode_is_shaped_too() -> None:
    env = gym.make(MAGNATE, opponents="random", seat=0, reward="shaped", illegal_action="lose")
    env.reset(seed=2)
    first = phi(env)
    illegal = int(np.flatnonzero(~env.unwrapped.action_masks())[0])
    _, reward, done, _, info = env.step(illegal)
    assert done and "illegal_action" in info
    assert reward == pytest.approx(-1.0 - first)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"reward": "score"}, "reward must be one of terminal, shaped"),
        ({"reward": "shaped", "shaping_gamma": 0.0}, "shaping_gamma must be a number in"),
        ({"reward": "shaped", "shaping_gamma": 1.5}, "shaping_gamma must be a number in"),
        ({"reward": "shaped", "shaping_gamma": True}, "shaping_gamma must be a number in"),
    ],
)
def test_bad_reward_options_are_refused(options: dict, message: str) -> None:
    with pytest.raises(OptionError, match=message):
        gym.make(MAGNATE, opponents="random", **options)


def test_a_game_without_a_potential_refuses_shaping(monkeypatch: pytest.MonkeyPatch) -> None:
    import dataclasses

    from magnates.envs import single_agent

    bare = dataclasses.replace(entry("magistrate"), potential=None)
    monkeypatch.setattr(single_agent, "entry_of", lambda game: bare)
    with pytest.raises(OptionError, match="has no potential to shape rewards with"):
        gym.make(GYM_IDS["magistrate"], opponents="random", reward="shaped")
