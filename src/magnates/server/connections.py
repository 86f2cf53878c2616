"""Slow and greedy clients at the connection level: a deadline for a request's headers, and a bound
on the HTTP connections one address may hold open.

uvicorn times out only an idle kept-alive connection (`timeout_keep_alive`, armed after an answer):
a client that opens a connection and sends half a request line, or half its headers, holds a
file descriptor for ever, and 20,000 of them took every descriptor and `/healthz` stopped
answering. Nothing in uvicorn's options bounds that, nor connections per address (its
`limit_concurrency` is one count for everybody, so a greedy client would lock everyone out).

So `magnates serve` runs uvicorn with this protocol class: uvicorn's own (httptools when installed,
else h11) with a timer from the connection's start, and again from each answer, until the next
request's headers are complete; a client that has not sent them by then is sent 408 and closed.
A WebSocket leaves this class's count once upgraded (the hub counts WebSockets per address). The
body's own deadline is `limits.BodyLimit`'s, in the application, where the body is read.
Addresses named in `trusted_proxies` are not bounded (every client behind the proxy shares them).
"""

from __future__ import annotations

import asyncio
from typing import Any

from magnates.server.limits import Limits, address_group


def _answer(status: bytes, message: str, *headers: bytes) -> bytes:
    """A whole HTTP/1.1 answer that closes the connection, written straight to the socket."""
    body = message.encode()
    head = [b"HTTP/1.1 " + status, b"content-type: text/plain; charset=utf-8", *headers]
    head += [b"content-length: " + str(len(body)).encode(), b"connection: close"]
    return b"\r\n".join(head) + b"\r\n\r\n" + body


TIMED_OUT_ANSWER = _answer(b"408 Request Timeout", "the request's headers did not arrive in time")
TOO_MANY_ANSWER = _answer(
    b"429 Too Many Requests", "too many open connections from your address; try again shortly", b"retry-after: 5"
)


LINGER_SECONDS = 1.0


def base_protocol() -> type[asyncio.Protocol]:
    """uvicorn's own HTTP protocol class, as `http="auto"` picks it."""
    from uvicorn.protocols.http.auto import AutoHTTPProtocol

    return AutoHTTPProtocol


def guarded_protocol(limits: Limits, base: type[asyncio.Protocol] | None = None) -> type[asyncio.Protocol]:
    """An HTTP protocol class for uvicorn (`http=`) with the header deadline and the per-address bound."""
    parent: Any = base or base_protocol()
    header_timeout = limits.header_timeout
    per_address = limits.conns_per_address
    exempt = limits.proxies
    open_per_address: dict[str, int] = {}

    class Guarded(parent):  # type: ignore[misc, valid-type]
        """uvicorn's protocol with a deadline for headers and a bound on connections per address."""

        open_connections = open_per_address  # for tests and /healthz-style looks

        def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
            self._deadline: asyncio.TimerHandle | None = None
            self._timed_cycle: Any = None
            self._group: str | None = None
            self._refused = False
            super().connection_made(transport)
            peer = self.client[0] if self.client else None
            if per_address > 0 and peer is not None and peer not in exempt:
                group = address_group(str(peer))
                if open_per_address.get(group, 0) >= per_address:
                    self._refuse(TOO_MANY_ANSWER)
                    return
                open_per_address[group] = open_per_address.get(group, 0) + 1
                self._group = group
            self._arm()

        def connection_lost(self, exc: Exception | None) -> None:
            self._disarm()
            self._uncount()
            super().connection_lost(exc)

        def data_received(self, data: bytes) -> None:
            if self._refused:
                return  # read and dropped: closing with unread data would reset the answer away
            super().data_received(data)
            if self._deadline is not None and self.cycle is not None and self.cycle is not self._timed_cycle:
                self._disarm()  # a new request's headers are complete: its handler runs now

        def on_response_complete(self) -> None:
            super().on_response_complete()
            if not self.transport.is_closing() and not getattr(self, "pipeline", None):
                self._arm()  # the next request's headers are due within the deadline too

        def handle_websocket_upgrade(self, *args: Any) -> None:
            self._disarm()
            self._uncount()  # from here on a WebSocket: the hub bounds those per address
            super().handle_websocket_upgrade(*args)

        def _arm(self) -> None:
            self._disarm()
            if header_timeout > 0:
                self._timed_cycle = self.cycle
                self._deadline = self.loop.call_later(header_timeout, self._too_slow)

        def _disarm(self) -> None:
            if self._deadline is not None:
                self._deadline.cancel()
                self._deadline = None

        def _uncount(self) -> None:
            group, self._group = self._group, None
            if group is not None:
                left = open_per_address.get(group, 1) - 1
                if left > 0:
                    open_per_address[group] = left
                else:
                    open_per_address.pop(group, None)

        def _too_slow(self) -> None:
            self._deadline = None
            if self.transport.is_closing():
                return
            if self.cycle is not None and self.cycle is not self._timed_cycle and not self.cycle.response_complete:
                return  # headers did arrive (the check in data_received had no chance to run)
            self._refuse(TIMED_OUT_ANSWER)

        def _refuse(self, answer: bytes) -> None:
            """Send the answer and stop sending; close a moment later, reading and dropping what
            the client still sends, so that it reads the answer rather than a connection reset."""
            self._refused = True
            self.transport.write(answer)
            if self.transport.can_write_eof():
                self.transport.write_eof()
            self.loop.call_later(LINGER_SECONDS, self.transport.close)

    return Guarded


def uvicorn_settings(limits: Limits) -> dict[str, Any]:
    """The uvicorn options `magnates serve` runs with for these limits."""
    ws_max = max(limits.max_body, 4096) if limits.max_body > 0 else 16 * 1024 * 1024
    return {
        "http": guarded_protocol(limits),
        # No per-message compression: it cost a quarter of the server's CPU per move for ~6 KB messages.
        "ws_per_message_deflate": False,
        # A WebSocket message is held to the body limit too (uvicorn closes the connection above it).
        "ws_max_size": ws_max,
        "forwarded_allow_ips": "",  # magnates reads X-Forwarded-For itself, only from --trusted-proxies
    }
