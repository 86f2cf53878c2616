"""Tools of the fault-injection tests and the chaos benchmark (benchmarks/chaos.py).

- `Players`: HTTP clients that play games to the end with random legal moves, one client per game
  playing every seat, and keep a ledger: each move sent (per game and step) and each one
  acknowledged (answered 200). A move refused with 503 is sent again, the same, after a pause, as a
  client that heeds Retry-After would; a lost answer (a server killed) the same way, to another server.
- `verify`: after the faults, the stored record of every game against the ledger: every acknowledged
  move at its step, every person's move stored was sent, events numbered without gap or repeat, and
  the game replays (the engine from its actions, and a fresh service rebuilding it as after a restart).
- `Cluster`: a throwaway PostgreSQL cluster (the tests' session one) that a test may stop and start.
- `ServerProcess`: the server in a process of its own, with the tests' toy game registered.
- `sqlite_fault`: SQLite refusing writes as it does when its file is read-only or its disk is full.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import os
import random
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx2 as httpx
from server_helpers import PG_BIN_DIRS
from sqlalchemy import event, text
from sqlalchemy.engine import Engine

import magnates
from magnates.core.errors import MagnatesError
from magnates.server.service import GameService
from magnates.server.storage import MOVES, Store, in_force, make_engine, normalize_url


# -- the players and their ledger ---------------------------------------------------------------
@dataclass
class Ledger:
    """What the clients sent and what the servers acknowledged."""

    sent: dict[str, dict[int, int]] = field(default_factory=dict)  # game -> step -> the action sent for it
    acked: dict[str, dict[int, int]] = field(default_factory=dict)  # game -> step -> the action answered 200
    # moves sent, acknowledged, moves refused (503), refused (503): every request so answered (moves,
    # new games, reads of games not in memory), stale (409), no answer (a server gone), ...
    counts: collections.Counter[str] = field(default_factory=collections.Counter)
    retry_after_missing: int = 0  # 503 answers without a Retry-After header (there must be none)
    # A step answered 200 for two different actions (there must be none; the same action answered
    # again is a retry after a lost answer, acknowledged once).
    acked_twice: list[str] = field(default_factory=list)
    finished: set[str] = field(default_factory=set)

    @property
    def games(self) -> list[str]:
        return list(self.sent)


class Players:
    """Clients playing games against `urls` (several servers: a request goes to the next one when one
    does not answer) with random legal moves, until `stop` is set (each game then ends where it is)."""

    def __init__(
        self,
        urls: list[str],
        game: str = "toy",
        options: dict[str, Any] | None = None,
        seats: int = 2,
        seed: int = 0,
        pause: float = 0.0,
        most_wait: float = 0.3,
        spread: bool = True,
    ) -> None:
        self.urls = urls
        self.game = game
        self.options = options or {}
        self.seats = seats
        self.rng = random.Random(seed)
        self.pause = pause  # think time between moves
        self.most_wait = most_wait  # the longest a client waits after a 503 (Retry-After, cut short for speed)
        self.spread = spread  # client i starts on server i (else every client on the first, the next if it fails)
        self.ledger = Ledger()
        self.error: BaseException | None = None  # what stopped the clients, if anything did

    async def run(self, clients: int, stop: asyncio.Event, games_each: int | None = None) -> Ledger:
        async with httpx.AsyncClient(timeout=30) as http:
            try:
                await asyncio.gather(*(self._client(http, index, stop, games_each) for index in range(clients)))
            except Exception as err:
                self.error = err  # seen by whoever waits for progress (else it would wait in vain)
                raise
        return self.ledger

    async def _request(self, http: httpx.AsyncClient, index: int, method: str, path: str, **kw: Any) -> httpx.Response:
        """The request to one server after another until one answers (a killed one does not)."""
        for attempt in range(40):
            url = self.urls[((index if self.spread else 0) + attempt) % len(self.urls)]
            try:
                return await http.request(method, url + path, **kw)
            except httpx.HTTPError:
                self.ledger.counts["no answer"] += 1
                await asyncio.sleep(0.1)
        raise RuntimeError(f"no server answered {method} {path}")

    async def _client(self, http: httpx.AsyncClient, index: int, stop: asyncio.Event, games_each: int | None) -> None:
        rng = random.Random(self.rng.random())
        played = 0
        while not stop.is_set() and (games_each is None or played < games_each):
            seats = [{"kind": "person"}] * self.seats
            created = await self._request(
                http, index, "POST", "/api/games", json={"game": self.game, "options": self.options, "seats": seats}
            )
            if created.status_code == 503:
                self._refused(created)
                await self._wait(created)
                continue
            assert created.status_code == 201, created.text
            data = created.json()
            game_id, tokens = data["id"], [s["token"] for s in data["seats"]]
            self.ledger.sent[game_id], self.ledger.acked[game_id] = {}, {}
            await self._play(http, index, game_id, tokens, rng, stop)
            played += 1

    async def _play(
        self, http: httpx.AsyncClient, index: int, game_id: str, tokens: list[str], rng: random.Random, stop: Any
    ) -> None:
        sent, acked, counts = self.ledger.sent[game_id], self.ledger.acked[game_id], self.ledger.counts
        while not stop.is_set():
            public = await self._request(http, index, "GET", f"/api/games/{game_id}")
            if public.status_code == 503:
                self._refused(public)
                await self._wait(public)
                continue
            assert public.status_code == 200, public.text
            view = public.json()
            if view["status"] == "finished":
                self.ledger.finished.add(game_id)
                return
            decider = view["decider"]
            assert decider >= 0, f"game {game_id} waits for chance or a bot at step {view['step']}"
            secret = {"Authorization": f"Bearer {tokens[decider]}"}
            mine = await self._request(http, index, "GET", f"/api/games/{game_id}", headers=secret)
            if mine.status_code == 503:
                self._refused(mine)
                await self._wait(mine)
                continue
            seen = mine.json()
            if not seen["legal"]:  # answered by a process a step behind (following the owner): look again
                counts["looked again"] += 1
                await asyncio.sleep(0.05)
                continue
            step = seen["step"]
            action = sent.get(step)
            if action is None or action not in {a["id"] for a in seen["legal"]}:
                action = rng.choice(seen["legal"])["id"]
            sent[step] = action
            counts["moves sent"] += 1
            body = {"action": action, "step": step}
            path = f"/api/games/{game_id}/actions"
            answer = await self._request(http, index, "POST", path, headers=secret, json=body)
            if answer.status_code == 200:
                if step not in acked:
                    counts["acknowledged"] += 1
                elif acked[step] == action:  # a retry of a move whose first answer was lost, or read behind
                    counts["acknowledged again"] += 1
                else:
                    self.ledger.acked_twice.append(f"{game_id} step {step}: {acked[step]} then {action}")
                acked[step] = action
            elif answer.status_code == 503:
                counts["moves refused (503)"] += 1
                self._refused(answer)
                await self._wait(answer)
            elif answer.status_code == 409:
                counts["stale (409)"] += 1
            else:
                counts[f"answered {answer.status_code}"] += 1
            if self.pause:
                await asyncio.sleep(self.pause)

    def _refused(self, answer: httpx.Response) -> None:
        self.ledger.counts["refused (503)"] += 1
        if not answer.headers.get("Retry-After", "").isdigit():
            self.ledger.retry_after_missing += 1

    async def _wait(self, answer: httpx.Response) -> None:
        wait = float(answer.headers.get("Retry-After", "1") or 1)
        await asyncio.sleep(min(wait, self.most_wait))


# -- the check ------------------------------------------------------------------------------------
@dataclass
class Verdict:
    games: int = 0
    replayed: int = 0  # games whose record the engine replays and a fresh service rebuilds alike
    acknowledged: int = 0
    lost: list[str] = field(default_factory=list)  # acknowledged moves not in the record at their step
    unsent: list[str] = field(default_factory=list)  # a person's stored move that no client sent
    gaps: list[str] = field(default_factory=list)  # events not numbered 0, 1, 2... (a gap or a repeat)
    broken: list[str] = field(default_factory=list)  # games that do not replay

    @property
    def sound(self) -> bool:
        return not (self.lost or self.unsent or self.gaps or self.broken) and self.replayed == self.games


def verify(url: str, ledger: Ledger, live: GameService | None = None) -> Verdict:
    """The stored record of every game in the ledger against it (see the module's docstring). With
    `live` (the running server's service), its games in memory must equal their records too."""
    verdict = Verdict()
    store = Store(url)
    service = GameService(store)  # a fresh one: each game rebuilt from the record, as after a restart
    try:
        for game_id in ledger.games:
            verdict.games += 1
            events = store.events(game_id)
            if [e.seq for e in events] != list(range(len(events))):
                verdict.gaps.append(game_id)
            kept = in_force(events)
            actions = [e.action for e in kept if e.action is not None]
            for step, action in ledger.acked[game_id].items():
                verdict.acknowledged += 1
                if step >= len(actions) or actions[step] != action:
                    verdict.lost.append(f"{game_id} step {step}")
            sent = ledger.sent[game_id]
            for step, e in enumerate(kept):
                if e.kind in MOVES and e.seat >= 0 and sent.get(step) != e.action:
                    verdict.unsent.append(f"{game_id} step {step}")
            stored = store.game(game_id)
            assert stored is not None
            try:
                state = magnates.load(stored.game, **stored.options).new_initial_state()
                for action in actions:
                    state.apply_action(action)
                rebuilt = service.get(game_id)
                in_memory = live.tables.get(game_id) if live is not None else None
                alike = list(rebuilt.state.history) == actions == list(state.history)
                if alike and (in_memory is None or list(in_memory.state.history) == actions):
                    verdict.replayed += 1
                else:
                    verdict.broken.append(f"{game_id}: rebuilt or in memory differs from the record")
            except MagnatesError as err:
                verdict.broken.append(f"{game_id}: {err}")
    finally:
        service.writer.close()
        store.dispose()
    return verdict


# -- a PostgreSQL cluster to stop and start ----------------------------------------------------------
class Cluster:
    """A throwaway PostgreSQL cluster on a port of its own (run as the postgres user when root)."""

    def __init__(self, port: int) -> None:
        self.bindir = PG_BIN_DIRS[0]
        self.folder = Path(tempfile.mkdtemp(prefix="magnates-faults-pg-"))
        self.data = self.folder / "data"
        self.port = port
        self.prefix: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
            self.prefix = ["runuser", "-u", "postgres", "--"]
        self._run("initdb", "-D", str(self.data), "-A", "trust", "-U", "magnates")

    @property
    def url(self) -> str:
        return f"postgresql://magnates@127.0.0.1:{self.port}/postgres"

    def _run(self, tool: str, *args: str) -> None:
        subprocess.run([*self.prefix, str(self.bindir / tool), *args], check=True, capture_output=True, text=True)

    def start(self) -> None:
        options = f"-k {self.folder} -p {self.port} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.folder / "log"), "-w", "start")

    def stop(self, mode: str = "fast") -> None:
        self._run("pg_ctl", "-D", str(self.data), "-m", mode, "-w", "stop")

    def ensure_running(self) -> None:
        """Start it again if it is stopped (a test that stopped it failed before starting it)."""
        done = subprocess.run(
            [*self.prefix, str(self.bindir / "pg_ctl"), "-D", str(self.data), "status"], capture_output=True
        )
        if done.returncode != 0:
            self.start()

    def remove(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self.stop("immediate")
        shutil.rmtree(self.folder, ignore_errors=True)

    def terminate_connections(self, database: str) -> int:
        """Kill every connection to `database` (a URL on this cluster), as an administrator or a
        failover would; returns how many."""
        engine = make_engine(normalize_url(self.url))
        try:
            with engine.connect() as connection:
                killed = connection.execute(
                    text(
                        "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity "
                        "WHERE datname = :name AND pid <> pg_backend_pid()"
                    ),
                    {"name": database.rsplit("/", 1)[1]},
                ).scalar()
                connection.commit()
                return int(killed or 0)
        finally:
            engine.dispose()


# -- the server in a process of its own ----------------------------------------------------------------


def _serve(db: str, port: int) -> None:
    """The forked process: the server on `db` (what `magnates serve` runs, without its checks)."""
    import uvicorn

    from magnates.games import REGISTRY
    from magnates.server.app import create_app

    REGISTRY["toy"] = "server_toygame:ToyGame"
    os.environ["MAGNATES_RATE_LIMITS"] = "off"
    uvicorn.run(create_app(db), host="127.0.0.1", port=port, log_level="error")


class ServerProcess:
    """The server in a process of its own (forked from this one: nothing to import again, so it starts
    in a moment even on a loaded machine), on its own port, the toy game registered, rate limits off."""

    def __init__(self, db: str, port: int) -> None:
        import multiprocessing

        self.port = port
        self.url = f"http://127.0.0.1:{port}"
        self.process = multiprocessing.get_context("fork").Process(target=_serve, args=(db, port), daemon=True)
        self.process.start()

    @property
    def pid(self) -> int:
        assert self.process.pid is not None
        return self.process.pid

    def wait_ready(self, seconds: float = 60) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if not self.process.is_alive():
                raise RuntimeError(f"the server exited with {self.process.exitcode}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.url}/readyz", timeout=1).status_code == 200:
                    return
            time.sleep(0.05)
        raise RuntimeError(f"the server did not start within {seconds} s")

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.terminate()
            self.process.join(timeout=30)
            if self.process.is_alive():
                self.process.kill()
                self.process.join(timeout=30)


# -- SQLite refusing writes -----------------------------------------------------------------------------
@contextlib.contextmanager
def sqlite_fault(engine: Engine, kind: str) -> Iterator[None]:
    """While inside, SQLite itself refuses every write on this engine's connections as it does when
    its file is read-only (`readonly`: "attempt to write a readonly database", through the
    `query_only` pragma) or its disk is full (`full`: "database or disk is full", through
    `max_page_count` held at the file's size). Set on each connection as the pool hands it out."""
    faulty = True

    def on_checkout(dbapi_connection: Any, _record: Any, _proxy: Any) -> None:
        if kind == "readonly":
            dbapi_connection.execute(f"PRAGMA query_only={int(faulty)}")
        elif faulty:
            pages = dbapi_connection.execute("PRAGMA page_count").fetchone()[0]
            dbapi_connection.execute(f"PRAGMA max_page_count={pages}")
        else:
            dbapi_connection.execute("PRAGMA max_page_count=1073741823")

    if kind not in {"readonly", "full"}:
        raise ValueError(f"no SQLite fault {kind!r}")
    event.listen(engine, "checkout", on_checkout)
    try:
        yield
    finally:
        faulty = False
    # The connections handed out from now on are set back as they are taken; then the hook goes.
    # (Left in place until the engine is disposed: it is cheap and keeps the pool's connections right.)


# -- a server in this process (its service at hand) ---------------------------------------------------
class InProcess:
    """uvicorn in a thread of this process on `url`'s database: the test reaches its service."""

    def __init__(self, url: str, port: int) -> None:
        import threading

        import uvicorn

        from magnates.server.app import create_app

        self.app = create_app(url)
        self.url = f"http://127.0.0.1:{port}"
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=port, log_level="error"))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)

    @property
    def service(self) -> GameService:
        return self.app.state.service  # type: ignore[no-any-return]

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)
