"""One search bot against greedy opponents at any player count, with time per decision.

    python -m tests.magistrate.strength --players 3 --level hard --games 200 [--start 0 --step 1]

Game i uses seed i and gives the search bot seat i % players, so every seat order of one search
bot among greedy bots comes up equally often (`magnates arena` with `--bots hard,greedy` and three
seats also plays two search bots against one greedy). Run two copies with `--start 0/1 --step 2`
to use two cores. One line per game (index, seat, win share, scores, decisions timed, seconds,
slowest decision), then a summary with the Wilson 95% interval; a shared first place counts as a
share of a win. Decisions with one legal action are not timed (the bot does not search them).
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import magnates
from magnates.bots import make_bot
from magnates.core.bot import Bot
from magnates.core.chance import sample
from magnates.core.game import Game


@dataclass
class Timed:
    """A bot that records how long each real decision took."""

    bot: Bot
    times: list[float] = field(default_factory=list)

    @property
    def name(self) -> str:
        return self.bot.name

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        start = time.perf_counter()
        action = self.bot.choose(game, view, legal, rng)
        if len(legal) > 1:
            self.times.append(time.perf_counter() - start)
        return action


def win_share(game: Game, bots: list[Any], seed: int, seat: int) -> tuple[float, list[float]]:
    """Play game `seed`; the share of first place that `seat` took, and the scores."""
    chance = random.Random(f"chance-{seed}")
    rngs = [random.Random(f"bot-{seed}-{s}") for s in range(len(bots))]
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample(state.chance_outcomes(), chance)
        else:
            s = state.current_player()
            action = bots[s].choose(game, state.view(s), list(state.legal_actions()), rngs[s])
        state.apply_action(action)
    result = state.result()
    firsts = [s for s, place in enumerate(result.ranking) if place == 1]
    return (1.0 / len(firsts) if seat in firsts else 0.0), result.scores


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def match(players: int, level: str, games: range, opponent: str = "greedy") -> tuple[float, int, list[float]]:
    """Win shares of `level` over `games` (seat i % players), and its decision times; prints each game."""
    game = magnates.load("magistrate", players=players)
    timed = Timed(make_bot(level, game))
    rival = make_bot(opponent, game)
    wins = 0.0
    played = 0
    for index in games:
        seat = index % players
        bots: list[Any] = [rival] * players
        bots[seat] = timed
        before = len(timed.times)
        share, scores = win_share(game, bots, index, seat)
        spent = timed.times[before:]
        wins += share
        played += 1
        slowest = round(max(spent, default=0.0), 3)
        print(index, seat, share, scores, len(spent), round(sum(spent), 2), slowest, flush=True)
    return wins, played, timed.times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--step", type=int, default=1)
    args = parser.parse_args()
    wins, played, times = match(args.players, args.level, range(args.start, args.games, args.step), args.opponent)
    low, high = wilson(wins, played)
    times.sort()
    print(
        f"{args.level} vs {args.players - 1} x {args.opponent}, {args.players} players: {wins:g}/{played} "
        f"({wins / played:.1%}, 95% CI {low:.1%}-{high:.1%}, fair share {1 / args.players:.1%}); "
        f"{len(times)} decisions, mean {sum(times) / max(1, len(times)):.3f} s, max {times[-1] if times else 0:.3f} s"
    )


if __name__ == "__main__":
    main()
