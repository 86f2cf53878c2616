"""Limits with clear errors: body sizes, rates, open WebSockets; idle tables unloaded; lazy start."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.testclient import WebSocketDenialResponse
from test_server_api import auth, new_game, play, token

from magnates.server.app import create_app
from magnates.server.limits import Limits, RateLimiter, client_address


def limited(db_url: str, **settings: object) -> TestClient:
    return TestClient(create_app(db_url, limits=Limits(**settings)))  # type: ignore[arg-type]


@pytest.fixture
def strict(db_url: str) -> Iterator[TestClient]:
    with limited(db_url, create_rate=0.01, create_burst=3, move_rate=0.01, move_burst=4, ws_per_seat=1) as client:
        yield client


def test_a_body_over_the_limit_is_refused_before_parsing(client: TestClient) -> None:
    huge = b'{"game": "toy", "options": {"x": "' + b"a" * (200 * 1024) + b'"}}'
    refused = client.post("/api/games", content=huge, headers={"Content-Type": "application/json"})
    assert refused.status_code == 413 and "65,536 bytes" in refused.json()["detail"]
    assert len(refused.content) < 200

    def chunks() -> Iterator[bytes]:  # no Content-Length: counted as it arrives
        yield b'{"game": "toy", "options": {"x": "'
        for _ in range(100):
            yield b"a" * 1024
        yield b'"}}'

    refused = client.post("/api/games", content=chunks(), headers={"Content-Type": "application/json"})
    assert refused.status_code == 413
    assert client.post("/api/games", json={"game": "toy"}).status_code == 201  # under the limit: as before


def test_errors_quote_only_a_short_excerpt_of_the_input(client: TestClient) -> None:
    created = new_game(client)
    gid, tok = created["id"], token(created, 0)
    step = client.get(f"/api/games/{gid}").json()["step"]
    long_text = "z" * 60_000
    for body in (
        {"action": long_text, "step": step},
        {"action": {"k": long_text}, "step": step},
        {"action": "mark 1", "step": long_text},
    ):
        refused = client.post(f"/api/games/{gid}/actions", headers=auth(tok), json=body)
        assert 400 <= refused.status_code < 500
        assert (
            len(refused.json()["detail"]) < 700
            and "zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz" not in refused.text
        )
    refused = client.post("/api/games", json={"game": long_text[:60]})
    assert refused.status_code == 422 and len(refused.text) < 700
    refused = client.post("/api/games", json={"game": "toy", "seats": [{"kind": long_text[:1000]}, {}]})
    assert refused.status_code == 422 and long_text[:100] not in refused.text


def test_creating_games_is_rate_limited_per_address_with_retry_after(strict: TestClient) -> None:
    for _ in range(3):
        assert strict.post("/api/games", json={"game": "toy"}).status_code == 201
    refused = strict.post("/api/games", json={"game": "toy"})
    assert refused.status_code == 429 and int(refused.headers["Retry-After"]) >= 1
    assert "too many new games" in refused.json()["detail"]
    assert strict.post("/api/games/import", json={}).status_code == 429  # imports count as creations


def test_moves_are_rate_limited_over_http_and_websocket(strict: TestClient) -> None:
    created = strict.post("/api/games", json={"game": "toy"}).json()
    gid, tok = created["id"], token(created, 0)
    answers = [play(strict, gid, tok, "mark 1").status_code for _ in range(4)]
    assert answers[0] == 200 and answers[1:] == [409, 409, 409]  # four moves allowed at once...
    refused = play(strict, gid, tok, "end turn")
    assert refused.status_code == 429 and "Retry-After" in refused.headers  # ...then wait
    with strict.websocket_connect(f"/ws/games/{gid}", headers=auth(tok)) as ws:
        first = ws.receive_json()
        ws.send_json({"type": "action", "action": "end turn", "step": first["step"]})
        error = ws.receive_json()
        assert error["type"] == "error" and "too many moves" in error["message"] and error["retry_after"] >= 1
        ws.send_json({"type": "ping"})  # pings are not moves
        assert ws.receive_json()["type"] == "pong"


def test_open_websockets_are_capped_per_seat_and_in_total(db_url: str) -> None:
    with limited(db_url, rate_limits=False, ws_per_seat=1, ws_spectators=1, ws_total=3) as client:
        created = new_game(client)
        gid, tok0, tok1 = created["id"], token(created, 0), token(created, 1)
        with client.websocket_connect(f"/ws/games/{gid}", headers=auth(tok0)) as ws:
            ws.receive_json()
            with pytest.raises(WebSocketDenialResponse) as denied:
                client.websocket_connect(f"/ws/games/{gid}", headers=auth(tok0)).__enter__()
            assert denied.value.status_code == 429 and denied.value.headers["Retry-After"]
            assert "this seat already has" in denied.value.json()["detail"]
            with (
                client.websocket_connect(f"/ws/games/{gid}", headers=auth(tok1)) as other,
                client.websocket_connect(f"/ws/games/{gid}") as spectator,
            ):
                other.receive_json()
                spectator.receive_json()
                assert client.get("/healthz").json()["websockets"] == 3
                with pytest.raises(WebSocketDenialResponse) as denied:
                    client.websocket_connect(f"/ws/games/{new_game(client)['id']}").__enter__()
                assert "most open connections" in denied.value.json()["detail"]
        with client.websocket_connect(f"/ws/games/{gid}", headers=auth(tok0)) as again:  # closed ones are freed
            assert again.receive_json()["seat"] == 0


def test_idle_tables_leave_memory_and_come_back_exactly(client: TestClient) -> None:
    service = client.app.state.service  # type: ignore[attr-defined]
    created = new_game(client, seats=[{"kind": "person"}, {"kind": "bot", "bot": "random"}])
    gid, tok = created["id"], token(created, 0)
    play(client, gid, tok, "mark 2")
    before = client.get(f"/api/games/{gid}", headers=auth(tok)).json()
    with client.websocket_connect(f"/ws/games/{gid}", headers=auth(tok)) as ws:
        ws.receive_json()
        assert service.unload_idle(now=1e12) == 0  # watched: stays
    assert gid in service.tables
    assert service.unload_idle(now=1e12) == 1 and gid not in service.tables
    assert client.get(f"/api/games/{gid}", headers=auth(tok)).json() == before
    assert play(client, gid, tok, "end turn").status_code == 200


def test_idle_tables_leave_memory_a_handful_at_a_time(client: TestClient) -> None:
    """The server's sweep frees idle games a few at a time (`UNLOAD_AT_ONCE`), letting other games go
    on in between: freeing a long game takes about half a millisecond, a thousand at once half a second."""
    service = client.app.state.service  # type: ignore[attr-defined]
    games = [new_game(client)["id"] for _ in range(5)]
    assert service.unload_idle(now=1e12, most=2) == 2
    assert service.unload_idle(now=1e12, most=2) == 2
    assert sum(gid in service.tables for gid in games) == 1
    assert service.unload_idle(now=1e12, most=2) == 1
    assert not any(gid in service.tables for gid in games)
    assert service.unload_idle(now=1e12, most=2) == 0


def test_the_server_starts_without_loading_games_and_plays_pending_moves_on_first_use(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'lazy.db'}"
    with TestClient(create_app(url)) as client:
        created = new_game(client, seats=[{"kind": "person"}, {"kind": "bot", "bot": "random"}])
        gid, tok = created["id"], token(created, 0)
        play(client, gid, tok, "mark 1")
        before = client.get(f"/api/games/{gid}", headers=auth(tok)).json()
    with TestClient(create_app(url)) as client:
        assert client.get("/healthz").json()["games_loaded"] == 0
        assert client.get(f"/api/games/{gid}", headers=auth(tok)).json() == before
        assert client.get("/healthz").json()["games_loaded"] == 1


def test_limits_come_from_the_environment_and_bad_values_say_which() -> None:
    limits = Limits.from_env({"MAGNATES_MAX_BODY": "1024", "MAGNATES_RATE_LIMITS": "off"}, move_rate=3.0)
    assert limits.max_body == 1024 and limits.rate_limits is False and limits.move_rate == 3.0
    assert Limits.from_env({}).max_body == 64 * 1024
    with pytest.raises(ValueError, match="MAGNATES_WS_TOTAL must be a int"):
        Limits.from_env({"MAGNATES_WS_TOTAL": "lots"})


def test_token_buckets_refill_and_forwarded_addresses_need_a_trusted_proxy() -> None:
    bucket = RateLimiter(rate=2.0, burst=2)
    assert [bucket.take("a", now=0.0) for _ in range(3)] == [0.0, 0.0, 0.5]
    assert bucket.take("a", now=0.5) == 0.0 and bucket.take("b", now=0.5) == 0.0
    scope = {"client": ("10.0.0.1", 1), "headers": [(b"x-forwarded-for", b"6.6.6.6, 203.0.113.9")]}
    assert client_address(scope, frozenset()) == "10.0.0.1"  # not trusted: the header is ignored
    assert client_address(scope, frozenset({"10.0.0.1"})) == "203.0.113.9"
