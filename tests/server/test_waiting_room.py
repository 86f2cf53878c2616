"""The waiting room: a game with an open person's seat does not move (no deal, no clock, no move)
until every seat is taken, or its creator starts it with bots in the empty seats; the creator may
cancel it; the lobby lists waiting tables first; invite links name their seat."""

from __future__ import annotations

import pytest
from accounts_helpers import sign_up
from api_helpers import auth, create, state
from fastapi.testclient import TestClient

from magnates.server.app import create_app


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAGNATES_ARGON2_MEMORY_KIB", "1024")


def test_a_game_with_an_open_seat_waits_until_it_is_taken(client: TestClient) -> None:
    created = create(client, [{"kind": "person", "name": "Ana"}, {"kind": "person", "open": True, "name": "Bea"}],
                     turn_seconds=30)  # fmt: skip
    gid, ana = created["id"], created["seats"][0]["token"]
    assert created["waiting_for"] == 1 and created["seats"][1]["invite"] == f"/table.html?game={gid}&seat=1"
    waiting = state(client, gid, ana)
    assert (waiting["step"], waiting["waiting_for"], waiting["legal"]) == (0, 1, [])
    assert waiting["timer"]["deadline"] is None  # no clock runs while the game waits
    refused = client.post(f"/api/games/{gid}/actions", headers=auth(ana), json={"action": 0, "step": 0})
    assert refused.status_code == 409 and "waiting for 1 player" in refused.json()["detail"]
    bea = client.post(f"/api/games/{gid}/seats/1/take", json={"name": "Bea"}).json()["token"]
    started = state(client, gid, ana)
    assert started["waiting_for"] == 0 and started["step"] >= 3 and started["legal"]  # dealt, rolled, Ana decides
    assert started["timer"]["deadline"] is not None
    assert state(client, gid, bea)["seat"] == 1


def test_the_creator_starts_it_with_bots_in_the_empty_seats(client: TestClient) -> None:
    created = create(client, [{"kind": "person"}, {"kind": "person", "open": True}, {"kind": "person", "open": True}],
                     options={"players": 3})  # fmt: skip
    gid, ana, creator = created["id"], created["seats"][0]["token"], created["creator_token"]
    assert state(client, gid, ana)["waiting_for"] == 2
    assert client.post(f"/api/games/{gid}/start", headers=auth(ana), json={"bot": "random"}).status_code == 403
    bad = client.post(f"/api/games/{gid}/start", headers=auth(creator), json={"bot": "nobot"})
    assert bad.status_code == 422 and "random" in bad.json()["detail"]
    started = client.post(f"/api/games/{gid}/start", headers=auth(creator), json={"bot": "random"})
    assert started.status_code == 200
    seen = state(client, gid, ana)
    assert seen["waiting_for"] == 0 and [p["kind"] for p in seen["players"]] == ["person", "bot", "bot"]
    assert seen["step"] >= 4 and seen["decider"] == 0
    assert client.post(f"/api/games/{gid}/start", headers=auth(creator), json={}).status_code == 409


def test_the_creator_cancels_a_waiting_game(client: TestClient) -> None:
    created = create(client, [{"kind": "person"}, {"kind": "person", "open": True}], bank_seconds=86_400)
    gid, ana, creator = created["id"], created["seats"][0]["token"], created["creator_token"]
    assert client.delete(f"/api/games/{gid}", headers=auth(ana)).status_code == 403
    assert client.delete(f"/api/games/{gid}").status_code == 403
    assert client.delete(f"/api/games/{gid}", headers=auth(creator)).status_code == 204
    assert client.get(f"/api/games/{gid}").status_code == 404
    assert gid not in {t["id"] for t in client.get("/api/tables?all=1").json()}
    started = create(client, [{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    refused = client.delete(f"/api/games/{started['id']}", headers=auth(started["creator_token"]))
    assert refused.status_code == 409 and "waiting" in refused.json()["detail"]


def test_a_signed_in_creator_starts_and_cancels_without_the_creator_token(db_url: str) -> None:
    with TestClient(create_app(db_url)) as ana:
        sign_up(ana, "Ana")
        first = create(ana, [{"kind": "person"}, {"kind": "person", "open": True}])["id"]
        second = create(ana, [{"kind": "person"}, {"kind": "person", "open": True}])["id"]
        assert ana.post(f"/api/games/{first}/start", json={"bot": "random"}).status_code == 200
        assert ana.delete(f"/api/games/{second}").status_code == 204
        statuses = {g["id"]: g["status"] for g in ana.get("/api/me/games").json()}
        assert statuses == {first: "playing"}


def test_the_lobby_lists_waiting_tables_first(client: TestClient) -> None:
    waiting = create(client, [{"kind": "person"}, {"kind": "person", "open": True}])["id"]
    playing = create(client, [{"kind": "person"}, {"kind": "bot", "bot": "random"}])["id"]  # newer
    listed = client.get("/api/tables?all=1").json()
    order = [t["id"] for t in listed if t["id"] in (waiting, playing)]
    assert order == [waiting, playing]
    assert {t["id"]: t["waiting_for"] for t in listed}[waiting] == 1


def test_a_waiting_game_survives_a_restart_and_starts_on_the_last_seat(db_url: str) -> None:
    with TestClient(create_app(db_url)) as first:
        created = create(first, [{"kind": "person"}, {"kind": "person", "open": True}])
    with TestClient(create_app(db_url)) as second:
        gid = created["id"]
        assert state(second, gid)["step"] == 0
        second.post(f"/api/games/{gid}/seats/1/take", json={"name": "Bea"})
        assert state(second, gid, created["seats"][0]["token"])["legal"]
