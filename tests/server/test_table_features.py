"""Around the board, in a real browser: the scoreboard matches the seat's view step by step,
the tab title says whose turn it is, the history can be stepped through during a game and left,
the end of a game shows its breakdown, the rules open at the table, chat, rematch, the turn clock,
and axe-core finds no serious accessibility problem. Screenshots go to test-artifacts/screenshots/."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest
from board_helpers import (  # noqa: F401  the browser fixture
    SHOTS,
    assert_no_js_errors,
    browser,
    click_a_button,
    my_turn,
    new_page,
    screenshots,
)
from server_helpers import LiveServer
from table_helpers import ApiError, axe_violations, call, create, open_seat, play_seat_to_the_end, seen, token_of

GAMES = {
    "magnate": ({"players": 2}, ["person", "bot:greedy"]),
    "galactic-magnate": ({"players": 2}, ["person", "bot:greedy"]),
    "magistrate": ({"players": 3}, ["person", "bot:greedy", "bot:greedy"]),
    "magistratvm": ({"players": 3}, ["person", "bot:greedy", "bot:greedy"]),
}


def expected_figures(game: str, view: dict[str, Any], seat: int) -> dict[str, int]:
    """What the scoreboard must show for `seat`, computed here from the view the API sends."""
    if game == "magnate":
        side = view["sides"][seat]
        return {"Tokens": sum(side["tokens"].values()), "Hand": side["hand_size"]}
    if game == "galactic-magnate":
        return {"Cash": view["cash"][seat], "Properties": sum(1 for o in view["owner"] if o == seat)}
    if game == "magistrate":
        return {"VP": view["vp"][seat], "Hand": view["hand_sizes"][seat], "Rings": view["rings"][seat]}
    return {"Tokens home": view["estate_tokens"][seat], "Patricians": view["patricians"][seat]}


def drawn_figures(page: Any, seat: int, labels: list[str]) -> dict[str, int]:
    row = page.locator(f"#scoreboard li[data-seat='{seat}']")
    return {label: int(row.locator(f"[data-stat='{label}']").get_attribute("data-value")) for label in labels}


def my_turn_now(server: LiveServer, game_id: str, token: str, seat: int = 0) -> dict[str, Any]:
    """The game as the server has it once it waits for `seat` (or is over): the step the page must show.

    Waiting on the page alone can pass on a position the page drew before its last move was answered;
    the server may then be steps ahead of what the page shows when the figures are read."""
    deadline = time.monotonic() + 30
    while True:
        now = seen(server, game_id, token)
        if now["status"] == "finished" or now["decider"] == seat:
            return now
        assert time.monotonic() < deadline, f"seat {seat + 1}'s turn never came (step {now['step']})"
        time.sleep(0.05)


def wait_my_turn(page: Any) -> None:
    page.wait_for_function(
        "() => document.body.dataset.status === 'finished'"
        " || document.body.dataset.decider === String(Magnates.table.snapshot().seat)"
    )


@pytest.mark.parametrize("game", list(GAMES))
def test_the_scoreboard_matches_the_view_step_by_step_and_the_rules_open(
    browser: Any,  # noqa: F811
    live_server: LiveServer,
    game: str,
) -> None:
    options, seats = GAMES[game]
    created = create(live_server, game, seats, options)
    gid, token = created["id"], token_of(created, 0)
    page = open_seat(browser, live_server, gid, token)
    rng = random.Random(5)
    for move in range(4):
        now = my_turn_now(live_server, gid, token)
        if now["status"] == "finished":
            break
        page.wait_for_function(f"() => Number(document.body.dataset.step) === {now['step']}")
        assert "Your turn" in page.title() and page.locator("#turn-banner").is_visible()
        active = page.locator("#scoreboard li.active")
        assert active.count() == 1 and active.get_attribute("data-seat") == str(now["decider"])
        for seat in range(len(seats)):
            expected = expected_figures(game, now["view"], seat)
            assert drawn_figures(page, seat, list(expected)) == expected, f"seat {seat + 1} after move {move}"
        if move == 1:
            screenshots(page, f"table-{game}-middle")
        click_a_button(page, rng, avoid=("resign", "concede"))
    # The last move is shown in words, as the log says it.
    now = my_turn_now(live_server, gid, token)
    page.wait_for_function(f"() => Number(document.body.dataset.step) === {now['step']}")
    last = [e for e in now["log"] if e["text"] != "(hidden)"][-1]
    shown = page.locator("#lastmove .lastmove-text").inner_text()
    assert shown.startswith(f"{last['who']}: "), shown
    # as the log beside the board words it (a game may word its log lines for people, e.g. Magistrate's)
    assert shown == page.locator("#log li:not(.hiddenmove)").last.inner_text()
    # Rules at the table: this game's cheatsheet for these options.
    sheet = call(
        live_server, "GET", f"/api/games/{game}/cheatsheet?options=" + ",".join(f"{k}={v}" for k, v in options.items())
    )
    page.click("#rules-button")
    page.wait_for_selector("#rules-panel[open] .md")
    assert page.locator("#rules-title").inner_text() == sheet["title"]
    first_heading = next(
        line.lstrip("# ").replace("**", "") for line in sheet["text"].splitlines() if line.startswith("#")
    )
    assert first_heading in page.locator("#rules-panel .md").inner_text()
    assert page.locator("#rules-panel .md h3, #rules-panel .md h4").count() >= 1
    page.click("#rules-close")
    assert page.locator("#rules-panel[open]").count() == 0
    phone = open_seat(browser, live_server, gid, token, phone=True)
    screenshots(page, f"table-{game}-middle", phone_page=phone)
    assert_no_js_errors(page)
    assert_no_js_errors(phone)


def test_the_tab_title_says_whose_turn_it_is(browser: Any, live_server: LiveServer) -> None:  # noqa: F811
    created = create(live_server, "magistratvm", ["person", "person", "person"], {"players": 3})
    gid = created["id"]
    pages = [open_seat(browser, live_server, gid, token_of(created, s)) for s in range(3)]
    rng = random.Random(2)
    seen_titles: set[int] = set()
    for _ in range(12):
        decider = seen(live_server, gid, None)["decider"]
        for seat, page in enumerate(pages):
            page.wait_for_function(f"() => document.body.dataset.decider === '{decider}'")
            mine = page.title().startswith("● Your turn")
            assert mine == (seat == decider), f"seat {seat + 1}'s title reads {page.title()!r}"
            assert page.locator("#turn-banner").is_visible() == (seat == decider)
        seen_titles.add(decider)
        if len(seen_titles) >= 2:
            break
        click_a_button(pages[decider], rng)
    assert len(seen_titles) >= 2, "the turn never passed to another player"


def test_the_history_steps_back_during_a_game_and_returns_to_live(browser: Any, live_server: LiveServer) -> None:  # noqa: F811
    created = create(live_server, "magnate", ["person", "bot:greedy"], {"players": 2})
    gid, token = created["id"], token_of(created, 0)
    page = open_seat(browser, live_server, gid, token)
    rng = random.Random(1)
    for _ in range(2):
        wait_my_turn(page)
        click_a_button(page, rng)
    live_step = my_turn_now(live_server, gid, token)["step"]  # the server waits on this seat: the page stays
    page.wait_for_function(f"() => Number(document.body.dataset.step) === {live_step}")
    page.click("#history-button")
    page.wait_for_function("() => document.body.dataset.history === '1'")
    page.wait_for_function(f"() => Number(document.body.dataset.step) === {live_step - 1}")
    assert page.locator("#actions-panel").is_hidden(), "no choices while looking at the past"
    assert "History" in page.locator("#status").inner_text()
    past = call(live_server, "GET", f"/api/games/{gid}/replay/{live_step - 1}", token=token)
    assert page.evaluate("() => Magnates.table.snapshot().view") == past["view"]
    page.click("#replay-first")
    page.wait_for_function("() => Number(document.body.dataset.step) === 0")
    page.click("#replay-next")
    page.wait_for_function("() => Number(document.body.dataset.step) === 1")
    page.click("#replay-live")
    page.wait_for_function(
        f"() => document.body.dataset.history === '' && Number(document.body.dataset.step) === {live_step}"
    )
    assert page.locator("#replaybar").is_hidden() and page.locator("#actions-panel").is_visible()
    assert my_turn(page)
    assert_no_js_errors(page)


REACHABLE = """sel => { const el = document.querySelector(sel); el.scrollIntoView({block: 'center'});
  const r = el.getBoundingClientRect(); const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return el.contains(hit) ? '' : (hit ? hit.outerHTML.slice(0, 80) : 'nothing'); }"""


@pytest.mark.parametrize("game", list(GAMES))
def test_the_choices_beside_the_board_never_cover_the_log_chat_or_history(
    browser: Any,  # noqa: F811
    live_server: LiveServer,
    game: str,
) -> None:
    """On a wide screen the choices head the right-hand column, in one scrolling box with the log,
    chat and game tools: a long list of choices pushes those down instead of lying over them."""
    options, seats = GAMES[game]
    created = create(live_server, game, seats, options)
    page = open_seat(browser, live_server, created["id"], token_of(created, 0))
    rng = random.Random(2)
    for _ in range(2):
        wait_my_turn(page)
        click_a_button(page, rng, avoid=("resign", "concede"))
    wait_my_turn(page)
    page.wait_for_selector("#history-button")
    page.wait_for_selector("#chat:not(.hidden)")
    assert page.evaluate("() => document.getElementById('actions-panel').parentElement.className") == "table-column"
    # However long this turn's list, as if it were far longer than the window (a deal with many deeds):
    page.evaluate("() => { document.getElementById('actions').style.minHeight = '1500px'; }")
    for target in ("#actions button", "#history-button", "#log ol", "#chat"):
        assert page.evaluate(REACHABLE, target) == "", f"{target} is covered"
    page.set_viewport_size({"width": 1000, "height": 800})  # narrower: the choices go back under the board
    page.wait_for_function("() => document.getElementById('actions-panel').parentElement.className === 'table-centre'")
    page.set_viewport_size({"width": 1280, "height": 800})
    page.wait_for_function("() => document.getElementById('actions-panel').parentElement.className === 'table-column'")
    page.click("#history-button")
    page.wait_for_function("() => document.body.dataset.history === '1'")
    assert_no_js_errors(page)


def test_a_spectators_replay_of_an_unfinished_game_says_why_without_a_replay_bar(
    browser: Any,  # noqa: F811
    live_server: LiveServer,
) -> None:
    created = create(live_server, "magnate", ["person", "bot:greedy"], {"players": 2})
    page = new_page(browser)
    page.goto(f"{live_server.url}/table.html?game={created['id']}&replay=1")
    page.wait_for_selector("#error:not(.hidden)")
    assert "only once it is finished" in page.locator("#error").inner_text()
    assert page.locator("#replaybar").is_hidden(), "no bar of buttons that cannot replay anything"
    assert_no_js_errors(page)


def test_the_end_of_a_game_shows_the_breakdown_and_every_hand(browser: Any, live_server: LiveServer) -> None:  # noqa: F811
    created = create(live_server, "magnate", ["person", "bot:greedy"], {"players": 2})
    gid, token = created["id"], token_of(created, 0)
    final = play_seat_to_the_end(live_server, gid, {0: token})
    result = seen(live_server, gid, token)["result"]
    page = open_seat(browser, live_server, gid, token)
    page.wait_for_selector(".end-panel")
    panel = page.locator(".end-panel")
    winner = "Player 1" if result["winners"] == [0] else "Player 2"
    assert f"Game over: {winner}" in panel.locator("h2").inner_text() or len(result["winners"]) > 1
    scores = panel.locator("table[aria-label='final scores'] tr", has_text="score").first.locator("td")
    assert [float(scores.nth(i).inner_text().replace(",", "")) for i in range(2)] == result["scores"]
    districts = panel.locator("table[aria-label='districts'] tbody tr")
    assert districts.count() == len(result["details"]["district_winners"])
    for d, won_by in enumerate(result["details"]["district_winners"]):
        expected = "tied: nobody" if won_by is None else f"Player {won_by + 1}"
        assert expected in districts.nth(d).locator("td").last.inner_text()
    if result["reason"].startswith("tiebreak"):
        assert "the tie is broken by" in panel.locator(".end-reason").inner_text()
    assert page.locator("#replay-link").is_visible()
    assert final["status"] == "finished"
    phone = open_seat(browser, live_server, gid, token, phone=True)
    screenshots(page, "table-magnate-end", phone_page=phone)
    assert_no_js_errors(page)


@pytest.mark.parametrize(
    ("game", "options"),
    [
        ("galactic-magnate", {"players": 2, "max_rounds": 2}),
        ("magistratvm", {"players": 3, "turn_limit": 2}),
        ("magistrate", {"players": 2}),
    ],
)
def test_every_game_ends_with_a_readable_breakdown(
    browser: Any,  # noqa: F811
    live_server: LiveServer,
    game: str,
    options: dict[str, Any],
) -> None:
    seats = ["person"] + ["bot:greedy"] * (options["players"] - 1)
    created = create(live_server, game, seats, options)
    gid, token = created["id"], token_of(created, 0)
    play_seat_to_the_end(live_server, gid, {0: token})
    result = seen(live_server, gid, token)["result"]
    page = open_seat(browser, live_server, gid, token)
    page.wait_for_selector(".end-panel")
    table = page.locator(".end-panel table[aria-label='final scores']")
    places = table.locator("tr", has_text="place").first.locator("td")
    ordinal = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th"}
    assert [places.nth(i).inner_text() for i in range(len(seats))] == [ordinal[p] for p in result["ranking"]]
    assert table.locator("tbody tr").count() >= 3, "the breakdown has rows beyond place and score"
    assert page.locator(".end-panel .end-reason").inner_text().strip()
    assert page.locator("#scoreboard .sb-place").count() == len(seats)
    phone = open_seat(browser, live_server, gid, token, phone=True)
    screenshots(page, f"table-{game}-end", phone_page=phone)
    assert_no_js_errors(page)


def server_has(live_server: LiveServer, path: str, token: str | None = None) -> bool:
    try:
        call(live_server, "POST", path, {"text": "probe"} if path.endswith("chat") else None, token)
    except ApiError as err:
        return err.status != 404
    return True


def test_two_players_chat_and_a_mute_hides_it(browser: Any, live_server: LiveServer) -> None:  # noqa: F811
    created = create(live_server, "magnate", ["person", "person"], {"players": 2})
    gid, ana, bea = created["id"], token_of(created, 0), token_of(created, 1)
    if not server_has(live_server, f"/api/games/{gid}/chat", ana):
        pytest.skip("the server has no chat endpoint yet (POST /api/games/{id}/chat answers 404)")
    first, second = open_seat(browser, live_server, gid, ana), open_seat(browser, live_server, gid, bea)
    first.fill("#chat-text", "<b>good luck</b>")
    first.press("#chat-text", "Enter")  # on her turn the choices may cover the Send button (a known layout issue)
    second.wait_for_selector(".chat-line:has-text('good luck')")
    said = second.locator(".chat-line .chat-said").last
    assert said.inner_text() == "<b>good luck</b>", "chat text is shown as text, never as markup"
    assert second.locator(".chat-line b").count() == 0
    second.check("#chat-mute")
    assert second.locator(".chat-list").is_hidden()
    first.fill("#chat-text", "are you there?")
    first.press("#chat-text", "Enter")
    second.wait_for_selector("#chat-unread:not(.hidden)")
    second.reload()
    second.wait_for_selector("#scoreboard li")
    assert second.locator("#chat-mute").is_checked(), "the mute is remembered"
    assert second.locator(".chat-list").is_hidden()
    assert_no_js_errors(first)
    assert_no_js_errors(second)


def test_a_rematch_opens_the_new_table_with_its_own_seat(browser: Any, live_server: LiveServer) -> None:  # noqa: F811
    created = create(live_server, "galactic-magnate", ["person", "bot:greedy"], {"players": 2, "max_rounds": 1})
    gid, token = created["id"], token_of(created, 0)
    play_seat_to_the_end(live_server, gid, {0: token})
    if not server_has(live_server, f"/api/games/{gid}/rematch", "not-a-token"):
        pytest.skip("the server has no rematch endpoint yet (POST /api/games/{id}/rematch answers 404)")
    page = open_seat(browser, live_server, gid, token)
    page.click("#rematch")
    page.wait_for_url(lambda url: gid not in url)
    page.wait_for_function(
        "() => document.body !== null && document.body.dataset.step !== undefined"
        " && document.querySelector('#scoreboard li')"
    )
    assert "#token" not in page.url, "the new seat's secret leaves the address bar"
    assert page.evaluate("() => Magnates.table.snapshot().seat") == 0
    assert page.evaluate("() => Magnates.table.snapshot().status") == "playing"


def test_a_timed_turn_counts_down_and_the_bot_plays_it(browser: Any, live_server: LiveServer) -> None:  # noqa: F811
    try:
        created = create(
            live_server,
            "magistratvm",
            ["person", "bot:greedy", "bot:greedy"],
            {"players": 3},
            turn_seconds=10,
            timeout_bot="greedy",
        )
    except ApiError as err:
        pytest.skip(f"the server does not take a turn clock yet ({err})")
    gid, token = created["id"], token_of(created, 0)
    page = open_seat(browser, live_server, gid, token)
    if not seen(live_server, gid, token).get("timer"):
        pytest.skip("the server sends no turn clock yet (no `timer` in the snapshot)")
    wait_my_turn(page)
    page.wait_for_selector("#timer:not(.hidden)")
    assert ":" in page.locator("#timer").inner_text() and "left for you" in page.locator("#timer").inner_text()
    start = time.monotonic()
    page.wait_for_function(
        "() => [...document.querySelectorAll('#log li')].some((li) => li.textContent.includes('Time ran out'))",
        timeout=30_000,
    )
    assert time.monotonic() - start > 3
    assert page.locator("#log li.timeout").count() >= 1


@pytest.mark.parametrize(
    ("game", "players"), [("magnate", 2), ("galactic-magnate", 5), ("magistrate", 4), ("magistratvm", 4)]
)
def test_every_seat_and_its_score_are_in_view_on_a_phone(
    browser: Any,  # noqa: F811
    live_server: LiveServer,
    game: str,
    players: int,
) -> None:
    """The phone's one-line scoreboard: names give way before a chip or its score is cut off."""
    created = create(live_server, game, ["person", *["bot:greedy"] * (players - 1)], {"players": players})
    phone = open_seat(browser, live_server, created["id"], token_of(created, 0), phone=True)
    chips = phone.evaluate(
        """() => [...document.querySelectorAll('#scoreboard li')].map((li) => {
            const chip = li.getBoundingClientRect(), score = li.querySelector('.sb-score').getBoundingClientRect();
            return { seat: li.dataset.seat, left: chip.left, right: chip.right, scoreLeft: score.left,
                     scoreRight: score.right, width: window.innerWidth };
        })"""
    )
    phone.screenshot(path=str(SHOTS / f"table-{game}-{players}p-scoreboard-phone.png"))
    assert len(chips) == players
    for chip in chips:
        assert chip["left"] >= 0 and chip["right"] <= chip["width"], f"seat {chip['seat']}'s chip is cut off: {chip}"
        assert chip["left"] <= chip["scoreLeft"] and chip["scoreRight"] <= chip["right"], f"score cut: {chip}"
    # a seat's own chip says "you"; the others' default names are left to their numbered badges
    assert phone.locator("#scoreboard li.me .sb-short").inner_text() == "you"
    assert phone.locator("#scoreboard li:not(.me) .sb-short:visible").count() == 0
    # the bare scores are named once above them, with what a tap does
    score_label = phone.locator("#scoreboard li .sb-score").first.get_attribute("data-stat")
    legend = phone.locator("#scoreboard .sb-legend")
    assert legend.is_visible()
    assert legend.inner_text().lower().startswith(str(score_label).lower())
    assert "tap for every figure" in legend.inner_text()
    phone.locator("#scoreboard").click()
    assert legend.inner_text().replace("\n", " ").startswith("PLAYERS tap to fold")  # each figure labelled now
    assert phone.locator("#scoreboard li .sb-stat .sb-label").first.is_visible()
    phone.screenshot(path=str(SHOTS / f"table-{game}-{players}p-scoreboard-open-phone.png"))
    assert_no_js_errors(phone)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_table_passes_an_axe_scan(browser: Any, live_server: LiveServer, game: str) -> None:  # noqa: F811
    options, seats = GAMES[game]
    created = create(live_server, game, seats, options)
    page = open_seat(browser, live_server, created["id"], token_of(created, 0), bypass_csp=True)
    wait_my_turn(page)
    problems = axe_violations(page)
    assert not problems, "\n".join(f"{p['id']} ({p['impact']}): {p['help']}: {p['nodes']}" for p in problems)


# The lobby is the server side's page: what axe found there on 2026-11-24, reported to its author. A new kind of
# problem fails this test; remove an entry once it is fixed (this set must only shrink).
KNOWN_LOBBY_PROBLEMS: set[str] = set()  # findings allowed for now (none)


def test_the_magnate_roller_passes_an_axe_scan(browser: Any, live_server: LiveServer) -> None:  # noqa: F811
    page = new_page(browser, bypass_csp=True)
    page.goto(f"{live_server.url}/roller.html")
    page.wait_for_selector("#sheet h2")
    page.click("#roll")
    page.wait_for_selector("#roll-text li")
    problems = axe_violations(page)
    assert not problems, "\n".join(f"{p['id']} ({p['impact']}): {p['help']}: {p['nodes']}" for p in problems)


def test_the_lobby_passes_an_axe_scan_but_for_known_problems(browser: Any, live_server: LiveServer) -> None:  # noqa: F811
    page = new_page(browser, bypass_csp=True)
    page.goto(f"{live_server.url}/index.html")
    page.wait_for_selector("#game option", state="attached")
    problems = [p for p in axe_violations(page) if p["id"] not in KNOWN_LOBBY_PROBLEMS]
    assert not problems, "\n".join(f"{p['id']} ({p['impact']}): {p['help']}: {p['nodes']}" for p in problems)
