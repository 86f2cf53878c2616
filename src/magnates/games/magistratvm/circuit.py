"""The electoral circuit's places: a drawn Province goes face up to the first place waiting for one.

Both the setup and the end of turn draw Provinces this way, so it is a helper below both phases.
"""

from __future__ import annotations

from magnates.games.magistratvm.position import Position


def place_drawn_tile(state: Position, tile: int) -> None:
    """The drawn tile goes face up to the first empty place waiting for a Province."""
    slot = state.refill_slots.pop(0)
    state.pile.remove(tile)
    state.slots[slot] = tile
