"""Galactic Magnate's observation encoder: shape, determinism, the wall around views, "me" first."""

from __future__ import annotations

import copy
import itertools
import math
import random
from collections.abc import Iterator

import pytest

import magnates
from magnates.core.game import Game
from magnates.games.galactic_magnate.board import PROPERTIES
from magnates.games.galactic_magnate.observation import MONEY_SCALE
from magnates.games.galactic_magnate.state import GalacticState

PLAYERS = (2, 3, 4, 5)


def positions(game: Game, seed: int, every: int = 5, limit: int = 600) -> Iterator[GalacticState]:
    """Positions of a seeded random playout; Resign is left out unless forced, so games last."""
    concedes = {i for i, action in enumerate(game.action_space) if getattr(action, "concedes", False)}
    rng = random.Random(seed)
    state = game.new_initial_state()
    assert isinstance(state, GalacticState)
    for step in range(limit):
        if step % every == 0:
            yield state
        if state.is_terminal():
            return
        if state.is_chance_node():
            state.apply_action(magnates.sample(state.chance_outcomes(), rng))
        else:
            legal = state.legal_actions()
            state.apply_action(rng.choice([a for a in legal if a not in concedes] or legal))


def block(game: Game, vector: list[float], name: str) -> list[float]:
    start, stop = game.observation_encoder().slices[name]
    return vector[start:stop]


@pytest.mark.parametrize("players", PLAYERS)
def test_length_finite_and_deterministic_for_every_seat(players: int) -> None:
    game = magnates.load("galactic-magnate", players=players)
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
    other = magnates.load("galactic-magnate", players=players).observation_encoder()
    assert other.describe() == encoder.describe()


@pytest.mark.parametrize("players", PLAYERS)
def test_slices_tile_the_vector(players: int) -> None:
    encoder = magnates.load("galactic-magnate", players=players).observation_encoder()
    spans = sorted(encoder.slices.values())
    assert spans[0][0] == 0 and spans[-1][1] == encoder.size
    for (_, stop), (start, _) in itertools.pairwise(spans):
        assert stop == start  # no gap, no overlap
    assert all(start < stop for start, stop in spans)


@pytest.mark.parametrize("players", (2, 4))
def test_a_state_rebuilt_from_the_view_encodes_the_same(players: int) -> None:
    """Nothing is hidden, so `sample_state` rebuilds the position; the encoding must not notice."""
    game = magnates.load("galactic-magnate", players=players)
    encoder = game.observation_encoder()
    rng = random.Random(7)
    for seed in range(3):
        for state in positions(game, seed=seed, every=9):
            for seat in range(players):
                view = state.view(seat)
                sampled = game.sample_state(view, rng)
                assert encoder.encode(sampled.view(seat)) == encoder.encode(view)


def test_a_public_change_changes_the_encoding() -> None:
    """Cash, an owner and an upgrade level are public: each must move the vector (so the test above can fail)."""
    game = magnates.load("galactic-magnate", players=3)
    encoder = game.observation_encoder()
    state = next(s for s in positions(game, seed=1) if s.phase_name == "roll")
    before = encoder.encode(state.view(0))
    changed = state.clone()
    changed.cash[0] += 100
    after = encoder.encode(changed.view(0))
    assert after != before
    assert block(game, after, "cash")[0] - block(game, before, "cash")[0] == pytest.approx(100 / MONEY_SCALE)
    owned = state.clone()
    free = next(loc for loc in PROPERTIES if owned.owner[loc] == -1)
    owned.owner[free] = 2
    assert encoder.encode(owned.view(0)) != before


def test_my_data_comes_first() -> None:
    """Each seat sees itself as relative seat 0: the cash block is the cash list rotated to the seat."""
    players = 4
    game = magnates.load("galactic-magnate", players=players)
    encoder = game.observation_encoder()
    state = next(s for s in positions(game, seed=3) if s.phase_name == "roll").clone()
    state.cash[:] = [1000, 2000, 3000, 4000]
    vectors = [encoder.encode(state.view(seat)) for seat in range(players)]
    for seat, vector in enumerate(vectors):
        expected = [state.cash[(seat + r) % players] / MONEY_SCALE for r in range(players)]
        assert block(game, vector, "cash") == pytest.approx(expected)
        to_act = block(game, vector, "to_act")
        assert to_act.index(1.0) == (state.current_player() - seat) % players
    assert len({tuple(v) for v in vectors}) == players  # the same table, four different chairs
    owner_block = block(game, vectors[1], "owner")
    assert len(owner_block) == len(PROPERTIES) * players


def test_offers_and_the_offer_being_built_are_encoded() -> None:
    """Bundles of open offers sit in their maker's block; the draft's bundles in `draft.*`."""
    players = 3
    game = magnates.load("galactic-magnate", players=players)
    encoder = game.observation_encoder()
    props = len(PROPERTIES)
    drafts = offers = 0
    for state in positions(game, seed=0, every=1, limit=1500):
        for seat in (0, 2):
            view = state.view(seat)
            vector = encoder.encode(view)
            draft = view.get("draft")
            if draft and (draft["give"] or draft["take"]):
                gives = block(game, vector, "draft.give")
                assert [PROPERTIES[i] for i, x in enumerate(gives) if x] == sorted(draft["give"])
                takes = block(game, vector, "draft.take")
                assert [PROPERTIES[i] for i, x in enumerate(takes) if x] == sorted(draft["take"])
                assert block(game, vector, "draft.to")[(draft["to"] - seat) % players] == 1.0
                drafts += 1
            for offer in view["offers"]:
                maker = (offer["from"] - seat) % players
                gives = block(game, vector, "offers.give")[maker * props : (maker + 1) * props]
                assert [PROPERTIES[i] for i, x in enumerate(gives) if x] == sorted(offer["give"])
                assert block(game, vector, "offers.money")[maker] == pytest.approx(offer["money"] / MONEY_SCALE)
                offers += 1
    assert drafts > 10 and offers > 10
