"""The turn clock: a person whose time runs out has the timeout bot move for them, logged in words."""

from __future__ import annotations

import datetime as dt
import time
from typing import Any

import pytest
from api_helpers import auth, create, state
from fastapi.testclient import TestClient
from sqlalchemy import text

from magnates.server.app import create_app
from magnates.server.storage import Store

TWO = [{"kind": "person", "name": "Ana"}, {"kind": "person", "name": "Bea"}]


def wait_for_step(client: TestClient, game_id: str, step: int, seconds: float = 10.0) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while True:
        now = state(client, game_id)
        if now["step"] > step:
            return now
        assert time.monotonic() < deadline, "the timeout bot did not move"
        time.sleep(0.1)


@pytest.mark.parametrize(
    ("value", "bot"),
    [(5, None), (-1, None), (14 * 86_400 + 1, None), ("30", None), (30.5, None), (True, None), (30, "zzz")],
)
def test_bad_clock_settings_are_refused(client: TestClient, value: Any, bot: str | None) -> None:
    body = {"game": "toy", "seats": TWO, "turn_seconds": value, "timeout_bot": bot}
    response = client.post("/api/games", json=body)
    assert response.status_code == 422
    assert ("turn_seconds" if bot is None else "timeout_bot") in response.json()["detail"]


def test_a_game_over_days_takes_a_week_a_decision(client: TestClient) -> None:
    body = {"game": "toy", "seats": TWO, "turn_seconds": 7 * 86_400}
    created = client.post("/api/games", json=body).json()
    seen = state(client, created["id"], created["seats"][0]["token"])
    assert seen["timer"]["seconds"] == 7 * 86_400
    assert seen["timer"]["deadline"] - seen["server_time"] > 6.9 * 86_400


def test_a_timed_game_says_when_the_decision_is_due(client: TestClient) -> None:
    untimed = state(client, create(client, TWO)["id"])
    assert untimed["timer"] is None and "server_time" not in untimed
    before = time.time()
    timed = state(client, create(client, TWO, turn_seconds=30, timeout_bot="random")["id"])
    assert timed["timer"]["seconds"] == 30 and timed["timer"]["bot"] == "random"
    assert before + 30 <= timed["timer"]["deadline"] <= time.time() + 30
    assert abs(timed["server_time"] - time.time()) < 5


def test_the_timeout_bot_moves_for_a_person_whose_time_ran_out(client: TestClient) -> None:
    created = create(client, TWO, turn_seconds=10, timeout_bot="random")
    gid, ana = created["id"], created["seats"][0]["token"]
    table = client.app.state.service.tables[gid]  # type: ignore[attr-defined]
    start = state(client, gid, ana)
    assert start["decider"] == 0
    with client.websocket_connect(f"/ws/games/{gid}", subprotocols=["magnates", f"token.{ana}"]) as ws:
        assert ws.receive_json()["step"] == start["step"]
        table.deadline = time.time() - 1  # as if ten seconds had passed
        moved = ws.receive_json()
    assert moved["step"] == start["step"] + 1 and moved["can_undo"] is False
    last = moved["log"][-1]
    assert last["timeout"] is True and last["actor"] == 0 and last["who"] == "Ana"
    assert last["text"].startswith("Time ran out: the random bot moved for Ana: ")
    assert moved["timer"]["deadline"] > time.time() + 5  # a fresh clock for the next decision
    store = client.app.state.service.store  # type: ignore[attr-defined]
    played = next(e.action for e in store.events(gid) if e.kind == "timeout")
    other = next(a["id"] for a in start["legal"] if a["id"] != played)
    for action, status in ((other, 409), (played, 200)):
        # Ana's own late click: another move is stale; the move the bot made for her is in force once.
        late = client.post(
            f"/api/games/{gid}/actions", headers=auth(ana), json={"action": action, "step": start["step"]}
        )
        assert late.status_code == status, late.text
    assert [e.kind for e in store.events(gid)].count("timeout") == 1 and state(client, gid)["step"] == moved["step"]


def test_the_clock_waits_for_open_seats_and_starts_when_they_are_taken(client: TestClient) -> None:
    created = create(client, [TWO[0], {"kind": "person", "open": True}], turn_seconds=60)
    gid = created["id"]
    assert state(client, gid)["timer"] == {"seconds": 60, "deadline": None, "bot": "random"}  # toy has no greedy
    client.post(f"/api/games/{gid}/seats/1/take", json={"name": "Bea"})
    assert state(client, gid)["timer"]["deadline"] > time.time() + 50


def test_deadlines_survive_a_restart_and_the_log_still_says_who_moved(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        gid = create(client, TWO, turn_seconds=600, timeout_bot="random")["id"]
        step = state(client, gid)["step"]
        first_deadline = state(client, gid)["timer"]["deadline"]
    with TestClient(create_app(db_url)) as client:
        assert abs(state(client, gid)["timer"]["deadline"] - first_deadline) < 2.5  # no extra time for a restart
    store = Store(db_url)
    an_hour_ago = dt.datetime.now(dt.UTC).replace(tzinfo=None) - dt.timedelta(hours=1)
    with store.engine.begin() as connection:
        connection.execute(text("UPDATE events SET created_at = :at"), {"at": an_hour_ago})
    store.dispose()
    with TestClient(create_app(db_url)) as client:
        state(client, gid)  # loads the game: its clock ran out while the server was down
        moved = wait_for_step(client, gid, step)
        assert moved["log"][step]["text"].startswith("Time ran out: the random bot moved for Ana")
    with TestClient(create_app(db_url)) as client:
        again = state(client, gid)
        assert again["log"][step]["timeout"] is True and again["log"][step]["text"] == moved["log"][step]["text"]
