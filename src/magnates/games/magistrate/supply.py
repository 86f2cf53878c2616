"""Moving cubes, cards and Forts between places: the Central Stockpile, supplies, Homes, hands,
deck, and a player's stock and the map.

Everything that is gained comes out of a finite place (the stockpile or the
deck), so cubes and cards are conserved by construction; when the stockpile
runs short a player simply gets what is left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from magnates.games.magistrate.position import Position


def gain_cubes(s: Position, into: list[int], counts: tuple[int, int, int] | list[int]) -> int:
    """Take cubes from the Central Stockpile into a supply or a Home (as many as are left).

    Returns how many came, for the income ledger (`income.py`).
    """
    total = 0
    for colour, wanted in enumerate(counts):
        got = min(wanted, s.stockpile[colour])
        s.stockpile[colour] -= got
        into[colour] += got
        total += got
    return total


def pay_stockpile(s: Position, player: int, colour: int, count: int) -> None:
    s.supply[player][colour] -= count
    s.stockpile[colour] += count


def pay_home(s: Position, player: int, colour: int, count: int) -> None:
    """Pay action cubes into one's own Home, where they become evidence."""
    s.supply[player][colour] -= count
    s.evidence[player][colour] += count


def discard_from_hand(s: Position, player: int, card: int) -> None:
    s.hands[player].remove(card)
    s.discard.append(card)


def owe_draws(s: Position, player: int, count: int) -> None:
    """Queue draws for a player; each is a chance node resolved before anyone decides again."""
    if count > 0:
        s.draws.append([player, count])


def cards_left(s: Position) -> bool:
    return bool(s.deck) or bool(s.discard)


def refill_deck(s: Position) -> bool:
    """An empty deck takes the discard pile (draws are uniform, so no shuffle step is needed)."""
    if not s.deck and s.discard:
        s.deck = sorted(s.discard)
        s.discard = []
    return bool(s.deck)


def build_fort(s: Position, player: int, province: int) -> None:
    """A Fort from the player's stock onto the province (Fortify, or the Agent Op that builds one)."""
    s.stock_forts[player] -= 1
    s.forts[province] = player


def take_from_deck(s: Position, card: int) -> None:
    s.deck.remove(card)
