"""Magistratvm: how much should the greedy bot pay to be Prefect? Head-to-head games.

    python benchmarks/magistratvm_bidding.py --players 4 --games 100 --share 0.25

Half the seats (alternating between games) play GreedyBot(bid_share=SHARE), the
others GreedyBot(bid_share=0), which only makes the Prefect's free opening bid.
Prints the wins of each (shared wins split).
"""

from __future__ import annotations

import argparse
import random

import magnates
from magnates.games.magistratvm.bots import GreedyBot


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--share", type=float, default=0.25)
    args = parser.parse_args()
    game = magnates.load("magistratvm", players=args.players)
    bidder, baseline = GreedyBot(args.share), GreedyBot(0.0)
    wins = {"bidder": 0.0, "baseline": 0.0}
    for index in range(args.games):
        bots = [bidder if (seat + index) % 2 == 0 else baseline for seat in range(args.players)]
        rng = random.Random(index)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                action = magnates.sample(state.chance_outcomes(), rng)
            else:
                seat = state.current_player()
                action = bots[seat].choose(game, state.view(seat), state.legal_actions(), rng)
            state.apply_action(action)
        winners = state.result().winners
        for seat in winners:
            wins["bidder" if bots[seat] is bidder else "baseline"] += 1 / len(winners)
    print(
        f"{args.players} players, {args.games} games, bid share {args.share}: "
        f"bidder {wins['bidder']:.1f} wins, non-bidder {wins['baseline']:.1f} wins"
    )


if __name__ == "__main__":
    main()
