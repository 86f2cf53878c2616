"""What the server allows one client: body sizes, request rates, open WebSockets; and who a client is.

Every limit is a field of `Limits`, read from `MAGNATES_*` environment variables or given by
`magnates serve` options; `docs/web.md` lists them with their defaults. Rates are token buckets
kept in this process per client address: enough for one server; behind a reverse proxy the
proxy's address must be named in `trusted_proxies`, or every player shares the proxy's bucket.
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import math
import os
import time
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field, fields
from typing import Any

from magnates.server.hosts import host_refusal
from magnates.server.json_guard import json_problem

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

ENV_PREFIX = "MAGNATES_"
SPECTATOR_SHARE = 0.75  # of `ws_total`: spectators never take the last quarter, kept for seated players


@dataclass
class Limits:
    """The server's limits; `0` switches a rate or a cap off."""

    max_body: int = 64 * 1024  # bytes of a request body (413 above it, before parsing)
    create_rate: float = 0.2  # games created (or imported) per second per client address...
    create_burst: int = 20  # ...with this many at once
    move_rate: float = 10.0  # moves and undos per second per client address (HTTP and WebSocket)...
    move_burst: int = 40  # ...with this many at once
    chat_rate: float = 1.0  # chat messages per second per client address (HTTP and WebSocket)...
    chat_burst: int = 10  # ...with this many at once
    ws_per_seat: int = 4  # open WebSockets per seat of a game (spectators of a game: ws_spectators)
    ws_spectators: int = 64  # open spectator WebSockets per game
    ws_total: int = 4000  # open WebSockets in all (spectators may fill SPECTATOR_SHARE of them; the rest is for seats)
    ws_per_address: int = 256  # open WebSockets from one client address (IPv6: one /64)
    conns_per_address: int = 64  # open HTTP connections from one client address (WebSockets counted above)
    header_timeout: float = 10.0  # seconds a client has to send a request's headers (then it is dropped)
    body_timeout: float = 30.0  # seconds a client has to send a request's body (408 after)
    build_rate: float = 1.0  # option sets not seen before, built per second per address (/info, /describe)...
    build_burst: int = 20  # ...with this many at once
    allowed_hosts: str = ""  # comma-separated host names this server answers to ("": any; `magnates serve` sets it)
    db_timeout: float = 5.0  # seconds a database statement or lock wait may take (then 503 with Retry-After)
    idle_unload: float = 600.0  # seconds a table may sit unused in memory before it is unloaded
    trusted_proxies: str = ""  # comma-separated addresses whose X-Forwarded-For is believed
    rate_limits: bool = True  # False: no rate limits at all (tests, benchmarks of the engine)
    learned_dir: str = ""  # a folder of learned bots' weights offered in the lobby ("": none; learned_menu.py)

    @classmethod
    def from_env(cls, environ: MutableMapping[str, str] | None = None, **overrides: Any) -> Limits:
        """Defaults, then `MAGNATES_<NAME>` variables (e.g. MAGNATES_MAX_BODY=65536), then `overrides`."""
        environ = os.environ if environ is None else environ
        values: dict[str, Any] = {}
        for spec in fields(cls):
            raw = environ.get(ENV_PREFIX + spec.name.upper())
            if raw is None:
                continue
            values[spec.name] = _parse(spec.name, spec.type, raw)
        values.update({k: v for k, v in overrides.items() if v is not None})
        return cls(**values)

    @property
    def proxies(self) -> frozenset[str]:
        return frozenset(p.strip() for p in self.trusted_proxies.split(",") if p.strip())


def _parse(name: str, kind: Any, raw: str) -> Any:
    text = raw.strip()
    kind = str(kind)
    try:
        if kind == "bool":
            if text.lower() in {"1", "true", "yes", "on"}:
                return True
            if text.lower() in {"0", "false", "no", "off"}:
                return False
            raise ValueError(text)
        if kind == "int":
            return int(text)
        if kind == "float":
            return float(text)
    except ValueError:
        raise ValueError(f"{ENV_PREFIX}{name.upper()} must be a {kind}, not {raw!r}") from None
    return text


@dataclass
class Bucket:
    tokens: float
    stamp: float


@dataclass
class RateLimiter:
    """Token buckets per key: `rate` tokens a second, at most `burst` saved up."""

    rate: float
    burst: int
    buckets: dict[str, Bucket] = field(default_factory=dict)
    max_keys: int = 50_000

    def take(self, key: str, now: float | None = None) -> float:
        """0 if the request may go on (a token is spent), else the seconds until one is free."""
        if self.rate <= 0:
            return 0.0
        now = time.monotonic() if now is None else now
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.max_keys:
                self._prune(now)
            bucket = self.buckets[key] = Bucket(float(self.burst), now)
        bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.stamp) * self.rate)
        bucket.stamp = now
        if bucket.tokens >= 1.0:
            bucket.tokens -= 1.0
            return 0.0
        return (1.0 - bucket.tokens) / self.rate

    def _prune(self, now: float) -> None:
        """Forget full buckets (clients quiet long enough to have saved up a whole burst)."""
        full = [k for k, b in self.buckets.items() if b.tokens + (now - b.stamp) * self.rate >= self.burst]
        for key in full:
            del self.buckets[key]
        if len(self.buckets) >= self.max_keys:  # a flood of addresses: start again rather than grow
            self.buckets.clear()


class TooMany(Exception):
    """A rate limit or a cap was reached: 429 with Retry-After."""

    def __init__(self, message: str, retry_after: float) -> None:
        super().__init__(message)
        self.retry_after = max(1, math.ceil(retry_after))


def address_group(host: str) -> str:
    """The key one client's connections are counted under: its address; for IPv6 its /64 (one
    household or server is handed a whole /64, so single IPv6 addresses cost an abuser nothing)."""
    if ":" not in host:
        return host
    try:
        address = ipaddress.IPv6Address(host.split("%", 1)[0])
    except ValueError:
        return host
    if address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    return str(ipaddress.IPv6Network(f"{address}/64", strict=False))


def client_address(scope: Scope, proxies: frozenset[str]) -> str:
    """The client's address; through a trusted proxy, the last X-Forwarded-For hop it did not add."""
    client = scope.get("client")
    host = client[0] if client else "unknown"
    if host not in proxies:
        return str(host)
    for name, value in scope.get("headers", []):
        if name == b"x-forwarded-for":
            hops = [h.strip() for h in value.decode("latin-1").split(",") if h.strip()]
            for hop in reversed(hops):
                if hop not in proxies:
                    return hop
    return str(host)


class BodyLimit:
    """Refuse request bodies over `max_body` bytes with 413 before anything parses them; a body not
    sent in full within `body_timeout` seconds with 408; JSON with a number over `MAX_DIGITS` digits
    or nested deeper than `MAX_DEPTH` with 422 (`json_guard.py`).

    A declared Content-Length is checked at once; a body without one is read up to the limit
    and handed on from memory.
    """

    def __init__(self, app: ASGIApp, max_body: int, body_timeout: float = 0.0) -> None:
        self.app = app
        self.max_body = max_body
        self.body_timeout = body_timeout

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope.get("method") in {"GET", "HEAD", "OPTIONS"}:
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    declared = int(value)
                except ValueError:
                    await self._refuse(send, 400, "the Content-Length header is not a number")
                    return
                if 0 < self.max_body < declared:
                    await self._too_large(send)
                    return
        chunks: list[bytes] = []
        size = 0
        loop = asyncio.get_running_loop()
        deadline = loop.time() + self.body_timeout if self.body_timeout > 0 else None
        while True:
            try:
                if deadline is None:
                    message = await receive()
                else:
                    message = await asyncio.wait_for(receive(), max(0.0, deadline - loop.time()))
            except TimeoutError:
                await self._refuse(send, 408, f"the request body did not arrive within {self.body_timeout:g} s")
                return
            if message["type"] != "http.request":
                break
            chunk = message.get("body", b"")
            size += len(chunk)
            if 0 < self.max_body < size:
                await self._too_large(send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        problem = json_problem(body)
        if problem is not None:
            await self._refuse(send, 422, f"the request body was refused before parsing: {problem}")
            return
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)

    async def _too_large(self, send: Send) -> None:
        await self._refuse(send, 413, f"the request body is larger than this server accepts ({self.max_body:,} bytes)")

    @staticmethod
    async def _refuse(send: Send, status: int, message: str) -> None:
        body = json.dumps({"detail": message}).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        headers.append((b"connection", b"close"))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})


def content_security_policy(host: str) -> str:
    """Scripts and styles from this server only; style attributes allowed (the SVG renderers set them)."""
    sources = "'self'"
    if host and all(c.isalnum() or c in ".-:[]" for c in host):
        sources += f" ws://{host} wss://{host}"
    return (
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
        f"connect-src {sources}; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
        "frame-ancestors 'none'"
    )


class SecurityHeaders:
    """Security headers on every HTTP answer, and cross-site state changes refused.

    Seat secrets travel in an Authorization header or a request body that only the page's own
    script can write, and the one cookie (a signed-in session) authorises a change only with its
    CSRF header (sessions.py), so a forged cross-site request carries no authority; state-changing
    requests whose Origin is another site are refused all the same.
    """

    def __init__(self, app: ASGIApp, allowed_hosts: frozenset[str] = frozenset()) -> None:
        self.app = app
        self.allowed_hosts = allowed_hosts

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            origin, host = _origin_and_host(scope)
            refused = host_refusal(host, origin, self.allowed_hosts)
            if refused is not None:
                await _deny_websocket(scope, send, 400 if "host name" in refused else 403, refused)
                return
            if origin is not None and not _same_origin(origin, host):
                await send({"type": "websocket.close", "code": 4403, "reason": "cross-site WebSocket refused"})
                return
            await self.app(scope, receive, send)
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        origin, host = _origin_and_host(scope)
        changes = scope.get("method") not in {"GET", "HEAD", "OPTIONS"}
        refused = host_refusal(host, origin if changes else None, self.allowed_hosts)
        if refused is not None:  # DNS rebinding: another site's name pointed at this server
            await BodyLimit._refuse(send, 400 if "host name" in refused else 403, refused)
            return
        if changes and origin is not None and not _same_origin(origin, host):
            await BodyLimit._refuse(send, 403, "requests from another site may not change games (Origin differs)")
            return
        policy = content_security_policy(host).encode()

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [
                    (b"content-security-policy", policy),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"x-frame-options", b"DENY"),
                    (b"cross-origin-opener-policy", b"same-origin"),
                ]
                message = {**message, "headers": headers}
            await send(message)

        await self.app(scope, receive, with_headers)


async def _deny_websocket(scope: Scope, send: Send, status: int, message: str) -> None:
    """An HTTP answer before the handshake where the server can send one; else a plain close."""
    if "websocket.http.response" not in scope.get("extensions", {}):
        await send({"type": "websocket.close", "code": 4400 if status == 400 else 4403, "reason": message[:120]})
        return
    body = json.dumps({"detail": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    await send({"type": "websocket.http.response.start", "status": status, "headers": headers})
    await send({"type": "websocket.http.response.body", "body": body})


def _origin_and_host(scope: Scope) -> tuple[str | None, str]:
    origin = None
    host = ""
    for name, value in scope.get("headers", []):
        if name == b"origin":
            origin = value.decode("latin-1")
        elif name == b"host":
            host = value.decode("latin-1")
    return origin, host


def _same_origin(origin: str, host: str) -> bool:
    if origin == "null":
        return False
    netloc = origin.split("://", 1)[-1].rstrip("/")
    return netloc.lower() == host.lower()
