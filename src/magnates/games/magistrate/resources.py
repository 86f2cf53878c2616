"""Update Resources: deal 1 card per Fort, discard 1 card per Ring for material, secret evidence."""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from magnates.core.actions import Action
from magnates.games.magistrate.actions import DiscardForMaterial, Pass, SecretEvidence
from magnates.games.magistrate.income import MATERIAL, earn
from magnates.games.magistrate.phases import NEXT_PLAYER, SAME_PLAYER, Then
from magnates.games.magistrate.supply import discard_from_hand, gain_cubes, owe_draws

if TYPE_CHECKING:
    from magnates.games.magistrate.position import Position


def deal_cards(s: Position) -> None:
    """Each player, from the First Player on, is dealt one card per Fort he has on the map."""
    for offset in range(s.n):
        player = (s.first + offset) % s.n
        owe_draws(s, player, s.forts_on_map(player))


def legal(s: Position, player: int) -> list[int]:
    ids = s.ids
    hand = s.hands[player]
    out = [ids.pass_]
    if s.material_left > 0:
        out += [ids.material[c] for c in hand]
    out += [ids.secret[c] for c in hand]
    return out


def apply(s: Position, player: int, action: Action) -> Then:
    """Discards for material go on while Rings allow; secret evidence (or a pass) ends the player's step."""
    match action:
        case Pass():
            return NEXT_PLAYER
        case DiscardForMaterial(card):
            discard_for_material(s, player, card)
        case SecretEvidence(card):
            place_secret_evidence(s, player, card)
            return NEXT_PLAYER
        case _:
            raise ValueError(f"{action} is not an Update Resources action")
    return SAME_PLAYER


def discard_for_material(s: Position, player: int, card: int) -> None:
    """The card's upper-right corner: cubes from the stockpile, or draw 2 or 3 cards."""
    discard_from_hand(s, player, card)
    s.material_left -= 1
    info = s.comp.cards[card]
    if info.cards:
        owe_draws(s, player, info.cards)
    else:
        earn(s, player, MATERIAL, gain_cubes(s, s.supply[player], info.cubes))


def place_secret_evidence(s: Position, player: int, card: int) -> None:
    """Face down until the next scoring round; one card per round, and it ends the step."""
    s.hands[player].remove(card)
    insort(s.secret[player], card)
