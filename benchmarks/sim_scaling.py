"""How simulation time scales with worker processes (the reference batch: 10,000 greedy Magnate games).

    python benchmarks/sim_scaling.py                       # 10,000 games, 1 and 2 workers
    python benchmarks/sim_scaling.py -n 2000 -w 1,2,4,8    # a quicker run on a bigger machine
    python benchmarks/sim_scaling.py --json                # one JSON object per run

For each worker count it plays the same batch (same seed, so the same games)
and prints wall time, games per second, the CPU seconds used by this process
and its workers, and the load average before the run. On a machine shared with
other work the wall time says little; CPU seconds per game still do, and
`cpu / (wall x workers)` shows how much of the asked-for cores the run got.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import time

from magnates.sim.batch import BatchSpec, run_batch


def cpu_seconds() -> float:
    """User + system time of this process and of its finished children (the pool's workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-g", "--game", default="magnate")
    parser.add_argument("-b", "--bots", default="greedy", help="comma-separated, rotating through the seats")
    parser.add_argument("-n", "--games", type=int, default=10_000)
    parser.add_argument("-w", "--workers", default="1,2", help="worker counts to try, comma-separated")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    spec = BatchSpec.make(args.game, {}, args.bots.split(","), args.games, args.seed)
    baseline = None
    for workers in (int(w) for w in args.workers.split(",")):
        load = os.getloadavg()[0]
        cpu_before, started = cpu_seconds(), time.perf_counter()
        batch = run_batch(spec, workers)
        wall = time.perf_counter() - started
        cpu = cpu_seconds() - cpu_before
        wins = batch.summary().wins
        baseline = baseline or wall
        row = {
            "game": args.game,
            "games": args.games,
            "workers": workers,
            "wall_s": round(wall, 2),
            "games_per_s": round(args.games / wall, 1),
            "speedup": round(baseline / wall, 2),
            "cpu_s": round(cpu, 2),
            "cpu_ms_per_game": round(1000 * cpu / args.games, 2),
            "cores_obtained": round(cpu / wall, 2),
            "load_before": round(load, 2),
            "cpus": os.cpu_count(),
            "wins_by_seat": wins,
        }
        if args.json:
            print(json.dumps(row))
        else:
            print(
                f"{workers} worker(s): {wall:.1f} s wall, {row['games_per_s']} games/s, speedup {row['speedup']}, "
                f"{cpu:.1f} s CPU ({row['cpu_ms_per_game']} ms/game, {row['cores_obtained']} cores obtained), "
                f"load before {load:.1f} on {os.cpu_count()} CPUs; wins by seat {wins}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
