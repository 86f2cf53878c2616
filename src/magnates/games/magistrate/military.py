"""Military actions: March and Fortify (one phase), Attack (a later phase). Paid in green."""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.core.actions import Action
from magnates.games.magistrate.actions import Attack, Fortify, March, Pass
from magnates.games.magistrate.components import GREEN
from magnates.games.magistrate.phases import NEXT_PLAYER, SAME_PLAYER, Then
from magnates.games.magistrate.supply import build_fort, pay_home, pay_stockpile

if TYPE_CHECKING:
    from magnates.games.magistrate.position import Position

FORTIFY_COST = 2
ATTACK_COST = 2


def others_home(s: Position, player: int, province: int) -> bool:
    """No one may march into another player's Home (unused Homes are ordinary provinces)."""
    return province in s.home and s.home[player] != province


def march_legal(s: Position, player: int) -> list[int]:
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


def apply_march(s: Position, player: int, action: Action) -> Then:
    """Military March/Fortify: a player marches and fortifies (paying green for each) until he passes."""
    match action:
        case Pass():
            return NEXT_PLAYER
        case March(source, target, count):
            march(s, player, source, target, count)
        case Fortify(province):
            fortify(s, player, province)
        case _:
            raise ValueError(f"{action} is not a March/Fortify action")
    return SAME_PLAYER


def can_fortify(s: Position, player: int, province: int) -> bool:
    return s.forts[province] < 0 and s.has_most(player, province)


def march(s: Position, player: int, source: int, target: int, count: int) -> None:
    """The green cube becomes evidence only if this move causes a majority the player lacked at turn start.

    "If the move causes you to have the most Soldiers": a second march into a province
    the first one already won causes nothing, so its cube goes to the Central Stockpile
    (otherwise splitting one march in several would farm evidence). A province won this
    way joins `most_at_start` (the provinces that can no longer earn evidence this turn),
    so marching out and back in again earns nothing either: each province pays a player
    evidence at most once a turn (docs/rules/magistrate.md, rules version 3).
    """
    had_most = s.has_most(player, target)
    row = s.soldiers[player]
    row[source] -= count
    row[target] += count
    if not had_most and target not in s.most_at_start and s.has_most(player, target):
        pay_home(s, player, GREEN, 1)
        s.most_at_start.append(target)
    else:
        pay_stockpile(s, player, GREEN, 1)


def fortify(s: Position, player: int, province: int) -> None:
    pay_stockpile(s, player, GREEN, FORTIFY_COST)
    s.soldiers[player][province] -= 1
    s.stock_soldiers[player] += 1
    build_fort(s, player, province)


def attack_legal(s: Position, player: int) -> list[int]:
    out = [s.ids.pass_]
    if s.supply[player][GREEN] < ATTACK_COST:
        return out
    for province, mine in enumerate(s.soldiers[player]):
        if mine:
            out += [s.ids.attack[province][d] for d in defenders(s, player, province)]
    return out


def apply_attack(s: Position, player: int, action: Action) -> Then:
    """Military Attacks: each attack is a battle (chance flips) before the player may attack again."""
    match action:
        case Pass():
            return NEXT_PLAYER
        case Attack(province, defender):
            declare_attack(s, player, province, defender)
        case _:
            raise ValueError(f"{action} is not an Attack")
    return SAME_PLAYER


def defenders(s: Position, player: int, province: int) -> list[int]:
    """Players with soldiers or a Fort in the province, other than the attacker."""
    fort = s.forts[province]
    return [q for q in range(s.n) if q != player and (s.soldiers[q][province] or fort == q)]


def declare_attack(s: Position, player: int, province: int, defender: int) -> None:
    """The 2 green cubes wait in the province until the battle's winner takes them."""
    s.supply[player][GREEN] -= ATTACK_COST
    s.battle = [player, defender, province, ATTACK_COST]
