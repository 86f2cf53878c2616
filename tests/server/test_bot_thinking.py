"""A bot seat's thinking time (quick, normal, long, very long), and bots a game's options do not
offer said with why: in the API, kept over a restart, and checked with a clear error."""

from __future__ import annotations

from typing import Any

import pytest
from api_helpers import auth, create, play_to_the_end, state
from fastapi.testclient import TestClient

from magnates.bots.plan_check import PlanCheckBot
from magnates.bots.thinking import THINKING
from magnates.server.app import create_app
from magnates.server.service import GameService

MAGNATE_SEATS: list[dict[str, Any]] = [
    {"kind": "person", "name": "Ana"},
    {"kind": "bot", "bot": "hard", "thinking": "long"},
]


def create_magnate(client: TestClient, seats: list[dict[str, Any]], **options: Any) -> Any:
    return client.post("/api/games", json={"game": "magnate", "options": options, "seats": seats})


def test_a_bot_seat_thinks_as_long_as_chosen_and_keeps_it_over_a_restart(db_url: str) -> None:
    with TestClient(create_app(db_url)) as first:
        response = create_magnate(first, MAGNATE_SEATS)  # Player 1 (a person) moves first: no bot move yet
        assert response.status_code == 201, response.text
        gid = response.json()["id"]
        player = first.get(f"/api/games/{gid}").json()["players"][1]
        assert player["thinking"] == "long" and player["label"] == "hard bot, long thinking"
        service: GameService = first.app.state.service  # type: ignore[attr-defined]
        bot = service.tables[gid].bots[1]
        assert isinstance(bot, PlanCheckBot) and bot.decision_seconds == THINKING["long"]
    with TestClient(create_app(db_url)) as second:
        second.get(f"/api/games/{gid}")  # loads the game again from storage
        service = second.app.state.service  # type: ignore[attr-defined]
        again = service.tables[gid].bots[1]
        assert isinstance(again, PlanCheckBot) and again.decision_seconds == THINKING["long"]


def test_normal_thinking_is_the_bots_default(client: TestClient) -> None:
    seats = [{"kind": "person"}, {"kind": "bot", "bot": "hard", "thinking": "normal"}]
    gid = create_magnate(client, seats).json()["id"]
    player = client.get(f"/api/games/{gid}").json()["players"][1]
    assert "thinking" not in player and player["label"] == "hard bot"
    bot = client.app.state.service.tables[gid].bots[1]  # type: ignore[attr-defined]
    assert isinstance(bot, PlanCheckBot) and bot.decision_seconds is None


@pytest.mark.parametrize(
    ("seat", "message"),
    [
        ({"kind": "bot", "bot": "greedy", "thinking": "long"}, "the greedy bot does not search"),
        ({"kind": "bot", "bot": "hard", "thinking": "forever"}, "choose from: quick, normal, long, very long"),
        ({"kind": "person", "thinking": "long"}, "only a bot's seat takes a thinking time"),
    ],
)
def test_a_wrong_thinking_time_is_refused_with_why(client: TestClient, seat: dict[str, Any], message: str) -> None:
    response = create_magnate(client, [{"kind": "person"}, seat])
    assert response.status_code == 422, response.text
    assert message in response.json()["detail"]


def test_describe_offers_thinking_times_and_says_why_expert_is_missing(client: TestClient) -> None:
    official = client.post("/api/describe", json={"game": "magnate", "options": {}}).json()
    assert [t["name"] for t in official["thinking"]] == list(THINKING)
    levels = {b["name"]: b for b in official["bot_levels"]}
    assert levels["hard"]["thinks"] and not levels["greedy"]["thinks"]
    if "expert" in official["bots"]:  # the shipped network fits the official 2-player game
        assert levels["expert"]["thinks"] and official["missing_bots"] == []
    # Own networks (courts, districts) and the official network measured there (SERVED): a second a decision.
    for measured in ({"courts": False}, {"districts": 4}, {"aces": "original"}, {"taxation": "double"}):
        variant = client.post("/api/describe", json={"game": "magnate", "options": measured}).json()
        assert "expert" in variant["bots"], variant
        levels = {b["name"]: b for b in variant["bot_levels"]}
        assert levels["expert"]["thinks"] and variant["missing_bots"] == []
        assert "(up to 1 s a move here)" in levels["expert"]["description"]
    for options in ({"players": 3}, {"mega": True}):  # no network measured for these
        info = client.post("/api/describe", json={"game": "magnate", "options": options}).json()
        assert "expert" not in info["bots"], options
        (missing,) = info["missing_bots"]
        key, value = next(iter(options.items()))
        shown = str(value).lower() if isinstance(value, bool) else str(value)
        assert missing["name"] == "expert" and f"{key}={shown}" in missing["reason"], missing
        assert "Play hard" in missing["reason"]


def test_a_rematch_keeps_each_bots_thinking_time(client: TestClient) -> None:
    # The toy game samples no hidden cards, so its search bot falls back to random moves (logged);
    # what matters here is the seat it is made for.
    seats = [{"kind": "person", "name": "Ana"}, {"kind": "bot", "bot": "easy", "thinking": "quick"}]
    created = create(client, seats, options={"rounds": 1})
    token = created["seats"][0]["token"]
    play_to_the_end(client, created["id"], {0: token})
    rematch = client.post(f"/api/games/{created['id']}/rematch", headers=auth(token))
    assert rematch.status_code == 200, rematch.text
    player = state(client, rematch.json()["id"])["players"][1]
    assert (player["bot"], player["thinking"], player["label"]) == ("easy", "quick", "easy bot, quick thinking")
