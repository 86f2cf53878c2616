"""The cards of the extended Decktet.

Suits are small integers in their usual order of priority (Moons first), which
is also the d6 order of Magnate's taxation: die face = suit + 1.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import IntEnum, StrEnum


class Suit(IntEnum):
    MOONS = 0
    SUNS = 1
    WAVES = 2
    LEAVES = 3
    WYRMS = 4
    KNOTS = 5

    @property
    def title(self) -> str:
        return self.name.capitalize()

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]

    @classmethod
    def parse(cls, text: str) -> Suit:
        key = text.strip().upper()
        for suit in cls:
            if suit.name == key or suit.name.rstrip("S") == key or suit.symbol == text.strip():
                return suit
        raise ValueError(f"no suit is called {text!r}; the suits are {', '.join(s.title for s in cls)}")


SUITS: tuple[Suit, ...] = tuple(Suit)
_SYMBOLS = {Suit.MOONS: "☾", Suit.SUNS: "☀", Suit.WAVES: "≈", Suit.LEAVES: "♣", Suit.WYRMS: "⚘", Suit.KNOTS: "⌘"}


class Kind(StrEnum):
    ACE = "ace"
    NUMBER = "number"
    CROWN = "crown"
    PAWN = "pawn"
    COURT = "court"
    EXCUSE = "excuse"


@dataclass(frozen=True)
class Card:
    """One Decktet card. `copy` tells the two copies of a double deck apart."""

    name: str
    rank: int  # Ace 1, numbers 2-9, Crown 10, Pawn and Court 0 by rank (Magnate scores Courts as 10), Excuse 0
    suits: tuple[Suit, ...]
    kind: Kind
    copy: int = 0

    @property
    def label(self) -> str:
        """A unique short name: the card's name, with its copy in a double deck."""
        return self.name if self.copy == 0 else f"{self.name} #{self.copy + 1}"

    def __str__(self) -> str:
        return self.label


def _card(name: str, rank: int, suits: str, kind: Kind) -> Card:
    return Card(name, rank, tuple(Suit[s.upper()] for s in suits.split()), kind)


ACES: tuple[Card, ...] = tuple(_card(f"Ace of {s.title}", 1, s.name, Kind.ACE) for s in Suit)

NUMBERED: tuple[Card, ...] = tuple(
    _card(name, rank, suits, Kind.NUMBER)
    for rank, name, suits in [
        (2, "The Author", "moons knots"),
        (2, "The Desert", "suns wyrms"),
        (2, "The Origin", "waves leaves"),
        (3, "The Journey", "moons waves"),
        (3, "The Painter", "suns knots"),
        (3, "The Savage", "leaves wyrms"),
        (4, "The Mountain", "moons suns"),
        (4, "The Sailor", "waves leaves"),
        (4, "The Battle", "wyrms knots"),
        (5, "The Forest", "moons leaves"),
        (5, "The Discovery", "suns waves"),
        (5, "The Soldier", "wyrms knots"),
        (6, "The Lunatic", "moons waves"),
        (6, "The Penitent", "suns wyrms"),
        (6, "The Market", "leaves knots"),
        (7, "The Chance Meeting", "moons leaves"),
        (7, "The Castle", "suns knots"),
        (7, "The Cave", "waves wyrms"),
        (8, "The Diplomat", "moons suns"),
        (8, "The Mill", "waves leaves"),
        (8, "The Betrayal", "wyrms knots"),
        (9, "The Pact", "moons suns"),
        (9, "The Darkness", "waves wyrms"),
        (9, "The Merchant", "leaves knots"),
    ]
)

CROWNS: tuple[Card, ...] = tuple(
    _card(name, 10, suit, Kind.CROWN)
    for name, suit in [
        ("The Huntress", "moons"),
        ("The Bard", "suns"),
        ("The Sea", "waves"),
        ("The End", "leaves"),
        ("The Calamity", "wyrms"),
        ("The Windfall", "knots"),
    ]
)

EXCUSE: Card = Card("The Excuse", 0, (), Kind.EXCUSE)

PAWNS: tuple[Card, ...] = tuple(
    _card(name, 0, suits, Kind.PAWN)
    for name, suits in [
        ("The Watchman", "moons wyrms knots"),
        ("The Borderland", "waves leaves wyrms"),
        ("The Harvest", "moons suns leaves"),
        ("The Light Keeper", "suns waves knots"),
    ]
)

COURTS: tuple[Card, ...] = tuple(
    _card(name, 0, suits, Kind.COURT)
    for name, suits in [
        ("The Consul", "moons waves knots"),
        ("The Rite", "moons leaves wyrms"),
        ("The Window", "suns leaves knots"),
        ("The Island", "suns waves wyrms"),
    ]
)

EXTENDED_DECK: tuple[Card, ...] = ACES + NUMBERED + CROWNS + (EXCUSE,) + PAWNS + COURTS


def double_deck() -> tuple[Card, ...]:
    """Two copies of the extended deck (Mega Magnate, three-player Magnate)."""
    return EXTENDED_DECK + tuple(replace(card, copy=1) for card in EXTENDED_DECK)


def card_by_name(name: str, copy: int = 0) -> Card:
    for card in EXTENDED_DECK:
        if card.name.lower() == name.strip().lower():
            return card if copy == 0 else Card(card.name, card.rank, card.suits, card.kind, copy)
    raise KeyError(f"no Decktet card is called {name!r}")
