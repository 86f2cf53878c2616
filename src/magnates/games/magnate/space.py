"""Magnate's fixed action space and the decode table the engine works from.

Each action id maps to an `Action` (text and JSON for people and records) and
to a decoded tuple `(op, a, b, c)` of small ints (for the rules' hot paths).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from magnates.core.actions import Action
from magnates.decktet import SUITS
from magnates.games.magnate import actions as A
from magnates.games.magnate.cards import Deck
from magnates.games.magnate.districts import District
from magnates.games.magnate.options import Config

OP_DEAL_CROWN, OP_DRAW, OP_ROLL, OP_TAX, OP_INCOME, OP_TRADE, OP_IMPROVE = range(7)
OP_DEVELOP, OP_DEED, OP_SELL, OP_END, OP_AUTOMA_BUILD = range(7, 12)


@dataclass
class Space:
    actions: list[Action] = field(default_factory=list)
    decode: list[tuple[int, int, int, int]] = field(default_factory=list)
    deal_crown: list[int] = field(default_factory=list)
    draw: list[int] = field(default_factory=list)
    roll: dict[tuple[int, int], int] = field(default_factory=dict)
    tax: list[int] = field(default_factory=list)
    income: list[int] = field(default_factory=list)
    trade: list[list[int]] = field(default_factory=list)
    improve: list[list[int]] = field(default_factory=list)  # [district][suit]
    develop: list[list[list[int]]] = field(default_factory=list)  # [card][district][payment]
    deed: list[list[int]] = field(default_factory=list)  # [card][district]
    sell: list[int] = field(default_factory=list)
    end_turn: int = -1
    automa_build: list[int] = field(default_factory=list)
    roll_outcomes: list[tuple[int, float]] = field(default_factory=list)  # 2d10, higher die first

    def add(self, action: Action, op: int, a: int = 0, b: int = 0, c: int = 0) -> int:
        self.actions.append(action)
        self.decode.append((op, a, b, c))
        return len(self.actions) - 1


def build_space(config: Config, deck: Deck, districts: tuple[District, ...]) -> Space:
    s = Space()
    names = [d.name for d in districts]
    s.deal_crown = [s.add(A.DealCrown(crown.label), OP_DEAL_CROWN, i) for i, crown in enumerate(deck.crowns)]
    s.draw = [s.add(A.Draw(card.label), OP_DRAW, i) for i, card in enumerate(deck.cards)]
    for high in range(1, 11):
        for low in range(1, high + 1):
            s.roll[(high, low)] = s.add(A.Roll(high, low), OP_ROLL, high, low)
            s.roll_outcomes.append((s.roll[(high, low)], (1 if high == low else 2) / 100))
    s.tax = [s.add(A.Tax(suit.title, suit + 1), OP_TAX, suit) for suit in SUITS]
    s.income = [s.add(A.TakeIncome(suit.title), OP_INCOME, suit) for suit in SUITS]
    s.trade = [
        [s.add(A.Trade(give.title, get.title), OP_TRADE, give, get) if give != get else -1 for get in SUITS]
        for give in SUITS
    ]
    s.improve = [
        [s.add(A.Improve(names[d], suit.title), OP_IMPROVE, d, suit) for suit in SUITS] for d in range(len(districts))
    ]
    for c, card in enumerate(deck.cards):
        per_district = []
        for d in range(len(districts)):
            ids = []
            for p, payment in enumerate(deck.payments[c]):
                paid = tuple((suit.title, n) for suit, n in zip(card.suits, payment, strict=True))
                ids.append(s.add(A.Develop(card.label, names[d], paid), OP_DEVELOP, c, d, p))
            per_district.append(ids)
        s.develop.append(per_district)
    s.deed = [
        [s.add(A.BuyDeed(card.label, names[d]), OP_DEED, c, d) for d in range(len(districts))]
        for c, card in enumerate(deck.cards)
    ]
    s.sell = [s.add(A.Sell(card.label), OP_SELL, c) for c, card in enumerate(deck.cards)]
    s.end_turn = s.add(A.EndTurn(), OP_END)
    if config.solo:
        s.automa_build = [s.add(A.AutomaBuild(names[d]), OP_AUTOMA_BUILD, d) for d in range(len(districts))]
    return s
