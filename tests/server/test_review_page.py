"""The coach on a finished game of each of the four games: the live table's end screen offers the
review, which runs with a progress bar; then the chart is under the replay slider, the log carries
the labels, and the viewer's own weaker moves name the better one and mark it on the board. The
replay page shows a stored review at once. Screenshots at desktop and phone size."""

from __future__ import annotations

import json
import random
import urllib.request
from typing import Any

import pytest
from board_helpers import assert_no_js_errors, browser, new_page, screenshots  # noqa: F401  the browser fixture
from server_helpers import LiveServer
from table_helpers import AXE

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


MARKED = ("inaccuracy", "mistake", "blunder")
SEEK = """step => { const slider = document.getElementById('replay-step');
  slider.value = String(step); slider.dispatchEvent(new Event('input')); }"""
SHOWN = """step => { const where = document.querySelector(`.review-move[data-step="${step}"] .review-where`);
  return document.body.dataset.step === String(step) && where !== null
    && /board|words only/.test(where.textContent); }"""


def fetched(server: LiveServer, path: str) -> dict[str, Any]:
    with urllib.request.urlopen(f"{server.url}{path}") as answer:
        return json.loads(answer.read())  # type: ignore[no-any-return]


def review_axe_violations(page: Any) -> list[dict[str, Any]]:
    """Serious and critical axe-core violations in what the review adds: its panel, the log's labels,
    the legend (the games' own boards have their scan in test_table_features)."""
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async () => (await axe.run({ include: [['#review'], ['#log'], ['#legend']] },
          { resultTypes: ['violations'] })).violations"""
    )
    return [
        {"id": v["id"], "impact": v["impact"], "help": v["help"], "targets": [n["target"] for n in v["nodes"][:4]]}
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def weaker(decision: dict[str, Any], seat: int) -> bool:
    """A move of `seat`'s that the coach draws a better one for (as review.js `drawsBetter`)."""
    return decision["seat"] == seat and decision["label"] in MARKED and decision["best"] != decision["action"]


def show_better_move(page: Any, review_json: dict[str, Any], seat: int) -> tuple[int, int]:
    """Select the viewer's weaker moves one by one (by the slider) until one's better move is marked
    on the board; the step and how many things are marked. Each selected move is said to be on the
    board exactly when something carries the coach's mark."""
    mine = [d for d in review_json["decisions"] if weaker(d, seat)]
    assert mine, "the viewer made no weaker move to draw a better one for"
    for decision in mine[:8]:
        step = decision["step"] + 1
        page.evaluate(SEEK, step)
        page.wait_for_function(SHOWN, arg=step)
        said = page.inner_text(".review-where")
        marks = page.locator("#board .coach-better").count()
        assert ("marked on the board" in said) == (marks > 0), said
        if marks:
            return step, marks
    raise AssertionError("none of the viewer's weaker moves was drawn on the board")


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_review_from_the_end_screen_shows_chart_labels_and_the_better_move_on_the_board(
    browser: Any,  # noqa: F811
    live_server: LiveServer,
    name: str,
    options: dict[str, Any],
) -> None:
    """The live table's end screen offers the review; it runs there (progress bar, then the chart
    under the replay slider and the labels in the log); a second visitor's replay page shows the
    stored review at once; on both, a weaker move of one's own has its better move marked on the
    board, with the legend saying what the mark is."""
    created = imported(live_server, finished(name, options))
    token = created["seats"][0]["token"]
    pages = []
    for phone in (False, True):
        page = new_page(browser, phone=phone, bypass_csp=not phone)  # the desktop page gets an axe scan
        page.goto(f"{live_server.url}/table.html?game={created['id']}#token={token}")
        page.wait_for_selector("#end-review")
        assert page.is_hidden("#review") and page.is_hidden("#replaybar")
        pages.append(page)
    desktop, phone_page = pages
    ends = screenshots(desktop, f"review-end-{name}", phone_page)
    phone_page.evaluate("() => document.getElementById('end-review').scrollIntoView({ block: 'center' })")
    phone_page.screenshot(path=str(ends[1].with_name(f"review-end-{name}-phone-button.png")))  # below the scores
    desktop.click("#end-review")  # the review starts at once: no second button to press
    desktop.wait_for_selector("#replaybar:not(.hidden)")
    desktop.wait_for_selector(".review-chart", timeout=180_000)
    steps = int(desktop.evaluate("() => document.getElementById('replay-step').max"))
    assert desktop.evaluate("() => document.body.dataset.step") == str(steps)  # the game's end, in the history
    review_json = fetched(live_server, f"/api/games/{created['id']}/review")["review"]
    # The board mark is for one's own weaker moves: seen by a seat that made some (the first such).
    viewer = next(seat for seat in range(options["players"]) if any(weaker(d, seat) for d in review_json["decisions"]))
    if viewer != 0:  # that seat's own table: its end screen shows the stored review at once
        token = created["seats"][viewer]["token"]
        desktop.goto(f"{live_server.url}/table.html?game={created['id']}&seat={viewer + 1}#token={token}")
        desktop.click("#end-review")
        desktop.wait_for_selector(".review-chart", timeout=30_000)
    phone_page.goto(f"{live_server.url}/table.html?game={created['id']}&replay=1#token={token}")
    phone_page.wait_for_selector(".review-chart", timeout=30_000)  # stored: shown at once
    for page in pages:
        page.click("#replay-last")
        page.wait_for_function("() => document.querySelectorAll('#log ol li .review-badge').length > 0")
        assert page.locator(".review-side").count() == max(2, options["players"])
        assert page.locator(".review-seat").count() >= 1
        labels = page.eval_on_selector_all("#log ol li .review-badge", "nodes => nodes.map(n => n.textContent)")
        assert set(labels) <= {"best", "good", "inaccuracy", "mistake", "blunder"} and labels
        assert "accuracy" in page.inner_text("#review")
        step, marks = show_better_move(page, review_json, seat=viewer)
        assert marks > 0
        assert page.locator("#legend [data-mark=coach-better]").count() == 1
        assert_no_js_errors(page)
    # A label in the log shows its step.
    badge = desktop.locator("#log ol li .review-badge").first
    logged = int(badge.evaluate("node => node.closest('li').value"))
    badge.click()
    desktop.wait_for_function("step => document.body.dataset.step === String(step)", arg=logged)
    desktop.evaluate(SEEK, step)
    desktop.wait_for_function(SHOWN, arg=step)
    desktop.wait_for_selector("#board .coach-better")
    # The coach's mark is drawn unlike the last move's (dotted) and the clickable things' (solid).
    swatch = "() => getComputedStyle(document.querySelector('#legend .legend-swatch.coach-better')).outlineStyle"
    assert desktop.evaluate(swatch) == "dashed"
    problems = review_axe_violations(desktop)
    assert not problems, "\n".join(f"{p['id']} ({p['impact']}): {p['help']}: {p['targets']}" for p in problems)
    shots = screenshots(desktop, f"review-{name}", phone_page)
    desktop.locator("#log").screenshot(path=str(shots[0].with_name(f"review-{name}-log.png")))
    for page, size in ((desktop, "desktop"), (phone_page, "phone")):  # the mark itself, in the middle of the screen
        page.evaluate("() => document.querySelector('#board .coach-better').scrollIntoView({ block: 'center' })")
        page.screenshot(path=str(shots[0].with_name(f"review-mark-{name}-{size}.png")))
    # Back to live: the end screen again, without the review panel.
    desktop.click("#replay-live")
    desktop.wait_for_selector("#end-review")
    assert desktop.is_hidden("#review")


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


ACTIONS_OF = "nodes => nodes.map(n => n.dataset.action)"


@pytest.mark.parametrize(("name", "options"), [GAMES[0], GAMES[3]], ids=[GAMES[0][0], GAMES[3][0]])
def test_learn_from_your_mistakes_tries_each_weaker_move_again(
    browser: Any,  # noqa: F811
    live_server: LiveServer,
    name: str,
    options: dict[str, Any],
) -> None:
    """Once reviewed, "Learn from your mistakes" shows each of the viewer's mistakes and blunders at
    the position where it was chosen, with the moves the coach judged there in the order of their ids;
    a try is answered from the review's chances, and the coach's move is shown on request."""
    created = imported(live_server, finished(name, options))
    first = new_page(browser)
    first.goto(f"{live_server.url}/table.html?game={created['id']}#token={created['seats'][0]['token']}")
    first.click("#end-review")
    first.wait_for_selector(".review-chart", timeout=180_000)
    review_json = fetched(live_server, f"/api/games/{created['id']}/review")["review"]
    viewer = next(
        seat
        for seat in range(options["players"])
        if any(weaker(d, seat) and d["label"] in ("mistake", "blunder") for d in review_json["decisions"])
    )
    mine = [d for d in review_json["decisions"] if weaker(d, viewer) and d["label"] in ("mistake", "blunder")]
    assert mine, "the viewer made no mistake or blunder to practise"
    token = created["seats"][viewer]["token"]
    pages = []
    for phone in (False, True):  # the live table's end screen on the desktop, the replay page on the phone
        page = new_page(browser, phone=phone, bypass_csp=not phone)  # the desktop page gets an axe scan
        replay = "&replay=1" if phone else ""
        page.goto(f"{live_server.url}/table.html?game={created['id']}{replay}&seat={viewer + 1}#token={token}")
        if not phone:
            page.click("#end-review")
        page.wait_for_selector(".review-chart", timeout=30_000)  # stored: shown at once
        page.click(".review-practice-open")
        page.wait_for_selector(".review-practice")
        pages.append(page)
    desktop, phone_page = pages
    assert f"({len(mine)})" in desktop.inner_text(".review-practice-open")
    first_move = mine[0]
    # the position where the move was chosen, and the moves judged there, by id
    desktop.wait_for_function("step => document.body.dataset.step === String(step)", arg=first_move["step"])
    shown = [int(a) for a in desktop.eval_on_selector_all(".practice-choice", ACTIONS_OF)]
    assert shown == sorted(c["action"] for c in first_move["choices"])
    assert f"At move {first_move['step'] + 1} you played" in desktop.inner_text(".practice-task")
    # the move played is not an answer; the best one is
    desktop.click(f".practice-choice[data-action='{first_move['action']}']")
    assert "That is the move you played" in desktop.inner_text(".practice-said")
    desktop.click(f".practice-choice[data-action='{first_move['best']}']")
    assert desktop.inner_text(".practice-said").startswith("Best move!")
    assert desktop.inner_text(".practice-tally") == f"1 of {len(mine)} found"
    screenshots(desktop, f"review-practice-{name}", phone_page)
    problems = review_axe_violations(desktop)
    assert not problems, "\n".join(f"{p['id']} ({p['impact']}): {p['help']}: {p['targets']}" for p in problems)
    if len(mine) > 1:  # the next one: the coach's move on request, marked among the choices
        desktop.click(".practice-next")
        desktop.wait_for_function("step => document.body.dataset.step === String(step)", arg=mine[1]["step"])
        desktop.click(".practice-answer")
        assert mine[1]["best_text"] in desktop.inner_text(".practice-said")
        marked = desktop.eval_on_selector_all(".practice-choice.practice-right", ACTIONS_OF)
        assert marked == [str(mine[1]["best"])]
    desktop.click(".practice-stop")
    desktop.wait_for_selector(".review-practice", state="detached")
    assert desktop.is_visible(".review-practice-open") and desktop.is_visible(".review-move-box")
    for page in pages:
        assert_no_js_errors(page)
