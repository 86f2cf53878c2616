"""One search bot against greedy opponents at any player count: win rate, its 95% interval, time.

    python -m magnates.games.galactic_magnate.search_study hard --players 4 --games 200 [--workers 2]

`magnates arena` seats two bots in every mix (in four seats: 3+1, 2+2, 1+3), which answers a
different question; this asks how one search bot fares alone against greedy opponents. Game i
uses seed i and puts the search bot in seat i % players, so every seat is played equally often
(the playing order is chance's, as in any game). Time per decision counts only decisions with
more than one legal action (the bot does not search the others); it depends on the machine's
load, so read it with the load average printed at the end.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import os
import random
import time
from collections.abc import Mapping
from typing import Any

import magnates
from magnates.bots import make_bot
from magnates.core.chance import sample

Outcome = tuple[int, int, bool, list[float]]  # (game, seat, won, seconds per searched decision)


def play_one(level: str, players: int, index: int) -> Outcome:
    game = magnates.load("galactic-magnate", players=players)
    seat = index % players
    bots = [make_bot("greedy", game) for _ in range(players)]
    bots[seat] = make_bot(level, game)
    chance = random.Random(f"chance-{index}")
    rngs = [random.Random(f"bot-{index}-{k}") for k in range(players)]
    state = game.new_initial_state()
    times: list[float] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), chance))
            continue
        player = state.current_player()
        legal = state.legal_actions()
        view: Mapping[str, Any] = state.view(player)
        start = time.perf_counter()
        action = bots[player].choose(game, view, list(legal), rngs[player])
        if player == seat and len(legal) > 1:
            times.append(time.perf_counter() - start)
        state.apply_action(action)
    return index, seat, state.result().winners == [seat], times


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a win rate (sound near 0 and 1, unlike the normal one)."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def _run(job: tuple[str, int, int]) -> Outcome:
    return play_one(*job)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("level", help="a search level (easy, medium, hard, ismcts, mcts)")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    jobs = [(args.level, args.players, i) for i in range(args.games)]
    outcomes: list[Outcome] = []
    with multiprocessing.Pool(args.workers) as pool:
        for outcome in pool.imap_unordered(_run, jobs):
            index, seat, won, times = outcome
            print(f"game {index}: seat {seat}, {'won' if won else 'lost'}, {len(times)} decisions", flush=True)
            outcomes.append(outcome)
    outcomes.sort()
    wins = sum(won for _, _, won, _ in outcomes)
    times = [t for *_, game_times in outcomes for t in game_times]
    by_seat = [sum(won for _, seat, won, _ in outcomes if seat == k) for k in range(args.players)]
    low, high = wilson(wins, len(outcomes))
    print(
        f"{args.level} alone against {args.players - 1} greedy, {len(outcomes)} games: "
        f"{wins} wins ({wins / len(outcomes):.1%}, 95% CI {low:.1%}-{high:.1%}; fair share "
        f"{1 / args.players:.1%}); wins by seat {by_seat}"
    )
    print(
        f"time per searched decision: mean {1000 * sum(times) / max(1, len(times)):.1f} ms, "
        f"max {1000 * max(times, default=0.0):.0f} ms over {len(times)} decisions; "
        f"load average {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
