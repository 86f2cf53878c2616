"""Pinch zoom on a phone: two fingers on a big board (the three-player Y, the Galactic ring) scale it
around their centre, within the zoom buttons' bounds (1x to 3x); touches are sent through the
Chrome DevTools protocol (`Input.dispatchTouchEvent`) to a touch-enabled phone-sized page."""

from __future__ import annotations

from typing import Any

import pytest
from board_helpers import PHONE, TIMEOUT_MS, browser  # noqa: F401  (browser is a fixture)
from server_helpers import LiveServer
from table_helpers import call

GAMES = {
    "magnate-3p": ("magnate", {"players": 3}, "svg.mg-board"),
    "galactic-magnate": ("galactic-magnate", {"players": 2}, "svg.gm-board"),
}


def touch_page(browser: Any, server: LiveServer, game: str, options: dict[str, Any]) -> Any:  # noqa: F811
    seats = [{"kind": "person", "name": "Ana"}] + [
        {"kind": "bot", "bot": "greedy", "name": n} for n in ["Bea", "Cy"][: options["players"] - 1]
    ]
    created = call(server, "POST", "/api/games", {"game": game, "options": options, "seats": seats})
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.js_errors = errors
    page.goto(f"{server.url}/table.html?game={created['id']}#token={created['seats'][0]['token']}")
    page.wait_for_selector(".zoom-frame")
    return page


def pinch(page: Any, centre: tuple[float, float], start: float, end: float, steps: int = 6) -> None:
    """Two fingers either side of `centre`, `start` px apart, moved to `end` px apart, then lifted."""
    cdp = page.context.new_cdp_session(page)
    x, y = centre

    def points(gap: float) -> list[dict[str, float]]:
        return [{"x": x - gap / 2, "y": y, "id": 1}, {"x": x + gap / 2, "y": y, "id": 2}]

    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": points(start)})
    for k in range(1, steps + 1):
        cdp.send(
            "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": points(start + (end - start) * k / steps)}
        )
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def state(page: Any, drawing: str) -> dict[str, float]:
    return page.evaluate(  # type: ignore[no-any-return]
        """(sel) => { const f = document.querySelector('.zoom-frame'); const r = f.getBoundingClientRect();
        return {left: f.scrollLeft, top: f.scrollTop, fx: r.left, fy: r.top, fw: f.clientWidth,
                width: document.querySelector(sel).getBoundingClientRect().width,
                label: document.querySelector('.zoom-level').textContent}; }""",
        drawing,
    )


# The Y in the default run; the Galactic ring (the same code) and the arithmetic alone with the slow suites.
@pytest.mark.parametrize("name", [n if n == "magnate-3p" else pytest.param(n, marks=pytest.mark.slow) for n in GAMES])
def test_two_fingers_zoom_the_board_around_their_centre_within_bounds(
    browser: Any,  # noqa: F811
    live_server: LiveServer,
    name: str,
) -> None:
    game, options, drawing = GAMES[name]
    page = touch_page(browser, live_server, game, options)
    before = state(page, drawing)
    assert before["label"] == "1×"
    centre = (before["fx"] + before["fw"] * 0.7, before["fy"] + 120)
    pinch(page, centre, 60, 120)  # fingers twice as far apart: twice the size
    after = state(page, drawing)
    assert after["label"] == "2×", after
    assert after["width"] == pytest.approx(2 * before["width"], rel=0.03)
    # The board's point under the fingers stayed under them (a pixel or two of rounding).
    cx, cy = centre[0] - before["fx"], centre[1] - before["fy"]
    assert (after["left"] + cx) / 2 == pytest.approx(before["left"] + cx, abs=3)
    assert (after["top"] + cy) / 2 == pytest.approx(before["top"] + cy, abs=3), (before, after, cy)
    pinch(page, (before["fx"] + before["fw"] / 2, before["fy"] + 100), 40, 300)  # far apart: no more than 3x
    assert state(page, drawing)["label"] == "3×"
    middle = (before["fx"] + before["fw"] / 2, before["fy"] + 100)
    pinch(page, middle, 300, 20)  # pinched in: back to the whole board, not smaller
    back = state(page, drawing)
    assert back["label"] == "1×" and back["width"] == pytest.approx(before["width"], rel=0.02)
    page.click(".zoom-in")  # the buttons go on from wherever a pinch left the board
    assert state(page, drawing)["label"] == "1.5×"
    assert not page.js_errors, page.js_errors[:3]
    page.context.close()


@pytest.mark.slow
def test_the_zoom_arithmetic(browser: Any, live_server: LiveServer) -> None:  # noqa: F811
    page = touch_page(browser, live_server, "magnate", {"players": 3})
    got = page.evaluate(
        """async () => { const z = await import('/phone.js');
        return [z.pinchScale(1, 100, 150), z.pinchScale(2, 100, 1000), z.pinchScale(1.5, 100, 10),
                z.anchoredScroll(0, 100, 1, 2), z.anchoredScroll(50, 100, 2, 1), z.anchoredScroll(0, 100, 2, 1),
                z.nextZoom(1.7, 1), z.nextZoom(1.7, -1), z.nextZoom(3, 1), z.nextZoom(1, -1)]; }"""
    )
    assert got == [1.5, 3, 1, 100, 0, 0, 2, 1.5, 3, 1]
    page.context.close()
