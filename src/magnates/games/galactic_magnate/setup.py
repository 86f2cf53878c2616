"""Before the first turn: each seat chooses a character (option `characters=pick`), then chance draws the playing order.

Characters are names only (no ability), so a default game deals them (`state.py`) and starts at the
playing order.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.games.galactic_magnate.phases import FIRST_TURN, STAY, TO_ORDER, Then

if TYPE_CHECKING:
    from magnates.games.galactic_magnate.state import GalacticState


def legal_characters(s: GalacticState, seat: int) -> list[int]:
    """The characters nobody has chosen yet."""
    taken = set(s.characters)
    return [a for i, a in enumerate(s.ids.characters) if i not in taken]


def choose_character(s: GalacticState, seat: int, action: int) -> Then:
    """The seat takes the character; once every seat has one, the playing order is drawn."""
    s.characters[seat] = s.ids.characters.index(action)
    s.chooser += 1
    return TO_ORDER if s.chooser == s.n else STAY


def draw_order(s: GalacticState, action: int) -> Then:
    """Chance has drawn the playing order: the first turn begins."""
    s.order = list(s.ids.order_of[action])
    return FIRST_TURN
