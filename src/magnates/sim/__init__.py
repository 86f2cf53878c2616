"""Many games at once: play one game from a seed, run batches on a process pool, summarise.

- `runner`: one game between bots, from one seed, as a `GameOutcome`.
- `batch`: many games (seats rotated so every bot plays every seat), on a
  process pool, with identical outcomes for a seed whatever the worker count.
- `stats`: the `Summary` of a batch (wins per seat and per bot, draws, errors,
  how games were decided, mean actions and turns, games per second).
- `playout`: the lean random-playout loop behind `magnates bench`.

The file formats written by `magnates simulate --out` are described in
docs/reference/simulation.md.
"""

from magnates.sim.batch import BatchResult, BatchSpec, game_seed, lineup, run_batch
from magnates.sim.playout import BenchResult, bench, random_playout
from magnates.sim.runner import GameOutcome, derive_seed, play_game
from magnates.sim.stats import Summary, summarize

__all__ = [
    "BatchResult",
    "BatchSpec",
    "BenchResult",
    "GameOutcome",
    "Summary",
    "bench",
    "derive_seed",
    "game_seed",
    "lineup",
    "play_game",
    "random_playout",
    "run_batch",
    "summarize",
]
