"""Size and time of OpenSpiel's `serialize()` / `deserialize_state()` on every game's states.

    python benchmarks/openspiel_serialize.py

For each game: a fresh state and one after about 300 random actions (seeded); the bytes of
`state.serialize()`, the median of five timings of each direction, and a check that the state
read back is the same position.
"""

from __future__ import annotations

import random
import statistics
import time

import pyspiel

import magnates.envs.openspiel  # noqa: F401  (registers the games)

GAMES = ("python_magnate", "python_galactic_magnate", "python_magistrate", "python_magistratvm")


def bench(name: str, moves: int) -> str:
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    rng = random.Random(0)
    for _ in range(moves):
        if state.is_terminal():
            break
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(rng.choice(actions))
    out_times, in_times = [], []
    for _ in range(5):
        started = time.perf_counter()
        text = state.serialize()
        out_times.append(time.perf_counter() - started)
        started = time.perf_counter()
        again = game.deserialize_state(text)
        in_times.append(time.perf_counter() - started)
    assert again.history() == state.history() and str(again) == str(state)
    return (
        f"{name} after {len(state.history())} actions: {len(text):,} bytes, serialize "
        f"{statistics.median(out_times) * 1000:.2f} ms, deserialize {statistics.median(in_times) * 1000:.2f} ms"
    )


if __name__ == "__main__":
    for name in GAMES:
        for moves in (0, 300):
            print(bench(name, moves))
