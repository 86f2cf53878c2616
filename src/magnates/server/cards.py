"""Card faces for the table drawings: what a browser needs to draw a card it is allowed to see.

Only static facts about the deck (name, rank, suits, price) are sent, never
where any card is; the view says which cards a seat may see.
"""

from __future__ import annotations

from typing import Any

from magnates.core.game import Game
from magnates.decktet import EXTENDED_DECK, SUITS


def suits_table() -> list[dict[str, Any]]:
    return [{"name": s.title, "symbol": s.symbol, "face": int(s) + 1} for s in SUITS]


def card_faces(game: Game) -> dict[str, dict[str, Any]]:
    """Every Decktet card by label; with Magnate-style decks, each card's development cost too."""
    faces: dict[str, dict[str, Any]] = {}
    for card in EXTENDED_DECK:
        faces[card.name] = {
            "name": card.name,
            "rank": card.rank,
            "suits": [s.title for s in card.suits],
            "kind": card.kind.value,
        }
    deck = getattr(game, "deck", None)
    cards = getattr(deck, "cards", None)
    costs = getattr(deck, "develop_cost", None)
    if cards is not None and costs is not None:
        for card, cost in zip(cards, costs, strict=False):
            faces[card.label] = {**faces.get(card.name, {}), "name": card.name, "cost": cost}
    return faces
