"""Magistratvm's own heuristic bot (placeholder, replaced below)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from magnates.core.game import Game


class GreedyBot:
    name = "greedy"

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        return legal[0]
