"""Batches: every bot at every seat equally, identical outcomes whatever the worker count."""

from __future__ import annotations

import multiprocessing
import signal
import threading
from collections import Counter
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from magnates import OptionError
from magnates.sim import BatchSpec, lineup, run_batch
from magnates.sim.batch import starting_workers, stop_pool


@given(st.integers(1, 5), st.integers(1, 6), st.integers(0, 100))
def test_every_bot_sits_at_every_seat_equally_often(n_bots: int, players: int, start: int) -> None:
    bots = [f"bot{i}" for i in range(n_bots)]
    counts = Counter(
        (seat, bot) for i in range(start, start + n_bots) for seat, bot in enumerate(lineup(bots, players, i))
    )
    assert all(counts[(seat, bot)] == 1 for seat in range(players) for bot in bots)


def _comparable(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in ("seconds", "workers", "games_per_second")}


def test_outcomes_do_not_depend_on_the_number_of_workers() -> None:
    spec = BatchSpec.make("toy", {}, ["random", "high"], 120, 42, keep_records=True)
    alone = run_batch(spec, workers=1)
    pooled = run_batch(spec, workers=2)
    assert pooled.workers == 2
    assert [o.to_json() for o in alone.outcomes] == [o.to_json() for o in pooled.outcomes]
    assert [o.actions for o in alone.outcomes] == [o.actions for o in pooled.outcomes]
    assert _comparable(alone.summary().to_json()) == _comparable(pooled.summary().to_json())


def test_seats_rotate_so_each_bot_plays_each_seat_half_the_time() -> None:
    result = run_batch(BatchSpec.make("toy", {}, ["random", "high"], 10, 1), workers=1)
    assert [o.bots for o in result.outcomes[:2]] == [["random", "high"], ["high", "random"]]
    assert Counter(o.bots[0] for o in result.outcomes) == {"random": 5, "high": 5}


def test_the_stronger_bot_wins_more() -> None:
    summary = run_batch(BatchSpec.make("toy", {}, ["random", "high"], 200, 3), workers=1).summary()
    assert summary.wins_by_bot["high"] > summary.wins_by_bot["random"]
    assert sum(summary.wins) + summary.draws + summary.errors == summary.games == 200


def test_progress_is_reported_for_every_game() -> None:
    seen: list[int] = []
    run_batch(BatchSpec.make("toy", {}, ["random"], 37, 1), workers=1, progress=seen.append)
    assert sum(seen) == 37


def test_crashing_games_are_counted_as_errors() -> None:
    summary = run_batch(BatchSpec.make("toy", {"crash": True}, ["high"], 6, 1), workers=1).summary()
    assert summary.errors == 6 and summary.finished == 0
    assert any("crashed on purpose" in message for message in summary.error_messages)


def test_unknown_game_bot_or_option_fail_before_any_game() -> None:
    with pytest.raises(OptionError, match="there is no game 'nope'"):
        BatchSpec.make("nope", {}, ["random"], 1, 1)
    with pytest.raises(OptionError, match="no bot 'nobody'"):
        run_batch(BatchSpec.make("toy", {}, ["nobody"], 1, 1), workers=1)
    with pytest.raises(OptionError, match="turns"):
        run_batch(BatchSpec.make("toy", {"turns": 3}, ["random"], 1, 1), workers=1)


def _sigint_disposition(queue: Any) -> None:
    queue.put(signal.getsignal(signal.SIGINT) is signal.SIG_IGN)


def test_workers_start_with_ctrl_c_ignored_before_any_initializer_runs() -> None:
    """A Ctrl-C reaching the process group while a worker is still starting must not print its
    traceback: a process started under `starting_workers` ignores SIGINT from its first line."""
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    with starting_workers():
        process = context.Process(target=_sigint_disposition, args=(queue,))
        process.start()
    process.join(timeout=60)
    assert queue.get(timeout=5) is True
    plain = context.Process(target=_sigint_disposition, args=(queue,))
    kept = signal.signal(signal.SIGINT, signal.default_int_handler)  # as at a terminal, whatever started pytest
    try:
        plain.start()
    finally:
        signal.signal(signal.SIGINT, kept)
    plain.join(timeout=60)
    assert queue.get(timeout=5) is False  # without it, Python's own KeyboardInterrupt handler is there


class _EndingPool:
    """Stands in for a ProcessPoolExecutor whose own thread dies as it is shut down."""

    def __init__(self) -> None:
        self._processes: dict[int, object] = {}
        self.shut = threading.Event()
        self._executor_manager_thread = threading.Thread(target=self._manage, name="Thread-99")
        self._executor_manager_thread.start()

    def _manage(self) -> None:
        self.shut.wait(5)
        raise OSError("handle is closed")

    def shutdown(self, wait: bool = True, cancel_futures: bool = False) -> None:
        self.shut.set()


def test_stopping_a_pool_prints_no_traceback_of_its_own_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    failures: list[BaseException | None] = []

    def recorder(args: threading.ExceptHookArgs) -> None:
        failures.append(args.exc_value)

    monkeypatch.setattr(threading, "excepthook", recorder)
    stop_pool(_EndingPool())  # type: ignore[arg-type]
    assert failures == [], "the stopped pool's own thread reached the exception hook"
    assert threading.excepthook is recorder  # put back once the pool's thread ended

    other = _EndingPool()  # any other thread's failure still goes to the hook
    other.shutdown()
    other._executor_manager_thread.join()
    assert len(failures) == 1 and isinstance(failures[0], OSError)
