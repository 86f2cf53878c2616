"""Income by source: what each player has gained over the game, for reports and designers.

Gold comes to a player in five ways: 1 gold a turn per own token in the Provinces, 3 per
Quaestor used, the income die, gold that lay on a Province it won (the Prefect's bid, which
goes with the tile), and gifts from other players. The tally only counts; the rules never read
it. Everything it counts happened in public, so every view may show it.
"""

from __future__ import annotations

from typing import Protocol

TOKENS, QUAESTORS, DIE, PROVINCE_GOLD, GIFTS = range(5)
SOURCES: tuple[str, ...] = ("tokens", "quaestors", "die", "province_gold", "gifts")
"""Names of the sources, in the order of a seat's tally (`state.income[seat]`)."""


class Tallied(Protocol):
    """The part of a position the tally reads and writes (position.py builds its tally here, so not named)."""

    n: int
    income: list[list[int]]


def empty_tally(players: int) -> list[list[int]]:
    return [[0] * len(SOURCES) for _ in range(players)]


def book(state: Tallied, seat: int, source: int, amount: int) -> None:
    """Count `amount` gold gained by `seat` from `source` (the gold itself moves elsewhere)."""
    state.income[seat][source] += amount


def by_source(state: Tallied) -> dict[str, dict[str, int]]:
    """`{seat as str: {source: amount}}`, the form `Result.details["income"]` takes."""
    return {str(q): dict(zip(SOURCES, state.income[q], strict=True)) for q in range(state.n)}
