"""Magnate's knowledge for the search bots: a leaf evaluation and a rollout policy (greedy).

The search bots (`magnates.bots`) find these by name in the game's package. They read the full
state, which in a search is the bot's own determinization (sampled from its view), never the
real game.

The evaluation asks how likely each side is to win from here. Each district goes to the strictly
highest total, so it models each side's final total in a district as its total now (plus a share
of its unfinished deed, plus a share of the tokens and income it will have to spend) with an
uncertainty that grows with the turns left, and then counts districts the way the rules do:
most districts wins, then the higher total rank.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from magnates.games.magnate.bots import SHARP, GreedyBot, Seen
from magnates.games.magnate.placement import lane_mask
from magnates.games.magnate.scoring import district_value, district_winners, total_rank

_GREEDY = GreedyBot()
_SHARP = GreedyBot(SHARP)

if TYPE_CHECKING:
    from magnates.games.magnate.state import MagnateState

TOKEN_RANK = 0.8
"""Rank points a token in hand is worth later (developing costs about one token per rank)."""
SPREAD = 1.0
"""How far a district's margin may swing per square root of a turn left to each side."""
TAX_KEEP = 0.88
"""Share of a suit's second and later tokens expected to escape taxation until they are spent."""
HAND_RANK = 0.0
"""Rank points a card in hand that fits somewhere is worth (it is a future development)."""
DEED_TURNS = 4.0
"""Turns left from which an unfinished deed counts as good as built (its tokens are owed)."""


def produce_chance(rank: int) -> float:
    """Chance that a roll pays a property of `rank` (the higher of 2d10; a pair of 1s for Aces)."""
    if rank <= 0:
        return 0.0
    return 0.01 if rank == 1 else (2 * rank - 1) / 100


def turns_left(state: MagnateState) -> float:
    """Roughly how many more turns each side will take."""
    config = state.config
    if state.final_turns_left >= 0:
        return state.final_turns_left / config.players
    refills = max(0, config.ending_exhaustion - state.exhaustions - 1)
    draws = len(state.pile) + refills * (len(state.discard) + 4)
    return (draws / config.plays_per_turn + config.players) / config.players


def strengths(state: MagnateState, left: float) -> list[list[float]]:
    """Each district's expected final total per side (-inf where a side does not build).

    A side's total is what it has built, plus its unfinished deed (whose missing tokens are owed
    out of its future tokens, so paying a deed is neither gain nor loss, only safety from tax),
    plus a share of what its tokens, income and playable cards in hand will build later.
    """
    deck = state.deck
    config = state.config
    sides = config.sides
    finish = min(1.0, left / DEED_TURNS)
    potential = []
    for side in range(sides):
        if side >= config.players:  # the automa has no tokens; its builds come from your sales
            potential.append(0.0)
            continue
        tokens = 0.0
        for count in state.tokens[side]:
            tokens += count if count <= 1 else 1 + (count - 1) * TAX_KEEP
        rate = 0.0
        for rank, cards in enumerate(state.producers[side]):
            for card in cards:
                rate += produce_chance(rank) * (1 if card in state.deeded else len(deck.cards[card].suits))
        owed = 0
        for d in state.side_districts[side]:
            deed = state.deed_card[d][side]
            if deed >= 0:
                owed += deck.develop_cost[deed] - sum(state.deed_paid[d][side])
        hand = 0.0
        for card in state.hands[side]:
            mask = deck.mask[card]
            if any(mask & lane_mask(state, d, side) for d in state.side_districts[side]):
                hand += HAND_RANK * deck.score_rank[card]
        future = max(0.0, tokens + rate * config.players * left - owed)
        share = len(state.side_districts[side]) or 1
        potential.append((TOKEN_RANK * future + hand * finish) / share * finish)
    rows = []
    for d, district in enumerate(state.districts):
        row = [-math.inf] * sides
        for side in district.contested_by:
            value = district_value(state, d, side) + potential[side]
            deed = state.deed_card[d][side]
            if deed >= 0:
                missing = 1.0 - sum(state.deed_paid[d][side]) / deck.develop_cost[deed]
                value += deck.score_rank[deed] * (1.0 - missing * (1.0 - finish))
            row[side] = value
        rows.append(row)
    return rows


def win_chances(row: list[float], sigma: float) -> list[float]:
    """Chance each side ends strictly highest in one district (ties score for nobody)."""
    chances = []
    for side, mine in enumerate(row):
        if mine == -math.inf:
            chances.append(0.0)
            continue
        p = 1.0
        for other, theirs in enumerate(row):
            if other != side and theirs != -math.inf:
                p *= 1.0 / (1.0 + math.exp(-(mine - theirs - 0.5) / sigma))
        chances.append(p)
    return chances


def duel(chances: list[list[float]], a: int, b: int, tiebreak: float) -> float:
    """P(a has more districts than b) - P(fewer), a draw on districts settled by `tiebreak`."""
    n = len(chances)
    lead = [0.0] * (2 * n + 1)  # lead[n + k]: chance that a is k districts ahead of b
    lead[n] = 1.0
    low = high = n
    for per_side in chances:
        pa, pb = per_side[a], per_side[b]
        rest = max(0.0, 1.0 - pa - pb)
        nxt = [0.0] * (2 * n + 1)
        for k in range(low, high + 1):
            p = lead[k]
            nxt[k + 1] += p * pa
            nxt[k - 1] += p * pb
            nxt[k] += p * rest
        lead = nxt
        low, high = low - 1, high + 1
    return sum(lead[n + 1 :]) - sum(lead[:n]) + lead[n] * tiebreak


def leaf_values(state: MagnateState) -> list[float]:
    """Every seat's expected return in [-1, 1] (the scale of `State.returns()`)."""
    config = state.config
    left = turns_left(state)
    sigma = 1.0 + SPREAD * math.sqrt(left)
    rows = strengths(state, left)
    chances = [win_chances(row, sigma) for row in rows]
    ranks = [sum(max(0.0, row[side]) for row in rows) for side in range(config.sides)]
    if config.sides == 2:  # one duel decides both sides' values
        tiebreak = math.tanh((ranks[0] - ranks[1]) / (2.0 + sigma))
        value = duel(chances, 0, 1, tiebreak)
        return [value, -value][: config.players]
    values = []
    for seat in range(config.players):
        total = 0.0
        rivals = [side for side in range(config.sides) if side != seat]
        for other in rivals:
            tiebreak = math.tanh((ranks[seat] - ranks[other]) / (2.0 + sigma))
            total += duel(chances, seat, other, tiebreak)
        values.append(total / len(rivals))
    return values


MARGIN_RANK = 20.0
"""Total rank points that count as much as one district in a finished game's margin."""


def final_margins(state: MagnateState) -> list[float]:
    """How clearly each seat won or lost a finished game, in [-1, 1]: against each other side, the
    districts it scored more plus its lead in total rank (MARGIN_RANK points a district), squashed
    by tanh, averaged over the other sides (the automa too in solo)."""
    sides = state.config.sides
    _, winners = district_winners(state)
    lead = [sum(1 for w in winners if w == s) + total_rank(state, s) / MARGIN_RANK for s in range(sides)]
    return [
        sum(math.tanh((lead[seat] - lead[other]) / 2) for other in range(sides) if other != seat) / (sides - 1)
        for seat in range(state.config.players)
    ]


def heuristic(state: MagnateState, seat: int) -> float:
    """How good `state` looks for `seat`, in [-1, 1]."""
    return leaf_values(state)[seat]


def rollout_action(state: MagnateState, rng: random.Random) -> int:
    """The `greedy` bot's move, from what the deciding seat sees (so it never peeks)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return _GREEDY.decide(state.magnate, Seen.from_state(state), legal)


def check_action(state: MagnateState, rng: random.Random) -> int:
    """The same rules of thumb with tuned weights (`SHARP`, 73% of games against `greedy`): a sharper
    model of later play for a plan check that names it (preset field `check_policy`)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return _SHARP.decide(state.magnate, Seen.from_state(state), legal)
