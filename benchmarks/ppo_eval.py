"""Did a self-play run learn? Its untrained network and its last weights, each over N games.

Reads a run folder of `python -m magnates.learn.ppo` (its `config.json` and `weights.npz`), builds
the network the run started from (the same seed gives the same initial weights), and plays each
against `--opponent` (default `greedy`) in every other seat over `--games` games, seats rotating,
game i with the same dice for both networks. Prints each win share with its 95% Wilson interval and
whether the two intervals are apart.

    python -m magnates.learn.ppo magistratvm --minutes 14 --seed 1 --workers 1 --out runs/ppo-magistratvm
    python benchmarks/ppo_eval.py runs/ppo-magistratvm --games 400
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import numpy as np

import magnates
from magnates.bots.learned import NumpyNet
from magnates.learn.ppo import EVAL_SEED_OFFSET, MaskedPolicy, evaluate
from magnates.sim.batch import WorkerPool


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("run", type=Path, help="the folder a run wrote (config.json, weights.npz)")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--opponent", default="greedy")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    config = json.loads((args.run / "config.json").read_text())
    game = magnates.load(config["game"], **config["options"])
    start = MaskedPolicy(
        game.observation_encoder().size,
        config["hidden"],
        game.num_players,
        game.num_distinct_actions,
        np.random.default_rng(config["seed"]),
    ).to_net(
        game,
        {"trainer": "magnates.learn.ppo", "seed": config["seed"], "update": 0}
        | ({"never": config["never"]} if config.get("never") else {}),  # the same rule for both networks
    )
    last = NumpyNet.load(args.run / "weights.npz")
    seed = config["seed"] + EVAL_SEED_OFFSET
    pool = WorkerPool(args.workers)
    figures = {}
    try:
        for label, net in (("untrained", start), ("trained", last)):
            began = time.perf_counter()
            share, low, high = evaluate(game, net, args.opponent, args.games, seed, pool)
            figures[label] = (share, low, high)
            print(
                f"{config['game']} ({game.num_players}p), {label} ({net.meta.get('update', '?')} updates, "
                f"{net.meta.get('games', 0)} games) vs {args.opponent}: {share:.1%} "
                f"(95% CI {low:.1%}-{high:.1%}) over {args.games} games, {time.perf_counter() - began:.0f} s"
            )
    finally:
        pool.close()
    apart = figures["trained"][1] > figures["untrained"][2]
    print(f"the intervals are {'apart' if apart else 'not apart'} (fair share {1 / game.num_players:.0%})")


if __name__ == "__main__":
    main()
