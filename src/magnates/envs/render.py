"""The environments' `render()`: the same drawing the terminal shows, as plain text.

Each game's `render(game, view)` (in its package's `render` module) returns a Rich renderable;
here it is printed into a string without colours. The environments draw the spectator's view, so a
picture never shows a hand that an agent's observation could not.
"""

from __future__ import annotations

import importlib
import io
import json
from collections.abc import Mapping
from typing import Any

from rich.console import Console

from magnates.core.game import Game
from magnates.games import REGISTRY

WIDTH = 110


def render_text(game: Game, view: Mapping[str, Any]) -> str:
    """The view drawn by the game's renderer, or as indented JSON for a game without one."""
    module_name = REGISTRY[game.name].partition(":")[0]
    package = ".".join(module_name.split(".")[:3]) if module_name.startswith("magnates.games.") else module_name
    try:
        renderer = importlib.import_module(f"{package}.render").render
    except (ImportError, AttributeError):
        return json.dumps(view, indent=1)
    console = Console(file=io.StringIO(), width=WIDTH, color_system=None, force_terminal=False, record=True)
    console.print(renderer(game, view))
    return console.export_text()
