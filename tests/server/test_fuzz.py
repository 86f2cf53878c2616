"""Malformed input to every endpoint: a 4xx with a clear message, never a 500, and the game unchanged.

The game under fire is set so that no well-formed request could change it either: the secret
used belongs to the seat that does not decide now and made no move to undo, and it is no
creator's secret. So its stored record must be exactly what it was, whatever is sent.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from test_server_api import auth, new_game, token

from magnates.server.app import create_app
from magnates.server.limits import Limits
from magnates.server.storage import Store

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)
fields = (
    "game",
    "options",
    "seats",
    "kind",
    "bot",
    "action",
    "step",
    "token",
    "dice",
    "tax_dice",
    "actions",
    "format",
    "version",
    "players",
    "rounds",
    "text",
    "name",
    "open",
    "turn_seconds",
    "timeout_bot",
)
shaped = st.dictionaries(st.sampled_from(fields), json_values, max_size=5)
odd_json = st.sampled_from(
    [
        b'{"action": Infinity, "step": NaN}',
        b'{"action": 1e999, "step": 3}',
        b"[" * 5000,
        b'{"step": 3, "step": -1}',
        b"",
    ]
)
bodies = st.one_of(json_values, shaped, st.binary(max_size=60), odd_json)
text_parts = st.text(alphabet=st.characters(codec="utf-8"), max_size=30)

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


@pytest.fixture(scope="module")
def arena(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[TestClient, str, str, Any]]:
    from magnates.games import REGISTRY

    REGISTRY["toy"] = "server_toygame:ToyGame"
    url = f"sqlite:///{tmp_path_factory.mktemp('fuzz') / 'fuzz.db'}"
    with TestClient(create_app(url, limits=Limits(rate_limits=False)), raise_server_exceptions=False) as client:
        created = new_game(client)
        gid = created["id"]
        assert client.get(f"/api/games/{gid}").json()["decider"] == 0
        yield client, gid, token(created, 1), client.app.state.service.store  # type: ignore[attr-defined]
    REGISTRY.pop("toy", None)


def record(store: Store, gid: str) -> Any:
    return store.game(gid), store.events(gid)


def check(response: Any) -> None:
    assert response.status_code < 500, response.text
    if response.status_code >= 400:
        detail = response.json()["detail"]
        assert isinstance(detail, str) and 0 < len(detail) <= 700, detail


def send(client: TestClient, method: str, path: str, body: Any, headers: dict[str, str]) -> Any:
    if isinstance(body, bytes):
        return client.request(method, path, content=body, headers={**headers, "Content-Type": "application/json"})
    return client.request(method, path, json=body, headers=headers)


@FUZZ
@given(
    body=bodies,
    which=st.sampled_from(["actions", "undo", "seats/0/token", "seats/9/token", "seats/1/take", "rematch"]),
)
def test_malformed_play_requests_change_nothing(arena: Any, body: Any, which: str) -> None:
    client, gid, tok, store = arena
    before = record(store, gid)
    response = send(client, "POST", f"/api/games/{gid}/{which}", body, auth(tok))
    check(response)
    assert response.status_code >= 400
    assert record(store, gid) == before


@FUZZ
@given(
    body=bodies,
    path=st.sampled_from(["/api/games", "/api/describe", "/api/games/import", "/api/roller/roll", "chat"]),
)
def test_malformed_bodies_to_the_other_endpoints_get_clear_answers(arena: Any, body: Any, path: str) -> None:
    client, gid, tok, store = arena
    before = record(store, gid)
    if path == "chat":  # a well-formed message is said (204), and changes no game
        check(send(client, "POST", f"/api/games/{gid}/chat", body, auth(tok)))
    else:
        check(send(client, "POST", path, body, {}))
    assert record(store, gid) == before


@FUZZ
@given(part=text_parts, query=text_parts)
def test_odd_paths_and_queries_get_clear_answers(arena: Any, part: str, query: str) -> None:
    client, gid, tok, store = arena
    before = record(store, gid)
    part = quote(part, safe="")
    for path, params in (
        (f"/api/games/{part}", {"token": query}),
        (f"/api/games/{gid}/replay/{part}", {}),
        (f"/api/games/{gid}/replay/3", {"token": query}),
        (f"/api/games/{part}/info", {"options": query}),
        ("/api/games/toy/info", {"options": query}),
        ("/api/roller", {"options": query}),
        ("/api/games", {"status": query}),
        (f"/api/games/{part}/record", {}),
        (f"/api/games/{part}/cheatsheet", {"options": query}),
        ("/api/games/magnate/cheatsheet", {"options": query}),
        ("/api/tables", {"all": query}),
    ):
        check(client.get(path, params=params, headers=auth(tok)))
    assert record(store, gid) == before


@FUZZ
@given(message=st.one_of(json_values, shaped, st.text(max_size=40)))
def test_malformed_websocket_messages_get_an_error_message(arena: Any, message: Any) -> None:
    client, gid, tok, store = arena
    before = record(store, gid)
    with client.websocket_connect(f"/ws/games/{gid}", headers=auth(tok)) as ws:
        ws.receive_json()
        if isinstance(message, str):
            ws.send_text(message)
        else:
            ws.send_json(message)
        ws.send_json({"type": "ping"})
        answer = ws.receive_json()
        if answer["type"] == "error":
            assert 0 < len(answer["message"]) <= 700
            answer = ws.receive_json()
        if answer["type"] == "chat":  # a well-formed chat message was said
            answer = ws.receive_json()
        assert answer["type"] in {"pong", "state"}
    assert record(store, gid) == before


@pytest.mark.parametrize(
    ("body", "said"),
    [
        (b"[1,2", "the body is not valid JSON (expecting ',' delimiter at character 4)"),
        (b'{"game": }', "the body is not valid JSON (expecting value at character 9)"),
    ],
)
def test_a_body_that_is_not_json_is_told_so_with_where(arena: Any, body: bytes, said: str) -> None:
    client, _gid, _tok, _store = arena
    response = send(client, "POST", "/api/games", body, {})
    assert response.status_code == 422
    assert response.json()["detail"] == said
