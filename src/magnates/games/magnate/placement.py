"""Where a property may go.

Your first property in a district must share a suit with its Pawn (any card
may open the Excuse); each later one must share a suit with the immediately
previous property there. No new property or deed joins a district while your
deed there is unfinished.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from magnates.games.magnate.state import MagnateState


def lane_mask(state: MagnateState, district: int, side: int) -> int:
    """The suits the next property of `side` in `district` must share one of."""
    lane = state.lanes[district][side]
    if lane:
        return state.deck.mask[lane[-1]]
    return state.first_masks[district]


def open_districts(state: MagnateState, side: int) -> list[int]:
    """Districts where `side` may place a new property at all (contested, no open deed)."""
    deeds = state.deed_card
    return [d for d in state.side_districts[side] if deeds[d][side] < 0]


def fits(state: MagnateState, card: int, district: int, side: int) -> bool:
    return bool(state.deck.mask[card] & lane_mask(state, district, side))


def automa_districts(state: MagnateState, card: int) -> list[int]:
    """Solo game: the districts of the automa's side where a sold card may be built.

    Hard automa: if the card shares a suit with one of the automa's Crowns, it
    must be placed by matching through such a suit where that is possible.
    """
    automa = 1
    legal = [d for d in state.side_districts[automa] if fits(state, card, d, automa)]
    if state.config.automa == "hard" and legal:
        crown_suits = state.deck.mask[card] & state.crown_mask(automa)
        if crown_suits:
            preferred = [d for d in legal if lane_mask(state, d, automa) & crown_suits]
            if preferred:
                return preferred
    return legal
