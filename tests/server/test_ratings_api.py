"""Ratings and history: a finished game between signed-in players rates them (openskill), once; games
with guests are not rated; games with bots only when asked, and then the bots are rated too; the
leaderboard and the profile (played, won, rating over time, recent games) say so."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from accounts_helpers import sign_up
from api_helpers import create, state
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
def pair(app: FastAPI) -> Iterator[tuple[TestClient, TestClient]]:
    with TestClient(app) as ana, TestClient(app) as bea:
        sign_up(ana, "Ana")
        sign_up(bea, "Bea")
        yield ana, bea


def play_out(clients: dict[int, TestClient], game_id: str, pick: int = -1) -> dict[str, Any]:
    """Each seat's client (signed in: no secret) plays a legal action until the game is over."""
    now = state(next(iter(clients.values())), game_id)
    while now["status"] != "finished":
        client = clients[now["decider"]]
        mine = state(client, game_id)
        move = {"action": mine["legal"][pick]["id"], "step": mine["step"]}
        response = client.post(f"/api/games/{game_id}/actions", json=move)
        assert response.status_code == 200, response.text
        now = response.json()
    return now


def two_player_game(ana: TestClient, bea: TestClient) -> tuple[str, dict[str, Any]]:
    gid = create(ana, [{"kind": "person"}, {"kind": "person", "open": True}])["id"]
    assert bea.post(f"/api/games/{gid}/seats/1/take", json={}).status_code == 200
    return gid, play_out({0: ana, 1: bea}, gid)


def test_a_game_between_signed_in_players_rates_both_once(pair: tuple[TestClient, TestClient]) -> None:
    ana, bea = pair
    assert ana.get("/api/ratings/toy").json() == []
    gid, end = two_player_game(ana, bea)
    board = ana.get("/api/ratings/toy").json()
    winner = "Ana" if end["result"]["ranking"][0] == 1 else "Bea"
    assert board[0]["name"] == winner
    assert {row["name"]: (row["played"], row["won"]) for row in board} == {
        winner: (1, 1),
        ({"Ana", "Bea"} - {winner}).pop(): (1, 0),
    }
    assert board[0]["rating"] > board[1]["rating"]
    state(ana, gid)  # looking again (another change hook) rates nothing twice
    assert [row["played"] for row in ana.get("/api/ratings/toy").json()] == [1, 1]
    profile = ana.get("/api/players/ana").json()  # any case
    assert profile["name"] == "Ana" and profile["played"] == 1 and profile["won"] == (winner == "Ana")
    assert [h["game_id"] for h in profile["history"]] == [gid]
    assert profile["recent"][0]["link"] == f"/table.html?game={gid}"
    assert [r["game"] for r in profile["ratings"]] == ["toy"]


def test_ratings_move_with_each_game_and_history_grows(pair: tuple[TestClient, TestClient]) -> None:
    ana, bea = pair
    for _ in range(3):
        two_player_game(ana, bea)
    profile = bea.get("/api/players/Bea").json()
    assert profile["played"] == 3 and len(profile["history"]) == 3
    assert len({h["rating"] for h in profile["history"]}) == 3  # a point per game on the chart


def test_a_game_with_a_guest_is_not_rated_but_counts_as_played(app: FastAPI) -> None:
    with TestClient(app) as ana:
        sign_up(ana, "Ana")
        created = create(ana, [{"kind": "person"}, {"kind": "person", "name": "Guest"}])
        guest = created["seats"][1]["token"]
        now = state(ana, created["id"])
        while now["status"] != "finished":
            headers = {} if now["decider"] == 0 else {"Authorization": f"Bearer {guest}"}
            mine = ana.get(f"/api/games/{created['id']}", headers=headers).json()
            move = {"action": mine["legal"][-1]["id"], "step": mine["step"]}
            now = ana.post(f"/api/games/{created['id']}/actions", json=move, headers=headers).json()
        assert ana.get("/api/ratings/toy").json() == []
        assert ana.get("/api/players/Ana").json()["played"] == 1


def test_bots_are_rated_when_the_creator_asks(app: FastAPI) -> None:
    with TestClient(app) as ana:
        sign_up(ana, "Ana")
        unrated = create(ana, [{"kind": "person"}, {"kind": "bot", "bot": "random"}])["id"]
        play_out({0: ana}, unrated)
        assert ana.get("/api/ratings/toy").json() == []
        rated = create(ana, [{"kind": "person"}, {"kind": "bot", "bot": "random"}], rated=True)["id"]
        play_out({0: ana}, rated)
        board = {row["name"]: row for row in ana.get("/api/ratings/toy").json()}
        assert set(board) == {"Ana", "random bot"} and board["random bot"]["kind"] == "bot"


def test_unknown_games_and_players_are_404(client: TestClient) -> None:
    assert client.get("/api/ratings/nope").status_code == 404
    assert client.get("/api/players/Nobody").status_code == 404
