"""Games over days: a bank of time per player (each decision draws on the seat's own bank, kept
across restarts) and losing on time (`on_timeout: "forfeit"`), besides the per-move clock."""

from __future__ import annotations

import time
from typing import Any

import pytest
from api_helpers import auth, create, state
from fastapi.testclient import TestClient

from magnates.server.app import create_app

TWO = [{"kind": "person", "name": "Ana"}, {"kind": "person", "name": "Bea"}]


def timeouts(client: TestClient, at: float) -> int:
    service = client.app.state.service  # type: ignore[attr-defined]
    return int(client.portal.call(service.play_timeouts, at))  # type: ignore[union-attr]


def tokens(created: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in created["seats"]}


def test_bad_time_controls_are_refused_before_anything_is_made(client: TestClient) -> None:
    for extra, why in (
        ({"bank_seconds": 30}, "bank_seconds"),
        ({"bank_seconds": 3600, "turn_seconds": 60}, "not both"),
        ({"on_timeout": "forfeit"}, "needs a time control"),
        ({"bank_seconds": 3600, "timeout_bot": "nobot"}, "timeout_bot"),
    ):
        answer = client.post("/api/games", json={"game": "toy", "seats": TWO, **extra})
        assert answer.status_code == 422 and why in answer.json()["detail"], extra
    assert client.post("/api/games", json={"game": "toy", "seats": TWO, "on_timeout": "later"}).status_code == 422
    assert client.get("/api/tables?all=1").json() == []


def test_each_decision_draws_on_its_own_seats_bank(client: TestClient) -> None:
    created = create(client, TWO, bank_seconds=3 * 86_400)
    gid, token = created["id"], tokens(created)
    seen = state(client, gid, token[0])
    assert seen["timer"]["bank"] == 3 * 86_400 and seen["timer"]["left"] == [3 * 86_400] * 2
    assert 2.9 * 86_400 < seen["timer"]["deadline"] - seen["server_time"] <= 3 * 86_400
    time.sleep(0.3)
    move = {"action": seen["legal"][0]["id"], "step": seen["step"]}
    after = client.post(f"/api/games/{gid}/actions", headers=auth(token[0]), json=move).json()
    left = after["timer"]["left"]
    assert left[1] == 3 * 86_400 and 3 * 86_400 - 5 < left[0] <= 3 * 86_400 - 0.3  # Ana's bank, not Bea's


def test_a_bank_and_what_it_used_survive_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url)) as first:
        created = create(first, TWO, bank_seconds=600)
        gid, token = created["id"], tokens(created)
        seen = state(first, gid, token[0])
        time.sleep(0.2)
        first.post(
            f"/api/games/{gid}/actions",
            headers=auth(token[0]),
            json={"action": seen["legal"][0]["id"], "step": seen["step"]},
        )
        used = 600 - state(first, gid)["timer"]["left"][0]
    with TestClient(create_app(db_url)) as second:
        timer = state(second, gid)["timer"]
        assert timer["bank"] == 600 and abs((600 - timer["left"][0]) - used) < 0.01


def test_an_empty_bank_lets_the_timeout_bot_play_the_seat(client: TestClient) -> None:
    created = create(client, TWO, bank_seconds=60, timeout_bot="random")
    gid = created["id"]
    before = state(client, gid)
    assert timeouts(client, time.time() + 61) == 1
    after = state(client, gid)
    assert after["step"] > before["step"] and after["status"] == "playing"
    assert any("Time ran out" in entry["text"] for entry in after["log"])


def test_forfeit_on_time_ends_the_game_with_the_late_seat_last(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        created = create(client, TWO, turn_seconds=30, on_timeout="forfeit")
        gid, token = created["id"], tokens(created)
        assert state(client, gid)["timer"]["on_timeout"] == "forfeit"
        assert timeouts(client, time.time() + 5) == 0  # not yet
        assert timeouts(client, time.time() + 31) == 1
        over = state(client, gid, token[0])
        assert over["status"] == "finished" and over["legal"] == []
        assert over["result"]["ranking"] == [2, 1] and "Ana forfeited" in over["result"]["reason"]
        late = client.post(
            f"/api/games/{gid}/actions", headers=auth(token[0]), json={"action": 0, "step": over["step"]}
        )
        assert late.status_code == 409
        assert client.get(f"/api/games/{gid}/record").status_code == 200  # over: the record may be exported
    with TestClient(create_app(db_url)) as again:
        kept = state(again, gid)
        assert kept["status"] == "finished" and kept["result"]["ranking"] == [2, 1]
        assert gid not in {t["id"] for t in again.get("/api/tables?all=1").json()}  # no longer being played


@pytest.mark.parametrize("seconds", [3600, 5 * 86_400])
def test_the_lobby_offers_turns_of_hours_and_days(client: TestClient, seconds: int) -> None:
    created = create(client, TWO, turn_seconds=seconds)
    assert state(client, created["id"])["timer"]["seconds"] == seconds
