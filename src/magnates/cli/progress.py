"""Progress of a long command: a bar on a terminal, plain lines when stderr is piped or logged.

A bar redraws one line in place, which only a terminal can show; written to a file or a pipe it
shows nothing until the end, or one line cut at 80 columns. So when stderr is not a terminal the
same progress comes as whole lines, one every few seconds (`MAGNATES_PROGRESS_SECONDS`, default 5),
each complete in itself: `simulate magnate: 40/100 games (40%), 12 s`.
"""

from __future__ import annotations

import os
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

DEFAULT_EVERY = 5.0


def line_interval() -> float:
    """Seconds between two plain progress lines."""
    try:
        return max(0.1, float(os.environ.get("MAGNATES_PROGRESS_SECONDS", DEFAULT_EVERY)))
    except ValueError:
        return DEFAULT_EVERY


class Ticker:
    """What a command tells about its progress: `advance(n)` as work finishes, `update(done,
    status)` to set it; shown as a bar or as lines (see the module docstring), or not at all."""

    def __init__(self, label: str, total: int, unit: str = "games") -> None:
        self.label = label
        self.total = total
        self.unit = unit
        self.done = 0
        self.status = ""
        self.started = time.monotonic()

    def advance(self, n: int = 1) -> None:
        self.done += n

    def update(self, done: int, status: str = "") -> None:
        self.done = min(done, self.total) if self.total else done
        self.status = status

    def line(self) -> str:
        share = f" ({100 * self.done // self.total}%)" if self.total else ""
        status = f", {self.status}" if self.status else ""
        seconds = time.monotonic() - self.started
        return f"{self.label}: {self.done}/{self.total} {self.unit}{share}, {seconds:.0f} s{status}"


class _BarTicker(Ticker):
    def __init__(self, label: str, total: int, unit: str, bar: Progress) -> None:
        super().__init__(label, total, unit)
        self.bar = bar
        self.task = bar.add_task(label, total=total, status="")

    def advance(self, n: int = 1) -> None:
        super().advance(n)
        self.bar.advance(self.task, n)

    def update(self, done: int, status: str = "") -> None:
        super().update(done, status)
        self.bar.update(self.task, completed=self.done, status=f"| {status}" if status else "")


@contextmanager
def progress(
    label: str, total: int, unit: str = "games", *, enabled: bool = True, stream: TextIO | None = None
) -> Iterator[Ticker]:
    """A `Ticker` for the block: a bar on a terminal, plain lines elsewhere, silence when not
    `enabled` (with --json, whose stdout a program reads)."""
    out = stream if stream is not None else sys.stderr
    if not enabled:
        yield Ticker(label, total, unit)
        return
    if out.isatty():
        columns = (
            TextColumn("{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TextColumn(unit + " {task.fields[status]}"),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
        )
        with Progress(*columns, console=Console(file=out), transient=True) as bar:
            yield _BarTicker(label, total, unit, bar)
        return
    ticker = Ticker(label, total, unit)
    stop = threading.Event()

    def tell() -> None:
        while not stop.wait(line_interval()):
            print(ticker.line(), file=out, flush=True)

    thread = threading.Thread(target=tell, name="progress-lines", daemon=True)
    thread.start()
    finished = False
    try:
        yield ticker
        finished = True
    except KeyboardInterrupt:
        finished = True  # Ctrl-C: the last count is worth a line; an error says its own
        raise
    finally:
        stop.set()
        thread.join()
        if finished:
            print(ticker.line(), file=out, flush=True)
