"""Military actions: March and Fortify (one phase), Attack (a later phase). Paid in green."""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.games.magistrate.components import GREEN
from magnates.games.magistrate.supply import pay_home, pay_stockpile

if TYPE_CHECKING:
    from magnates.games.magistrate.state import MagistrateState

FORTIFY_COST = 2
ATTACK_COST = 2


def others_home(s: MagistrateState, player: int, province: int) -> bool:
    """No one may march into another player's Home (unused Homes are ordinary provinces)."""
    return province in s.home and s.home[player] != province


def march_legal(s: MagistrateState, player: int) -> list[int]:
    ids = s.ids
    out = [ids.pass_]
    green = s.supply[player][GREEN]
    if green >= 1:
        march = ids.march
        for source, count in enumerate(s.soldiers[player]):
            if count:
                for target in s.comp.provinces[source].neighbours:
                    if not others_home(s, player, target):
                        out += [march[(source, target, k)] for k in range(1, count + 1)]
    if green >= FORTIFY_COST and s.stock_forts[player] > 0:
        out += [ids.fortify[p] for p in range(len(s.forts)) if can_fortify(s, player, p)]
    return out


def can_fortify(s: MagistrateState, player: int, province: int) -> bool:
    return s.forts[province] < 0 and s.has_most(player, province)


def march(s: MagistrateState, player: int, source: int, target: int, count: int) -> None:
    """The green cube becomes evidence only if this move causes a majority the player lacked at turn start.

    "If the move causes you to have the most Soldiers": a second march into a province
    the first one already won causes nothing, so its cube goes to the Central Stockpile
    (otherwise splitting one march in several would farm evidence).
    """
    had_most = s.has_most(player, target)
    row = s.soldiers[player]
    row[source] -= count
    row[target] += count
    if not had_most and target not in s.most_at_start and s.has_most(player, target):
        pay_home(s, player, GREEN, 1)
    else:
        pay_stockpile(s, player, GREEN, 1)


def fortify(s: MagistrateState, player: int, province: int) -> None:
    pay_stockpile(s, player, GREEN, FORTIFY_COST)
    s.soldiers[player][province] -= 1
    s.stock_soldiers[player] += 1
    build_fort(s, player, province)


def build_fort(s: MagistrateState, player: int, province: int) -> None:
    s.stock_forts[player] -= 1
    s.forts[province] = player


def attack_legal(s: MagistrateState, player: int) -> list[int]:
    out = [s.ids.pass_]
    if s.supply[player][GREEN] < ATTACK_COST:
        return out
    for province, mine in enumerate(s.soldiers[player]):
        if mine:
            out += [s.ids.attack[province][d] for d in defenders(s, player, province)]
    return out


def defenders(s: MagistrateState, player: int, province: int) -> list[int]:
    """Players with soldiers or a Fort in the province, other than the attacker."""
    fort = s.forts[province]
    return [q for q in range(s.n) if q != player and (s.soldiers[q][province] or fort == q)]


def declare_attack(s: MagistrateState, player: int, province: int, defender: int) -> None:
    """The 2 green cubes wait in the province until the battle's winner takes them."""
    s.supply[player][GREEN] -= ATTACK_COST
    s.battle = [player, defender, province, ATTACK_COST]
