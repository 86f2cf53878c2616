"""Shared steps of the drawn-board browser tests: open a table from the lobby, play it by clicking on
the board, check what a person sees, and keep screenshots at desktop and phone size.

Screenshots go to $MAGNATES_SHOTS, else test-artifacts/screenshots/ at the repository root (ignored
by git): they are the artefacts a person looks at after a run.
"""

from __future__ import annotations

import os
import random
import re
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import Any

import pytest
from server_helpers import CHROMIUM, LiveServer, unavailable

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
TIMEOUT_MS = 30_000  # generous: CI runs two test workers on two cores
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
]
SHOTS = Path(os.environ.get("MAGNATES_SHOTS", Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"))


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        unavailable("the playwright Python package is not installed (pip install magnates[test])")
    if CHROMIUM is None:
        unavailable("Chromium is not installed (Debian package chromium)")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


def new_page(browser: Any, phone: bool = False, bypass_csp: bool = False) -> Any:
    """A page at desktop (or phone) size; `bypass_csp` only for injecting test tools such as axe-core."""
    context = browser.new_context(viewport=PHONE if phone else DESKTOP, bypass_csp=bypass_csp)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda err: errors.append(str(err)))
    page.js_errors = errors  # checked by `assert_no_js_errors`
    return page


def assert_no_js_errors(page: Any) -> None:
    assert not page.js_errors, f"JavaScript errors on the page: {page.js_errors[:3]}"


def wait_for_seats(page: Any, count: int) -> None:
    """The lobby redraws its seat list once the chosen options are described: wait for exactly `count` seats."""
    page.wait_for_function("n => document.querySelectorAll('select[data-seat]').length === n", arg=count)


def open_table(
    browser: Any,
    server: LiveServer,
    game: str,
    seats: list[str],
    options: dict[str, str] | None = None,
    phone: bool = False,
) -> Any:
    """Create a game from the lobby (seat kinds: "person", "bot:greedy", ...) and open seat 1's table."""
    page = new_page(browser, phone=phone)
    page.goto(f"{server.url}/index.html")
    page.select_option("#game", game)
    for name, value in (options or {}).items():
        if page.get_attribute(f"[data-option={name}]", "type") == "checkbox":  # a yes/no option
            page.set_checked(f"[data-option={name}]", value in ("true", "1", "yes"))
        else:
            page.select_option(f"[data-option={name}]", value)
    wait_for_seats(page, len(seats))
    for seat, kind in enumerate(seats):
        page.select_option(f"select[data-seat='{seat}']", kind)
    page.click("#create-button")
    page.wait_for_selector("#created:not(.hidden)")
    page.locator("a.seat-link").first.click()
    page.wait_for_function("() => document.body !== null && document.body.dataset.step !== undefined")
    return page


def snapshot(page: Any) -> dict[str, Any]:
    return page.evaluate("() => Magnates.table.snapshot()")  # type: ignore[no-any-return]


def my_turn(page: Any) -> bool:
    return bool(
        page.evaluate(
            "() => document.body.dataset.status === 'playing'"
            " && document.body.dataset.decider === String(Magnates.table.snapshot().seat)"
        )
    )


def _wait_applied(page: Any, step: int) -> None:
    page.wait_for_function(
        f"() => Number(document.body.dataset.step) !== {step}"
        " || !document.querySelector('#error').classList.contains('hidden')"
    )
    assert page.locator("#error").is_hidden(), page.locator("#error").inner_text()


def click_on_board(page: Any, rng: random.Random, avoid: tuple[str, ...] = ()) -> bool:
    """Click one actionable thing on the board and, if a chooser opens, one of its choices.

    Returns False when nothing on the board is actionable now (the caller then uses the buttons).
    Choices whose text starts with one of `avoid` are skipped where another exists.
    """
    things = page.locator("#board [data-target].actionable")
    count = things.count()
    if count == 0:
        return False
    step = int(page.evaluate("() => document.body.dataset.step"))
    things.nth(rng.randrange(count)).click()
    chooser = page.locator(".chooser button[data-action]")
    if page.locator(".chooser").count():
        texts = [chooser.nth(i).inner_text() for i in range(chooser.count())]
        fine = [i for i, t in enumerate(texts) if not t.lower().startswith(avoid)] or list(range(len(texts)))
        chooser.nth(rng.choice(fine)).click()
    _confirm_if_asked(page)
    _wait_applied(page, step)
    return True


def click_a_button(page: Any, rng: random.Random, avoid: tuple[str, ...] = ()) -> None:
    """The fallback: click one of the listed choices (skipping `avoid` texts where possible)."""
    page.wait_for_selector("#actions button:not([disabled])")
    buttons = page.locator("#actions button:not([disabled])")
    texts = [buttons.nth(i).inner_text() for i in range(buttons.count())]
    fine = [i for i, t in enumerate(texts) if not t.lower().startswith(avoid)] or list(range(len(texts)))
    step = int(page.evaluate("() => document.body.dataset.step"))
    buttons.nth(rng.choice(fine)).click()
    follow_steps(page, rng, step)
    _confirm_if_asked(page)
    _wait_applied(page, step)


def follow_steps(page: Any, rng: random.Random, step: int) -> None:
    """A long list of choices is offered a step at a time (kind, then card, then where; a stepper for a
    number): after a click that opened a step, pick in each next one until a move is sent."""
    for _ in range(8):
        if (
            int(page.evaluate("() => document.body.dataset.step")) != step
            or page.locator("dialog.confirm[open]").count()
        ):
            return
        if page.evaluate("() => [...document.querySelectorAll('#actions button')].some((b) => b.disabled)"):
            return  # sent: waiting for the server
        options = page.locator(
            ".step-pick [data-step]:visible:enabled, .step-pick button[data-action]:visible:enabled,"
            " .step-pick button.step-confirm:visible:enabled"  # an amount's stepper: its one button plays it
        )
        if not options.count():  # a next step whose choices are plain buttons beside "← Back"
            options = page.locator("#actions button:not([disabled]):visible")
            texts = [options.nth(i).inner_text().strip().lower() for i in range(options.count())]
            fine = [i for i, text in enumerate(texts) if not text.startswith(("←", "resign", "concede"))]
            if not fine or len(fine) == len(texts):  # no step open (no "← Back"): nothing to follow
                return
            options.nth(rng.choice(fine)).click()
            continue
        options.nth(rng.randrange(options.count())).click()


def _confirm_if_asked(page: Any) -> None:
    if page.locator("dialog.confirm[open]").count():
        page.click("#confirm-yes")


def play_to_the_end(
    page: Any,
    seed: int = 1,
    max_moves: int = 3000,
    board_share: float = 0.8,
    avoid: tuple[str, ...] = ("resign", "concede"),
) -> tuple[int, int]:
    """Play seat 1 until the game ends: mostly by clicking on the board, sometimes by the buttons.

    Returns (moves made on the board, moves made with the buttons).
    """
    rng = random.Random(seed)
    on_board = by_button = 0
    while page.evaluate("() => document.body.dataset.status") != "finished":
        assert on_board + by_button < max_moves, f"the game did not end in {max_moves} moves"
        if not my_turn(page):
            page.wait_for_function(
                "() => document.body.dataset.status === 'finished'"
                " || document.body.dataset.decider === String(Magnates.table.snapshot().seat)"
            )
            continue
        if rng.random() < board_share and click_on_board(page, rng, avoid):
            on_board += 1
        else:
            click_a_button(page, rng, avoid)
            by_button += 1
    return on_board, by_button


RAW_VIEW_WORDS = re.compile(r"(?<![\w-])-1(?![\w.])")


def raw_field_names(view: Any) -> set[str]:
    """The view's own keys that look like code, not words (with an underscore, e.g. `a_loc`)."""
    names: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, item in value.items():
                if "_" in key:
                    names.add(key)
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)

    walk(view)
    return names


def assert_reads_as_words(page: Any) -> None:
    """No raw view field name (`a_loc`, `stock_soldiers`) and no `-1` reaches the board's text."""
    text = page.locator("#board").inner_text()
    view = snapshot(page)["view"]
    leaked = sorted(name for name in raw_field_names(view) if re.search(rf"\b{re.escape(name)}\b", text))
    assert not leaked, f"raw field names on the board: {leaked}"
    assert not RAW_VIEW_WORDS.search(text), "a raw -1 is shown on the board"


def assert_named(page: Any, selector: str, expected: int | None = None, at_least: int = 1) -> None:
    """Elements matching `selector` exist and each has an accessible name (aria-label or text)."""
    things = page.locator(selector)
    count = things.count()
    if expected is not None:
        assert count == expected, f"{selector}: {count} drawn, {expected} expected"
    assert count >= at_least, f"{selector}: {count} drawn"
    for i in range(count):
        node = things.nth(i)
        name = node.get_attribute("aria-label") or node.inner_text().strip()
        assert name, f"{selector} #{i + 1} has no accessible name"


def screenshots(page: Any, name: str, phone_page: Any | None = None) -> list[Path]:
    """Save the table at desktop size (and the phone page's, if given) under SHOTS."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    paths = [SHOTS / f"{name}-desktop.png"]
    for shown in (page, phone_page):
        if shown is not None:
            shown.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(paths[0]))
    if phone_page is not None:
        paths.append(SHOTS / f"{name}-phone.png")
        phone_page.screenshot(path=str(paths[1]))
    return paths


def seat_kinds(players: int, bot: str = "bot:greedy") -> list[str]:
    return ["person", *([bot] * (players - 1))]


def parametrize_counts(counts: Iterable[int]) -> Any:
    return pytest.mark.parametrize("players", list(counts))
