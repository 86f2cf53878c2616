"""The cards in play and what each costs, sells for, produces and scores.

Prices are rule tables computed once per variant, so the hot paths only index
lists. Card ids are positions in `Deck.cards`.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from magnates.core.native import frozen_reduce
from magnates.decktet import ACES, COURTS, CROWNS, NUMBERED, Card, Kind, Suit
from magnates.games.magnate.options import Config

COURT_RANK = 10  # "counts as rank 10 for purposes of determining victory"
COURT_DEVELOP_COST = 10


def suit_mask(suits: tuple[Suit, ...]) -> int:
    mask = 0
    for suit in suits:
        mask |= 1 << suit
    return mask


def compositions(total: int, parts: int) -> list[tuple[int, ...]]:
    """Ways to split `total` tokens over `parts` suits with at least one of each."""
    if parts == 1:
        return [(total,)]
    return [(first, *rest) for first in range(1, total - parts + 2) for rest in compositions(total - first, parts - 1)]


@dataclass(frozen=True)
class Deck:
    """The property cards and Crowns of one variant, with their prices."""

    cards: tuple[Card, ...]
    crowns: tuple[Card, ...]
    score_rank: tuple[int, ...]  # Ace 1, numbers their rank, Court 10
    income_rank: tuple[int, ...]  # the die value that makes it produce; 0 = never (Courts)
    develop_cost: tuple[int, ...]
    payments: tuple[tuple[tuple[int, ...], ...], ...]  # ways to develop outright, counts per card suit
    deed_cost: tuple[tuple[Suit, ...], ...]  # one token of each
    sale: tuple[tuple[Suit, ...], ...]  # tokens gained by selling
    mask: tuple[int, ...]

    def __reduce__(self) -> tuple[Any, ...]:
        return frozen_reduce(self)

    def __len__(self) -> int:
        return len(self.cards)


def build_deck(config: Config) -> Deck:
    base: list[Card] = [*ACES, *NUMBERED, *(COURTS if config.courts else ())]
    cards: list[Card] = []
    crowns: list[Card] = []
    for copy in range(config.decks):
        cards += [replace(c, copy=copy) for c in base]
        crowns += [replace(c, copy=copy) for c in CROWNS]
    score, income, develop, payments, deed, sale = [], [], [], [], [], []
    for card in cards:
        if card.kind is Kind.ACE:
            score.append(1)
            income.append(1)
            develop.append(config.ace_develop_cost)
            deed.append(card.suits)
            sale.append(card.suits * 2)
        elif card.kind is Kind.COURT:
            score.append(COURT_RANK)
            income.append(0)
            develop.append(COURT_DEVELOP_COST)
            deed.append(card.suits)
            sale.append(card.suits)
        else:
            score.append(card.rank)
            income.append(card.rank)
            develop.append(card.rank)
            deed.append(card.suits)
            sale.append(card.suits)
        payments.append(tuple(compositions(develop[-1], len(card.suits))))
    return Deck(
        cards=tuple(cards),
        crowns=tuple(crowns),
        score_rank=tuple(score),
        income_rank=tuple(income),
        develop_cost=tuple(develop),
        payments=tuple(payments),
        deed_cost=tuple(deed),
        sale=tuple(sale),
        mask=tuple(suit_mask(c.suits) for c in cards),
    )
