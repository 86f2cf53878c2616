"""Random-playout speed of every registered game (or those named), one core each.

    python benchmarks/random_playout.py                  # every game, 5 s each
    python benchmarks/random_playout.py magnate -s 20    # one game, longer
    python benchmarks/random_playout.py --json           # one JSON object per line

The loop is `magnates.sim.playout` (the same one `magnates bench` runs): ids
only, no views, validated `apply_action`, chance outcomes counted as steps.
A game that cannot be loaded yet is reported and skipped.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys

import magnates
from magnates.sim.playout import bench


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="games to measure (default: every registered game)")
    parser.add_argument("-s", "--seconds", type=float, default=5.0, help="seconds of playouts per game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="one JSON object per game")
    args = parser.parse_args(argv)
    names = args.games or magnates.game_names()
    if not args.json:
        print(f"Python {platform.python_version()} on {platform.machine()}, one core, {args.seconds:g} s per game")
        print(f"{'game':<20} {'steps/s':>12} {'games/s':>10} {'steps/game':>11}")
    status = 0
    for name in names:
        try:
            game = magnates.load(name)
            game.action_space  # noqa: B018  built before the clock starts
            result = bench(game, args.seconds, args.seed)
        except Exception as err:  # a game still being written must not stop the others
            print(f"{name:<20} skipped: {type(err).__name__}: {err}", file=sys.stderr)
            status = 1
            continue
        if args.json:
            print(json.dumps(result.to_json()))
        else:
            print(
                f"{name:<20} {result.steps_per_second:>12,.0f} {result.games_per_second:>10,.1f}"
                f" {result.steps_per_game:>11,.1f}"
            )
    return status


if __name__ == "__main__":
    sys.exit(main())
