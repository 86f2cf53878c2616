"""Several server processes on one PostgreSQL database.

Two real `magnates serve` processes on two ports share a throwaway PostgreSQL database. Each game's
two seats play over WebSockets, one seat on each server (the worst case: every move reaches the
process that does not hold the game's lease, which moves). At the end each game's stored record is
compared with the moves the clients sent: every move sent is in the record at its step, and every
person's move in the record was sent, once. Then one process is killed (SIGKILL) while games are
being played on both, and its games are finished through the other.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import secrets
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import httpx2 as httpx
import pytest
import websockets
from server_helpers import free_port
from sqlalchemy import text
from websockets.typing import Subprotocol

import magnates
from magnates.server.storage import make_engine, normalize_url

GAME = "magnate"
WAIT = 120.0  # seconds a test waits for a game to end before it fails


@pytest.fixture
def pg_database(postgres_url: str) -> Iterator[str]:
    name = f"w_{secrets.token_hex(6)}"
    engine = make_engine(normalize_url(postgres_url))
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
        connection.execute(text(f"CREATE DATABASE {name}"))
    try:
        yield postgres_url.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as connection:
            connection.execute(text(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
        engine.dispose()


class Server:
    """`magnates serve` in a process of its own."""

    def __init__(self, db: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "magnates.cli.main", "serve", "--port", str(self.port), "--db", db]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)

    def wait_ready(self) -> None:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.process.stderr.read() if self.process.stderr else ''}")
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        raise RuntimeError("the server did not start within 60 s")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(timeout=30)


@pytest.fixture
def two_servers(pg_database: str) -> Iterator[tuple[Server, Server]]:
    first = Server(pg_database)
    first.wait_ready()  # one at a time: the first one migrates the fresh database
    second = Server(pg_database)
    second.wait_ready()
    try:
        yield first, second
    finally:
        first.stop()
        second.stop()


@dataclass
class Seat:
    game_id: str
    seat: int
    token: str
    urls: list[str]  # where to connect: the first one, then the next when a server is gone
    sent: dict[int, int] = field(default_factory=dict)  # step -> the action this seat sent for it
    finished: bool = False
    reconnections: int = 0


async def play(seat: Seat, rng: random.Random, stop_at_step: int | None = None) -> None:
    """Play the seat with random legal moves until the game ends (or reaches `stop_at_step`).

    A move is sent once per step; after a reconnection, a move sent for the step still to be
    played is sent again, the same (answered as a repeat if it had been applied).
    """
    deadline = time.monotonic() + WAIT
    while not seat.finished and time.monotonic() < deadline:
        url = seat.urls[min(seat.reconnections, len(seat.urls) - 1)].replace("http://", "ws://")
        protocols = [Subprotocol("magnates"), Subprotocol(f"token.{seat.token}")]
        try:
            async with websockets.connect(f"{url}/ws/games/{seat.game_id}", subprotocols=protocols) as ws:
                while time.monotonic() < deadline:
                    message = json.loads(await asyncio.wait_for(ws.recv(), timeout=WAIT))
                    if message.get("type") != "state":
                        assert message.get("type") in {"chat", "error"}, message
                        assert message.get("type") != "error" or "step" in message, message
                        continue
                    step = message["step"]
                    if message["status"] == "finished":
                        seat.finished = True
                        return
                    if stop_at_step is not None and step >= stop_at_step:
                        return
                    if message["decider"] != seat.seat:
                        continue
                    action = seat.sent.get(step)
                    if action is None:
                        action = rng.choice([a["id"] for a in message["legal"]])
                        seat.sent[step] = action
                    await ws.send(json.dumps({"type": "action", "action": action, "step": step}))
        except (websockets.ConnectionClosed, OSError):
            seat.reconnections += 1
            await asyncio.sleep(0.2)
    assert seat.finished or stop_at_step is not None, f"game {seat.game_id} seat {seat.seat} did not finish"


def create_games(urls: list[str], count: int) -> list[dict[str, Any]]:
    games = []
    for i in range(count):
        response = httpx.post(f"{urls[i % len(urls)]}/api/games", json={"game": GAME}, timeout=60)
        assert response.status_code == 201, response.text
        games.append(response.json())
    return games


def check_records(base: str, games: list[dict[str, Any]], seats: list[Seat]) -> None:
    """Every move a client sent is in the record at its step, and every person's move there was sent."""
    for g in games:
        response = httpx.get(f"{base}/api/games/{g['id']}/record", timeout=60)
        assert response.status_code == 200, response.text
        record = response.json()
        state = magnates.load(record["game"], **record["options"]).new_initial_state()
        recorded: dict[tuple[int, int], int] = {}
        for step, action in enumerate(record["actions"]):
            decider = state.current_player()
            if decider >= 0:
                recorded[(step, decider)] = action
            state.apply_action(action)
        assert state.is_terminal()
        sent = {(step, s.seat): action for s in seats if s.game_id == g["id"] for step, action in s.sent.items()}
        assert recorded == sent  # nothing lost, nothing applied twice, nothing applied that was not sent


def seats_of(games: list[dict[str, Any]], place: Any) -> list[Seat]:
    return [Seat(g["id"], s["seat"], s["token"], place(i, s["seat"])) for i, g in enumerate(games) for s in g["seats"]]


async def play_all(seats: list[Seat], stop_at_step: int | None = None) -> None:
    await asyncio.gather(*(play(s, random.Random(f"{s.game_id}:{s.seat}"), stop_at_step) for s in seats))


def test_two_processes_play_games_whose_seats_are_on_both_with_no_lost_or_repeated_move(
    two_servers: tuple[Server, Server],
) -> None:
    a, b = two_servers
    games = create_games([a.url, b.url], 6)
    # Seat 0 of every game on one server, seat 1 on the other: each move changes the game's owner.
    seats = seats_of(games, lambda i, seat: [[a.url, b.url][(i + seat) % 2]])
    asyncio.run(play_all(seats))
    assert all(s.finished and s.reconnections == 0 for s in seats)
    check_records(a.url, games, seats)
    for g in games:  # both processes show the same finished game
        views = [httpx.get(f"{server.url}/api/games/{g['id']}", timeout=60).json() for server in (a, b)]
        assert views[0]["status"] == views[1]["status"] == "finished"
        assert views[0]["step"] == views[1]["step"] and views[0]["view"] == views[1]["view"]


def test_a_killed_process_s_games_are_finished_through_the_other(two_servers: tuple[Server, Server]) -> None:
    a, b = two_servers
    games = create_games([a.url, b.url], 6)
    # Games 0-2 wholly on A (A holds their leases when it dies), 3-5 with a seat on each server.
    seats = seats_of(games, lambda i, seat: [a.url, b.url] if i < 3 or seat == 0 else [b.url])

    async def scenario() -> None:
        playing = asyncio.gather(*(play(s, random.Random(f"{s.game_id}:{s.seat}")) for s in seats))
        while sum(len(s.sent) for s in seats) < 60:  # well into every game, moves in flight on both servers
            await asyncio.sleep(0.05)
        os.kill(a.process.pid, signal.SIGKILL)
        await playing

    asyncio.run(scenario())
    assert a.process.wait(timeout=30) == -signal.SIGKILL
    assert all(s.finished for s in seats)
    assert any(s.reconnections for s in seats)  # A's clients came back through B
    check_records(b.url, games, seats)


def test_sqlite_refuses_several_workers_and_says_why(tmp_path: Any) -> None:
    db = f"sqlite:///{tmp_path}/one.db"
    command = [sys.executable, "-m", "magnates.cli.main", "serve", "--workers", "2", "--port", str(free_port())]
    done = subprocess.run([*command, "--db", db], capture_output=True, text=True, timeout=120)
    assert done.returncode == 2
    assert "SQLite is served by one process: --workers needs a PostgreSQL database" in done.stderr


def test_chat_and_a_re_issued_link_reach_the_pages_on_the_other_process(two_servers: tuple[Server, Server]) -> None:
    a, b = two_servers
    (g,) = create_games([a.url], 1)
    seat1 = g["seats"][1]["token"]

    async def scenario() -> tuple[dict[str, Any], int | None]:
        protocols = [Subprotocol("magnates"), Subprotocol(f"token.{seat1}")]
        async with websockets.connect(
            f"{b.url.replace('http', 'ws')}/ws/games/{g['id']}", subprotocols=protocols
        ) as ws:
            assert json.loads(await ws.recv())["type"] == "state"
            said = await asyncio.to_thread(
                httpx.post,
                f"{a.url}/api/games/{g['id']}/chat",
                json={"text": "hello from A"},
                headers={"Authorization": f"Bearer {g['seats'][0]['token']}"},
                timeout=60,
            )
            assert said.status_code == 204, said.text
            heard = json.loads(await asyncio.wait_for(ws.recv(), timeout=WAIT))
            reissued = await asyncio.to_thread(
                httpx.post,
                f"{a.url}/api/games/{g['id']}/seats/1/token",
                headers={"Authorization": f"Bearer {g['creator_token']}"},
                timeout=60,
            )
            assert reissued.status_code == 200, reissued.text
            try:
                while True:  # the new name-less seat state may come first; then B closes the old link's page
                    await asyncio.wait_for(ws.recv(), timeout=WAIT)
            except websockets.ConnectionClosed as closed:
                return heard, closed.rcvd.code if closed.rcvd is not None else None

    heard, code = asyncio.run(scenario())
    assert heard["type"] == "chat" and heard["message"]["text"] == "hello from A"
    assert code == 4403


def test_serve_workers_starts_processes_on_consecutive_ports_and_stops_them(pg_database: str) -> None:
    first = free_port()
    while True:  # two free consecutive ports
        try:
            second_probe = socket.create_server(("127.0.0.1", first + 1))
            second_probe.close()
            break
        except OSError:
            first = free_port()
    command = [sys.executable, "-m", "magnates.cli.main", "serve", "--workers", "2", "--port", str(first)]
    parent = subprocess.Popen([*command, "--db", pg_database], stdout=subprocess.PIPE, text=True)
    try:
        assert parent.stdout is not None and "2 magnates server processes on ports" in parent.stdout.readline()
        for port in (first, first + 1):
            worker = Server.__new__(Server)
            worker.url, worker.process = f"http://127.0.0.1:{port}", parent
            worker.wait_ready()
    finally:
        parent.send_signal(signal.SIGTERM)
        assert parent.wait(timeout=60) == 0
    for port in (first, first + 1):  # the workers ended with it
        with pytest.raises(httpx.HTTPError):
            httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=2)
