"""The coach over HTTP: a finished game's review runs in a thread with progress, is stored with the
game (served again without a new run, also after a restart), and is refused for a game in play."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

import magnates
from magnates.analysis import CoachSettings
from magnates.bots.playout import game_hooks
from magnates.core.chance import sample
from magnates.core.record import Record
from magnates.server import review
from magnates.server.app import create_app

QUICK = CoachSettings(samples=1, candidates=3, depth=6)


@pytest.fixture(autouse=True)
def quick_coach(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review, "SETTINGS", QUICK)


def finished_record(name: str, seed: int, **options: Any) -> Record:
    game = magnates.load(name, **options)
    policy = game_hooks(game)["rollout_action"]
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(sample(state.chance_outcomes(), rng) if state.is_chance_node() else policy(state, rng))
    return state.record()


def imported(client: TestClient, record: Record) -> str:
    response = client.post("/api/games/import", json=record.to_json())
    assert response.status_code == 201, response.text
    return str(response.json()["id"])


def wait_done(client: TestClient, game_id: str) -> dict[str, Any]:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        answer = client.get(f"/api/games/{game_id}/review").json()
        assert answer["status"] in ("running", "done"), answer
        if answer["status"] == "done":
            return answer["review"]  # type: ignore[no-any-return]
        assert 0 <= answer["done"] <= answer["total"] or answer["total"] == 0
        time.sleep(0.1)
    raise AssertionError("the review did not finish in two minutes")


@pytest.fixture
def db(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'web.db'}"


@pytest.fixture
def app_client(db: str) -> Iterator[TestClient]:
    with TestClient(create_app(db)) as client:
        yield client


def test_a_finished_game_is_reviewed_once_and_kept(app_client: TestClient, db: str) -> None:
    record = finished_record("galactic-magnate", 2)
    game_id = imported(app_client, record)
    assert app_client.get(f"/api/games/{game_id}/review").json() == {"status": "none"}
    started = app_client.post(f"/api/games/{game_id}/review")
    assert started.status_code == 202 and started.json()["status"] in ("running", "done")
    done = wait_done(app_client, game_id)
    states = magnates.replay(record, all_states=True)
    steps = [i for i, s in enumerate(states[:-1]) if s.current_player() >= 0 and len(s.legal_actions()) > 1]
    assert [d["step"] for d in done["decisions"]] == steps
    assert all(abs(sum(d["after"]) - 1) < 1e-3 for d in done["decisions"])
    assert done["settings"]["samples"] == QUICK.samples
    again = app_client.post(f"/api/games/{game_id}/review")  # stored: answered at once, no new job
    assert again.json() == {"status": "done", "review": done}
    with TestClient(create_app(db)) as restarted:  # kept with the game across a restart
        assert restarted.get(f"/api/games/{game_id}/review").json() == {"status": "done", "review": done}


def test_a_review_stored_in_an_older_layout_is_made_again(
    app_client: TestClient, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A review stored before the practice choices were kept is not served: asked again, it is
    made anew in today's layout (so "Learn from your mistakes" has what it needs)."""
    game_id = imported(app_client, finished_record("magnate", 3))
    monkeypatch.setattr(review, "FORMAT", "magnates-review/1")  # as an earlier version stored it
    app_client.post(f"/api/games/{game_id}/review")
    old = wait_done(app_client, game_id)
    monkeypatch.undo()
    monkeypatch.setattr(review, "SETTINGS", QUICK)
    with TestClient(create_app(db)) as upgraded:
        assert upgraded.get(f"/api/games/{game_id}/review").json() == {"status": "none"}
        upgraded.post(f"/api/games/{game_id}/review")
        new = wait_done(upgraded, game_id)
    assert new["format"] == "magnates-review/2" and old["decisions"][0]["step"] == new["decisions"][0]["step"]
    assert any("choices" in d for d in new["decisions"])


def test_a_game_in_play_is_not_reviewed(app_client: TestClient) -> None:
    record = finished_record("magnate", 1)
    unfinished = Record(record.game, record.version, record.options, record.actions[:40])
    game_id = imported(app_client, unfinished)
    answer = app_client.post(f"/api/games/{game_id}/review")
    assert answer.status_code == 409 and "once it is finished" in answer.json()["detail"]
    assert app_client.get("/api/games/nope/review").status_code == 404


def test_hints_only_for_a_seat_against_bots_and_off_for_spectators(app_client: TestClient) -> None:
    body = {"game": "galactic-magnate", "options": {}, "seats": [{"kind": "person"}, {"kind": "bot", "bot": "greedy"}]}
    created = app_client.post("/api/games", json=body).json()
    game_id, token = created["id"], created["seats"][0]["token"]
    headers = {"Authorization": f"Bearer {token}"}
    assert app_client.get(f"/api/games/{game_id}/hint", headers=headers).json() == {"available": True, "reason": None}
    spectator = app_client.get(f"/api/games/{game_id}/hint").json()
    assert spectator["available"] is False and "your seat's link" in spectator["reason"]
    assert app_client.post(f"/api/games/{game_id}/hint").status_code == 403
    answer = app_client.post(f"/api/games/{game_id}/hint", headers=headers).json()
    now = app_client.get(f"/api/games/{game_id}", headers=headers).json()
    assert now["decider"] == 0 and answer["hint"] is not None  # Player 1 moves first here
    assert answer["step"] == now["step"]
    assert answer["hint"]["action"] in [a["id"] for a in now["legal"]]
    assert 0 <= answer["hint"]["chance"] <= 1
    two_people = app_client.post("/api/games", json={**body, "seats": [{"kind": "person"}, {"kind": "person"}]}).json()
    other = {"Authorization": f"Bearer {two_people['seats'][0]['token']}"}
    refused = app_client.post(f"/api/games/{two_people['id']}/hint", headers=other)
    assert refused.status_code == 403 and "only for games against bots" in refused.json()["detail"]


def test_no_hints_in_a_rated_game_against_bots_even_after_a_restart(tmp_path: Any) -> None:
    url = f"sqlite:///{tmp_path / 'rated.db'}"
    body = {"game": "galactic-magnate", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "greedy"}], "rated": True}
    with TestClient(create_app(url)) as client:
        created = client.post("/api/games", json=body).json()
        game_id, headers = created["id"], {"Authorization": f"Bearer {created['seats'][0]['token']}"}
        refused = client.post(f"/api/games/{game_id}/hint", headers=headers)
        assert refused.status_code == 403 and "rated game" in refused.json()["detail"]
        unrated = client.post("/api/games", json={**body, "rated": False}).json()
        mine = {"Authorization": f"Bearer {unrated['seats'][0]['token']}"}
        assert client.get(f"/api/games/{unrated['id']}/hint", headers=mine).json()["available"] is True
    with TestClient(create_app(url)) as again:
        assert again.post(f"/api/games/{game_id}/hint", headers=headers).status_code == 403
