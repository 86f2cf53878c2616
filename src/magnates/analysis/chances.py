"""Win chances of every side from values on the returns' scale, and from finished games.

A finished playout counts exactly: its winners share the win (a draw shares it among the tied
seats). An unfinished one is judged by values in [-1, 1] (the learned value or the game's
heuristic), read as chances by a softmax with `SHARPNESS`: the seat valued highest is the
likeliest winner, and the chances of all sides sum to 1.

A one-seat game is played against the game itself (Magnate's automa), so it has two sides: the
seat, and the game (index 1); the seat's value v stands for the pair (v, -v).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from magnates.core.game import State

SHARPNESS = 3.0
"""How firmly a value lead reads as a win: a two-seat lead of 0.3 on each side (0.6 between them)
is 1 / (1 + e^-1.8), about an 86% chance."""


def sides_of(num_players: int) -> int:
    """How many sides share the win: the seats, or the seat and the game in a one-seat game."""
    return max(2, num_players)


def from_values(values: Sequence[float]) -> list[float]:
    """Chances from one value per seat (a single seat against the game gets its mirror)."""
    scores = [values[0], -values[0]] if len(values) == 1 else list(values)
    top = max(scores)
    weights = [math.exp(SHARPNESS * (v - top)) for v in scores]
    total = sum(weights)
    return [w / total for w in weights]


def from_finished(state: State) -> list[float]:
    """Chances of a finished game: 1 shared among its winners."""
    result = state.result()
    if state.game.num_players == 1:
        won = 1.0 if result.ranking[0] == 1 and result.reason != "draw" else 0.5 if result.reason == "draw" else 0.0
        return [won, 1.0 - won]
    winners = result.winners or list(range(state.game.num_players))
    share = 1.0 / len(winners)
    return [share if seat in winners else 0.0 for seat in range(state.game.num_players)]
