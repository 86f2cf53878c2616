"""A battle: flip cards and apply their battle results until one side is gone.

A defender's Fort stands as its last defender: it falls only once the
defender's soldiers there are gone, and the battle is over when either side has
nothing left in the province.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.games.magistrate.components import GREEN
from magnates.games.magistrate.income import BATTLES, earn

if TYPE_CHECKING:
    from magnates.games.magistrate.position import Position


def defender_strength(s: Position, defender: int, province: int) -> int:
    return s.soldiers[defender][province] + (1 if s.forts[province] == defender else 0)


def flip(s: Position, card: int) -> None:
    attacker, defender, province, _ = s.battle
    s.discard.append(card)
    info = s.comp.cards[card]
    lost = min(info.attacker_loses, s.soldiers[attacker][province])
    s.soldiers[attacker][province] -= lost
    s.stock_soldiers[attacker] += lost
    hits = info.defender_loses
    lost = min(hits, s.soldiers[defender][province])
    s.soldiers[defender][province] -= lost
    s.stock_soldiers[defender] += lost
    if hits > lost and s.forts[province] == defender:
        s.forts[province] = -1
        s.stock_forts[defender] += 1
    attacker_left = s.soldiers[attacker][province]
    defender_left = defender_strength(s, defender, province)
    if attacker_left == 0 or defender_left == 0:
        finish(s, attacker_left > 0, defender_left > 0)


def finish(s: Position, attacker_stands: bool, defender_stands: bool) -> None:
    """The winner takes the cubes home as evidence; if both sides are wiped out, one each."""
    attacker, defender, province, pot = s.battle
    if attacker_stands:
        shares = {attacker: pot}
        winner = attacker
    elif defender_stands:
        shares = {defender: pot}
        winner = defender
    else:
        shares = {attacker: pot // 2, defender: pot - pot // 2}
        winner = -1
    for player, cubes in shares.items():
        s.evidence[player][GREEN] += cubes
        earn(s, player, BATTLES, cubes)
    s.last_battle = [attacker, defender, province, winner]
    s.battle = []


def abandon(s: Position) -> None:
    """No card is left to flip (every card is in a hand or evidence): the battle stops, cubes to the stockpile."""
    attacker, defender, province, pot = s.battle
    s.stockpile[GREEN] += pot
    s.last_battle = [attacker, defender, province, -2]
    s.battle = []
