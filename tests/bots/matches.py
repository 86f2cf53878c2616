"""Matches for the bot tests, on the strength studies' driver (bots see views only; chance is drawn by it)."""

from __future__ import annotations

from magnates.core.bot import Bot
from magnates.core.game import Game
from magnates.sim.strength import play


def score_against(game: Game, bot: Bot, opponent: Bot, games: int, seed: int = 0) -> float:
    """Mean return of `bot` against `opponent` (two seats), seats swapped every other game."""
    total = 0.0
    for index in range(games):
        seat = index % 2
        bots = [opponent, opponent]
        bots[seat] = bot
        total += play(game, bots, seed * 100_000 + index).returns()[seat]
    return total / games
