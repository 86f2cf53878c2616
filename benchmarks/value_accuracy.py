"""How well a learned value predicts who wins, beside the game's hand-fitted heuristic.

    python benchmarks/value_accuracy.py WEIGHTS.npz [--games 400] [--seed 50000] [--rate 0.1] [--policy check_action]

Plays `--games` games of the game's rollout policy (`greedy` in Magnate; with `--policy check_action`,
its sharper `SHARP`, the positions of stronger play; game i seeded seed + i, so
new games for a network trained on seeds derived from its run seed), picks a random `--rate` of the
decision points and a random seat at each, and compares three guesses at that seat's final result
(+1 a win, -1 a loss): the heuristic (`magnates.bots.playout`, what `hard` judges with), the
network's value from the seat's view, their mean (what `expert` judges with), and blends with a
quarter and three quarters of the heuristic. Prints the mean squared error (always guessing a draw
scores 1.0) and how often the sign is right.
"""

from __future__ import annotations

import argparse
import random

import numpy as np

import magnates
from magnates.bots.learned import NumpyNet
from magnates.bots.playout import POLICIES, Playout, rollout_policy
from magnates.core.chance import sample


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("weights")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=50_000)
    parser.add_argument("--rate", type=float, default=0.1)
    parser.add_argument("--policy", choices=POLICIES, default="rollout_action", help="the game's hook that plays")
    args = parser.parse_args()
    net = NumpyNet.load(args.weights)
    game = magnates.load(net.meta["game"], **net.meta.get("options", {}))
    net.check(game)
    encoder = game.observation_encoder()
    heuristic = Playout(game, 0)
    try:
        policy = rollout_policy(game, args.policy)
    except ValueError as err:
        raise SystemExit(str(err)) from None
    if policy is None:
        raise SystemExit(f"{game.name} has no rollout policy to play its games with")
    guesses: list[tuple[float, float]] = []
    outcomes: list[float] = []
    for index in range(args.games):
        rng = random.Random(args.seed + index)
        state = game.new_initial_state()
        picked: list[tuple[int, float, float]] = []
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), rng))
                continue
            if rng.random() < args.rate:
                seat = rng.randrange(game.num_players)
                value, _ = net.evaluate(np.asarray(encoder.encode(state.view(seat)), dtype=np.float32))
                picked.append((seat, heuristic.estimate(state)[seat], float(value[0])))
            state.apply_action(policy(state, rng))
        returns = state.returns()
        for seat, by_heuristic, by_net in picked:
            guesses.append((by_heuristic, by_net))
            outcomes.append(float(returns[seat]))
    table = np.asarray(guesses)
    truth = np.asarray(outcomes)
    print(f"{len(truth)} positions from {args.games} games of {args.policy}; weights {args.weights}")
    blends = [(f"{w:.2f} heur.", w * table[:, 0] + (1 - w) * table[:, 1]) for w in (0.25, 0.75)]
    for name, guess in (("heuristic", table[:, 0]), ("network", table[:, 1]), ("mean", table.mean(axis=1)), *blends):
        mse = float(np.mean((guess - truth) ** 2))
        right = float(np.mean(np.sign(guess) == np.sign(truth)))
        print(f"{name:10s} mean squared error {mse:.4f}   sign right {right:.1%}")


if __name__ == "__main__":
    main()
