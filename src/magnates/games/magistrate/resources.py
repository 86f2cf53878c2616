"""Update Resources: deal 1 card per Fort, discard 1 card per Ring for material, secret evidence."""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from magnates.games.magistrate.income import MATERIAL, earn
from magnates.games.magistrate.supply import discard_from_hand, gain_cubes, owe_draws

if TYPE_CHECKING:
    from magnates.games.magistrate.state import MagistrateState


def deal_cards(s: MagistrateState) -> None:
    """Each player, from the First Player on, is dealt one card per Fort he has on the map."""
    for offset in range(s.n):
        player = (s.first + offset) % s.n
        owe_draws(s, player, s.forts_on_map(player))


def legal(s: MagistrateState, player: int) -> list[int]:
    ids = s.ids
    hand = s.hands[player]
    out = [ids.pass_]
    if s.material_left > 0:
        out += [ids.material[c] for c in hand]
    out += [ids.secret[c] for c in hand]
    return out


def discard_for_material(s: MagistrateState, player: int, card: int) -> None:
    """The card's upper-right corner: cubes from the stockpile, or draw 2 or 3 cards."""
    discard_from_hand(s, player, card)
    s.material_left -= 1
    info = s.comp.cards[card]
    if info.cards:
        owe_draws(s, player, info.cards)
    else:
        earn(s, player, MATERIAL, gain_cubes(s, s.supply[player], info.cubes))


def place_secret_evidence(s: MagistrateState, player: int, card: int) -> None:
    """Face down until the next scoring round; one card per round, and it ends the step."""
    s.hands[player].remove(card)
    insort(s.secret[player], card)
