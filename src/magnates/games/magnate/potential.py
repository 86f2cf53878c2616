"""Magnate's potential for reward shaping: how good one seat's view looks to that seat, in [-1, 1].

The RL environments may shape a learner's rewards with it (`reward="shaped"`, docs/envs.md):
r + gamma * Phi(s') - Phi(s), which leaves the best policy unchanged (Ng, Harada and Russell,
1999) and turns a reward that comes once at the end of a long game into one at every decision.

Phi reads the seat's view alone. The view is made into a state by `sample_state` with a fixed
generator (the unseen cards, the same set for the same view, are dealt the same way every time),
and the search heuristic's win chance is read off it. That heuristic depends on public fields only
(districts, deeds, tokens, the counts of the piles; a card in hand is worth `HAND_RANK` = 0), so
another seat's hidden hand never changes Phi: tests/envs/test_shaped_reward.py checks both.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from magnates.games.magnate.heuristic import leaf_values
from magnates.games.magnate.view import sample_state

if TYPE_CHECKING:
    from magnates.core.game import Game
    from magnates.games.magnate.game import MagnateGame

DEAL_SEED = 0
"""The seed that deals the unseen cards when a view is made into a state (any fixed one will do)."""


def potential(game: Game, view: Mapping[str, Any], seat: int) -> float:
    """The heuristic's value of `seat`'s view for that seat: its win chance minus its loss chance."""
    g: MagnateGame = game  # type: ignore[assignment]
    state = sample_state(g, view, random.Random(DEAL_SEED))
    return leaf_values(state)[seat]
