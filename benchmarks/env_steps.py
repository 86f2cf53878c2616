"""Agent steps/s through the PettingZoo AEC env, beside the raw engine's decisions/s, per game.

    python benchmarks/env_steps.py                      # every game, 5 s each (env and raw)
    python benchmarks/env_steps.py magnate -s 20        # one game, longer
    python benchmarks/env_steps.py --concessions        # let random players resign
    python benchmarks/env_steps.py --json               # one JSON object per line
    python benchmarks/env_steps.py --cpu                # CPU seconds: steadier on a shared machine

An agent step is `last()` (observation vector + action mask), a random legal action read from the
mask, and `step()` (with the chance that follows). The raw figure counts the same decisions on
action ids alone. Figures are printed, never asserted. Needs the `rl` extra.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys

import magnates
from magnates.envs.bench import bench_env


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="games to measure (default: every registered game)")
    parser.add_argument("-s", "--seconds", type=float, default=5.0, help="seconds for each loop")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--concessions", action="store_true", help="do not mask resigning")
    parser.add_argument("--cpu", action="store_true", help="count this process's CPU seconds, not wall-clock")
    parser.add_argument("--json", action="store_true", help="one JSON object per game")
    args = parser.parse_args(argv)
    names = args.games or magnates.game_names()
    if not args.json:
        kind = "CPU" if args.cpu else "wall-clock"
        print(f"Python {platform.python_version()} on {platform.machine()}, {args.seconds:g} {kind} s per loop")
        print(f"{'game':18} {'env steps/s':>12} {'raw decisions/s':>16} {'cost':>6} {'steps/game':>11}")
    for name in names:
        try:
            result = bench_env(name, {}, args.seconds, args.seed, args.concessions, "cpu" if args.cpu else "wall")
        except (magnates.MagnatesError, NotImplementedError) as err:
            print(f"{name}: skipped ({err})", file=sys.stderr)
            continue
        data = result.to_json()
        if args.json:
            print(json.dumps(data))
        else:
            print(
                f"{name:18} {data['env_steps_per_second']:12,.0f} {data['raw_decisions_per_second']:16,.0f}"
                f" {data['slowdown']:5.1f}x {data['env_steps_per_game']:11,.0f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
