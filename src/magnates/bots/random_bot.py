"""The uniform random player: the baseline every bot must beat."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from magnates.core.game import Game


class RandomBot:
    name = "random"

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        return legal[rng.randrange(len(legal))]


class NoConcedeRandomBot:
    """Uniformly random among the legal actions that do not give the game away (`Action.concedes`),
    unless a concession is all there is: a baseline that plays whole games in every game."""

    name = "random-no-concede"

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        space = game.action_space
        kept = [a for a in legal if not space[a].concedes] or legal
        return kept[rng.randrange(len(kept))]
