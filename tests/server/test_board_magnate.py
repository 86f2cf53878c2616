"""Magnate drawn in the browser, in every layout: two players, three in the Y, Mega and solo against the
automa. Seat 1 plays a whole game against greedy bots, mostly by clicking on its cards, the districts, its
tokens and the piles; the drawn table is checked against the seat's view during the game and at the end,
and kept as screenshots at desktop and phone size."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from board_helpers import (  # noqa: F401
    DESKTOP,
    PHONE,
    assert_no_js_errors,
    assert_reads_as_words,
    browser,
    click_a_button,
    my_turn,
    open_table,
    screenshots,
    seat_kinds,
    snapshot,
)

import magnates
from magnates.games.magnate.game import MagnateGame

AVOID = ("resign", "concede")
ACTIONABLE = "#board [data-target].actionable"
CHOICES = ".chooser button[data-action]"
CASES = {
    "2p": (2, {}),
    "3p": (3, {"players": "3"}),
    "mega": (2, {"mega": "true"}),
    "solo": (1, {"players": "1"}),
}


DRAWN = """() => {
  const board = document.querySelector('#board');
  const rect = (node) => {
    const r = node.getBoundingClientRect();
    return {x: r.x, y: r.y, width: r.width, height: r.height};
  };
  const q = (sel) => [...board.querySelectorAll(sel)];
  return {
    markers: q('.mg-marker').map((m) => ({district: m.dataset.district, name: m.getAttribute('aria-label'),
      box: rect(m)})),
    lanes: q('.mg-lane').map((l) => ({district: l.dataset.district, side: Number(l.dataset.side),
      name: l.getAttribute('aria-label'), box: rect(l),
      cards: [...l.querySelectorAll('svg.card')].map((c) => c.dataset.card)})),
    hand: q('.mg-myhand svg.card').map((c) => ({card: c.dataset.card, name: c.getAttribute('aria-label')})),
    backs: q('.mg-hand.theirs svg.card.back').map((c) => c.getAttribute('aria-label')),
    allBacks: q('svg.card.back').length,
    faces: q('svg.card:not(.back)').length,
    tokens: q('.mg-tokens [data-suit]').map((t) => t.getAttribute('aria-label')),
    automa: q(".kit-player[aria-label='the Automa']").length,
    y: q('svg.mg-y').length,
    board: rect(board.querySelector('svg.mg-board')),
    scrolls: board.scrollWidth > board.clientWidth + 1,
    text: board.innerText,
  };
}"""


def check_table(page: Any, case: str) -> None:
    """What the seat may see is drawn, named and agrees with its view; nothing hidden is shown."""
    s = snapshot(page)
    view, seat = s["view"], s["seat"]
    drawn = page.evaluate(DRAWN)
    districts = view["districts"]
    markers = {m["district"]: m for m in drawn["markers"]}
    assert sorted(markers) == sorted(d["name"] for d in districts)
    lanes = {(lane["district"], lane["side"]): lane for lane in drawn["lanes"]}
    assert len(lanes) == len(drawn["lanes"]) == sum(len(d["contested_by"]) for d in districts)
    for d in districts:
        assert markers[d["name"]]["name"].startswith(f"district {d['name']} ("), markers[d["name"]]["name"]
        for side in d["contested_by"]:
            lane = lanes[(d["name"], side)]
            assert lane["name"] and f"lane at {d['name']}:" in lane["name"], lane["name"]
            assert sorted(lane["cards"]) == sorted(entry["card"] for entry in d["lanes"][side]), (d["name"], side)
    # your hand face up, every card named; the others' hands as named backs
    hand = view["sides"][seat]["hand"]
    assert [c["card"] for c in drawn["hand"]] == hand
    for c in drawn["hand"]:
        assert c["name"].startswith(f"{c['card']} in your hand: "), c["name"]
    hidden = sum(side["hand_size"] for i, side in enumerate(view["sides"]) if i != seat and not side["automa"])
    assert len(drawn["backs"]) == drawn["allBacks"] == hidden
    assert all(drawn["backs"]), "a card back without a name"
    # face-up cards: the lanes, your hand, a card sold to the automa; nothing else
    in_lanes = sum(len(lane) for d in districts for lane in d["lanes"])
    assert drawn["faces"] == in_lanes + len(hand) + (1 if view["sold_card"] else 0)
    assert len(drawn["tokens"]) == 6 * sum(1 for side in view["sides"] if not side["automa"]) and all(drawn["tokens"])
    text = drawn["text"].upper()
    assert f"TURN\n{view['turn']}" in text, text[:200]
    assert "LEADING NOW" in text or "DISTRICTS WON" in text
    for label in ("Crowns", "Properties", "Deeds", "Aces", "Sales", "Lost to tax", "Draw pile", "Discard pile"):
        assert label.upper() in text, label
    if view["phase"] == "main":
        assert f"{view['plays_left']} OF {2 if case == 'mega' else 1}" in text
    assert drawn["automa"] == (1 if case == "solo" else 0)
    # never a district cut off or behind a scroll
    board = drawn["board"]
    for m in drawn["markers"]:
        assert board["x"] - 1 <= m["box"]["x"] and m["box"]["x"] + m["box"]["width"] <= board["x"] + board["width"] + 1
    assert not drawn["scrolls"]
    if case == "3p":
        check_the_y(drawn, view, seat)
    assert_reads_as_words(page)
    assert_no_js_errors(page)


def check_the_y(drawn: dict[str, Any], view: dict[str, Any], seat: int) -> None:
    """Each seat builds on its own side: yours below each marker, the next seat's to the left or above,
    the last seat's to the right or above; six districts around the Excuse, shared by all three."""
    assert drawn["y"] == 1
    left = (seat + 1) % 3
    hub = next(d for d in view["districts"] if not d["suits"])
    assert hub["contested_by"] == [0, 1, 2] and len(view["districts"]) == 7
    markers = {m["district"]: m["box"] for m in drawn["markers"]}
    for lane in drawn["lanes"]:
        marker, box = markers[lane["district"]], lane["box"]
        above = box["y"] + box["height"] <= marker["y"] + 1
        if lane["side"] == seat:
            assert box["y"] >= marker["y"] + marker["height"] - 1, lane["name"]
        elif lane["side"] == left:
            assert box["x"] + box["width"] <= marker["x"] + 1 or above, lane["name"]
        else:
            assert box["x"] >= marker["x"] + marker["width"] - 1 or above, lane["name"]


def click_purposefully(page: Any, rng: random.Random) -> bool:
    """Click one actionable thing on the board as a player with a plan would: mostly a card (to build)
    or End turn, sometimes a district, a token or the discard pile; in a chooser, building before
    selling or trading. False when nothing on the board is actionable."""
    things = page.locator(ACTIONABLE)
    keys = page.evaluate(f"() => [...document.querySelectorAll('{ACTIONABLE}')].map((n) => n.dataset.target)")
    if not keys:
        return False
    weights = [0.5 if key.startswith(("token:", "discard")) else 6 if key == "end-turn" else 4 for key in keys]
    pick = rng.choices(range(len(keys)), weights)[0]
    step = int(page.evaluate("() => document.body.dataset.step"))
    things.nth(pick).click()
    if page.locator(".chooser").count():
        # its heading is the thing's short name; the spoken name's copy of the text is not shown twice
        assert " · shows " not in page.locator(".chooser-title").inner_text()
        choices = page.locator(CHOICES)
        texts = page.evaluate(f"() => [...document.querySelectorAll('{CHOICES}')].map((b) => b.textContent)")
        for prefer in (("develop", "buy", "take", "automa"), ("add",), ("sell",), ("",)):
            fine = [i for i, t in enumerate(texts) if t.startswith(prefer)]
            if fine:
                choices.nth(rng.choice(fine)).click()
                break
    page.wait_for_function(
        f"() => Number(document.body.dataset.step) !== {step}"
        " || !document.querySelector('#error').classList.contains('hidden')"
    )
    assert page.locator("#error").is_hidden(), page.locator("#error").inner_text()
    return True


def play(page: Any, seed: int, moves: int = 3000) -> tuple[int, int]:
    """Seat 1 plays `moves` moves or to the end, on the board when it can; returns (on board, by buttons)."""
    rng = random.Random(seed)
    on_board = by_button = 0
    while on_board + by_button < moves and page.evaluate("() => document.body.dataset.status") != "finished":
        if not my_turn(page):
            page.wait_for_function(
                "() => document.body.dataset.status === 'finished'"
                " || document.body.dataset.decider === String(Magnates.table.snapshot().seat)"
            )
            continue
        if rng.random() < 0.9 and click_purposefully(page, rng):
            on_board += 1
        else:
            click_a_button(page, rng, (*AVOID, "trade"))
            by_button += 1
    return on_board, by_button


# Mega Magnate's whole game takes the longest (about 50 s in a browser) and, on a loaded machine, has
# timed out waiting for a move to come back: it runs with the slow suites; its table is still drawn and
# checked in the default run by test_end_screens.py.
SLOW_CASES = {"mega", "solo"}  # the solo table and end screen stay in the default run (test_end_screens.py)


@pytest.mark.parametrize("case", [pytest.param(c, marks=pytest.mark.slow) if c in SLOW_CASES else c for c in CASES])
def test_magnate_is_drawn_and_played_to_the_end_on_the_board(browser: Any, live_server: Any, case: str) -> None:  # noqa: F811
    players, options = CASES[case]
    page = open_table(browser, live_server, "magnate", seat_kinds(players), options)
    page.wait_for_selector("#board .magnate")
    early, early_buttons = play(page, seed=5, moves=12)
    page.wait_for_selector("#board .magnate")
    check_table(page, case)
    shots = screenshots(page, f"magnate-{case}")
    page.set_viewport_size(PHONE)
    check_table(page, case)
    page.screenshot(path=str(shots[0]).replace("-desktop", "-phone"), full_page=True)
    page.set_viewport_size(DESKTOP)
    on_board, by_button = play(page, seed=11)
    assert page.evaluate("() => document.body.dataset.status") == "finished"
    assert early + on_board > 3 * (early_buttons + by_button), (early, on_board, early_buttons, by_button)
    print(f"magnate {case}: {early + on_board} moves on the board, {early_buttons + by_button} with the buttons")
    assert page.locator("#result").is_visible()
    check_table(page, case)
    assert "Districts won" in page.locator("#board").inner_text()
    screenshots(page, f"magnate-{case}-end")


@pytest.mark.parametrize(
    ("options", "layout", "sides", "plays"),
    [({}, "line", 2, 1), ({"players": 3}, "y", 3, 1), ({"mega": True}, "line", 2, 2), ({"players": 1}, "line", 2, 1)],
)
def test_the_static_info_describes_each_layout(options: dict[str, Any], layout: str, sides: int, plays: int) -> None:
    """What the renderer draws from: the districts in table order with their suits and contestants, the
    Y's arms, the deck's prices for this option set and the turn's numbers."""
    game = magnates.load("magnate", **options)
    assert isinstance(game, MagnateGame)
    info = json.loads(json.dumps(game.info()))
    assert (info["layout"], info["sides"], info["plays_per_turn"]) == (layout, sides, plays)
    assert info["automa_side"] == (1 if options.get("players") == 1 else None)
    assert [d["name"] for d in info["districts"]] == [d.name for d in game.districts]
    hub = [d for d in info["districts"] if d["excuse"]]
    assert len(hub) == 1 and hub[0]["suits"] == [] and hub[0]["contested_by"] == list(range(sides))
    if layout == "y":
        for arm in range(3):
            districts = [d for d in info["districts"] if d["arm"] == arm]
            assert len(districts) == 2 and all(d["contested_by"] == [arm, (arm + 1) % 3] for d in districts)
    decks = 2 if options.get("mega") else 1
    assert len(info["deck"]) == len(game.deck) == 34 * decks  # 6 Aces, 24 numbered cards, 4 Courts a Decktet
    ace = info["deck"]["Ace of Moons"]
    assert ace["develop_cost"] == 3 and ace["sells_for"] == ["Moons"] * 2 and ace["deed_cost"] == ["Moons"]
    court = next(c for c in info["deck"].values() if c["kind"] == "court")
    assert court["develop_cost"] == 10 and court["rank"] == 10 and court["produces_on"] == 0
    assert len(info["crowns"]) == 6 * decks


def test_the_log_names_the_card_the_automa_builds() -> None:
    """A sold card is public, so the solo log says which card went to the automa, not only where."""
    game = magnates.load("magnate", players=1)
    state = game.new_initial_state()
    rng = random.Random(2)
    while not state.is_terminal():
        if state.is_chance_node():
            action = magnates.sample(state.chance_outcomes(), rng)
        else:
            action = rng.choice(state.legal_actions())
        if state.view(0)["phase"] == "automa":
            text = state.describe(action, 0)
            sold = state.view(None)["sold_card"]
            assert text == f"the automa builds {sold} at {game.action(action).district}", text  # type: ignore[attr-defined]
            return
        state.apply_action(action)
    pytest.fail("no card was sold to the automa in a whole game")
