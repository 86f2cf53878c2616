"""Income by source: every gold a seat gains is booked once, under the right source, and kept."""

from __future__ import annotations

import json
import random

import pytest

import magnates
from magnates import RecordError
from magnates.bots import make_bot
from magnates.games.magistratvm import actions as A
from magnates.games.magistratvm import ledger, phases
from magnates.games.magistratvm.components import NUM_TILES
from magnates.games.magistratvm.state import MagistratvmState


def gained_in_step(before: MagistratvmState, after: MagistratvmState, action: int) -> list[list[int]]:
    """What each seat visibly gained in one step, by source, read off the two positions."""
    gained = ledger.empty_tally(before.n)
    move = before.game.index.actions[action]
    if isinstance(move, A.TakeIncome):
        seat = before.decider
        gained[seat][ledger.QUAESTORS] = 3 * move.quaestors
        gained[seat][ledger.DIE] = before.dice[seat] if move.die else 0
        assert after.gold[seat] - before.gold[seat] == 3 * move.quaestors + gained[seat][ledger.DIE]
    if isinstance(move, A.GiveGold):
        gained[move.to][ledger.GIFTS] = move.amount
        assert after.gold[move.to] - before.gold[move.to] == move.amount
    if after.phase == phases.INCOME and before.phase != phases.INCOME:
        for q in range(before.n):  # a new turn: unused gold went back, then 1 gold per token out
            gained[q][ledger.TOKENS] = after.gold[q]
    for t in range(NUM_TILES):
        if after.tile_owner[t] >= 0 and before.tile_owner[t] < 0:
            # The tile's gold (the Prefect's, if the circuit started there) goes with it.
            gained[after.tile_owner[t]][ledger.PROVINCE_GOLD] += after.tile_gold[t]
    return gained


def play_checking_each_step(players: int, seed: int, bots: list[str]) -> MagistratvmState:
    game = magnates.load("magistratvm", players=players)
    seated = [make_bot(bots[q % len(bots)], game) for q in range(players)]
    state = game.new_initial_state()
    assert isinstance(state, MagistratvmState)
    rng = random.Random(seed)
    while not state.is_terminal():
        if state.is_chance_node():
            action = magnates.sample(state.chance_outcomes(), rng)
        else:
            seat = state.current_player()
            action = seated[seat].choose(game, state.view(seat), state.legal_actions(), rng)
        before = state.clone()
        state.apply_action(action)
        booked = [
            [a - b for a, b in zip(row_after, row_before, strict=True)]
            for row_after, row_before in zip(state.income, before.income, strict=True)
        ]
        assert booked == gained_in_step(before, state, action), (
            f"step {len(state.history)}: {before.game.index.actions[action]}"
        )
    return state


@pytest.mark.parametrize(
    ("players", "seed", "bots"), [(4, 1, ["greedy", "random"]), (3, 2, ["random"]), (4, 3, ["greedy"])]
)
def test_every_gain_is_booked_under_its_source(players, seed, bots):
    state = play_checking_each_step(players, seed, bots)
    income = state.result().details["income"]
    assert set(income) == {str(q) for q in range(players)}
    assert all(list(by_source) == list(ledger.SOURCES) for by_source in income.values())
    totals = {source: sum(income[str(q)][source] for q in range(players)) for source in ledger.SOURCES}
    assert totals["tokens"] > 0 and totals["die"] > 0  # a played game earns from both


def test_income_survives_clone_and_json_and_old_saves_load():
    game = magnates.load("magistratvm", players=3)
    state = play_checking_each_step(3, 7, ["greedy"])
    assert any(map(any, state.income))
    assert state.clone().income == state.income
    copy = state.clone()
    copy.income[0][ledger.TOKENS] += 1
    assert copy.income != state.income  # the clone's tally is its own
    data = json.loads(json.dumps(state.to_json()))
    assert game.state_from_json(data).income == state.income
    assert game.sample_state(state.view(1), random.Random(0)).income == state.income
    del data["income"]
    assert game.state_from_json(data).income == ledger.empty_tally(3)


@pytest.mark.parametrize("bad", [[[0] * 5] * 2, [[0] * 4] * 3, [[0, 0, -1, 0, 0]] * 3, "lots"])
def test_a_broken_income_tally_is_refused(bad):
    game = magnates.load("magistratvm", players=3)
    data = game.new_initial_state().to_json()
    data["income"] = bad
    with pytest.raises(RecordError, match="income"):
        game.state_from_json(data)
