"""Sum up the game lines of matches and compare them game by game on the same seeds.

    python benchmarks/compare_matches.py RUN.txt [OTHER.txt ...]

Each file holds the game lines that `benchmarks/search_bots.py` and `benchmarks/match_pool.sh` print
(index, the bot's seat, its share of first place, scores, decisions, seconds, slowest decision; a
file may be several joined by commas, read as one run). For the first run: games, wins with the
Wilson 95% interval, wins by seat and by hundred games, mean and slowest seconds per decision. For
every other run, on the games both played: each one's wins, the games only one of them won, and
the two-sided sign test on those (the chance of a split at least as uneven between equal bots).
"""

from __future__ import annotations

import argparse
import math
from dataclasses import dataclass
from pathlib import Path

from magnates.sim.stats import wilson_interval


@dataclass(frozen=True)
class Game:
    seat: int
    won: float
    decisions: int
    seconds: float
    slowest: float


def read_run(spec: str) -> dict[int, Game]:
    """The games of a run: `spec` is a file or several joined by commas; a repeated index keeps the first."""
    games: dict[int, Game] = {}
    for name in spec.split(","):
        for number, line in enumerate(Path(name).read_text().splitlines(), 1):
            fields = line.split()
            if not fields or not fields[0].isdigit():
                continue
            try:
                game = Game(int(fields[1]), float(fields[2]), int(fields[-3]), float(fields[-2]), float(fields[-1]))
            except (IndexError, ValueError):
                raise SystemExit(f"{name}, line {number}: not a game line: {line!r}") from None
            games.setdefault(int(fields[0]), game)
    return games


def sign_test(first: int, second: int) -> float:
    """Two-sided exact binomial test of a first/second split of the games one run alone won."""
    n = first + second
    if n == 0:
        return 1.0
    tail = sum(math.comb(n, k) for k in range(min(first, second) + 1)) / 2**n
    return min(1.0, 2 * tail)


def describe(name: str, games: dict[int, Game]) -> list[str]:
    wins = sum(g.won for g in games.values())
    low, high = wilson_interval(wins, len(games))
    decisions = sum(g.decisions for g in games.values())
    seconds = sum(g.seconds for g in games.values())
    seats = sorted({g.seat for g in games.values()})
    by_seat = ", ".join(f"seat {s}: {sum(g.won for g in games.values() if g.seat == s):g}" for s in seats)
    hundreds = sorted({i // 100 for i in games})
    by_hundred = " / ".join(f"{sum(g.won for i, g in games.items() if i // 100 == h):g}" for h in hundreds)
    return [
        f"{name}: {len(games)} games ({min(games)}-{max(games)}), {wins:g} won "
        f"({wins / len(games):.2%}, 95% CI {low:.1%}-{high:.1%})",
        f"  {by_seat}; by hundreds {by_hundred}",
        f"  {decisions} decisions, mean {seconds / max(1, decisions):.3f} s, "
        f"slowest {max(g.slowest for g in games.values()):.3f} s",
    ]


def compare(games: dict[int, Game], other_name: str, other: dict[int, Game]) -> str:
    common = sorted(set(games) & set(other))
    if not common:
        return f"vs {other_name}: no games in common"
    mine = sum(games[i].won for i in common)
    theirs = sum(other[i].won for i in common)
    only_mine = sum(1 for i in common if games[i].won > other[i].won)
    only_theirs = sum(1 for i in common if other[i].won > games[i].won)
    return (
        f"vs {other_name}: on {len(common)} common games {mine:g} against {theirs:g}; won by one only: "
        f"{only_mine} here, {only_theirs} there (sign test p {sign_test(only_mine, only_theirs):.2f})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("run", help="game lines of the run to sum up (FILE or FILE,FILE)")
    parser.add_argument("others", nargs="*", help="runs to compare it with, game by game")
    args = parser.parse_args()
    games = read_run(args.run)
    if not games:
        raise SystemExit(f"{args.run}: no game lines")
    print("\n".join(describe(args.run, games)))
    for name in args.others:
        print(compare(games, name, read_run(name)))


if __name__ == "__main__":
    main()
