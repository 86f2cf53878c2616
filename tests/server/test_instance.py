"""One server process per database: a second `magnates serve` on the same database refuses to start."""

from __future__ import annotations

import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from server_helpers import free_port
from sqlalchemy import text

from magnates.server.instance import ADVISORY_KEY, DatabaseInUse, ServerLock
from magnates.server.storage import Store, make_engine, normalize_url


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, db_url: str) -> Iterator[str]:
    if request.param == "sqlite":
        Store(db_url).dispose()  # the file exists, as after `magnates serve` checked the database
        yield db_url
        return
    server = request.getfixturevalue("postgres_url")
    name = f"t_{secrets.token_hex(6)}"
    engine = make_engine(normalize_url(server))
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        connection.execute(text(f"CREATE DATABASE {name}"))
    try:
        yield server.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            connection.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        engine.dispose()


def test_sqlite_is_held_by_one_server_at_a_time_and_postgresql_is_shared(url: str) -> None:
    first = ServerLock(url)
    first.acquire()
    second = ServerLock(url)
    if url.startswith("sqlite"):
        with pytest.raises(DatabaseInUse, match="another `magnates serve`"):
            second.acquire()
        first.release()
        second.acquire()  # free again once the first has let go (as when its process ends)
        second.release()
        return
    second.acquire()  # PostgreSQL: servers share it, each game leased to one of them (ownership.py)
    engine = make_engine(normalize_url(url))
    exclusive = text("SELECT pg_try_advisory_lock(:key)")
    with engine.connect() as connection:  # a server of the one-process kind is kept out while they run
        assert connection.execute(exclusive, {"key": ADVISORY_KEY}).scalar() is False
    first.release()
    second.release()
    with engine.connect() as connection:
        assert connection.execute(exclusive, {"key": ADVISORY_KEY}).scalar() is True
    engine.dispose()


def test_a_second_serve_on_the_same_database_says_why_it_cannot_start(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path}/s.db"

    def serve(port: int) -> subprocess.Popen[str]:
        command = [sys.executable, "-m", "magnates.cli.main", "serve", "--port", str(port), "--db", db]
        return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    first = serve(free_port())
    try:
        assert first.stdout is not None and "magnates web platform" in first.stdout.readline()
        second = serve(free_port())
        _, error = second.communicate(timeout=60)
        assert second.returncode == 2 and "another `magnates serve` is running on this SQLite file" in error
    finally:
        first.terminate()
        first.wait(timeout=30)
    third = serve(free_port())  # the first one has ended: its lock went with it
    try:
        assert third.stdout is not None and "magnates web platform" in third.stdout.readline()
        assert third.poll() is None
    finally:
        third.terminate()
        third.wait(timeout=30)
