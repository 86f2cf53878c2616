"""Magistratvm's observation encoder: shape, determinism, the pile as a set, "me" first."""

from __future__ import annotations

import copy
import itertools
import math
import random
from collections.abc import Iterator

import pytest

import magnates
from magnates.core.game import Game
from magnates.games.magistratvm.observation import GOLD_SCALE
from magnates.games.magistratvm.state import MagistratvmState

PLAYERS = (3, 4)


def positions(game: Game, seed: int, every: int = 4, limit: int = 500) -> Iterator[MagistratvmState]:
    """Positions of a seeded random playout."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, MagistratvmState)
    for step in range(limit):
        if step % every == 0:
            yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(magnates.sample(state.chance_outcomes(), rng))
        else:
            state.apply_action(rng.choice(state.legal_actions()))


def block(game: Game, vector: list[float], name: str) -> list[float]:
    start, stop = game.observation_encoder().slices[name]
    return vector[start:stop]


@pytest.mark.parametrize("players", PLAYERS)
def test_length_finite_and_deterministic_for_every_seat(players: int) -> None:
    game = magnates.load("magistratvm", players=players)
    encoder = game.observation_encoder()
    assert encoder is game.observation_encoder()  # built once per option set
    seen = 0
    for state in positions(game, seed=players, every=7):
        for seat in [*range(players), None]:
            view = state.view(seat)
            vector = encoder.encode(view)
            assert len(vector) == encoder.size
            assert all(math.isfinite(x) for x in vector)
            assert encoder.encode(copy.deepcopy(view)) == vector
            seen += 1
    assert seen > 50
    assert magnates.load("magistratvm", players=players).observation_encoder().describe() == encoder.describe()


@pytest.mark.parametrize("players", PLAYERS)
def test_slices_tile_the_vector(players: int) -> None:
    encoder = magnates.load("magistratvm", players=players).observation_encoder()
    spans = sorted(encoder.slices.values())
    assert spans[0][0] == 0 and spans[-1][1] == encoder.size
    for (_, stop), (start, _) in itertools.pairwise(spans):
        assert stop == start  # no gap, no overlap
    assert all(start < stop for start, stop in spans)


@pytest.mark.parametrize("players", PLAYERS)
def test_hidden_parts_do_not_change_the_encoding(players: int) -> None:
    """Only the face-down pile's order is unknown (its contents are deducible): reordering it, or
    rebuilding the state from the view with `sample_state`, leaves every seat's encoding alone."""
    game = magnates.load("magistratvm", players=players)
    encoder = game.observation_encoder()
    rng = random.Random(5)
    shuffled = 0
    for seed in range(2):
        for state in positions(game, seed=seed, every=15):
            reordered = state.clone()
            rng.shuffle(reordered.pile)
            shuffled += reordered.pile != state.pile
            for seat in range(players):
                view = state.view(seat)
                expected = encoder.encode(view)
                assert encoder.encode(reordered.view(seat)) == expected
                assert encoder.encode(game.sample_state(view, rng).view(seat)) == expected
    assert shuffled > 5


def test_a_public_change_changes_the_encoding() -> None:
    """My gold and a tile leaving the pile are public: each moves the vector (so the test above can fail)."""
    game = magnates.load("magistratvm", players=4)
    encoder = game.observation_encoder()
    state = list(positions(game, seed=1, every=10, limit=60))[-1].clone()
    before = encoder.encode(state.view(0))
    state.gold[0] += 3
    after = encoder.encode(state.view(0))
    assert block(game, after, "gold")[0] - block(game, before, "gold")[0] == pytest.approx(3 / GOLD_SCALE)
    assert state.pile
    state.pile.pop()
    assert encoder.encode(state.view(0)) != after


def test_my_data_comes_first() -> None:
    """Each seat sees itself as relative seat 0: gold and the income die are rotated to the seat."""
    players = 4
    game = magnates.load("magistratvm", players=players)
    encoder = game.observation_encoder()
    state = list(positions(game, seed=3, every=10, limit=100))[-1].clone()
    state.gold[:] = [1, 2, 3, 4]
    state.dice[:] = [1, 3, 5, 6]
    vectors = [encoder.encode(state.view(seat)) for seat in range(players)]
    for seat, vector in enumerate(vectors):
        expected = [state.gold[(seat + r) % players] / GOLD_SCALE for r in range(players)]
        assert block(game, vector, "gold") == pytest.approx(expected)
        die = block(game, vector, "income_die")[:6]
        assert die.index(1.0) + 1 == state.dice[seat]
    assert len({tuple(v) for v in vectors}) == players


@pytest.mark.parametrize("players", [3, 4])
def test_available_gold_and_influence_are_the_views_estates(players: int) -> None:
    """The encoder sums each seat's available gold and influence from the table's public fields;
    the view's `estates` (`Position.available_gold`, `scoring.scores`) must say the same."""
    game = magnates.load("magistratvm", players=players)
    encoder = game.observation_encoder()
    checked = 0
    for state in positions(game, seed=players, every=3):
        view = state.view(0)
        estates = view["estates"]
        assert encoder.available_gold(view) == [e["available_gold"] for e in estates]
        assert encoder.influence(view) == [e["influence"] for e in estates]
        checked += 1
    assert checked > 20
