"""The districts of the duchy: which marker card starts each, and which sides contest it.

Two sides (two players, or you and the automa): the Pawns and the Excuse in a
line, every district contested by both. Three players: six Pawns in a Y around
the Excuse; each arm of the Y lies between two players, who contest its two
Pawns, and all three contest the Excuse at the hub (so each player builds in
five districts, as in the two-player game).
"""

from __future__ import annotations

from dataclasses import dataclass

from magnates.decktet import EXCUSE, PAWNS, Card
from magnates.games.magnate.options import Config

ALL_SUITS_MASK = 0b111111


@dataclass(frozen=True)
class District:
    marker: Card  # a Pawn or the Excuse
    contested_by: tuple[int, ...]  # sides that may build here

    @property
    def name(self) -> str:
        return self.marker.label

    @property
    def is_excuse(self) -> bool:
        return self.marker.name == EXCUSE.name

    @property
    def first_card_mask(self) -> int:
        """Suits a first property here must share: the Pawn's, or any at the Excuse."""
        if self.is_excuse:
            return ALL_SUITS_MASK
        mask = 0
        for suit in self.marker.suits:
            mask |= 1 << suit
        return mask


def _pawn(name: str, copy: int = 0) -> Card:
    for pawn in PAWNS:
        if pawn.name == name:
            return Card(pawn.name, pawn.rank, pawn.suits, pawn.kind, copy)
    raise KeyError(name)


# The Y for three players: arm k lies between player k and player k+1 (clockwise).
# Two Pawns come from the second Decktet; which two is a decision (docs/rules/magnate.md).
Y_ARMS: tuple[tuple[Card, Card], ...] = (
    (_pawn("The Watchman"), _pawn("The Borderland")),
    (_pawn("The Harvest"), _pawn("The Light Keeper")),
    (_pawn("The Borderland", 1), _pawn("The Harvest", 1)),
)


def layout(config: Config) -> tuple[District, ...]:
    """The districts in table order (left to right; the Excuse in the middle)."""
    if config.three:
        arms = [District(card, (k, (k + 1) % 3)) for k, arm in enumerate(Y_ARMS) for card in arm]
        return (*arms[:3], District(EXCUSE, (0, 1, 2)), *arms[3:])
    both = tuple(range(config.sides))
    pawns = [District(p, both) for p in PAWNS]
    if config.districts == 5:
        return (pawns[0], pawns[1], District(EXCUSE, both), pawns[2], pawns[3])
    return tuple(pawns)
