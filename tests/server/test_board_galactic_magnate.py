"""Galactic Magnate's drawn table in Chromium: made from the lobby for 2 to 5 players (Player 1 a person,
greedy bots elsewhere), played to the end mostly by clicking on the board (a move falls back to the
buttons only by chance or when nothing it could be has a place on the board), checked for what a person
must see (40 named locations, a panel per player, the pawns, the auction with its controls) and for
words instead of raw view fields, with screenshots at desktop and phone size.

The games are short (the `max_rounds` option ends them by net worth) to keep the module within about a
minute: what is drawn does not depend on how long a game lasts.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from board_helpers import (  # noqa: F401  (browser is a fixture)
    assert_named,
    assert_no_js_errors,
    assert_reads_as_words,
    browser,
    click_a_button,
    click_on_board,
    my_turn,
    new_page,
    screenshots,
    seat_kinds,
    snapshot,
    wait_for_seats,
)
from server_helpers import LiveServer

GAME = "galactic-magnate"
ROUNDS = {2: 2, 3: 1, 4: 1, 5: 1}
"""Rounds before the round limit ends the game (by net worth)."""
AVOID = ("resign",)
OFF_BOARD = {"dice", "fortune", "playing-order", "resign"}
"""The kinds of move with nothing on the board to click: the chance moves a person makes, and resigning."""


def open_galactic(chromium: Any, server: LiveServer, players: int) -> tuple[Any, str]:
    """Create the game from the lobby (players and round limit set there) and open Player 1's table.

    Returns the page and Player 1's link (to open the same seat at phone size).
    """
    page = new_page(chromium)
    page.goto(f"{server.url}/index.html")
    page.select_option("#game", GAME)
    page.select_option("[data-option=players]", str(players))
    page.fill("[data-option=max_rounds]", str(ROUNDS[players]))
    page.dispatch_event("[data-option=max_rounds]", "change")
    wait_for_seats(page, players)
    for seat, kind in enumerate(seat_kinds(players)):
        page.select_option(f"select[data-seat='{seat}']", kind)
    page.click("#create-button")
    page.wait_for_selector("#created:not(.hidden)")
    link = page.locator("a.seat-link").first.get_attribute("href")
    page.locator("a.seat-link").first.click()
    page.wait_for_function("() => document.body !== null && document.body.dataset.step !== undefined")
    page.wait_for_selector("#board .gm-board")
    return page, link


def labels(page: Any, selector: str) -> list[str]:
    """The accessible names (aria-label, else the text) of the elements matching `selector`, in one call."""
    return page.locator(selector).evaluate_all(  # type: ignore[no-any-return]
        "nodes => nodes.map(n => (n.getAttribute('aria-label') || n.textContent || '').trim())"
    )


def assert_all_named(page: Any, selector: str, expected: int) -> list[str]:
    names = labels(page, selector)
    assert len(names) == expected, f"{selector}: {len(names)} drawn, {expected} expected"
    assert all(names), f"{selector}: some have no accessible name: {names}"
    return names


def top(page: Any) -> None:
    """Back to the top of the page (clicking scrolls), for a screenshot of the whole board."""
    page.evaluate("() => window.scrollTo(0, 0)")


def check_table(page: Any, players: int) -> None:
    """Everything a person must see is drawn and named, in words."""
    names = assert_all_named(page, "#board .gm-loc", 40)
    assert_all_named(page, "#board .gm-player", players)
    view = snapshot(page)["view"]
    living = sum(1 for alive in view["alive"] if alive)
    assert_all_named(page, "#board .gm-pawn", living)
    assert_named(page, "#board .gm-dice")
    assert_named(page, "#board .gm-economy .gm-track")
    assert names[0].startswith("Start") and names[30].startswith("Prison"), names[:1] + names[30:31]
    owned = [i for i, owner in enumerate(view["owner"]) if owner >= 0]
    for i in owned:  # each owner's colour and number on what he owns
        label = names[i]
        assert f"owned by Player {view['owner'][i] + 1}" in label, label
        assert page.locator(f"#board .gm-loc[data-loc='{i}'] .gm-owner").count() == 1
    if view["phase_name"] == "auction":
        auction = page.locator("#board .gm-auction")
        assert auction.count() == 1
        assert "Auction of" in auction.inner_text()
    assert_reads_as_words(page)
    assert_no_js_errors(page)


def test_info_gives_the_drawn_table_the_board_and_its_tables(client: Any) -> None:
    """The renderer draws from `/info`: 40 locations clockwise from Start, 8 monopolies, this count's tables."""
    info = client.get("/api/games/galactic-magnate/info", params={"options": "players=5"}).json()
    board = info["board"]
    names = [loc["name"] for loc in board["locations"]]
    assert len(names) == 40 and names[0] == "Start" and names[30] == "Prison"
    assert [loc["index"] for loc in board["locations"]] == list(range(40))
    assert len(board["groups"]) == 8
    for group in board["groups"]:
        assert all(board["locations"][i]["group"] == group["index"] for i in group["locations"])
        assert len(group["fees"]) == info["tables"]["max level"]
    assert info["tables"]["start salary"] == 340 and info["tables"]["start cash"] == 2400  # the seed's 5-player row
    assert len(info["characters"]) == 15
    renderer = client.get("/games/galactic-magnate.js")
    assert renderer.status_code == 200 and "export function targets" in renderer.text
    assert client.get("/games/galactic-magnate.css").status_code == 200


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_galactic_magnate_is_played_on_the_drawn_board(browser: Any, live_server: LiveServer, players: int) -> None:  # noqa: F811
    page, link = open_galactic(browser, live_server, players)
    check_table(page, players)
    if players == 3:  # every kind of move a person makes (not chance, not resign) involves something on the board
        untargeted = page.evaluate(
            """async (skip) => {
                const renderer = await import('/games/galactic-magnate.js');
                const s = Magnates.table.snapshot();
                const info = await (await fetch(`/api/games/${s.game_id}/info`)).json();
                const people = info.actions.filter(a => !skip.includes(a.kind));
                return [...new Set(people.filter(a => !renderer.targets(a, s, info).length).map(a => a.kind))];
            }""",
            sorted(OFF_BOARD),
        )
        assert untargeted == [], untargeted
    rng = random.Random(players)
    on_board = by_button = checks = 0
    saw_auction_controls = False
    while page.evaluate("() => document.body.dataset.status") != "finished":
        assert on_board + by_button < 3000, "the game did not end"
        if not my_turn(page):
            page.wait_for_function(
                "() => document.body.dataset.status === 'finished'"
                " || document.body.dataset.decider === String(Magnates.table.snapshot().seat)"
            )
            continue
        kinds = {a["kind"] for a in snapshot(page)["legal"]}
        if {"raise", "pass"} & kinds and not saw_auction_controls:
            controls = page.locator("#board .gm-bid-controls [data-target].actionable")
            assert controls.count() >= 1, "my raise/pass controls are drawn and clickable"
            check_table(page, players)
            saw_auction_controls = True
            if players == 4:  # an auction with my controls, and the same seat on a phone with its choices bar
                phone = new_page(browser, phone=True)
                phone.goto(link if link.startswith("http") else f"{live_server.url}{link}")
                phone.wait_for_selector("#board .gm-auction")
                phone.wait_for_selector("#actions-panel button")
                top(page)
                screenshots(page, f"{GAME}-{players}p-auction", phone)
                phone.context.close()
        if (on_board + by_button) % 15 == 8 and checks < 3:
            check_table(page, players)
            checks += 1
        if rng.random() < 0.85 and click_on_board(page, rng, AVOID):
            on_board += 1
        else:  # the buttons: by chance, or because only a roll (or resigning) is offered, which has no place
            if not page.locator("#board [data-target].actionable").count():
                assert kinds <= OFF_BOARD, f"{kinds - OFF_BOARD} offered and nothing on the board to click for it"
            click_a_button(page, rng, AVOID)
            by_button += 1
    assert on_board > 0, (on_board, by_button)
    assert page.locator("#board .gm-over").count() == 1
    check_table(page, players)
    phone = new_page(browser, phone=True)
    phone.goto(link if link.startswith("http") else f"{live_server.url}{link}")
    phone.wait_for_selector("#board .gm-board")
    box = phone.locator("#board .gm-board").bounding_box()
    assert box is not None and box["width"] <= 390, box  # the board scales to the phone's width
    check_table(phone, players)
    top(page)
    for path in screenshots(page, f"{GAME}-{players}p", phone):
        assert path.stat().st_size > 10_000
    phone.context.close()
    page.context.close()
