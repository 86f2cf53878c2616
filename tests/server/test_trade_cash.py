"""Galactic Magnate's trade offer in Chromium: its cash is one typed amount with a confirm (the choices
panel plays the fewest fixed steps that reach it), not a run of +10/+50 clicks.

Screenshots of a 2-player and a 5-player table with an offer open (1280x800 and 390x844) go to
test-artifacts/screenshots (MAGNATES_SHOTS) as galactic-magnate[-5p]-offer[-phone].png.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from board_helpers import SHOTS, assert_no_js_errors, browser, new_page  # noqa: F401  (browser is a fixture)
from server_helpers import LiveServer
from table_helpers import call, open_seat, seen

SKIP = {"resign", "trade-with"}


def means(view: dict[str, Any], seat: int) -> int:
    """What a seat can spend now: its cash plus its credit."""
    return int(view["cash"][seat] + view["credit"][seat])


def to_an_offer(server: LiveServer, players: int) -> tuple[str, str, dict[str, Any]]:
    """A game of people only, played at random over HTTP for a while (properties change hands), then
    up to a turn where the decider makes an offer, with one of its properties in it when it has one."""
    seats = [{"kind": "person", "name": name} for name in ["Ana", "Bea", "Cy", "Dee", "Eve"][:players]]
    created = call(
        server, "POST", "/api/games", {"game": "galactic-magnate", "options": {"players": players}, "seats": seats}
    )
    game, tokens = created["id"], {s["seat"]: s["token"] for s in created["seats"]}
    rng = random.Random(players)
    for moves in range(400):
        now = seen(server, game, None)
        mine = seen(server, game, tokens[now["decider"]])
        # A turn to offer, with room on both sides for the amounts below (both sides' means).
        partners = [
            a for a in mine["legal"] if a["kind"] == "trade-with" and means(mine["view"], a["json"]["seat"]) >= 200
        ]
        if moves >= 60 and partners and means(mine["view"], mine["seat"]) >= 300:
            break
        legal = [a for a in mine["legal"] if a["kind"] not in SKIP]
        call(
            server,
            "POST",
            f"/api/games/{game}/actions",
            {"action": rng.choice(legal)["id"], "step": mine["step"]},
            tokens[now["decider"]],
        )
    else:
        raise AssertionError("no turn with an offer to make")
    seat, token = mine["seat"], tokens[mine["seat"]]
    offer = partners[0]
    mine = call(server, "POST", f"/api/games/{game}/actions", {"action": offer["id"], "step": mine["step"]}, token)
    mine = seen(server, game, token)
    give = [a for a in mine["legal"] if a["kind"] == "give-property"]
    if give:
        call(server, "POST", f"/api/games/{game}/actions", {"action": give[0]["id"], "step": mine["step"]}, token)
    return game, token, {"seat": seat}


def draft(page: Any) -> dict[str, Any]:
    return page.evaluate("() => Magnates.table.snapshot().view.draft")  # type: ignore[no-any-return]


def set_cash(page: Any, side: str, amount: int) -> None:
    page.select_option("#amounts .amount-side", side)
    page.fill("#amounts .amount-number", str(amount))


# Two players in the default run; five with the slow suites (the same control, a wider table).
@pytest.mark.parametrize("players", [2, pytest.param(5, marks=pytest.mark.slow)])
def test_the_cash_of_an_offer_is_typed_once_and_confirmed(browser: Any, live_server: LiveServer, players: int) -> None:  # noqa: F811
    game, token, _ = to_an_offer(live_server, players)
    page = open_seat(browser, live_server, game, token)
    control = page.locator("#amounts .amount-control")
    control.wait_for()
    assert page.locator("#actions [data-text*='more in cash']").count() == 0, "no +10/+50 buttons beside it"
    assert page.locator("#board .gm-trade.gm-offer-money").count() == 0
    assert control.locator(".amount-confirm").is_hidden(), "nothing to confirm before an amount is chosen"
    before = draft(page)
    steps = before["steps_left"]
    set_cash(page, "-1", 100_000)
    assert "You can give at most" in control.locator(".amount-note").inner_text()
    assert control.locator(".amount-confirm").is_hidden()
    set_cash(page, "-1", 235)
    assert "steps of 10" in control.locator(".amount-note").inner_text()
    set_cash(page, "-1", 230)
    confirm = control.locator(".amount-confirm")
    assert confirm.inner_text() == "Set: you give 230"
    SHOTS.mkdir(parents=True, exist_ok=True)
    stem = "galactic-magnate" if players == 2 else f"galactic-magnate-{players}p"
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / f"{stem}-offer.png"))
    confirm.click()
    page.wait_for_function(
        "() => Magnates.table.snapshot().view.draft && Magnates.table.snapshot().view.draft.money === -230"
    )
    used = steps - draft(page)["steps_left"]
    assert 1 <= used <= 5, f"{used} changes for 230"
    assert page.locator("#error").is_hidden()
    # The partner's side, with − / + : one step of 10 from the amount typed.
    set_cash(page, "1", 120)
    page.click("#amounts .amount-control .step-plus")
    assert page.input_value("#amounts .amount-number") == "130"
    page.click("#amounts .amount-confirm")
    page.wait_for_function("() => Magnates.table.snapshot().view.draft.money === 130")
    assert "130" in page.locator("#board .gm-draft").inner_text()
    # The log folds the offer's changes into one line that opens to show them; the last change stays
    # a line of its own, as "Last move" words it.
    fold = page.locator("#log li.log-fold").last
    summary = fold.locator("summary").inner_text()
    steps = fold.locator("ol li")
    assert summary.endswith(f": building an offer ({steps.count()} steps)") and steps.count() >= 2, summary
    assert "Make an offer to" in steps.first.text_content() or "in cash" in steps.first.text_content()
    assert page.locator("#log > ol > li").last.inner_text() == page.locator("#lastmove .lastmove-text").inner_text()
    fold.locator("summary").click()
    assert steps.first.is_visible()
    set_cash(page, "1", 140)  # another change draws the log anew: the fold opened stays open
    page.click("#amounts .amount-confirm")
    page.wait_for_function("() => Magnates.table.snapshot().view.draft.money === 140")
    assert page.locator("#log li.log-fold").last.locator("ol li").first.is_visible()
    page.locator("#log").screenshot(path=str(SHOTS / f"{stem}-offer-log.png"))
    phone = new_page(browser, phone=True)
    phone.goto(f"{live_server.url}/table.html?game={game}#token={token}")
    phone.locator("#amounts .amount-control").wait_for()
    phone.evaluate("() => window.scrollTo(0, 0)")
    phone.screenshot(path=str(SHOTS / f"{stem}-offer-phone.png"))
    box = phone.locator("#amounts .amount-control .amount-number").bounding_box()
    assert box is not None and box["height"] >= 44, "a tap target on the phone"
    for p in (page, phone):
        assert_no_js_errors(p)
