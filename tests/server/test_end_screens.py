"""The end screen of every game and variant (issue 46): once a game is over, its panel names the
result in words (the solo game's loss to the automa included), the districts table has one column
per side under its own header, a district a side does not contest reads "not contested", and no
"undefined", "NaN" or "null" reaches the page, at desktop and phone size. The games are played to
the end over HTTP (random legal moves, every seat a named person), then opened in the browser.
With MAGNATES_DOC_SHOTS set, each table's start, middle and end are saved at both sizes into
docs/screenshots/."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path
from typing import Any

import pytest
from board_helpers import SHOTS, assert_no_js_errors, browser  # noqa: F401  the browser fixture
from server_helpers import LiveServer
from table_helpers import BROKEN, VARIANTS, call, open_seat, play_seat_to_the_end, seen

NAMES = ["Ana", "Bea", "Cy", "Dee", "Eve"]
DOC_SHOTS = Path(__file__).resolve().parents[2] / "docs" / "screenshots"


def people(server: LiveServer, game: str, options: dict[str, Any]) -> tuple[str, list[str]]:
    """A game whose seats are all people with names; its id and their tokens."""
    count = int(options["players"])
    body = {"game": game, "options": options, "seats": [{"kind": "person", "name": NAMES[s]} for s in range(count)]}
    created = call(server, "POST", "/api/games", body)
    return created["id"], [seat["token"] for seat in created["seats"]]


def play_some(server: LiveServer, gid: str, tokens: list[str], moves: int) -> None:
    """Random legal moves (never resigning) by whoever is to decide, `moves` of them or to the end."""
    rng = random.Random(11)
    for _ in range(moves):
        now = seen(server, gid, None)
        if now["status"] == "finished":
            return
        token = tokens[now["decider"]]
        mine = seen(server, gid, token)
        legal = [a for a in mine["legal"] if a["kind"] not in ("resign", "concede")] or mine["legal"]
        call(
            server,
            "POST",
            f"/api/games/{gid}/actions",
            {"action": rng.choice(legal)["id"], "step": mine["step"]},
            token,
        )


def doc_shots(browser: Any, server: LiveServer, gid: str, token: str, name: str, moment: str) -> None:  # noqa: F811
    """The table at desktop and phone size into docs/screenshots/, when MAGNATES_DOC_SHOTS is set:
    `<name>-start.png`, `<name>.png` (the middle), `<name>-end.png`, each with its `-phone` twin."""
    if not os.environ.get("MAGNATES_DOC_SHOTS"):
        return
    DOC_SHOTS.mkdir(parents=True, exist_ok=True)
    stem = name if moment == "middle" else f"{name}-{moment}"
    for phone in (False, True):
        page = open_seat(browser, server, gid, token, phone=phone)
        page.wait_for_timeout(600)  # the game's stylesheet and fonts
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(DOC_SHOTS / f"{stem}{'-phone' if phone else ''}.png"))
        page.context.close()


SLOW_VARIANTS = {"galactic-magnate-5p"}  # half a minute in a browser: with the slow suites


@pytest.mark.parametrize(
    "variant", [pytest.param(v, marks=pytest.mark.slow) if v in SLOW_VARIANTS else v for v in VARIANTS]
)
def test_the_end_screen_names_the_result_in_words(browser: Any, live_server: LiveServer, variant: str) -> None:  # noqa: F811
    game, options = VARIANTS[variant]
    gid, tokens = people(live_server, game, options)
    doc_shots(browser, live_server, gid, tokens[0], variant, "start")
    play_some(live_server, gid, tokens, moves=40 * int(options["players"]))
    doc_shots(browser, live_server, gid, tokens[0], variant, "middle")
    play_seat_to_the_end(live_server, gid, dict(enumerate(tokens)), seed=5)
    result = seen(live_server, gid, tokens[0])["result"]
    for phone in (False, True):
        page = open_seat(browser, live_server, gid, tokens[0], phone=phone)
        page.wait_for_selector(".end-panel")
        panel = page.locator(".end-panel")
        text = panel.inner_text()
        assert not BROKEN.search(text), f"{variant}: a missing figure on the end screen: {BROKEN.search(text)}"
        headline = panel.locator("h2").inner_text()
        reason = panel.locator(".end-reason").inner_text()
        details = result["details"]
        if "outcome" in details:  # the solo game: the automa's result is in the details
            expected = {"win": "Ana beats the Automa", "loss": "the Automa wins", "draw": "a draw with the Automa"}
            assert expected[details["outcome"]] in headline, headline
            assert "Automa" in reason and "Ana" in reason, reason
        elif len(result["winners"]) == 1:
            winner = NAMES[result["winners"][0]]
            assert f"Game over: {winner} wins" in headline
            assert winner in reason
        else:
            assert "draw" in headline.lower()
        places = page.locator(".sb-place")
        assert all(re.fullmatch(r"\d+(st|nd|rd|th)", places.nth(i).inner_text()) for i in range(places.count()))
        districts = panel.locator("table[aria-label='districts']")
        if "district_values" in details:
            sides = len(details["district_values"][0])
            header = districts.locator("thead th")
            assert header.count() == sides + 2, "District, one column per side, Won by"
            for row, values in enumerate(details["district_values"]):
                cells = districts.locator("tbody tr").nth(row).locator("td")
                assert cells.count() == sides + 1
                for side, value in enumerate(values):
                    shown = cells.nth(side).inner_text()
                    assert shown == ("not contested" if value == -1 else str(value)), (row, side, shown)
        assert_no_js_errors(page)
        SHOTS.mkdir(parents=True, exist_ok=True)
        panel.screenshot(path=str(SHOTS / f"end-{variant}-{'phone' if phone else 'desktop'}.png"))
        page.context.close()
    doc_shots(browser, live_server, gid, tokens[0], variant, "end")
