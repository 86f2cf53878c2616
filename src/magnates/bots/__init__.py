"""Game-agnostic players, and `make_bot` which also finds a game's own heuristic bots."""

from magnates.bots.registry import BOT_NAMES, make_bot
from magnates.bots.random_bot import RandomBot

__all__ = ["BOT_NAMES", "RandomBot", "make_bot"]
