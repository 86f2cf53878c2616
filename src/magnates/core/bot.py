"""What a player program is: given the view and the legal actions, choose one.

Bots never receive the state, only what their seat may know. A game's own
heuristic bots implement this protocol in the game's package; game-agnostic
bots (random, MCTS) live in `magnates.bots`.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from magnates.core.game import Game


class Bot(Protocol):
    name: str

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        """Return one of `legal`. `rng` is the bot's own stream, never the game's."""
        ...


BotFactory = Callable[["Game"], Bot]
