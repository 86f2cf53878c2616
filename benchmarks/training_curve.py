"""Win rate against training time: one point per set of weights, from a training log and game lines.

    python benchmarks/training_curve.py RUN/log.csv 20000=g20k.txt 352000=shipped.txt --out curve.png

Each `GAMES=FILE` (or `GAMES=FILE,FILE`) names the weights saved after GAMES self-play games of
the run whose `log.csv` is given (its `seconds` column says when) and the game lines of
`benchmarks/search_bots.py` (or `benchmarks/match_pool.sh`) played with them: index, seat, share
of first place, ... (a game in two files counts once, the first). Prints one row per point (Wilson
95% interval) and draws them with their intervals.
"""

from __future__ import annotations

import argparse
import csv
from pathlib import Path

from magnates.sim.arena import wilson_interval


def shares(paths: list[Path]) -> list[float]:
    """The share of first place in every game line of the files (a repeated game counts once, first)."""
    seen: dict[str, float] = {}
    for path in paths:
        for line in path.read_text().splitlines():
            fields = line.split()
            if len(fields) >= 3 and fields[0].isdigit() and fields[0] not in seen:
                seen[fields[0]] = float(fields[2])
    return list(seen.values())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("log")
    parser.add_argument("points", nargs="+", metavar="GAMES=FILE")
    parser.add_argument("--out", default="training-curve.png")
    parser.add_argument("--title", default="expert against hard")
    args = parser.parse_args()
    with open(args.log, newline="") as handle:
        minutes = {int(row["games"]): float(row["seconds"]) / 60 for row in csv.DictReader(handle)}
    rows = []
    for point in args.points:
        games_text, sep, file = point.partition("=")
        if not sep or not games_text.isdigit():
            parser.error(f"a point is GAMES=FILE, not {point!r}")
        trained = int(games_text)
        if trained not in minutes:
            parser.error(f"the log has no row after {trained} games")
        won = shares([Path(name) for name in file.split(",")])
        if not won:
            parser.error(f"{file} holds no game lines")
        low, high = wilson_interval(sum(won), len(won))
        rows.append((minutes[trained], trained, sum(won), len(won), low, high))
    print("| minutes of training | self-play games | won | games | win rate (95% CI) |")
    print("|---:|---:|---:|---:|---|")
    for minute, trained, wins, played, low, high in rows:
        print(f"| {minute:.1f} | {trained:,} | {wins:g} | {played} | {wins / played:.1%} ({low:.1%}-{high:.1%}) |")

    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(figsize=(6.4, 4.0))
    xs = [row[0] for row in rows]
    rates = [row[2] / row[3] for row in rows]
    below = [rate - row[4] for rate, row in zip(rates, rows, strict=True)]
    above = [row[5] - rate for rate, row in zip(rates, rows, strict=True)]
    axes.errorbar(xs, rates, yerr=[below, above], fmt="o-", capsize=4, label=args.title)
    for x, rate, row in zip(xs, rates, rows, strict=True):
        axes.annotate(f"{row[3]} games", (x, rate), textcoords="offset points", xytext=(6, -12), fontsize=8)
    axes.axhline(0.5, color="grey", linewidth=0.8, linestyle=":", label="even")
    axes.axhline(0.6, color="tab:red", linewidth=0.8, linestyle="--", label="target 60%")
    axes.set_xlabel("minutes of training (2 cores)")
    axes.set_ylabel("win rate (95% interval)")
    lowest = min(row[4] for row in rows)
    highest = max(row[5] for row in rows)
    axes.set_ylim(min(0.3, lowest - 0.05), max(0.75, highest + 0.05))  # every interval whole
    axes.legend(loc="lower left", fontsize=8)
    figure.tight_layout()
    figure.savefig(args.out, dpi=110)
    print(f"plot: {args.out}")


if __name__ == "__main__":
    main()
