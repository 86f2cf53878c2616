"""The end: districts by rank total, then the tie-breakers.

Hands and unfinished deeds are discarded (they simply do not count). In each
district the side with the strictly highest total scores it (a tie scores for
nobody). An Ace counts one per developed property with its suit on that side
of that district, itself included (original rule: just 1); a Court counts 10.
Most districts wins; then the total rank of developed properties (Aces as 1);
then the most tokens left; then it is a draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from magnates.core.game import Result, ranking_from_keys
from magnates.decktet import Kind
from magnates.games.magnate.income import SOURCES

if TYPE_CHECKING:
    from magnates.games.magnate.state import MagnateState


def developed(state: MagnateState, district: int, side: int) -> list[int]:
    deed = state.deed_card[district][side]
    return [c for c in state.lanes[district][side] if c != deed]


def district_value(state: MagnateState, district: int, side: int) -> int:
    deck = state.deck
    cards = developed(state, district, side)
    total = 0
    for card in cards:
        if deck.cards[card].kind is Kind.ACE and state.config.aces == "official":
            bit = deck.mask[card]
            total += sum(1 for other in cards if deck.mask[other] & bit)
        else:
            total += deck.score_rank[card]
    return total


def total_rank(state: MagnateState, side: int) -> int:
    return sum(state.deck.score_rank[c] for d in range(len(state.districts)) for c in developed(state, d, side))


def district_winners(state: MagnateState) -> tuple[list[list[int]], list[int | None]]:
    """Each district's value per side (None where a side cannot build) and its winner (None on a tie)."""
    values: list[list[int]] = []
    winners: list[int | None] = []
    for d, district in enumerate(state.districts):
        row = [district_value(state, d, s) if s in district.contested_by else -1 for s in range(state.config.sides)]
        best = max(row[s] for s in district.contested_by)
        leaders = [s for s in district.contested_by if row[s] == best]
        values.append(row)
        winners.append(leaders[0] if len(leaders) == 1 else None)
    return values, winners


def final_result(state: MagnateState) -> Result:
    sides = state.config.sides
    values, winners = district_winners(state)
    districts = [sum(1 for w in winners if w == s) for s in range(sides)]
    ranks = [total_rank(state, s) for s in range(sides)]
    tokens = [sum(state.tokens[s]) for s in range(sides)]
    keys = [(districts[s], ranks[s], tokens[s]) for s in range(sides)]
    reason = _decided_by(keys)
    details: dict[str, Any] = {
        "districts": districts,
        "district_values": values,
        "district_winners": winners,
        "total_rank": ranks,
        "tokens": tokens,
        "turns": state.turn_number,
        "income": {str(s): dict(zip(SOURCES, state.income[s], strict=True)) for s in range(state.config.players)},
        "taxed_away": [sum(t) for t in state.taxed_away],
    }
    if state.config.solo:
        you, automa = keys
        outcome = "win" if you > automa else ("loss" if you < automa else "draw")
        details["outcome"] = outcome
        details["automa"] = {"districts": districts[1], "total_rank": ranks[1]}
        return Result([1 if outcome != "loss" else 2], [float(districts[0])], reason, details)
    return Result(ranking_from_keys(keys), [float(d) for d in districts], reason, details)


def _decided_by(keys: list[tuple[int, int, int]]) -> str:
    """Which criterion separated the winner from the other leaders."""
    labels = ("districts", "tiebreak: total rank", "tiebreak: resources")
    contenders = list(range(len(keys)))
    for level, label in enumerate(labels):
        best = max(keys[s][level] for s in contenders)
        contenders = [s for s in contenders if keys[s][level] == best]
        if len(contenders) == 1:
            return label
    return "draw"
