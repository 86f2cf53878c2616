"""Every hand revealed at the end: once a game is over, every message carries each seat's
hidden cards (`reveal`), taken from the final state; before the end no message carries them."""

from __future__ import annotations

import random
from typing import Any

import pytest
from api_helpers import auth, state
from fastapi.testclient import TestClient

from magnates.server import service as service_module
from magnates.server.service import GameService
from magnates.server.snapshots import hidden_parts


def hands_at_the_end(game: str, final: Any, seat: int) -> list[dict[str, Any]]:
    """What must be revealed of `seat`, read from the final state itself (not from a view)."""
    if game == "magnate":
        labels = final.game.card_labels
        return [{"path": ["sides", seat, "hand"], "value": [labels[c] for c in final.hands[seat]]}]
    return [
        {"path": ["hand"], "value": sorted(final.hands[seat])},
        {"path": ["my_secret"], "value": sorted(final.secret[seat])},
    ]


def other_hand_shown(game: str, message: dict[str, Any], other: int) -> bool:
    view = message["view"]
    if game == "magnate":
        return view["sides"][other]["hand"] is not None
    return view.get("you") == other


@pytest.mark.parametrize("game", ["magnate", "magistrate"])
def test_every_hand_is_revealed_at_the_end_and_never_before(
    client: TestClient, game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    service: GameService = client.app.state.service  # type: ignore[attr-defined]
    # The game's secret seed, fixed: with a random one, a Magistrate game now and then ends with
    # every hand empty, and there is nothing to reveal (CI saw it once).
    monkeypatch.setattr(service_module.secrets, "randbits", lambda bits: 20261126)
    created = client.post("/api/games", json={"game": game, "options": {"players": 2}}).json()
    gid = created["id"]
    tokens = [s["token"] for s in created["seats"]]
    rng = random.Random(4)
    now = state(client, gid)
    checked = 0
    while now["status"] != "finished":
        for seat, token in ((0, tokens[0]), (1, tokens[1]), (None, None)):
            message = state(client, gid, token)
            assert message["reveal"] is None, f"hidden cards sent at step {message['step']} to seat {seat}"
            for other in (0, 1):
                if other != seat:
                    assert not other_hand_shown(game, message, other)
            checked += 1
        mover = now["decider"]
        mine = state(client, gid, tokens[mover])
        legal = [a for a in mine["legal"] if a["kind"] not in ("resign", "concede")] or mine["legal"]
        move = {"action": rng.choice(legal)["id"], "step": mine["step"]}
        answer = client.post(f"/api/games/{gid}/actions", headers=auth(tokens[mover]), json=move)
        assert answer.status_code == 200, answer.text
        now = answer.json()
        if now["status"] != "finished":
            assert now["reveal"] is None
    assert checked > 50
    final = service.get(gid).state
    expected = [{"seat": seat, "hidden": hands_at_the_end(game, final, seat)} for seat in (0, 1)]
    assert any(part["value"] for seat in expected for part in seat["hidden"]), "nothing in any hand at the end"
    for token in (*tokens, None):
        assert state(client, gid, token)["reveal"] == expected  # every seat and spectators alike
    with client.websocket_connect(f"/ws/games/{gid}") as watcher:
        assert watcher.receive_json()["reveal"] == expected
    steps = now["step"]
    last = client.get(f"/api/games/{gid}/replay/{steps}").json()
    assert last["reveal"] == expected
    before = client.get(f"/api/games/{gid}/replay/{steps - 1}", headers=auth(tokens[0])).json()
    assert before["reveal"] is None


def test_a_game_that_shows_its_cards_at_the_end_reveals_only_what_views_still_hide(client: TestClient) -> None:
    """The toy game's views show every card once it is over but keep `my_card` per seat: only that is revealed."""
    service: GameService = client.app.state.service  # type: ignore[attr-defined]
    created = client.post(
        "/api/games",
        json={"game": "toy", "options": {"rounds": 1}, "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}]},
    ).json()
    gid, token = created["id"], created["seats"][0]["token"]
    now = state(client, gid, token)
    while now["status"] != "finished":
        assert now["reveal"] is None
        move = {"action": now["legal"][0]["id"], "step": now["step"]}
        now = client.post(f"/api/games/{gid}/actions", headers=auth(token), json=move).json()
    hands = service.get(gid).state.hands
    assert now["reveal"] == [{"seat": s, "hidden": [{"path": ["my_card"], "value": hands[s]}]} for s in (0, 1)]


def test_hidden_parts_name_only_what_the_public_view_lacks() -> None:
    mine = {"seat": 1, "sides": [{"hand": None, "n": 2}, {"hand": ["A", "B"], "n": 2}], "you": 1, "secret": [3]}
    public = {"seat": None, "sides": [{"hand": None, "n": 2}, {"hand": None, "n": 2}], "you": None, "secret": None}
    assert hidden_parts(mine, public) == [
        {"path": ["sides", 1, "hand"], "value": ["A", "B"]},
        {"path": ["secret"], "value": [3]},
    ]
