"""The WebSocket hub: live connections per game, each sent its own seat's snapshot after every change
and every chat message as it is said; it takes moves, undos and chat messages from them."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections import deque
from typing import Any

from fastapi import WebSocket, WebSocketDisconnect

from magnates.core.errors import MagnatesError
from magnates.server.durability import is_outage, retry_after
from magnates.server.errors import Repeated, ServiceError, excerpt
from magnates.server.json_guard import json_problem
from magnates.server.limits import SPECTATOR_SHARE, Limits, RateLimiter, TooMany, address_group
from magnates.server.service import GameService
from magnates.server.tables import Table

logger = logging.getLogger(__name__)


def websocket_token(websocket: WebSocket) -> tuple[str | None, str | None]:
    """A WebSocket's secret and the subprotocol to answer with.

    Browsers cannot set headers on a WebSocket, so the page offers the subprotocols
    `magnates` and `token.<secret>`; other clients may send `Authorization: Bearer`.
    """
    offered = list(websocket.scope.get("subprotocols") or [])
    token = next((p[len("token.") :] for p in offered if p.startswith("token.")), None)
    chosen = "magnates" if "magnates" in offered else None
    if token is None:
        header = websocket.headers.get("authorization", "")
        if header.lower().startswith("bearer "):
            token = header[7:].strip()
    return token or None, chosen


class Connection:
    """One open WebSocket's wake-up call: snapshots coalesce (only the newest is worth sending),
    chat messages queue (each is sent)."""

    def __init__(self) -> None:
        self.wake = asyncio.Event()
        self.stale = False
        self.pending: deque[str] = deque(maxlen=200)

    def changed(self) -> None:
        self.stale = True
        self.wake.set()

    def said(self, text: str) -> None:
        self.pending.append(text)
        self.wake.set()


class Hub:
    """Live connections per game; each gets its own seat's snapshot after every change."""

    def __init__(self, service: GameService, limits: Limits, movers: RateLimiter, talkers: RateLimiter) -> None:
        self.service = service
        self.limits = limits
        self.movers = movers
        self.talkers = talkers
        self.sockets: dict[tuple[str, int | None], set[WebSocket]] = {}
        self.total = 0
        self.spectating = 0  # of `total`, the spectators' sockets
        # Open sockets per (address group, spectator or not): spectators and seats counted apart.
        self.per_address: dict[tuple[str, bool], int] = {}
        service.revoked = self.kick  # a link re-issued by another process closes its pages here too

    def refusal(self, table: Table, seat: int | None, address: str = "") -> str | None:
        """Why one more WebSocket may not open now (None: it may).

        No one address (limits.address_group) may hold more than `ws_per_address` spectator sockets,
        nor more than as many seat sockets, and spectators may fill only `SPECTATOR_SHARE` of
        `ws_total`: a flood of spectator sockets, from one address or many, the player's own
        included, still leaves room for a seated player's own connection.
        """
        limits = self.limits
        if limits.ws_total and self.total >= limits.ws_total:
            return f"the server has its most open connections ({limits.ws_total}); try again shortly"
        if seat is None and limits.ws_total and self.spectating >= int(limits.ws_total * SPECTATOR_SHARE):
            return "the server has its most spectators; seated players can still join; try again shortly"
        group = (address_group(address), seat is None)
        if limits.ws_per_address and self.per_address.get(group, 0) >= limits.ws_per_address:
            what = "spectator connections" if seat is None else "connections to seats"
            return f"your address already has {limits.ws_per_address} open {what} (close some tabs)"
        cap = limits.ws_spectators if seat is None else limits.ws_per_seat
        if cap and len(self.sockets.get((table.id, seat), ())) >= cap:
            who = "spectators of this game already have" if seat is None else "this seat already has"
            return f"{who} {cap} open connections (close another tab or window)"
        return None

    def admit(self, table: Table, seat: int | None, address: str) -> str | None:
        """`refusal`, and when there is none the connection's place taken at once (counted in all, as
        a spectator, for its address): handshakes that overlap cannot all pass the same check.
        A connection admitted must be `release`d once it ends, accepted or not."""
        refused = self.refusal(table, seat, address)
        if refused is None:
            self.total += 1
            self.spectating += seat is None
            mine = (address_group(address), seat is None)
            self.per_address[mine] = self.per_address.get(mine, 0) + 1
        return refused

    def release(self, seat: int | None, address: str) -> None:
        """An admitted connection ended: its place is free again."""
        self.total -= 1
        self.spectating -= seat is None
        mine = (address_group(address), seat is None)
        left = self.per_address.get(mine, 1) - 1
        if left > 0:
            self.per_address[mine] = left
        else:
            self.per_address.pop(mine, None)

    def kick(self, table: Table, seat: int) -> None:
        """Close a seat's connections (its link was re-issued)."""
        for websocket in list(self.sockets.get((table.id, seat), ())):
            with contextlib.suppress(Exception):
                asyncio.get_running_loop().create_task(websocket.close(code=4403))

    async def serve(self, websocket: WebSocket, table: Table, seat: int | None, address: str) -> None:
        """Serve an accepted WebSocket (admitted with `admit`) until it closes."""
        connection = Connection()
        key = (table.id, seat)
        self.sockets.setdefault(key, set()).add(websocket)
        table.listeners.append(connection)
        sender = asyncio.create_task(self._send_updates(websocket, table, seat, connection))
        try:
            await websocket.send_text(self.service.snapshot_text(table, seat))
            while True:
                text = await websocket.receive_text()
                if len(text) > max(self.limits.max_body, 1024):
                    await self._error(websocket, table, f"a message is at most {self.limits.max_body:,} bytes")
                    continue
                problem = json_problem(text)
                if problem is not None:  # before parsing: a huge number or deep nesting (json_guard.py)
                    await self._error(websocket, table, f"the message was refused: {problem}")
                    continue
                try:
                    message = json.loads(text)
                except ValueError:
                    await self._error(websocket, table, "messages are JSON objects")
                    continue
                await self._handle(websocket, table, seat, message, address)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            with contextlib.suppress(ValueError):
                table.listeners.remove(connection)
            group = self.sockets.get(key)
            if group is not None:
                group.discard(websocket)
                if not group:
                    del self.sockets[key]
            sender.cancel()

    @staticmethod
    async def _error(websocket: WebSocket, table: Table, message: str, **extra: Any) -> None:
        await websocket.send_json({"type": "error", "message": message, "step": table.step, **extra})

    async def _send_updates(self, websocket: WebSocket, table: Table, seat: int | None, connection: Connection) -> None:
        with contextlib.suppress(Exception):
            while True:
                await connection.wake.wait()
                connection.wake.clear()
                while connection.pending:
                    await websocket.send_text(connection.pending.popleft())
                if connection.stale:
                    connection.stale = False
                    await websocket.send_text(self.service.snapshot_text(table, seat))

    def _limit(self, limiter: RateLimiter, address: str, what: str) -> None:
        if self.limits.rate_limits:
            wait = limiter.take(address)
            if wait:
                raise TooMany(f"too many {what} from your address; wait a moment", wait)

    async def _handle(self, websocket: WebSocket, table: Table, seat: int | None, message: Any, address: str) -> None:
        kind = message.get("type") if isinstance(message, dict) else None
        try:
            if kind in {"action", "undo"}:
                self._limit(self.movers, address, "moves")
            if kind == "action":
                try:
                    await self.service.act_async(table, seat, message.get("action"), message.get("step"))
                except Repeated:
                    # Applied once already (a retry, or the same move from another tab): answer as now.
                    await websocket.send_text(self.service.snapshot_text(table, seat))
            elif kind == "undo":
                await self.service.undo_async(table, seat, message.get("step"))
            elif kind == "chat":
                self._limit(self.talkers, address, "chat messages")
                self.service.chat(table, seat, message.get("text"))
            elif kind == "ping":
                await websocket.send_json({"type": "pong", "step": table.step})
            else:
                raise ServiceError(f"unknown message {excerpt(kind)}; send 'action', 'undo', 'chat' or 'ping'")
        except TooMany as err:
            await self._error(websocket, table, str(err), retry_after=err.retry_after)
        except MagnatesError as err:  # a 503 (the database is away) says when to try again
            await self._error(websocket, table, str(err)[:500], **retry_after(err))
        except Exception as err:
            # Storage trouble or a bug: the game is as last stored; say so and keep the connection.
            if is_outage(err):
                refused = self.service.health.refuse(err)
                await self._error(websocket, table, str(refused)[:500], **retry_after(refused))
                return
            logger.exception("game %s: a %s message failed", table.id, excerpt(kind))
            await self._error(websocket, table, "the server could not apply that (nothing changed); please try again")
