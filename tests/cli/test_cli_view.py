"""Finding a game's renderer, the generic view, the numbered menu, and input that never crashes play."""

from __future__ import annotations

import io
import sys
import types
from collections.abc import Mapping
from typing import Any

import pytest
from dice_cards_toy import ToyGame
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

from magnates.cli.main import app
from magnates.cli.view import action_menu, find_renderer, generic_view, render_menu
from magnates.core.game import Game
from magnates.games import REGISTRY, GameEntry, Renderer

runner = CliRunner()


def text_of(renderable: object, width: int = 80) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def register_toy_with(renderer: Renderer, monkeypatch: pytest.MonkeyPatch) -> None:
    """The toy game registered under an entry that names `renderer` (as a game's __init__.py does)."""
    module = types.ModuleType("toy_with_render")
    module.ENTRY = GameEntry(game=ToyGame, renderer=renderer)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "toy_with_render", module)
    monkeypatch.setitem(REGISTRY, "toy", "toy_with_render:ENTRY")


def test_a_games_own_renderer_is_used(monkeypatch: pytest.MonkeyPatch) -> None:
    def render(game: Game, view: Mapping[str, Any]) -> str:
        return f"TOY TABLE turn {view['turn']}"

    register_toy_with(render, monkeypatch)
    assert find_renderer("toy") is render
    result = runner.invoke(app, ["play", "toy", "--vs", "high", "--seed", "1"], input="quit\n")
    assert result.exit_code == 0 and "TOY TABLE turn" in result.output


def test_a_broken_renderer_falls_back_to_the_plain_view(monkeypatch: pytest.MonkeyPatch) -> None:
    def render(game: Game, view: Mapping[str, Any]) -> str:
        raise KeyError("no such seat")

    register_toy_with(render, monkeypatch)
    result = runner.invoke(app, ["play", "toy", "--vs", "high", "--seed", "1"], input="quit\n")
    assert result.exit_code == 0
    assert "warning:" in result.output and "KeyError" in result.output
    assert "You are Player 1" in result.output


def test_a_game_without_renderer_gets_none() -> None:
    assert find_renderer("toy") is None


def test_the_generic_view_shows_nested_data_and_escapes_markup() -> None:
    view = {"hand": [1, 2], "board": {"north": {"owner": None, "tokens": []}}, "note": "[bold]x[/]", "ok": True}
    text = text_of(generic_view(view, "You are Player 1"))
    assert "hand: 1, 2" in text and "north" in text and "owner: -" in text and "tokens: -" in text
    assert "[bold]x[/]" in text and "ok: yes" in text


def test_the_menu_is_grouped_by_kind_and_numbered_in_order() -> None:
    game = ToyGame()
    ids = {str(a): i for i, a in enumerate(game.action_space)}
    legal = [ids["play 2"], ids["bank the die"], ids["play 5"]]
    menu = action_menu(game, legal)
    assert [(e.number, e.kind, e.text) for e in menu] == [
        (1, "play", "play 2"),
        (2, "play", "play 5"),
        (3, "bank", "bank the die"),
    ]
    text = text_of(render_menu(menu))
    assert text.index("Play") < text.index("1) play 2") < text.index("Bank") < text.index("3) bank the die")


LINES = st.one_of(
    st.sampled_from(["1", "2", "3", "0", "-1", "99", "help", "show", "bank", "play", "play 9", "#2", "quit", ""]),
    st.text(alphabet="abcdefgh 0123456789#[]/", max_size=12),
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(LINES, max_size=40), st.booleans())
def test_any_typed_input_ends_cleanly(lines: list[str], manual_dice: bool) -> None:
    args = ["play", "toy", "--vs", "random", "--seed", "2"] + (["--dice", "manual"] if manual_dice else [])
    result = runner.invoke(app, args, input="".join(f"{line}\n" for line in lines))
    assert result.exit_code == 0, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert any(end in result.output for end in ("Game over", "End of input", "You left the game"))
