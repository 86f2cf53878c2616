"""Storage against SQLite and a real PostgreSQL server: migrations, append-only events, resume."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect, text

import magnates.server.storage
from magnates.server.app import create_app
from magnates.server.storage import (
    ACTION,
    UNDO,
    Store,
    StoredEvent,
    StoredGame,
    effective_actions,
    make_engine,
    normalize_url,
)


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, db_url: str) -> Iterator[str]:
    if request.param == "sqlite":
        yield db_url
        return
    server = request.getfixturevalue("postgres_url")
    # A fresh database per test, on the session's throwaway cluster.
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


def game_row(game_id: str = "g1") -> StoredGame:
    return StoredGame(game_id, "toy", "1", {"players": 2}, [{"kind": "person", "token": "t"}], 2**61 + 5, "playing")


def newest_migration() -> str:
    """The revision of the last file in migrations/versions (each file is named after its revision)."""
    folder = Path(magnates.server.storage.__file__).with_name("migrations") / "versions"
    return max(path.name[:4] for path in folder.glob("0*.py"))


def test_migrations_create_the_schema_and_running_them_again_changes_nothing(url: str) -> None:
    store = Store(url)
    tables = set(inspect(store.engine).get_table_names())
    assert {"games", "events", "reviews", "alembic_version"} <= tables
    store.dispose()
    again = Store(url)
    with again.engine.connect() as connection:
        assert connection.execute(text("SELECT version_num FROM alembic_version")).scalar() == newest_migration()
    again.dispose()


def test_events_are_appended_in_order_and_undo_is_an_event_too(url: str) -> None:
    store = Store(url)
    store.create_game(game_row(), [StoredEvent(0, ACTION, 4, -1)])
    store.append("g1", [StoredEvent(1, ACTION, 7, 0), StoredEvent(2, ACTION, 9, 0)])
    store.append("g1", [StoredEvent(3, UNDO, None, 0)], status="playing")
    events = store.events("g1")
    assert [e.seq for e in events] == [0, 1, 2, 3]
    assert effective_actions(events) == ([4, 7], [-1, 0])
    assert store.game("g1") == game_row()  # the seed survives as a big integer
    store.dispose()


def test_a_failed_append_leaves_nothing_half_written(url: str) -> None:
    store = Store(url)
    store.create_game(game_row(), [StoredEvent(0, ACTION, 4, -1)])
    with pytest.raises(Exception):  # noqa: B017 (the driver's IntegrityError type differs per database)
        store.append("g1", [StoredEvent(1, ACTION, 5, 0), StoredEvent(0, ACTION, 6, 0)])  # seq 0 exists
    assert [e.seq for e in store.events("g1")] == [0]
    store.dispose()


def test_games_resume_after_a_restart_on_this_database(url: str) -> None:
    with TestClient(create_app(url)) as client:
        created = client.post("/api/games", json={"game": "toy", "seats": [{"kind": "person"}, {"kind": "bot"}]})
        gid, tok = created.json()["id"], created.json()["seats"][0]["token"]
        client.post(
            f"/api/games/{gid}/actions",
            headers={"Authorization": f"Bearer {tok}"},
            json={"action": "mark 2", "step": 3},
        )
        client.post(
            f"/api/games/{gid}/actions",
            headers={"Authorization": f"Bearer {tok}"},
            json={"action": "end turn", "step": 4},
        )
        before = client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {tok}"}).json()
    with TestClient(create_app(url)) as client:
        assert client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {tok}"}).json() == before
        listed = client.get("/api/games").json()
        assert [g["id"] for g in listed] == [gid]


def test_a_game_that_cannot_be_rebuilt_does_not_stop_the_server(db_url: str) -> None:
    store = Store(db_url)
    store.create_game(StoredGame("gone", "no-such-game", "1", {}, [{"kind": "person", "token": "t"}], 1, "playing"))
    store.dispose()
    with TestClient(create_app(db_url)) as client:
        created = client.post("/api/games", json={"game": "toy"})
        assert created.status_code == 201
        broken = client.get("/api/games/gone")
        assert broken.status_code == 422 and "no-such-game" in broken.json()["detail"]


def test_names_open_seats_chat_clock_and_rematch_are_stored_on_both_databases(url: str) -> None:
    seats = [{"kind": "person", "name": "Ana"}, {"kind": "person", "open": True}]
    body = {"game": "toy", "options": {"rounds": 1}, "seats": seats, "turn_seconds": 600, "timeout_bot": "random"}
    with TestClient(create_app(url)) as client:
        created = client.post("/api/games", json=body).json()
        gid, ana = created["id"], created["seats"][0]["token"]
        bea = client.post(f"/api/games/{gid}/seats/1/take", json={"name": "Bea"}).json()["token"]
        said = client.post(f"/api/games/{gid}/chat", headers={"Authorization": f"Bearer {ana}"}, json={"text": "hi"})
        assert said.status_code == 204
        deadline = client.get(f"/api/games/{gid}").json()["timer"]["deadline"]
        assert not client.get("/api/tables").json()  # its only open seat was taken
    with TestClient(create_app(url)) as client:
        listed = client.get("/api/tables", params={"all": 1}).json()
        assert [(t["id"], t["step"]) for t in listed] == [(gid, 3)]  # two deals and a die
        now = client.get(f"/api/games/{gid}").json()
        assert [p["name"] for p in now["players"]] == ["Ana", "Bea"]
        assert [m["text"] for m in now["chat"]] == ["hi"] and now["chat"][0]["at"].endswith("Z")
        assert abs(now["timer"]["deadline"] - deadline) < 2.5
        service = client.app.state.service  # type: ignore[attr-defined]
        service.tables[gid].deadline = 0.0  # Ana's time runs out: the timeout bot moves for her
        assert client.portal.call(service.play_timeouts) == 1  # type: ignore[union-attr]
        tokens = {0: ana, 1: bea}
        while (now := client.get(f"/api/games/{gid}").json())["status"] != "finished":
            mine = client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {tokens[now['decider']]}"})
            move = {"action": mine.json()["legal"][-1]["id"], "step": now["step"]}
            headers = {"Authorization": f"Bearer {tokens[now['decider']]}"}
            assert client.post(f"/api/games/{gid}/actions", headers=headers, json=move).status_code == 200
        rematch = client.post(f"/api/games/{gid}/rematch", headers={"Authorization": f"Bearer {bea}"}).json()
    with TestClient(create_app(url)) as client:
        finished = client.get(f"/api/games/{gid}").json()
        assert finished["rematch"] == rematch["id"] and finished["log"][3]["timeout"] is True
        assert (
            client.get(f"/api/games/{rematch['id']}", headers={"Authorization": f"Bearer {rematch['token']}"}).json()[
                "seat"
            ]
            == 1
        )
