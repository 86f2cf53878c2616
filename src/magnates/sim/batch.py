"""Many games on a process pool, with the same outcomes for a seed whatever the worker count.

Each game's seed is derived from (batch seed, game index) and each game's seats
from its index alone, so a game does not depend on which worker ran it or what
that worker ran before. Outcomes are put back in index order before anything
is summarised. Bots are created afresh for every game so that a bot which keeps
state cannot make results depend on the worker layout.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, TypeVar

from magnates.bots.registry import make_bot
from magnates.core.bot import Bot
from magnates.core.design import DESIGN
from magnates.core.game import Game
from magnates.games import REGISTRY, game_class, resolve
from magnates.sim.runner import DEFAULT_MAX_ACTIONS, GameOutcome, derive_seed, play_game
from magnates.sim.stats import Summary, summarize


def game_seed(seed: int, index: int) -> int:
    """The seed of game `index` of a batch run with `seed`."""
    return derive_seed(seed, "game", index)


def lineup(bots: Sequence[str], players: int, index: int) -> list[str]:
    """The bot at each seat in game `index`: the list rotates one place per game.

    Over any `len(bots)` consecutive games every bot sits at every seat equally
    often, whether there are fewer bots than seats (they repeat), as many, or
    more (each game takes the next `players` of them).
    """
    return [bots[(seat + index) % len(bots)] for seat in range(players)]


@dataclass(frozen=True)
class BatchSpec:
    """Everything a worker process needs to play its share of a batch.

    `target` is the game's registry target (`"module:attribute"`) looked up when the
    spec is made, so that worker processes find games registered at run time too.
    """

    game: str
    options: dict[str, Any]
    bots: tuple[str, ...]
    games: int
    seed: int
    keep_records: bool = False
    max_actions: int = DEFAULT_MAX_ACTIONS
    target: str = ""
    settings: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()
    """Per bot name, its settings (`magnates.bots.thinking`, e.g. seconds=0.5) as sorted pairs."""

    @classmethod
    def make(
        cls, game: str, options: dict[str, Any], bots: Sequence[str], games: int, seed: int, **kw: Any
    ) -> BatchSpec:
        if not bots:
            raise ValueError("name at least one bot")
        if games < 0:
            raise ValueError("the number of games cannot be negative")
        game_class(game)  # raises OptionError naming the games if it is unknown
        options = dict(options)
        if isinstance(options.get(DESIGN), str):  # a design file is read once, here: workers get its content
            loaded = resolve(REGISTRY[game]).game(**options).options
            if DESIGN in loaded:
                options[DESIGN] = loaded[DESIGN]
            else:  # design=shipped: the game without a design
                del options[DESIGN]
        return cls(game, options, tuple(bots), games, seed, target=REGISTRY[game], **kw)

    def load(self) -> Game:
        return resolve(self.target or REGISTRY[self.game]).game(**self.options)

    @staticmethod
    def freeze_settings(
        settings: Mapping[str, Mapping[str, str]] | None,
    ) -> tuple[tuple[str, tuple[tuple[str, str], ...]], ...]:
        """`{"expert": {"seconds": "0.5"}}` in the spec's hashable, picklable form."""
        return tuple(sorted((bot, tuple(sorted(pairs.items()))) for bot, pairs in (settings or {}).items() if pairs))

    def settings_of(self, bot: str) -> dict[str, str]:
        """The settings given to `bot` (empty: the bot's own defaults)."""
        return next((dict(pairs) for name, pairs in self.settings if name == bot), {})

    def settings_json(self) -> dict[str, dict[str, str]]:
        return {bot: dict(pairs) for bot, pairs in self.settings}

    def make_bot(self, name: str, game: Game) -> Bot:
        """The bot `name` with its settings; OptionError for an unknown bot or a setting it refuses."""
        return make_bot(name, game, self.settings_of(name))


@dataclass
class BatchResult:
    spec: BatchSpec
    outcomes: list[GameOutcome]
    seconds: float
    workers: int
    players: int = 0
    extra: dict[str, Any] = field(default_factory=dict)

    def summary(self) -> Summary:
        return summarize(
            self.outcomes,
            game=self.spec.game,
            options=self.spec.options,
            bots=self.spec.bots,
            seed=self.spec.seed,
            players=self.players,
            seconds=self.seconds,
            workers=self.workers,
            settings=self.spec.settings_json(),
        )


_GAMES: dict[str, Game] = {}
"""Per-process cache: a worker loads the game (and builds its action space) once."""


def _game_for(spec: BatchSpec) -> Game:
    key = json.dumps([spec.target, spec.game, spec.options], sort_keys=True, default=str)
    if key not in _GAMES:
        _GAMES.clear()
        _GAMES[key] = spec.load()
    return _GAMES[key]


def play_assignments(spec: BatchSpec, assignments: Sequence[tuple[int, Sequence[str]]]) -> list[GameOutcome]:
    """Play the games `(index, bot names by seat)`: the unit of work of one worker task."""
    game = _game_for(spec)
    outcomes = []
    for index, names in assignments:
        bots = [spec.make_bot(name, game) for name in names]
        outcomes.append(
            play_game(
                game,
                bots,
                game_seed(spec.seed, index),
                index=index,
                bot_names=tuple(names),
                keep_actions=spec.keep_records,
                max_actions=spec.max_actions,
            )
        )
    return outcomes


def play_indexes(spec: BatchSpec, indexes: Sequence[int]) -> list[GameOutcome]:
    """Play the games of `spec` with these indexes, bots rotated over the seats by index."""
    players = _game_for(spec).num_players
    return play_assignments(spec, [(index, lineup(spec.bots, players, index)) for index in indexes])


Spec = TypeVar("Spec")
R = TypeVar("R")
"""What a task's games are (a `BatchSpec`, or a study's own description of them); it must pickle."""


class BatchInterrupted(KeyboardInterrupt):
    """Ctrl-C during a batch: the workers are stopped and `outcomes` holds the games that finished
    (in index order). A subclass of KeyboardInterrupt, so a caller that does not look for it still
    stops as on any Ctrl-C; one that does can keep what finished. `partial` is filled in by the
    function that knows how to summarise those games (a `BatchResult`, an arena's result...)."""

    def __init__(self, outcomes: list[GameOutcome]) -> None:
        super().__init__(f"interrupted after {len(outcomes)} finished games")
        self.outcomes = outcomes
        self.partial: Any = None


def ignore_interrupts() -> None:
    """A worker's initializer: Ctrl-C at a terminal reaches every process of the group, and the
    parent alone decides what happens (it ends the workers itself), so workers ignore it rather
    than each printing a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@contextmanager
def starting_workers() -> Iterator[None]:
    """Workers started inside this block begin life with Ctrl-C ignored.

    A signal ignored stays ignored across exec, and Python then installs no KeyboardInterrupt of its
    own, so a Ctrl-C that reaches the process group while a worker is still starting (before its
    initializer runs) cannot print a traceback there. The parent ignores Ctrl-C only for the moment
    it takes to start them (a pool starts its processes as the first tasks are submitted)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """End a pool now: queued tasks are dropped and running workers terminated, instead of
    `shutdown(wait=True)` waiting for every queued game to be played (what made Ctrl-C hang)."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    previous_hook = threading.excepthook

    def quiet_manager(args: threading.ExceptHookArgs) -> None:
        # The pool's own thread can die on a pipe this stop closes under it (rarely, on a busy
        # machine): the pool is being ended on purpose, so its traceback is not the user's business.
        if args.thread is not manager:
            previous_hook(args)

    if manager is not None:
        threading.excepthook = quiet_manager
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        if process.is_alive():
            process.terminate()
    for process in processes:
        process.join(timeout=2)
    # The pool's own thread sees the dead workers and closes its queues; wait for it, so that it is
    # not cut off half-way by the exit (its queues' semaphores would then be reported as leaked, or
    # its traceback printed, after the command has said what it kept).
    if manager is not None:
        manager.join(timeout=5)
        if not manager.is_alive():
            threading.excepthook = previous_hook


@contextmanager
def interrupt_flag() -> Iterator[threading.Event]:
    """An event set by Ctrl-C while the block runs, in place of a KeyboardInterrupt.

    Raised while the main thread waits on a pool, a KeyboardInterrupt can land inside the lock
    the pool's own thread is about to release, which then dies with a traceback. So, in the main
    thread and when Ctrl-C would raise KeyboardInterrupt anyway, the signal only sets this flag;
    the loop that waits on the pool looks at it several times a second.
    """
    flag = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield flag
        return
    if signal.getsignal(signal.SIGINT) is not signal.default_int_handler:
        yield flag  # ignored, or handled by someone else: leave it so
        return
    previous = signal.signal(signal.SIGINT, lambda _signum, _frame: flag.set())
    try:
        yield flag
    finally:
        signal.signal(signal.SIGINT, previous)


def run_tasks(
    work: Callable[[Spec, Any], list[GameOutcome]],
    tasks: Sequence[tuple[Spec, Any]],
    workers: int,
    progress: Callable[[int], None] | None = None,
) -> list[GameOutcome]:
    """Run `work(spec, chunk)` for each task, here (one worker) or on a process pool; outcomes in index order.

    The pool is started with "spawn", which is safe beside threads (such as a
    progress bar's) and works the same on every platform. Ctrl-C (KeyboardInterrupt)
    ends the workers at once and raises `BatchInterrupted` with the games that finished.
    """
    outcomes: list[GameOutcome] = []
    if workers <= 1:
        try:
            for spec, chunk in tasks:
                outcomes.extend(work(spec, chunk))
                if progress is not None:
                    progress(len(chunk))
        except KeyboardInterrupt:
            raise BatchInterrupted(sorted(outcomes, key=lambda outcome: outcome.index)) from None
        return outcomes
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=workers, mp_context=context, initializer=ignore_interrupts)
    try:
        with interrupt_flag() as stopped:
            with starting_workers():
                pending: set[Future[list[GameOutcome]]] = {pool.submit(work, spec, chunk) for spec, chunk in tasks}
            while pending and not stopped.is_set():
                finished, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
                for future in finished:
                    done = future.result()
                    outcomes.extend(done)
                    if progress is not None:
                        progress(len(done))
            if stopped.is_set():
                raise KeyboardInterrupt
    except KeyboardInterrupt:
        stop_pool(pool)
        raise BatchInterrupted(sorted(outcomes, key=lambda outcome: outcome.index)) from None
    except BaseException:
        stop_pool(pool)
        raise
    pool.shutdown()
    outcomes.sort(key=lambda outcome: outcome.index)
    return outcomes


class WorkerPool:
    """Worker processes kept for a whole run that maps many small batches of jobs (a training run:
    self-play games, then learning, then more games), so that the processes start once.

    `workers <= 1` runs the jobs in this process. Ctrl-C while waiting ends the workers at once and
    raises KeyboardInterrupt; `close()` (or the `with` block's end) shuts the pool down, and on an
    exception or Ctrl-C it ends the workers rather than waiting for their queued jobs.
    """

    def __init__(self, workers: int) -> None:
        self.workers = max(1, workers)
        self._pool: ProcessPoolExecutor | None = None
        if self.workers > 1:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=context, initializer=ignore_interrupts
            )

    def map(self, work: Callable[[Any], R], jobs: Sequence[Any]) -> list[R]:
        """`[work(job) for job in jobs]`, on the pool when there is one; results in job order."""
        if self._pool is None:
            return [work(job) for job in jobs]
        with starting_workers():  # a worker started now begins with Ctrl-C ignored (see `starting_workers`)
            futures = [self._pool.submit(work, job) for job in jobs]
        with interrupt_flag() as stopped:  # Ctrl-C is looked at between waits (see `interrupt_flag`)
            pending = set(futures)
            while pending and not stopped.is_set():
                _, pending = wait(pending, timeout=0.2, return_when=FIRST_COMPLETED)
            if stopped.is_set():
                raise KeyboardInterrupt
        return [future.result() for future in futures]

    def close(self, *, at_once: bool = False) -> None:
        if self._pool is not None:
            if at_once:
                stop_pool(self._pool)
            else:
                self._pool.shutdown()
            self._pool = None

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, kind: type[BaseException] | None, *_: object) -> None:
        self.close(at_once=kind is not None)  # Ctrl-C or a failure: end the workers, not after their queue


def chunked(items: Sequence[Any], workers: int) -> list[list[Any]]:
    """Tasks small enough for even load and a smooth progress bar, large enough to be cheap to send."""
    size = max(1, min(50, len(items) // (max(1, workers) * 16) or 1))
    return [list(items[start : start + size]) for start in range(0, len(items), size)]


def default_workers() -> int:
    return os.cpu_count() or 1


def run_batch(
    spec: BatchSpec,
    workers: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> BatchResult:
    """Play every game of `spec`; `progress(n)` is called as each `n` games finish.

    `workers=1` plays in this process; more use a process pool (`run_tasks`).
    """
    workers = default_workers() if workers is None else workers
    if workers < 1:
        raise ValueError("workers must be at least 1")
    game = spec.load()  # fail here, clearly, on bad options, before any process starts
    for name in set(spec.bots):
        spec.make_bot(name, game)  # likewise for an unknown bot name or a setting it refuses
    workers = min(workers, max(1, spec.games))
    started = time.perf_counter()
    tasks = [(spec, chunk) for chunk in chunked(range(spec.games), workers)]
    try:
        outcomes = run_tasks(play_indexes, tasks, workers, progress)
    except BatchInterrupted as stopped:
        seconds = time.perf_counter() - started
        stopped.partial = BatchResult(spec, stopped.outcomes, seconds, workers, players=game.num_players)
        raise
    seconds = time.perf_counter() - started
    return BatchResult(spec, outcomes, seconds, workers, players=game.num_players)
