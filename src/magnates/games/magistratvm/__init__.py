"""Magistratvm: a 3-4 player piecepack game of Roman elections (Johnson & Lerche, 2004)."""

from magnates.games.magistratvm.game import MagistratvmGame

__all__ = ["MagistratvmGame"]
