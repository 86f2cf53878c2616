"""Train sb3-contrib's MaskablePPO at two-player Magnate against the random bot, and measure it.

Install (torch is not in any magnates extra: from PyPI it pulls gigabytes of CUDA libraries, so
pick the build you want yourself):

    pip install 'magnates[rl]' torch stable-baselines3 sb3-contrib
    python examples/maskable_ppo_magnate.py                      # 100,000 steps: about 2 hours on a busy 2-core box
    python examples/maskable_ppo_magnate.py --steps 20000 --games 100
    python examples/maskable_ppo_magnate.py --minutes 10 --greedy  # stop training after 10 minutes

It plays `--games` games of the untrained policy against the random bot, trains for `--steps`
agent steps (the learner's decisions; the opponent's moves and the dice happen inside the env),
then plays the same number of games again, and prints both win rates with 95% intervals. With
`--greedy` it also measures the trained policy against the greedy bot. The learner sees its own
view only (the observation vector) and picks among the legal actions (the mask).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Any

try:
    import gymnasium as gym
    import numpy as np
    import torch
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.wrappers import ActionMasker
    from stable_baselines3.common.callbacks import BaseCallback
except ImportError as err:  # pragma: no cover - an example's own install line
    sys.exit(f"this example needs: pip install 'magnates[rl]' torch stable-baselines3 sb3-contrib ({err})")

import magnates.envs  # noqa: F401  (registers magnates/Magnate-v0)


def masked_env(opponent: str, seat: int = 0) -> Any:
    env = gym.make("magnates/Magnate-v0", opponents=opponent, seat=seat)
    return ActionMasker(env, lambda e: e.unwrapped.action_masks())


def wilson(wins: float, games: int) -> tuple[float, float]:
    if games == 0:
        return 0.0, 0.0
    z, p = 1.96, wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def win_rate(model: Any, opponent: str, games: int, seed: int) -> tuple[float, float, float]:
    """Share of games won (a draw counts half) by the policy, playing seat 0 and 1 in turn."""
    score = 0.0
    for game in range(games):
        env = masked_env(opponent, seat=game % 2)
        observation, _ = env.reset(seed=seed + game)
        done, reward = False, 0.0
        while not done:
            mask = env.unwrapped.action_masks()
            action, _ = model.predict(observation, action_masks=mask, deterministic=True)
            observation, reward, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        score += 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0
    low, high = wilson(score, games)
    return score / games, low, high


class TimeBudget(BaseCallback):  # type: ignore[misc]
    """Stops training once the wall-clock budget is spent, so a run on a shared machine ends on time."""

    def __init__(self, minutes: float) -> None:
        super().__init__()
        self.deadline = time.perf_counter() + minutes * 60

    def _on_step(self) -> bool:
        return time.perf_counter() < self.deadline


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=100_000, help="training steps (learner decisions)")
    parser.add_argument("--games", type=int, default=200, help="evaluation games before and after")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (one suits a small MLP best)")
    parser.add_argument("--minutes", type=float, default=None, help="stop training after this many minutes")
    parser.add_argument("--greedy", action="store_true", help="also measure the trained policy against greedy")
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    model = MaskablePPO(
        "MlpPolicy",
        masked_env("random"),
        seed=args.seed,
        n_steps=2048,
        batch_size=256,
        learning_rate=3e-4,
        gamma=0.999,
        policy_kwargs={"net_arch": [256, 256]},
        verbose=0,
    )
    started = time.perf_counter()
    before = win_rate(model, "random", args.games, seed=10_000)
    print(f"evaluated {args.games} games in {(time.perf_counter() - started) / 60:.1f} min", flush=True)
    print(
        f"before training: {before[0]:.1%} against random (95% CI {before[1]:.1%}-{before[2]:.1%}, {args.games} games)",
        flush=True,
    )
    started = time.perf_counter()
    model.learn(total_timesteps=args.steps, callback=TimeBudget(args.minutes) if args.minutes else None)
    minutes = (time.perf_counter() - started) / 60
    args.steps = model.num_timesteps
    after = win_rate(model, "random", args.games, seed=10_000)
    print(f"trained {args.steps:,} steps in {minutes:.1f} min")
    print(f"after training:  {after[0]:.1%} against random (95% CI {after[1]:.1%}-{after[2]:.1%}, {args.games} games)")
    if args.greedy:
        greedy = win_rate(model, "greedy", args.games, seed=20_000)
        print(f"against greedy:  {greedy[0]:.1%} (95% CI {greedy[1]:.1%}-{greedy[2]:.1%}, {args.games} games)")
    return 0


if __name__ == "__main__":
    np.set_printoptions(precision=3)
    sys.exit(main())
