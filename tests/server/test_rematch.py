"""Rematch: the same game, options, seats and names; each player claims their own seat of it."""

from __future__ import annotations

from api_helpers import auth, create, play_to_the_end, state
from fastapi.testclient import TestClient


def test_a_rematch_reuses_the_seats_and_each_player_gets_their_own_seat(client: TestClient) -> None:
    created = create(
        client,
        [{"kind": "person", "name": "Ana"}, {"kind": "person", "name": "Bea"}, {"kind": "bot", "bot": "random"}],
        options={"players": 3, "rounds": 1},
    )
    gid = created["id"]
    tokens = {0: created["seats"][0]["token"], 1: created["seats"][1]["token"]}
    assert client.post(f"/api/games/{gid}/rematch", headers=auth(tokens[0])).status_code == 409  # not over yet
    play_to_the_end(client, gid, tokens)
    assert state(client, gid)["rematch"] is None

    with client.websocket_connect(f"/ws/games/{gid}") as watcher:
        watcher.receive_json()
        first = client.post(f"/api/games/{gid}/rematch", headers=auth(tokens[1]))
        assert first.status_code == 200, first.text
        assert watcher.receive_json()["rematch"] == first.json()["id"]  # every page learns of it
    new = first.json()
    assert new["seat"] == 1 and new["link"] == f"/table.html?game={new['id']}#token={new['token']}"
    second = client.post(f"/api/games/{gid}/rematch", headers=auth(tokens[0])).json()
    assert second["id"] == new["id"] and second["seat"] == 0 and second["token"] != new["token"]

    again = state(client, new["id"], second["token"])
    assert again["seat"] == 0 and again["options"] == state(client, gid)["options"]
    assert [(p["name"], p["kind"], p["bot"]) for p in again["players"]] == [
        ("Ana", "person", None),
        ("Bea", "person", None),
        ("Player 3", "bot", "random"),
    ]
    assert state(client, new["id"], new["token"])["seat"] == 1
    assert not any(p["open"] for p in again["players"])  # reserved for their players, not for anyone
    assert new["id"] not in {t["id"] for t in client.get("/api/tables").json()}


def test_only_the_players_of_a_finished_game_may_ask_for_a_rematch(client: TestClient) -> None:
    created = create(client, [{"kind": "person"}, {"kind": "bot", "bot": "random"}], options={"rounds": 1})
    gid, tok = created["id"], created["seats"][0]["token"]
    early = client.post(f"/api/games/{gid}/rematch", headers=auth(tok))
    assert early.status_code == 409 and "over" in early.json()["detail"]
    play_to_the_end(client, gid, {0: tok})
    assert client.post(f"/api/games/{gid}/rematch").status_code == 403  # a spectator
    assert client.post(f"/api/games/{gid}/rematch", headers=auth("wrong")).status_code == 403
    assert client.post("/api/games/nope/rematch", headers=auth(tok)).status_code == 404
    asked = client.post(f"/api/games/{gid}/rematch", headers=auth(tok)).json()
    again = client.post(f"/api/games/{gid}/rematch", headers=auth(tok)).json()
    assert again["id"] == asked["id"]  # asking twice re-issues the seat's secret: the older one stops working
    assert client.get(f"/api/games/{asked['id']}", headers=auth(asked["token"])).status_code == 403
    assert state(client, asked["id"], again["token"])["seat"] == 0
