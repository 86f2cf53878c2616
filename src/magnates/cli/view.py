"""Showing a game in the terminal: the game's own renderer, or a generic one for any view.

A game's registry entry may name a renderer, `render(game, view)` returning a Rich renderable;
when it has none, `generic_view` shows the view dict as a tree, which is enough to play any game
that follows the contract. A renderer that fails while drawing is reported and replaced by the
generic view: a broken picture must not stop a game from being played.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.markup import escape
from rich.text import Text
from rich.tree import Tree

from magnates.core.game import CHANCE, Game
from magnates.games import Renderer
from magnates.games import entry as game_entry


def find_renderer(name: str) -> Renderer | None:
    """The renderer the game's registry entry names, or None (then `generic_view` draws the view)."""
    return game_entry(name).renderer


def _is_scalar(value: Any) -> bool:
    return value is None or isinstance(value, str | int | float | bool)


def _text(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _add(tree: Tree, label: str, value: Any) -> None:
    key = f"[bold]{escape(label)}[/]"
    if isinstance(value, Mapping):
        branch = tree.add(key)
        for k, v in value.items():
            _add(branch, str(k).replace("_", " "), v)
        if not value:
            branch.add("-")
    elif isinstance(value, list | tuple) and all(_is_scalar(v) for v in value):
        tree.add(f"{key}: {escape(', '.join(_text(v) for v in value)) if value else '-'}")
    elif isinstance(value, list | tuple):
        branch = tree.add(key)
        for i, v in enumerate(value):
            _add(branch, str(i + 1), v)
    else:
        tree.add(f"{key}: {escape(_text(value))}")


def generic_view(view: Mapping[str, Any], title: str = "") -> RenderableType:
    """Any JSON-able view as a tree: nested objects become branches, short lists one line."""
    tree = Tree(f"[bold]{escape(title)}[/]" if title else "", hide_root=not title, guide_style="dim")
    for key, value in view.items():
        _add(tree, str(key).replace("_", " "), value)
    return tree


def show_view(
    game: Game,
    view: Mapping[str, Any],
    renderer: Renderer | None,
    title: str = "",
    warn: Callable[[str], None] | None = None,
) -> RenderableType:
    """The game's picture of the view, or the generic tree if it has none (or it fails)."""
    if renderer is not None:
        try:
            return renderer(game, view)
        except Exception as err:
            if warn is not None:
                warn(f"the {game.name} renderer failed ({type(err).__name__}: {err}); showing the plain view")
    return generic_view(view, title)


@dataclass(frozen=True)
class MenuEntry:
    number: int
    action: int
    kind: str
    text: str


def action_menu(game: Game, legal: Sequence[int]) -> list[MenuEntry]:
    """The legal actions grouped by kind (in order of first appearance) and numbered from 1."""
    groups: dict[str, list[int]] = {}
    for action in legal:
        groups.setdefault(game.action(action).kind, []).append(action)
    entries: list[MenuEntry] = []
    for kind, actions in groups.items():
        for action in actions:
            entries.append(MenuEntry(len(entries) + 1, action, kind, game.action_to_string(action)))
    return entries


def render_menu(entries: Sequence[MenuEntry]) -> RenderableType:
    parts: list[RenderableType] = []
    kind = None
    batch: list[Text] = []
    for entry in [*entries, None]:
        if entry is None or entry.kind != kind:
            if batch:
                parts.append(Text(str(kind).replace("_", " ").capitalize(), style="bold underline"))
                parts.append(Columns(batch, padding=(0, 3)))
            if entry is None:
                break
            kind, batch = entry.kind, []
        batch.append(Text(f"{entry.number:>3}) {entry.text}"))
    return Group(*parts)


def seat_name(seat: int) -> str:
    return "Chance" if seat == CHANCE else f"Player {seat + 1}"


def log_lines(texts: Sequence[str], actors: Sequence[int]) -> list[str]:
    """One line per action: who did it (a seat or chance) and the action's text as the reader may see it."""
    return [f"{seat_name(actor)}: {text}" for text, actor in zip(texts, actors, strict=True)]
