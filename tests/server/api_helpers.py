"""Small helpers of the API tests of the lobby, chat, rematch and turn clock, on the toy game."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient


def create(client: TestClient, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """A toy game (two seats unless the options say otherwise) with these seats."""
    body: dict[str, Any] = {"game": "toy", "options": extra.pop("options", {}), "seats": seats, **extra}
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def state(client: TestClient, game_id: str, token: str | None = None) -> dict[str, Any]:
    response = client.get(f"/api/games/{game_id}", headers=auth(token) if token else {})
    assert response.status_code == 200, response.text
    return response.json()  # type: ignore[no-any-return]


def play_to_the_end(client: TestClient, game_id: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Every person's seat plays its last legal action until the game is over."""
    now = state(client, game_id)
    while now["status"] != "finished":
        token = tokens[now["decider"]]
        mine = state(client, game_id, token)
        move = {"action": mine["legal"][-1]["id"], "step": mine["step"]}
        response = client.post(f"/api/games/{game_id}/actions", headers=auth(token), json=move)
        assert response.status_code == 200, response.text
        now = response.json()
    return now
