"""How strong a network's policy head is alone: its most likely legal move, no search, in Magnate.

    python benchmarks/policy_head.py WEIGHTS.npz [--against greedy|sharp] [--games 200] [--start 0]

The policy head learnt to imitate the moves of the play its network learnt from (`greedy`'s, or a
search's with `magnates train --actor`). Played alone it is a candidate rollout policy for a plan
check, which needs to be sharper than `SHARP` (Magnate's `check_action`) to be worth a forward pass
a move. Game i deals from seed i with the policy in seat i % 2, against the published `greedy` or
`SHARP`; a shared first place counts its share. Prints the wins with a Wilson 95% interval.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Mapping
from typing import Any

import numpy as np

import magnates
from magnates.bots.learned import NumpyNet
from magnates.core.game import Game
from magnates.games.magnate.bots import GREEDY, SHARP, GreedyBot
from magnates.sim.stats import wilson_interval
from magnates.sim.strength import study


class PolicyHeadBot:
    """The legal move the network's policy head likes best, read from the seat's view alone."""

    name = "policy-head"

    def __init__(self, net: NumpyNet, game: Game) -> None:
        net.check(game)
        self.net = net
        self.encoder = game.observation_encoder()

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        _, prior = self.net.evaluate(np.asarray(self.encoder.encode(view), np.float32), legal)
        if prior is None:
            raise ValueError("the network gave no policy for the legal moves")
        return legal[int(np.argmax(prior))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("weights")
    parser.add_argument("--against", choices=("greedy", "sharp"), default="greedy")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--start", type=int, default=0)
    args = parser.parse_args()
    game = magnates.load("magnate", players=2)
    bot = PolicyHeadBot(NumpyNet.load(args.weights), game)
    field = GreedyBot(SHARP if args.against == "sharp" else GREEDY)
    won = study(game, bot, field, range(args.start, args.start + args.games)).wins
    low, high = wilson_interval(won, args.games)
    print(
        f"{args.weights}: the policy head won {won:g} of games {args.start}-{args.start + args.games - 1} "
        f"against {args.against} ({won / args.games:.1%}, 95% CI {low:.1%}-{high:.1%})"
    )


if __name__ == "__main__":
    main()
