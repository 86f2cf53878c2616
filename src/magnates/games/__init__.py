"""The games and their registry: one entry per game, its package imported only when the game is used.

Each game package's `__init__.py` holds its `GameEntry` (see `magnates.games.registry`).
"""

from magnates.games.registry import (
    REGISTRY,
    Analyzer,
    Cheatsheet,
    GameEntry,
    Renderer,
    SearchHooks,
    entry,
    entry_of,
    game_class,
    games,
    load,
    resolve,
)

__all__ = [
    "REGISTRY",
    "Analyzer",
    "Cheatsheet",
    "GameEntry",
    "Renderer",
    "SearchHooks",
    "entry",
    "entry_of",
    "game_class",
    "games",
    "load",
    "resolve",
]
