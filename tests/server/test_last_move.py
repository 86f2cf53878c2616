"""The last move highlighted on the board, in every game: the thing a player clicked to make
a move is marked `last-move` on the board afterwards, on the mover's page and on a spectator's."""

from __future__ import annotations

import random
from typing import Any

import pytest
from board_helpers import assert_no_js_errors, browser  # noqa: F401  the browser fixture
from server_helpers import LiveServer
from table_helpers import create, open_seat, token_of

GAMES = {
    "magnate": {"players": 2},
    "galactic-magnate": {"players": 2, "max_rounds": 3},
    "magistrate": {"players": 2},
    "magistratvm": {"players": 3, "turn_limit": 3},
}

LAST = """() => { const l = Magnates.table.snapshot().log.filter((e) => e.text !== '(hidden)');
  return l[l.length - 1] || null; }"""
DECIDES = "() => { const s = Magnates.table.snapshot(); return s.decider === s.seat; }"


def marked(page: Any) -> list[str]:
    return page.evaluate(  # type: ignore[no-any-return]
        "() => [...document.querySelectorAll('#board [data-target].last-move')].map((e) => e.dataset.target)"
    )


@pytest.mark.parametrize("game", list(GAMES))
def test_the_thing_clicked_for_the_last_move_is_highlighted(
    browser: Any,  # noqa: F811
    live_server: LiveServer,
    game: str,
) -> None:
    options = GAMES[game]
    seats = ["person"] * options["players"]
    created = create(live_server, game, seats, options)
    gid = created["id"]
    pages = [open_seat(browser, live_server, gid, token_of(created, s)) for s in range(len(seats))]
    watcher = open_seat(browser, live_server, gid, None)
    rng = random.Random(3)
    checked = 0
    for _ in range(40):
        if checked >= 3:
            break
        page = next(
            (p for p in pages if p.evaluate(DECIDES)),
            None,
        )
        if page is None:  # chance or the end
            pages[0].wait_for_timeout(100)
            continue
        seat = page.evaluate("() => Magnates.table.snapshot().seat")
        step = int(page.evaluate("() => document.body.dataset.step"))
        things = page.locator("#board [data-target].actionable")
        if things.count() == 0:
            page.locator("#actions button:not([disabled])").first.click()
            page.wait_for_function(f"() => Number(document.body.dataset.step) > {step}")
            continue
        thing = things.nth(rng.randrange(things.count()))
        key = thing.get_attribute("data-target")
        thing.click()
        choices = page.locator(".chooser button[data-action]")
        if page.locator(".chooser").count():
            texts = [choices.nth(i).inner_text() for i in range(choices.count())]
            fine = [i for i, t in enumerate(texts) if not t.lower().startswith(("resign", "concede"))] or [0]
            choices.nth(fine[0]).click()
        page.wait_for_function(f"() => Number(document.body.dataset.step) > {step}")
        last = page.evaluate(LAST)
        if last is None or last["step"] != step or last["actor"] != seat:
            continue  # chance (dice) came after the move: the last move is not ours to check
        on_board = page.locator(f'#board [data-target="{key}"]').count()
        if on_board:
            assert key in marked(page), f"{key} was played ({last['text']}) but is not highlighted: {marked(page)}"
            checked += 1
        # Everyone else sees the same move marked where their board shows the thing.
        now = int(page.evaluate("() => document.body.dataset.step"))
        watcher.wait_for_function(f"() => Number(document.body.dataset.step) === {now}")
        seen = watcher.evaluate(LAST)
        if seen and seen["text"] == last["text"] and watcher.locator(f'#board [data-target="{key}"]').count():
            assert key in marked(watcher), f"{key} is not highlighted for a spectator after {last['text']}"
        assert len(marked(page)) <= 6, f"too much is highlighted: {marked(page)}"
    assert checked >= 1, "no move was checked"
    for page in (*pages, watcher):
        assert_no_js_errors(page)
