"""Every log line names people by their names (issue 46): "Bea draws a card", not "Player 2 draws
a card" when Player 2 is Bea, and the solo automa's moves are the automa's, not the person's."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from api_helpers import auth, state
from fastapi.testclient import TestClient

from magnates.server.log_names import named, speaker

NAMES = ["Ana", "Bea", "Cy", "Dee", "Eve"]


def test_seat_numbers_become_names_and_others_stay() -> None:
    assert named("Player 2 draws a card", ["Ana", "Bea"]) == "Bea draws a card"
    assert named("attack Player 1 in Gallia, then Player 2", ["Ana", "Bea"]) == "attack Ana in Gallia, then Bea"
    assert named("Player 3 rolls", ["Ana", "Bea"]) == "Player 3 rolls", "a number past the seats is left alone"
    assert named("Player 12 rolls", ["Ana", "Bea"]) == "Player 12 rolls"
    assert named("Players 1 and 2", ["Ana", "Bea"]) == "Players 1 and 2"


def test_the_automa_speaks_its_own_moves_but_not_chance() -> None:
    assert speaker("Ana", "the automa builds The Bard at The Excuse") == ("Automa", "builds The Bard at The Excuse")
    assert speaker("chance", "the automa is dealt The Sea") == ("chance", "the automa is dealt The Sea")
    assert speaker("Ana", "sell The Bard") == ("Ana", "sell The Bard")


def play(client: TestClient, game: str, options: dict[str, Any], seed: int, steps: int) -> tuple[list[Any], list[str]]:
    """A game of named people played `steps` moves at random over HTTP; every seat's log, and the tokens."""
    count = int(options["players"])
    body = {"game": game, "options": options, "seats": [{"kind": "person", "name": NAMES[s]} for s in range(count)]}
    created = client.post("/api/games", json=body).json()
    gid, tokens = created["id"], [s["token"] for s in created["seats"]]
    rng = random.Random(seed)
    now = state(client, gid)
    for _ in range(steps):
        if now["status"] == "finished":
            break
        token = tokens[now["decider"]]
        mine = state(client, gid, token)
        legal = [a for a in mine["legal"] if a["kind"] not in ("resign", "concede")] or mine["legal"]
        answer = client.post(
            f"/api/games/{gid}/actions",
            headers=auth(token),
            json={"action": rng.choice(legal)["id"], "step": mine["step"]},
        )
        assert answer.status_code == 200, answer.text
        now = answer.json()
    whole = [client.get(f"/api/games/{gid}/replay/{now['step']}", headers=auth(t)).json()["log"] for t in tokens]
    return [*whole, *(state(client, gid, t)["log"] for t in tokens)], tokens


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("magnate", {"players": 1}),
        ("magnate", {"players": 3}),
        ("magistrate", {"players": 4}),
        ("magistratvm", {"players": 3}),
        ("galactic-magnate", {"players": 3}),
    ],
)
def test_every_log_line_names_people_by_their_names(client: TestClient, game: str, options: dict[str, Any]) -> None:
    logs, _ = play(client, game, options, seed=2, steps=250)
    lines = [entry for log in logs for entry in log]
    assert len(lines) > 50
    for entry in lines:
        assert not re.search(r"\bPlayer \d\b", f"{entry['who']}: {entry['text']}"), entry
        assert entry["who"] in (*NAMES, "chance", "Automa"), entry
    if options["players"] == 1:
        automa = [e for e in lines if e["who"] == "Automa"]
        assert automa and all(e["text"].startswith("builds ") for e in automa)
        assert not [e for e in lines if "the automa builds" in e["text"]]
    else:
        named_in_text = [e for e in lines if any(name in e["text"] for name in NAMES[: options["players"]])]
        assert named_in_text, "some line names another seat"
