"""Helpers shared by the web platform's tests (a module with a unique name, unlike conftest)."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from pathlib import Path

import pytest

from magnates.server.app import create_app

IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}
PG_BIN_DIRS = sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def unavailable(reason: str) -> None:
    """Skip on a developer machine, fail in CI: CI must really run every suite."""
    if IN_CI:
        pytest.fail(f"{reason} (CI must run this test; scripts/test.sh installs it)")
    pytest.skip(reason)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


class LiveServer:
    """uvicorn in a thread on 127.0.0.1, restartable on the same database."""

    def __init__(self, db_url: str) -> None:
        self.db_url = db_url
        self.port = free_port()
        self.server: object | None = None
        self.thread: threading.Thread | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        import uvicorn

        config = uvicorn.Config(create_app(self.db_url), host="127.0.0.1", port=self.port, log_level="warning")
        server = uvicorn.Server(config)
        self.server = server
        self.thread = threading.Thread(target=server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)

    def stop(self) -> None:
        if self.server is not None and self.thread is not None:
            self.server.should_exit = True  # type: ignore[attr-defined]
            self.thread.join(timeout=20)
        self.server = None
