"""Fixtures of the web platform's tests: a toy game, app clients, a throwaway PostgreSQL, a live server.

PostgreSQL and Chromium come from Debian packages (scripts/test.sh installs
them). Without them the tests that need them skip with the reason, except in
CI (env CI=true), where a missing one is a failure.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from magnates.games import REGISTRY
from magnates.server.app import create_app

IN_CI = os.environ.get("CI", "").lower() in {"1", "true", "yes"}
PG_BIN_DIRS = sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True)
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")


def unavailable(reason: str) -> None:
    """Skip on a developer machine, fail in CI: CI must really run every suite."""
    if IN_CI:
        pytest.fail(f"{reason} (CI must run this test; scripts/test.sh installs it)")
    pytest.skip(reason)


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(REGISTRY, "toy", "server_toygame:ToyGame")


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    with TestClient(create_app(db_url)) as test_client:
        yield test_client


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture(scope="session")
def postgres_url() -> Iterator[str]:
    """A throwaway PostgreSQL cluster run as the postgres user (it refuses to run as root)."""
    if os.environ.get("MAGNATES_TEST_PG_URL"):
        yield os.environ["MAGNATES_TEST_PG_URL"]
        return
    if not PG_BIN_DIRS:
        unavailable("PostgreSQL server binaries are not installed (Debian package postgresql)")
    bindir = PG_BIN_DIRS[0]
    folder = Path(tempfile.mkdtemp(prefix="magnates-pg-"))
    data = folder / "data"
    as_root = os.geteuid() == 0
    prefix: list[str] = []
    if as_root:
        shutil.chown(folder, "postgres")
        prefix = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    run = dict(check=True, capture_output=True, text=True)
    subprocess.run([*prefix, str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", "magnates"], **run)  # type: ignore[call-overload]
    options = f"-k {folder} -p {port} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        [*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-o", options, "-l", str(folder / "log"), "-w", "start"],
        **run,  # type: ignore[call-overload]
    )
    try:
        yield f"postgresql://magnates@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [*prefix, str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"], capture_output=True
        )
        shutil.rmtree(folder, ignore_errors=True)


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


@pytest.fixture
def live_server(db_url: str) -> Iterator[LiveServer]:
    server = LiveServer(db_url)
    server.start()
    try:
        yield server
    finally:
        server.stop()
