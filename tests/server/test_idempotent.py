"""Exactly-once moves: every move names its step; a retry answers as the first time and is applied once."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

import httpx2 as httpx
from fastapi.testclient import TestClient
from server_helpers import LiveServer
from test_server_api import auth, new_game, play, token

from magnates.server.storage import Store


def moves_by(db_url: str, game_id: str, seat: int) -> list[int | None]:
    store = Store(db_url)
    try:
        return [e.action for e in store.events(game_id) if e.seat == seat]
    finally:
        store.dispose()


def test_a_move_without_its_step_is_refused_saying_why(client: TestClient) -> None:
    created = new_game(client)
    gid, tok = created["id"], token(created, 0)
    refused = client.post(f"/api/games/{gid}/actions", headers=auth(tok), json={"action": "mark 1"})
    assert refused.status_code == 422 and "step" in refused.json()["detail"]
    assert (
        client.post(f"/api/games/{gid}/actions", headers=auth(tok), json={"action": "mark 1", "step": -3}).status_code
        == 422
    )
    assert (
        client.post(f"/api/games/{gid}/actions", headers=auth(tok), json={"action": "mark 1", "step": "3"}).status_code
        == 422
    )


def test_a_stale_move_is_refused_with_the_current_step(client: TestClient) -> None:
    created = new_game(client)
    gid, tok = created["id"], token(created, 0)
    step = client.get(f"/api/games/{gid}").json()["step"]
    assert play(client, gid, tok, "mark 1", step).status_code == 200
    stale = play(client, gid, tok, "mark 2", step)  # a different move decided at the old step
    assert stale.status_code == 409 and stale.json()["step"] == step + 1 and "moved on" in stale.json()["detail"]
    future = play(client, gid, tok, "mark 2", step + 5)
    assert future.status_code == 409 and future.json()["step"] == step + 1


def test_a_retried_move_returns_the_first_answer_and_is_applied_once(client: TestClient, db_url: str) -> None:
    created = new_game(client)
    gid, tok = created["id"], token(created, 0)
    step = client.get(f"/api/games/{gid}").json()["step"]
    first = play(client, gid, tok, "mark 2", step)
    again = play(client, gid, tok, "mark 2", step)
    assert first.status_code == again.status_code == 200
    assert again.json() == first.json()
    assert client.get(f"/api/games/{gid}").json()["step"] == step + 1
    assert len(moves_by(db_url, gid, 0)) == 1


def test_a_repeated_undo_at_the_same_step_takes_back_only_one_move(client: TestClient) -> None:
    created = new_game(client)
    gid, tok = created["id"], token(created, 0)
    assert play(client, gid, tok, "mark 2").status_code == 200
    after_mark = client.get(f"/api/games/{gid}", headers=auth(tok)).json()
    assert play(client, gid, tok, "end turn").status_code == 200
    step = client.get(f"/api/games/{gid}").json()["step"]
    assert client.post(f"/api/games/{gid}/undo", headers=auth(tok), json={"step": step}).status_code == 200
    again = client.post(f"/api/games/{gid}/undo", headers=auth(tok), json={"step": step})
    assert again.status_code == 409 and again.json()["step"] == step - 1
    assert client.get(f"/api/games/{gid}", headers=auth(tok)).json() == after_mark  # the mark stands


def test_concurrent_duplicates_over_http_apply_once(db_url: str) -> None:
    server = LiveServer(db_url)
    server.start()
    try:
        created = httpx.post(f"{server.url}/api/games", json={"game": "toy"}).json()
        gid, tok = created["id"], token(created, 0)
        step = httpx.get(f"{server.url}/api/games/{gid}").json()["step"]

        async def burst() -> list[Any]:
            async with httpx.AsyncClient(base_url=server.url, headers=auth(tok)) as session:
                body = {"action": "mark 3", "step": step}
                return list(
                    await asyncio.gather(*(session.post(f"/api/games/{gid}/actions", json=body) for _ in range(12)))
                )

        answers = asyncio.run(burst())
        assert [a.status_code for a in answers] == [200] * 12
        assert all(a.json() == answers[0].json() for a in answers)
        assert httpx.get(f"{server.url}/api/games/{gid}").json()["step"] == step + 1
    finally:
        server.stop()
    assert len(moves_by(db_url, gid, 0)) == 1


def test_concurrent_duplicates_over_websockets_apply_once(client: TestClient, db_url: str) -> None:
    """Two tabs of one seat (or a resent message) send the same move at once: one move is stored."""
    created = new_game(client)
    gid, tok = created["id"], token(created, 0)
    with (
        client.websocket_connect(f"/ws/games/{gid}", headers=auth(tok)) as one,
        client.websocket_connect(f"/ws/games/{gid}", headers=auth(tok)) as two,
    ):
        step = one.receive_json()["step"]
        two.receive_json()
        message = {"type": "action", "action": "mark 2", "step": step}
        senders = [threading.Thread(target=ws.send_json, args=(message,)) for ws in (one, two, one)]
        for sender in senders:
            sender.start()
        for sender in senders:
            sender.join()
        for ws in (one, two):
            answer = ws.receive_json()
            assert answer["type"] == "state" and answer["step"] == step + 1
    assert client.get(f"/api/games/{gid}").json()["step"] == step + 1
    assert len(moves_by(db_url, gid, 0)) == 1
