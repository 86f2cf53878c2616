"""Fit the weights of Magistratvm's leaf evaluation (`magnates.games.magistratvm.heuristic`).

    python benchmarks/magistratvm_heuristic_fit.py --games 1500 [--seed 1] [--noise 0.1]

Plays games of the greedy bot (each decision random with probability `--noise`, so that the
positions a search visits off the greedy path are covered too; half with 3 players, half with
4), keeps some positions of each, and fits each seat's final score, relative to the seats' mean,
by least squares on its features relative to the mean, each feature with a weight at the end of
the game and an extra weight per unit of `left` (the share of Provinces still undecided). Then
fits the error's standard deviation as a line in `left`, and prints both as Python to paste into
the module, with how often the predicted leader is the real winner, against score alone.
"""

from __future__ import annotations

import argparse
import random

import numpy as np

import magnates
from magnates.core.chance import sample
from magnates.games.magistratvm import heuristic
from magnates.games.magistratvm.scoring import scores
from magnates.games.magistratvm.state import MagistratvmState


def positions(
    seed: int, players: int, noise: float, keep: float
) -> tuple[list[MagistratvmState], list[int], list[int]]:
    game = magnates.load("magistratvm", players=players)
    state = game.new_initial_state()
    assert isinstance(state, MagistratvmState)
    rng = random.Random(seed)
    kept: list[MagistratvmState] = []
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
            continue
        if rng.random() < keep:
            kept.append(state.clone())
        legal = state.legal_actions()
        action = rng.choice(legal) if rng.random() < noise else heuristic.greedy_action(state)
        state.apply_action(action)
    return kept, scores(state), state.result().winners


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--noise", type=float, default=0.1)
    parser.add_argument("--keep", type=float, default=0.05)
    args = parser.parse_args()
    rows: list[list[float]] = []
    targets: list[float] = []
    stage: list[float] = []
    games: list[tuple[list[list[float]], list[float], list[int], float]] = []
    for i in range(args.games):
        players = 3 + i % 2
        kept, final, winners = positions(args.seed * 1_000_003 + i, players, args.noise, args.keep)
        mean_final = sum(final) / players
        for state in kept:
            feats = heuristic.features(state)
            rest = heuristic.left(state)
            means = [sum(col) / players for col in zip(*feats, strict=True)]
            centred = [[x - m for x, m in zip(row, means, strict=True)] for row in feats]
            for q in range(players):
                rows.append(centred[q] + [x * rest for x in centred[q]])
                targets.append(final[q] - mean_final)
                stage.append(rest)
            games.append((centred, [f - mean_final for f in final], winners, rest))
    x = np.array(rows)
    y = np.array(targets)
    coef, *_ = np.linalg.lstsq(x, y, rcond=None)
    k = len(heuristic.FEATURES)
    residual = y - x @ coef
    rest_arr = np.array(stage)
    # Error spread as a line in `left`: fit |residual| * sqrt(pi/2) (the mean absolute error of a normal).
    design = np.stack([np.ones_like(rest_arr), rest_arr], axis=1)
    spread, *_ = np.linalg.lstsq(design, np.abs(residual) * np.sqrt(np.pi / 2), rcond=None)
    print(f"{len(games)} positions from {args.games} games, {len(rows)} seat rows")
    print("WEIGHTS: tuple[tuple[float, float], ...] = (")
    for name, a, b in zip(heuristic.FEATURES, coef[:k], coef[k:], strict=True):
        print(f"    ({a:.3f}, {b:.3f}),  # {name}")
    print(")")
    print(f"ERROR = ({spread[0]:.2f}, {spread[1]:.2f})")
    for low, high in ((0.0, 0.25), (0.25, 0.5), (0.5, 0.75), (0.75, 1.01)):
        picked = [g for g in games if low <= g[3] < high]
        if not picked:
            continue
        model = sum(int(np.argmax([np.dot(coef[:k] + coef[k:] * g[3], row) for row in g[0]]) in g[2]) for g in picked)
        by_score = sum(int(np.argmax([row[0] for row in g[0]]) in g[2]) for g in picked)
        print(
            f"left {low:.2f}-{high:.2f}: {len(picked)} positions, predicted leader wins {model / len(picked):.1%}"
            f" (score alone {by_score / len(picked):.1%})"
        )


if __name__ == "__main__":
    main()
