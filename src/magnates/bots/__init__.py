"""Game-agnostic players, and `make_bot` which also finds a game's own heuristic bots."""

from magnates.bots.budget import Budget
from magnates.bots.ismcts import ISMCTSBot
from magnates.bots.mcts import MCTSBot
from magnates.bots.presets import LEVELS, Preset, search_bot
from magnates.bots.random_bot import RandomBot
from magnates.bots.registry import BOT_NAMES, make_bot

__all__ = ["BOT_NAMES", "LEVELS", "Budget", "ISMCTSBot", "MCTSBot", "Preset", "RandomBot", "make_bot", "search_bot"]
