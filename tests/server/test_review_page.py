"""The coach on the replay page of a finished game of each of the four games: the Review button
runs it with a progress bar, then the chart is under the replay slider, the log carries the labels
and the viewer's own weaker moves name the better one. Screenshots at desktop and phone size."""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

import pytest
from board_helpers import assert_no_js_errors, browser, new_page, screenshots  # noqa: F401  the browser fixture
from server_helpers import LiveServer

import magnates
from magnates.analysis import CoachSettings
from magnates.bots.playout import game_hooks
from magnates.core.chance import sample
from magnates.server import review

GAMES = [
    ("magnate", {"players": 2}),
    ("galactic-magnate", {"players": 2}),
    ("magistrate", {"players": 2}),
    ("magistratvm", {"players": 3}),
]


@pytest.fixture(autouse=True)
def quick_coach(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(review, "SETTINGS", CoachSettings(samples=1, candidates=3, depth=6))


def finished(name: str, options: dict[str, Any]) -> dict[str, Any]:
    game = magnates.load(name, **options)
    policy = game_hooks(game)["rollout_action"]
    rng = random.Random(5)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(sample(state.chance_outcomes(), rng) if state.is_chance_node() else policy(state, rng))
    return state.record().to_json()


def imported(server: LiveServer, record: dict[str, Any]) -> dict[str, Any]:
    request = urllib.request.Request(
        f"{server.url}/api/games/import", data=json.dumps(record).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as answer:
        return json.loads(answer.read())  # type: ignore[no-any-return]


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_review_of_a_finished_game_shows_chart_and_labels(
    browser: Any,  # noqa: F811
    live_server: LiveServer,
    name: str,
    options: dict[str, Any],
) -> None:
    created = imported(live_server, finished(name, options))
    token = created["seats"][0]["token"]
    pages = []
    for phone in (False, True):
        page = new_page(browser, phone=phone)
        page.goto(f"{live_server.url}/table.html?game={created['id']}&replay=1#token={token}")
        page.wait_for_selector("#replaybar:not(.hidden)")
        pages.append(page)
    desktop, phone_page = pages
    desktop.click("#review-start")
    desktop.wait_for_selector(".review-chart", timeout=180_000)
    for page in pages:
        if page is phone_page:
            page.reload()  # a second visitor gets the stored review at once
            page.wait_for_selector(".review-chart", timeout=30_000)
        page.click("#replay-last")
        page.wait_for_function("() => document.querySelectorAll('#log ol li .review-badge').length > 0")
        assert page.locator(".review-side").count() == max(2, options["players"])
        assert page.locator(".review-seat").count() >= 1
        assert_no_js_errors(page)
    labels = desktop.eval_on_selector_all("#log ol li .review-badge", "nodes => nodes.map(n => n.textContent)")
    assert set(labels) <= {"best", "good", "inaccuracy", "mistake", "blunder"} and labels
    shown = desktop.inner_text("#review")
    assert "accuracy" in shown
    shots = screenshots(desktop, f"review-{name}", phone_page)
    desktop.locator("#log").screenshot(path=str(shots[0].with_name(f"review-{name}-log.png")))


def test_hints_are_off_until_switched_on_in_a_game_against_a_bot(browser: Any, live_server: LiveServer) -> None:  # noqa: F811
    body = {"game": "magnate", "options": {}, "seats": [{"kind": "person"}, {"kind": "bot", "bot": "greedy"}]}
    request = urllib.request.Request(
        f"{live_server.url}/api/games", data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request) as answer:
        created = json.loads(answer.read())
    pages = []
    for phone in (False, True):
        page = new_page(browser, phone=phone)
        page.goto(f"{live_server.url}{created['seats'][0]['link']}")
        page.wait_for_selector("#hints:not(.hidden)")
        assert not page.is_checked("#hints-toggle") and not page.is_visible("#hint-ask")
        page.check("#hints-toggle")
        page.wait_for_selector("#hint-ask:visible")
        pages.append(page)
    desktop = pages[0]
    desktop.click("#hint-ask")
    desktop.wait_for_function("() => /suggests|No hint/.test(document.querySelector('.hint-text').textContent)")
    assert_no_js_errors(desktop)
    shots = screenshots(desktop, "hints-magnate", pages[1])
    desktop.locator("#actions-panel").screenshot(path=str(shots[0].with_name("hints-magnate-panel.png")))
