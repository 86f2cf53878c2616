"""The search budget and the leaf evaluation, on the Sealed Bids test game."""

from __future__ import annotations

import random
import time

import pytest
from sealed_bids import BID, SealedBidsGame, SealedBidsState

from magnates.bots.budget import Budget
from magnates.bots.playout import Playout


def test_a_budget_needs_a_limit() -> None:
    with pytest.raises(ValueError, match="simulations, seconds or CPU seconds"):
        Budget()
    with pytest.raises(ValueError, match="at least one simulation"):
        Budget(simulations=0)
    with pytest.raises(ValueError, match="positive number of seconds"):
        Budget(seconds=0)
    with pytest.raises(ValueError, match="positive number of CPU seconds"):
        Budget(cpu_seconds=-1)


def test_a_cpu_budget_counts_the_threads_work_not_the_wall_clock() -> None:
    """Waiting (a busy machine gives the search no core) spends none of a CPU budget; working does."""
    clock = Budget(cpu_seconds=0.05).start()
    clock.tick()
    time.sleep(0.1)  # twice the budget on the wall clock, next to no CPU
    assert clock.running()
    began = time.thread_time()
    while clock.running():
        clock.tick()
    assert time.thread_time() - began > 0.04  # the budget, less the little spent before the wait
    assert str(Budget(simulations=800, cpu_seconds=0.45)) == "800 simulations or 0.45 s of CPU"


def test_a_simulation_budget_counts_exactly() -> None:
    clock = Budget(simulations=3).start()
    runs = 0
    while clock.running():
        runs += 1
        clock.tick()
    assert runs == 3


def test_a_time_budget_always_allows_one_simulation() -> None:
    clock = Budget(seconds=1e-9).start()
    assert clock.running()
    clock.tick()
    while clock.running():
        clock.tick()
    assert clock.done >= 1


def midgame(seed: int = 3) -> SealedBidsState:
    game = SealedBidsGame()
    state = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node() or state.round < 2:
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
    return state


def test_a_capped_rollout_ends_in_the_heuristic() -> None:
    state = midgame()
    game = state.game
    values = Playout(game, depth=0).values(state.clone(), random.Random(0))
    assert values == [game.heuristic(state, seat) for seat in range(2)]
    assert values != [0.0, 0.0]


def test_without_a_heuristic_an_unfinished_rollout_is_a_draw() -> None:
    state = midgame()
    game = state.game
    assert Playout(game, depth=0, use_heuristic=False).values(state.clone(), random.Random(0)) == [0.0, 0.0]


def test_a_long_rollout_reaches_the_end_and_returns_the_outcome() -> None:
    state = midgame().clone()
    values = Playout(state.game, depth=1000).values(state, random.Random(5))
    assert state.is_terminal()
    assert values == state.returns()


def test_a_rollout_uses_the_games_policy_when_it_has_one() -> None:
    game = SealedBidsGame()
    calls: list[int] = []

    def lowest(state: SealedBidsState, rng: random.Random) -> int:
        calls.append(1)
        return min(state.legal_actions())

    game.rollout_action = lowest
    state = midgame().clone()
    before = len(state.history)
    Playout(game, depth=1000).values(state, random.Random(5))
    bids = [a for a in state.history[before:] if a in BID.values()]
    assert len(calls) == len(bids) > 0


def test_negative_depth_is_refused() -> None:
    with pytest.raises(ValueError, match="negative"):
        Playout(SealedBidsGame(), depth=-1)


def test_a_playout_to_the_next_turn_stops_when_the_seat_decides_again_after_the_others() -> None:
    game = SealedBidsGame(players=3, rounds=6)
    state = game.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.legal_actions()))
    seat = state.current_player()
    before = len(state.history)
    values = Playout(game, depth=100).values(state, random.Random(0), until_turn_of=seat)
    assert not state.is_terminal()
    assert state.current_player() == seat
    played = [a for a in state.history[before:] if a in BID.values()]
    # Its own bid and the two others' in round 1; round 2 is led by Player 2, so Players 2 and 3
    # bid before Player 1 is about to bid again.
    assert len(played) == 5
    assert values == Playout(game, depth=100).estimate(state)
