"""Durable by construction (issue 45): a move is shown only once stored; a failed write changes nothing.

SQLite itself refuses the writes here (`fault_helpers.sqlite_fault`: its read-only and disk-full
refusals, or its lock held by another connection); the requests get 503 with Retry-After, the game
in memory stays exactly as stored, and it goes on once the database takes writes again. The
fault-injection suite under load, on both databases, is `test_faults.py`.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from fastapi.websockets import WebSocketDisconnect
from fault_helpers import sqlite_fault
from sqlalchemy.exc import IntegrityError, OperationalError
from test_server_storage import url  # noqa: F401 (the SQLite + PostgreSQL fixture)

from magnates.server.app import create_app
from magnates.server.durability import FIRST_DELAY, MOST_DELAY, Health, Unavailable, is_outage
from magnates.server.limits import Limits
from magnates.server.service import GameService
from magnates.server.storage import ACTION, Store, StoredEvent, in_force, make_engine, normalize_url

PERSON_AND_BOT = {"game": "toy", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}]}


def new_game(client: TestClient, body: dict[str, Any] = PERSON_AND_BOT) -> tuple[str, dict[str, str]]:
    created = client.post("/api/games", json=body)
    assert created.status_code == 201, created.text
    data = created.json()
    return data["id"], {"Authorization": f"Bearer {data['seats'][0]['token']}"}


def stored_actions(client: TestClient, game_id: str) -> list[int]:
    store: Store = client.app.state.service.store  # type: ignore[attr-defined]
    return [e.action for e in in_force(store.events(game_id)) if e.action is not None]


def wait_until_ready(client: TestClient, seconds: float = 15) -> None:
    """The server's probe (on its backoff) finds the database back: /readyz turns 200."""
    deadline = time.monotonic() + seconds
    while client.get("/readyz").status_code != 200:
        assert time.monotonic() < deadline, client.get("/healthz").json()
        time.sleep(0.1)


def test_a_move_that_cannot_be_stored_changes_nothing_and_is_answered_503_with_retry_after(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        assert client.get("/readyz").json() == {"ready": True, "database": "ok"}
        game_id, mine = new_game(client)
        before = client.get(f"/api/games/{game_id}", headers=mine).json()
        public = client.get(f"/api/games/{game_id}").json()
        stored = stored_actions(client, game_id)
        legal = before["legal"][0]["id"]
        engine = client.app.state.service.store.engine  # type: ignore[attr-defined]
        with sqlite_fault(engine, "readonly"):  # (a full disk is in test_faults.py: a write may fit in a page)
            refused = client.post(f"/api/games/{game_id}/actions", headers=mine, json={"action": legal, "step": 3})
            assert refused.status_code == 503, refused.text
            assert int(refused.headers["Retry-After"]) >= 1 and refused.json()["retry_after"] >= 1
            assert "nothing changed" in refused.json()["detail"]
            # Exactly as stored: not one step ahead, for the seat and for a spectator.
            assert client.get(f"/api/games/{game_id}", headers=mine).json() == before
            assert client.get(f"/api/games/{game_id}").json() == public
            assert stored_actions(client, game_id) == stored
            health = client.get("/healthz").json()
            assert health["ok"] is True and health["database"] == "unreachable" and health["database_error"]
            not_ready = client.get("/readyz")
            assert not_ready.status_code == 503 and not_ready.headers["Retry-After"].isdigit()
            # Every other change is refused too, and changes nothing: chat, a new game.
            said = client.post(f"/api/games/{game_id}/chat", headers=mine, json={"text": "hello"})
            assert said.status_code == 503 and "Retry-After" in said.headers
            assert client.post("/api/games", json=PERSON_AND_BOT).status_code == 503
            assert client.get(f"/api/games/{game_id}", headers=mine).json() == before
        wait_until_ready(client)
        played = client.post(f"/api/games/{game_id}/actions", headers=mine, json={"action": legal, "step": 3})
        assert played.status_code == 200, played.text
        assert stored_actions(client, game_id)[: len(stored) + 1] == [*stored, legal]
        assert client.get("/healthz").json()["database"] == "ok"


def test_the_automatic_moves_after_a_refused_move_are_not_played_ahead_either(db_url: str) -> None:
    """The person's move, then chance and the bot until the person decides again: all or nothing."""
    with TestClient(create_app(db_url)) as client:
        game_id, mine = new_game(client)
        service: GameService = client.app.state.service  # type: ignore[attr-defined]
        table = service.tables[game_id]
        # Mark, end turn: the bot's turn (and chance) follows at once, played in the same request.
        client.post(f"/api/games/{game_id}/actions", headers=mine, json={"action": "mark 1", "step": 3})
        history, lines, actors, seq = list(table.state.history), list(table.lines), list(table.actors), table.next_seq
        with sqlite_fault(service.store.engine, "readonly"):
            refused = client.post(f"/api/games/{game_id}/actions", headers=mine, json={"action": "end turn", "step": 4})
            assert refused.status_code == 503
        assert (list(table.state.history), table.lines, table.actors, table.next_seq) == (history, lines, actors, seq)
        assert stored_actions(client, game_id) == history
        wait_until_ready(client)
        played = client.post(f"/api/games/{game_id}/actions", headers=mine, json={"action": "end turn", "step": 4})
        assert played.status_code == 200 and played.json()["step"] > 5  # the bot's moves came with it
        assert stored_actions(client, game_id) == list(table.state.history)


def test_a_stored_move_moves_the_games_own_state_on_and_a_refused_one_leaves_the_copy_shown(db_url: str) -> None:
    """The move is played on the table's own state, log and actors while the table shows copies;
    once stored, the table has its own objects back, moved on (`durability.stage`), so a game's
    state stays the same objects from move to move (docs/studies/server-load.md, "Inside the server
    at 1,000 games").
    A move that cannot be stored leaves the table with the copy, which is the committed game."""
    with TestClient(create_app(db_url)) as client:
        game_id, mine = new_game(client)
        service: GameService = client.app.state.service  # type: ignore[attr-defined]
        table = service.tables[game_id]
        state, lines, actors, timeouts = table.state, table.lines, table.actors, table.timeouts
        played = client.post(f"/api/games/{game_id}/actions", headers=mine, json={"action": "mark 1", "step": 3})
        assert played.status_code == 200, played.text
        assert table.state is state and table.lines is lines and table.actors is actors
        assert table.timeouts is timeouts
        assert list(state.history) == stored_actions(client, game_id) and len(lines) == len(actors) == table.step
        committed = table.step
        with sqlite_fault(service.store.engine, "readonly"):
            refused = client.post(f"/api/games/{game_id}/actions", headers=mine, json={"action": "end turn", "step": 4})
            assert refused.status_code == 503
        assert table.state is not state  # the copy the table showed while the move was written
        assert list(table.state.history) == stored_actions(client, game_id) == list(state.history)[:committed]
        assert len(table.lines) == len(table.actors) == committed


def test_undo_is_refused_while_the_database_is_down_and_changes_nothing(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        game_id, mine = new_game(client)
        client.post(f"/api/games/{game_id}/actions", headers=mine, json={"action": "mark 2", "step": 3})
        before = client.get(f"/api/games/{game_id}", headers=mine).json()
        assert before["can_undo"]
        service: GameService = client.app.state.service  # type: ignore[attr-defined]
        with sqlite_fault(service.store.engine, "readonly"):
            refused = client.post(f"/api/games/{game_id}/undo", headers=mine, json={"step": 4})
            assert refused.status_code == 503 and "Retry-After" in refused.headers
        assert client.get(f"/api/games/{game_id}", headers=mine).json() == before
        wait_until_ready(client)
        undone = client.post(f"/api/games/{game_id}/undo", headers=mine, json={"step": 4})
        assert undone.status_code == 200 and undone.json()["step"] == 3
        assert stored_actions(client, game_id) == list(service.tables[game_id].state.history)


def test_seats_are_neither_taken_nor_re_issued_while_the_database_is_down(db_url: str) -> None:
    body = {"game": "toy", "seats": [{"kind": "person"}, {"kind": "person", "open": True}]}
    with TestClient(create_app(db_url)) as client:
        created = client.post("/api/games", json=body).json()
        game_id, creator = created["id"], {"Authorization": f"Bearer {created['creator_token']}"}
        mine = {"Authorization": f"Bearer {created['seats'][0]['token']}"}
        service: GameService = client.app.state.service  # type: ignore[attr-defined]
        with sqlite_fault(service.store.engine, "readonly"):
            taken = client.post(f"/api/games/{game_id}/seats/1/take", json={"name": "Bea"})
            assert taken.status_code == 503 and "Retry-After" in taken.headers
            reissued = client.post(f"/api/games/{game_id}/seats/0/token", headers=creator)
            assert reissued.status_code == 503
            players = client.get(f"/api/games/{game_id}").json()["players"]
            assert players[1]["open"] and players[1]["name"] != "Bea"
        assert client.get(f"/api/games/{game_id}", headers=mine).json()["seat"] == 0  # the old link still opens it
        wait_until_ready(client)
        assert client.post(f"/api/games/{game_id}/seats/1/take", json={"name": "Bea"}).status_code == 200
        assert service.store.game(game_id).seats[1]["name"] == "Bea"  # type: ignore[union-attr]


def test_a_websocket_move_that_cannot_be_stored_gets_an_error_with_retry_after_and_no_new_state(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        game_id, mine = new_game(client)
        token = mine["Authorization"].split()[1]
        service: GameService = client.app.state.service  # type: ignore[attr-defined]
        with client.websocket_connect(f"/ws/games/{game_id}", subprotocols=["magnates", f"token.{token}"]) as ws:
            first = ws.receive_json()
            assert first["type"] == "state" and first["step"] == 3
            with sqlite_fault(service.store.engine, "readonly"):
                ws.send_json({"type": "action", "action": "mark 1", "step": 3})
                error = ws.receive_json()
                assert error["type"] == "error" and error["retry_after"] >= 1 and error["step"] == 3
                ws.send_json({"type": "ping"})
                assert ws.receive_json() == {"type": "pong", "step": 3}  # no state was pushed meanwhile
            wait_until_ready(client)
            ws.send_json({"type": "action", "action": "mark 1", "step": 3})
            assert ws.receive_json()["step"] == 4


def test_a_page_opening_a_game_while_the_database_is_away_is_told_to_come_back_not_refused(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    with TestClient(create_app(db_url)) as client:
        game_id, _ = new_game(client)
        service: GameService = client.app.state.service  # type: ignore[attr-defined]
        del service.tables[game_id]  # unloaded (idle): the next page reads it from the database

        def unreachable(*_: Any) -> None:  # as psycopg answers while PostgreSQL is stopped
            raise OperationalError("SELECT", None, ConnectionRefusedError("connection refused"))

        with monkeypatch.context() as away:
            away.setattr(service.store, "game", unreachable)
            answer = client.get(f"/api/games/{game_id}")
            assert answer.status_code == 503 and answer.headers["Retry-After"].isdigit(), answer.text
            said = answer.json()["detail"]
            assert "cannot be opened" in said and f"try again in {answer.headers['Retry-After']} s" in said
            assert game_id not in service.tables  # nothing half-loaded
            with client.websocket_connect(f"/ws/games/{game_id}") as ws:
                told = ws.receive_json()
                assert told["type"] == "error" and told["fatal"] is False and told["retry_after"] >= 1
                with pytest.raises(WebSocketDisconnect) as closed:
                    ws.receive_json()
                assert closed.value.code == 1013  # try again later (the page reconnects on its own)
        wait_until_ready(client)
        with client.websocket_connect(f"/ws/games/{game_id}") as ws:
            assert ws.receive_json()["step"] == 3


def test_a_write_stored_whose_answer_was_lost_is_read_back_and_its_retry_answered_once(
    db_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The connection died after COMMIT: the move is stored but the server could not know. The client
    is answered 503 and sends it again; it is answered as applied (once), and the game goes on."""
    with TestClient(create_app(db_url)) as client:
        game_id, mine = new_game(client)
        service: GameService = client.app.state.service  # type: ignore[attr-defined]
        append = service.store.append
        lost = {"once": True}

        def stored_then_lost(*args: Any, **kwargs: Any) -> None:
            append(*args, **kwargs)
            if lost.pop("once", False):
                raise OperationalError("COMMIT", None, sqlite3.OperationalError("disk I/O error"))

        monkeypatch.setattr(service.store, "append", stored_then_lost)
        refused = client.post(f"/api/games/{game_id}/actions", headers=mine, json={"action": "mark 3", "step": 3})
        assert refused.status_code == 503
        assert client.get(f"/api/games/{game_id}").json()["step"] == 3  # memory as last known stored
        assert game_id in service.unsure
        wait_until_ready(client)
        again = client.post(f"/api/games/{game_id}/actions", headers=mine, json={"action": "mark 3", "step": 3})
        assert again.status_code == 200 and again.json()["step"] == 4, again.text
        on = client.post(f"/api/games/{game_id}/actions", headers=mine, json={"action": "end turn", "step": 4})
        assert on.status_code == 200, on.text
        events = service.store.events(game_id)
        assert [e.seq for e in events] == list(range(len(events)))
        assert stored_actions(client, game_id) == list(service.tables[game_id].state.history)
        assert stored_actions(client, game_id)[3] == service.tables[game_id].game.parse_action("mark 3")


def test_a_step_stored_behind_the_server_s_back_is_a_409_and_the_game_catches_up(db_url: str) -> None:
    """Another writer stored the game's next step (a process whose lease lapsed, say): the move is
    refused by the events' unique step, the game reads the record, and the client looks again."""
    with TestClient(create_app(db_url)) as client:
        game_id, mine = new_game(client)
        service: GameService = client.app.state.service  # type: ignore[attr-defined]
        table = service.tables[game_id]
        mark = table.game.parse_action("mark 2")
        service.store.append(game_id, [StoredEvent(table.next_seq, ACTION, mark, 0)])
        answer = client.post(f"/api/games/{game_id}/actions", headers=mine, json={"action": "mark 1", "step": 3})
        assert answer.status_code == 409 and answer.json()["step"] == 4, answer.text
        assert list(table.state.history) == stored_actions(client, game_id)
        assert table.state.history[3] == mark


def test_the_turn_clock_does_not_play_for_anyone_while_the_database_is_down(db_url: str) -> None:
    body = {**PERSON_AND_BOT, "turn_seconds": 10, "timeout_bot": "random"}
    with TestClient(create_app(db_url)) as client:
        game_id, _ = new_game(client, body)
        service: GameService = client.app.state.service  # type: ignore[attr-defined]
        table = service.tables[game_id]
        assert table.deadline is not None
        with sqlite_fault(service.store.engine, "readonly"):
            assert client.post("/api/games", json=PERSON_AND_BOT).status_code == 503  # the database is known down
            played = client.portal.call(service.play_timeouts, table.deadline + 1)  # type: ignore[union-attr]
            assert played == 0 and table.step == 3
        wait_until_ready(client)
        assert client.portal.call(service.play_timeouts, table.deadline + 1) == 1  # type: ignore[union-attr]
        assert table.step > 3 and stored_actions(client, game_id) == list(table.state.history)


def test_a_locked_sqlite_database_is_an_outage_too(db_url: str) -> None:
    """Another program holds SQLite's write lock past the busy timeout: 503, then the move goes through."""
    with TestClient(create_app(db_url)) as client:
        game_id, mine = new_game(client)
        path = db_url.removeprefix("sqlite:///")
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN EXCLUSIVE")
        try:
            refused = client.post(f"/api/games/{game_id}/actions", headers=mine, json={"action": "mark 1", "step": 3})
            assert refused.status_code == 503 and "Retry-After" in refused.headers
            assert "locked" in client.get("/healthz").json()["database_error"]
        finally:
            other.execute("ROLLBACK")
            other.close()
        wait_until_ready(client)
        played = client.post(f"/api/games/{game_id}/actions", headers=mine, json={"action": "mark 1", "step": 3})
        assert played.status_code == 200 and stored_actions(client, game_id)[3] == played.json()["log"][-1]["action"]


def test_health_backs_off_from_a_quarter_second_to_two_and_refuses_writes_until_then() -> None:
    calls: list[float] = []

    def unreachable() -> None:
        calls.append(time.monotonic())
        raise OperationalError("SELECT 1", None, ConnectionRefusedError("connection refused"))

    health = Health(unreachable)
    error = OperationalError("INSERT", None, ConnectionRefusedError("connection refused"))
    assert not health.down
    health.check()  # up: nothing refused
    health.failed(error)
    for _ in range(5):
        health.failed(error)  # more requests failing in the same moment: the wait is not doubled for each
    delays = [health.delay]
    for _ in range(5):
        health.retry_at = time.monotonic()  # the wait is up; the next try fails too: wait twice as long
        health.failed(error)
        delays.append(health.delay)
    assert delays == [FIRST_DELAY, 0.5, 1.0, MOST_DELAY, MOST_DELAY, MOST_DELAY] and MOST_DELAY == 2.0
    with pytest.raises(Unavailable) as refused:
        health.check()
    assert refused.value.status == 503 and refused.value.retry_after == 2
    assert health.report()["database"] == "unreachable" and "connection refused" in health.report()["database_error"]
    assert asyncio.run(health.probe_now()) is False and calls
    health.probe = lambda: None
    assert asyncio.run(health.probe_now()) is True
    assert not health.down and health.report() == {"database": "ok"}
    health.check()


def test_what_counts_as_the_database_being_away() -> None:
    assert is_outage(OperationalError("x", None, sqlite3.OperationalError("database is locked")))
    assert is_outage(sqlite3.OperationalError("attempt to write a readonly database"))
    assert is_outage(ConnectionRefusedError())
    assert not is_outage(IntegrityError("x", None, sqlite3.IntegrityError("UNIQUE constraint failed")))
    assert not is_outage(ValueError("a bug"))


def test_a_follower_catches_up_a_game_whose_notification_was_lost(db_url: str) -> None:
    """Every RECHECK_SECONDS a process compares the stored last event of the games it follows with
    its own copies: a game whose NOTIFY was lost (with an outage) is caught up all the same."""
    from magnates.server.ownership import RECHECK_SECONDS, Ownership

    with TestClient(create_app(db_url)) as client:
        game_id, _ = new_game(client)
        watched, _ = new_game(client)
        service: GameService = client.app.state.service  # type: ignore[attr-defined]
        tables = {g: service.tables[g] for g in (game_id, watched)}
        caught: list[str] = []

        async def catch_up(table: Any) -> None:
            caught.append(table.id)

        async def heard(*_: Any) -> None:
            return None

        leases = type("Leases", (), {"me": "here", "seconds": 5.0})()
        ownership = Ownership("postgresql://nobody@127.0.0.1:1/none", leases, tables, catch_up, heard)  # type: ignore[arg-type]
        # Another process stored a move of `watched`; its notification never came.
        stored = {g: t.next_seq for g, t in tables.items()} | {watched: tables[watched].next_seq + 1}
        ownership.stored_seqs = lambda ids: {g: stored[g] for g in ids}

        async def twice() -> tuple[list[str], list[str]]:
            first = await ownership.recheck(now=1000.0)
            await asyncio.sleep(0.05)  # the catch-up runs as a task of its own
            again = await ownership.recheck(now=1000.0 + RECHECK_SECONDS / 2)  # not due yet
            return first, again

        first, again = asyncio.run(twice())
        assert first == [watched] and caught == [watched] and again == []


@contextlib.contextmanager
def database_held(db: str) -> Iterator[None]:
    """Another program holds the events table (PostgreSQL: an exclusive lock in an open transaction;
    SQLite: the write lock): a write to it hangs inside its statement until this lets go."""
    if db.startswith("sqlite"):
        holder = sqlite3.connect(db.removeprefix("sqlite:///"), isolation_level=None, check_same_thread=False)
        holder.execute("BEGIN EXCLUSIVE")
        try:
            yield
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        return
    engine = make_engine(normalize_url(db))
    with engine.connect() as connection:
        connection.exec_driver_sql("LOCK TABLE events IN ACCESS EXCLUSIVE MODE")
        try:
            yield
        finally:
            connection.rollback()
    engine.dispose()


def test_a_database_that_hangs_inside_a_statement_is_answered_503_after_the_timeout(url: str) -> None:  # noqa: F811
    """A statement (or a lock wait) that does not end is given up after `db_timeout`: the move is
    answered 503 with Retry-After, nothing changes, and the game goes on once the database answers."""
    with TestClient(create_app(url, limits=Limits(db_timeout=0.5))) as client:
        game_id, mine = new_game(client)
        before = client.get(f"/api/games/{game_id}", headers=mine).json()
        legal = before["legal"][0]["id"]
        stored = stored_actions(client, game_id)
        with database_held(url):
            started = time.monotonic()
            refused = client.post(f"/api/games/{game_id}/actions", headers=mine, json={"action": legal, "step": 3})
            waited = time.monotonic() - started
            assert refused.status_code == 503, refused.text
            assert int(refused.headers["Retry-After"]) >= 1
            assert waited < 5, f"answered after {waited:.1f} s"
            assert client.get(f"/api/games/{game_id}", headers=mine).json()["step"] == before["step"]
        assert stored_actions(client, game_id) == stored
        wait_until_ready(client)
        played = client.post(f"/api/games/{game_id}/actions", headers=mine, json={"action": legal, "step": 3})
        assert played.status_code == 200, played.text
        assert len(stored_actions(client, game_id)) > len(stored)  # stored once the database answers
