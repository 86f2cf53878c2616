"""Train sb3-contrib's MaskablePPO at two-player Magnate against the random bot, and measure it.

Install (torch is not in any magnates extra: from PyPI it pulls gigabytes of CUDA libraries, so
pick the build you want yourself):

    pip install 'magnates[rl]' torch stable-baselines3 sb3-contrib
    python examples/maskable_ppo_magnate.py --games 400 --greedy --sampled --minutes 30  # docs/envs.md's run
    python examples/maskable_ppo_magnate.py --steps 20000 --games 100
    python examples/maskable_ppo_magnate.py --reward terminal --gamma 0.999  # the earlier recipe

It plays `--games` games of the untrained policy against the random bot, trains for `--steps`
agent steps (the learner's decisions; the opponent's moves and the dice happen inside the env),
then plays the same games again, and prints both win rates with 95% intervals. With `--greedy` it
also measures the trained policy against the greedy bot, with `--sampled` the trained policy
sampling its moves instead of taking its most likely one. The learner sees its own view only (the
observation vector) and picks among the legal actions (the mask).

By default it trains on shaped rewards (the env's `reward="shaped"`): the game's result plus
gamma * Phi(s') - Phi(s), where Phi is Magnate's heuristic win chance read off the learner's own
view. That is potential-based shaping, which keeps the best policy, and it turns one reward at the
end of a game of some 90 decisions into a signal at each. The games it is measured in are never
shaped: a win is a win of the game itself.
"""

from __future__ import annotations

import argparse
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
from magnates.sim.stats import wilson_interval


def masked_env(opponent: str, seat: int = 0, reward: str = "terminal", gamma: float = 1.0) -> Any:
    shaping: dict[str, Any] = {"reward": reward, "shaping_gamma": gamma} if reward == "shaped" else {}
    env = gym.make("magnates/Magnate-v0", opponents=opponent, seat=seat, **shaping)
    return ActionMasker(env, lambda e: e.unwrapped.action_masks())


def win_rate(
    model: Any, opponent: str, games: int, seed: int, deterministic: bool = True
) -> tuple[float, float, float]:
    """Share of games won (a draw counts half) by the policy, playing seat 0 and 1 in turn (the
    game's own result: the evaluation env is never shaped)."""
    score = 0.0
    for game in range(games):
        env = masked_env(opponent, seat=game % 2)
        observation, _ = env.reset(seed=seed + game)
        done, reward = False, 0.0
        while not done:
            mask = env.unwrapped.action_masks()
            action, _ = model.predict(observation, action_masks=mask, deterministic=deterministic)
            observation, reward, terminated, truncated, _ = env.step(int(action))
            done = terminated or truncated
        score += 1.0 if reward > 0 else 0.5 if reward == 0 else 0.0
    low, high = wilson_interval(score, games)
    return score / games, low, high


class TimeBudget(BaseCallback):  # type: ignore[misc]
    """Stops training once the wall-clock budget is spent, so a run on a shared machine ends on time."""

    def __init__(self, minutes: float) -> None:
        super().__init__()
        self.deadline = time.perf_counter() + minutes * 60

    def _on_step(self) -> bool:
        return time.perf_counter() < self.deadline


def report(label: str, rate: tuple[float, float, float], games: int, against: str = "against random") -> None:
    against = f" {against}" if against else ""
    print(f"{label} {rate[0]:.1%}{against} (95% CI {rate[1]:.1%}-{rate[2]:.1%}, {games} games)", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--steps", type=int, default=500_000, help="training steps (learner decisions)")
    parser.add_argument("--games", type=int, default=200, help="evaluation games before and after")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--threads", type=int, default=1, help="torch threads (one suits a small MLP best)")
    parser.add_argument("--minutes", type=float, default=None, help="stop training after this many minutes")
    parser.add_argument("--greedy", action="store_true", help="also measure the trained policy against greedy")
    parser.add_argument(
        "--reward",
        choices=("shaped", "terminal"),
        default="shaped",
        help="training reward: the game's result plus potential-based shaping (default), or the result only",
    )
    parser.add_argument("--gamma", type=float, default=0.99, help="discount (also the shaping's gamma)")
    parser.add_argument("--n-steps", type=int, default=2048, help="steps collected per PPO update")
    parser.add_argument("--batch-size", type=int, default=256)
    parser.add_argument("--epochs", type=int, default=10, help="passes over each batch of steps")
    parser.add_argument("--lr", type=float, default=3e-4, help="learning rate")
    parser.add_argument("--ent-coef", type=float, default=0.0, help="entropy bonus")
    parser.add_argument("--net", type=int, nargs="+", default=[256, 256], help="hidden layer widths")
    parser.add_argument(
        "--sampled", action="store_true", help="also measure the trained policy sampling its moves, not its argmax"
    )
    args = parser.parse_args(argv)
    torch.set_num_threads(args.threads)
    model = MaskablePPO(
        "MlpPolicy",
        masked_env("random", reward=args.reward, gamma=args.gamma),
        seed=args.seed,
        n_steps=args.n_steps,
        batch_size=args.batch_size,
        n_epochs=args.epochs,
        learning_rate=args.lr,
        ent_coef=args.ent_coef,
        gamma=args.gamma,
        policy_kwargs={"net_arch": list(args.net)},
        verbose=0,
    )
    started = time.perf_counter()
    before = win_rate(model, "random", args.games, seed=10_000)
    print(f"evaluated {args.games} games in {(time.perf_counter() - started) / 60:.1f} min", flush=True)
    report("before training:", before, args.games)
    started = time.perf_counter()
    model.learn(total_timesteps=args.steps, callback=TimeBudget(args.minutes) if args.minutes else None)
    minutes = (time.perf_counter() - started) / 60
    args.steps = model.num_timesteps
    after = win_rate(model, "random", args.games, seed=10_000)
    print(f"trained {args.steps:,} steps in {minutes:.1f} min ({args.reward} reward)")
    report("after training: ", after, args.games)
    if args.sampled:
        report("sampled moves:  ", win_rate(model, "random", args.games, seed=10_000, deterministic=False), args.games)
    if args.greedy:
        report("against greedy: ", win_rate(model, "greedy", args.games, seed=20_000), args.games, against="")
    return 0


if __name__ == "__main__":
    np.set_printoptions(precision=3)
    sys.exit(main())
