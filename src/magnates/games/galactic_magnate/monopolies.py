"""Monopolies and their upgrades; the fees of monopolies, utilities and extractors.

A monopoly is upgraded as a whole (its level, 0..5), only by the owner of every
one of its locations and only on his own turn; an upgrade sells back at half
price at any time. Whenever a location of an upgraded monopoly changes hands,
the monopoly's upgrades are sold first, so a level above 0 always means one
owner holds the complete set.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.games.galactic_magnate import economy, income
from magnates.games.galactic_magnate.board import EXTRACTORS, GROUP_OF, GROUPS, TABLES, UTILITIES

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.state import GalacticState

BANK = -1
MAX_LEVEL = TABLES.max_upgrade_level


def owner_of_set(s: GalacticState, group: int) -> int:
    """The seat that owns every location of the monopoly, or -1."""
    locs = GROUPS[group].locations
    first = s.owner[locs[0]]
    if first == -1:
        return -1
    for loc in locs[1:]:
        if s.owner[loc] != first:
            return -1
    return first


def legal_upgrades(s: GalacticState, seat: int) -> list[int]:
    ids = s.ids
    out = []
    money = -1
    for group in range(len(GROUPS)):
        if s.level[group] < MAX_LEVEL and owner_of_set(s, group) == seat:
            if money < 0:
                money = economy.means(s, seat)
            if s.tables.groups[group].upgrade_price <= money:
                out.append(ids.upgrade[group])
    return out


def legal_sales(s: GalacticState, seat: int) -> list[int]:
    ids = s.ids
    return [
        ids.sell_upgrade[group]
        for group in range(len(GROUPS))
        if s.level[group] > 0 and s.owner[GROUPS[group].locations[0]] == seat
    ]


def upgrade(s: GalacticState, seat: int, group: int) -> None:
    economy.transfer(s, seat, BANK, s.tables.groups[group].upgrade_price)
    s.level[group] += 1


def sell_upgrade(s: GalacticState, group: int) -> None:
    """One level back to the bank at half price, paid to the monopoly's owner."""
    owner = s.owner[GROUPS[group].locations[0]]
    economy.transfer(s, BANK, owner, s.tables.groups[group].upgrade_price // 2, income.UPGRADE_SALES)
    s.level[group] -= 1


def sell_all(s: GalacticState, group: int) -> None:
    while s.level[group] > 0:
        sell_upgrade(s, group)


def sell_all_of(s: GalacticState, seat: int) -> None:
    for group in range(len(GROUPS)):
        if s.level[group] > 0 and s.owner[GROUPS[group].locations[0]] == seat:
            sell_all(s, group)


def sell_upgrades_of_location(s: GalacticState, loc: int) -> None:
    """Before a location changes hands: its monopoly's upgrades go back to the bank."""
    group = GROUP_OF[loc]
    if group >= 0 and s.level[group] > 0:
        sell_all(s, group)


def sell_one_for_debt(s: GalacticState, seat: int) -> bool:
    """Forced selling: one upgrade from the seat's highest-level monopoly; False if none."""
    best = -1
    for group in range(len(GROUPS)):
        mine = s.level[group] > 0 and s.owner[GROUPS[group].locations[0]] == seat
        if mine and (best < 0 or s.level[group] > s.level[best]):
            best = group
    if best < 0:
        return False
    sell_upgrade(s, best)
    return True


def upgrade_value(s: GalacticState, seat: int) -> int:
    """What the seat's upgrades would fetch if sold now."""
    return sum(
        s.level[g] * (s.tables.groups[g].upgrade_price // 2)
        for g in range(len(GROUPS))
        if s.level[g] > 0 and s.owner[GROUPS[g].locations[0]] == seat
    )


def upgrade_count(s: GalacticState, seat: int) -> int:
    return sum(s.level[g] for g in range(len(GROUPS)) if s.level[g] > 0 and s.owner[GROUPS[g].locations[0]] == seat)


def monopoly_fee(s: GalacticState, loc: int) -> int:
    """0 until the monopoly is upgraded at least once."""
    group = GROUP_OF[loc]
    level = s.level[group]
    return s.tables.groups[group].fees[level - 1] if level > 0 else 0


def utility_fee(s: GalacticState, owner: int) -> int:
    count = sum(1 for loc in UTILITIES if s.owner[loc] == owner)
    return s.tables.utility_fees[count - 1]


def extractor_profit(s: GalacticState, owner: int) -> int:
    """The seed's table, kept as written (two extractors pay less than one)."""
    count = sum(1 for loc in EXTRACTORS if s.owner[loc] == owner)
    return s.tables.extractor_profits[count - 1]
