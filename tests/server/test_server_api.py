"""The HTTP and WebSocket API, on the toy game (SQLite)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import magnates
from magnates.server.app import create_app


def new_game(client: TestClient, seats: list[dict[str, Any]] | None = None, **options: Any) -> dict[str, Any]:
    body: dict[str, Any] = {"game": "toy", "options": options}
    if seats is not None:
        body["seats"] = seats
    response = client.post("/api/games", json=body)
    assert response.status_code == 201, response.text
    return response.json()  # type: ignore[no-any-return]


def token(created: dict[str, Any], seat: int) -> str:
    return created["seats"][seat]["token"]  # type: ignore[no-any-return]


def auth(tok: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {tok}"}


def play(client: TestClient, game_id: str, tok: str, action: int | str, step: int | None = None) -> Any:
    """A move at `step` (default: the step the seat sees now; every move names its step)."""
    if step is None:
        step = client.get(f"/api/games/{game_id}").json()["step"]
    return client.post(f"/api/games/{game_id}/actions", headers=auth(tok), json={"action": action, "step": step})


def test_catalog_lists_registered_games_with_their_options(client: TestClient) -> None:
    catalog = {g["name"]: g for g in client.get("/api/catalog").json()}
    assert [o["name"] for o in catalog["toy"]["options"]] == ["players", "rounds"]
    described = client.post("/api/describe", json={"game": "toy", "options": {"players": 3}}).json()
    assert described["num_players"] == 3
    assert "random" in described["bots"]


def test_bad_options_and_unknown_games_say_what_is_wrong(client: TestClient) -> None:
    response = client.post("/api/games", json={"game": "toy", "options": {"players": 7}})
    assert response.status_code == 422
    assert "players" in response.json()["detail"] and "2, 3" in response.json()["detail"]
    response = client.post("/api/games", json={"game": "nope", "options": {}})
    assert response.status_code == 422 and "toy" in response.json()["detail"]
    response = client.post("/api/games", json={"game": "toy", "seats": [{"kind": "bot", "bot": "zzz"}, {}]})
    assert response.status_code == 422 and "random" in response.json()["detail"]


def test_a_new_game_gives_a_secret_link_per_person_seat(client: TestClient) -> None:
    created = new_game(client, seats=[{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    person, bot = created["seats"]
    assert person["token"] and f"token={person['token']}" in person["link"]
    assert bot["token"] is None and bot["link"] is None
    listed = client.get("/api/games").json()
    assert created["id"] in [g["id"] for g in listed]
    assert person["token"] not in str(listed)


def test_chance_is_played_by_the_server_and_each_seat_sees_only_its_card(client: TestClient) -> None:
    created = new_game(client)
    first = client.get(f"/api/games/{created['id']}", headers=auth(token(created, 0))).json()
    second = client.get(f"/api/games/{created['id']}", headers=auth(token(created, 1))).json()
    spectator = client.get(f"/api/games/{created['id']}").json()
    assert first["step"] == 3 and first["decider"] == 0  # two deals and a die, sampled by the server
    assert first["view"]["my_card"] and first["view"]["cards"][1] is None
    assert second["view"]["cards"][0] is None
    assert spectator["view"]["cards"] == [None, None] and spectator["legal"] == []
    assert first["view"]["my_card"] not in str(second) and second["view"]["my_card"] not in str(first)
    assert [e["text"] for e in first["log"]][:2] == ["(hidden)", "(hidden)"]
    assert first["log"][2]["text"].startswith("roll ")
    assert [a["text"] for a in first["legal"]] == ["mark 1", "mark 2", "mark 3"]


def test_an_illegal_or_stale_or_out_of_turn_action_is_refused_and_changes_nothing(client: TestClient) -> None:
    created = new_game(client)
    gid = created["id"]
    before = client.get(f"/api/games/{gid}", headers=auth(token(created, 0))).json()
    end_turn = magnates.load("toy").parse_action("end turn")
    refused = play(client, gid, token(created, 0), end_turn)
    assert refused.status_code == 409 and "not legal" in refused.json()["detail"]
    refused = play(client, gid, token(created, 1), "mark 1")
    assert refused.status_code == 409 and "Player 1 decides" in refused.json()["detail"]
    refused = play(client, gid, token(created, 0), "mark 1", step=before["step"] - 1)
    assert refused.status_code == 409 and "moved on" in refused.json()["detail"]
    refused = play(client, gid, "not-a-token", "mark 1")
    assert refused.status_code == 403
    refused = play(client, gid, token(created, 0), "fly away")
    assert refused.status_code == 409 and "fly away" in refused.json()["detail"]
    assert client.get(f"/api/games/{gid}", headers=auth(token(created, 0))).json() == before


def test_undo_takes_back_only_your_own_last_action(client: TestClient) -> None:
    created = new_game(client)
    gid, tok0, tok1 = created["id"], token(created, 0), token(created, 1)
    assert client.post(f"/api/games/{gid}/undo", headers=auth(tok0)).status_code == 409  # last was chance
    before = client.get(f"/api/games/{gid}", headers=auth(tok0)).json()
    after = play(client, gid, tok0, "mark 3").json()
    assert after["can_undo"] and after["view"]["marks"][0] == 3
    assert client.post(f"/api/games/{gid}/undo", headers=auth(tok1)).status_code == 409  # not theirs
    undone = client.post(f"/api/games/{gid}/undo", headers=auth(tok0)).json()
    assert undone["view"] == before["view"] and undone["step"] == before["step"]
    play(client, gid, tok0, "mark 1")
    play(client, gid, tok0, "end turn")
    assert client.post(f"/api/games/{gid}/undo", headers=auth(tok0)).json()["view"]["turn"] == 0
    play(client, gid, tok0, "end turn")
    play(client, gid, tok1, "mark 2")
    assert client.post(f"/api/games/{gid}/undo", headers=auth(tok0)).status_code == 409  # another seat moved


def play_out(client: TestClient, created: dict[str, Any]) -> dict[str, Any]:
    gid = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    snapshot = client.get(f"/api/games/{gid}").json()
    while snapshot["status"] != "finished":
        tok = tokens[snapshot["decider"]]
        mine = client.get(f"/api/games/{gid}", headers=auth(tok)).json()
        response = play(client, gid, tok, mine["legal"][-1]["id"], mine["step"])
        assert response.status_code == 200, response.text
        snapshot = response.json()
    return snapshot


def test_a_game_against_a_bot_plays_to_the_end_and_reports_the_result(client: TestClient) -> None:
    created = new_game(client, seats=[{"kind": "person"}, {"kind": "bot", "bot": "random"}], rounds=3)
    final = play_out(client, created)
    assert final["status"] == "finished" and final["result"]["ranking"]
    assert all(card is not None for card in final["view"]["cards"])  # revealed at the end


def test_finished_games_replay_step_by_step_and_export_and_import(client: TestClient) -> None:
    created = new_game(client)
    gid = created["id"]
    assert client.get(f"/api/games/{gid}/record").status_code == 409  # not while hidden cards are in play
    assert client.get(f"/api/games/{gid}/replay/1").status_code == 403  # spectators wait for the end
    final = play_out(client, created)
    steps = [
        client.get(f"/api/games/{gid}/replay/{k}", headers=auth(token(created, 0))).json()
        for k in range(final["step"] + 1)
    ]
    seat0_final = client.get(f"/api/games/{gid}", headers=auth(token(created, 0))).json()
    assert steps[0]["view"]["my_card"] is None and steps[-1]["view"] == seat0_final["view"]
    assert [s["step"] for s in steps] == list(range(final["step"] + 1))
    assert steps[-1]["result"] == final["result"]
    assert steps[1]["view"]["cards"][1] is None  # a replay still hides the other card mid-game
    record = client.get(f"/api/games/{gid}/record").json()
    assert record["format"] == "magnates-record/1" and len(record["actions"]) == final["step"]
    imported = client.post("/api/games/import", json=record)
    assert imported.status_code == 201
    again = client.get(f"/api/games/{imported.json()['id']}").json()
    assert again["status"] == "finished" and again["result"] == final["result"]
    broken = dict(record, actions=[*record["actions"][:3], 999])
    response = client.post("/api/games/import", json=broken)
    assert response.status_code == 422 and "action 4" in response.json()["detail"]


def test_a_restarted_server_resumes_every_game_exactly(tmp_path: Path) -> None:
    db = tmp_path / "a.db"
    with TestClient(create_app(f"sqlite:///{db}")) as client:
        created = new_game(client, seats=[{"kind": "person"}, {"kind": "bot", "bot": "random"}], rounds=4)
        gid, tok = created["id"], token(created, 0)
        for action in ("mark 2", "end turn", "mark 3", "end turn", "mark 1"):
            play(client, gid, tok, action)
        client.post(f"/api/games/{gid}/undo", headers=auth(tok))
        before = client.get(f"/api/games/{gid}", headers=auth(tok)).json()
    shutil.copy(db, tmp_path / "b.db")
    finals = []
    for name in ("a.db", "b.db"):
        with TestClient(create_app(f"sqlite:///{tmp_path / name}")) as client:
            assert client.get(f"/api/games/{gid}", headers=auth(tok)).json() == before
            finals.append(play_out(client, created))
    # Both copies went on with the same dice and the same bot moves: chance is seeded per game and step.
    assert finals[0] == finals[1]
    assert before["view"]["marks"][0] == 5 and before["step"] > 3


def test_the_websocket_sends_the_seat_snapshot_and_refuses_bad_moves_with_a_message(client: TestClient) -> None:
    created = new_game(client)
    gid, tok0, tok1 = created["id"], token(created, 0), token(created, 1)
    with (
        client.websocket_connect(f"/ws/games/{gid}", headers=auth(tok0)) as ws0,
        client.websocket_connect(f"/ws/games/{gid}", headers=auth(tok1)) as ws1,
    ):
        first0, first1 = ws0.receive_json(), ws1.receive_json()
        assert first0["seat"] == 0 and first1["seat"] == 1
        ws0.send_json({"type": "action", "action": "end turn", "step": first0["step"]})
        error = ws0.receive_json()
        assert error["type"] == "error" and "not legal" in error["message"]
        ws0.send_json({"type": "action", "action": "mark 2", "step": first0["step"]})
        update0, update1 = ws0.receive_json(), ws1.receive_json()
        assert update0["step"] == update1["step"] == first0["step"] + 1
        assert update1["view"]["marks"][0] == 2 and update1["legal"] == []
        ws0.send_json({"type": "action", "action": "end turn", "step": first0["step"]})  # stale: sent twice
        assert "moved on" in ws0.receive_json()["message"]
    with client.websocket_connect(f"/ws/games/{gid}", headers=auth("wrong")) as bad:
        assert bad.receive_json()["fatal"] is True


def test_openapi_document_describes_the_api(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    assert {"/api/games", "/api/games/{game_id}/actions", "/api/games/{game_id}/undo", "/api/games/import"} <= set(
        paths
    )


def test_the_roller_serves_the_variant_cheatsheet_and_reads_rolls(client: TestClient) -> None:
    official = client.get("/api/roller").json()
    mega = client.get("/api/roller", params={"options": "mega=true"}).json()
    assert official["tax_dice"] == 1 and mega["tax_dice"] == 2
    assert official["markdown"] != mega["markdown"] and official["markdown"].startswith("#")
    read = client.post("/api/roller/roll", json={"dice": [7, 1], "tax_dice": [3]}).json()
    assert read["taxed"] == ["Waves"] and read["rank"] == 7 and read["producers"]
    assert any("Taxation" in line for line in read["lines"])
    assert client.post("/api/roller/roll", json={"dice": [0, 4]}).json()["produces"] == "crowns"  # 0 reads as 10
    wrong = client.post("/api/roller/roll", json={"options": {"mega": True}, "dice": [7, 1], "tax_dice": [3]})
    assert wrong.status_code == 422 and "2 d6" in wrong.json()["detail"]
    assert client.get("/api/roller", params={"options": "players=9"}).status_code == 422
    rolled = client.post("/api/roller/roll", json={}).json()
    assert len(rolled["dice"]) == 2 and all(1 <= d <= 10 for d in rolled["dice"])


def test_garbage_on_the_websocket_gets_a_message_not_a_dropped_connection(client: TestClient) -> None:
    created = new_game(client)
    with client.websocket_connect(f"/ws/games/{created['id']}", headers=auth(token(created, 0))) as ws:
        first = ws.receive_json()
        ws.send_text("{not json")
        assert ws.receive_json()["message"] == "messages are JSON objects"
        ws.send_json({"type": "dance"})
        assert "unknown message" in ws.receive_json()["message"]
        ws.send_json({"type": "action", "action": [1, 2], "step": first["step"]})
        assert ws.receive_json()["type"] == "error"
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong", "step": first["step"]}


class BrokenBot:
    name = "broken"

    def choose(self, game: Any, view: Any, legal: list[int], rng: Any) -> int:
        raise RuntimeError("this bot has a bug")


def test_a_failing_bot_does_not_freeze_the_game(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from magnates.bots import registry

    monkeypatch.setitem(registry.GENERIC, "broken", lambda game: BrokenBot())
    created = new_game(client, seats=[{"kind": "person"}, {"kind": "bot", "bot": "broken"}])
    gid, tok = created["id"], token(created, 0)
    for action in ("mark 1", "end turn"):
        assert play(client, gid, tok, action).status_code == 200
    after = client.get(f"/api/games/{gid}", headers=auth(tok)).json()
    assert after["decider"] == 0 and after["view"]["round"] == 1  # the broken bot's seat moved on


def test_a_finished_game_cannot_be_undone(client: TestClient) -> None:
    created = new_game(client, rounds=1)
    final = play_out(client, created)
    last_actor = final["log"][-1]["actor"]
    tok = token(created, last_actor)
    assert client.get(f"/api/games/{created['id']}", headers=auth(tok)).json()["can_undo"] is False
    refused = client.post(f"/api/games/{created['id']}/undo", headers=auth(tok))
    assert refused.status_code == 409


def test_a_failed_write_changes_nothing_and_says_so(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    created = new_game(client)
    gid, tok = created["id"], token(created, 0)
    service = client.app.state.service  # type: ignore[attr-defined]
    before = client.get(f"/api/games/{gid}", headers=auth(tok)).json()

    def broken_append(*args: Any, **kwargs: Any) -> None:
        raise OSError("disk full")

    with monkeypatch.context() as patch:
        patch.setattr(service.store, "append", broken_append)
        with client.websocket_connect(f"/ws/games/{gid}", headers=auth(tok)) as ws:
            ws.receive_json()
            ws.send_json({"type": "action", "action": "mark 2", "step": before["step"]})
            error = ws.receive_json()
            assert error["type"] == "error" and "nothing changed" in error["message"]
    assert client.get(f"/api/games/{gid}", headers=auth(tok)).json() == before
    assert play(client, gid, tok, "mark 2", before["step"]).status_code == 200


def test_a_game_that_words_its_own_log_is_asked_for_each_viewer(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from server_toygame import CARDS, ToyState

    def describe(self: ToyState, action_id: int, viewer: int | None) -> str:
        action = self.game.action(action_id)
        if action.kind == "deal":
            receiver = self.hands.index(None)
            return f"you get {action.card}" if viewer == receiver else f"Player {receiver + 1} gets a card"
        return str(action)

    monkeypatch.setattr(ToyState, "describe", describe)
    created = new_game(client)
    gid = created["id"]
    logs = [client.get(f"/api/games/{gid}", headers=auth(token(created, s))).json()["log"] for s in (0, 1)]
    spectator = client.get(f"/api/games/{gid}").json()["log"]
    assert logs[0][0]["text"].startswith("you get ") and logs[1][0]["text"] == "Player 1 gets a card"
    assert logs[1][1]["text"].startswith("you get ") and logs[0][1]["text"] == "Player 2 gets a card"
    assert [e["text"] for e in spectator[:2]] == ["Player 1 gets a card", "Player 2 gets a card"]
    assert not any(card in str(spectator) for card in CARDS)
