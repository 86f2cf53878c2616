"""Speed of a game's rollout policy: whole games played by `rollout_action` for every seat.

    python benchmarks/rollout_policy.py magnate --games 200 [--policy check_action]

This is the inner loop of the search bots' rollouts (for Magnate's `hard`, of plan checking, which
plays every candidate plan to the end of the game with it), so its games per second bound how many
worlds a search can check in its time. Chance is drawn with its listed probabilities from
`random.Random(seed)`. Prints milliseconds per game, decisions per game and decisions per second.
"""

from __future__ import annotations

import argparse
import random
import time

import magnates
from magnates.bots.playout import game_hooks
from magnates.core.chance import sample


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policy", default="rollout_action", help="the hook to play by (Magnate: also check_action)")
    args = parser.parse_args()
    game = magnates.load(args.game)
    policy = game_hooks(game).get(args.policy)
    if policy is None:
        parser.error(f"{args.game} has no rollout policy {args.policy}")
    rng = random.Random(args.seed)
    decisions = 0
    start = time.perf_counter()
    for _ in range(args.games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(sample(state.chance_outcomes(), rng))
            else:
                state.apply_action(policy(state, rng))
                decisions += 1
    seconds = time.perf_counter() - start
    print(
        f"{args.game}: {args.games} games by {args.policy} in {seconds:.2f} s: "
        f"{1000 * seconds / args.games:.2f} ms per game, {decisions / args.games:.0f} decisions per game, "
        f"{decisions / seconds:,.0f} decisions/s"
    )


if __name__ == "__main__":
    main()
