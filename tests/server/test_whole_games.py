"""A whole game of every game and variant, played by clicking at desktop and phone size (issue 46).

Seat 1 (Ana) is a person who clicks: a thing on the board where one is clickable, else one of the
listed choices (a chooser or a two-step choice is followed to its end); the other seats are bots.
Every turn it checks what a player reads: no choice list shows more than about 15 buttons at once,
every log line names people by their names, and on a phone the board starts in the first screen.
At the end the panel names the result in words with no "undefined", "NaN" or "null". Screenshots
of the start, the middle and the end of every table go to test-artifacts/screenshots/ (the ones in
docs/screenshots/ are made by test_end_screens.py, which is faster).

The default run plays two of these games (one per size, see FAST); the whole matrix is `-m slow`.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from board_helpers import SHOTS, assert_no_js_errors, browser  # noqa: F401  the browser fixture
from server_helpers import LiveServer
from table_helpers import BROKEN, VARIANTS, call, open_seat

MOST_BUTTONS = 15
# The default run keeps the two quickest whole games (one per size); Magnate's and Galactic Magnate's
# whole games take a minute or more each and run with the matrix (their tables are played to the end
# in the default run by test_board_*.py and test_end_screens.py).
FAST = {("magistrate", False), ("magistratvm", True)}
CASES = [
    pytest.param(
        name,
        phone,
        id=f"{name}-{'phone' if phone else 'desktop'}",
        marks=() if (name, phone) in FAST else pytest.mark.slow,
    )
    for name in VARIANTS
    for phone in (False, True)
]


def shot(page: Any, name: str, moment: str, phone: bool) -> None:
    folder = SHOTS
    folder.mkdir(parents=True, exist_ok=True)
    stem = name if moment == "middle" else f"{name}-{moment}"
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(folder / f"{stem}{'-phone' if phone else ''}.png"))


def visible_choices(page: Any) -> int:
    """Buttons a person sees at once in the choices panel (a folded group counts as its one button)."""
    return int(
        page.evaluate("""() => [...document.querySelectorAll('#actions button')]
        .filter((b) => b.offsetParent !== null && b.getBoundingClientRect().height > 0).length""")
    )


def check_names(page: Any, names: set[str]) -> None:
    log = page.evaluate("() => Magnates.table.snapshot().log || []")
    for entry in log:
        line = f"{entry['who']}: {entry['text']}"
        assert entry["who"] in names, line
        assert not re.search(r"\bPlayer \d\b", line), line


def board_in_first_screen(page: Any) -> None:
    top = page.evaluate("() => document.getElementById('board').getBoundingClientRect().top + window.scrollY")
    assert top < 844 * 0.6, f"on a phone the board starts {top:.0f} px down, below the first screen's upper part"


def pick(options: Any, rng: random.Random) -> bool:
    """Click one of `options` if there are any now; False if none, or if it went away meanwhile (the
    page draws every change anew: a bot's move, a chooser closing)."""
    count = options.count()
    if not count:
        return False
    try:
        options.nth(rng.randrange(count)).click(timeout=3000)
    except Exception:  # playwright's TimeoutError: the thing was drawn anew meanwhile
        return False
    return True


STEPS = ".step-pick [data-step]:visible:enabled, .step-pick button[data-action]:visible:enabled"
AVOID = r"(resign|concede|←|−|\+)"  # not leaving the game, nor a step back or a stepper's −/+


def first_click(page: Any, rng: random.Random) -> bool:
    """A thing on the board (mostly) or one of the listed choices."""
    if rng.random() < 0.8 and pick(page.locator("#board [data-target].actionable"), rng):
        return True
    buttons = page.locator("#actions button:not([disabled]):visible")
    texts = [buttons.nth(i).inner_text() for i in range(buttons.count())]
    fine = [i for i, t in enumerate(texts) if not re.match(AVOID, t.strip().lower())] or list(range(len(texts)))
    if not fine:
        return False
    try:
        buttons.nth(rng.choice(fine)).click(timeout=3000)
    except Exception:  # playwright's TimeoutError: drawn anew meanwhile
        return False
    return True


def one_move(page: Any, rng: random.Random) -> None:
    """Click a thing on the board or a listed choice and follow its chooser, steps or confirmation to
    the move; wait until the server has applied it."""
    step = int(page.evaluate("() => document.body.dataset.step"))
    started = False
    for _ in range(30):
        if int(page.evaluate("() => document.body.dataset.step")) != step or page.evaluate(
            "() => document.body.dataset.decider !== String(Magnates.table.snapshot().seat)"
        ):
            break
        if page.locator("dialog.confirm[open]").count():
            page.click("#confirm-yes")
        elif page.evaluate("() => [...document.querySelectorAll('#actions button')].some((b) => b.disabled)"):
            page.wait_for_timeout(100)  # sent: waiting for the server
        elif page.locator(".chooser button[data-action]").count():
            pick(page.locator(".chooser button[data-action]"), rng)
        elif started and page.locator(".step-back").count() and page.locator(STEPS).count():
            pick(page.locator(STEPS), rng)
        else:
            started = first_click(page, rng)
    page.wait_for_function(
        f"() => Number(document.body.dataset.step) !== {step}"
        " || !document.querySelector('#error').classList.contains('hidden')"
    )
    assert page.locator("#error").is_hidden(), page.locator("#error").inner_text()


@pytest.mark.parametrize(("name", "phone"), CASES)
def test_a_whole_game_by_clicking(browser: Any, live_server: LiveServer, name: str, phone: bool) -> None:  # noqa: F811
    game, options = VARIANTS[name]
    count = int(options["players"])
    bots = ["Bea", "Cy", "Dee", "Eve"][: count - 1]
    seats = [{"kind": "person", "name": "Ana"}, *({"kind": "bot", "bot": "greedy", "name": name} for name in bots)]
    created = call(live_server, "POST", "/api/games", {"game": game, "options": options, "seats": seats})
    page = open_seat(browser, live_server, created["id"], created["seats"][0]["token"], phone=phone)
    names = {p.get("name") or "" for p in page.evaluate("() => Magnates.table.snapshot().players")} | {
        "chance",
        "Automa",
    }
    if phone:
        board_in_first_screen(page)
    shot(page, name, "start", phone)
    rng = random.Random(7)
    moves = 0
    while page.evaluate("() => document.body.dataset.status") != "finished":
        assert moves < 3000, "the game did not end"
        mine = page.evaluate("() => document.body.dataset.decider === String(Magnates.table.snapshot().seat)")
        if not mine:
            page.wait_for_function(
                "() => document.body.dataset.status === 'finished'"
                " || document.body.dataset.decider === String(Magnates.table.snapshot().seat)"
            )
            continue
        shown = visible_choices(page)
        assert shown <= MOST_BUTTONS, (
            f"{shown} choice buttons at once at step {page.evaluate('() => document.body.dataset.step')}"
        )
        one_move(page, rng)
        moves += 1
        if moves == 12:
            check_names(page, names)
            shot(page, name, "middle", phone)
    check_names(page, names)
    page.wait_for_selector(".end-panel")
    text = page.locator(".end-panel").inner_text()
    assert not BROKEN.search(text), BROKEN.search(text)
    assert re.search(r"Game over: .*\b(wins|draw|beats)\b", page.locator(".end-panel h2").inner_text())
    shot(page, name, "end", phone)
    assert_no_js_errors(page)
