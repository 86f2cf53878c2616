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
from magnates.core.game import Game
from magnates.sim.stats import wilson_interval
from magnates.sim.strength import Study, study

FIELD = "hard"
"""The opponent in every other seat, at its default budget."""


@dataclass
class Point:
    """One thinking time's games."""

    seconds: float
    result: Study
    load: float

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
        times = point.result.times
        mean = sum(times) / len(times) if times else 0.0
        lines.append(
            f"{point.seconds:>8g} {played:>6} {point.result.wins:>6g} {point.rate:>9.1%} "
            f"{f'{low:.1%}-{high:.1%}':>15} {mean:>7.3f} {max(times, default=0.0):>7.3f} {point.load:>5.1f}"
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
        writer.writerow(["seconds", "index", "seat", "share", "scores", "decisions", "decision_seconds", "slowest"])
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
                    ]
                )
    return path


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
    args = parser.parse_args()
    options: dict[str, object] = {}
    for pair in args.option:
        name, sep, value = pair.partition("=")
        if not sep:
            parser.error(f"--option wants NAME=VALUE, not {pair!r}")
        options[name] = {"true": True, "false": False}.get(value.lower(), int(value) if value.isdigit() else value)
    if args.players is not None:
        options["players"] = args.players
    try:
        game = magnates.load(args.game, **options)
        bot = studied_bot(game, args.bot)
        field_bot = make_bot(FIELD, game)
        make_bot(bot, game, {"seconds": "1"})  # a bot that does not search fails here, with why
    except magnates.MagnatesError as err:
        raise SystemExit(str(err)) from None
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
    print(table(game, bot, points))
    if args.out is not None:
        written = [write_lines(game, points, args.out), *plot(game, bot, points, args.out)]
        print("wrote " + ", ".join(str(path) for path in written))


if __name__ == "__main__":
    main()
