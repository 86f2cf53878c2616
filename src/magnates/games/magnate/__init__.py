"""Magnate: rules, variants, views and bots (see docs/rules/magnate.md)."""

from magnates.games.magnate.game import MagnateGame
from magnates.games.magnate.state import MagnateState

__all__ = ["MagnateGame", "MagnateState"]
