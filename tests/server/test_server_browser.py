"""End-to-end tests in a real headless Chromium (Debian's), driven by Playwright.

Screenshots go to a temporary folder (printed; kept by pytest's tmp_path).
"""

from __future__ import annotations

import random
import re
from pathlib import Path
from typing import Any

import pytest
from board_helpers import SHOTS, follow_steps, wait_for_seats
from server_helpers import LiveServer

TIMEOUT_MS = 15_000


@pytest.fixture
def shots(tmp_path: Path) -> Path:
    folder = tmp_path / "screenshots"
    folder.mkdir()
    print(f"screenshots in {folder}")
    return folder


def new_page(browser: Any, phone: bool = False) -> Any:
    size = {"width": 390, "height": 844} if phone else {"width": 1280, "height": 900}
    page = browser.new_context(viewport=size).new_page()
    page.set_default_timeout(TIMEOUT_MS)
    return page


def create_from_lobby(
    page: Any, server: LiveServer, game: str, seat_kinds: list[str], options: dict[str, str] | None = None
) -> None:
    page.goto(f"{server.url}/index.html")
    page.select_option("#game", game)
    for name, value in (options or {}).items():
        page.select_option(f"[data-option={name}]", value)
    wait_for_seats(page, len(seat_kinds))
    for seat, kind in enumerate(seat_kinds):
        page.select_option(f"select[data-seat='{seat}']", kind)
    page.click("#create-button")
    page.wait_for_selector("#created:not(.hidden)")


def seat_links(page: Any) -> list[str]:
    return [a.get_attribute("href") for a in page.query_selector_all("a.seat-link")]


def my_turn(page: Any) -> bool:
    return page.evaluate(
        "() => document.body.dataset.status === 'playing'"
        " && document.body.dataset.decider === String(Magnates.table.snapshot().seat)"
    )


def click_first_action(page: Any) -> int:
    """Click the first offered choice (a payment menu's button counts); returns the step it acted on."""
    step = int(page.evaluate("() => document.body.dataset.step"))
    page.locator("#actions button:not([disabled])").first.click()
    page.wait_for_function(
        f"() => Number(document.body.dataset.step) !== {step}"
        " || !document.querySelector('#error').classList.contains('hidden')"
    )
    return step


def wait_live(page: Any) -> None:
    page.wait_for_function("() => document.body !== null && document.body.dataset.step !== undefined")


def test_a_toy_game_against_a_bot_is_played_to_the_end_by_clicking(
    browser: Any, live_server: LiveServer, shots: Path
) -> None:
    page = new_page(browser, phone=True)
    create_from_lobby(page, live_server, "toy", ["person", "bot:random"])
    page.screenshot(path=str(shots / "lobby.png"))
    page.click("a.seat-link")
    wait_live(page)
    assert page.locator("#who").inner_text() == "you are Player 1"
    # An illegal action is refused with a clear message and nothing changes.
    before = page.evaluate("() => document.body.dataset.step")
    page.evaluate(
        "() => Magnates.table.send({type: 'action', action: 'end turn', step: Magnates.table.snapshot().step})"
    )
    page.wait_for_selector("#error:not(.hidden)")
    assert "not legal" in page.locator("#error").inner_text()
    assert page.evaluate("() => document.body.dataset.step") == before
    moves = 0
    while page.evaluate("() => document.body.dataset.status") != "finished":
        click_first_action(page)
        moves += 1
        page.screenshot(path=str(shots / f"move-{moves:02d}.png"))
        assert moves < 50
    # The bot plays at random, so either end can come: a winner or a draw.
    result = page.locator("#result").inner_text()
    assert re.match(r"Game over: (Player \d wins|a draw between)", result), result
    # The replay bar shows up only once the replay's length is known: a click on "next" before
    # that went nowhere. The first step's answer is held back to look at the page meanwhile.
    held: list[Any] = []
    page.route("**/api/games/*/replay/0", lambda route: held.append(route))
    page.click("#replay-link")
    while not held:
        page.wait_for_timeout(50)
    assert page.locator("#replaybar").is_hidden()
    held[0].continue_()
    page.wait_for_selector("#replaybar:not(.hidden)")
    assert re.fullmatch(r"step 0 of [1-9]\d*", page.locator("#replay-label").inner_text())
    page.click("#replay-next")
    page.wait_for_function("() => document.body.dataset.step === '1'")
    assert "step 1" in page.locator("#tools").inner_text(), "the game panel names the step shown"
    page.screenshot(path=str(shots / "replay.png"))


@pytest.mark.parametrize("game", ["toy", pytest.param("magnate", marks=pytest.mark.slow)])
def test_two_browsers_play_each_other_live(browser: Any, live_server: LiveServer, shots: Path, game: str) -> None:
    lobby = new_page(browser)
    create_from_lobby(lobby, live_server, game, ["person", "person"])
    links = seat_links(lobby)
    pages = [new_page(browser), new_page(browser, phone=True)]
    for page, link in zip(pages, links, strict=True):
        page.goto(link)
        wait_live(page)
    rng = random.Random(3)
    turns = 0
    while pages[0].evaluate("() => document.body.dataset.status") != "finished":
        mover = next(p for p in pages if my_turn(p))
        other = pages[1 - pages.index(mover)]
        step = click_a_choice(mover, rng)
        other.wait_for_function(f"() => Number(document.body.dataset.step) > {step}")  # pushed live
        turns += 1
        assert turns < 2000
    pages[1].wait_for_function("() => document.body.dataset.status === 'finished'")
    for index, page in enumerate(pages):
        page.screenshot(path=str(shots / f"{game}-player-{index + 1}-end.png"), full_page=True)
    assert pages[0].locator("#result").inner_text() == pages[1].locator("#result").inner_text()


def test_a_server_restart_in_the_middle_of_a_game_resumes_it_in_the_open_page(
    browser: Any, db_url: str, shots: Path
) -> None:
    server = LiveServer(db_url)
    server.start()
    try:
        page = new_page(browser)
        create_from_lobby(page, server, "toy", ["person", "bot:random"])
        page.click("a.seat-link")
        wait_live(page)
        click_first_action(page)
        step_before = page.evaluate("() => document.body.dataset.step")
        board_before = page.locator("#board").inner_text()
        server.stop()
        page.wait_for_function("() => document.querySelector('#connection').textContent !== 'live'")
        server.start()  # same port, same database
        page.wait_for_function("() => document.querySelector('#connection').textContent === 'live'")
        assert page.evaluate("() => document.body.dataset.step") == step_before
        assert page.locator("#board").inner_text() == board_before
        page.screenshot(path=str(shots / "after-restart.png"))
        moves = 0
        while page.evaluate("() => document.body.dataset.status") != "finished":
            click_first_action(page)
            moves += 1
            assert moves < 50
    finally:
        server.stop()


def click_a_choice(page: Any, rng: random.Random) -> int:
    """Click one offered choice, preferring building over trading and ending the turn (as a person
    would, so games reach their end in time); wait until it is applied; return the step it was for."""
    page.wait_for_selector("#actions button:not([disabled])")
    buttons = page.locator("#actions button:not([disabled])")
    count = buttons.count()
    texts = [buttons.nth(i).inner_text() for i in range(count)]
    preferred = [i for i, t in enumerate(texts) if not t.startswith(("trade", "end turn"))] or list(range(count))
    step = int(page.evaluate("() => document.body.dataset.step"))
    buttons.nth(rng.choice(preferred)).click()
    follow_steps(page, rng, step)  # a long list is offered a step at a time
    page.wait_for_function(
        f"() => Number(document.body.dataset.step) !== {step}"
        " || !document.querySelector('#error').classList.contains('hidden')"
    )
    assert page.locator("#error").is_hidden(), page.locator("#error").inner_text()
    return step


def play_magnate_by_clicking(page: Any, shots: Path, max_moves: int, rng_seed: int = 7) -> int:
    """Click legal choices (a seeded pick among the offered buttons) until the game ends or max_moves."""
    rng = random.Random(rng_seed)
    moves = 0
    while page.evaluate("() => document.body.dataset.status") != "finished" and moves < max_moves:
        click_a_choice(page, rng)
        moves += 1
        if moves % 10 == 1:
            page.screenshot(path=str(shots / f"magnate-{moves:03d}.png"), full_page=True)
    return moves


def test_a_magnate_table_draws_the_cards_and_takes_clicks(browser: Any, live_server: LiveServer, shots: Path) -> None:
    page = new_page(browser, phone=True)
    create_from_lobby(page, live_server, "magnate", ["person", "bot:greedy"])
    page.click("a.seat-link")
    wait_live(page)
    page.wait_for_selector(".magnate")
    hand = page.locator(".magnate .mg-myhand svg.card")
    view = page.evaluate("() => Magnates.table.snapshot().view")
    assert hand.count() == view["sides"][0]["hand_size"] > 0
    for label in view["sides"][0]["hand"]:
        assert page.locator(f".mg-myhand svg.card[data-card='{label}']").count() == 1
    assert page.locator(".mg-hand.theirs svg.back").count() == view["sides"][1]["hand_size"]
    assert page.locator(".mg-marker").count() == len(view["districts"])
    page.screenshot(path=str(shots / "magnate-start.png"), full_page=True)
    assert play_magnate_by_clicking(page, shots, max_moves=6) == 6


# A whole Magnate game played on the drawn board, in every layout: tests/server/test_board_magnate.py.


def test_the_roller_page_rolls_and_shows_the_cheatsheet_of_the_variant(browser: Any, live_server: LiveServer) -> None:
    page = new_page(browser, phone=True)
    page.goto(f"{live_server.url}/roller.html")
    page.wait_for_selector("#sheet h2, #sheet h3, #sheet p")
    official = page.locator("#sheet").inner_text()
    page.click("#roll")
    page.wait_for_selector("#roll-text li")
    assert page.locator("#dice svg.die").count() >= 2
    assert page.locator("#dice svg.die").first.bounding_box()["width"] >= 60  # dice to read across a table
    # the cheatsheet's Markdown is drawn, not shown: no stray asterisks, emphasis in italics
    assert "*" not in page.locator("#sheet").inner_text() and page.locator("#sheet em").count() > 0
    # the variant's options by their names, each with its help line
    assert page.locator("label[for=option-players]").inner_text() == "Players"
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "roller-phone.png"))
    page.click(".typed-roll summary")  # dice rolled at the table, typed in
    page.fill("#d10a", "7")
    page.fill("#d10b", "1")
    page.fill("#d6s", "3")
    page.click("#typed button")
    page.wait_for_function("() => document.querySelector('#roll-text').textContent.includes('Waves')")
    page.check("[data-option=mega]")
    page.wait_for_function(f"() => document.querySelector('#sheet').innerText !== {official!r}")


def test_a_table_is_created_from_the_options_just_chosen_even_while_the_seats_are_redrawn(
    browser: Any, live_server: LiveServer
) -> None:
    """Choosing a player count redraws the seat list after the server describes the options. A click
    on "Create" before that answer arrives must wait for it, not send the old seat list."""
    page = new_page(browser)
    page.goto(f"{live_server.url}/index.html")
    page.select_option("#game", "magnate")
    wait_for_seats(page, 2)
    held: list[Any] = []

    def hold(route: Any) -> None:  # hold the answer to the next description
        held.append(route)

    page.route("**/api/describe", hold)
    page.select_option("[data-option=players]", "1")
    page.click("#create-button")
    page.wait_for_timeout(300)
    assert page.locator("#created").is_hidden() and page.locator("#error").is_hidden()
    assert len(held) == 1
    held[0].continue_()
    page.wait_for_selector("#created:not(.hidden)")
    assert page.locator("#error").is_hidden()
    assert page.locator("select[data-seat]").count() == 1
    assert page.locator("a.seat-link").count() == 1
