"""Who may serve a database: one process on SQLite, any number on PostgreSQL (games leased).

Each game lives in the memory of the process that serves it (`tables.py`). On SQLite that is one
process: `magnates serve` holds an exclusive `flock` on the database file for its whole life and
a second one refuses to start, saying why (the kernel lets the lock go when the process ends; SQLite's
own locks are `fcntl` locks, which `flock` does not touch on Linux, so backups and readers go on
as before). On PostgreSQL any number of processes share the database, each game written by the one
holding its lease (`ownership.py`); each holds a *shared* session advisory lock, which keeps out
a server of the one-process kind (it takes the same lock exclusively) and lets it in once they end.
"""

from __future__ import annotations

import os
from typing import Any

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine, make_url

from magnates.server.storage import make_engine, normalize_url

try:
    import fcntl
except ImportError:  # pragma: no cover - not on Windows: no lock for SQLite there
    fcntl = None  # type: ignore[assignment]

# pg_try_advisory_lock's key: the bytes "magnates" read as a signed 64-bit number.
ADVISORY_KEY = int.from_bytes(b"magnates", "big", signed=True)


class DatabaseInUse(RuntimeError):
    """Another server process holds this database."""


class ServerLock:
    """The lock a `magnates serve` process holds on its database while it runs."""

    def __init__(self, url: str) -> None:
        self.url = normalize_url(url)
        self._engine: Engine | None = None
        self._connection: Connection | None = None
        self._fd: int | None = None

    def acquire(self) -> None:
        """Take the lock now, or raise DatabaseInUse."""
        if self.url.startswith("sqlite"):
            self._lock_file(make_url(self.url).database)
        elif self.url.startswith("postgresql"):
            self._lock_postgresql()

    def _lock_file(self, path: Any) -> None:
        if fcntl is None or not path or path == ":memory:" or not os.path.exists(path):
            return
        fd = os.open(path, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise DatabaseInUse("another `magnates serve` is running on this SQLite file") from None
        self._fd = fd

    def _lock_postgresql(self) -> None:
        engine = make_engine(self.url)
        connection = engine.connect()
        taken = connection.execute(text("SELECT pg_try_advisory_lock_shared(:key)"), {"key": ADVISORY_KEY}).scalar()
        connection.commit()  # the advisory lock belongs to the session, not to the transaction
        if not taken:
            connection.close()
            engine.dispose()
            raise DatabaseInUse(
                "a `magnates serve` that does not share databases (an older version) is running on this"
                " PostgreSQL database"
            )
        self._engine, self._connection = engine, connection

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing the file lets the flock go
            self._fd = None
        if self._connection is not None:
            # Let it go now: a closed session's backend may end a moment later (a crash's lock goes then).
            self._connection.execute(text("SELECT pg_advisory_unlock_shared(:key)"), {"key": ADVISORY_KEY})
            self._connection.commit()
            self._connection.close()
            self._connection = None
        if self._engine is not None:
            self._engine.dispose()
            self._engine = None
