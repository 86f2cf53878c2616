"""The Table of Offices as data.

Reading of the seed's text drawing (see docs/rules/magistratvm.md): numbers in
circles are influence, numbers in arrows are promotion costs. The Quaestor and
Tribune rows are the first level, both entered from the Family Estate for 1
gold; both lead to Aedile (2), then Praetor (4), then Consul (6); from Consul a
Magistrate may rise to Censor (6) or to Dictator (8). In three-player games one
gray seat of each row of three or more seats is out of play.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Office:
    name: str
    influence: int
    seats_4p: int
    seats_3p: int
    up_cost: int
    """Gold to reach this office from the level below (from the Estate for Quaestor/Tribune)."""
    below: tuple[int, ...]
    """The offices one level down (empty: the Family Estate)."""
    rank: int
    """Height in the table, for the last tie-break (Quaestor and Tribune share rank 1)."""
    recallable: bool
    """Whether a Consul may recall a Magistrate from here."""


QUAESTOR, TRIBUNE, AEDILE, PRAETOR, CONSUL, CENSOR, DICTATOR = range(7)

OFFICES: tuple[Office, ...] = (
    Office("Quaestor", 1, 3, 2, 1, (), 1, True),
    Office("Tribune", 1, 3, 2, 1, (), 1, True),
    Office("Aedile", 2, 4, 3, 2, (QUAESTOR, TRIBUNE), 2, True),
    Office("Praetor", 3, 4, 3, 4, (AEDILE,), 3, True),
    Office("Consul", 4, 2, 2, 6, (PRAETOR,), 4, True),
    Office("Censor", 6, 1, 1, 6, (CONSUL,), 5, False),
    Office("Dictator", 0, 1, 1, 8, (CONSUL,), 6, False),
)
NUM_OFFICES = len(OFFICES)
ENTRY_OFFICES: tuple[int, ...] = (QUAESTOR, TRIBUNE, AEDILE)
"""Where a Patrician from the Family Estate may be placed (cost cumulative to Aedile)."""


def seats(office: int, players: int) -> int:
    o = OFFICES[office]
    return o.seats_4p if players == 4 else o.seats_3p


def lower_office(office: int) -> int | None:
    """Where a displaced Magistrate goes; None = home. (Aedile: the owner picks a row.)"""
    below = OFFICES[office].below
    return below[0] if below else None


def _path_up(start: int, target: int) -> list[int] | None:
    """Offices passed through on the way up from `start` to `target` (target included)."""
    path: list[int] = []
    level = target
    while level != start:
        path.append(level)
        below = OFFICES[level].below
        if not below:
            return None
        level = start if start in below else below[0]
    return list(reversed(path))


def promotion_cost(start: int | None, target: int) -> int | None:
    """The cumulative gold to move from `start` (None: the Family Estate) up to `target`.

    None if `target` is not above `start`. E.g. Quaestor->Praetor = 2+4 = 6.
    """
    if start is None:
        if target in (QUAESTOR, TRIBUNE):
            return OFFICES[target].up_cost
        if target == AEDILE:
            return OFFICES[QUAESTOR].up_cost + OFFICES[AEDILE].up_cost
        return None
    if start == target:
        return None
    path = _path_up(start, target)
    if path is None:
        return None
    return sum(OFFICES[level].up_cost for level in path)


PROMOTIONS: tuple[tuple[int, int, int], ...] = tuple(
    (start, target, cost)
    for start in range(NUM_OFFICES)
    for target in range(NUM_OFFICES)
    if (cost := promotion_cost(start, target) or 0) > 0
)
"""Every (from office, to office, cumulative cost) promotion on the table."""
