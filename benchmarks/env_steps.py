"""Agent steps/s through the PettingZoo AEC env, beside the raw engine's decisions/s, per game.

    python benchmarks/env_steps.py                      # every game, 5 s each (env and raw)
    python benchmarks/env_steps.py magnate -s 20        # one game, longer
    python benchmarks/env_steps.py --concessions        # let random players resign
    python benchmarks/env_steps.py --json               # one JSON object per line
    python benchmarks/env_steps.py --cpu                # CPU seconds: steadier on a shared machine
    python benchmarks/env_steps.py --cpu -s 1 --repeat 5 --parts
                                                        # where a step's time goes: engine, observation, wrapper

An agent step is `last()` (observation vector + action mask), a random legal action read from the
mask, and `step()` (with the chance that follows). The raw figure counts the same decisions on
action ids alone. `--parts` also plays the same games through the env reading only the masks
(no observation vector) and splits a step's microseconds into the engine's decision (the raw
figure), the observation, and the rest of the wrapper (mask, bookkeeping, infos). `--repeat N`
keeps the fastest of N runs of each loop. Figures are printed, never asserted. Needs the `rl` extra.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys

import magnates
from magnates.envs.bench import bench_env, env_steps


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="games to measure (default: every registered game)")
    parser.add_argument("-s", "--seconds", type=float, default=5.0, help="seconds for each loop")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--concessions", action="store_true", help="do not mask resigning")
    parser.add_argument("--cpu", action="store_true", help="count this process's CPU seconds, not wall-clock")
    parser.add_argument("--json", action="store_true", help="one JSON object per game")
    parser.add_argument("--repeat", type=int, default=1, help="runs of each loop; the fastest is kept")
    parser.add_argument("--parts", action="store_true", help="split a step's time: engine, observation, wrapper")
    args = parser.parse_args(argv)
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    clock = "cpu" if args.cpu else "wall"
    names = args.games or magnates.game_names()
    if not args.json:
        kind = "CPU" if args.cpu else "wall-clock"
        print(f"Python {platform.python_version()} on {platform.machine()}, {args.seconds:g} {kind} s per loop")
        print(f"{'game':18} {'env steps/s':>12} {'raw decisions/s':>16} {'cost':>6} {'steps/game':>11}")
    for name in names:
        try:
            result = bench_env(name, {}, args.seconds, args.seed, args.concessions, clock, args.repeat)
        except (magnates.MagnatesError, NotImplementedError) as err:
            print(f"{name}: skipped ({err})", file=sys.stderr)
            continue
        data = result.to_json()
        if args.parts:
            data.update(_parts(name, args, clock, result.env_steps_per_second, result.raw_decisions_per_second))
        if args.json:
            print(json.dumps(data))
        else:
            print(
                f"{name:18} {data['env_steps_per_second']:12,.0f} {data['raw_decisions_per_second']:16,.0f}"
                f" {data['slowdown']:5.1f}x {data['env_steps_per_game']:11,.0f}"
            )
            if args.parts:
                print(
                    f"{'':18} us a step: engine {data['us_engine']:.1f}, observation {data['us_observation']:.1f},"
                    f" rest of the wrapper {data['us_wrapper']:.1f} (env without observation:"
                    f" {data['env_without_observation_per_second']:,.0f} steps/s)"
                )
    return 0


def _parts(name: str, args: argparse.Namespace, clock: str, env_rate: float, raw_rate: float) -> dict[str, float]:
    """The env's step split into the engine's decision, the observation and the rest of the wrapper (us)."""
    runs = [
        env_steps(name, {}, args.seconds, args.seed, args.concessions, clock, observe=False) for _ in range(args.repeat)
    ]
    bare = max(steps / seconds for _games, steps, seconds in runs)  # the fastest run, as bench_env keeps
    return {
        "env_without_observation_per_second": bare,
        "us_engine": 1e6 / raw_rate,
        "us_observation": 1e6 / env_rate - 1e6 / bare,
        "us_wrapper": 1e6 / bare - 1e6 / raw_rate,
    }


if __name__ == "__main__":
    sys.exit(main())
