"""Hot seat in the browser (issue 46): two people on one device share one table page opened with
both seats' secrets; when the turn passes from Ana to Bea, a "pass the device to Bea" screen covers
the table (Ana's hand is not on screen), and Bea's table is drawn only once Bea taps."""

from __future__ import annotations

import random
from typing import Any

from board_helpers import assert_no_js_errors, browser, follow_steps, new_page  # noqa: F401  the browser fixture
from server_helpers import LiveServer
from table_helpers import call


def test_the_device_is_passed_between_two_people_and_the_hand_hidden(browser: Any, live_server: LiveServer) -> None:  # noqa: F811
    seats = [{"kind": "person", "name": "Ana"}, {"kind": "person", "name": "Bea"}]
    created = call(live_server, "POST", "/api/games", {"game": "magnate", "options": {"players": 2}, "seats": seats})
    tokens = ",".join(seat["token"] for seat in created["seats"])
    page = new_page(browser, phone=True)
    page.goto(f"{live_server.url}/table.html?game={created['id']}#seats={tokens}")
    page.wait_for_function("() => document.body.dataset.step !== undefined && document.querySelector('#scoreboard li')")
    assert "#seats=" not in page.url, "the secrets leave the address bar"
    rng = random.Random(3)
    first = page.evaluate("() => Magnates.table.snapshot().seat")
    names = ["Ana", "Bea"]
    for _ in range(60):  # play as the first person until the turn passes
        if page.locator(".pass-screen").count():
            break
        step = int(page.evaluate("() => document.body.dataset.step"))
        page.locator("#actions button:not([disabled])").first.click()
        follow_steps(page, rng, step)
        if page.locator(".chooser button[data-action]").count():
            page.locator(".chooser button[data-action]").first.click()
        page.wait_for_function(
            f"() => Number(document.body.dataset.step) !== {step} || document.querySelector('.pass-screen')"
        )
    cover = page.locator(".pass-screen")
    assert cover.is_visible(), "the turn passed without a hand-over screen"
    nxt = names[1 - first]
    assert f"Pass the device to {nxt}" in cover.inner_text()
    assert page.locator(".mg-myhand").first.is_hidden(), "the previous person's hand is not on screen"
    page.click("#pass-ready")
    page.wait_for_function("s => Magnates.table.snapshot().seat === s", arg=1 - first)
    assert page.locator("#who").inner_text() == f"you are {nxt}"
    assert page.locator(".mg-myhand").first.is_visible()
    assert_no_js_errors(page)
