"""Move labels and the accuracy figure, from how much of the mover's win chance a move gave up.

The thresholds are in win-chance points (0.05 is five percentage points) and are written in
docs/analysis.md; change them together.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

LABELS = ("best", "good", "inaccuracy", "mistake", "blunder")
"""From no loss to the worst; every decision gets exactly one."""

THRESHOLDS: tuple[tuple[str, float], ...] = (
    ("blunder", 0.20),
    ("mistake", 0.10),
    ("inaccuracy", 0.05),
    ("good", 0.01),
)
"""A move that gave up at least this much of the mover's chance gets this label (worst first);
less than the last one is "best" (within the estimate's noise of the best move found)."""

WEAKER = frozenset({"inaccuracy", "mistake", "blunder"})
"""The labels of a move the coach names a better one for, and that a player can practise again."""


def label_for(loss: float, *, played_best: bool = False) -> str:
    """The label of a move that lost `loss` of the mover's win chance (the best move found is "best")."""
    if played_best:
        return "best"
    for name, threshold in THRESHOLDS:
        if loss >= threshold:
            return name
    return "best"


def move_accuracy(loss: float) -> float:
    """0-100 for one move: 100 for no loss, falling steeply (the curve lichess uses for chess, fed
    with the loss in percentage points of win chance)."""
    points = max(0.0, loss) * 100.0
    return max(0.0, min(100.0, 103.1668 * math.exp(-0.04354 * points) - 3.1669))


def accuracy(losses: Iterable[float]) -> float | None:
    """A seat's accuracy: the mean of its moves' accuracies (None when it made no decision)."""
    values = [move_accuracy(loss) for loss in losses]
    return sum(values) / len(values) if values else None
