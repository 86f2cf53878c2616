"""The lobby makes a hot-seat table: two people on one device choose "a person at this device", and
the lobby opens one table page holding both seats' secrets in its fragment (never in the query).

Screenshots of the form (1280x800 and 390x844) go to test-artifacts/screenshots (MAGNATES_SHOTS).
"""

from __future__ import annotations

from typing import Any

import pytest
from board_helpers import SHOTS
from server_helpers import LiveServer
from test_lobby_page import DESKTOP, PHONE, open_page


def fill_hot_seat_form(page: Any, url: str) -> None:
    page.goto(f"{url}/index.html")
    page.fill("#player-name", "Ana")
    page.select_option("#game", "magnate")
    page.wait_for_selector("select[data-seat='1']")
    page.select_option("select[data-seat='1']", "here")
    page.fill("[data-seat-name='1']", "Bea")
    assert "this device" in page.locator("#seat-1-help").inner_text()


def test_the_lobby_opens_a_hot_seat_table_for_two_people_on_one_device(browser: Any, live_server: LiveServer) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    phone = open_page(browser, PHONE)
    fill_hot_seat_form(phone, live_server.url)
    phone.evaluate("() => document.querySelector('#seats').scrollIntoView({ block: 'center' })")
    phone.screenshot(path=str(SHOTS / "lobby-hot-seat-phone.png"))
    requests: list[str] = []
    phone.on("request", lambda request: requests.append(request.url))
    phone.click("#create-button")
    phone.wait_for_url("**/table.html?game=*")
    phone.wait_for_function("() => document.body.dataset.step !== undefined || document.querySelector('.pass-screen')")
    if phone.locator(".pass-screen").count():  # Bea moves first: the device goes to her
        phone.click("#pass-ready")
    phone.wait_for_function(
        "() => document.body.dataset.step !== undefined && document.querySelector('#scoreboard li')"
    )
    assert "#seats=" not in phone.url and "token" not in phone.url, "the secrets leave the address bar"
    assert not any("seats=" in r or "token=" in r for r in requests), "no secret is sent in a URL"
    snapshot = phone.evaluate("() => Magnates.table.snapshot()")
    assert [p["name"] for p in snapshot["players"]] == ["Ana", "Bea"]
    assert snapshot["seat"] == snapshot["decider"], "the page plays as whoever is to decide"
    assert phone.evaluate("() => Object.keys(sessionStorage).some((k) => k.startsWith('magnates.hotseat.'))")

    desk = open_page(browser, DESKTOP)
    fill_hot_seat_form(desk, live_server.url)
    desk.evaluate("() => document.querySelector('#seats').scrollIntoView({ block: 'center' })")
    desk.screenshot(path=str(SHOTS / "lobby-hot-seat.png"))
    for page in (phone, desk):
        assert not page.js_errors, page.js_errors[:3]


def test_a_name_typed_for_a_seat_stays_when_an_option_changes(browser: Any, live_server: LiveServer) -> None:
    page = open_page(browser, DESKTOP)
    fill_hot_seat_form(page, live_server.url)
    page.wait_for_load_state("networkidle")  # the seats drawn for the game chosen
    page.evaluate("() => { document.querySelector(\"select[data-seat='1']\").dataset.before = 'yes'; }")
    page.locator("#options input[type=checkbox][data-option]").first.click()  # the seats are drawn again
    page.wait_for_function("() => !document.querySelector(\"select[data-seat='1']\").dataset.before")
    assert page.locator("select[data-seat='1']").input_value() == "here"
    assert page.locator("[data-seat-name='1']").input_value() == "Bea"
    assert not page.js_errors, page.js_errors[:3]


@pytest.mark.slow
def test_a_hot_seat_with_a_friend_elsewhere_shows_the_hot_seat_link_and_the_friends(
    browser: Any, live_server: LiveServer
) -> None:
    page = open_page(browser, DESKTOP)
    page.goto(f"{live_server.url}/index.html")
    page.fill("#player-name", "Ana")
    page.select_option("#game", "galactic-magnate")
    page.wait_for_selector("select[data-seat='1']")
    page.evaluate(
        "() => { const i = document.querySelector('#option-players'); i.value = '3';"
        " i.dispatchEvent(new Event('change')); }"
    )
    page.wait_for_selector("select[data-seat='2']")
    page.select_option("select[data-seat='1']", "here")
    page.select_option("select[data-seat='2']", "person")
    page.click("#create-button")
    page.wait_for_selector("#created:not(.hidden)")
    link = page.get_attribute("#hot-seat-link", "href")
    assert link is not None and "#seats=" in link and link.split("#")[0].count("seats") == 0
    assert page.locator("a.seat-link[data-seat='2']").count() == 1, "the friend elsewhere still gets a link"
    page.click("#hot-seat-link")
    page.wait_for_url("**/table.html?game=*")
    page.wait_for_function("() => document.body.dataset.step !== undefined || document.querySelector('.pass-screen')")
    if page.locator(".pass-screen").count():  # the other person at this device moves first: the device is passed
        page.click("#pass-ready")
    page.wait_for_function("() => document.body.dataset.step !== undefined && document.querySelector('#scoreboard li')")
    assert page.evaluate("() => Magnates.table.snapshot().seat") in (0, 1)
    assert not page.js_errors, page.js_errors[:3]
