"""Fixtures of the web platform's tests: a toy game, app clients, a throwaway PostgreSQL, a live server.

PostgreSQL and Chromium come from Debian packages (scripts/test.sh installs
them). Without them the tests that need them skip with the reason, except in
CI (env CI=true), where a missing one is a failure.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from board_helpers import browser  # noqa: F401  the one Chromium fixture, shared by every browser test
from fastapi.testclient import TestClient
from fault_helpers import Cluster
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
def postgres_cluster() -> Iterator[Cluster | None]:
    """A throwaway PostgreSQL cluster run as the postgres user (it refuses to run as root); None when
    the tests are given a server of their own (MAGNATES_TEST_PG_URL). test_faults.py stops and
    starts it (and starts it again before it lets go)."""
    if os.environ.get("MAGNATES_TEST_PG_URL"):
        yield None
        return
    if not PG_BIN_DIRS:
        unavailable("PostgreSQL server binaries are not installed (Debian package postgresql)")
    cluster = Cluster(free_port())
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.remove()


@pytest.fixture(scope="session")
def postgres_url(postgres_cluster: Cluster | None) -> str:
    return postgres_cluster.url if postgres_cluster is not None else os.environ["MAGNATES_TEST_PG_URL"]


@pytest.fixture
def live_server(db_url: str) -> Iterator[LiveServer]:
    server = LiveServer(db_url)
    server.start()
    try:
        yield server
    finally:
        server.stop()
