"""Every registered game is served: created from the catalogue, played a while through the API
by a person against bots, its snapshots JSON and free of other seats' secrets per the view."""

from __future__ import annotations

import random

import pytest
from fastapi.testclient import TestClient

import magnates
from magnates.server.app import create_app


@pytest.mark.parametrize("name", [n for n in magnates.game_names() if n != "toy"])
def test_every_registered_game_can_be_created_and_played_in_the_server(name: str, db_url: str) -> None:
    rng = random.Random(5)
    with TestClient(create_app(db_url)) as client:
        catalog = {g["name"]: g for g in client.get("/api/catalog").json()}
        assert "error" not in catalog[name], catalog[name].get("error")
        described = client.post("/api/describe", json={"game": name, "options": {}}).json()
        seats = [{"kind": "person"}] + [{"kind": "bot", "bot": "random"}] * (described["num_players"] - 1)
        created = client.post("/api/games", json={"game": name, "seats": seats})
        assert created.status_code == 201, created.text
        gid, token = created.json()["id"], created.json()["seats"][0]["token"]
        snapshot = client.get(f"/api/games/{gid}", headers={"Authorization": f"Bearer {token}"}).json()
        for _ in range(25):
            if snapshot["status"] == "finished":
                break
            assert snapshot["decider"] == 0 and snapshot["legal"], "the server waits only for a person"
            choice = rng.choice(snapshot["legal"])
            response = client.post(
                f"/api/games/{gid}/actions",
                headers={"Authorization": f"Bearer {token}"},
                json={"action": choice["id"], "step": snapshot["step"]},
            )
            assert response.status_code == 200, response.text
            snapshot = response.json()
        table = client.app.state.service.get(gid)  # type: ignore[attr-defined]
        assert snapshot["view"] == table.state.view(0)
        spectator = client.get(f"/api/games/{gid}").json()
        assert spectator["view"] == table.state.view(None) and spectator["legal"] == []
