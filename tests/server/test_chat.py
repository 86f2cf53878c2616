"""Table chat: players write (HTTP or WebSocket), everyone connected reads, it is stored with the game."""

from __future__ import annotations

from api_helpers import auth, create, play_to_the_end, state
from fastapi.testclient import TestClient

from magnates.server.app import create_app
from magnates.server.limits import Limits


def test_a_player_says_something_and_every_connection_hears_it(client: TestClient) -> None:
    created = create(client, [{"kind": "person", "name": "Ana"}, {"kind": "person", "name": "Bea"}])
    gid, ana, bea = created["id"], created["seats"][0]["token"], created["seats"][1]["token"]
    with (
        client.websocket_connect(f"/ws/games/{gid}", subprotocols=["magnates", f"token.{bea}"]) as seat,
        client.websocket_connect(f"/ws/games/{gid}") as spectator,
    ):
        seat.receive_json(), spectator.receive_json()
        said = client.post(f"/api/games/{gid}/chat", headers=auth(ana), json={"text": "  <i>hello</i>  "})
        assert said.status_code == 204
        for connection in (seat, spectator):
            heard = connection.receive_json()
            assert heard["type"] == "chat"
            assert heard["message"]["name"] == "Ana" and heard["message"]["text"] == "<i>hello</i>"
            assert heard["message"]["seat"] == 0 and heard["message"]["step"] == state(client, gid)["step"]
        seat.send_json({"type": "chat", "text": "hi Ana"})
        assert spectator.receive_json()["message"]["text"] == "hi Ana"
        spectator.send_json({"type": "chat", "text": "may I?"})
        refused = spectator.receive_json()
        assert refused["type"] == "error" and "spectators" in refused["message"]
    assert [m["text"] for m in state(client, gid)["chat"]] == ["<i>hello</i>", "hi Ana"]


def test_chat_from_spectators_empty_or_too_long_is_refused(client: TestClient) -> None:
    created = create(client, [{"kind": "person"}, {"kind": "person"}])
    gid, tok = created["id"], created["seats"][0]["token"]
    assert client.post(f"/api/games/{gid}/chat", json={"text": "hi"}).status_code == 403
    assert client.post(f"/api/games/{gid}/chat", headers=auth("wrong"), json={"text": "hi"}).status_code == 403
    empty = client.post(f"/api/games/{gid}/chat", headers=auth(tok), json={"text": " \n\x00 "})
    assert empty.status_code == 422 and "empty" in empty.json()["detail"]
    long = client.post(f"/api/games/{gid}/chat", headers=auth(tok), json={"text": "x" * 501})
    assert long.status_code == 422 and "500" in long.json()["detail"]
    assert client.post(f"/api/games/{gid}/chat", headers=auth(tok), json={"text": "x" * 500}).status_code == 204
    assert client.post(f"/api/games/{gid}/chat", headers=auth(tok), json={"text": 5}).status_code == 422
    assert client.post(f"/api/games/{gid}/chat", headers=auth(tok), json={}).status_code == 422
    assert [len(m["text"]) for m in state(client, gid)["chat"]] == [500]


def test_chat_is_kept_with_the_game_in_replays_exports_and_after_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url)) as client:
        created = create(client, [{"kind": "person", "name": "Ana"}, {"kind": "bot", "bot": "random"}])
        gid, tok = created["id"], created["seats"][0]["token"]
        client.post(f"/api/games/{gid}/chat", headers=auth(tok), json={"text": "good luck"})
        early = state(client, gid)["step"]
    with TestClient(create_app(db_url)) as client:
        assert [m["text"] for m in state(client, gid)["chat"]] == ["good luck"]
        final = play_to_the_end(client, gid, {0: tok})
        client.post(f"/api/games/{gid}/chat", headers=auth(tok), json={"text": "well played"})
        before = client.get(f"/api/games/{gid}/replay/{early - 1}", headers=auth(tok)).json()
        after = client.get(f"/api/games/{gid}/replay/{final['step']}").json()
        assert before["chat"] == [] and [m["text"] for m in after["chat"]] == ["good luck", "well played"]
        record = client.get(f"/api/games/{gid}/record").json()
        assert [m["text"] for m in record["meta"]["chat"]] == ["good luck", "well played"]


def test_chat_has_its_own_rate_limit(db_url: str) -> None:
    limits = Limits(chat_rate=0.01, chat_burst=2)
    with TestClient(create_app(db_url, limits=limits)) as client:
        created = create(client, [{"kind": "person"}, {"kind": "person"}])
        gid, tok = created["id"], created["seats"][0]["token"]
        answers = [client.post(f"/api/games/{gid}/chat", headers=auth(tok), json={"text": "hi"}) for _ in range(3)]
        assert [a.status_code for a in answers] == [204, 204, 429] and int(answers[2].headers["Retry-After"]) >= 1
        with client.websocket_connect(f"/ws/games/{gid}", subprotocols=["magnates", f"token.{tok}"]) as ws:
            ws.receive_json()
            ws.send_json({"type": "chat", "text": "again"})
            refused = ws.receive_json()
            assert refused["type"] == "error" and refused["retry_after"] >= 1
