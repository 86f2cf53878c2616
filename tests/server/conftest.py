"""Fixtures of the web platform's tests: a toy game, app clients, a throwaway PostgreSQL, a live server.

PostgreSQL and Chromium come from Debian packages (scripts/test.sh installs
them). Without them the tests that need them skip with the reason, except in
CI (env CI=true), where a missing one is a failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from board_helpers import browser  # noqa: F401  the one Chromium fixture, shared by every browser test
from fastapi.testclient import TestClient
from server_helpers import PG_BIN_DIRS, LiveServer, free_port, unavailable

from magnates.games import REGISTRY
from magnates.server.app import create_app

# Tests create many games from one address: rate limits off unless a test sets its own (test_limits.py).
os.environ.setdefault("MAGNATES_RATE_LIMITS", "off")


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


@pytest.fixture
def live_server(db_url: str) -> Iterator[LiveServer]:
    server = LiveServer(db_url)
    server.start()
    try:
        yield server
    finally:
        server.stop()
