"""Magnate's knowledge for the search bots: a leaf evaluation and a rollout policy (greedy).

The search bots (`magnates.bots`) find these by name in the game's package. They read the full
state, which in a search is the bot's own determinization (sampled from its view), never the
real game.

The evaluation asks how likely each side is to win from here. Each district goes to the strictly
highest total, so it models each side's final total in a district as its total now (plus a share
of its unfinished deed, plus a share of the tokens and income it will have to spend) with an
uncertainty that grows with the turns both sides have left, and then counts districts the way the
rules do: most districts wins, then the higher total rank. Turns are counted per seat: a side
whose last turn is played can add nothing more (an unfinished deed of its is lost), while its
rival may still build. In the final round there is little left to guess and the model is at its
weakest (one last card decides a district), so the turns left are played out instead, by the
greedy policy.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from magnates.core.chance import sample
from magnates.games.magnate.bots import GreedyBot
from magnates.games.magnate.placement import lane_mask
from magnates.games.magnate.scoring import district_value
from magnates.games.magnate.state import DRAW

_GREEDY = GreedyBot()

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
SIGMA_FLOOR = 1.0
"""A district's margin uncertainty (rank points) even with no turn left."""
TIE_MARGIN = 0.5
"""A district goes to the strictly higher total: a side must lead by this much to be favoured."""
TIEBREAK_SCALE = 2.0
"""Rank points of total-rank lead (plus the uncertainty) that make the tie-break fairly sure."""


def produce_chance(rank: int) -> float:
    """Chance that a roll pays a property of `rank` (the higher of 2d10; a pair of 1s for Aces)."""
    if rank <= 0:
        return 0.0
    return 0.01 if rank == 1 else (2 * rank - 1) / 100


def turns_left(state: MagnateState) -> float:
    """Roughly how many more turns each side will take (on average over the sides)."""
    return total_turns(state) / state.config.players


def total_turns(state: MagnateState) -> float:
    """Roughly how many more turns the table will take, the one under way included."""
    config = state.config
    if state.final_turns_left >= 0:
        return float(state.final_turns_left)
    refills = max(0, config.ending_exhaustion - state.exhaustions - 1)
    draws = len(state.pile) + refills * (len(state.discard) + 4)
    return draws / config.plays_per_turn + config.players


def turns_each(state: MagnateState) -> list[float]:
    """How many more turns each seat will play, in turn order from the next (or current) one.

    In the final round the count is exact, and it is what decides the end: a side with no turn
    left can no longer add to any district, while its rival still can. Before it, the turns left
    are shared out evenly, the side to play next a little ahead.
    """
    n = state.config.players
    after = state.phase == DRAW  # the turn holder has ended its turn and only draws
    first = (state.turn_player + 1) % n if after else state.turn_player
    total = total_turns(state)
    each = []
    for seat in range(n):
        order = (seat - first) % n
        if state.final_turns_left >= 0:
            each.append(float(len(range(order, int(total), n))))
        else:
            each.append(max(0.0, (total - order) / n + (n - 1) / (2 * n)))
    return each


def strengths(state: MagnateState, each: list[float]) -> list[list[float]]:
    """Each district's expected final total per side (-inf where a side does not build).

    A side's total is what it has built, plus its unfinished deed (whose missing tokens are owed
    out of its future tokens, so paying a deed is neither gain nor loss, only safety from tax;
    a deed still unfinished when its owner has no turn left counts for nothing), plus a share of
    what its tokens, income and playable cards in hand will build in its remaining turns.
    """
    deck = state.deck
    config = state.config
    sides = config.sides
    potential = []
    finished = []
    for side in range(sides):
        finishes = [0.0] * len(state.districts)
        finished.append(finishes)
        if side >= config.players:  # the automa has no tokens; its builds come from your sales
            potential.append(0.0)
            continue
        left = each[side]
        finish = min(1.0, left / DEED_TURNS)
        tokens = 0.0
        for count in state.tokens[side]:
            tokens += count if count <= 1 else 1 + (count - 1) * TAX_KEEP
        rate = 0.0
        for rank, cards in enumerate(state.producers[side]):
            for card in cards:
                rate += produce_chance(rank) * (1 if card in state.deeded else len(deck.cards[card].suits))
        income = rate * config.players * left
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
        for d in state.side_districts[side]:
            deed = state.deed_card[d][side]
            if deed >= 0 and left > 0:  # a deed still unfinished after its owner's last turn is lost
                missing = 1.0 - sum(state.deed_paid[d][side]) / deck.develop_cost[deed]
                finishes[d] = 1.0 - missing * (1.0 - finish)
        future = max(0.0, tokens + income - owed)
        share = len(state.side_districts[side]) or 1
        potential.append((TOKEN_RANK * future + hand * finish) / share * finish)
    rows = []
    for d, district in enumerate(state.districts):
        row = [-math.inf] * sides
        for side in district.contested_by:
            value = district_value(state, d, side) + potential[side]
            deed = state.deed_card[d][side]
            if deed >= 0:
                value += deck.score_rank[deed] * finished[side][d]
            row[side] = value
        rows.append(row)
    return rows


def spreads(each: list[float], sides: int) -> list[list[float]]:
    """The uncertainty of the margin between two sides: it grows with the turns both have left."""
    lefts = each + [0.0] * (sides - len(each))
    return [[SIGMA_FLOOR + SPREAD * math.sqrt((a + b) / 2) for b in lefts] for a in lefts]


def win_chances(row: list[float], sigma: list[list[float]]) -> list[float]:
    """Chance each side ends strictly highest in one district (ties score for nobody)."""
    chances = []
    for side, mine in enumerate(row):
        if mine == -math.inf:
            chances.append(0.0)
            continue
        p = 1.0
        for other, theirs in enumerate(row):
            if other != side and theirs != -math.inf:
                p *= 1.0 / (1.0 + math.exp(-(mine - theirs - TIE_MARGIN) / sigma[side][other]))
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
    if state.final_turns_left > 0:
        return final_round(state)
    config = state.config
    each = turns_each(state)
    sigma = spreads(each, config.sides)
    rows = strengths(state, each)
    chances = [win_chances(row, sigma) for row in rows]
    ranks = [sum(max(0.0, row[side]) for row in rows) for side in range(config.sides)]

    def tiebreak(a: int, b: int) -> float:
        return math.tanh((ranks[a] - ranks[b]) / (TIEBREAK_SCALE + sigma[a][b]))

    if config.sides == 2:  # one duel decides both sides' values
        value = duel(chances, 0, 1, tiebreak(0, 1))
        return [value, -value][: config.players]
    values = []
    for seat in range(config.players):
        rivals = [side for side in range(config.sides) if side != seat]
        total = sum(duel(chances, seat, other, tiebreak(seat, other)) for other in rivals)
        values.append(total / len(rivals))
    return values


def final_round(state: MagnateState) -> list[float]:
    """The returns after the final round's remaining turns, played by the greedy policy.

    The dice come from a stream seeded by the hands of the seats still to play, so that every
    plan the searcher compares in one determinization meets the same rolls (a fair comparison),
    while other determinizations meet other rolls.
    """
    each = turns_each(state)
    seed = hash(tuple(tuple(sorted(hand)) for seat, hand in enumerate(state.hands) if seat < len(each) and each[seat]))
    rng = random.Random(seed)
    play = state.clone()
    while not play.is_terminal():
        if play.is_chance_node():
            play.apply_action(sample(play.chance_outcomes(), rng))
        else:
            play.apply_action(rollout_action(play, rng))
    return play.returns()


def heuristic(state: MagnateState, seat: int) -> float:
    """How good `state` looks for `seat`, in [-1, 1]."""
    return leaf_values(state)[seat]


def rollout_action(state: MagnateState, rng: random.Random) -> int:
    """The `greedy` bot's move, from the deciding seat's own view (so it never peeks)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    player = state.current_player()
    return _GREEDY.choose(state.game, state.view(player), legal, rng)
