"""Marks people can read and reach (issue 46), on Magnate's Y: a card in the hand is never played by
one click (its moves are shown first), Escape on that menu gives the keyboard focus back to the card,
clickable and last-move marks look different and a legend names them, and on a phone the board is
in the first screen, the scoreboard is one line that a tap opens, the Y board zooms, and the header's
buttons are in a menu."""

from __future__ import annotations

from typing import Any

from board_helpers import assert_no_js_errors, browser  # noqa: F401  the browser fixture
from server_helpers import LiveServer
from table_helpers import call, open_seat


def y_game(server: LiveServer) -> tuple[str, str]:
    seats = [
        {"kind": "person", "name": "Ana"},
        {"kind": "bot", "bot": "greedy", "name": "Bea"},
        {"kind": "bot", "bot": "greedy", "name": "Cy"},
    ]
    created = call(server, "POST", "/api/games", {"game": "magnate", "options": {"players": 3}, "seats": seats})
    return created["id"], created["seats"][0]["token"]


def wait_my_turn(page: Any) -> None:
    page.wait_for_function(
        "() => document.body.dataset.decider === String(Magnates.table.snapshot().seat)"
        " && document.querySelector('.mg-myhand [data-target].actionable')"
    )


def test_a_card_shows_its_moves_first_and_escape_returns_focus(browser: Any, live_server: LiveServer) -> None:  # noqa: F811
    gid, token = y_game(live_server)
    page = open_seat(browser, live_server, gid, token)
    wait_my_turn(page)
    step = page.evaluate("() => document.body.dataset.step")
    card = page.locator(".mg-myhand [data-target].actionable").first
    card.focus()
    page.keyboard.press("Enter")
    page.wait_for_selector(".chooser")
    assert page.evaluate("() => document.body.dataset.step") == step, "one click on a card played nothing"
    page.keyboard.press("Escape")
    assert page.locator(".chooser").count() == 0
    focused = page.evaluate("() => document.activeElement && document.activeElement.dataset.target")
    assert focused == card.get_attribute("data-target"), f"focus went to {focused!r}, not back to the card"
    legend = page.locator("#legend")
    assert legend.is_visible() and "click" in legend.inner_text()
    assert_no_js_errors(page)


def test_marks_differ_and_the_legend_names_the_last_move(browser: Any, live_server: LiveServer) -> None:  # noqa: F811
    gid, token = y_game(live_server)
    page = open_seat(browser, live_server, gid, token)
    wait_my_turn(page)
    step = page.evaluate("() => document.body.dataset.step")
    page.locator(".mg-myhand [data-target].actionable").first.click()
    page.locator(".chooser button[data-action]").first.click()  # Ana's move: the last move, and her turn goes on
    page.wait_for_function(f"() => document.body.dataset.step !== '{step}'")
    page.wait_for_function(
        "() => document.querySelector('#board .last-move') && document.querySelector('#board .actionable')"
    )
    style = (
        "(sel) => { const s = getComputedStyle(document.querySelector(sel));"
        " return `${s.outlineStyle} ${s.outlineColor} ${s.filter}`; }"
    )
    violet = "122, 63, 176"
    assert violet in page.evaluate(style, "#board .last-move"), "the last move is marked violet"
    assert violet not in page.evaluate(style, "#board .actionable:not(.last-move)"), "a clickable thing is not"
    clickable = page.evaluate("() => getComputedStyle(document.querySelector('.legend-swatch.clickable')).outlineStyle")
    last = page.evaluate("() => getComputedStyle(document.querySelector('.legend-swatch.last-move')).outlineStyle")
    assert (clickable, last) == ("solid", "dotted")
    assert "last move" in page.locator("#legend").inner_text()
    assert_no_js_errors(page)


def test_on_a_phone_the_board_comes_first_and_the_y_zooms(browser: Any, live_server: LiveServer) -> None:  # noqa: F811
    gid, token = y_game(live_server)
    page = open_seat(browser, live_server, gid, token, phone=True)
    page.wait_for_selector(".zoom-bar")
    top = page.evaluate("() => document.querySelector('svg.mg-board').getBoundingClientRect().top")
    assert top < 844 / 2, f"the board starts {top:.0f} px down"
    assert page.locator("#rules-button").is_hidden(), "the header's buttons wait in the menu"
    page.click("#menu-toggle")
    assert page.locator("#rules-button").is_visible()
    page.click("#menu-toggle")
    rows = page.locator("#scoreboard .sb-row")
    one_line = {round(rows.nth(i).bounding_box()["y"]) for i in range(rows.count())}
    assert len(one_line) == 1, "the scoreboard is one line"
    assert page.locator("#scoreboard .sb-stat").first.is_hidden()
    page.click("#scoreboard")
    assert page.locator("#scoreboard .sb-stat").first.is_visible(), "a tap opens every figure"
    width = page.evaluate("() => document.querySelector('svg.mg-board').getBoundingClientRect().width")
    page.click(".zoom-in")
    wider = page.evaluate("() => document.querySelector('svg.mg-board').getBoundingClientRect().width")
    assert wider > width * 1.4
    for selector in (".zoom-in", ".zoom-out", "#menu-toggle", "#choices-toggle"):
        box = page.locator(selector).bounding_box()
        if box:
            assert box["height"] >= 44 and box["width"] >= 44, (selector, box)
    assert_no_js_errors(page)
