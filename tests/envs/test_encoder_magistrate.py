"""Magistrate's observation encoder: shape, determinism, the wall around hidden cards, "me" first."""

from __future__ import annotations

import copy
import itertools
import math
import random
from collections.abc import Iterator

import pytest

import magnates
from magnates.core.game import Game
from magnates.games.magistrate.observation import VP_SCALE
from magnates.games.magistrate.state import MagistrateState

PLAYERS = (2, 3, 4)


def positions(game: Game, seed: int, every: int = 4, limit: int = 400) -> Iterator[MagistrateState]:
    """Positions of a seeded random playout."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, MagistrateState)
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
    game = magnates.load("magistrate", players=players)
    encoder = game.observation_encoder()
    assert encoder is game.observation_encoder()  # built once per option set
    seen = 0
    for state in positions(game, seed=players):
        for seat in [*range(players), None]:
            view = state.view(seat)
            vector = encoder.encode(view)
            assert len(vector) == encoder.size
            assert all(math.isfinite(x) for x in vector)
            assert encoder.encode(copy.deepcopy(view)) == vector
            seen += 1
    assert seen > 50
    assert magnates.load("magistrate", players=players).observation_encoder().describe() == encoder.describe()


@pytest.mark.parametrize("players", PLAYERS)
def test_slices_tile_the_vector(players: int) -> None:
    encoder = magnates.load("magistrate", players=players).observation_encoder()
    spans = sorted(encoder.slices.values())
    assert spans[0][0] == 0 and spans[-1][1] == encoder.size
    for (_, stop), (start, _) in itertools.pairwise(spans):
        assert stop == start  # no gap, no overlap
    assert all(start < stop for start, stop in spans)


@pytest.mark.parametrize("players", (2, 3, 4))
def test_hidden_cards_redealt_do_not_change_the_encoding(players: int) -> None:
    """`sample_state` deals the other hands, the other secret evidence and the deck anew from the view."""
    game = magnates.load("magistrate", players=players)
    encoder = game.observation_encoder()
    rng = random.Random(11)
    checked = 0
    for seed in range(3):
        for state in positions(game, seed=seed, every=7):
            for seat in range(players):
                view = state.view(seat)
                sampled = game.sample_state(view, rng)
                assert isinstance(sampled, MagistrateState)
                assert encoder.encode(sampled.view(seat)) == encoder.encode(view)
                others = [c for q in range(players) if q != seat for c in state.hands[q] + state.secret[q]]
                if others and sorted(others) != sorted(
                    c for q in range(players) if q != seat for c in sampled.hands[q] + sampled.secret[q]
                ):
                    checked += 1  # the hidden cards really moved
    assert checked > 10


def swap_with_deck(state: MagistrateState, seat: int) -> MagistrateState | None:
    """A copy in which one card of `seat`'s hand trades places with a deck card (all counts kept)."""
    if not state.hands[seat] or not state.deck:
        return None
    changed = state.clone()
    card, new = changed.hands[seat][0], changed.deck[0]
    changed.hands[seat] = sorted([*changed.hands[seat][1:], new])
    changed.deck = sorted([*changed.deck[1:], card])
    return changed


def test_other_hands_are_behind_the_wall_but_my_hand_is_not() -> None:
    """Editing seat 1's hand leaves seat 0's encoding alone and changes seat 1's: the test can fail."""
    game = magnates.load("magistrate", players=3)
    encoder = game.observation_encoder()
    edited = 0
    for state in positions(game, seed=5, every=9):
        changed = swap_with_deck(state, 1)
        if changed is None:
            continue
        assert encoder.encode(changed.view(0)) == encoder.encode(state.view(0))
        assert encoder.encode(changed.view(2)) == encoder.encode(state.view(2))
        mine_before, mine_after = encoder.encode(state.view(1)), encoder.encode(changed.view(1))
        assert block(game, mine_after, "hand") != block(game, mine_before, "hand")
        assert sum(block(game, mine_after, "hand")) == len(changed.hands[1])
        edited += 1
    assert edited > 5


def test_a_public_change_changes_the_encoding() -> None:
    game = magnates.load("magistrate", players=3)
    encoder = game.observation_encoder()
    state = next(positions(game, seed=2, every=20, limit=60)).clone()
    before = encoder.encode(state.view(0))
    state.vp[2] += 4
    after = encoder.encode(state.view(0))
    assert block(game, after, "vp")[2] - block(game, before, "vp")[2] == pytest.approx(4 / VP_SCALE)
    state.judges[0] = (state.judges[0] + 1) % game.comp.path_spaces  # type: ignore[attr-defined]
    assert encoder.encode(state.view(0)) != after


def test_my_data_comes_first() -> None:
    """Each seat sees itself as relative seat 0: VP, soldiers and Home are rotated to the seat."""
    players = 4
    game = magnates.load("magistrate", players=players)
    encoder = game.observation_encoder()
    state = list(positions(game, seed=3, every=10, limit=120))[-1].clone()
    state.vp[:] = [3, 5, 7, 11]
    vectors = [encoder.encode(state.view(seat)) for seat in range(players)]
    provinces = len(game.comp.provinces)  # type: ignore[attr-defined]
    for seat, vector in enumerate(vectors):
        expected = [state.vp[(seat + r) % players] / VP_SCALE for r in range(players)]
        assert block(game, vector, "vp") == pytest.approx(expected)
        homes = block(game, vector, "homes")
        mine = [p for p in range(provinces) if homes[p * players] == 1.0]
        assert mine == [state.home[seat]]
        soldiers = block(game, vector, "soldiers")[:provinces]
        assert [round(x * 10) for x in soldiers] == state.soldiers[seat]
    assert len({tuple(v) for v in vectors}) == players
