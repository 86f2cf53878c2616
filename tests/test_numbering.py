"""One numbering convention: ids in the API and JSON count from 0; every text a
person reads (the terminal table, the log, action texts, why an action is illegal, the cheatsheet)
counts from 1 or uses names. Player 1 is seat 0; no text says "Player 0", "seat 0" or "P0"."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console

import magnates
from magnates.core.game import Game, State
from magnates.games.registry import entry
from position_cases import playout

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("magnate", {"players": 2}),
    ("magnate", {"players": 3}),
    ("magnate", {"players": 1}),
    ("galactic-magnate", {"players": 3}),
    ("magistrate", {"players": 3}),
    ("magistratvm", {"players": 4}),
]
SEAT_ZERO = re.compile(r"\b(player|seat) 0\b|\bP0\b", re.IGNORECASE)
SEAT_NUMBER = re.compile(r"\b(?:[Pp]layer |P)(\d+)\b")


def rendered(game: Game, view: dict[str, Any]) -> str:
    renderer = entry(game.name).renderer
    assert renderer is not None
    console = Console(file=io.StringIO(), width=160, color_system=None)
    console.print(renderer(game, view))
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return out


def texts_people_read(game: Game, seed: int, steps: int = 400) -> Iterator[tuple[str, str]]:
    """(where, text) for what the seeded game shows people: tables, log lines, actions, refusals."""
    rng = random.Random(seed)
    viewers: list[int | None] = [None, *range(game.num_players)]
    for step, state in enumerate(playout(game, seed, steps)):
        yield from _texts_of(game, state, viewers, rng, every_view=step % 10 == 0)
    cheatsheet = entry(game.name).cheatsheet
    if cheatsheet is not None:
        yield "cheatsheet", cheatsheet(dict(game.options))


def _texts_of(
    game: Game, state: State, viewers: list[int | None], rng: random.Random, every_view: bool
) -> Iterator[tuple[str, str]]:
    if state.is_terminal():
        yield "render", rendered(game, state.view(None))
        return
    chance = state.is_chance_node()
    offered = [action for action, _ in state.chance_outcomes()] if chance else state.legal_actions()
    for action in offered[:40]:
        yield "action", game.action_to_string(action)
        for viewer in viewers:
            yield "log", state.describe(action, viewer)
    if every_view:
        for viewer in viewers:
            yield "render", rendered(game, state.view(viewer))
        illegal = [a for a in rng.sample(range(game.num_distinct_actions), 8) if a not in offered]
        for action in illegal:
            yield "explain", state.explain_illegal(action)


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[f"{n}-{o}" for n, o in GAMES])
def test_no_text_people_read_counts_seats_from_zero(name: str, options: dict[str, Any]) -> None:
    game = magnates.load(name, **options)
    seats = game.num_players
    seen = 0
    for where, text in texts_people_read(game, seed=3):
        seen += 1
        assert not SEAT_ZERO.search(text), f"{where} counts a seat from 0: {text!r}"
        for number in SEAT_NUMBER.findall(text):
            assert 1 <= int(number) <= max(seats, 2), f"{where} names a player {number} of {seats}: {text!r}"
    assert seen > 500


def test_the_checks_catch_a_zero_based_seat() -> None:
    """The patterns above find what they are meant to find (so the test above can fail)."""
    assert SEAT_ZERO.search("attack player 0 in Northgate")
    assert SEAT_ZERO.search("P0 won")
    assert not SEAT_ZERO.search("Player 10 rolls 4")
    assert SEAT_NUMBER.findall("P3 attacked Player 1") == ["3", "1"]


@pytest.mark.parametrize("name", ["magnate", "galactic-magnate", "magistrate", "magistratvm"])
def test_every_action_text_parses_back_to_its_id(name: str) -> None:
    """The CLI reads an action by its text: text -> id -> text gives the same text, for every id."""
    game = magnates.load(name)
    for action in range(game.num_distinct_actions):
        text = game.action_to_string(action)
        assert game.parse_action(text) == action, f"{text!r} is not read back as action {action}"
        assert game.parse_action(text.upper()) == action
        assert game.action_to_string(game.parse_action(text)) == text


def test_magistrate_names_provinces_and_cells_and_counts_cards_from_one() -> None:
    """The log and the terminal say what the web page says (card 13 is card 13 everywhere)."""
    game = magnates.load("magistrate", players=3)
    labels = game.info()["labels"]
    for action in range(game.num_distinct_actions):
        text = game.action_to_string(action)
        assert not re.search(r"\b(province|cell) \d", text), text
        numbers = re.findall(r"\bcard (\d+)", text)
        assert "0" not in numbers, text
        assert numbers == re.findall(r"\b[Cc]ard (\d+)", labels[str(action)]), (text, labels[str(action)])
    for where, text in texts_people_read(game, seed=5, steps=200):
        assert not re.search(r"\b(province|cell|card) 0\b|#0\b", text), f"{where}: {text!r}"
