"""Magistratvm's knowledge for the search bots: a leaf evaluation and a rollout policy (greedy).

The search bots (`magnates.bots`) find these functions by name in the game's package. Nothing in
Magistratvm is hidden, so reading the state is reading the view.

The evaluation predicts each seat's final score from a few things a player can count on the
table (influence already earned, its share of the tokens in each contested Province, tokens at
home, income per turn, gold it can still spend this turn, Patricians at home, active Magistrates
for this turn's votes), as a linear model whose weights shift as the Provinces run out. The
weights (`WEIGHTS`) were fitted by least squares to games of the greedy bot with some random moves
mixed in (`benchmarks/magistratvm_heuristic_fit.py` rebuilds them). A seat's value is then its
expected result in each pairing, the score gap judged against the model's error at that stage of
the game, averaged over its rivals: the scale of `State.returns()`.
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from magnates.core.first_place import win_returns, win_values
from magnates.games.magistratvm import phases
from magnates.games.magistratvm.actions import INFLUENTIAL_OFFICES
from magnates.games.magistratvm.bots import GreedyBot
from magnates.games.magistratvm.components import NUM_SLOTS, NUM_TILES, TILE_VALUES, TOKENS_PER_PLAYER
from magnates.games.magistratvm.offices import OFFICES, QUAESTOR
from magnates.games.magistratvm.scoring import scores

if TYPE_CHECKING:
    from magnates.games.magistratvm.state import MagistratvmState

FEATURES = (
    "score",
    "token_share",
    "leads",
    "home_tokens",
    "income",
    "gold",
    "patricians",
    "votes",
)
"""What the model reads for each seat (see `features`), in the order of `WEIGHTS`' rows."""

WEIGHTS: tuple[tuple[float, float], ...] = (
    (1.182, -0.796),  # score
    (0.502, -0.353),  # token_share
    (0.423, -0.742),  # leads
    (-0.849, 1.285),  # home_tokens
    (-0.491, 2.103),  # income
    (0.308, 0.030),  # gold
    (1.015, -2.018),  # patricians
    (0.422, -0.568),  # votes
)
"""Per feature, (weight at the end of the game, extra weight per unit of `left`): fitted, see above."""

ERROR = (1.74, 7.59)
"""The model's error (standard deviation of a seat's final score) is ERROR[0] + ERROR[1] * left."""

PRE_ELECTION = frozenset({phases.INCOME, phases.BIDDING, phases.ACTIONS, phases.DISPLACE, phases.DISPLACE_INTO})
"""Phases in which gold in hand can still be spent (it goes back to the bank after the elections)."""

_GREEDY = GreedyBot()


def left(state: MagistratvmState) -> float:
    """How much of the game is still to be decided: Provinces not yet won, as a share of all."""
    undecided = len(state.pile) + sum(1 for s in range(NUM_SLOTS) if state.slots[s] >= 0)
    return undecided / NUM_TILES


def features(state: MagistratvmState) -> list[list[float]]:
    """Each seat's features, in the order of `FEATURES`."""
    n = state.n
    score = scores(state)
    share = [0.0] * n
    leads = [0.0] * n
    for s in range(NUM_SLOTS):
        tile = state.slots[s]
        if tile < 0:
            continue
        value = TILE_VALUES[tile]
        row = state.tokens[s]
        total = sum(row)
        if not total:
            continue
        for q in range(n):
            if row[q]:
                share[q] += value * row[q] / total
                if row[q] >= value and 2 * row[q] > total:
                    leads[q] += value
    spendable = state.phase in PRE_ELECTION
    rows = []
    for q in range(n):
        out = TOKENS_PER_PLAYER - state.estate_tokens[q]
        quaestors = state.active[QUAESTOR][q] + state.inactive[QUAESTOR][q]
        governed_gold = sum(
            state.tile_gold[t] for t in range(NUM_TILES) if state.governed[t] and state.tile_owner[t] == q
        )
        gold = governed_gold + (state.gold[q] if spendable else 0)
        votes = sum(OFFICES[o].influence * state.active[o][q] for o in INFLUENTIAL_OFFICES)
        rows.append(
            [
                float(score[q]),
                share[q],
                leads[q],
                float(state.estate_tokens[q]),
                float(out + 3 * quaestors + state.dice[q]),
                float(gold),
                float(state.patricians[q]),
                float(votes),
            ]
        )
    return rows


def expected_scores(state: MagistratvmState) -> list[float]:
    """Each seat's final score as the model predicts it (only differences between seats matter)."""
    rest = left(state)
    weights = [a + b * rest for a, b in WEIGHTS]
    return [sum(w * x for w, x in zip(weights, row, strict=True)) for row in features(state)]


def leaf_values(state: MagistratvmState) -> list[float]:
    """Every seat's expected return in [-1, 1]: mean over rivals of P(ahead) - P(behind)."""
    if state.is_terminal():
        return state.returns()
    expected = expected_scores(state)
    spread = (ERROR[0] + ERROR[1] * left(state)) * 2.0  # the gap between two seats' errors, doubled
    n = state.n
    values = []
    for q in range(n):
        total = 0.0
        for r in range(n):
            if r != q:
                total += math.erf((expected[q] - expected[r]) / spread)
        values.append(total / (n - 1))
    return values


def first_place_values(state: MagistratvmState) -> list[float]:
    """Every seat's value for a searcher playing to win (`magnates.core.first_place`): the chance of
    ending above each rival from the same expected scores and spread as `leaf_values`, turned into a
    chance of first place."""
    if state.is_terminal():
        return win_returns(state)
    expected = expected_scores(state)
    spread = (ERROR[0] + ERROR[1] * left(state)) * 2.0
    ahead = [[0.5 + 0.5 * math.erf((mine - theirs) / spread) for theirs in expected] for mine in expected]
    return win_values(ahead)


def heuristic(state: MagistratvmState, seat: int) -> float:
    """How good `state` looks for `seat`, in [-1, 1]."""
    return leaf_values(state)[seat]


def greedy_action(state: MagistratvmState) -> int:
    """The greedy bot's move read straight off the state (the view holds the same facts)."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    allowed = set(legal)
    choice = _GREEDY._choose(state, state.ids, state.decider, allowed)
    return choice if choice in allowed else legal[0]


def rollout_action(state: MagistratvmState, rng: random.Random) -> int:
    """Rollouts play like `greedy` (which needs no randomness)."""
    return greedy_action(state)
