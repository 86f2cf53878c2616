"""The table page after a refusal that says when to try again: while the server cannot store moves
(its SQLite file refuses writes here), a move is answered 503 with Retry-After; the page shows a
countdown and sends the same move again by itself, and once the database takes writes the move is
played, stored once."""

from __future__ import annotations

from typing import Any

import httpx2 as httpx
from board_helpers import SHOTS, browser, new_page  # noqa: F401
from fault_helpers import InProcess, sqlite_fault
from server_helpers import free_port

from magnates.server.storage import in_force


def test_a_move_refused_while_the_database_is_away_is_sent_again_by_the_page(browser: Any, db_url: str) -> None:  # noqa: F811
    server = InProcess(db_url, free_port())
    try:
        created = httpx.post(
            f"{server.url}/api/games",
            json={"game": "toy", "seats": [{"kind": "person"}, {"kind": "bot", "bot": "random"}]},
        ).json()
        game_id, link = created["id"], created["seats"][0]["link"]
        page = new_page(browser)
        page.goto(f"{server.url}{link}")
        page.wait_for_selector("#actions button:not([disabled])")
        step = int(page.evaluate("() => Magnates.table.snapshot().step"))
        stored = len(server.service.store.events(game_id))
        SHOTS.mkdir(parents=True, exist_ok=True)
        with sqlite_fault(server.service.store.engine, "readonly"):
            page.locator("#actions button").first.click()
            page.wait_for_function(
                "() => /sending your move again in \\d+ s/.test(document.querySelector('#error').textContent)"
            )
            assert "cannot be written just now" in page.locator("#error").inner_text()
            assert "sending your move again" in page.locator("#connection").inner_text()
            page.screenshot(path=str(SHOTS / "table-retry-desktop.png"))
            page.set_viewport_size({"width": 390, "height": 844})
            page.screenshot(path=str(SHOTS / "table-retry-phone.png"))
            assert len(server.service.store.events(game_id)) == stored  # nothing stored meanwhile
            assert int(page.evaluate("() => Magnates.table.snapshot().step")) == step
        # The database takes writes again: the page's own retry plays the move, with no click.
        page.wait_for_function(f"() => Magnates.table.snapshot().step > {step}", timeout=30_000)
        page.wait_for_selector("#error", state="hidden")
        assert page.locator("#connection").inner_text() == "live"
        events = in_force(server.service.store.events(game_id))
        assert [e.seq for e in events] == list(range(len(events)))  # no gap, nothing twice
        assert sum(1 for e in events[stored:] if e.seat == 0) == 1  # the move, stored once
        assert not page.js_errors, page.js_errors
    finally:
        server.stop()
