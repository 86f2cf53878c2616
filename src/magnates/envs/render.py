"""The environments' `render()`: the same drawing the terminal shows, as plain text.

Each game's `render(game, view)` (the renderer named in its registry entry) returns a Rich renderable;
here it is printed into a string without colours. The environments draw the spectator's view, so a
picture never shows a hand that an agent's observation could not.
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from typing import Any

from rich.console import Console

from magnates.core.game import Game
from magnates.games import entry_of

WIDTH = 110


def render_text(game: Game, view: Mapping[str, Any]) -> str:
    """The view drawn by the game's renderer, or as indented JSON for a game without one."""
    registered = entry_of(game)
    renderer = registered.renderer if registered is not None else None
    if renderer is None:
        return json.dumps(view, indent=1)
    console = Console(file=io.StringIO(), width=WIDTH, color_system=None, force_terminal=False, record=True)
    console.print(renderer(game, view))
    return console.export_text()
