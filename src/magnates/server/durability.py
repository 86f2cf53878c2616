"""No acknowledged move is ever lost: what the server does when its database cannot be written.

A move is played on a copy of the game (`stage`), stored, and only once its transaction has
committed is the copy made the game everyone sees (`publish`). A write that fails leaves the game
exactly as it was last committed, by construction: nothing to undo, nothing read back from a
database that may be the very thing that is gone. The request is answered 503 with Retry-After.

`Health` is the server's view of its database. A write that fails because the database cannot be
reached (PostgreSQL stopped or restarting, connections killed, SQLite's file read-only, its disk
full, its lock held too long) marks it down; from then on writes are refused at once, without
trying, until a probe on a backoff (0.25 s doubling to 2 s) reaches it again. That keeps a game from
running ahead of its record and requests from piling up behind a dead database. `/healthz` reports
it and `/readyz` answers 503 while it lasts (for a load balancer).

A write whose answer was lost (the connection died around its COMMIT) may have been stored after
all: its game is marked *unsure* by the service and reads what is stored before its next write.
"""

from __future__ import annotations

import asyncio
import contextlib
import copy
import logging
import math
import sqlite3
import time
from collections.abc import Callable, Iterator
from typing import Any

from sqlalchemy import exc
from sqlalchemy.engine import Engine

from magnates.server.errors import ServiceError
from magnates.server.tables import Table

try:
    import psycopg
except ImportError:  # pragma: no cover - PostgreSQL's driver is in the web extra
    psycopg = None  # type: ignore[assignment]

logger = logging.getLogger(__name__)

FIRST_DELAY = 0.25  # seconds before the first probe of a database that failed
MOST_DELAY = 2.0  # the backoff's ceiling: a probe is one connection, and the database back means play back
PROBE_SECONDS = 3.0  # a probe not answered by then counts as failed
FRESH_SECONDS = 1.0  # /readyz probes again when the database was last heard from longer ago than this


class Unavailable(ServiceError):
    """The game's storage cannot be written now: nothing changed; try again after `retry_after` s."""

    status = 503

    def __init__(self, message: str, retry_after: int = 1) -> None:
        super().__init__(message)
        self.retry_after = retry_after


def is_outage(err: BaseException) -> bool:
    """Whether an error says the database cannot be reached or written now (as opposed to a refusal
    of this write, such as a unique step already stored, or a bug)."""
    if isinstance(err, Unavailable):
        return True
    if isinstance(err, exc.DBAPIError):
        if err.connection_invalidated:
            return True
        return isinstance(err, exc.OperationalError | exc.InterfaceError)
    if isinstance(err, exc.TimeoutError | exc.DisconnectionError):  # the pool had no connection to give
        return True
    if isinstance(err, sqlite3.OperationalError | ConnectionError):
        return True
    return psycopg is not None and isinstance(err, psycopg.OperationalError | psycopg.InterfaceError)


def retry_after(err: BaseException) -> dict[str, Any]:
    """`{"retry_after": seconds}` for an error that says when to try again (else nothing)."""
    wait = getattr(err, "retry_after", None)
    return {"retry_after": wait} if isinstance(wait, int) else {}


def probe(engine: Engine) -> None:
    """Reach the database as a write would. PostgreSQL: a round trip on a (re)opened connection.
    SQLite: the write lock taken and let go (a read-only file or a lock held elsewhere fails it)."""
    if engine.dialect.name == "sqlite":
        raw = engine.raw_connection()
        try:
            cursor = raw.cursor()
            cursor.execute("BEGIN IMMEDIATE")
            cursor.execute("ROLLBACK")
            cursor.close()
        finally:
            raw.close()
        return
    with engine.connect() as connection:
        connection.exec_driver_sql("SELECT 1")


class Health:
    """Whether the database can be written now, and when to try again (a backoff) when it cannot."""

    def __init__(self, probe: Callable[[], None]) -> None:
        self.probe = probe
        self.down_since: float | None = None  # wall time of the first failure of this outage
        self.error = ""  # what the database said, for /healthz
        self.delay = 0.0
        self.retry_at = 0.0  # monotonic: writes are refused without trying until then
        self.heard = time.monotonic()  # when the database last answered
        self.outages = 0
        self.task: asyncio.Task[None] | None = None

    @property
    def down(self) -> bool:
        return self.down_since is not None

    def failed(self, err: BaseException) -> None:
        """A write or probe could not reach the database: refuse writes until the next probe. The wait
        doubles when a try after the last wait failed too, not for each request failing meanwhile
        (a transaction of many moves fails them all at once)."""
        now = time.monotonic()
        self.error = said(err)
        if self.down_since is None:
            self.down_since = time.time()
            self.outages += 1
            self.delay = FIRST_DELAY
            logger.warning("the database cannot be written (%s); moves are refused until it is back", self.error)
        elif now >= self.retry_at:
            self.delay = min(MOST_DELAY, self.delay * 2)
        else:
            return
        self.retry_at = now + self.delay
        self._probe_later()

    def succeeded(self) -> None:
        self.heard = time.monotonic()
        if self.down_since is not None:
            logger.warning("the database is back after %.1f s", time.time() - self.down_since)
            self.down_since = None
            self.error = ""
            self.delay = 0.0

    def refusal(self) -> Unavailable:
        wait = max(1, math.ceil(self.retry_at - time.monotonic()))
        return Unavailable(
            f"the game's storage cannot be written just now, so nothing changed; try again in {wait} s", wait
        )

    @contextlib.contextmanager
    def reaching(self) -> Iterator[None]:
        """Around a call to the database: an outage is raised as 503 with Retry-After (and marks the
        database down); any other error is raised as it is; success marks the database up."""
        try:
            yield
        except Exception as err:
            refused = self.refuse(err)
            if refused is err:
                raise
            raise refused from err
        self.succeeded()

    def check(self) -> None:
        """Before a write: refuse it at once while the database is down and its next probe is not due."""
        if self.down_since is not None and time.monotonic() < self.retry_at:
            raise self.refusal()

    def refuse(self, err: BaseException) -> BaseException:
        """What to raise for a failed write: Unavailable (503) for an outage, else the error itself."""
        if is_outage(err):
            if not isinstance(err, Unavailable):
                self.failed(err)
            return self.refusal()
        return err

    async def probe_now(self) -> bool:
        """Try the database now (off the event loop); True when it answered."""
        try:
            await asyncio.wait_for(asyncio.to_thread(self.probe), PROBE_SECONDS)
        except Exception as err:  # any failure to answer is the database being unreachable
            self.failed(err)
            return False
        self.succeeded()
        return True

    async def ready(self) -> bool:
        """For /readyz: down is not ready; up but not heard from lately is probed first."""
        if self.down:
            return False
        if time.monotonic() - self.heard > FRESH_SECONDS:
            return await self.probe_now()
        return True

    def report(self) -> dict[str, Any]:
        if self.down_since is None:
            return {"database": "ok"}
        return {
            "database": "unreachable",
            "database_down_seconds": round(time.time() - self.down_since, 1),
            "database_error": self.error,
            "retry_after": max(1, math.ceil(self.retry_at - time.monotonic())),
        }

    def watch(self) -> None:
        """From the event loop's thread: if the database is down, probe until it is back (a failure
        met in another thread, such as a bot thread's, could not start the probing there)."""
        if self.down_since is not None:
            self._probe_later()

    def _probe_later(self) -> None:
        if self.task is not None and not self.task.done():
            return
        with contextlib.suppress(RuntimeError):  # no event loop (a synchronous tool): writes probe themselves
            self.task = asyncio.get_running_loop().create_task(self._probe_until_back())

    async def _probe_until_back(self) -> None:
        """Reconnect with backoff: probe when each delay is up, until the database answers."""
        while self.down_since is not None:
            await asyncio.sleep(max(0.0, self.retry_at - time.monotonic()))
            if self.down_since is None:
                return
            await self.probe_now()

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
            self.task = None


def said(err: BaseException) -> str:
    """The database's own words, one line, short (no SQL, no parameters)."""
    original = getattr(err, "orig", None) or err
    text = str(original).strip().splitlines()[0] if str(original).strip() else type(original).__name__
    return text[:200]


# -- a move played on a copy, published once stored ----------------------------------------------
def stage(table: Table) -> Table:
    """A table to play a move on, apart from the one everyone sees, which stays as committed.

    The staged table takes the table's own engine state, actors, log lines and timeout marks (what
    a move changes), and the table shows copies of them until the move is stored (`publish` hands
    the originals back, moved on); everything else is shared. If the move is refused or its write
    fails, the table keeps the copies, which hold the committed game exactly.

    Copying this way round, rather than playing on the copies, keeps a game's state the same
    objects from move to move: the copies live only while the move is stored, and the cycle
    collector's young passes, which walk every object made since the last pass and still alive, no
    longer meet every game's state again (docs/web.md, "What the collector's passes walk")."""
    staged = copy.copy(table)
    table.state = staged.state.clone()
    table.actors = list(staged.actors)
    table.lines = list(staged.lines)
    table.timeouts = set(staged.timeouts)
    return staged


def publish(table: Table, staged: Table) -> None:
    """The staged move is stored: make it the game everyone sees (the originals, moved on)."""
    table.state, table.actors, table.lines = staged.state, staged.actors, staged.lines
    table.timeouts, table.next_seq = staged.timeouts, staged.next_seq
