"""The waiting room and losing on time follow the same rule as moves: nothing is shown
before it is stored. A game whose last open seat is taken while its first moves cannot be stored
keeps its seats (they are stored) but shows no deal until the deal is stored; a forfeit on time that
cannot be stored is not shown, and the clock tries again once the database is back."""

from __future__ import annotations

import time
from typing import Any

import pytest
from api_helpers import create, state
from fastapi.testclient import TestClient
from fault_helpers import sqlite_fault
from sqlalchemy.exc import OperationalError

from magnates.server.app import create_app
from magnates.server.durability import Unavailable
from magnates.server.storage import Store, in_force

TWO = [{"kind": "person", "name": "Ana"}, {"kind": "person", "name": "Bea"}]


def locked_append(*_args: Any, **_kwargs: Any) -> None:
    """`Store.append` while SQLite's file is locked by someone else: every write of events fails."""
    raise OperationalError("INSERT", {}, Exception("database is locked"))


def stored_steps(client: TestClient, game_id: str) -> int:
    store: Store = client.app.state.service.store  # type: ignore[attr-defined]
    return len(in_force(store.events(game_id)))


def test_a_waiting_game_whose_deal_cannot_be_stored_shows_no_deal_until_it_is(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        service = client.app.state.service  # type: ignore[attr-defined]
        created = create(client, [{"kind": "person", "name": "Ana"}, {"kind": "person", "open": True}])
        gid, ana = created["id"], created["seats"][0]["token"]
        real_append = service.store.append
        service.store.append = locked_append
        try:
            taken = client.post(f"/api/games/{gid}/seats/1/take", json={"name": "Bea"})
            assert taken.status_code == 200, taken.text  # the seat is stored: Bea keeps it
            bea = taken.json()["token"]
            seen = state(client, gid, ana)
            assert seen["waiting_for"] == 0 and seen["step"] == 0 and seen["legal"] == []  # nothing dealt ahead
            assert stored_steps(client, gid) == 0 and gid in service.unstarted
        finally:
            service.store.append = real_append
        time.sleep(0.3)  # past the first backoff: the next try reaches the database
        assert service.start_unstarted() == 1
        started = state(client, gid, ana)
        assert started["step"] >= 3 and started["step"] == stored_steps(client, gid)
        assert state(client, gid, bea)["seat"] == 1 and gid not in service.unstarted


def test_a_waiting_game_whose_bots_first_moves_cannot_be_stored_is_started_by_the_clock(db_url: str) -> None:
    """The same with a bot to move first: its move is thought out in a bot thread and handed to the
    writer, which cannot store it; nothing is shown, and the server's own clock starts the game once
    the database takes writes again."""
    with TestClient(create_app(db_url)) as client:
        service = client.app.state.service  # type: ignore[attr-defined]
        created = create(client, [{"kind": "bot", "bot": "random"}, {"kind": "person", "open": True}])
        gid = created["id"]
        real_append = service.store.append
        service.store.append = locked_append
        try:
            taken = client.post(f"/api/games/{gid}/seats/1/take", json={"name": "Bea"})
            assert taken.status_code == 200, taken.text
            bea = taken.json()["token"]
            seen = state(client, gid, bea)
            assert seen["waiting_for"] == 0 and seen["step"] == 0 and seen["legal"] == []  # no bot move ahead
            assert stored_steps(client, gid) == 0 and gid in service.unstarted
        finally:
            service.store.append = real_append
        deadline = time.monotonic() + 15
        while gid in service.unstarted and time.monotonic() < deadline:
            time.sleep(0.1)  # the clock ticks once a second, after the database's backoff
        started = state(client, gid, bea)
        assert gid not in service.unstarted and started["decider"] == 1
        assert started["step"] >= 3 and started["step"] == stored_steps(client, gid)


def test_a_forfeit_that_cannot_be_stored_is_not_shown(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        service = client.app.state.service  # type: ignore[attr-defined]
        created = create(client, TWO, turn_seconds=30, on_timeout="forfeit")
        gid, ana = created["id"], created["seats"][0]["token"]
        table = service.tables[gid]
        with sqlite_fault(service.store.engine, "readonly"), pytest.raises(Unavailable):
            client.portal.call(service.timeout, table, time.time() + 31)  # type: ignore[union-attr]
        seen = state(client, gid, ana)
        assert seen["status"] == "playing" and seen["legal"] and table.forfeited is None
        deadline = time.monotonic() + 10
        while service.health.down:  # the server's probe, on its backoff, finds the database back
            assert time.monotonic() < deadline
            time.sleep(0.05)
        assert client.portal.call(service.play_timeouts, time.time() + 31) == 1  # type: ignore[union-attr]
        over = state(client, gid, ana)
        assert over["status"] == "finished" and "Ana forfeited" in over["result"]["reason"]
    with TestClient(create_app(db_url)) as again:
        assert state(again, gid)["status"] == "finished"
