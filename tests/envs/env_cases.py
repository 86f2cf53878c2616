"""The games and player counts every environment test runs over, and a skip for a game whose
observation encoder has not landed yet (the reason says which)."""

from __future__ import annotations

from typing import Any

import pytest

import magnates
from magnates.core.game import Game

PLAYER_COUNTS: dict[str, tuple[int, ...]] = {
    "magnate": (1, 2, 3),
    "galactic-magnate": (2, 3, 4, 5),
    "magistrate": (2, 3, 4),
    "magistratvm": (3, 4),
}

GAMES = tuple(PLAYER_COUNTS)

CASES = [
    pytest.param(game, players, id=f"{game}-{players}p") for game, counts in PLAYER_COUNTS.items() for players in counts
]
"""Every game at every player count."""

DEFAULT_CASES = [pytest.param(game, None, id=game) for game in GAMES]
"""Every game with its default options."""

MAGNATE_VARIANTS: list[dict[str, Any]] = [
    {"players": 2, "districts": 4, "courts": False},
    {"players": 2, "aces": "original", "taxation": "double"},
    {"players": 2, "mega": True},
    {"players": 1, "automa": "hard"},
]
"""A few named Magnate option sets for the default run (all 112 sit behind `slow`)."""


def options_for(players: int | None) -> dict[str, Any]:
    return {} if players is None else {"players": players}


def loaded(game: str, **options: Any) -> Game:
    """The game, or a skip when it has no observation encoder yet."""
    loaded_game = magnates.load(game, **options)
    try:
        loaded_game.observation_encoder()
    except NotImplementedError as err:
        pytest.skip(f"{game} has no observation encoder yet ({err})")
    return loaded_game
