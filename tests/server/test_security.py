"""Secrets out of URLs and at rest, re-issued links, security headers, cross-site requests, strict input."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from starlette.websockets import WebSocketDisconnect
from test_server_api import auth, new_game, play, token
from test_server_storage import url  # noqa: F401 (the SQLite + PostgreSQL fixture)

from magnates.server.app import create_app
from magnates.server.storage import Store, make_engine, normalize_url

STATIC = Path(__file__).parents[2] / "src" / "magnates" / "server" / "static"


def stored_seats(db: str, game_id: str) -> Any:
    engine = make_engine(normalize_url(db))
    with engine.connect() as connection:
        raw = connection.execute(text("SELECT seats FROM games WHERE id = :id"), {"id": game_id}).scalar()
    engine.dispose()
    return json.loads(raw) if isinstance(raw, str) else raw


def test_seat_links_carry_the_secret_in_the_fragment_and_the_database_only_its_hash(
    client: TestClient, db_url: str
) -> None:
    created = new_game(client, seats=[{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    tok = token(created, 0)
    link = created["seats"][0]["link"]
    assert link.endswith(f"#token={tok}") and "?token=" not in link and "&token=" not in link
    assert created["creator_token"] and created["creator_token"] != tok
    seats = stored_seats(db_url, created["id"])
    assert tok not in json.dumps(seats) and created["creator_token"] not in json.dumps(seats)
    assert seats[0]["token_hash"] == hashlib.sha256(tok.encode()).hexdigest() and "token" not in seats[0]


def test_the_secret_is_accepted_in_a_header_and_a_subprotocol_never_in_a_url(client: TestClient) -> None:
    created = new_game(client)
    gid, tok = created["id"], token(created, 1)
    assert client.get(f"/api/games/{gid}", headers=auth(tok)).json()["seat"] == 1
    # The old `?token=` form is gone (secrets in URLs end up in logs): it is not read, not even refused.
    assert client.get(f"/api/games/{gid}", params={"token": tok}).json()["seat"] is None
    assert client.get(f"/api/games/{gid}/replay/1", headers=auth(tok)).status_code == 200
    assert client.get(f"/api/games/{gid}/replay/1", params={"token": tok}).status_code == 403  # a spectator's
    with client.websocket_connect(f"/ws/games/{gid}?token={tok}") as ws:
        assert ws.receive_json()["seat"] is None
    assert client.get(f"/api/games/{gid}", headers=auth("x" + tok)).status_code == 403
    with client.websocket_connect(f"/ws/games/{gid}", subprotocols=["magnates", f"token.{tok}"]) as ws:
        assert ws.accepted_subprotocol == "magnates"
        assert ws.receive_json()["seat"] == 1
    with client.websocket_connect(f"/ws/games/{gid}", headers=auth(tok)) as ws:
        assert ws.receive_json()["seat"] == 1


def test_a_secret_in_a_body_is_refused_saying_where_it_goes(client: TestClient) -> None:
    """The body's `token` field is gone: a move or an undo that still sends it is refused whole (422,
    naming the header), not played as a spectator's nor as the seat's."""
    created = new_game(client)
    gid, tok = created["id"], token(created, 0)
    step = client.get(f"/api/games/{gid}").json()["step"]
    for path, body in (("actions", {"action": "mark 3", "step": step, "token": tok}), ("undo", {"token": tok})):
        refused = client.post(f"/api/games/{gid}/{path}", json=body)
        assert refused.status_code == 422, refused.text
        assert "Authorization: Bearer" in refused.json()["detail"] and tok not in refused.text
    assert client.get(f"/api/games/{gid}").json()["step"] == step
    assert play(client, gid, tok, "mark 3").status_code == 200  # the header still speaks for the seat
    with client.websocket_connect(f"/ws/games/{gid}", subprotocols=["magnates", "token.wrong"]) as ws:
        assert ws.receive_json()["fatal"] is True


def test_the_creator_re_issues_a_seat_link_and_the_old_one_stops_working(client: TestClient) -> None:
    created = new_game(client)
    gid, old, creator = created["id"], token(created, 0), created["creator_token"]
    refused = client.post(f"/api/games/{gid}/seats/0/token", headers=auth(old))
    assert refused.status_code == 403 and "creator" in refused.json()["detail"]
    with client.websocket_connect(f"/ws/games/{gid}", subprotocols=["magnates", f"token.{old}"]) as ws:
        ws.receive_json()
        issued = client.post(f"/api/games/{gid}/seats/0/token", headers=auth(creator))
        assert issued.status_code == 200
        with pytest.raises(WebSocketDisconnect):  # the old link's open page is disconnected
            ws.receive_json()
    new = issued.json()["token"]
    assert issued.json()["link"].endswith(f"#token={new}") and new != old
    assert client.get(f"/api/games/{gid}", headers=auth(old)).status_code == 403
    assert client.get(f"/api/games/{gid}", headers=auth(new)).json()["seat"] == 0
    assert play(client, gid, new, "mark 1").status_code == 200
    assert client.post(f"/api/games/{gid}/seats/5/token", headers=auth(creator)).status_code == 404


def test_plain_tokens_of_an_older_database_are_hashed_by_the_migration_and_keep_working(url: str) -> None:  # noqa: F811
    from alembic import command
    from alembic.config import Config

    engine = make_engine(normalize_url(url))
    config = Config()
    config.set_main_option("script_location", str(STATIC.parent / "migrations"))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0001")
        seats = json.dumps([{"kind": "person", "bot": None, "token": "old-secret"}, {"kind": "bot", "bot": "random"}])
        connection.execute(
            text(
                "INSERT INTO games (id, game, version, options, seats, seed, status)"
                " VALUES (:i, 'toy', '1', :o, :s, 7, 'playing')"
            ),
            {"i": "oldgame", "o": json.dumps({"players": 2, "rounds": 3}), "s": seats},
        )
    engine.dispose()
    Store(url).dispose()  # the migration runs at start
    stored = stored_seats(url, "oldgame")
    assert "old-secret" not in json.dumps(stored)
    assert stored[0]["token_hash"] == hashlib.sha256(b"old-secret").hexdigest()
    with TestClient(create_app(url)) as client:
        seen = client.get("/api/games/oldgame", headers=auth("old-secret")).json()  # the old link, once more
        assert seen["seat"] == 0 and seen["decider"] == 0  # lazily loaded: its pending deals were played
        assert client.get("/api/games/oldgame", headers=auth("old-secret")).json()["seat"] == 0


def test_every_answer_has_the_security_headers(client: TestClient) -> None:
    for path in ("/index.html", "/table.html", "/api/catalog", "/api/games/nope"):
        headers = client.get(path).headers
        policy = headers["content-security-policy"]
        script_src = re.search(r"script-src ([^;]*)", policy)
        assert script_src and "unsafe-inline" not in script_src.group(1) and "unsafe-eval" not in policy
        assert "frame-ancestors 'none'" in policy and "default-src 'self'" in policy
        assert headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"


def test_the_pages_have_no_inline_scripts_or_handlers() -> None:
    """What the CSP would block: an inline <script> or an on...= attribute in a page."""
    for page in STATIC.glob("*.html"):
        html = page.read_text()
        for tag in re.findall(r"<script\b[^>]*>", html, flags=re.I):
            assert "src=" in tag, f"{page.name}: inline script {tag}"
        assert not re.search(r"<script\b[^>]*>\s*[^<\s]", html, flags=re.I), f"{page.name}: script with a body"
        assert not re.search(r"\son[a-z]+\s*=", html, flags=re.I), f"{page.name}: inline event handler"
        assert "javascript:" not in html.lower()


def test_requests_from_another_site_cannot_change_games(client: TestClient) -> None:
    created = new_game(client)
    gid, tok = created["id"], token(created, 0)
    step = client.get(f"/api/games/{gid}").json()["step"]
    body = {"action": "mark 1", "step": step}
    forged = client.post(
        f"/api/games/{gid}/actions", json=body, headers={**auth(tok), "Origin": "https://evil.example"}
    )
    assert forged.status_code == 403 and "another site" in forged.json()["detail"]
    assert client.get(f"/api/games/{gid}").json()["step"] == step
    same = client.post(f"/api/games/{gid}/actions", json=body, headers={**auth(tok), "Origin": "http://testserver"})
    assert same.status_code == 200
    with (
        pytest.raises(WebSocketDisconnect),
        client.websocket_connect(f"/ws/games/{gid}", headers={"Origin": "https://evil.example"}) as ws,
    ):
        ws.receive_json()


@pytest.mark.parametrize(
    ("action", "words"),
    [(-1, "greater than or equal to 0"), (True, "action"), (1.0, "action"), ([0], "action"), (None, "action")],
)
def test_action_ids_are_non_negative_integers_only(client: TestClient, action: Any, words: str) -> None:
    created = new_game(client)
    gid, tok = created["id"], token(created, 0)
    before = client.get(f"/api/games/{gid}", headers=auth(tok)).json()
    refused = client.post(
        f"/api/games/{gid}/actions", headers=auth(tok), json={"action": action, "step": before["step"]}
    )
    assert refused.status_code == 422 and words in refused.json()["detail"]
    assert client.get(f"/api/games/{gid}", headers=auth(tok)).json() == before


def test_over_the_websocket_too_negative_and_boolean_ids_are_refused(client: TestClient) -> None:
    created = new_game(client)
    gid, tok = created["id"], token(created, 0)
    with client.websocket_connect(f"/ws/games/{gid}", headers=auth(tok)) as ws:
        first = ws.receive_json()
        for action in (-1, True, 10**9):
            ws.send_json({"type": "action", "action": action, "step": first["step"]})
            error = ws.receive_json()
            assert error["type"] == "error" and "action" in error["message"]
        assert client.get(f"/api/games/{gid}").json()["step"] == first["step"]


def test_options_must_have_their_declared_json_types(client: TestClient) -> None:
    for options, words in (({"rounds": "2"}, "whole number"), ({"rounds": True}, "whole number")):
        refused = client.post("/api/games", json={"game": "toy", "options": options})
        assert refused.status_code == 422 and words in refused.json()["detail"]
        assert client.post("/api/describe", json={"game": "toy", "options": options}).status_code == 422
    assert client.post("/api/games", json={"game": "toy", "options": {"rounds": 2}}).status_code == 201


def test_the_openapi_document_states_the_rules(client: TestClient) -> None:
    schemas = client.get("/openapi.json").json()["components"]["schemas"]
    request = schemas["ActionRequest"]
    assert "step" in request["required"] and request["properties"]["step"]["minimum"] == 0
    ints = [s for s in request["properties"]["action"]["anyOf"] if s.get("type") == "integer"]
    assert ints and ints[0]["minimum"] == 0
    document = client.get("/openapi.json").json()
    assert "HTTPBearer" in document["components"]["securitySchemes"]
    assert "429" in document["paths"]["/api/games"]["post"]["responses"]
