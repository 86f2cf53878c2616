"""`magnates serve --workers N`: N server processes on consecutive ports, sharing one PostgreSQL.

Each worker is a whole `magnates serve` of its own (one port each), so a reverse proxy in front
can route every request and WebSocket of a game to one of them (sticky by game id: docs/web.md);
a request that reaches another one is served there too (the game's lease moves, `ownership.py`).
This process only starts them, hands them the limits through `MAGNATES_*` variables, starts
again one that dies (its games are taken over by the others meanwhile), and stops them all on
SIGINT or SIGTERM.
"""

from __future__ import annotations

import dataclasses
import os
import signal
import subprocess
import sys
import time
from types import FrameType
from typing import Any

import typer

RESTART_SECONDS = 1.0


def worker_command(host: str, port: int, url: str) -> list[str]:
    return [sys.executable, "-m", "magnates.cli.main", "serve", "--host", host, "--port", str(port), "--db", url]


def limits_environment(limits: Any, prefix: str) -> dict[str, str]:
    """The limits as the `MAGNATES_<NAME>` variables each worker reads (the options already applied)."""
    env = dict(os.environ)
    for name, value in dataclasses.asdict(limits).items():
        env[prefix + name.upper()] = str(value)
    return env


def run_workers(host: str, ports: list[int], url: str, env: dict[str, str]) -> None:
    """Start one worker per port; keep them running until told to stop."""
    stopping = False

    def stop(signum: int, _frame: FrameType | None) -> None:
        nonlocal stopping
        stopping = True

    previous = {sig: signal.signal(sig, stop) for sig in (signal.SIGINT, signal.SIGTERM)}
    workers: dict[int, subprocess.Popen[bytes]] = {}
    try:
        for port in ports:
            workers[port] = subprocess.Popen(worker_command(host, port, url), env=env)
        while not stopping:
            time.sleep(0.2)
            for port, worker in list(workers.items()):
                code = worker.poll()
                if code is not None and not stopping:
                    typer.echo(f"worker on port {port} ended (exit {code}); starting it again", err=True)
                    time.sleep(RESTART_SECONDS)
                    workers[port] = subprocess.Popen(worker_command(host, port, url), env=env)
    finally:
        for worker in workers.values():
            if worker.poll() is None:
                worker.terminate()
        for worker in workers.values():
            try:
                worker.wait(timeout=30)
            except subprocess.TimeoutExpired:
                worker.kill()
        for sig, handler in previous.items():
            signal.signal(sig, handler)
