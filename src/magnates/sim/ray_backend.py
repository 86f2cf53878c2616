"""An optional Ray backend: the same work units as the process pool, spread over a Ray cluster.

Install with `pip install magnates[ray]`. Use it when one machine is not
enough (tens of thousands of slow games, search bots with large budgets): with
`RAY_ADDRESS` set, or after `ray start` on a cluster, `--backend ray` sends the
games to every node. On a single machine the built-in process pool is as fast
and starts quicker.

Results are identical to the local backend for the same seed: every game's
seed comes from its index, and outcomes are put back in index order.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from magnates.core.errors import OptionError
from magnates.sim.batch import BatchResult, chunked, default_workers, play_indexes

T = TypeVar("T")


def available() -> bool:
    """Whether Ray can be imported here."""
    try:
        import ray  # noqa: F401
    except ImportError:
        return False
    return True


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise OptionError(
            "the Ray backend needs Ray: pip install 'magnates[ray]' (from a source checkout: pip install '.[ray]')"
        ) from None
    return ray


def ensure_started(workers: int | None = None) -> Any:
    """Connect to the cluster named by RAY_ADDRESS, or start a local Ray with `workers` CPUs."""
    ray = _ray()
    if not ray.is_initialized():
        if os.environ.get("RAY_ADDRESS"):
            ray.init(address=os.environ["RAY_ADDRESS"], log_to_driver=False)
        else:
            # A local instance sees what this process sees (games registered from other folders too).
            path = os.pathsep.join(entry for entry in sys.path if entry)
            ray.init(
                num_cpus=workers,
                include_dashboard=False,
                log_to_driver=False,
                runtime_env={"env_vars": {"PYTHONPATH": path}},
            )
    return ray


def map_tasks(
    fn: Callable[..., T],
    tasks: Sequence[tuple[Any, ...]],
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> list[T]:
    """`[fn(*task) for task in tasks]`, run as Ray tasks; results in the order of `tasks`.

    `progress(n)` receives the number of games of each finished task when a
    result is a list (a chunk of game outcomes), else 1.
    """
    ray = ensure_started(workers)
    remote = ray.remote(fn)
    pending = {remote.remote(*task): position for position, task in enumerate(tasks)}
    results: dict[int, T] = {}
    waiting = list(pending)
    while waiting:
        done, waiting = ray.wait(waiting, num_returns=1)
        for ref in done:
            value = ray.get(ref)
            results[pending[ref]] = value
            if progress is not None:
                progress(len(value) if isinstance(value, list) else 1)
    return [results[position] for position in range(len(tasks))]


def run_batch(spec: Any, workers: int | None = None, progress: Callable[[int], None] | None = None) -> Any:
    """`magnates.sim.batch.run_batch` on Ray: same chunks, same seeds, same outcomes."""
    game = spec.load()
    for name in set(spec.bots):
        spec.make_bot(name, game)
    workers = default_workers() if workers is None else workers
    started = time.perf_counter()
    chunks = chunked(range(spec.games), workers)
    done = map_tasks(play_indexes, [(spec, chunk) for chunk in chunks], workers, progress)
    outcomes = [outcome for chunk in done for outcome in chunk]
    seconds = time.perf_counter() - started
    return BatchResult(spec, outcomes, seconds, workers, players=game.num_players, extra={"backend": "ray"})
