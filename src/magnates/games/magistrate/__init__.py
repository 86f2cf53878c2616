"""Magistrate: Matt Worden's game of People, Military and Agents, with designed components."""

from magnates.games.magistrate.game import MagistrateGame

__all__ = ["MagistrateGame"]
