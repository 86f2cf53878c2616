"""The one thread that stores moves: group commit.

Every move's events used to go to a thread of their own (`asyncio.to_thread`), one transaction
each: a thread woken per move, SQLite's single write lock fought over by several threads, and a
commit per move. Now one thread writes: what arrived while it was writing goes into the next
transaction together. Each request's events are still all or nothing: when a shared transaction
fails, its requests are written again one transaction each, so one bad write fails only its own
request (and a move already stored is refused by the events' unique step, never stored twice).
When it failed because the database cannot be reached, every request of it fails at once instead
(written one by one, each would wait for the same dead database).
A game's moves stay in order because each game waits for its write before the next (its lock).
"""

from __future__ import annotations

import asyncio
import logging
import queue
import threading
from collections.abc import Sequence
from dataclasses import dataclass

from magnates.server.durability import is_outage
from magnates.server.storage import Store, StoredEvent

logger = logging.getLogger(__name__)

MAX_BATCH = 256  # requests in one transaction at most


@dataclass
class Write:
    game_id: str
    events: Sequence[StoredEvent]
    status: str | None
    future: asyncio.Future[None]
    loop: asyncio.AbstractEventLoop


class Writer:
    """Stores each request's events from one thread, many requests per transaction."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.queue: queue.SimpleQueue[Write | None] = queue.SimpleQueue()
        self.thread: threading.Thread | None = None
        self.lock = threading.Lock()
        self.batches = 0  # transactions written (a figure for the load benchmark's readers)
        self.writes = 0

    async def append(self, game_id: str, events: Sequence[StoredEvent], status: str | None = None) -> None:
        """Store one request's events (and the game's status); returns once they are committed."""
        loop = asyncio.get_running_loop()
        future: asyncio.Future[None] = loop.create_future()
        self._start()
        self.queue.put(Write(game_id, events, status, future, loop))
        await future

    def _start(self) -> None:
        if self.thread is None or not self.thread.is_alive():
            with self.lock:
                if self.thread is None or not self.thread.is_alive():
                    self.thread = threading.Thread(target=self._run, name="magnates-writer", daemon=True)
                    self.store.holder = self.thread  # it keeps its database connection between writes
                    self.thread.start()

    def close(self) -> None:
        """Write what is queued, then stop the thread."""
        if self.thread is not None and self.thread.is_alive():
            self.queue.put(None)
            self.thread.join(timeout=30)
        self.thread = None

    def _run(self) -> None:
        try:
            self._serve()
        finally:
            self.store.release_held()

    def _serve(self) -> None:
        while True:
            first = self.queue.get()
            if first is None:
                return
            batch = [first]
            stop = False
            while len(batch) < MAX_BATCH:
                try:
                    more = self.queue.get_nowait()
                except queue.Empty:
                    break
                if more is None:
                    stop = True
                    break
                batch.append(more)
            self._settle(batch, self._write(batch))
            if stop:
                return

    def _write(self, batch: list[Write]) -> list[BaseException | None]:
        """Each request's outcome: None (stored) or the error that kept it out."""
        self.batches += 1
        self.writes += len(batch)
        try:
            if len(batch) == 1:
                self.store.append(batch[0].game_id, batch[0].events, batch[0].status)
            else:  # one transaction, and one notification to the other processes (fanout.py)
                self.store.append_many([(write.game_id, write.events, write.status) for write in batch])
            return [None] * len(batch)
        except Exception as err:
            if len(batch) == 1 or is_outage(err):  # the database is gone: every request of it fails alike
                return [err] * len(batch)
        outcomes: list[BaseException | None] = []
        for write in batch:  # the shared transaction failed: each request alone, so only the bad one fails
            try:
                self.store.append(write.game_id, write.events, write.status)
                outcomes.append(None)
            except Exception as err:
                outcomes.append(err)
        return outcomes

    @staticmethod
    def _settle(batch: list[Write], outcomes: list[BaseException | None]) -> None:
        by_loop: dict[asyncio.AbstractEventLoop, list[tuple[asyncio.Future[None], BaseException | None]]] = {}
        for write, outcome in zip(batch, outcomes, strict=True):
            by_loop.setdefault(write.loop, []).append((write.future, outcome))
        for loop, settled in by_loop.items():
            try:
                loop.call_soon_threadsafe(_resolve, settled)
            except RuntimeError:  # the loop is closed: nobody waits for these any more
                logger.warning("%d stored moves had no event loop left to answer", len(settled))


def _resolve(settled: list[tuple[asyncio.Future[None], BaseException | None]]) -> None:
    for future, outcome in settled:
        if future.done():  # the request was cancelled (its connection closed); the write stands
            continue
        if outcome is None:
            future.set_result(None)
        else:
            future.set_exception(outcome)
