"""A game's card for learners, measured: players, episode length, returns, observation ranges,
and the baselines a first agent should beat (random and greedy, against random and greedy).

    python -m magnates.envs.card magistratvm --games 40

Every figure comes from games played through the Gymnasium env (`magnates/<Game>-v0`, default
settings, concessions masked) with the learner's seat rotating over the table, so an episode's
length is what a learner sees: its own decisions, not the whole game's. A "win" is a return of +1
(every opponent beaten: first place outright); the mean return is the game's own (`returns()`), with
a normal 95% interval. The markdown printed is what docs/envs.md's game cards hold.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

import gymnasium as gym
import numpy as np

from magnates.bots import make_bot
from magnates.envs.registration import GYM_IDS
from magnates.envs.single_agent import MagnatesGymEnv
from magnates.sim.stats import Z95, wilson_interval

AGENTS = ("random", "greedy")
"""The baseline learners: uniformly random over the mask, and the platform's greedy bot."""
OPPONENTS = ("random-no-concede", "greedy")
"""Who they meet at every other seat (random without concessions: the games run their course)."""


@dataclass
class Baseline:
    """One learner against one kind of opponent: its returns and its episode lengths."""

    agent: str
    opponents: str
    returns: list[float] = field(default_factory=list)
    lengths: list[int] = field(default_factory=list)

    @property
    def wins(self) -> int:
        return sum(1 for r in self.returns if r >= 1.0)

    def mean_interval(self) -> tuple[float, float, float]:
        n = len(self.returns)
        mean = statistics.fmean(self.returns) if n else 0.0
        half = Z95 * statistics.stdev(self.returns) / math.sqrt(n) if n > 1 else 0.0
        return mean, mean - half, mean + half


@dataclass
class Card:
    game: str
    players: int
    actions: int
    observation_size: int
    unit_features: int
    finite_features: int
    unbounded: list[str]
    baselines: list[Baseline]
    seconds: float


def play_episode(env: Any, agent: str, seed: int) -> tuple[float, int]:
    """One episode of `agent` through the env: its final reward and its number of decisions."""
    unwrapped = env.unwrapped
    rng = random.Random(seed)
    bot = make_bot("greedy", unwrapped.game) if agent == "greedy" else None
    _, info = env.reset(seed=seed)
    steps, reward, done = 0, 0.0, False
    while not done:
        legal = info["legal_actions"]
        if bot is None:
            action = legal[rng.randrange(len(legal))]
        else:
            view = unwrapped.driver.state.view(unwrapped.seat)
            action = bot.choose(unwrapped.game, view, unwrapped.driver.legal(), rng)
        _, reward, done, _, info = env.step(action)
        steps += 1
    return float(reward), steps


def measure(game: str, games: int, seed: int = 0, **options: Any) -> Card:
    """Play `games` episodes for each learner and opponent pairing; the card of the default options."""
    started = time.perf_counter()
    probe = MagnatesGymEnv(game, **options)
    players = probe.game.num_players
    encoder = probe.driver.encoder
    low, high = (np.array(b) for b in encoder.bounds())
    unit = int(((low == 0) & (high == 1)).sum())
    finite = int((np.isfinite(low) & np.isfinite(high)).sum())
    names = [name for name, (a, b) in encoder.slices.items() for _ in range(a, b)]
    unbounded = sorted({names[i] for i in np.flatnonzero(~(np.isfinite(low) & np.isfinite(high)))})
    baselines = []
    for agent in AGENTS:
        for opponents in OPPONENTS:
            baseline = Baseline(agent, opponents)
            for i in range(games):
                env = gym.make(GYM_IDS[game], opponents=opponents, seat=i % players, **options)
                reward, steps = play_episode(env, agent, seed * 1_000_003 + i)
                baseline.returns.append(reward)
                baseline.lengths.append(steps)
            baselines.append(baseline)
    return Card(
        game=game,
        players=players,
        actions=probe.driver.num_actions,
        observation_size=encoder.size,
        unit_features=unit,
        finite_features=finite,
        unbounded=unbounded,
        baselines=baselines,
        seconds=time.perf_counter() - started,
    )


def markdown(card: Card) -> str:
    """The card as docs/envs.md shows it."""
    every = [n for b in card.baselines for n in b.lengths]
    lines = [
        f"- Players (default options): {card.players}; actions: {card.actions:,}; observation: "
        f"{card.observation_size:,} float32 ({card.unit_features:,} in [0, 1], {card.finite_features:,} "
        f"with finite bounds; unbounded: {', '.join(card.unbounded) or 'none'}).",
        f"- Episode length (the learner's decisions, all {len(every)} games below): median "
        f"{statistics.median(every):.0f}, mean {statistics.fmean(every):.0f}, max {max(every)}.",
        "",
        "| learner | opponents | games | wins (return +1) | 95% CI | mean return | 95% CI | median length |",
        "|---|---|---:|---:|---|---:|---|---:|",
    ]
    for b in card.baselines:
        n = len(b.returns)
        lo, hi = wilson_interval(b.wins, n)
        mean, mlo, mhi = b.mean_interval()
        lines.append(
            f"| {b.agent} | {b.opponents} | {n} | {b.wins / n:.0%} | {lo:.0%}-{hi:.0%} | {mean:+.2f} | "
            f"{mlo:+.2f} to {mhi:+.2f} | {statistics.median(b.lengths):.0f} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m magnates.envs.card", description=__doc__.split("\n")[0])
    parser.add_argument("game", choices=sorted(GYM_IDS))
    parser.add_argument("--games", type=int, default=40, help="episodes per learner and opponent pairing")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.games < 2:
        parser.error("--games must be at least 2")
    card = measure(args.game, args.games, args.seed)
    print(markdown(card))
    print(f"\n({card.seconds:.0f} s)")


if __name__ == "__main__":
    main()
