"""Property tests over random playouts: the game ends, nothing is created or lost, views are pure."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import magnates
from magnates import RecordError
from magnates.bots import make_bot
from magnates.games.magistratvm import phases
from magnates.games.magistratvm.components import NUM_TILES, PATRICIANS_PER_PLAYER, TOKENS_PER_PLAYER
from magnates.games.magistratvm.offices import NUM_OFFICES, seats
from magnates.games.magistratvm.state import MagistratvmState
from magnates.games.magistratvm.treasury import total_gold
from position_cases import check_clone_copies_every_field

MAX_STEPS = 20_000


def check_invariants(state: MagistratvmState) -> None:
    n = state.n
    assert total_gold(state) == 0, "gold was created or lost (the bank is an account)"
    assert state.bank <= 0 and min(state.gold) >= 0 and min(state.tile_gold) >= 0 and state.prefect_gold >= 0
    for q in range(n):
        in_hand = sum(c for seat, c in state.redistribution if seat == q)
        tokens = state.estate_tokens[q] + sum(row[q] for row in state.tokens) + in_hand
        assert tokens == TOKENS_PER_PLAYER and state.estate_tokens[q] >= 0
        governors = sum(1 for t in range(NUM_TILES) if state.governed[t] and state.tile_owner[t] == q)
        office = sum(state.active[o][q] + state.inactive[o][q] for o in range(NUM_OFFICES))
        assert state.patricians[q] + office + governors + state.in_transit(q) == PATRICIANS_PER_PLAYER
    for o in range(NUM_OFFICES):
        overfull = 1 if state.phase == phases.DISPLACE and o == state.disp_office else 0
        assert state.office_count(o) <= seats(o, n) + overfull
    for t in range(NUM_TILES):
        places = (t in state.pile) + (t in state.slots) + (state.tile_owner[t] >= 0) + state.discarded[t]
        assert places == 1, f"tile {t} is in {places} places"
        assert not state.governed[t] or state.tile_owner[t] >= 0
    for s in range(6):
        assert state.slots[s] >= 0 or not any(state.tokens[s])


def playout(players: int, seed: int, bots: list | None = None, check_every: int = 1) -> MagistratvmState:
    game = magnates.load("magistratvm", players=players)
    state = game.new_initial_state()
    assert isinstance(state, MagistratvmState)
    rng = random.Random(seed)
    for step in range(MAX_STEPS):
        if state.is_terminal():
            return state
        legal = state.legal_actions()
        assert legal, f"no legal action in phase {phases.NAMES[state.phase]}"
        if state.is_chance_node():
            action = magnates.sample(state.chance_outcomes(), rng)
        elif bots:
            seat = state.current_player()
            action = bots[seat].choose(game, state.view(seat), legal, rng)
            assert action in legal
        else:
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
        if step % check_every == 0:
            check_invariants(state)
    raise AssertionError("the game did not end")


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.sampled_from([3, 4]))
def test_random_playouts_end_and_conserve_everything(seed, players):
    state = playout(players, seed)
    result = state.result()
    assert sorted(result.ranking)[0] == 1 and len(result.scores) == players
    assert all(state.tile_owner[t] >= 0 or state.discarded[t] or t in state.pile for t in range(NUM_TILES))


@pytest.mark.parametrize("players", [3, 4])
def test_greedy_and_random_mixed_games_end_cleanly(players):
    game = magnates.load("magistratvm", players=players)
    bots = [make_bot("greedy" if q % 2 == 0 else "random", game) for q in range(players)]
    playout(players, 7, bots=bots)


def _positions(players: int, seed: int, every: int) -> list[MagistratvmState]:
    game = magnates.load("magistratvm", players=players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    seen = []
    step = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        step += 1
        if step % every == 0:
            seen.append(state.clone())
    return seen


@pytest.mark.parametrize("players", [3, 4])
def test_views_are_the_same_for_every_seat_and_rebuild_the_state(players):
    """Nothing is hidden: every seat's view holds the same facts, and sample_state rebuilds the state."""
    for state in _positions(players, seed=players, every=37):
        game = state.game
        views = [state.view(q) for q in [*range(players), None]]
        json.dumps(views)
        assert all({**v, "seat": None} == views[-1] for v in views)
        rebuilt = game.sample_state(views[0], random.Random(0))
        expected = {**state.to_json(), "history": []}
        assert rebuilt.to_json() == expected
        assert rebuilt.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("players", [3, 4])
def test_states_and_records_round_trip_through_json(players):
    positions = _positions(players, seed=11, every=53)
    final = positions[-1]
    for state in positions:
        data = json.loads(json.dumps(state.to_json()))
        assert state.game.state_from_json(data).to_json() == state.to_json()
        replayed = magnates.replay(json.loads(json.dumps(state.record().to_json())))
        assert replayed.to_json() == state.to_json()
    assert final.clone().to_json() == final.to_json()


def test_same_seed_same_game():
    a = playout(4, 1234, check_every=10**9)
    b = playout(4, 1234, check_every=10**9)
    assert a.history == b.history and a.result() == b.result()


def test_clone_is_independent():
    state = _positions(4, seed=5, every=41)[3]
    twin = state.clone()
    legal = state.legal_actions()
    state.apply_action(legal[-1])
    assert twin.to_json() != state.to_json()
    assert twin.legal_actions() == legal


@pytest.mark.slow
@pytest.mark.parametrize("players", [3, 4])
def test_many_random_playouts(players):
    for seed in range(500):
        playout(players, seed)


def test_damaged_state_json_is_refused_or_playable():
    """Any single damaged field is either refused with RecordError or gives a state the rules can play on."""
    rng = random.Random(2)
    for state in _positions(4, seed=9, every=97):
        data = state.to_json()
        game = state.game
        for key, value in data.items():
            for replacement in (-1, 0, 5, 99):
                damaged = json.loads(json.dumps(data))
                if type(value) is int:
                    damaged[key] = replacement
                elif isinstance(value, list) and value and not isinstance(value[0], list | bool):
                    damaged[key][rng.randrange(len(value))] = replacement
                elif isinstance(value, list) and value and isinstance(value[0], list) and value[0]:
                    row = damaged[key][rng.randrange(len(value))]
                    if row:
                        row[rng.randrange(len(row))] = replacement
                else:
                    continue
                try:
                    loaded = game.state_from_json(damaged)
                except RecordError:
                    continue
                for _ in range(40):
                    if loaded.is_terminal():
                        break
                    legal = loaded.legal_actions()
                    assert legal
                    loaded.apply_action(legal[rng.randrange(len(legal))])
                    check_invariants(loaded)


def test_clone_copies_every_field_the_position_has():
    from magnates.games.magistratvm.position import BOOL_LISTS, FLAT_INT_LISTS, NESTED_INT_LISTS, SCALARS

    engine = {"game", "ids", "n", "history", "income"}
    fields = engine | {*SCALARS, *FLAT_INT_LISTS, *NESTED_INT_LISTS, *BOOL_LISTS}
    check_clone_copies_every_field(_positions(4, seed=5, every=41)[3], fields)
