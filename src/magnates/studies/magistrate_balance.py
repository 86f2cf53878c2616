"""Balance by simulation: win rate by seat and by bot style, and how each action type is used.

Run `python -m magnates.studies.magistrate_balance --games 1000` (docs/rules/magistrate.md
holds the tables it printed). Seats are rotated so every bot plays every seat
equally often; every game has its own seed, so a run is reproducible.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from magnates.bots.random_bot import RandomBot
from magnates.core.bot import Bot
from magnates.core.chance import sample
from magnates.core.game import Game
from magnates.games.magistrate.actions import ACTION_KINDS
from magnates.games.magistrate.bots import FACTORIES
from magnates.games.magistrate.game import MagistrateGame


@dataclass
class GameStats:
    names: list[str]
    ranking: list[int]
    scores: list[float]
    rounds: int
    steps: int
    kinds: list[dict[str, int]] = field(default_factory=list)
    """Per seat: how many times it chose each action kind."""


def make_bot(name: str, game: MagistrateGame) -> Bot:
    """A bot by name; `greedy-no-KIND` is greedy forbidden one action kind (for ablation)."""
    if name == "random":
        return RandomBot()
    base, _, banned = name.partition("-no-")
    bot = FACTORIES[base](game)
    return Without(bot, banned, game) if banned else bot


class Without:
    """A bot that never takes actions of one kind (unless nothing else is legal)."""

    def __init__(self, bot: Bot, kind: str, game: MagistrateGame) -> None:
        self.bot = bot
        self.kind = kind
        self.name = f"{bot.name}-no-{kind}"
        self.kind_of = game.ids.kind_of

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        allowed = [a for a in legal if self.kind_of[a] != self.kind] or legal
        return self.bot.choose(game, view, allowed, rng)


def play(players: int, names: Sequence[str], seed: int) -> GameStats:
    game = MagistrateGame(players=players)
    bots = [make_bot(name, game) for name in names]
    rng = random.Random(seed)
    state = game.new_initial_state()
    kinds: list[Counter[str]] = [Counter() for _ in range(players)]
    kind_of = game.ids.kind_of
    steps = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample(state.chance_outcomes(), rng)
        else:
            seat = state.current_player()
            action = bots[seat].choose(game, state.view(seat), state.legal_actions(), rng)
            kinds[seat][kind_of[action]] += 1
        state.apply_action(action)
        steps += 1
    result = state.result()
    return GameStats(list(names), result.ranking, result.scores, state.round, steps, [dict(k) for k in kinds])


def _play_many(args: tuple[int, list[str], int, int]) -> list[GameStats]:
    players, lineup, start, count = args
    out = []
    for index in range(start, start + count):
        shift = index % players
        names = lineup[shift:] + lineup[:shift]
        out.append(play(players, names, seed=1_000_003 * players + index))
    return out


def run(players: int, lineup: list[str], games: int, workers: int) -> list[GameStats]:
    chunk = max(1, games // (workers * 4))
    tasks = [(players, lineup, start, min(chunk, games - start)) for start in range(0, games, chunk)]
    if workers <= 1:
        return [g for t in tasks for g in _play_many(t)]
    with ProcessPoolExecutor(workers) as pool:
        return [g for batch in pool.map(_play_many, tasks) for g in batch]


def win_share(stats: GameStats, seat: int) -> float:
    """1 for a sole winner, 1/k for a k-way shared first place."""
    winners = stats.ranking.count(1)
    return 1.0 / winners if stats.ranking[seat] == 1 else 0.0


def ci95(p: float, n: int) -> float:
    return 1.96 * math.sqrt(max(p * (1 - p), 1e-9) / n)


def seat_table(all_stats: list[GameStats], players: int) -> str:
    games = len(all_stats)
    rows = []
    for seat in range(players):
        rate = sum(win_share(g, seat) for g in all_stats) / games
        rows.append(f"| {seat + 1} | {rate:.3f} ± {ci95(rate, games):.3f} |")
    return "| seat | win rate |\n|---|---|\n" + "\n".join(rows)


def bot_table(all_stats: list[GameStats]) -> str:
    wins: dict[str, float] = defaultdict(float)
    seats: Counter[str] = Counter()
    vp: dict[str, float] = defaultdict(float)
    for g in all_stats:
        for seat, name in enumerate(g.names):
            wins[name] += win_share(g, seat)
            seats[name] += 1
            vp[name] += g.scores[seat]
    rows = [
        f"| {name} | {wins[name] / seats[name]:.3f} ± {ci95(wins[name] / seats[name], seats[name]):.3f}"
        f" | {vp[name] / seats[name]:.1f} |"
        for name in sorted(seats)
    ]
    return "| bot | win rate per seat taken | mean VP |\n|---|---|---|\n" + "\n".join(rows)


def kind_table(all_stats: list[GameStats]) -> str:
    """Share of all decisions per kind, mean uses per player-game, and the correlation with winning."""
    totals: Counter[str] = Counter()
    samples: dict[str, list[tuple[int, float, float]]] = {k: [] for k in ACTION_KINDS}
    for g in all_stats:
        for seat, kinds in enumerate(g.kinds):
            won = win_share(g, seat)
            decisions = sum(kinds.get(kind, 0) for kind in ACTION_KINDS) or 1
            for kind in ACTION_KINDS:
                count = kinds.get(kind, 0)
                totals[kind] += count
                samples[kind].append((count, count / decisions, won))
    grand = sum(totals.values()) or 1
    rows = []
    for kind in ACTION_KINDS:
        counts = [c for c, _, _ in samples[kind]]
        shares = [f for _, f, _ in samples[kind]]
        wins = [w for _, _, w in samples[kind]]
        rows.append(
            f"| {kind} | {totals[kind] / grand:.3f} | {sum(counts) / len(counts):.2f}"
            f" | {_correlation(counts, wins):+.3f} | {_correlation(shares, wins):+.3f} |"
        )
    return (
        "| action kind | share of decisions | uses per player-game | corr(uses, win) | corr(share, win) |\n"
        "|---|---|---|---|---|\n" + "\n".join(rows)
    )


def _correlation(xs: Sequence[float], ys: Sequence[float]) -> float:
    n = len(xs)
    mx, my = sum(xs) / n, sum(ys) / n
    sxy = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True))
    sxx = sum((x - mx) ** 2 for x in xs)
    syy = sum((y - my) ** 2 for y in ys)
    return sxy / math.sqrt(sxx * syy) if sxx > 0 and syy > 0 else 0.0


def length_line(all_stats: list[GameStats]) -> str:
    rounds = sorted(g.rounds for g in all_stats)
    steps = sum(g.steps for g in all_stats) / len(all_stats)
    p90 = rounds[int(0.9 * (len(rounds) - 1))]
    return (
        f"rounds per game: mean {sum(rounds) / len(rounds):.1f}, min {rounds[0]}, 90th percentile {p90},"
        f" max {rounds[-1]}; decisions and chance steps per game {steps:.0f}"
    )


LINEUPS: dict[str, dict[int, list[str]]] = {
    "seats (all greedy)": {2: ["greedy"] * 2, 3: ["greedy"] * 3, 4: ["greedy"] * 4},
    "styles": {
        2: ["greedy", "people"],
        3: ["people", "military", "agent"],
        4: ["greedy", "people", "military", "agent"],
    },
    "styles b": {2: ["military", "agent"]},
    "greedy vs random": {2: ["greedy", "random"], 3: ["greedy", "random", "random"], 4: ["greedy"] + ["random"] * 3},
    "random": {2: ["random"] * 2, 3: ["random"] * 3, 4: ["random"] * 4},
}


def scarcity(players: int, games: int, bot: str = "greedy") -> str:
    """How often the Central Stockpile is out of a colour, and how often no card is left to draw."""
    game = MagistrateGame(players=players)
    empty = [0, 0, 0]
    no_card = steps = 0
    for seed in range(games):
        bots = [make_bot(bot, game) for _ in range(players)]
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = sample(state.chance_outcomes(), rng)
            else:
                seat = state.current_player()
                action = bots[seat].choose(game, state.view(seat), state.legal_actions(), rng)
            state.apply_action(action)
            steps += 1
            for colour in range(3):
                empty[colour] += state.stockpile[colour] == 0
            no_card += not state.deck and not state.discard
    names = ("purple", "green", "orange")
    shares = ", ".join(f"{name} {count / steps:.3f}" for name, count in zip(names, empty, strict=True))
    return f"{players}p {bot}: share of steps with the stockpile out of {shares}; no card to draw {no_card / steps:.3f}"


ABLATED = ("influence", "march", "fortify", "popularity", "add_agent", "agent_op", "produce", "conscript", "attack")


def ablation(players: int, games: int, workers: int) -> str:
    """Greedy against greedy that may not use one action kind: what each kind is worth."""
    rows = []
    for kind in ABLATED:
        handicapped = f"greedy-no-{kind}"
        stats = run(players, [handicapped] + ["greedy"] * (players - 1), games, workers)
        share = sum(win_share(g, g.names.index(handicapped)) for g in stats) / games
        rows.append(f"| {kind} | {share:.3f} ± {ci95(share, games):.3f} |")
    header = f"| greedy without | its win rate against {players - 1} greedy (fair share {1 / players:.3f}) |"
    return header + "\n|---|---|\n" + "\n".join(rows)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--players", type=int, nargs="*", default=[2, 3, 4])
    parser.add_argument("--workers", type=int, default=4)
    parser.add_argument("--lineups", nargs="*", default=list(LINEUPS))
    parser.add_argument("--ablation", action="store_true", help="greedy forbidden one action kind, per kind")
    parser.add_argument("--scarcity", action="store_true", help="only report stockpile and deck shortages")
    args = parser.parse_args(argv)
    if args.ablation:
        for players in args.players:
            print(f"\n### ablation, {players} players, {args.games} games per row\n")
            print(ablation(players, args.games, args.workers))
        return
    if args.scarcity:
        for players in args.players:
            for bot in ("greedy", "random"):
                print(scarcity(players, args.games, bot))
        return
    for title in args.lineups:
        for players in args.players:
            lineup = LINEUPS[title].get(players)
            if lineup is None:
                continue
            start = time.perf_counter()
            stats = run(players, lineup, args.games, args.workers)
            took = time.perf_counter() - start
            print(f"\n### {title}, {players} players, {args.games} games ({' / '.join(lineup)}; {took:.0f} s)\n")
            print(length_line(stats) + "\n")
            print(seat_table(stats, players) + "\n")
            if len(set(lineup)) > 1:
                print(bot_table(stats) + "\n")
            print(kind_table(stats))


if __name__ == "__main__":
    main()
