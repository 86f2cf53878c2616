"""The piecepack as Magistratvm uses it, as data.

24 tiles (4 suits x values 1..6; the ace is 1 and the null is 6) are the
Provinces; each player has a die (the income die), a pawn, six coins (the
Patricians) and 20 influence tokens. Gold lives in a bank that never runs out.
"""

from __future__ import annotations

SUITS: tuple[str, ...] = ("Suns", "Moons", "Crowns", "Arms")
VALUE_NAMES: dict[int, str] = {1: "ace", 2: "2", 3: "3", 4: "4", 5: "5", 6: "null"}
NUM_TILES = 24
TOKENS_PER_PLAYER = 20
PATRICIANS_PER_PLAYER = 6
DIE_FACES: tuple[int, ...] = (1, 2, 3, 4, 5, 6)
DIE_START = 6
"""Income dice start on the null face (6)."""
NUM_SLOTS = 6
"""The electoral circuit: six Provinces face up, two columns of three."""


def tile_suit(tile: int) -> str:
    return SUITS[tile // 6]


def tile_value(tile: int) -> int:
    """A Province's value: its influence at the end and the tokens needed to win it."""
    return tile % 6 + 1


def tile_name(tile: int) -> str:
    """A tile as people read it: "ace-Suns", "3-Moons", "6-Crowns". The null tile goes by its worth, since
    "null" in a log line or a label reads as a missing value to anyone who has not read the piecepack's rules."""
    value = tile_value(tile)
    return f"{'ace' if value == 1 else value}-{tile_suit(tile)}"


TILE_VALUES: tuple[int, ...] = tuple(tile_value(t) for t in range(NUM_TILES))

# The circuit's six places are numbered clockwise around the two columns of
# three, starting at the top of the left column:
#     0  1
#     5  2
#     4  3
SLOT_GRID: tuple[tuple[int, int], ...] = ((0, 1), (5, 2), (4, 3))
"""Rows of the 2x3 layout, (left slot, right slot); the slot numbers run clockwise."""


def clockwise_from(start: int) -> list[int]:
    """Slots in clockwise order beginning at `start`."""
    return [(start + i) % NUM_SLOTS for i in range(NUM_SLOTS)]
