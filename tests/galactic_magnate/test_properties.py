"""Properties over random and greedy playouts: conservation, credit, termination, views, JSON, determinism."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import magnates
from magnates.bots import RandomBot
from magnates.core.chance import sample
from magnates.games.galactic_magnate import economy, monopolies
from magnates.games.galactic_magnate.board import GROUPS
from magnates.games.galactic_magnate.bots import GreedyBot, PatientRandomBot
from magnates.games.galactic_magnate.state import GalacticState

BOTS = {"greedy": GreedyBot, "random": RandomBot, "calm": PatientRandomBot}


def check_invariants(state: GalacticState) -> None:
    assert state.bank + sum(state.cash) == 0, "money is conserved: bank + all cash = 0"
    for seat in range(state.n):
        if state.alive[seat]:
            assert state.cash[seat] >= -economy.credit(state, seat), "debt never exceeds credit"
        else:
            assert state.cash[seat] == 0 and seat not in state.owner
    for g in range(len(GROUPS)):
        if state.level[g]:
            assert monopolies.owner_of_set(state, g) >= 0, "only a complete set carries upgrades"
    if not state.is_terminal():
        if state.is_chance_node():
            assert abs(sum(p for _, p in state.chance_outcomes()) - 1) < 1e-9
        else:
            assert state.legal_actions(), "a deciding player always has an action"


def check_views(state: GalacticState) -> None:
    views = [state.view(seat) for seat in [None, *range(state.n)]]
    text = json.dumps(views[0])
    for view in views[1:]:
        assert {k: v for k, v in view.items() if k != "seat"} == {k: v for k, v in views[0].items() if k != "seat"}
    views[1]["cash"][0] += 1000  # a view is a copy: scribbling on it changes nothing
    views[1]["owner"][1] = 0
    assert json.dumps(state.view(None)) == text
    rebuilt = state.game.sample_state(state.view(0), random.Random(0))
    assert {k: v for k, v in rebuilt.to_json().items() if k != "history"} == {
        k: v for k, v in state.to_json().items() if k != "history"
    }


def check_round_trip(state: GalacticState) -> None:
    data = json.loads(json.dumps(state.to_json()))
    copy = state.game.state_from_json(data)
    assert copy.to_json() == state.to_json()
    assert copy.legal_actions() == state.legal_actions()
    assert copy.current_player() == state.current_player()
    twin = state.clone()
    assert twin.to_json() == state.to_json()


def check_illegal_changes_nothing(state: GalacticState, rng: random.Random) -> None:
    legal = set(state.legal_actions())
    illegal = [a for a in rng.sample(range(state.game.num_distinct_actions), 20) if a not in legal]
    before = state.to_json()
    for action in illegal[:3]:
        with pytest.raises(magnates.IllegalAction):
            state.apply_action(action)
    assert state.to_json() == before


def play(players: int, bots: list[str], seed: int, *, every: int = 1) -> GalacticState:
    game = magnates.load("galactic-magnate", players=players)
    state = game.new_initial_state()
    assert isinstance(state, GalacticState)
    players_ = [BOTS[name]() for name in bots]
    chance = random.Random(seed)
    seat_rngs = [random.Random(seed * 7919 + k) for k in range(players)]
    step = 0
    while not state.is_terminal():
        assert step < 100_000, "the game ends"
        if step % every == 0:
            check_invariants(state)
        if step % (every * 40) == 0:
            check_views(state)
            check_round_trip(state)
            check_illegal_changes_nothing(state, chance)
        player = state.current_player()
        if player == magnates.CHANCE:
            action = sample(state.chance_outcomes(), chance)
        else:
            action = players_[player].choose(game, state.view(player), state.legal_actions(), seat_rngs[player])
        state.apply_action(action)
        step += 1
    check_invariants(state)
    check_views(state)
    check_round_trip(state)
    result = state.result()
    assert len(result.winners) >= 1 and sorted(result.ranking)[0] == 1
    return state


mixes = st.integers(2, 5).flatmap(
    lambda n: st.tuples(st.just(n), st.lists(st.sampled_from(sorted(BOTS)), min_size=n, max_size=n))
)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mix=mixes, seed=st.integers(0, 10**6))
def test_playouts_keep_every_invariant_and_end(mix, seed):
    players, bots = mix
    play(players, bots, seed, every=3)


def test_calm_random_five_players_end_and_keep_invariants():
    play(5, ["calm"] * 5, 11, every=5)


def test_same_seed_same_game_and_the_record_replays_exactly():
    first = play(3, ["greedy", "calm", "greedy"], 5, every=1000)
    second = play(3, ["greedy", "calm", "greedy"], 5, every=1000)
    assert first.history == second.history
    replayed = magnates.replay(first.record().to_json())
    assert replayed.to_json() == first.to_json()


def test_broken_json_gives_a_clear_error():
    game = magnates.load("galactic-magnate", players=2)
    good = game.new_initial_state().to_json()
    for broken, words in [
        ({**good, "cash": [1, 2, 3]}, "cash must have 2 entries"),
        ({**good, "owner": ["x"] * 40}, "owner holds"),
        ({**good, "bank": 5}, "money does not add up"),
        ({k: v for k, v in good.items() if k != "salary"}, "lacks salary"),
        ({**good, "order": [0, 0]}, "every seat once"),
        ({**good, "phase": 5}, "an auction needs"),
    ]:
        with pytest.raises(magnates.RecordError, match=words):
            game.state_from_json(broken)
    with pytest.raises(magnates.RecordError):
        game.state_from_json([1, 2])  # type: ignore[arg-type]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_many_patient_random_and_greedy_playouts(players):
    for seed in range(25):
        bots = ["calm" if (seed + k) % 2 else "greedy" for k in range(players)]
        play(players, bots, 1000 + seed, every=2)
