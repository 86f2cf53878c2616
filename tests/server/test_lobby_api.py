"""Names, open seats, the list of open tables and taking a seat; bots described; the rules cheatsheet."""

from __future__ import annotations

from api_helpers import auth, create, state
from fastapi.testclient import TestClient


def test_names_are_kept_as_plain_text_and_unnamed_seats_read_player_n(client: TestClient) -> None:
    created = create(client, [{"kind": "person", "name": "  Ana <b>&amp;\n"}, {"kind": "bot", "bot": "random"}])
    players = state(client, created["id"])["players"]
    assert players[0] == {"seat": 0, "name": "Ana <b>&amp;", "kind": "person", "bot": None, "label": "person",
                          "open": False}  # fmt: skip
    assert players[1]["name"] == "Player 2" and players[1]["label"] == "random bot"
    too_long = client.post("/api/games", json={"game": "toy", "seats": [{"name": "x" * 41}, {}]})
    assert too_long.status_code == 422 and "40" in too_long.json()["detail"]
    open_bot = client.post("/api/games", json={"game": "toy", "seats": [{"kind": "bot", "open": True}, {}]})
    assert open_bot.status_code == 422 and "open" in open_bot.json()["detail"]


def test_an_open_seat_is_listed_taken_once_and_then_plays(client: TestClient) -> None:
    created = create(client, [{"kind": "person", "name": "Ana"}, {"kind": "person", "open": True}])
    gid = created["id"]
    assert created["seats"][1]["token"] is None and created["seats"][1]["open"] is True
    listed = {t["id"]: t for t in client.get("/api/tables").json()}
    assert listed[gid]["title"] == "Toy" and listed[gid]["step"] == state(client, gid)["step"]
    assert [p["open"] for p in listed[gid]["players"]] == [False, True]

    taken = client.post(f"/api/games/{gid}/seats/1/take", json={"name": "Bea"})
    assert taken.status_code == 200, taken.text
    answer = taken.json()
    assert answer["seat"] == 1 and answer["link"] == f"/table.html?game={gid}#token={answer['token']}"
    assert state(client, gid, answer["token"])["seat"] == 1
    assert [p["name"] for p in state(client, gid)["players"]] == ["Ana", "Bea"]

    again = client.post(f"/api/games/{gid}/seats/1/take", json={"name": "Cy"})
    assert again.status_code == 409 and "not open" in again.json()["detail"]
    assert client.post(f"/api/games/{gid}/seats/0/take", json={}).status_code == 409  # never open
    assert client.post(f"/api/games/{gid}/seats/5/take", json={}).status_code == 404
    assert client.post("/api/games/nope/seats/0/take", json={}).status_code == 404
    assert gid not in {t["id"] for t in client.get("/api/tables").json()}  # no seat left to take
    assert gid in {t["id"] for t in client.get("/api/tables", params={"all": 1}).json()}  # still watchable


def test_open_seats_survive_a_restart(db_url: str) -> None:
    from magnates.server.app import create_app

    with TestClient(create_app(db_url)) as first:
        gid = create(first, [{"kind": "person"}, {"kind": "person", "open": True, "name": "Seat for Bea"}])["id"]
    with TestClient(create_app(db_url)) as second:
        listed = {t["id"]: t for t in second.get("/api/tables").json()}
        assert listed[gid]["players"][1]["open"] is True and listed[gid]["step"] == 0  # waiting: nothing dealt
        token = second.post(f"/api/games/{gid}/seats/1/take", json={"name": "Bea"}).json()["token"]
        seated = state(second, gid, token)
        assert seated["players"][1]["name"] == "Bea" and seated["step"] >= 3  # then two deals and a die


def test_the_lobby_describes_each_bot_and_labels_each_option(client: TestClient) -> None:
    catalog = {g["name"]: g for g in client.get("/api/catalog").json()}
    assert catalog["magnate"]["title"] == "Magnate"
    assert {o["name"]: o["label"] for o in catalog["toy"]["options"]} == {"players": "Players", "rounds": "Rounds"}
    described = client.post("/api/describe", json={"game": "magnate", "options": {}}).json()
    levels = {b["name"]: b["description"] for b in described["bot_levels"]}
    assert [b["name"] for b in described["bot_levels"]][:4] == ["greedy", "easy", "medium", "hard"]
    assert set(levels) == set(described["bots"]) and all(len(text) > 20 for text in levels.values())


def test_every_game_has_its_cheatsheet_for_the_chosen_options(client: TestClient) -> None:
    for name in ("magnate", "galactic-magnate", "magistrate", "magistratvm"):
        sheet = client.get(f"/api/games/{name}/cheatsheet").json()
        assert sheet["text"].startswith("#") and sheet["title"]
    official = client.get("/api/games/magnate/cheatsheet").json()["text"]
    mega = client.get("/api/games/magnate/cheatsheet", params={"options": "mega=true"}).json()["text"]
    assert official != mega
    assert client.get("/api/games/magnate/cheatsheet", params={"options": "players=9"}).status_code == 422
    assert client.get("/api/games/nope/cheatsheet").status_code == 422
    assert client.get("/api/games/toy/cheatsheet").status_code == 422  # a game without one says so


def test_taking_an_open_seat_needs_no_secret_and_a_name_must_be_text(client: TestClient) -> None:
    created = create(client, [{"kind": "person"}, {"kind": "person", "open": True}])
    gid = created["id"]
    bad = client.post(f"/api/games/{gid}/seats/1/take", json={"name": 5})
    assert bad.status_code == 422
    mine = client.post(f"/api/games/{gid}/seats/1/take", headers=auth("whatever"), json={"name": "Dee"})
    assert mine.status_code == 200  # no secret is needed to take an open seat; the seat's own is returned


def test_pages_open_at_the_table_learn_who_sat_down(client: TestClient) -> None:
    created = create(client, [{"kind": "person", "name": "Ana"}, {"kind": "person", "open": True}])
    gid, ana = created["id"], created["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{gid}", subprotocols=["magnates", f"token.{ana}"]) as ws:
        assert ws.receive_json()["players"][1]["label"] == "open seat"
        client.post(f"/api/games/{gid}/seats/1/take", json={"name": "Bea"})
        seated = ws.receive_json()["players"][1]
        assert (seated["name"], seated["open"], seated["label"]) == ("Bea", False, "person")
