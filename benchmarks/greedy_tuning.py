"""Tune the weights of Magnate's greedy rules of thumb by self-play against the published greedy.

    python benchmarks/greedy_tuning.py search --games 4000            # coordinate search, seeds 0..
    python benchmarks/greedy_tuning.py match --games 10000 --start 100000 [--thumbs '{"deed_share": 0.3}']
    python benchmarks/greedy_tuning.py search --against sharp --start 200000   # from SHARP, against SHARP

A greedy game takes about 20 ms here (`magnates.sim.strength.study`, as every bot match is
played), so thousands of games a minute compare two sets of weights. Game i deals from seed i;
the tuned side sits in seat i % 2; a shared first place counts its share. `search` changes
one weight at a time (halved, or half as much again; a rank threshold by one), keeps a change that
wins at least `--keep` more of the same games, and sweeps the weights `--rounds` times: the same
seeds for every trial, so a change is judged on the same deals (and the chosen weights are
flattered by them: `match` measures them again on fresh seeds, with a Wilson 95% interval). The
first sweep starts from `magnates.games.magnate.bots.GREEDY` (from `SHARP` with `--against sharp`), or from
`--thumbs` (JSON fields, changes to GREEDY). `--against` is the fixed opponent, the published greedy or `SHARP`.
`SHARP` (Magnate's `check_action` hook) came from `search` (docs/studies/magnate-expert.md).
"""

from __future__ import annotations

import argparse
import json
from dataclasses import asdict, fields, replace
from multiprocessing import Pool
from multiprocessing.pool import Pool as PoolType

import magnates
from magnates.games.magnate.bots import GREEDY, SHARP, GreedyBot, Thumbs
from magnates.sim.stats import wilson_interval
from magnates.sim.strength import study


def play(job: tuple[dict[str, float], dict[str, float], int, int]) -> float:
    """Games first..last-1 of `thumbs` against `against`: the tuned side's share of first places."""
    thumbs, against, first, last = job
    tuned = GreedyBot(Thumbs(**thumbs))  # type: ignore[arg-type]
    field = GreedyBot(Thumbs(**against))  # type: ignore[arg-type]
    return study(magnates.load("magnate"), tuned, field, range(first, last)).wins


def share(pool: PoolType, thumbs: Thumbs, games: int, start: int, procs: int, against: Thumbs) -> float:
    """The share of games start..start+games-1 that `thumbs` won against `against`, split over the processes."""
    cuts = [start + games * k // procs for k in range(procs + 1)]
    jobs = [(asdict(thumbs), asdict(against), cuts[k], cuts[k + 1]) for k in range(procs)]
    return sum(pool.map(play, jobs)) / games


def neighbours(thumbs: Thumbs, name: str) -> list[Thumbs]:
    value = getattr(thumbs, name)
    if isinstance(value, int):
        return [replace(thumbs, **{name: value - 1}), replace(thumbs, **{name: value + 1})]
    return [replace(thumbs, **{name: value * 0.5}), replace(thumbs, **{name: value * 1.5})]


def changed(thumbs: Thumbs) -> dict[str, float]:
    """The weights that differ from the published greedy's."""
    names = [f.name for f in fields(Thumbs)]
    return {name: getattr(thumbs, name) for name in names if getattr(thumbs, name) != getattr(GREEDY, name)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("search", "match"))
    parser.add_argument("--games", type=int, default=4000)
    parser.add_argument("--start", type=int, default=0)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--keep", type=float, default=0.012, help="the least gain in share that keeps a change")
    parser.add_argument("--thumbs", help="JSON weights to start from (search) or to measure (match); default: SHARP")
    parser.add_argument("--against", choices=("greedy", "sharp"), default="greedy", help="the fixed opponent")
    parser.add_argument("--procs", type=int, default=2)
    args = parser.parse_args()
    given = json.loads(args.thumbs) if args.thumbs else None
    against = SHARP if args.against == "sharp" else GREEDY
    with Pool(args.procs) as pool:
        if args.mode == "match":
            thumbs = replace(GREEDY, **given) if given is not None else SHARP
            won = share(pool, thumbs, args.games, args.start, args.procs, against)
            low, high = wilson_interval(won * args.games, args.games)
            print(
                f"{json.dumps(changed(thumbs))}: won {won:.1%} of games {args.start}-{args.start + args.games - 1} "
                f"against {args.against} (95% CI {low:.1%}-{high:.1%})"
            )
            return
        best = replace(GREEDY, **given) if given is not None else against
        best_share = share(pool, best, args.games, args.start, args.procs, against)
        print(f"start {json.dumps(changed(best))}: {best_share:.4f}", flush=True)
        for _ in range(args.rounds):
            for field in fields(Thumbs):
                for trial in neighbours(best, field.name):
                    won = share(pool, trial, args.games, args.start, args.procs, against)
                    print(f"  {field.name}={getattr(trial, field.name):g}: {won:.4f}", flush=True)
                    if won >= best_share + args.keep:
                        best, best_share = trial, won
                        print(f"kept {json.dumps(changed(best))}: {best_share:.4f}", flush=True)
                        break
        print(f"final {json.dumps(changed(best))}: {best_share:.4f}")


if __name__ == "__main__":
    main()
