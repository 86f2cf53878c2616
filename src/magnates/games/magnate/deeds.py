"""Deeds: bought for one token of each suit on the card (one for an Ace), then
developed one token at a time. A deed is complete when it holds as many tokens
as the card's outright price, with at least one of each of its suits (the same
total and types as buying it outright)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from magnates.games.magnate.state import MagnateState


def can_add(state: MagnateState, card: int, paid: list[int], suit: int) -> bool:
    """May one token of `suit` go on this deed without making completion impossible?"""
    deck = state.deck
    if not (deck.mask[card] >> suit) & 1:
        return False
    remaining = deck.develop_cost[card] - sum(paid) - 1
    if remaining < 0:
        return False
    still_missing = sum(1 for s in deck.cards[card].suits if s != suit and paid[s] == 0)
    return remaining >= still_missing


def is_complete(state: MagnateState, card: int, paid: list[int]) -> bool:
    return sum(paid) == state.deck.develop_cost[card]
