"""Finding a game's renderer, the generic view, the numbered menu, and input that never crashes play."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from dice_cards_toy import ToyGame
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console
from typer.testing import CliRunner

from magnates.cli.main import app
from magnates.cli.view import action_menu, find_renderer, generic_view, render_menu
from magnates.games import REGISTRY

runner = CliRunner()


def text_of(renderable: object, width: int = 80) -> str:
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def make_package(root: Path, name: str, render_source: str) -> None:
    package = root / name
    package.mkdir()
    (package / "__init__.py").write_text("from dice_cards_toy import ToyGame\n")
    (package / "render.py").write_text(render_source)


def test_a_games_own_renderer_is_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_package(
        tmp_path, "toy_with_render", "def render(game, view):\n    return f'TOY TABLE turn {view[\"turn\"]}'\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(REGISTRY, "toy", "toy_with_render:ToyGame")
    assert find_renderer("toy") is not None
    result = runner.invoke(app, ["play", "toy", "--vs", "high", "--seed", "1"], input="quit\n")
    assert result.exit_code == 0 and "TOY TABLE turn" in result.output


def test_a_broken_renderer_falls_back_to_the_plain_view(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_package(tmp_path, "toy_broken_render", "def render(game, view:\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(REGISTRY, "toy", "toy_broken_render:ToyGame")
    result = runner.invoke(app, ["play", "toy", "--vs", "high", "--seed", "1"], input="quit\n")
    assert result.exit_code == 0
    assert "warning:" in result.output and "SyntaxError" in result.output
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
