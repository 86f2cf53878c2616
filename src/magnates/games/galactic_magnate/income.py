"""Income by source: what each seat received over the game, and from what.

Simulation reports plot it (`Result.details["income"]`), so a designer can see
whether salaries, fees or auctions decide games. Every payment to a seat goes
through `economy.transfer`, which names the source; payments to the bank are
spending, not income, and are not tallied here. All of it is public (every
payment happens in the open), so views show it as it is.

Not income: a resigning player's debt written off by the bank (he leaves the
game), and money moved by test set-ups (no source given).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.state import GalacticState

SOURCES = (
    "salary",
    "bonus",
    "monopoly fees",
    "utility fees",
    "extractors",
    "fortune",
    "middleman",
    "auction sales",
    "upgrade sales",
    "trades",
    "resignations",
)
"""Report names, in the order of the per-seat tally lists."""

(
    SALARY,
    BONUS,
    MONOPOLY_FEES,
    UTILITY_FEES,
    EXTRACTORS,
    FORTUNE,
    MIDDLEMAN,
    AUCTION_SALES,
    UPGRADE_SALES,
    TRADES,
    RESIGNATIONS,
) = range(len(SOURCES))


def empty(players: int) -> list[list[int]]:
    """A tally with nothing received yet: one row per seat, one column per source."""
    return [[0] * len(SOURCES) for _ in range(players)]


def by_source(s: GalacticState) -> dict[str, dict[str, int]]:
    """The tally in the report format: {seat as str: {source: amount}}."""
    return {str(seat): dict(zip(SOURCES, row, strict=True)) for seat, row in enumerate(s.income)}
