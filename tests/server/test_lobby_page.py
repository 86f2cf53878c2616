"""The lobby in Chromium: two people find each other through the open tables and sit at one table.

Screenshots of the lobby (1280x800 and 390x844) go to test-artifacts/screenshots (MAGNATES_SHOTS).
"""

from __future__ import annotations

from typing import Any

from board_helpers import SHOTS, TIMEOUT_MS
from server_helpers import LiveServer

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}


def open_page(browser: Any, viewport: dict[str, int]) -> Any:
    page = browser.new_context(viewport=viewport).new_page()
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.js_errors = errors
    return page


def wait_for_text(page: Any, *texts: str) -> None:
    page.wait_for_function("(texts) => texts.every((t) => document.body.innerText.includes(t))", arg=list(texts))


def test_two_people_find_each_other_through_the_open_tables(browser: Any, live_server: LiveServer) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    ana = open_page(browser, DESKTOP)
    ana.goto(f"{live_server.url}/index.html")
    ana.fill("#player-name", "Ana")
    ana.select_option("#game", "magnate")
    assert ana.locator("#game option[value=magnate]").inner_text() == "Magnate"  # titles, not slugs
    assert ana.locator("#options .help").first.is_visible()  # option help is on the page, not in a tooltip
    ana.wait_for_selector("select[data-seat='1']")
    ana.select_option("select[data-seat='1']", "bot:hard")
    help_text = ana.locator("#seat-1-help").inner_text().lower()
    assert "plans its whole turn" in help_text  # each bot level says how it plays
    ana.select_option("select[data-seat='1']", "open")
    ana.select_option("#turn-seconds", "300")
    ana.click("#create-button")
    ana.wait_for_selector("#created:not(.hidden)")
    ana.click("a.seat-link")
    ana.wait_for_function("() => document.body !== null && document.body.dataset.step !== undefined")
    game_id = ana.evaluate("() => Magnates.table.snapshot().game_id")

    bea = open_page(browser, PHONE)
    bea.goto(f"{live_server.url}/index.html")
    bea.fill("#player-name", "Bea")
    take = bea.locator(f".table-card[data-game='{game_id}'] button.take")
    take.wait_for()
    card = bea.locator(f".table-card[data-game='{game_id}']").inner_text()
    assert "Magnate" in card and "Ana" in card and "5 minutes" in card
    bea.screenshot(path=str(SHOTS / "lobby-phone.png"), full_page=True)
    watcher = open_page(browser, DESKTOP)
    watcher.goto(f"{live_server.url}/index.html")
    watcher.locator(f"#open-tables .table-card[data-game='{game_id}']").wait_for()
    watcher.screenshot(path=str(SHOTS / "lobby-desktop.png"))

    take.click()
    bea.wait_for_function("() => document.body !== null && document.body.dataset.step !== undefined")
    assert bea.evaluate("() => Magnates.table.snapshot().seat") == 1
    assert "#token" not in bea.url  # the seat's secret left the address bar for the tab's storage
    wait_for_text(bea, "Ana", "Bea")
    wait_for_text(ana, "Bea")  # Ana's open table learns the name of who sat down
    assert [p["name"] for p in ana.evaluate("() => Magnates.table.snapshot().players")] == ["Ana", "Bea"]
    assert ana.evaluate("() => Magnates.table.snapshot().timer.seconds") == 300

    watcher.reload()
    watcher.locator(f"#playing .table-card[data-game='{game_id}'] a.watch").click()
    watcher.wait_for_function("() => document.body !== null && document.body.dataset.step !== undefined")
    assert watcher.evaluate("() => Magnates.table.snapshot().seat") is None  # a spectator
    bea.goto(f"{live_server.url}/index.html")
    assert bea.input_value("#player-name") == "Bea"  # the name is remembered
    assert bea.locator(f"#open-tables .table-card[data-game='{game_id}']").count() == 0  # no free seat left
    for page in (ana, bea, watcher):
        assert not page.js_errors, page.js_errors[:3]
