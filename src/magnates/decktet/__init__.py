"""The Decktet as data: six suits, 45 cards of the extended deck, and a double deck."""

from magnates.decktet.cards import (
    ACES,
    COURTS,
    CROWNS,
    EXCUSE,
    EXTENDED_DECK,
    NUMBERED,
    PAWNS,
    SUITS,
    Card,
    Kind,
    Suit,
    card_by_name,
    double_deck,
)

__all__ = [
    "ACES",
    "COURTS",
    "CROWNS",
    "EXCUSE",
    "EXTENDED_DECK",
    "NUMBERED",
    "PAWNS",
    "SUITS",
    "Card",
    "Kind",
    "Suit",
    "card_by_name",
    "double_deck",
]
