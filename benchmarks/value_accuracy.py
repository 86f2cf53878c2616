"""How well a learned value predicts who wins, beside the game's hand-fitted heuristic.

    python benchmarks/value_accuracy.py WEIGHTS.npz [--games 400] [--seed 50000] [--rate 0.1] [--policy check_action]
    python benchmarks/value_accuracy.py WEIGHTS.npz --level easy     # positions of the game's easy search

Plays `--games` games of the game's rollout policy (`greedy` in Magnate; with `--policy check_action`,
its sharper `SHARP`, the positions of stronger play; game i seeded seed + i, so
new games for a network trained on seeds derived from its run seed; with `--level`, the game's search
bot of that level plays every seat instead, the positions a searching player reaches), picks a random `--rate` of the
decision points and a random seat at each, and compares three guesses at that seat's final result
(+1 a win, -1 a loss): the heuristic (`magnates.bots.playout`, what `hard` judges with), the
network's value from the seat's view, their mean (what `expert` judges with), and blends with a
quarter and three quarters of the heuristic. Prints the mean squared error (always guessing a draw
scores 1.0) and how often the sign is right. Then, since a search compares every seat's values, not
only the viewer's: how often the seat each guess values highest (all seats, the network's read
from the same view) is the seat that came first.
"""

from __future__ import annotations

import argparse
import random

import numpy as np

import magnates
from magnates.bots.learned import NumpyNet, ValueJudge
from magnates.bots.playout import POLICIES, Playout, bot_policy, rollout_policy
from magnates.bots.presets import search_bot
from magnates.core.chance import sample


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("weights")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=50_000)
    parser.add_argument("--rate", type=float, default=0.1)
    parser.add_argument("--policy", choices=POLICIES, default="rollout_action", help="the game's hook that plays")
    parser.add_argument("--level", choices=("easy", "medium", "hard"), help="a search level plays instead")
    args = parser.parse_args()
    net = NumpyNet.load(args.weights)
    game = magnates.load(net.meta["game"], **net.meta.get("options", {}))
    net.check(game)
    judge = ValueJudge(net, game)  # the network alone, every seat's value from one seat's view
    heuristic = Playout(game, 0)
    try:
        policy = rollout_policy(game, args.policy)
    except ValueError as err:
        raise SystemExit(str(err)) from None
    if policy is None:
        raise SystemExit(f"{game.name} has no rollout policy to play its games with")
    if args.level is not None:
        policy = bot_policy(search_bot(args.level, game), game)
    guesses: list[tuple[float, float]] = []
    outcomes: list[float] = []
    named: list[tuple[bool, bool, bool]] = []  # heuristic, network, mean: named the winner
    for index in range(args.games):
        rng = random.Random(args.seed + index)
        state = game.new_initial_state()
        picked: list[tuple[int, np.ndarray, np.ndarray]] = []
        sides = game.num_players
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), rng))
                continue
            if rng.random() < args.rate:
                seat = rng.randrange(sides)
                by_net = np.asarray(judge(state, seat))
                picked.append((seat, np.asarray(heuristic.estimate(state), dtype=float), by_net))
            state.apply_action(policy(state, rng))
        returns = state.returns()
        winner = max(range(sides), key=lambda k: returns[k])
        for seat, by_heuristic, by_net in picked:
            guesses.append((float(by_heuristic[seat]), float(by_net[seat])))
            outcomes.append(float(returns[seat]))
            mean = (by_heuristic + by_net) / 2
            first = [int(np.argmax(guess)) == winner for guess in (by_heuristic, by_net, mean)]
            named.append((first[0], first[1], first[2]))
    table = np.asarray(guesses)
    truth = np.asarray(outcomes)
    played = args.level or args.policy
    print(f"{len(truth)} positions from {args.games} games of {played}; weights {args.weights}")
    blends = [(f"{w:.2f} heur.", w * table[:, 0] + (1 - w) * table[:, 1]) for w in (0.25, 0.75)]
    for name, guess in (("heuristic", table[:, 0]), ("network", table[:, 1]), ("mean", table.mean(axis=1)), *blends):
        mse = float(np.mean((guess - truth) ** 2))
        right = float(np.mean(np.sign(guess) == np.sign(truth)))
        print(f"{name:10s} mean squared error {mse:.4f}   sign right {right:.1%}")
    hits = np.asarray(named, dtype=float).mean(axis=0)
    print(f"the seat valued highest came first: heuristic {hits[0]:.1%}, network {hits[1]:.1%}, mean {hits[2]:.1%}")


if __name__ == "__main__":
    main()
