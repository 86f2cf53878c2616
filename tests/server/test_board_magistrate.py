"""Magistrate drawn in the browser: for every player count, seat 1 plays a whole game against greedy bots,
mostly by clicking on the map, the Agent Ops board, the Judges and the cards in hand; the drawn table is
checked against the seat's view at a few points and at the end, and kept as screenshots."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from board_helpers import (  # noqa: F401
    DESKTOP,
    PHONE,
    SHOTS,
    assert_no_js_errors,
    assert_reads_as_words,
    browser,
    click_a_button,
    click_on_board,
    my_turn,
    open_table,
    screenshots,
    seat_kinds,
    snapshot,
)

from magnates.games.magistrate.components import components
from magnates.games.magistrate.game import MagistrateGame

AVOID = ("resign", "concede")


DRAWN = """() => {
  const named = (selector) => [...document.querySelectorAll(selector)].map((node) =>
    node.getAttribute("aria-label") || node.textContent.trim());
  const byTarget = {};
  for (const node of document.querySelectorAll("#board [data-target]")) {
    byTarget[node.dataset.target] = node.getAttribute("aria-label");
  }
  return {
    provinces: named("#board .mgs-province"), roads: named("#board .mgs-road"), cells: named("#board .mgs-cell"),
    judges: named("#board .mgs-judge"), header: named("#board .mgs-header"), players: named("#board .mgs-player"),
    hand: [...document.querySelectorAll("#board .mgs-hand[aria-label='Your hand'] .mgs-card")].map((n) =>
      [n.getAttribute("aria-label"), n.dataset.target]),
    secret: named("#board .mgs-hand[aria-label='Your secret evidence'] .mgs-card"),
    faces: named("#board .mgs-card[aria-label^='Card ']").length,
    byTarget, text: document.querySelector("#board").innerText,
  };
}"""


def check_table(page: Any, players: int) -> None:
    """Everything the seat may see is drawn, named, and agrees with its view; nothing hidden is."""
    view = snapshot(page)["view"]
    drawn = page.evaluate(DRAWN)
    comp = components()
    expected = {
        "provinces": len(comp.provinces),
        "roads": sum(len(p.neighbours) for p in comp.provinces) // 2,
        "cells": len(comp.cells),
        "judges": 3,
        "header": 1,
        "players": players,
        "secret": len(view["my_secret"]),
    }
    for part, count in expected.items():
        assert len(drawn[part]) == count, (part, drawn[part])
        assert all(drawn[part]), f"a drawn {part} has no accessible name"
    # the hand: every card drawn with its contents, clickable by its key; nothing else face up
    assert [target for _, target in drawn["hand"]] == [f"card:{card}" for card in view["hand"]]
    for (name, _), card in zip(drawn["hand"], view["hand"], strict=True):
        assert name.startswith(f"Card {card + 1}: resources "), name
    assert drawn["faces"] == len(view["hand"]) + len(view["my_secret"]) + (1 if view["discard"] else 0)
    # the map says what the view holds: Homes, Forts and every player's soldiers by province
    homes = view["homes"]
    for province in comp.provinces:
        label = drawn["byTarget"][f"province:{province.id}"]
        assert label.startswith(f"Province {province.id + 1}, {province.name}"), label
        if province.id in homes:
            assert f"Home of Player {homes.index(province.id) + 1}" in label, label
        fort = view["forts"][province.id]
        assert (f"Fort of Player {fort + 1}" in label) if fort >= 0 else ("Fort of" not in label), label
        for seat in range(players):
            count = view["soldiers"][seat][province.id]
            if count:
                assert re.search(rf"Player {seat + 1}\b[^;,]* {count} soldiers?\b", label), (label, seat, count)
    for judge, space in enumerate(view["judges"]):
        name = drawn["byTarget"][f"judge:{judge}"]
        assert name.endswith("on the Judges' Home" if space == 0 else f"on space {space}"), name
    for cell in comp.cells:
        name = drawn["byTarget"][f"cell:{cell.id}"]
        assert cell.name in name, name
        if cell.id in view["blocked"]:
            assert "blocking chip" in name, name
            continue
        here = name.split("Agents here:")[1]
        for seat in range(players):
            assert (f"Player {seat + 1}" in here) == bool(view["placed"][seat][cell.id]), (name, seat)
    assert f"Round {view['round']}" in drawn["text"]
    assert f"scoring rounds {view['scoring_rounds']} of 7" in drawn["text"]
    assert_reads_as_words(page)
    assert_no_js_errors(page)


def both_sizes(page: Any, name: str) -> None:
    """The seat's own table at desktop size, then at phone size (the same tab: its seat token is per tab)."""
    page.evaluate("window.scrollTo(0, 0)")
    screenshots(page, name)
    page.set_viewport_size(PHONE)
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(SHOTS / f"{name}-phone.png"))
    assert page.locator("#board .mgs-map").bounding_box()["width"] <= PHONE["width"]
    page.set_viewport_size(DESKTOP)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_magistrate_is_played_to_the_end_on_the_board(browser: Any, live_server: Any, players: int) -> None:  # noqa: F811
    page = open_table(browser, live_server, "magistrate", seat_kinds(players), {"players": str(players)})
    page.wait_for_selector("#board .mgs-map")
    check_table(page, players)
    rng = random.Random(players)
    on_board = by_button = 0
    checked_at = {25, 50}
    while page.evaluate("() => document.body.dataset.status") != "finished":
        assert on_board + by_button < 3000, "the game did not end"
        if not my_turn(page):
            page.wait_for_function(
                "() => document.body.dataset.status === 'finished'"
                " || document.body.dataset.decider === String(Magnates.table.snapshot().seat)"
            )
            continue
        moves = on_board + by_button
        if moves in checked_at:
            checked_at.discard(moves)
            check_table(page, players)
            # the buttons and the chooser read as words too: no bare card or cell numbers
            buttons = page.locator("#actions button[data-action]")
            texts = [buttons.nth(i).inner_text() for i in range(buttons.count())]
            assert not [t for t in texts if re.search(r"\b(cell|province) \d+\b|^agent op \d", t)], texts
            if moves == 25 and players == 3:
                both_sizes(page, "magistrate-3p-midgame")
        if rng.random() < 0.85 and click_on_board(page, rng, AVOID):
            on_board += 1
        else:
            click_a_button(page, rng, AVOID)
            by_button += 1
    assert on_board >= 10 and on_board > by_button, (on_board, by_button)
    check_table(page, players)
    assert page.locator("#result").is_visible()
    both_sizes(page, f"magistrate-{players}p-end")
    page.context.close()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_static_info_names_every_action_and_component_in_words(players: int) -> None:
    game = MagistrateGame(players=players)
    info = game.info()
    comp = components()
    assert sorted(map(int, info["labels"])) == list(range(info["num_actions"]))
    for text in info["labels"].values():
        assert not re.search(r"\b(cell|province|op) \d+\b|-1\b|_", text), text
    assert [p["home"] for p in info["provinces"] if p["home"] is not None] == list(range(players))
    assert [c["id"] for c in info["cells"] if c["blocked"]] == list(comp.blocking_chips[players])
    assert [c["text"].split(":")[0] for c in info["deck"]] == [f"Card {i + 1}" for i in range(len(comp.cards))]
    assert len(info["roads"]) == sum(len(p.neighbours) for p in comp.provinces) // 2
    march = next(a for a in info["actions"] if a["kind"] == "march")["json"]
    label = info["labels"][str(game.ids.march[(march["source"], march["target"], march["count"])])]
    assert label.startswith(f"March {march['count']} soldier"), label
    assert label.endswith(f"from {comp.provinces[march['source']].name} to {comp.provinces[march['target']].name}")
