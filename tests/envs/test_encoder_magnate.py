"""Magnate's encoder: its slices, sizes per option set, and what a few slices say."""

from __future__ import annotations

import itertools
import random

import pytest

import magnates
from magnates.core.chance import sample
from magnates.games.magnate import MagnateGame


def game(**options: object) -> MagnateGame:
    loaded = magnates.load("magnate", **options)
    assert isinstance(loaded, MagnateGame)
    return loaded


def opening(g: MagnateGame, seed: int = 1, decisions: int = 0) -> magnates.State:
    rng = random.Random(seed)
    state = g.new_initial_state()
    made = 0
    while True:
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
            continue
        if made == decisions:
            return state
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        made += 1


@pytest.mark.parametrize(
    ("options", "cards", "districts", "sides"),
    [
        ({}, 34, 5, 2),
        ({"courts": False, "districts": 4}, 30, 4, 2),
        ({"players": 3}, 34, 7, 3),
        ({"mega": True}, 68, 5, 2),
        ({"players": 1}, 34, 5, 2),
    ],
)
def test_slices_tile_the_vector(options: dict[str, object], cards: int, districts: int, sides: int) -> None:
    encoder = game(**options).observation_encoder()
    spans = encoder.describe()
    assert spans[0][1] == 0 and spans[-1][2] == encoder.size
    assert all(a[2] == b[1] for a, b in itertools.pairwise(spans))
    lengths = {name: stop - start for name, start, stop in spans}
    assert lengths["hand"] == cards
    assert lengths["lanes"] == districts * sides * cards
    assert lengths["tokens"] == sides * 6


def test_sides_are_seen_from_the_seats_chair() -> None:
    g = game()
    encoder = g.observation_encoder()
    state = opening(g)
    to_act = state.current_player()
    for seat in (0, 1):
        out = encoder.encode(state.view(seat))
        start, _ = encoder.slices["to_act"]
        assert out[start + (to_act - seat) % 2] == 1.0
        tokens_start, _ = encoder.slices["tokens"]
        own = state.view(seat)["sides"][seat]["tokens"]
        assert out[tokens_start : tokens_start + 6] == [n / 10 for n in own.values()]


def test_district_values_and_leaders_follow_the_scoring() -> None:
    from magnates.games.magnate.scoring import district_value

    g = game()
    encoder = g.observation_encoder()
    state = opening(g, seed=5, decisions=150)
    out = encoder.encode(state.view(1))  # seen by seat 1: side 1 is relative side 0
    values, _ = encoder.slices["district_values"]
    leaders, _ = encoder.slices["district_leaders"]
    assert any(out[values : values + 10])
    for d in range(5):
        truth = [district_value(state, d, side) for side in (1, 0)]
        assert out[values + d * 2 : values + d * 2 + 2] == [v / 30 for v in truth]
        lead = [1.0 if v == max(truth) and truth.count(v) == 1 and v > 0 else 0.0 for v in truth]
        assert out[leaders + d * 2 : leaders + d * 2 + 2] == lead


def test_pending_income_says_whose_choice_and_which_suits() -> None:
    g = game()
    encoder = g.observation_encoder()
    rng = random.Random(0)
    state = g.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(sample(state.chance_outcomes(), rng))
            continue
        view = state.view(state.current_player())
        if view["pending_income"]:
            out = encoder.encode(view)
            start, _ = encoder.slices["pending_income"]
            assert out[start : start + 2] == [1.0, 0.0]  # the chooser is the seat itself
            card = g.card_index[view["pending_income"][0]["card"]]
            suits = [float(bool(g.deck.mask[card] >> s & 1)) for s in range(6)]
            assert out[start + 2 : start + 8] == suits
            return
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    pytest.fail("no income choice came up in a whole game")
