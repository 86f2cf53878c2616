"""The fault-injection suite (issue 45): faults under load, on SQLite and on PostgreSQL, then the record.

Clients play games to the end with random legal moves (`fault_helpers.Players`) while the database
is made to fail under them: SQLite's file read-only, its disk full, its lock held by another
program; PostgreSQL stopped (`pg_ctl stop -m fast`) and started again on the same data and port,
its connections killed (`pg_terminate_backend`); with two server processes, the same outage and then
one process killed (SIGKILL). After each, `fault_helpers.verify`: every acknowledged move is in the
stored record at its step, every person's stored move was sent, events are numbered without gap or
repeat, every game replays (the engine, and a fresh service rebuilding it as after a restart), and
the running server's games in memory equal their records (none ran ahead). A spectator on the other
process sees every game to its stored end once the database is back.
"""

from __future__ import annotations

import asyncio
import json
import os
import signal
import sqlite3
import time
from collections.abc import Iterator
from typing import Any

import httpx2 as httpx
import pytest
import websockets
from fault_helpers import Cluster, InProcess, Players, ServerProcess, sqlite_fault, verify
from server_helpers import free_port
from sqlalchemy import text

from magnates.server.storage import Store, make_engine, normalize_url

OPTIONS = {"rounds": 4}  # the toy game: about 20 steps, 8 decisions a seat


@pytest.fixture
def cluster(postgres_cluster: Cluster | None) -> Iterator[Cluster]:
    """The tests' PostgreSQL cluster, to stop and start under load: running again when the test ends."""
    if postgres_cluster is None:
        pytest.skip("the PostgreSQL given in MAGNATES_TEST_PG_URL is not this suite's to stop and start")
    try:
        yield postgres_cluster
    finally:
        postgres_cluster.ensure_running()


async def healthz(url: str) -> dict[str, Any]:
    async with httpx.AsyncClient(timeout=10) as http:
        return (await http.get(f"{url}/healthz")).json()  # type: ignore[no-any-return]


async def wait_for(check: Any, seconds: float, what: str) -> None:
    deadline = time.monotonic() + seconds
    while not await check():
        assert time.monotonic() < deadline, f"{what} did not happen within {seconds} s"
        await asyncio.sleep(0.05)


def assert_sound(verdict: Any, ledger: Any) -> None:
    assert not verdict.lost, f"acknowledged moves not stored at their step: {verdict.lost[:5]}"
    assert not verdict.unsent and not verdict.gaps and not verdict.broken, verdict
    assert verdict.replayed == verdict.games and verdict.acknowledged == ledger.counts["acknowledged"]
    assert ledger.retry_after_missing == 0  # every 503 said when to try again
    assert not ledger.acked_twice, ledger.acked_twice[:5]  # no step acknowledged for two different moves


async def progress(players: Players, moves: int, what: str, seconds: float = 30) -> None:
    """Wait until `moves` more moves are acknowledged (play goes on), however loaded the machine."""
    counts = players.ledger.counts
    wanted = counts["acknowledged"] + moves

    async def enough() -> bool:
        if players.error is not None:
            raise AssertionError(f"the clients stopped {what}") from players.error
        return counts["acknowledged"] >= wanted

    await wait_for(enough, seconds, f"{moves} moves acknowledged {what} ({dict(counts)})")


def test_sqlite_read_only_full_and_locked_under_load_lose_no_acknowledged_move(db_url: str) -> None:
    server = InProcess(db_url, free_port())
    engine = server.service.store.engine
    players = Players([server.url], options=OPTIONS, seed=1)

    async def scenario() -> None:
        stop = asyncio.Event()
        playing = asyncio.create_task(players.run(8, stop))
        await progress(players, 20, "before the faults")
        with sqlite_fault(engine, "readonly"):
            await wait_for(lambda: is_down(server.url), 10, "the server seeing its database read-only")
            refused = players.ledger.counts["refused (503)"]
            await asyncio.sleep(0.5)
            assert players.ledger.counts["refused (503)"] > refused  # every client is refused meanwhile
        await progress(players, 20, "once the file is writable again")
        with sqlite_fault(engine, "full"):
            await asyncio.sleep(1.0)
        await progress(players, 20, "once the disk has room again")
        lock = sqlite3.connect(
            db_url.removeprefix("sqlite:///"), isolation_level=None, timeout=10, check_same_thread=False
        )
        await asyncio.to_thread(lock.execute, "BEGIN EXCLUSIVE")  # another program holds the write lock...
        await asyncio.sleep(1.0)  # ...for less than the busy timeout: writes wait, then go through
        await asyncio.to_thread(lock.execute, "ROLLBACK")
        lock.close()
        await progress(players, 20, "once the lock is let go")
        stop.set()
        await playing

    try:
        asyncio.run(scenario())
        assert_sound(verify(db_url, players.ledger, live=server.service), players.ledger)
    finally:
        server.stop()


async def is_down(url: str) -> bool:
    return (await healthz(url)).get("database") == "unreachable"


def new_database(cluster: Cluster) -> str:
    name = f"f_{os.urandom(5).hex()}"
    engine = make_engine(normalize_url(cluster.url))
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        connection.execute(text(f"CREATE DATABASE {name}"))
    engine.dispose()
    url = cluster.url.rsplit("/", 1)[0] + f"/{name}"
    Store(url).dispose()  # migrated now: servers then start together
    return url


def test_postgresql_stopped_and_started_and_its_connections_killed_under_load_lose_nothing(cluster: Cluster) -> None:
    url = new_database(cluster)
    server = InProcess(url, free_port())
    players = Players([server.url], options=OPTIONS, seed=2)
    seen: dict[str, Any] = {}

    async def ready() -> int:
        async with httpx.AsyncClient(timeout=10) as http:
            return (await http.get(f"{server.url}/readyz")).status_code

    async def scenario() -> None:
        stop = asyncio.Event()
        playing = asyncio.create_task(players.run(8, stop))
        await progress(players, 20, "before the outage")
        await asyncio.to_thread(cluster.stop, "fast")
        await wait_for(lambda: is_down(server.url), 10, "the server seeing PostgreSQL gone")
        seen["readyz down"] = await ready()
        await asyncio.sleep(1.5)
        await asyncio.to_thread(cluster.start)
        await wait_for(lambda: _is(ready, 200), 15, "the server ready again")
        await progress(players, 20, "after the restart")
        for _ in range(2):
            seen.setdefault("killed", []).append(await asyncio.to_thread(cluster.terminate_connections, url))
            await progress(players, 10, "after the connections were killed")
        stop.set()
        await playing

    try:
        asyncio.run(scenario())
        ledger = players.ledger
        assert seen["readyz down"] == 503 and ledger.counts["refused (503)"] > 0
        assert all(killed > 0 for killed in seen["killed"])  # the pool's connections were there to kill
        assert_sound(verify(url, ledger, live=server.service), ledger)
    finally:
        server.stop()


async def _is(check: Any, wanted: int) -> bool:
    try:
        return bool(await check() == wanted)
    except httpx.HTTPError:
        return False


async def spectate(url: str, game_id: str, last: dict[str, int]) -> None:
    """Watch a game over a WebSocket, noting the last step it was shown at; reconnect when dropped."""
    while True:
        try:
            async with websockets.connect(f"{url.replace('http', 'ws')}/ws/games/{game_id}") as ws:
                async for raw in ws:
                    message = json.loads(raw)
                    if message.get("type") == "state":
                        last[game_id] = message["step"]
        except (websockets.ConnectionClosed, OSError):
            await asyncio.sleep(0.2)


def test_two_processes_an_outage_and_a_killed_process_lose_nothing_and_spectators_catch_up(cluster: Cluster) -> None:
    url = new_database(cluster)
    first = ServerProcess(url, free_port())  # a process of its own, to be killed (forked before any thread here)
    first.wait_ready()
    second = InProcess(url, free_port())  # the other, here: its games in memory are checked too
    # Every client plays on the first process (it holds the games' leases), the second when the first
    # is gone; spectators watch on the second, which follows the first's writes (LISTEN/NOTIFY).
    players = Players([first.url, second.url], options=OPTIONS, seed=3, pause=0.05, spread=False)
    shown: dict[str, int] = {}

    async def scenario() -> None:
        stop = asyncio.Event()
        playing = asyncio.create_task(players.run(6, stop))
        await progress(players, 10, "before the outage")
        # The games under way now are watched through the outage and the kill.
        watched = [g for g in players.ledger.games if g not in players.ledger.finished]
        watching = [asyncio.create_task(spectate(second.url, g, shown)) for g in watched]
        await wait_for(lambda: _all_shown(shown, watched), 15, "spectators on the second process")
        await asyncio.to_thread(cluster.stop, "fast")
        await asyncio.sleep(1.5)
        await asyncio.to_thread(cluster.start)
        await progress(players, 10, "after the outage")
        os.kill(first.pid, signal.SIGKILL)  # its games are finished through the second
        await progress(players, 10, "through the second process")
        stop.set()
        await playing
        stored = await asyncio.to_thread(stored_steps, url, watched)

        async def caught_up() -> bool:
            return all(shown.get(g) == step for g, step in stored.items())

        try:
            await wait_for(caught_up, 15, f"spectators on the second process catching up ({shown} vs {stored})")
        finally:
            for task in watching:
                task.cancel()
            await asyncio.gather(*watching, return_exceptions=True)
        steps_at_start.update({g: shown[g] for g in watched})

    steps_at_start: dict[str, int] = {}
    try:
        asyncio.run(scenario())
        first.process.join(timeout=30)
        assert first.process.exitcode == -signal.SIGKILL
        ledger = players.ledger
        assert ledger.counts["refused (503)"] > 0 and ledger.counts["no answer"] > 0
        assert steps_at_start  # games were watched through it all
        assert_sound(verify(url, ledger, live=second.service), ledger)
    finally:
        first.stop()
        second.stop()


async def _all_shown(shown: dict[str, int], games: list[str]) -> bool:
    return all(g in shown for g in games)


def stored_steps(url: str, game_ids: list[str]) -> dict[str, int]:
    store = Store(url)
    try:
        return {g: store.steps([g]).get(g, 0) for g in game_ids}
    finally:
        store.dispose()
