"""Sampling chance outcomes. Rules never roll dice; drivers call this with their own generator."""

from __future__ import annotations

import random
from collections.abc import Sequence


def sample(outcomes: Sequence[tuple[int, float]], rng: random.Random) -> int:
    """Pick one outcome id from `[(action, probability), ...]`."""
    if not outcomes:
        raise ValueError("there is no chance outcome to sample")
    x = rng.random()
    total = 0.0
    for action, probability in outcomes:
        total += probability
        if x < total:
            return action
    return outcomes[-1][0]


def uniform(actions: Sequence[int]) -> list[tuple[int, float]]:
    """Equally likely outcomes."""
    p = 1.0 / len(actions)
    return [(a, p) for a in actions]


def counted(counts: dict[int, int]) -> list[tuple[int, float]]:
    """Outcomes weighted by how many copies of each remain (a card draw from a pile)."""
    total = sum(counts.values())
    return [(a, n / total) for a, n in counts.items() if n]
