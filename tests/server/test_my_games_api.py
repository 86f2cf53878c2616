"""Seats that belong to accounts: a signed-in creator's or taker's seat opens with no secret from any
client signed in to the account, "my games" lists them with whose turn it is, a guest claims a seat
into an account, and seat secrets keep working for guests."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import pytest
from accounts_helpers import sign_in, sign_up
from api_helpers import auth, create, state
from fastapi import FastAPI
from fastapi.testclient import TestClient

from magnates.server.app import create_app


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAGNATES_ARGON2_MEMORY_KIB", "1024")


@pytest.fixture
def app(db_url: str) -> FastAPI:
    return create_app(db_url)


@pytest.fixture
def ana(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as client:
        sign_up(client, "Ana")
        yield client


def other(app: FastAPI) -> TestClient:
    return TestClient(app)


def test_the_creators_seat_opens_from_another_device_with_no_secret(app: FastAPI, ana: TestClient) -> None:
    created = create(ana, [{"kind": "person"}, {"kind": "person"}])
    gid = created["id"]
    assert created["seats"][0]["name"] == "Ana" and created["seats"][1]["token"]  # the friend's link as before
    with other(app) as phone:
        assert state(phone, gid)["seat"] is None  # not signed in: a spectator
        sign_in(phone, "Ana")
        assert state(phone, gid)["seat"] == 0
        ws_seat = None
        with phone.websocket_connect(f"/ws/games/{gid}") as ws:  # the live page too: the cookie's seat
            ws_seat = ws.receive_json()["seat"]
        assert ws_seat == 0
    guest_token = created["seats"][1]["token"]
    assert state(ana, gid, guest_token)["seat"] == 1  # a secret speaks for its own seat, whatever the cookie


def test_my_games_lists_your_turn_first(app: FastAPI, ana: TestClient) -> None:
    first = create(ana, [{"kind": "person"}, {"kind": "person"}])
    second = create(ana, [{"kind": "person"}, {"kind": "person"}])
    # in the toy game seat 0 decides first: make it seat 1's turn in the first game
    now = state(ana, first["id"])
    while now["decider"] == 0:
        move = {"action": now["legal"][-1]["id"], "step": now["step"]}
        now = ana.post(f"/api/games/{first['id']}/actions", json=move).json()
    mine = ana.get("/api/me/games").json()
    assert [g["id"] for g in mine] == [second["id"], first["id"]]
    assert [g["your_turn"] for g in mine] == [True, False]
    line = mine[0]
    assert set(line) >= {"id", "game", "title", "seat", "status", "your_turn", "deadline", "players", "updated"}
    assert (line["status"], line["seat"], line["title"]) == ("playing", 0, "Toy")
    assert [p["name"] for p in line["players"]] == ["Ana", "Player 2"]
    with other(app) as nobody:
        assert nobody.get("/api/me/games").status_code == 401


def test_taking_an_open_seat_signed_in_binds_it_under_the_accounts_name(app: FastAPI, ana: TestClient) -> None:
    gid = create(ana, [{"kind": "person"}, {"kind": "person", "open": True}])["id"]
    with other(app) as bea:
        sign_up(bea, "Bea")
        taken = bea.post(f"/api/games/{gid}/seats/1/take", json={"name": "ignored"})
        assert taken.status_code == 200 and taken.json()["token"]  # a secret as well, for a bot's client
        seen = state(bea, gid)
        assert seen["seat"] == 1 and seen["players"][1]["name"] == "Bea"
        assert [g["id"] for g in bea.get("/api/me/games").json()] == [gid]
        again = bea.post(f"/api/games/{gid}/seats/0/take", json={})
        assert again.status_code == 409


def test_a_guest_claims_a_seat_into_an_account(app: FastAPI, ana: TestClient) -> None:
    created = create(ana, [{"kind": "person"}, {"kind": "person", "name": "Cy"}])
    gid, token = created["id"], created["seats"][1]["token"]
    with other(app) as cy:
        assert state(cy, gid, token)["seat"] == 1  # a guest with the link
        unsigned = cy.post(f"/api/games/{gid}/seats/1/claim", headers=auth(token))
        assert unsigned.status_code == 401
        sign_up(cy, "Cyril")
        wrong = cy.post(f"/api/games/{gid}/seats/0/claim", headers=auth(token))
        assert wrong.status_code == 403
        no_secret = cy.post(f"/api/games/{gid}/seats/1/claim")
        assert no_secret.status_code == 403
        claimed = cy.post(f"/api/games/{gid}/seats/1/claim", headers=auth(token))
        assert claimed.status_code == 200 and claimed.json()["name"] == "Cyril"
        assert state(cy, gid)["seat"] == 1  # no secret needed any more
        assert state(cy, gid, token)["seat"] == 1  # and the link still works
        assert [g["seat"] for g in cy.get("/api/me/games").json()] == [1]


def test_names_at_one_table_are_made_distinct(client: TestClient) -> None:
    twice = create(client, [{"kind": "person", "name": "Ana"}, {"kind": "person", "name": " ANA "}])
    assert [s["name"] for s in twice["seats"]] == ["Ana", "ANA (2)"]
    gid = create(client, [{"kind": "person", "name": "Ana"}, {"kind": "person", "open": True}])["id"]
    token = client.post(f"/api/games/{gid}/seats/1/take", json={"name": "ana"}).json()["token"]
    assert [p["name"] for p in state(client, gid, token)["players"]] == ["Ana", "ana (2)"]


def test_guests_play_as_before(client: TestClient) -> None:
    created = create(client, [{"kind": "person"}, {"kind": "person"}])
    tokens = {s["seat"]: s["token"] for s in created["seats"]}
    assert state(client, created["id"], tokens[1])["seat"] == 1
    assert client.get("/api/me").status_code == 401


def test_seats_of_accounts_my_games_ratings_and_banks_on_postgresql(postgres_url: str) -> None:
    suffix = secrets.token_hex(3)
    app = create_app(postgres_url)
    with TestClient(app) as ana, TestClient(app) as bea:
        sign_up(ana, f"Ana{suffix}")
        sign_up(bea, f"Bea{suffix}")
        gid = create(ana, [{"kind": "person"}, {"kind": "person", "open": True}], bank_seconds=3600)["id"]
        assert state(ana, gid)["waiting_for"] == 1
        assert bea.post(f"/api/games/{gid}/seats/1/take", json={}).status_code == 200
        clients = {0: ana, 1: bea}
        now = state(ana, gid)
        while now["status"] != "finished":
            client = clients[now["decider"]]
            mine = state(client, gid)
            now = client.post(
                f"/api/games/{gid}/actions", json={"action": mine["legal"][-1]["id"], "step": mine["step"]}
            ).json()
        assert [g["status"] for g in bea.get("/api/me/games").json()] == ["finished"]
        names = {row["name"] for row in ana.get("/api/ratings/toy").json()}
        assert {f"Ana{suffix}", f"Bea{suffix}"} <= names
        assert ana.get(f"/api/players/Bea{suffix}").json()["played"] == 1
