"""Fit the search heuristic's weights on greedy self-play: which seat's numbers foretell the winner.

    python -m magnates.studies.galactic_magnate_heuristic_fit --games 2000 [--players 2,3,4,5]

Plays greedy games (seed i for game i), records every seat's `heuristic.features` at some of the
turn holders' roll decisions, and fits a conditional logit: P(seat wins) = softmax over the living
seats of WEIGHTS . features. Prints the landing frequencies and the weights to paste into
`heuristic.py` (LANDING, WEIGHTS), and the fit's log-loss on held-out games (the last fifth)
against a uniform guess. The weights are data; this script is how they were made.
"""

from __future__ import annotations

import argparse
import random

import numpy as np

import magnates
from magnates.core.chance import sample
from magnates.core.errors import InvariantError
from magnates.games.galactic_magnate import heuristic
from magnates.games.galactic_magnate.board import BOARD_SIZE
from magnates.games.galactic_magnate.bots import GreedyBot
from magnates.games.galactic_magnate.phases import DICE, ROLL
from magnates.games.galactic_magnate.state import GalacticState

Sample = tuple[np.ndarray, int]  # (features of the living seats, index of the winner among them)


def play(players: int, seed: int, keep: float, landings: list[int]) -> tuple[list[Sample], int]:
    """One greedy game: its samples and the number of turns taken."""
    game = magnates.load("galactic-magnate", players=players)
    rng = random.Random(seed)
    bot = GreedyBot()
    s = game.new_initial_state()
    if not isinstance(s, GalacticState):
        raise InvariantError(f"galactic-magnate made a {type(s).__name__}, not a GalacticState")
    rows: list[tuple[list[list[float]], list[int]]] = []
    while not s.is_terminal():
        if s.is_chance_node():
            mover = s.order[s.turn]
            was_dice = s.phase == DICE
            s.apply_action(sample(s.chance_outcomes(), rng))
            if was_dice:
                landings[s.pos[mover]] += 1
            continue
        seat = s.current_player()
        if s.phase == ROLL and rng.random() < keep:
            settled = heuristic.settled(s)
            living = [x for x in range(players) if settled.alive[x]]
            rows.append((heuristic.features(settled), living))
        s.apply_action(bot.choose(game, s.view(seat), s.legal_actions(), rng))
    winner = s.result().winners[0]
    samples = []
    for feats, living in rows:
        if winner in living:
            samples.append((np.array([feats[x] for x in living]), living.index(winner)))
    return samples, s.turns


def fit(samples: list[Sample], ridge: float = 1e-3, steps: int = 30) -> np.ndarray:
    """Newton's method on the conditional-logit log-likelihood (a small ridge keeps it stable)."""
    k = samples[0][0].shape[1]
    w = np.zeros(k)
    for _ in range(steps):
        grad = -ridge * w
        hess = -ridge * np.eye(k)
        for x, y in samples:
            z = x @ w
            p = np.exp(z - z.max())
            p /= p.sum()
            mean = p @ x
            grad += x[y] - mean
            hess -= (x * p[:, None]).T @ x - np.outer(mean, mean)
        w = w - np.linalg.solve(hess, grad)
    return w


def log_loss(samples: list[Sample], w: np.ndarray) -> tuple[float, float]:
    """Mean negative log-likelihood of the winner: the model's, and a uniform guess's."""
    model = uniform = 0.0
    for x, y in samples:
        z = x @ w
        z = z - z.max()
        model -= z[y] - np.log(np.exp(z).sum())
        uniform += np.log(len(x))
    return model / len(samples), uniform / len(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", default="2,3,4,5")
    parser.add_argument("--keep", type=float, default=0.1, help="share of roll decisions sampled")
    args = parser.parse_args()
    counts = [int(x) for x in args.players.split(",")]
    landings = [0] * BOARD_SIZE
    turns = 0
    train: list[Sample] = []
    test: list[Sample] = []
    for i in range(args.games):
        samples, taken = play(counts[i % len(counts)], i, args.keep, landings)
        turns += taken
        (test if i % 5 == 4 else train).extend(samples)
    landing = tuple(round(c / turns, 4) for c in landings)
    print("LANDING =", landing)
    w = fit(train)
    print("WEIGHTS =", tuple(round(float(x), 3) for x in w))
    for name, x in zip(heuristic.FEATURES, w, strict=True):
        print(f"  {name:>14}: {x:8.3f}")
    model, uniform = log_loss(test, w)
    print(f"held-out log-loss {model:.4f} (uniform guess {uniform:.4f}) over {len(test)} positions")


if __name__ == "__main__":
    main()
