"""What OpenSpiel's MCTSBot costs on each game: seconds a decision, and so a whole game.

    python benchmarks/openspiel_mcts.py --simulations 5 --decisions 6

MCTSBot (random-rollout evaluator, one rollout a leaf) plays the first `--decisions` decisions of
a seeded game of each; every simulation ends in a random rollout to the end of the game through
pyspiel, so a decision costs about `simulations` whole random games. A whole game's cost is
estimated as the seconds a decision times the decisions of a game (the median over a few random
games, all seats counted), since playing whole games this way takes minutes each.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import magnates.envs.openspiel  # noqa: F401  (registers the games)

GAMES = ("python_magnate", "python_galactic_magnate", "python_magistrate", "python_magistratvm")


def decisions_per_game(game: pyspiel.Game, games: int) -> float:
    counts = []
    for seed in range(games):
        rng, state, decisions = random.Random(seed), game.new_initial_state(), 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probabilities = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(actions, probabilities)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        counts.append(decisions)
    return statistics.median(counts)


def seconds_per_decision(game: pyspiel.Game, simulations: int, decisions: int) -> float:
    rs = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=simulations, evaluator=evaluator, random_state=rs)
    state, played, spent = game.new_initial_state(), 0, 0.0
    while not state.is_terminal() and played < decisions:
        if state.is_chance_node():
            actions, probabilities = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(actions, p=probabilities)))
            continue
        started = time.perf_counter()
        action = bot.step(state)
        spent += time.perf_counter() - started
        state.apply_action(action)
        played += 1
    return spent / max(played, 1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--simulations", type=int, default=5)
    parser.add_argument("--decisions", type=int, default=6)
    parser.add_argument("--games", type=int, default=5, help="random games to count a game's decisions")
    args = parser.parse_args()
    for name in GAMES:
        game = pyspiel.load_game(name)
        per = seconds_per_decision(game, args.simulations, args.decisions)
        length = decisions_per_game(game, args.games)
        print(
            f"{name}: {per:.2f} s a decision at {args.simulations} simulations, {length:.0f} decisions a game "
            f"-> about {per * length / 60:.1f} min a game"
        )


if __name__ == "__main__":
    main()
