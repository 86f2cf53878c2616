"""The lobby's new-game form in Chromium: a search bot's seat offers a thinking time, the game is
created with it, and a variant without a measured expert says why in the form.

Screenshots (1280x800 and 390x844) go to test-artifacts/screenshots (MAGNATES_SHOTS).
"""

from __future__ import annotations

from typing import Any

from board_helpers import SHOTS, TIMEOUT_MS
from server_helpers import LiveServer

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def lobby(browser: Any, server: LiveServer, viewport: dict[str, int]) -> Any:
    page = browser.new_context(viewport=viewport).new_page()
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.js_errors = errors
    page.goto(f"{server.url}/index.html")
    page.fill("#player-name", "Ana")
    page.select_option("#game", "magnate")
    page.wait_for_selector("select[data-seat='1']")
    return page


def test_a_bot_seat_gets_a_thinking_time_and_a_missing_expert_says_why(browser: Any, live_server: LiveServer) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for viewport, size in ((DESKTOP, "desktop"), (PHONE, "phone")):
        page = lobby(browser, live_server, viewport)
        thinking = page.locator("select[data-seat-thinking='1']")
        page.select_option("select[data-seat='1']", "bot:greedy")
        assert not thinking.is_visible()  # greedy does not search: nothing to choose
        page.select_option("select[data-seat='1']", "bot:hard")
        assert thinking.is_visible() and thinking.input_value() == "normal"
        assert not page.locator("select[data-seat-thinking='0']").is_visible()  # seat 1 is you
        page.select_option("select[data-seat-thinking='1']", "long")
        page.screenshot(path=str(SHOTS / f"lobby-thinking-{size}.png"), full_page=True)

        page.uncheck("#option-courts")  # Courts off: an expert is measured for it (thinking a second a move)
        page.wait_for_selector("select[data-seat='1'] option[value='bot:expert']", state="attached")
        assert page.locator("[data-missing-bot='expert']").count() == 0
        page.select_option("#option-districts", "4")  # and four districts: none is
        page.wait_for_selector("[data-missing-bot='expert']")
        note = page.locator("[data-missing-bot='expert']").inner_text()
        assert "No expert for these options (districts=4)" in note and "Play hard" in note
        assert page.locator("select[data-seat='1'] option[value='bot:expert']").count() == 0
        assert page.locator("select[data-seat-thinking='1']").input_value() == "long"  # kept as the seats redraw
        page.screenshot(path=str(SHOTS / f"lobby-missing-expert-{size}.png"), full_page=True)
        assert page.js_errors == []

    page = lobby(browser, live_server, DESKTOP)
    page.select_option("select[data-seat='1']", "bot:hard")
    page.select_option("select[data-seat-thinking='1']", "quick")
    page.click("#create-button")
    page.wait_for_selector("#created:not(.hidden)")
    assert "hard bot, quick thinking" in page.locator("#created").inner_text()
