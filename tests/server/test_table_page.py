"""The table page's shared behaviour in a real browser: resigning asks first, and /docs draws the
HTTP API with nothing fetched from another site (it works offline, under the page's CSP)."""

from __future__ import annotations

from typing import Any

import pytest
from board_helpers import browser, new_page, open_table, snapshot  # noqa: F401
from server_helpers import LiveServer


@pytest.mark.slow  # passed 5 of 6 runs here; the sixth timed out waiting for a step not yet understood
def test_resigning_asks_for_confirmation_and_no_keeps_the_game(browser: Any, live_server: LiveServer) -> None:  # noqa: F811
    page = open_table(browser, live_server, "galactic-magnate", ["person", "bot:greedy"])
    page.wait_for_function("() => document.body.classList.contains('my-turn')", timeout=60_000)
    page.wait_for_selector("#actions button:has-text('Resign'):not([disabled])")
    step = snapshot(page)["step"]
    page.locator("#actions button", has_text="Resign").first.click()
    page.wait_for_selector("dialog.confirm[open]")
    assert "cannot be undone" in page.locator("dialog.confirm").inner_text()
    page.click("#confirm-no")
    assert page.locator("dialog.confirm").count() == 0
    assert snapshot(page)["step"] == step, "saying no must not resign"
    page.locator("#actions button", has_text="Resign").first.click()
    page.click("#confirm-yes")
    page.wait_for_function("() => document.body.dataset.status === 'finished'")


def test_the_api_docs_draw_offline_under_the_csp(browser: Any, live_server: LiveServer) -> None:  # noqa: F811
    page = new_page(browser)
    outside: list[str] = []
    page.on("request", lambda r: None if r.url.startswith(live_server.url) else outside.append(r.url))
    blocked: list[str] = []
    page.on("console", lambda m: blocked.append(m.text) if "Content Security Policy" in m.text else None)
    page.goto(f"{live_server.url}/docs")
    page.wait_for_selector(".swagger-ui .info .title")
    assert "magnates" in page.locator(".swagger-ui .info .title").inner_text()
    assert page.locator(".opblock").count() > 5
    assert outside == [], f"/docs fetched from elsewhere: {outside}"
    assert blocked == [], blocked
