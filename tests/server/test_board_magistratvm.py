"""Magistratvm drawn in the browser: created from the lobby, played to the end mostly on the board.

For three and four players, seat 1 plays against greedy bots by clicking provinces, offices,
Magistrates, the Prefect space, its income die and its Family Estate; the test checks that every
Province place, every office and every player's panel is drawn with an accessible name, that the
page reads as words (no raw view field, no -1), and keeps screenshots at desktop and phone size.
The game's `turn_limit` option keeps a game to a few turns (then the final circuit ends it).
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
    play_to_the_end,
    screenshots,
    seat_kinds,
    snapshot,
    wait_for_seats,
)
from server_helpers import LiveServer

TURN_LIMIT = 1  # one turn, then the final circuit: a whole game in about 20 seconds
OFFICES = 7
ACTIONS, START, SUPPORT, REDISTRIBUTE = 4, 9, 10, 11  # phases of the view (games/magistratvm/phases.py)
# Gifts of gold are no board move and would only feed the bots; keeping the income die would leave
# seat 1 without gold for the turn, with nothing to do on the board but pass.
AVOID = ("resign", "concede", "give", "income: use 0 quaestor(s), keep")


def open_magistratvm(chromium: Any, server: LiveServer, players: int, phone: bool = False) -> Any:
    """The lobby's steps (board_helpers.open_table) with the number option `turn_limit` typed in."""
    page = new_page(chromium, phone=phone)
    page.goto(f"{server.url}/index.html")
    page.select_option("#game", "magistratvm")
    page.select_option("[data-option=players]", str(players))
    page.fill("[data-option=turn_limit]", str(TURN_LIMIT))
    wait_for_seats(page, players)
    for seat, kind in enumerate(seat_kinds(players)):
        page.select_option(f"select[data-seat='{seat}']", kind)
    page.click("#create-button")
    page.wait_for_selector("#created:not(.hidden)")
    page.locator("a.seat-link").first.click()
    page.wait_for_function("() => document.body !== null && document.body.dataset.step !== undefined")
    page.wait_for_selector("#board .mv")
    return page


def same_table(chromium: Any, page: Any, phone: bool = True) -> Any:
    """The same seat's table in a second window (the phone): its address plus the seat's token."""
    game = page.evaluate("() => new URLSearchParams(location.search).get('game')")
    token = page.evaluate(f"() => sessionStorage.getItem('magnates.token.{game}') || ''")
    other = new_page(chromium, phone=phone)
    other.goto(f"{page.url.split('#')[0]}#token={token}")
    other.wait_for_selector("#board .mv")
    return other


def in_step(other: Any, page: Any) -> Any:
    """`other` once it shows the same step as `page` (both are live tables of the same game)."""
    step = page.evaluate("() => document.body.dataset.step")
    other.wait_for_function(f"() => document.body.dataset.step === '{step}'")
    return other


def assert_table_drawn(page: Any, players: int) -> None:
    assert_named(page, "#board [data-target^='province:']", expected=6)
    assert_named(page, "#board [data-target^='office:']", expected=OFFICES)
    assert_named(page, "#board [data-target='prefect']", expected=1)
    assert_named(page, "#board .kit-player", expected=players)
    assert_named(page, "#board [data-target^='estate:']", expected=players)
    assert_named(page, "#board [data-target^='die:']", expected=players)
    assert_reads_as_words(page)
    assert_no_js_errors(page)


def play_until_phase(page: Any, phases: set[int], seed: int, limit: int = 80) -> tuple[bool, int]:
    """Play seat 1 on the board until the view's phase is one of `phases` with seat 1 to act.

    Returns whether it got there, and the number of moves made on the board meanwhile.
    """
    rng = random.Random(seed)
    on_board = 0
    for _ in range(limit):
        if page.evaluate("() => document.body.dataset.status") == "finished":
            return False, on_board
        if not my_turn(page):
            page.wait_for_function(
                "() => document.body.dataset.status === 'finished'"
                " || document.body.dataset.decider === String(Magnates.table.snapshot().seat)"
            )
            continue
        if snapshot(page)["view"]["phase"] in phases:
            return True, on_board
        if click_on_board(page, rng, AVOID):
            on_board += 1
        else:
            click_a_button(page, rng, AVOID)
    return False, on_board


@pytest.mark.parametrize("players", [3, 4])
def test_magistratvm_is_drawn_and_played_on_the_board(browser: Any, live_server: LiveServer, players: int) -> None:  # noqa: F811
    page = open_magistratvm(browser, live_server, players)
    phone = same_table(browser, page)
    assert_table_drawn(page, players)
    assert_table_drawn(phone, players)
    # The phone's board fits its screen: nothing drawn wider than the window.
    assert phone.evaluate("() => document.querySelector('#board').scrollWidth <= window.innerWidth + 1")
    view = snapshot(page)["view"]
    gray = sum(o["seats"] for o in view["offices"])
    assert page.locator("#board .mv-coin").count() == 0  # nobody in office yet
    assert gray == (14 if players == 3 else 18)

    # Into the action phase: what the board offers there is clickable, and a click plays it.
    reached, early = play_until_phase(page, {ACTIONS}, seed=players)
    assert reached
    assert_table_drawn(page, players)
    screenshots(page, f"magistratvm-{players}p-actions", phone_page=in_step(phone, page))
    phone.context.close()  # a second live table would only slow the game down
    # The elections, if seat 1 has a say before the end: the panel says what is being decided.
    reached, more = play_until_phase(page, {START, SUPPORT, REDISTRIBUTE}, seed=players + 10)
    early += more
    if reached:
        election = page.locator("#board .mv-election").inner_text()
        phase = snapshot(page)["view"]["phase"]
        expected = {
            START: "chooses where the electoral circuit starts",
            SUPPORT: "If counted now:",
            REDISTRIBUTE: "removed token",
        }
        assert expected[phase] in election, election
        assert_table_drawn(page, players)
        screenshots(page, f"magistratvm-{players}p-election")

    on_board, by_button = play_to_the_end(page, seed=players, board_share=0.85, avoid=AVOID)
    # How many decisions seat 1 gets depends on the server's dice and tiles; most must be board clicks.
    board_moves = early + on_board
    assert board_moves >= 1 and board_moves >= by_button, f"{board_moves} on the board, {by_button} by buttons"
    page.wait_for_selector("#board .mv-final-scores")
    assert_table_drawn(page, players)
    result = snapshot(page)["result"]
    assert result is not None and len(result["scores"]) == players
    for q in range(players):  # each seat's line: its place and its influence, as the result has them
        line = page.locator(f"#board .mv-final-scores li[data-seat='{q}']").inner_text()
        assert f"{result['scores'][q]} influence" in line and f"Player {q + 1}" in line, line
    phone = same_table(browser, page)
    phone.wait_for_selector("#board .mv-final-scores")
    assert_table_drawn(phone, players)
    paths = screenshots(page, f"magistratvm-{players}p", phone_page=phone)
    assert all(p.stat().st_size > 10_000 for p in paths)
    page.context.close()
    phone.context.close()
