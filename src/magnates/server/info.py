"""The static data a browser needs once per game and option set (`GET /api/games/{name}/info`).

`Game.info()` is the same for every seat (nothing hidden in it) and fixed for an option set, so it
is built once per Game object and kept; a table page fetches it once and draws every message with it.
"""

from __future__ import annotations

import weakref
from typing import Any

from magnates.core.game import Game
from magnates.server.cards import card_faces, suits_table

_CACHE: weakref.WeakKeyDictionary[Game, dict[str, Any]] = weakref.WeakKeyDictionary()


def game_info(game: Game) -> dict[str, Any]:
    """`game.info()` plus the Decktet faces and suit symbols the card-drawing kit uses."""
    cached = _CACHE.get(game)
    if cached is None:
        cached = {**game.info(), "card_faces": card_faces(game), "suits": suits_table()}
        _CACHE[game] = cached
    return cached
