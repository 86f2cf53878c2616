"""How long the coach takes to review a whole game, per game and budget.

    PYTHONPATH=src python benchmarks/review_time.py                       # every game, 2 and 8 worlds
    PYTHONPATH=src python benchmarks/review_time.py --games magnate --samples 4,16 --seconds 0.05

Each game is played once by its rollout policy (seeded), then reviewed from scratch (no cache) for
each budget; the table gives the decisions reviewed, the whole review's seconds and the mean per
decision. A budget is `samples` worlds per decision, optionally capped by `--seconds` per decision.
"""

from __future__ import annotations

import argparse
import random
import time

import magnates
from magnates.analysis import CoachSettings, review_record
from magnates.bots.playout import game_hooks
from magnates.core.chance import sample
from magnates.core.record import Record

GAMES = {
    "magnate": {"players": 2},
    "magnate-solo": {"players": 1},
    "galactic-magnate": {"players": 2},
    "galactic-magnate-4p": {"players": 4},
    "magistrate": {"players": 2},
    "magistratvm": {"players": 3},
}


def played(name: str, options: dict[str, int], seed: int) -> Record:
    game = magnates.load(name.removesuffix("-solo").removesuffix("-4p"), **options)
    policy = game_hooks(game)["rollout_action"]
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(sample(state.chance_outcomes(), rng) if state.is_chance_node() else policy(state, rng))
    return state.record()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", default=",".join(GAMES), help="comma-separated, from: " + ", ".join(GAMES))
    parser.add_argument("--samples", default="2,8", help="worlds per decision, comma-separated budgets")
    parser.add_argument("--seconds", type=float, default=None, help="also cap each decision at this many seconds")
    parser.add_argument("--seed", type=int, default=1, help="seed of the reviewed game")
    args = parser.parse_args()
    budgets = [int(n) for n in args.samples.split(",")]
    print(f"{'game':22} {'worlds':>6} {'cap s':>6} {'decisions':>9} {'review s':>9} {'ms/decision':>11}  judge")
    for name in args.games.split(","):
        record = played(name, GAMES[name], args.seed)
        for samples in budgets:
            settings = CoachSettings(samples=samples, seconds=args.seconds)
            start = time.perf_counter()
            review = review_record(record, settings)
            took = time.perf_counter() - start
            per = 1000 * took / max(1, len(review.decisions))
            cap = "-" if args.seconds is None else f"{args.seconds:g}"
            count = len(review.decisions)
            print(f"{name:22} {samples:>6} {cap:>6} {count:>9} {took:>9.1f} {per:>11.1f}  {review.source}", flush=True)


if __name__ == "__main__":
    main()
