"""Fan-out between server processes through PostgreSQL's LISTEN/NOTIFY (no other service to run).

Every process LISTENs on one channel (`storage.CHANNEL`). What is said there, as small JSON
objects `{"t": kind, "g": game id, "from": sender, ...}`:

- `e`: the game's events changed (sent by `Store.append` inside the writing transaction, so it
  arrives only once the events are committed and readable; from the writer's group commit, `g` is
  the list of the games written in that transaction);
- `s`: its seats or rematch changed; `c`: a chat message (`m`), said at its table;
- `r`: a request to the game's owner (`to`) to let its lease go; `f`: a lease let go, by `from`.

A notification is delivered to every listening session, the sender's own too; each process skips
its own. A lost connection is opened again, after which every game this process follows is read
again from the database (notifications sent meanwhile are lost with the connection).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from typing import Any

import psycopg
from sqlalchemy.engine import make_url

from magnates.core.errors import InvariantError
from magnates.server.durability import said
from magnates.server.storage import CHANNEL, normalize_url

logger = logging.getLogger(__name__)

RECONNECT_SECONDS = 0.25  # the first wait before opening a lost connection again; doubled each failure...
MOST_RECONNECT_SECONDS = 4.0  # ...up to this


def conninfo(url: str) -> str:
    """psycopg's connection string for a SQLAlchemy PostgreSQL URL."""
    return make_url(normalize_url(url)).set(drivername="postgresql").render_as_string(hide_password=False)


class Listener:
    """One process's LISTEN connection (and a second connection to NOTIFY on)."""

    def __init__(
        self, url: str, on_message: Callable[[dict[str, Any]], None], on_reconnect: Callable[[], None]
    ) -> None:
        self.info = conninfo(url)
        self.on_message = on_message
        self.on_reconnect = on_reconnect
        self.listening: psycopg.AsyncConnection[Any] | None = None
        self.sending: psycopg.AsyncConnection[Any] | None = None
        self.task: asyncio.Task[None] | None = None

    async def start(self) -> None:
        await self._connect()
        self.task = asyncio.create_task(self._run())

    async def _connect(self) -> None:
        await self._close()
        self.listening = await psycopg.AsyncConnection.connect(self.info, autocommit=True)
        await self.listening.execute(f"LISTEN {CHANNEL}")
        self.sending = await psycopg.AsyncConnection.connect(self.info, autocommit=True)

    async def _run(self) -> None:
        while True:
            try:
                if self.listening is None:
                    raise InvariantError("the LISTEN loop started before its connection was opened")
                async for note in self.listening.notifies():
                    self._dispatch(note.payload)
            except (psycopg.Error, OSError) as err:
                logger.warning("the LISTEN connection was lost (%s); opening it again", said(err))
            delay = RECONNECT_SECONDS
            while True:
                await asyncio.sleep(delay)
                try:
                    await self._connect()
                    break
                except (psycopg.Error, OSError) as err:
                    logger.warning("cannot LISTEN again yet (%s); next try in %.1f s", said(err), delay)
                    delay = min(MOST_RECONNECT_SECONDS, delay * 2)
            self.on_reconnect()

    def _dispatch(self, payload: str) -> None:
        try:
            message = json.loads(payload)
        except json.JSONDecodeError:
            logger.warning("a notification that is not JSON was ignored")
            return
        if isinstance(message, dict) and isinstance(message.get("g"), str | list):
            try:
                self.on_message(message)
            except Exception:  # one bad message must not stop the fan-out
                logger.exception("a notification could not be handled: %.200s", payload)

    async def send(self, message: dict[str, Any]) -> None:
        """NOTIFY every process (this one's listener too, which skips its own)."""
        if self.sending is None:
            return
        payload = json.dumps(message, separators=(",", ":"))
        try:
            await self.sending.execute("SELECT pg_notify(%s, %s)", (CHANNEL, payload))
        except (psycopg.Error, OSError) as err:  # the listener's reconnection opens a new one
            logger.warning("a notification could not be sent: %s", said(err))

    async def _close(self) -> None:
        for connection in (self.listening, self.sending):
            if connection is not None:
                with contextlib.suppress(Exception):
                    await connection.close()
        self.listening = self.sending = None

    async def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
            self.task = None
        await self._close()
