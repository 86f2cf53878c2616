"""Rolling for resources: taxation first, then everyone collects on the higher die.

10: one token per Crown. 2-9: each property of that rank pays one token per
suit if developed, one token of the owner's choice if only deeded. A pair of
1s: one token per Ace property. Courts never produce. The automa collects nothing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from magnates.games.magnate.state import MagnateState

# Indices of the per-side income tally (reported by simulations as "income by source").
CROWNS, PROPERTIES, DEEDS, ACES, SALES = range(5)
SOURCES = ("crowns", "properties", "deeds", "aces", "sales")


def tax(state: MagnateState, suit: int) -> None:
    """Anyone holding more than one token of the taxed suit keeps one."""
    for side_tokens, lost in zip(state.tokens, state.taxed_away, strict=True):
        if side_tokens[suit] > 1:
            lost[suit] += side_tokens[suit] - 1
            side_tokens[suit] = 1


def collect(state: MagnateState, high: int) -> None:
    """Everyone collects on the higher die; two-suit deeds queue a choice for their owner."""
    deck = state.deck
    pending = state.pending_income
    for side in state.income_order():
        tokens = state.tokens[side]
        tally = state.income[side]
        if high == 10:
            for crown in state.crowns[side]:
                tokens[deck.crowns[crown].suits[0]] += 1
            tally[CROWNS] += len(state.crowns[side])
            continue
        for card in state.producers[side][high]:
            suits = deck.cards[card].suits
            if card in state.deeded and len(suits) > 1:
                pending.append((side, card))
            else:
                for suit in suits if card not in state.deeded else suits[:1]:
                    tokens[suit] += 1
                tally[ACES if high == 1 else (DEEDS if card in state.deeded else PROPERTIES)] += (
                    len(suits) if card not in state.deeded else 1
                )
