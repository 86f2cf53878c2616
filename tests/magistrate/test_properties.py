"""Properties over random playouts: conservation, termination, hidden information, records."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import magnates
from magnates.core.errors import IllegalAction, RecordError
from magnates.games.magistrate.components import components

from .helpers import random_playout

SETTINGS = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def conserved(state):
    comp = components()
    pot = state.battle[3] if state.battle else 0
    for colour in range(3):
        total = state.stockpile[colour] + sum(r[colour] for r in state.supply) + sum(r[colour] for r in state.evidence)
        assert total + (pot if colour == 1 else 0) == comp.central_cubes
    for p in range(state.n):
        assert sum(state.soldiers[p]) + state.stock_soldiers[p] == comp.soldiers
        assert min(state.soldiers[p]) >= 0 and state.stock_soldiers[p] >= 0
        assert state.forts_on_map(p) + state.stock_forts[p] == comp.forts
        assert state.agents_on_board(p) + state.stock_agents[p] == comp.agents
        assert min(state.supply[p]) >= 0 and min(state.evidence[p]) >= 0
        for home_owner, home in enumerate(state.home):
            if home_owner != p:
                assert state.soldiers[p][home] == 0, "a soldier stands in another player's Home"
    cards = [c for h in state.hands for c in h] + [c for e in state.secret for c in e] + state.deck + state.discard
    assert sorted(cards) == list(range(len(comp.cards)))


@SETTINGS
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6))
def test_random_games_conserve_everything_and_end(players, seed):
    state = magnates.load("magistrate", players=players).new_initial_state()
    state = random_playout(state, random.Random(seed), conserved)
    assert state.is_terminal()
    result = state.result()
    assert sorted(result.ranking)[0] == 1 and len(result.scores) == players


def hidden_changed(state, seat, rng):
    """The same state with every card this seat cannot see dealt differently."""
    other = state.clone()
    pool = other.deck[:]
    for p in range(other.n):
        if p != seat:
            pool += other.hands[p] + other.secret[p]
    rng.shuffle(pool)
    for p in range(other.n):
        if p != seat:
            k, j = len(other.hands[p]), len(other.secret[p])
            other.hands[p], other.secret[p] = pool[:k], pool[k : k + j]
            pool = pool[k + j :]
    other.deck = sorted(pool)
    return other


@SETTINGS
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6))
def test_views_hide_other_hands_secret_evidence_and_the_deck(players, seed):
    game = magnates.load("magistrate", players=players)
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0

    def check(s):
        nonlocal steps
        steps += 1
        if steps % 7 or s.is_terminal():
            return
        for seat in [*range(players), None]:
            view = s.view(seat)
            json.dumps(view)
            assert "history" not in view and "deck" not in view and "hands" not in view
            if seat is not None:
                assert view["hand"] == sorted(s.hands[seat]) and view["my_secret"] == sorted(s.secret[seat])
            assert hidden_changed(s, seat, rng).view(seat) == view

    random_playout(state, rng, check)


@SETTINGS
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6))
def test_sample_state_agrees_with_the_view_and_conserves_cards(players, seed):
    game = magnates.load("magistrate", players=players)
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0

    def check(s):
        nonlocal steps
        steps += 1
        if steps % 11 or s.is_terminal():
            return
        seat = s.current_player() if s.current_player() >= 0 else 0
        view = s.view(seat)
        sampled = game.sample_state(view, rng)
        assert sampled.view(seat) == view
        conserved(sampled)
        if not s.is_chance_node():
            assert sampled.legal_actions() == s.legal_actions()

    random_playout(state, rng, check)


@SETTINGS
@given(players=st.sampled_from([2, 3, 4]), seed=st.integers(0, 10**6))
def test_json_round_trip_and_replay_rebuild_the_same_state(players, seed):
    game = magnates.load("magistrate", players=players)
    rng = random.Random(seed)
    state = game.new_initial_state()
    steps = 0

    def check(s):
        nonlocal steps
        steps += 1
        if steps % 13 == 0:
            text = json.dumps(s.to_json())
            again = game.state_from_json(json.loads(text))
            assert again.to_json() == s.to_json()
            assert again.legal_actions() == s.legal_actions()

    state = random_playout(state, rng, check)
    replayed = magnates.replay(json.loads(json.dumps(state.record().to_json())))
    assert replayed.to_json() == state.to_json()


@pytest.mark.parametrize("players", [2, 4])
def test_the_same_seed_gives_the_same_game(players):
    game = magnates.load("magistrate", players=players)
    first = random_playout(game.new_initial_state(), random.Random(42))
    second = random_playout(game.new_initial_state(), random.Random(42))
    assert first.history == second.history and first.result() == second.result()


def test_illegal_actions_raise_and_leave_the_state_unchanged():
    game = magnates.load("magistrate", players=3)
    state = game.new_initial_state()
    rng = random.Random(5)
    for _ in range(200):
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
            continue
        before = json.dumps(state.to_json())
        illegal = next(a for a in range(game.num_distinct_actions) if a not in state.legal_actions())
        with pytest.raises(IllegalAction, match="not legal now"):
            state.apply_action(illegal)
        assert json.dumps(state.to_json()) == before
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    with pytest.raises(IllegalAction):
        state.apply_action("no such move")


def test_broken_states_are_refused_with_a_clear_message():
    game = magnates.load("magistrate", players=2)
    good = game.new_initial_state().to_json()
    with pytest.raises(RecordError, match="lacks"):
        game.state_from_json({k: v for k, v in good.items() if k != "judges"})
    bad = json.loads(json.dumps(good))
    bad["soldiers"][0][3] = 5
    with pytest.raises(RecordError, match="soldiers do not add up"):
        game.state_from_json(bad)
    bad = json.loads(json.dumps(good))
    bad["deck"].append(0)
    with pytest.raises(RecordError, match="exactly one place"):
        game.state_from_json(bad)
    with pytest.raises(RecordError, match="3 players"):
        magnates.load("magistrate", players=3).state_from_json(good)
    with pytest.raises(RecordError):
        game.state_from_json({**good, "supply": "lots"})


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("rings", [1]),
        ("supply", [[3, 2], [3, 2, 1]]),
        ("forts", [7] * 12),
        ("placed", [[2] * 8, [0] * 8]),
        ("battle", [1, 2]),
        ("draws", [[5, 1]]),
        ("judges", [0, 0]),
        ("stockpile", [-1, 0, 0]),
    ],
)
def test_malformed_fields_are_refused_not_crashed_on(field, value):
    game = magnates.load("magistrate", players=2)
    data = json.loads(json.dumps(game.new_initial_state().to_json()))
    data[field] = value
    with pytest.raises(RecordError):
        game.state_from_json(data)
