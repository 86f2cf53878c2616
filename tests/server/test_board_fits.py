"""At 1280x800 Magnate's whole board, the hand beside it and the choices are in the first screen (the
board scaled to the height left above the choices); on a phone the board still comes first.

Screenshots of the 2-player, three-player Y and Mega tables at both sizes go to test-artifacts/
screenshots (MAGNATES_SHOTS) as magnate[-3p|-mega]-fit[-phone].png.
"""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from board_helpers import SHOTS, assert_no_js_errors, browser  # noqa: F401  (browser is a fixture)
from server_helpers import LiveServer
from table_helpers import call, open_seat, seen

CASES = {
    "magnate": {"players": 2},
    "magnate-3p": {"players": 3},
    "magnate-mega": {"players": 2, "mega": True},
}


def mid_game(server: LiveServer, options: dict[str, Any], moves: int = 25) -> tuple[str, str]:
    """Ana (a person) against greedy bots, her moves random over HTTP, until her turn after `moves` of them."""
    seats = [{"kind": "person", "name": "Ana"}] + [
        {"kind": "bot", "bot": "greedy", "name": name} for name in ["Bea", "Cy"][: options["players"] - 1]
    ]
    created = call(server, "POST", "/api/games", {"game": "magnate", "options": options, "seats": seats})
    game, token = created["id"], created["seats"][0]["token"]
    rng = random.Random(11)
    made = 0
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        mine = seen(server, game, token)
        assert mine["status"] != "finished", "the game ended before the middle"
        if mine["decider"] != 0:
            time.sleep(0.05)
            continue
        if made >= moves:
            return game, token
        legal = [a for a in mine["legal"] if a["kind"] not in ("resign", "concede")]
        call(
            server,
            "POST",
            f"/api/games/{game}/actions",
            {"action": rng.choice(legal)["id"], "step": mine["step"]},
            token,
        )
        made += 1
    raise AssertionError("Ana's turn did not come back")


def box(page: Any, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, f"{selector} is not drawn"
    return found  # type: ignore[no-any-return]


# The Y in the default run (the tallest board); the two-player and Mega tables with the slow suites.
@pytest.mark.parametrize("name", [n if n == "magnate-3p" else pytest.param(n, marks=pytest.mark.slow) for n in CASES])
def test_the_whole_board_the_hand_and_the_choices_are_in_the_first_screen(
    browser: Any,  # noqa: F811
    live_server: LiveServer,
    name: str,
) -> None:
    game, token = mid_game(live_server, CASES[name])
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = open_seat(browser, live_server, game, token)
    page.wait_for_selector("body.my-turn #actions button")
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / f"{name}-fit.png"))
    board, hand, choices = box(page, "#board svg.mg-board"), box(page, ".mg-myhand"), box(page, "#actions-panel")
    assert board["y"] + board["height"] <= 800 + 1, f"the board ({board}) runs below the first screen"
    beside = choices["x"] >= board["x"] + board["width"]  # a wide screen: the choices head the right-hand column
    if not beside:
        assert board["y"] + board["height"] <= choices["y"] + 1, (
            f"the board ({board}) runs under the choices ({choices})"
        )
        assert hand["y"] + min(hand["height"], 120) <= choices["y"], "the hand (its first row) is above the choices"
    assert choices["y"] < 800 - 100, "the choices are in the first screen"
    assert hand["y"] + min(hand["height"], 120) <= 800, "the hand (its first row) is in the first screen"
    assert board["height"] >= 290, "the board is not shrunk to nothing"
    page.screenshot(path=str(SHOTS / f"{name}-fit.png"))

    phone = open_seat(browser, live_server, game, token, phone=True)
    phone.wait_for_selector("#board svg.mg-board")
    phone.evaluate("() => window.scrollTo(0, 0)")
    top = phone.evaluate("() => document.getElementById('board').getBoundingClientRect().top")
    assert top < 844 * 0.6, "on a phone the board comes first"
    assert phone.evaluate("() => document.getElementById('board').style.getPropertyValue('--board-fit')") == ""
    phone.screenshot(path=str(SHOTS / f"{name}-fit-phone.png"))
    for p in (page, phone):
        assert_no_js_errors(p)
