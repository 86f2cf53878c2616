"""How a bot's strength grows with its thinking time: win rate at several seconds a decision against `hard`.

    python benchmarks/thinking_time.py magnate --seconds 0.05,0.2,1,5 --games 200 --out docs/studies/thinking-time
    python benchmarks/thinking_time.py magistrate --players 3 --seconds 0.05,0.2 --games 20

The studied bot is `expert` where the game and options offer it, else `hard` (`--bot` picks another
search bot). At each time it plays with `seconds=S` (`magnates.bots.thinking`: S bounds the whole
decision, search and check together) alone against `hard` at its default in every other seat.
Game i uses seed i and gives the studied bot seat i % players, so every seat is played equally
often, and every time is played on the same games (`magnates.sim.strength`). A shared first place
counts as that share of a win.

Prints one line per game (seconds, index, seat, share of first place, scores, decisions timed,
their seconds, the slowest), then a table: games, wins, win rate with its 95% Wilson interval, the
fair share, the mean and slowest decision and the load average. With `--out DIR` it writes the
game lines (`<game>-<players>p.csv`) and the plot (`<game>-<players>p.png` and `.svg`: win rate
against seconds a decision, log scale, with the intervals and the fair share).

`--merge A.csv B.csv ...` joins the game lines that runs made apart (two processes on two cores,
or more games later) into one table, one CSV and one plot in `--out`, without playing; the load
average of a merged point is the mean of its parts'; where a game index appears twice for one
time, the later file's line is kept.

A time budget depends on the machine: at a load above the cores, a decision gets less CPU than its
seconds say, so the load average is printed beside every figure.
"""

from __future__ import annotations

import argparse
import csv
import os
from dataclasses import dataclass
from pathlib import Path

import magnates
from magnates.bots.registry import available, make_bot
from magnates.cli.common import load_game
from magnates.core.game import Game
from magnates.sim.stats import wilson_interval
from magnates.sim.strength import GameLine, Study, study

FIELD = "hard"
"""The opponent in every other seat, at its default budget."""


@dataclass
class Point:
    """One thinking time's games."""

    seconds: float
    result: Study
    load: float
    """The load average when its games ended (NaN where a merged file did not say)."""

    @property
    def rate(self) -> float:
        return self.result.wins / self.result.played if self.result.played else 0.0


def studied_bot(game: Game, chosen: str | None) -> str:
    """`chosen`, else `expert` where this game and option set offer it, else `hard`."""
    if chosen:
        return chosen
    return "expert" if "expert" in available(game) else "hard"


def parse_seconds(text: str) -> list[float]:
    try:
        values = [float(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise SystemExit(f"--seconds is a comma-separated list of numbers, not {text!r}") from None
    if not values:
        raise SystemExit("--seconds names no time")
    return values


def table(game: Game, bot: str, points: list[Point]) -> str:
    fair = 1 / game.num_players
    lines = [
        f"{game.name} ({game.num_players} players, {game.options}): {bot} at S s a decision alone against "
        f"{FIELD} (default) in every other seat; fair share {fair:.1%}",
        f"{'seconds':>8} {'games':>6} {'wins':>6} {'win rate':>9} {'95% CI':>15} "
        f"{'mean s':>7} {'max s':>7} {'load':>5}",
    ]
    for point in points:
        played = point.result.played
        low, high = wilson_interval(point.result.wins, played)
        games = point.result.games
        decisions = sum(line.decisions for line in games)
        mean = sum(line.seconds for line in games) / decisions if decisions else 0.0
        slowest = max((line.slowest for line in games), default=0.0)
        lines.append(
            f"{point.seconds:>8g} {played:>6} {point.result.wins:>6g} {point.rate:>9.1%} "
            f"{f'{low:.1%}-{high:.1%}':>15} {mean:>7.3f} {slowest:>7.3f} {point.load:>5.1f}"
        )
    return "\n".join(lines)


def plot(game: Game, bot: str, points: list[Point], out: Path) -> list[Path]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    xs = [p.seconds for p in points]
    rates = [p.rate for p in points]
    intervals = [wilson_interval(p.result.wins, p.result.played) for p in points]
    below = [r - lo for r, (lo, _) in zip(rates, intervals, strict=True)]
    above = [hi - r for r, (_, hi) in zip(rates, intervals, strict=True)]
    fig, ax = plt.subplots(figsize=(6, 4))
    ax.errorbar(xs, rates, yerr=[below, above], fmt="o-", capsize=5, color="#4c72b0", label=bot)
    ax.axhline(1 / game.num_players, color="grey", linestyle=":", linewidth=1, label="fair share")
    ax.set_xscale("log")
    ax.minorticks_off()
    ax.set_xticks(xs, [f"{x:g}" for x in xs])
    ax.set_ylim(0, 1)
    ax.set_xlabel("seconds a decision (whole decision)")
    ax.set_ylabel(f"share of games won against {FIELD} (95% CI)")
    games = ", ".join(str(p.result.played) for p in points)
    ax.set_title(f"{game.name}, {game.num_players} players: {bot} by thinking time ({games} games)", fontsize="medium")
    ax.legend(fontsize="small")
    fig.tight_layout()
    out.mkdir(parents=True, exist_ok=True)
    stem = f"{game.name}-{game.num_players}p"
    paths = [out / f"{stem}.{fmt}" for fmt in ("png", "svg")]
    for path in paths:
        fig.savefig(path, dpi=110)
    plt.close(fig)
    return paths


def write_lines(game: Game, points: list[Point], out: Path) -> Path:
    out.mkdir(parents=True, exist_ok=True)
    path = out / f"{game.name}-{game.num_players}p.csv"
    with path.open("w", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(
            ["seconds", "index", "seat", "share", "scores", "decisions", "decision_seconds", "slowest", "load"]
        )
        for point in points:
            for line in point.result.games:
                writer.writerow(
                    [
                        point.seconds,
                        line.index,
                        line.seat,
                        line.share,
                        " ".join(f"{s:g}" for s in line.scores),
                        line.decisions,
                        f"{line.seconds:.3f}",
                        f"{line.slowest:.3f}",
                        f"{point.load:.1f}",
                    ]
                )
    return path


def read_lines(game: Game, paths: list[Path]) -> list[Point]:
    """The points of game-line CSVs written by `write_lines`, joined by thinking time."""
    by_time: dict[float, dict[int, GameLine]] = {}
    loads: dict[float, list[float]] = {}
    for path in paths:
        try:
            with path.open(newline="") as handle:
                rows = list(csv.DictReader(handle))
            for row in rows:
                seconds = float(row["seconds"])
                line = GameLine(
                    int(row["index"]),
                    int(row["seat"]),
                    float(row["share"]),
                    [float(x) for x in row["scores"].split()],
                    int(row["decisions"]),
                    float(row["decision_seconds"]),
                    float(row["slowest"]),
                )
                by_time.setdefault(seconds, {})[line.index] = line
                if row.get("load"):
                    loads.setdefault(seconds, []).append(float(row["load"]))
        except (OSError, KeyError, ValueError) as err:
            raise SystemExit(f"{path}: not a game-line CSV of this benchmark ({err})") from None
    points = []
    for seconds in sorted(by_time):
        lines = [by_time[seconds][i] for i in sorted(by_time[seconds])]
        seen = loads.get(seconds, [])
        load = sum(seen) / len(seen) if seen else float("nan")
        points.append(Point(seconds, Study(game.num_players, lines), load))
    return points


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None, help="seats (default: the game's default)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    parser.add_argument("--bot", default=None, help="the studied search bot (default: expert where offered, else hard)")
    parser.add_argument("--seconds", default="0.05,0.2,1,5", help="thinking times, comma-separated")
    parser.add_argument("--games", type=int, default=200, help="games per thinking time")
    parser.add_argument("--start", type=int, default=0, help="the first game's index (its seed)")
    parser.add_argument("--out", type=Path, default=None, help="write the game lines and the plot here")
    parser.add_argument(
        "--merge", type=Path, nargs="+", default=None, metavar="CSV", help="join these runs' game lines (no play)"
    )
    args = parser.parse_args()
    try:
        game = load_game(args.game, args.option, args.players)
        bot = studied_bot(game, args.bot)
        field_bot = make_bot(FIELD, game)
        make_bot(bot, game, {"seconds": "1"})  # a bot that does not search fails here, with why
    except magnates.MagnatesError as err:
        raise SystemExit(str(err)) from None
    if args.merge:
        report(game, bot, read_lines(game, args.merge), args.out)
        return
    points: list[Point] = []
    indexes = range(args.start, args.start + args.games)
    for seconds in parse_seconds(args.seconds):
        try:
            thinker = make_bot(bot, game, {"seconds": seconds})
        except magnates.MagnatesError as err:
            raise SystemExit(str(err)) from None
        print(f"# {bot} at {seconds:g} s a decision", flush=True)
        result = study(game, thinker, field_bot, indexes, echo=True)
        points.append(Point(seconds, result, os.getloadavg()[0]))
    report(game, bot, points, args.out)


def report(game: Game, bot: str, points: list[Point], out: Path | None) -> None:
    """The table, and with `out` the game lines and the plot."""
    print(table(game, bot, points))
    if out is not None:
        written = [write_lines(game, points, out), *plot(game, bot, points, out)]
        print("wrote " + ", ".join(str(path) for path in written))


if __name__ == "__main__":
    main()
