"""Timings from inside a running `magnates serve`, every 5 seconds, for reading a load benchmark's tail.

Not part of the package: Python imports this file at start-up when its folder is on the path, and it
does nothing unless `MAGNATES_PROBE` names the file to append to.

    MAGNATES_PROBE=/tmp/probe.txt PYTHONPATH=benchmarks/server_probe:src taskset -c 0 \\
        python -m magnates.cli.main serve --port 8765 ...     # then benchmarks/ws_load.py --url ...

Each line covers 5 seconds:

- `lag`: how late a timer set every 5 ms ran on the server's event loop (p50/p90/p99/max, ms): the
  time a ready callback waits for its turn;
- `handle`: the wall time of `Hub._handle` per incoming message (p50/p90/p99/max, ms): a move's
  check, play, write (its wait for the writer thread's transaction included) and publication, but
  not the sending of the messages it makes nor the reading of the frame;
- `write`: the writer thread's transactions (count, p50/p99/max ms, from `Writer._write`);
- `gc`: each pass of the cycle collector over 20 ms (generation and ms);
- with `MAGNATES_PROBE_STACKS=1`, the event loop thread's innermost frames, sampled every 10 ms while
  the loop is more than 30 ms late, the most frequent first (what keeps it busy then).
"""

from __future__ import annotations

import asyncio
import gc
import inspect
import os
import sys
import threading
import time
import traceback
from collections import Counter
from collections.abc import Callable
from typing import Any

PATH = os.environ.get("MAGNATES_PROBE")
EVERY = 0.005  # seconds between heartbeats
WINDOW = 5.0  # seconds a line covers


class Probe:
    def __init__(self, path: str) -> None:
        self.path = path
        self.lags: list[float] = []
        self.handles: list[float] = []
        self.writes: list[float] = []
        self.appends: list[float] = []
        self.sends: list[float] = []
        self.passes: list[str] = []
        self.due: float | None = None
        self.main = threading.get_ident()  # imported at start-up, by the thread that runs the loop
        self.stacks: Counter[str] = Counter()
        self.started: dict[str, float] = {}

    # -- the event loop's lag -----------------------------------------------------------------
    def beat(self, loop: asyncio.AbstractEventLoop) -> None:
        now = time.perf_counter()
        if self.due is not None:
            self.lags.append((now - self.due) * 1000)
        self.due = now + EVERY
        loop.call_later(EVERY, self.beat, loop)

    # -- the collector ------------------------------------------------------------------------
    def collector(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            self.started["gc"] = time.perf_counter()
            return
        took = (time.perf_counter() - self.started.get("gc", time.perf_counter())) * 1000
        if took > 20:
            self.passes.append(f"gen{info['generation']}:{took:.0f}ms")

    # -- patched in once the server's modules are loaded ----------------------------------------
    def patch(self) -> None:
        while "magnates.server.hub" not in sys.modules or "magnates.server.writer" not in sys.modules:
            time.sleep(0.2)
        hub, writer = sys.modules["magnates.server.hub"], sys.modules["magnates.server.writer"]
        from starlette.websockets import WebSocket

        hub.Hub._handle = self.timed(hub.Hub._handle, "handles")
        writer.Writer.append = self.timed(writer.Writer.append, "appends")
        WebSocket.send_text = self.timed(WebSocket.send_text, "sends")  # type: ignore[method-assign]
        writer.Writer._write = self.timed(writer.Writer._write, "writes")

    def timed(self, method: Callable[..., Any], into: str) -> Callable[..., Any]:
        """`method` (a coroutine function or a plain one), each call's wall time in ms appended to this
        probe's list `into` (a coroutine's until its await ends)."""

        def record(ms: float) -> None:
            getattr(self, into).append(ms)  # looked up each time: every window starts a new list

        if inspect.iscoroutinefunction(method):

            async def timed_await(*args: Any, **kwargs: Any) -> Any:
                start = time.perf_counter()
                try:
                    return await method(*args, **kwargs)
                finally:
                    record((time.perf_counter() - start) * 1000)

            return timed_await

        def timed_call(*args: Any, **kwargs: Any) -> Any:
            start = time.perf_counter()
            try:
                return method(*args, **kwargs)
            finally:
                record((time.perf_counter() - start) * 1000)

        return timed_call

    def loop(self) -> asyncio.AbstractEventLoop:
        """The server's running event loop (asyncio's or uvloop's), found among live objects."""
        while True:
            time.sleep(0.5)
            for thing in gc.get_objects():
                if isinstance(thing, asyncio.AbstractEventLoop) and thing.is_running():
                    return thing

    def sample(self) -> None:
        """While the loop is late by more than 30 ms, what its thread runs, every 10 ms."""
        while True:
            time.sleep(0.01)
            due = self.due
            if due is None or time.perf_counter() - due < 0.03:
                continue
            frame = sys._current_frames().get(self.main)
            if frame is not None:
                inner = reversed(traceback.extract_stack(frame)[-6:])
                self.stacks[" < ".join(f"{os.path.basename(f.filename)}:{f.name}" for f in inner)] += 1

    def run(self) -> None:
        self.patch()
        loop = self.loop()
        loop.call_soon_threadsafe(self.beat, loop)
        if os.environ.get("MAGNATES_PROBE_STACKS"):
            threading.Thread(target=self.sample, name="magnates-probe-stacks", daemon=True).start()
        while True:
            time.sleep(WINDOW)
            lags, self.lags = self.lags, []
            handles, self.handles = self.handles, []
            writes, self.writes = self.writes, []
            appends, self.appends = self.appends, []
            sends, self.sends = self.sends, []
            passes, self.passes = self.passes, []
            with open(self.path, "a", encoding="utf-8") as out:
                out.write(
                    f"{time.time():.0f} lag {quantiles(lags)} | handle n={len(handles)} {quantiles(handles)}"
                    f" | append {quantiles(appends)} | send {quantiles(sends)}"
                    f" | write n={len(writes)} {quantiles(writes, (0.5, 0.99))}"
                    f" | gc {' '.join(passes) or '-'}\n"
                )
                stacks, self.stacks = self.stacks, Counter()
                out.writelines(f"    {count} x {stack}\n" for stack, count in stacks.most_common(4))


def quantiles(values: list[float], at: tuple[float, ...] = (0.5, 0.9, 0.99)) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    pick: Callable[[float], float] = lambda q: ordered[min(len(ordered) - 1, int(q * len(ordered)))]  # noqa: E731
    return " ".join(f"p{round(q * 100)}={pick(q):.1f}" for q in at) + f" max={ordered[-1]:.1f}"


if PATH:
    _probe = Probe(PATH)
    gc.callbacks.append(_probe.collector)
    threading.Thread(target=_probe.run, name="magnates-probe", daemon=True).start()
