"""The environments' `render()`: the same drawing the terminal shows, as plain text or a picture.

Each game's `render(game, view)` (the renderer named in its registry entry) returns a Rich renderable;
here it is printed into a string without colours (`render_mode="ansi"`), or that string is set in a
monospace font on a fixed-size picture (`render_mode="rgb_array"`). The environments draw the spectator's view, so a
picture never shows a hand that an agent's observation could not.
"""

from __future__ import annotations

import io
import json
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import matplotlib
import numpy as np
from PIL import Image, ImageDraw, ImageFont
from rich.console import Console

from magnates.core.game import Game
from magnates.games import entry_of

WIDTH = 110
RENDER_MODES = ("ansi", "human", "rgb_array")
"""What every environment's `render()` offers: the text, the text printed, or its picture."""


def render_text(game: Game, view: Mapping[str, Any]) -> str:
    """The view drawn by the game's renderer, or as indented JSON for a game without one."""
    registered = entry_of(game)
    renderer = registered.renderer if registered is not None else None
    if renderer is None:
        return json.dumps(view, indent=1)
    console = Console(file=io.StringIO(), width=WIDTH, color_system=None, force_terminal=False, record=True)
    console.print(renderer(game, view))
    return console.export_text()


FRAME_COLUMNS = WIDTH
FRAME_ROWS = 50
"""The text grid every frame has room for: a drawing with more lines is set in a smaller font."""
FRAME_SIZE = (760, 816)
"""(height, width) of every frame in pixels: fixed, as video writers need every frame alike."""
FONT_PIXELS = 12
PAPER = (247, 244, 236)
INK = (20, 20, 20)


@cache
def _font(pixels: int) -> Any:
    """DejaVu Sans Mono (shipped with matplotlib, a base dependency) at `pixels`, loaded once."""
    return ImageFont.truetype(str(Path(matplotlib.get_data_path()) / "fonts" / "ttf" / "DejaVuSansMono.ttf"), pixels)


def render_rgb(text: str) -> np.ndarray:
    """The terminal drawing as a picture: an RGB uint8 array of `FRAME_SIZE`, dark text on paper.

    Drawn with Pillow (matplotlib's own dependency) in the monospace font matplotlib ships, so it
    needs no display; the same text always gives the same picture, and every frame has the same
    size, so `render_mode="rgb_array"` feeds Gymnasium's `RecordVideo` or a notebook's `imshow`.
    """
    height, width = FRAME_SIZE
    lines = text.rstrip("\n").split("\n")
    rows = max(len(lines), FRAME_ROWS)
    columns = max(max((len(line) for line in lines), default=0), FRAME_COLUMNS)
    pixels = max(4, int(FONT_PIXELS * min(FRAME_ROWS / rows, FRAME_COLUMNS / columns)))
    font = _font(pixels)
    image = Image.new("RGB", (width, height), PAPER)
    draw = ImageDraw.Draw(image)
    step = height / rows
    for row, line in enumerate(lines):
        draw.text((8, 4 + row * step), line, fill=INK, font=font)
    return np.asarray(image, dtype=np.uint8)
