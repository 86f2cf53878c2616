"""One process's share of the games when several `magnates serve` processes use one PostgreSQL.

A process writes a game only while it holds the game's lease (`leases.py`). A move that reaches a
process that does not hold it (its seat's WebSocket is there, or a request was routed there) makes
that process ask for the lease: taken at once when it is free or lapsed; when another live process
holds it, that owner is asked (NOTIFY `r`) to let it go. The owner waits for the game's write in
flight (the game's lock), deletes its lease and says so (NOTIFY `f`); the asker takes it, reads
the events it does not have yet (every move is committed before it is acknowledged, so the
database holds exactly where the owner left it) and plays the move. A crashed owner answers
nothing: its lease lapses after `LEASE_SECONDS` and the asker takes it then.

Every stored change is announced (`fanout.py`); a process with the game in memory that did not
make the change catches up from the database and pushes its viewers their new snapshots. A
background task renews this process's leases and adopts the lapsed or free leases of games its
own viewers watch (so a crashed owner's turn clocks go on here within seconds).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
import socket
import time
from collections.abc import Awaitable, Callable
from typing import Any

from magnates.server.durability import is_outage, said
from magnates.server.errors import ServiceError
from magnates.server.fanout import Listener
from magnates.server.leases import LEASE_SECONDS, RENEW_SECONDS, Leases
from magnates.server.tables import Table

logger = logging.getLogger(__name__)

ASK_SECONDS = 1.0  # how long to wait for an owner to let a lease go before asking again
CLAIM_SECONDS = LEASE_SECONDS + 5.0  # a lease not had by then: 503, try again
MARGIN = 1.0  # a lease counts as ours until this long before it lapses in the database
RECHECK_SECONDS = 3.0  # how often the stored steps of the games followed here are compared with ours


class Busy(ServiceError):
    """The game's owner did not let it go in time (another process is serving it)."""

    status = 503


def process_name() -> str:
    """This process's name in the `leases` table: host, pid and a random part (pids are reused)."""
    return f"{socket.gethostname()[:64]}:{os.getpid()}:{secrets.token_hex(4)}"


class Ownership:
    """The leases this process holds, the asking for others', and what it hears from the others."""

    def __init__(
        self,
        url: str,
        leases: Leases,
        tables: dict[str, Table],
        catch_up: Callable[[Table], Awaitable[None]],
        heard: Callable[[Table, dict[str, Any]], Awaitable[None]],
    ) -> None:
        self.leases = leases
        self.me = leases.me
        self.tables = tables
        self.catch_up = catch_up  # reads a game's new events from the database, applies them, tells viewers
        self.heard = heard  # seats changed or a chat message, said in another process
        self.owned: dict[str, float] = {}  # game id -> monotonic time until which the lease is surely ours
        self.fresh: set[str] = set()  # games just taken: read what the last owner stored before writing
        self.freed: dict[str, asyncio.Event] = {}  # games this process waits for
        self.busy: dict[str, asyncio.Task[None]] = {}  # one catch-up (or release) at a time per game
        self.catching: set[str] = set()  # games with a catch-up waiting or running...
        self.again: set[str] = set()  # ...and heard of again meanwhile
        self.listener = Listener(url, self._hear, self._reconnected)
        self.renewer: asyncio.Task[None] | None = None
        # The next event's seq per game, as stored (Store.next_seqs; set by the service): a follower
        # that missed a notification (lost with an outage, or a catch-up that failed) sees it here.
        self.stored_seqs: Callable[[list[str]], dict[str, int]] | None = None
        self.recheck_at = 0.0

    # -- life ---------------------------------------------------------------------------
    async def start(self) -> None:
        await self.listener.start()
        self.renewer = asyncio.create_task(self._renew_forever())

    async def stop(self) -> None:
        if self.renewer is not None:
            self.renewer.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.renewer
        await self.listener.stop()
        for task in list(self.busy.values()):
            task.cancel()
        try:
            await asyncio.to_thread(self.leases.give_up_all)  # the others need not wait for them to lapse
        except Exception:
            logger.exception("this process's leases could not be given up; they lapse in %s s", LEASE_SECONDS)
        self.owned.clear()

    # -- owning ---------------------------------------------------------------------------
    def holds(self, game_id: str) -> bool:
        until = self.owned.get(game_id)
        return until is not None and time.monotonic() < until

    def _mark(self, game_id: str) -> None:
        self.owned[game_id] = time.monotonic() + self.leases.seconds - MARGIN

    async def claim(self, game_id: str) -> None:
        """Hold the game's lease: take it, or ask its owner to let it go and wait (503 after CLAIM_SECONDS)."""
        deadline = time.monotonic() + CLAIM_SECONDS
        while not self.holds(game_id):
            holder = await asyncio.to_thread(self.leases.take, game_id)
            if holder is None:
                self.fresh.add(game_id)  # another process may have written it since we last held it
                self._mark(game_id)
                return
            self.owned.pop(game_id, None)
            if time.monotonic() > deadline:
                raise Busy("another server process is serving this game and did not let it go; try again shortly")
            if not holder:  # let go between our two statements: take it now
                continue
            freed = self.freed.setdefault(game_id, asyncio.Event())
            await self.listener.send({"t": "r", "g": game_id, "to": holder, "from": self.me})
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(freed.wait(), ASK_SECONDS)
            if self.freed.get(game_id) is freed:
                del self.freed[game_id]  # every waiter on it tries to take the lease now

    def claim_now(self, game_id: str) -> bool:
        """`claim` without waiting (for the synchronous seat changes): True when the lease is ours now.
        When another process holds it, that one is asked to let it go, so that a retry finds it free."""
        if self.holds(game_id):
            return True
        holder = self.leases.take(game_id)
        if holder is None:
            self.fresh.add(game_id)
            self._mark(game_id)
            return True
        self.owned.pop(game_id, None)
        with contextlib.suppress(RuntimeError):
            asyncio.get_running_loop().create_task(
                self.listener.send({"t": "r", "g": game_id, "to": holder, "from": self.me})
            )
        return False

    def adopt_now(self, game_ids: list[str]) -> set[str]:
        """Take the leases of these games that nobody holds (or that lapsed); returns those now ours."""
        adopted = self.leases.adopt(game_ids)
        for game_id in adopted:
            self.fresh.add(game_id)
            self._mark(game_id)
        return adopted

    async def let_go(self, game_id: str) -> None:
        """Give the lease up (asked by another process): after the game's write in flight."""
        table = self.tables.get(game_id)
        if table is not None:
            async with table.lock:
                self.owned.pop(game_id, None)
                await asyncio.to_thread(self.leases.give_up, [game_id], True)
        else:
            self.owned.pop(game_id, None)
            await asyncio.to_thread(self.leases.give_up, [game_id], True)

    def forget(self, game_ids: list[str]) -> None:
        """Games unloaded from memory: their leases go (synchronously; a few rows)."""
        held = [g for g in game_ids if self.owned.pop(g, None) is not None]
        self.fresh.difference_update(game_ids)
        if held:
            try:
                self.leases.give_up(held)
            except Exception:
                logger.exception("leases of unloaded games could not be given up; they lapse on their own")

    # -- hearing ---------------------------------------------------------------------------
    def _hear(self, message: dict[str, Any]) -> None:
        kind, game_id = message.get("t"), message["g"]
        if message.get("from") == self.me:
            return
        if isinstance(game_id, list):  # several games written in one transaction
            for one in game_id:
                if isinstance(one, str):
                    self._hear({**message, "g": one})
            return
        if kind == "f":
            freed = self.freed.get(game_id)
            if freed is not None:
                freed.set()
        elif kind == "r":
            if message.get("to") == self.me:
                self._one_at_a_time(game_id, lambda: self.let_go(game_id))
        elif game_id in self.tables:
            table = self.tables[game_id]
            if kind == "e":
                # Another process wrote this game: if we thought it ours, our lease had lapsed.
                self.owned.pop(game_id, None)
                self._one_at_a_time(game_id, lambda: self.catch_up(table), coalesce=True)
            elif kind in {"s", "c"}:
                asyncio.get_running_loop().create_task(self._guarded(self.heard(table, message)))

    def _one_at_a_time(self, game_id: str, work: Callable[[], Awaitable[None]], coalesce: bool = False) -> None:
        """Run `work` for a game after whatever runs for it now; a catch-up (`coalesce`) heard while
        one is waiting or running is folded into one more run of it."""
        if coalesce:
            if game_id in self.catching:
                self.again.add(game_id)
                return
            self.catching.add(game_id)
        previous = self.busy.get(game_id)

        async def run() -> None:
            try:
                if previous is not None:
                    await asyncio.wait([previous])
                await self._guarded(work())
                while coalesce and game_id in self.again:
                    self.again.discard(game_id)
                    await self._guarded(work())
            finally:
                if coalesce:
                    self.catching.discard(game_id)
                if self.busy.get(game_id) is task:
                    del self.busy[game_id]

        task = asyncio.get_running_loop().create_task(run())
        self.busy[game_id] = task

    @staticmethod
    async def _guarded(work: Awaitable[None]) -> None:
        try:
            await work
        except Exception as err:
            if is_outage(err):  # the database is away: the re-check after it catches up
                logger.warning("another process's change could not be read yet: %s", said(err))
            else:
                logger.exception("handling another process's change failed")

    def _reconnected(self) -> None:
        """Notifications were lost with the connection: read every game in memory again."""
        for game_id, table in list(self.tables.items()):
            if not self.holds(game_id):
                self._one_at_a_time(game_id, lambda t=table: self.catch_up(t), coalesce=True)  # type: ignore[misc]

    # -- renewing and adopting ----------------------------------------------------------------
    async def _renew_forever(self) -> None:
        while True:
            await asyncio.sleep(RENEW_SECONDS)
            try:
                await self.renew()
                await self.recheck()
            except Exception as err:
                if is_outage(err):
                    logger.warning("renewing leases failed (%s); trying again in %s s", said(err), RENEW_SECONDS)
                else:
                    logger.exception("renewing leases failed; trying again in %s s", RENEW_SECONDS)

    async def recheck(self, now: float | None = None) -> list[str]:
        """Every RECHECK_SECONDS: catch up each game followed here whose stored record is ahead of
        ours (a notification lost while the database was away must not leave its viewers behind)."""
        now = time.monotonic() if now is None else now
        if self.stored_seqs is None or now < self.recheck_at:
            return []
        self.recheck_at = now + RECHECK_SECONDS
        followed = [game_id for game_id in self.tables if not self.holds(game_id)]
        if not followed:
            return []
        stored = await asyncio.to_thread(self.stored_seqs, followed)
        behind = [g for g in followed if g in self.tables and stored.get(g, 0) > self.tables[g].next_seq]
        for game_id in behind:
            table = self.tables[game_id]
            self._one_at_a_time(game_id, lambda t=table: self.catch_up(t), coalesce=True)  # type: ignore[misc]
        return behind

    async def renew(self) -> None:
        held = list(self.owned)
        kept = await asyncio.to_thread(self.leases.renew, held)
        for game_id in held:
            if game_id in kept:
                self._mark(game_id)
            else:
                self.owned.pop(game_id, None)  # it lapsed and another process took it
        watched = [
            game_id
            for game_id, table in self.tables.items()
            if table.listeners and game_id not in self.owned and table.status == "playing"
        ]
        for game_id in await asyncio.to_thread(self.leases.adopt, watched):
            self.fresh.add(game_id)
            self._mark(game_id)
            table = self.tables.get(game_id)
            if table is not None:
                self._one_at_a_time(game_id, lambda t=table: self.catch_up(t), coalesce=True)  # type: ignore[misc]
