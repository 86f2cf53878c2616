"""The game registry: one line per game, imported only when the game is loaded."""

from __future__ import annotations

import importlib
from typing import Any

from magnates.core.errors import OptionError, did_you_mean
from magnates.core.game import Game

REGISTRY: dict[str, str] = {
    "magnate": "magnates.games.magnate:MagnateGame",
    "galactic-magnate": "magnates.games.galactic_magnate:GalacticMagnateGame",
    "magistrate": "magnates.games.magistrate:MagistrateGame",
    "magistratvm": "magnates.games.magistratvm:MagistratvmGame",
}


def games() -> list[str]:
    """The names of the registered games."""
    return sorted(REGISTRY)


def game_class(name: str) -> type[Game]:
    try:
        target = REGISTRY[name]
    except KeyError:
        hint = did_you_mean(name, games())
        raise OptionError(f"there is no game {name!r}{hint}; the games are: {', '.join(games())}") from None
    module, _, attr = target.partition(":")
    cls: type[Game] = getattr(importlib.import_module(module), attr)
    return cls


def load(name: str, **options: Any) -> Game:
    """A game with validated options, e.g. `load("magnate", players=2)`."""
    return game_class(name)(**options)
