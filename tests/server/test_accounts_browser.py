"""Accounts from end to end, in two browsers: Ana signs up on a desktop and opens a waiting table; Bea
signs in on a phone, finds it in the lobby and takes the seat, and only then does the game start.
Ana closes her tab, opens the site again, finds the game on "My games" marked "your turn" and plays
on; both finish by clicking; the leaderboard and both profiles show the rated game."""

from __future__ import annotations

import json
import os
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from board_helpers import DESKTOP, PHONE, TIMEOUT_MS, assert_no_js_errors
from server_helpers import LiveServer

PASSWORD = "correct horse battery"
SHOTS = Path(os.environ.get("MAGNATES_SHOTS", Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"))


@pytest.fixture(autouse=True)
def cheap_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("MAGNATES_ARGON2_MEMORY_KIB", "1024")


def context_page(browser: Any, phone: bool) -> tuple[Any, Any]:
    context = browser.new_context(viewport=PHONE if phone else DESKTOP)
    return context, open_page(context)


def open_page(context: Any) -> Any:
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.on("dialog", lambda dialog: dialog.accept())
    page.js_errors = errors
    return page


def shoot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=False)


def get_json(url: str) -> Any:
    with urllib.request.urlopen(url) as answer:
        return json.loads(answer.read())


def post_json(url: str, body: dict[str, Any]) -> int:
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    with urllib.request.urlopen(request) as answer:
        return int(answer.status)


def my_turn(page: Any) -> bool:
    return bool(page.evaluate("() => document.body.classList.contains('my-turn')"))


def click_a_choice(page: Any) -> None:
    step = page.evaluate("() => document.body.dataset.step")
    page.locator("#actions button[data-action]").last.click()
    page.wait_for_function("(step) => document.body.dataset.step !== step", arg=step)


def test_two_people_meet_at_a_waiting_table_and_come_back_to_finish(browser: Any, live_server: LiveServer) -> None:
    base = live_server.url
    assert post_json(f"{base}/api/accounts", {"name": "Bea", "password": PASSWORD}) == 201  # Bea's account exists

    # Ana signs up on her desktop and creates a table with an open seat.
    ana_context, ana = context_page(browser, phone=False)
    ana.goto(f"{base}/signin.html?mode=up&next=/index.html%3Fgame%3Dtoy")
    shoot(ana, "accounts-signup-desktop")
    ana.fill("#account-name", "Ana")
    ana.fill("#account-password", PASSWORD)
    ana.click("#account-submit")
    ana.wait_for_url("**/index.html?game=toy")
    ana.wait_for_selector("#my-games-link")
    ana.select_option("#option-rounds", "1")
    ana.wait_for_selector("#seat-1")
    ana.select_option("#seat-1", "open")
    ana.click("#create-button")
    ana.wait_for_selector(".invite-link")
    ana.click(".seat-link[data-seat='0']")
    ana.wait_for_selector("#waiting h2")
    assert ana.inner_text("#waiting h2") == "Waiting for 1 player"
    assert ana.inner_text("#status") == "Waiting for 1 player" and not my_turn(ana)
    game_id = ana.evaluate("() => new URLSearchParams(location.search).get('game')")
    assert get_json(f"{base}/api/games/{game_id}")["step"] == 0  # nothing dealt yet
    shoot(ana, "accounts-waiting-table-desktop")

    # Bea signs in on her phone, finds the table in the lobby, takes the seat.
    bea_context, bea = context_page(browser, phone=True)
    bea.goto(f"{base}/table.html?game={game_id}&seat=1")  # the invite link first, as a guest
    bea.wait_for_selector(".take-seat[data-seat='1']")
    shoot(bea, "accounts-invite-phone")
    bea.goto(f"{base}/index.html")
    bea.click("#sign-in-link")
    bea.wait_for_selector("#account-name")
    shoot(bea, "accounts-signin-phone")
    bea.fill("#account-name", "bea")  # any case
    bea.fill("#account-password", PASSWORD)
    bea.click("#account-submit")
    bea.wait_for_url("**/index.html")
    card = bea.locator(f"#open-tables .table-card[data-game='{game_id}']")
    card.wait_for()
    assert "waiting for 1 player" in card.inner_text()
    shoot(bea, "accounts-lobby-phone")
    card.locator("button.take").click()
    bea.wait_for_url(f"**/table.html?game={game_id}*")
    bea.wait_for_function("() => document.body.dataset.step > 0")
    assert bea.inner_text("#who") == "you are Bea"
    # Ana moves first: Bea's choices are one line, whom the table waits for.
    bea.wait_for_selector("#actions-panel.idle")
    assert bea.inner_text("#actions-panel").strip() == "Waiting for Ana" == bea.inner_text("#actions-title")
    shoot(bea, "accounts-not-your-turn-phone")

    # Only now does the game start: Ana's open page hears it, and it is her turn.
    ana.wait_for_function("() => document.body.classList.contains('my-turn')")
    assert ana.locator("#waiting").is_hidden()
    ana.close()  # she closes the tab...

    ana = open_page(ana_context)  # ...and comes back to the site later
    ana.goto(f"{base}/index.html")
    ana.click("#my-games-link")
    mine = ana.locator(f".my-game[data-game='{game_id}']")
    mine.wait_for()
    assert mine.get_attribute("data-your-turn") == "1" and "Your turn" in mine.inner_text()
    ana.wait_for_function("() => document.title.startsWith('(1) Your turn')")
    shoot(ana, "accounts-my-games-desktop")
    bea_games = open_page(bea_context)
    bea_games.goto(f"{base}/games.html")
    bea_games.locator(f".my-game[data-game='{game_id}']").wait_for()
    assert bea_games.locator(f".my-game[data-game='{game_id}']").get_attribute("data-your-turn") == "0"
    shoot(bea_games, "accounts-my-games-phone")
    bea_games.close()
    mine.locator("a.open-game").click()
    ana.wait_for_function("() => document.body.classList.contains('my-turn')")
    assert ana.inner_text("#who") == "you are Ana"

    # Both play to the end by clicking their choices.
    for _ in range(40):
        if ana.evaluate("() => document.body.dataset.status") == "finished":
            break
        if my_turn(ana):
            click_a_choice(ana)
        elif my_turn(bea):
            click_a_choice(bea)
        else:
            ana.wait_for_timeout(100)
    ana.wait_for_function("() => document.body.dataset.status === 'finished'")
    bea.wait_for_function("() => document.body.dataset.status === 'finished'")

    # Rated: the leaderboard and both profiles show it.
    board = get_json(f"{base}/api/ratings/toy")
    assert sorted(row["name"] for row in board) == ["Ana", "Bea"] and all(row["played"] == 1 for row in board)
    ana.goto(f"{base}/ratings.html?game=toy")
    ana.locator("#leaderboard tbody tr").nth(1).wait_for()
    shoot(ana, "accounts-ratings-desktop")
    bea.goto(f"{base}/ratings.html?game=toy")
    bea.locator("#leaderboard tbody tr").nth(1).wait_for()
    shoot(bea, "accounts-ratings-phone")
    for page, name in ((ana, "Ana"), (bea, "Bea")):
        page.goto(f"{base}/player.html?name={name}")
        page.wait_for_selector("svg.rating-chart")
        assert page.inner_text("[data-fact='Games played']") == "1"
        assert page.locator("#recent a").first.get_attribute("href") == f"/table.html?game={game_id}&replay=1"
    shoot(ana, "accounts-profile-desktop")
    shoot(bea, "accounts-profile-phone")
    assert_no_js_errors(ana)
    assert_no_js_errors(bea)
    ana_context.close()
    bea_context.close()


def test_the_lobby_creates_a_game_with_a_bank_of_days_that_forfeits(browser: Any, live_server: LiveServer) -> None:
    context, page = context_page(browser, phone=False)
    page.goto(f"{live_server.url}/index.html?game=toy")
    page.wait_for_selector("#seat-1")
    page.select_option("#seat-1", "person")
    page.select_option("#turn-seconds", "bank:259200")
    page.select_option("#timeout-bot", "forfeit")
    page.click("#create-button")
    page.click(".seat-link[data-seat='0']")
    page.wait_for_function("() => document.body.dataset.step > 0")
    timer = page.evaluate("() => Magnates.table.snapshot().timer")
    assert timer["bank"] == 259_200 and timer["on_timeout"] == "forfeit"
    assert page.inner_text("#timer") in ("3 d 0 h left for you", "2 d 23 h left for you")
    assert_no_js_errors(page)
    context.close()
