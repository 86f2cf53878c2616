"""Galactic Magnate (seed 002): a space trading game of auctions, monopolies, debt and collapse."""

from magnates.games.galactic_magnate.game import GalacticMagnateGame

__all__ = ["GalacticMagnateGame"]
