"""Size and cost of Magnate's OpenSpiel information state (`perfect_recall=True`), per option set.

    python benchmarks/openspiel_infostate.py [--games 3]

For each option set: the tensor's floats (observation + slots), and over every decision of a few
seeded random games, the median microseconds of `information_state_tensor(player)` (the list
pyspiel hands back included), of `information_state_string(player)`, and, for scale, of
`observation_tensor(player)`; then what a step adds to a state (the step log kept as the game goes).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import pyspiel

import magnates.envs.openspiel  # noqa: F401  (registers the games)

OPTION_SETS: list[dict[str, Any]] = [
    {"players": 2},
    {"players": 3},
    {"players": 1},
    {"players": 2, "mega": True},
]


def timed(call: Callable[[], object]) -> float:
    begin = time.perf_counter()
    call()
    return time.perf_counter() - begin


def bench(options: dict[str, Any], games: int) -> str:
    game = pyspiel.load_game("python_magnate", {**options, "perfect_recall": True})
    tensor: list[float] = []
    string: list[float] = []
    observation: list[float] = []
    for seed in range(games):
        rng = random.Random(seed)
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
                continue
            player = state.current_player()
            observation.append(timed(lambda: state.observation_tensor(player)))  # noqa: B023
            tensor.append(timed(lambda: state.information_state_tensor(player)))  # noqa: B023
            string.append(timed(lambda: state.information_state_string(player)))  # noqa: B023
            state.apply_action(rng.choice(state.legal_actions()))
    size = game.information_state_tensor_size()
    return (
        f"| {options} | {size:,} ({game.observation_tensor_size()} + {game.max_game_length()} x 16) "
        f"| {statistics.median(tensor) * 1e6:.0f} | {statistics.median(string) * 1e6:.0f} "
        f"| {statistics.median(observation) * 1e6:.0f} | {len(tensor)} |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3, help="seeded random games per option set")
    args = parser.parse_args()
    print("| options | tensor floats | tensor us | string us | observation us | calls |")
    print("|---|---|---:|---:|---:|---:|")
    for options in OPTION_SETS:
        print(bench(options, args.games), flush=True)


if __name__ == "__main__":
    main()
