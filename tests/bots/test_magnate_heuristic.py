"""Magnate's leaf evaluation: returns-sized, zero-sum for two, and it prefers what wins."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from magnates.core.chance import sample
from magnates.games import load
from magnates.games.magnate import heuristic
from magnates.games.magnate.state import ROLL, MagnateState


def play_until(stop: Callable[[MagnateState], bool], seed: int, players: int = 2) -> MagnateState | None:
    """A random game from `seed` up to the first position where `stop` holds (None if none)."""
    game = load("magnate", players=players)
    rng = random.Random(seed)
    state: MagnateState = game.new_initial_state()  # type: ignore[assignment]
    while not state.is_terminal():
        if stop(state):
            return state
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[rng.randrange(len(legal))])
    return None


def mid_game(seed: int, players: int = 2) -> MagnateState:
    state = play_until(lambda s: s.turn_number >= 20 and s.phase == ROLL, seed, players)
    assert state is not None
    return state


@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("seed", range(4))
def test_values_are_returns_sized_and_zero_sum_for_two(players: int, seed: int) -> None:
    state = mid_game(seed, players)
    values = heuristic.leaf_values(state)
    assert len(values) == players
    assert all(-1.0 <= v <= 1.0 for v in values)
    if players == 2:
        assert values[0] == pytest.approx(-values[1], abs=1e-12)
        assert heuristic.heuristic(state, 1) == pytest.approx(values[1])


@pytest.mark.parametrize("seed", range(4))
def test_more_tokens_look_better(seed: int) -> None:
    state = mid_game(seed)
    richer = state.clone()
    richer.tokens[0] = [t + 2 for t in richer.tokens[0]]
    assert heuristic.leaf_values(richer)[0] > heuristic.leaf_values(state)[0]


@pytest.mark.parametrize("seed", range(4))
def test_a_crown_sized_lead_in_a_district_looks_better(seed: int) -> None:
    state = mid_game(seed)
    stronger = state.clone()
    court = next(c for c in range(len(state.deck)) if state.deck.score_rank[c] == 10 and c not in state.deeded)
    for lanes in stronger.lanes:  # the card may be in a lane already: take it out everywhere
        for lane in lanes:
            if court in lane:
                lane.remove(court)
    for hand in stronger.hands:
        if court in hand:
            hand.remove(court)
    weaker = stronger.clone()
    stronger.lanes[0][0].append(court)
    assert heuristic.leaf_values(stronger)[0] > heuristic.leaf_values(weaker)[0]
