"""Balance study: many bot games, the distribution of their length and the win rate by seat.

The designed tables (prices, fees, Fortune events) were tuned with this; the
figures in docs/rules/galactic-magnate.md come from

    python -m magnates.studies.galactic_magnate_balance --players 2 --games 1000
    python -m magnates.studies.galactic_magnate_balance --players 5 --games 1000

Seats play in a random order (a chance node), so the study reports wins both by
seat and by position in the playing order (the first player's edge).
"""

from __future__ import annotations

import argparse
import itertools
import json
import random
import statistics
import time
from collections import Counter
from multiprocessing import Pool
from typing import Any

import magnates
from magnates.bots import make_bot
from magnates.core.chance import sample


def play_one(args: tuple[int, list[str], int, int]) -> dict[str, Any]:
    players, bot_names, seed, max_rounds = args
    game = magnates.load("galactic-magnate", players=players, max_rounds=max_rounds)
    rotation = seed % players
    names = bot_names[rotation:] + bot_names[:rotation]
    bots = [make_bot(name, game) for name in names]
    state = game.new_initial_state()
    chance = random.Random(seed)
    rngs = [random.Random(seed * 1_000_003 + k) for k in range(players)]
    steps = 0
    while not state.is_terminal():
        player = state.current_player()
        if player == magnates.CHANCE:
            action = sample(state.chance_outcomes(), chance)
        else:
            action = bots[player].choose(game, state.view(player), state.legal_actions(), rngs[player])
        state.apply_action(action)
        steps += 1
    result = state.result()
    winner = result.winners[0]
    order = state.order  # type: ignore[attr-defined]
    return {
        "rounds": result.details["rounds"],
        "turns": result.details["turns"],
        "steps": steps,
        "reason": result.reason,
        "winner_seat": winner,
        "winner_position": order.index(winner),
        "winner_bot": names[winner],
        "collapsed": result.details["collapsed"],
    }


def percentile(values: list[int], q: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summarize(players: int, bot_names: list[str], games: list[dict[str, Any]], seconds: float) -> dict[str, Any]:
    rounds = [g["rounds"] for g in games]
    n = len(games)
    bins = [0, 20, 40, 60, 80, 100, 150, 200, 300, 10**9]
    histogram = {}
    for low, high in itertools.pairwise(bins):
        label = f"{low}-{high - 1}" if high < 10**9 else f"{low}+"
        histogram[label] = sum(1 for r in rounds if low <= r < high)
    bot_games: Counter[str] = Counter()
    for rotation in range(players):
        for name in bot_names[rotation:] + bot_names[:rotation]:
            bot_games[name] += sum(1 for i in range(n) if i % players == rotation)
    bot_wins = Counter(g["winner_bot"] for g in games)
    return {
        "players": players,
        "bots": bot_names,
        "games": n,
        "rounds": {
            "mean": round(statistics.mean(rounds), 1),
            "p10": percentile(rounds, 0.1),
            "p25": percentile(rounds, 0.25),
            "median": percentile(rounds, 0.5),
            "p75": percentile(rounds, 0.75),
            "p90": percentile(rounds, 0.9),
            "max": max(rounds),
            "histogram": histogram,
        },
        "mean_turns": round(statistics.mean(g["turns"] for g in games), 1),
        "mean_steps": round(statistics.mean(g["steps"] for g in games), 1),
        "reasons": dict(Counter(g["reason"] for g in games)),
        "collapsed_share": round(sum(g["collapsed"] for g in games) / n, 3),
        "win_rate_by_seat": [round(sum(g["winner_seat"] == s for g in games) / n, 3) for s in range(players)],
        "win_rate_by_position": [round(sum(g["winner_position"] == p for g in games) / n, 3) for p in range(players)],
        "win_rate_by_bot": {name: round(bot_wins[name] / bot_games[name], 3) for name in bot_games},
        "seconds": round(seconds, 1),
        "steps_per_second": round(sum(g["steps"] for g in games) / seconds),
    }


def playout_speed(players: int, seconds: float, seed: int = 0) -> dict[str, Any]:
    """Steps/s of whole games between patient random players, on one core, without views.

    (`magnates bench` plays uniform random games, which end within a few turns
    because Resign is always legal; this measures full-length games.)
    """
    game = magnates.load("galactic-magnate", players=players)
    resign = game.ids.resign  # type: ignore[attr-defined]
    rng = random.Random(seed)
    steps = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = sample(state.chance_outcomes(), rng)
            else:
                legal = [a for a in state.legal_actions() if a != resign] or state.legal_actions()
                action = legal[rng.randrange(len(legal))]
            state.apply_action(action)
            steps += 1
        games += 1
    elapsed = time.perf_counter() - start
    return {"players": players, "games": games, "steps": steps, "steps_per_second": round(steps / elapsed)}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--bots", default="greedy", help="comma-separated, rotated through the seats")
    parser.add_argument("--max-rounds", type=int, default=300)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--speed", type=float, default=0, help="only measure patient-random playouts for N seconds")
    args = parser.parse_args(argv)
    if args.speed:
        print(json.dumps(playout_speed(args.players, args.speed, args.seed)))
        return
    names = args.bots.split(",")
    bot_names = [names[k % len(names)] for k in range(args.players)]
    jobs = [(args.players, bot_names, args.seed + i, args.max_rounds) for i in range(args.games)]
    start = time.perf_counter()
    if args.workers > 1:
        with Pool(args.workers) as pool:
            games = pool.map(play_one, jobs, chunksize=8)
    else:
        games = [play_one(job) for job in jobs]
    print(json.dumps(summarize(args.players, bot_names, games, time.perf_counter() - start), indent=1))


if __name__ == "__main__":
    main()
