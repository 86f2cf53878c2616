"""Moving cubes and cards between places: the Central Stockpile, supplies, Homes, hands, deck.

Everything that is gained comes out of a finite place (the stockpile or the
deck), so cubes and cards are conserved by construction; when the stockpile
runs short a player simply gets what is left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from magnates.games.magistrate.state import MagistrateState


def gain_cubes(s: MagistrateState, into: list[int], counts: tuple[int, int, int] | list[int]) -> int:
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


def pay_stockpile(s: MagistrateState, player: int, colour: int, count: int) -> None:
    s.supply[player][colour] -= count
    s.stockpile[colour] += count


def pay_home(s: MagistrateState, player: int, colour: int, count: int) -> None:
    """Pay action cubes into one's own Home, where they become evidence."""
    s.supply[player][colour] -= count
    s.evidence[player][colour] += count


def discard_from_hand(s: MagistrateState, player: int, card: int) -> None:
    s.hands[player].remove(card)
    s.discard.append(card)


def owe_draws(s: MagistrateState, player: int, count: int) -> None:
    """Queue draws for a player; each is a chance node resolved before anyone decides again."""
    if count > 0:
        s.draws.append([player, count])


def cards_left(s: MagistrateState) -> bool:
    return bool(s.deck) or bool(s.discard)


def refill_deck(s: MagistrateState) -> bool:
    """An empty deck takes the discard pile (draws are uniform, so no shuffle step is needed)."""
    if not s.deck and s.discard:
        s.deck = sorted(s.discard)
        s.discard = []
    return bool(s.deck)


def take_from_deck(s: MagistrateState, card: int) -> None:
    s.deck.remove(card)
