"""Help on each choice: every kind of move a person can choose in Galactic Magnate,
Magistrate and Magistratvm has a sentence of rules (each game module's HELP table), shown under
the choice with "Help on choices" on, as its tooltip, and when the keyboard is on it."""

from __future__ import annotations

from typing import Any

import pytest
from board_helpers import assert_no_js_errors, browser  # noqa: F401  the browser fixture
from server_helpers import LiveServer
from table_helpers import call, create, open_seat, token_of

GAMES = {
    "galactic-magnate": ({"players": 2}, {"dice", "fortune", "playing-order"}),
    "magistrate": ({"players": 2}, {"draw"}),
    "magistratvm": ({"players": 3}, {"draw_tile", "roll_die", "roll_off"}),
}


@pytest.mark.parametrize("game", list(GAMES))
def test_every_choice_has_a_sentence_of_help(browser: Any, live_server: LiveServer, game: str) -> None:  # noqa: F811
    options, chance = GAMES[game]
    created = create(live_server, game, ["person"] * options["players"], options)
    gid = created["id"]
    decider = call(live_server, "GET", f"/api/games/{gid}")["decider"]
    page = open_seat(browser, live_server, gid, token_of(created, decider))
    help_table = page.evaluate(f"async () => (await import('/games/{game}.js')).HELP")
    kinds = {a["kind"] for a in call(live_server, "GET", f"/api/games/{gid}/info")["actions"]} - chance
    assert kinds - set(help_table) == set(), "choices without help"
    assert all(len(text.split()) >= 5 for text in help_table.values())

    page.wait_for_selector("#actions button[data-action]")
    button = page.locator("#actions button[data-action]").first
    action_id = int(button.get_attribute("data-action"))
    kind = page.evaluate("(id) => Magnates.table.snapshot().legal.find((a) => a.id === id).kind", action_id)
    help_line = button.locator(".choice-help")
    assert help_line.is_hidden()
    assert button.get_attribute("title") == help_table[kind]  # hover
    page.click("#help-toggle")  # tap
    assert help_line.is_visible() and help_line.inner_text() == help_table[kind]
    page.click("#help-toggle")
    assert help_line.is_hidden()
    button.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # keyboard focus
    assert help_line.is_visible()
    assert_no_js_errors(page)


CHOICE = "#actions button[data-action], #actions .step-pick [data-step]"
"""A choice in the panel: one button per move, or the first step of a long list (choice-steps.js)."""


def test_on_a_phone_the_choices_fold_away_from_the_board(browser: Any, live_server: LiveServer) -> None:  # noqa: F811
    created = create(live_server, "magnate", ["person", "bot:greedy"], {"players": 2})
    page = open_seat(browser, live_server, created["id"], token_of(created, 0), phone=True)
    page.wait_for_selector(CHOICE)  # a button per move, or a long list's first step
    sheet = page.locator("#actions-panel")
    height = page.viewport_size["height"]
    assert sheet.bounding_box()["height"] <= 0.45 * height, "the open sheet takes at most the lower part"
    toggle = page.locator("#choices-toggle")
    assert toggle.is_visible() and toggle.get_attribute("aria-expanded") == "true"
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "false" and toggle.inner_text() == "Show choices"
    assert sheet.bounding_box()["height"] < 0.1 * height, "folded, only its title bar is left"
    assert page.locator(CHOICE).first.is_hidden()
    # the whole board can now be scrolled into view above the folded bar
    page.evaluate("() => window.scrollTo(0, document.body.scrollHeight)")
    board = page.locator("#board").bounding_box()
    assert board["y"] + board["height"] <= sheet.bounding_box()["y"] + 1
    toggle.click()
    assert page.locator(CHOICE).first.is_visible()
    desktop = open_seat(browser, live_server, created["id"], token_of(created, 0))
    assert desktop.locator("#choices-toggle").is_hidden()  # beside the board on a desktop: nothing to fold
    assert_no_js_errors(page)
