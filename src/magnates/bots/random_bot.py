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
