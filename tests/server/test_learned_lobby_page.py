"""The lobby in Chromium with a server that offers learned bots: the checkpoint trained for the
chosen game is in the seat's bot menu with its line, and a game created with it opens its table.

Screenshots (1280x800 and 390x844) go to test-artifacts/screenshots (MAGNATES_SHOTS).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from board_helpers import SHOTS, TIMEOUT_MS
from server_helpers import LiveServer
from test_learned_menu import weights

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.fixture
def learned_server(db_url: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[LiveServer]:
    weights("galactic-magnate", tmp_path / "bots" / "gm-selfplay" / "weights.npz")
    monkeypatch.setenv("MAGNATES_LEARNED_DIR", str(tmp_path / "bots"))  # read by create_app's limits
    server = LiveServer(db_url)
    server.start()
    try:
        yield server
    finally:
        server.stop()


def test_a_learned_bot_is_chosen_in_the_lobby_and_plays(browser: Any, learned_server: LiveServer) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size, viewport in SIZES.items():
        page = browser.new_context(viewport=viewport).new_page()
        page.set_default_timeout(TIMEOUT_MS)
        errors: list[str] = []
        page.on("pageerror", lambda err, errors=errors: errors.append(str(err)))
        page.goto(f"{learned_server.url}/index.html")
        page.fill("#player-name", "Ana")
        page.select_option("#game", "galactic-magnate")
        option = page.locator("select[data-seat='1'] option[value='bot:learned:gm-selfplay/weights']")
        option.wait_for(state="attached")
        assert option.inner_text() == "Learned bot gm-selfplay/weights"
        page.select_option("select[data-seat='1']", "bot:learned:gm-selfplay/weights")
        assert "trained network" in page.locator("#seat-1-help").inner_text()
        assert not page.locator("select[data-seat-thinking='1']").is_visible()  # it does not search
        page.screenshot(path=str(SHOTS / f"lobby-learned-bot-{size}.png"), full_page=True)
        if size == "phone":  # the table is the same page at both sizes: one game is enough
            assert not errors, errors
            page.context.close()
            continue
        page.click("#create-button")
        page.wait_for_selector("#created:not(.hidden)")
        page.click("a.seat-link")
        page.wait_for_url("**/table.html*")
        page.wait_for_function("() => document.body !== null && document.body.dataset.step !== undefined")
        page.wait_for_selector("text=learned:gm-selfplay/weights", state="attached")  # the seat names its bot
        page.screenshot(path=str(SHOTS / f"table-learned-bot-{size}.png"), full_page=True)
        assert not errors, errors
        page.context.close()
