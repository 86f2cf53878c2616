"""Chat kept with the game: a replay shows what was said by each step, an exported record
carries the chat, and importing it gives the new game the same chat at the same steps."""

from __future__ import annotations

from typing import Any

import pytest
from api_helpers import auth, create, play_to_the_end, state
from board_helpers import assert_no_js_errors, browser  # noqa: F401  the browser fixture
from fastapi.testclient import TestClient
from server_helpers import LiveServer
from table_helpers import call, open_seat, token_of
from table_helpers import create as create_live


def say(client: TestClient, gid: str, token: str, text: str) -> None:
    assert client.post(f"/api/games/{gid}/chat", headers=auth(token), json={"text": text}).status_code == 204


def play_one(client: TestClient, gid: str, tokens: dict[int, str]) -> None:
    now = state(client, gid)
    mine = state(client, gid, tokens[now["decider"]])
    move = {"action": mine["legal"][-1]["id"], "step": mine["step"]}
    assert client.post(f"/api/games/{gid}/actions", headers=auth(tokens[now["decider"]]), json=move).status_code == 200


def said_at(client: TestClient, gid: str, step: int, token: str | None = None) -> list[tuple[str, str, int]]:
    replay = client.get(f"/api/games/{gid}/replay/{step}", headers=auth(token) if token else {}).json()
    return [(m["name"], m["text"], m["step"]) for m in replay["chat"]]


def test_replays_show_the_chat_by_step_and_records_carry_it_through_import(client: TestClient) -> None:
    created = create(client, [{"kind": "person", "name": "Ana"}, {"kind": "person", "name": "Bea"}])
    gid = created["id"]
    tokens = {0: created["seats"][0]["token"], 1: created["seats"][1]["token"]}
    start = state(client, gid)["step"]  # the deal came first
    say(client, gid, tokens[0], "good luck")
    play_one(client, gid, tokens)
    play_one(client, gid, tokens)
    middle = state(client, gid)["step"]
    say(client, gid, tokens[1], "nice move")
    final = play_to_the_end(client, gid, tokens)
    say(client, gid, tokens[0], "well played")
    end = final["step"]
    first, second, third = ("Ana", "good luck", start), ("Bea", "nice move", middle), ("Ana", "well played", end)
    assert said_at(client, gid, start - 1) == [] and said_at(client, gid, start) == [first]
    assert said_at(client, gid, middle - 1) == [first]
    assert said_at(client, gid, middle) == [first, second]
    assert said_at(client, gid, end) == [first, second, third]

    record = client.get(f"/api/games/{gid}/record").json()
    assert [(m["name"], m["text"], m["step"]) for m in record["meta"]["chat"]] == [first, second, third]
    imported = client.post("/api/games/import", json=record)
    assert imported.status_code == 201, imported.text
    new = imported.json()["id"]
    assert [(m["name"], m["text"], m["step"]) for m in state(client, new)["chat"]] == [first, second, third]
    assert said_at(client, new, middle - 1) == [first]
    assert said_at(client, new, middle) == [first, second]
    assert client.get(f"/api/games/{new}/record").json()["meta"]["chat"] == record["meta"]["chat"]


@pytest.mark.parametrize(
    ("chat", "words"),
    [
        ("hello", "is a list"),
        ([{"seat": 5, "name": "X", "text": "hi", "step": 0, "at": "2026-01-01T00:00:00Z"}], "seat"),
        ([{"seat": 0, "name": "X", "text": "hi", "step": 9999, "at": "2026-01-01T00:00:00Z"}], "step"),
        ([{"seat": 0, "name": "X", "text": "  ", "step": 0, "at": "2026-01-01T00:00:00Z"}], "empty"),
        ([{"seat": 0, "name": "X", "text": "hi", "step": 0, "at": "yesterday"}], "chat message 1"),
    ],
)
def test_a_record_with_a_bad_chat_is_refused_and_nothing_is_stored(client: TestClient, chat: Any, words: str) -> None:
    created = create(client, [{"kind": "person"}, {"kind": "bot", "bot": "random"}], options={"rounds": 1})
    gid = created["id"]
    play_to_the_end(client, gid, {0: created["seats"][0]["token"]})
    record = client.get(f"/api/games/{gid}/record").json()
    before = len(client.get("/api/tables?all=1").json())
    record["meta"]["chat"] = chat
    refused = client.post("/api/games/import", json=record)
    assert refused.status_code == 422 and words in refused.json()["detail"], refused.text
    assert len(client.get("/api/tables?all=1").json()) == before


def test_the_replay_page_shows_what_was_said_by_each_step(browser: Any, live_server: LiveServer) -> None:  # noqa: F811
    created = create_live(live_server, "toy", ["person", "person"], {"rounds": 1})
    gid = created["id"]
    tokens = {0: token_of(created, 0), 1: token_of(created, 1)}
    now = call(live_server, "GET", f"/api/games/{gid}")
    start = now["step"]  # the deal came first
    call(live_server, "POST", f"/api/games/{gid}/chat", {"text": "first words"}, tokens[0])
    while now["status"] != "finished":
        mine = call(live_server, "GET", f"/api/games/{gid}", token=tokens[now["decider"]])
        move = {"action": mine["legal"][-1]["id"], "step": mine["step"]}
        now = call(live_server, "POST", f"/api/games/{gid}/actions", move, tokens[now["decider"]])
        if now["step"] == start + 2:
            call(live_server, "POST", f"/api/games/{gid}/chat", {"text": "later words"}, tokens[1])
    page = open_seat(browser, live_server, gid, None)  # a spectator of the finished game
    page.goto(f"{live_server.url}/table.html?game={gid}&replay=1")
    page.wait_for_function("() => document.body.dataset.history === '1' && document.body.dataset.step === '0'")
    lines = page.locator("#chat .chat-line")
    assert lines.count() == 0  # nothing said before the first words
    for step in range(1, start + 1):
        page.click("#replay-next")
        page.wait_for_function(f"() => document.body.dataset.step === '{step}'")
    page.wait_for_function("() => document.querySelectorAll('#chat .chat-line').length === 1")
    assert lines.nth(0).inner_text() == "Player 1: first words"
    page.click("#replay-last")
    page.wait_for_function(f"() => document.body.dataset.step === '{now['step']}'")
    page.wait_for_function("() => document.querySelectorAll('#chat .chat-line').length === 2")
    assert lines.nth(1).inner_text() == "Player 2: later words"
    page.click("#replay-first")
    page.wait_for_function("() => document.body.dataset.step === '0'")
    page.wait_for_function("() => document.querySelectorAll('#chat .chat-line').length === 0")
    assert page.locator("#chat-text").is_hidden()  # a replay is read, not written in
    assert_no_js_errors(page)
