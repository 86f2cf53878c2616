"""Income by source: each payment a seat receives is tallied under what earned it, and the tally
survives clone and JSON (and old saves without it still load)."""

from __future__ import annotations

import json
import random

import pytest

import magnates
from magnates.core.errors import RecordError
from magnates.games.galactic_magnate import economy
from magnates.games.galactic_magnate.board import GROUPS, TABLES
from magnates.games.galactic_magnate.bots import GreedyBot
from magnates.games.galactic_magnate.income import SOURCES

from .helpers import build_offer, loc, own, playout, roll, started


def received(state, seat: int) -> dict[str, int]:
    return {source: amount for source, amount in zip(SOURCES, state.income[seat], strict=True) if amount}


# -- one source at a time ------------------------------------------------------------------------
def test_passing_start_is_salary_and_bonus_is_bonus():
    s = started(2)
    s.pos[0] = 36
    roll(s, 5, 6)  # 36 -> 7: over Start, onto Bonus
    assert received(s, 0) == {"salary": 280, "bonus": 500}
    assert received(s, 1) == {"bonus": 500}


def test_a_monopoly_fee_is_income_of_its_owner_only():
    s = started(2)
    own(s, 1, "Sirius Palace", "Sirius Exchange", "Sirius Crown")
    sirius = next(g for g, group in enumerate(GROUPS) if group.name == "Sirius")
    s.level[sirius] = 2
    s.pos[0] = 35
    roll(s, 1, 3)  # Sirius Exchange
    assert received(s, 1) == {"monopoly fees": GROUPS[sirius].fees[1]}
    assert received(s, 0) == {}


def test_the_middlemans_cut_and_a_player_auctions_proceeds_are_apart():
    s = started(2)
    s.pos[0] = 1
    roll(s, 1, 1)  # Ceres Harbor, price 120
    s.apply_action("Start an auction")
    s.apply_action("Pass")
    assert received(s, 0) == {"middleman": 24}
    own(s, 1, "Titan Port")
    s.apply_action("Put Titan Port up for auction")
    s.apply_action("Bid the opening price")
    s.apply_action("Pass")  # the initiator lets it go
    assert received(s, 1) == {"auction sales": 240}


def test_money_for_a_property_is_trade_income_of_the_seller():
    s = started(2)
    own(s, 0, "Ceres Outpost")
    build_offer(s, 1, give=("Ceres Outpost",), ask=150)
    s.pos[0] = 10
    roll(s, 2, 3)
    s.apply_action("Do nothing")
    s.apply_action("Accept the offer of Player 1")
    assert s.owner[loc("Ceres Outpost")] == 1
    assert received(s, 0) == {"trades": 150}
    assert received(s, 1) == {}


def test_resigning_pays_the_others_as_resignations():
    s = started(3)
    s.apply_action("Resign")
    assert received(s, 1) == received(s, 2) == {"resignations": TABLES.resign_gift}


# -- whole games ---------------------------------------------------------------------------------
@pytest.mark.parametrize("players,seed", [(2, 1), (2, 2), (3, 3), (5, 4)])
def test_income_adds_up_to_every_payment_each_seat_received(players, seed, monkeypatch):
    """Every transfer is watched from outside: the tally must equal what each seat was paid,
    and the watched transfers must explain every seat's final cash."""
    paid_to = [0] * players
    paid_by = [0] * players
    original = economy.transfer

    def watched(s, payer, payee, amount, source=None):
        if amount < 0:  # a negative payment runs the other way
            payer, payee, amount = payee, payer, -amount
        if payee >= 0:
            paid_to[payee] += amount
        if payer >= 0:
            paid_by[payer] += amount
        original(s, payer, payee, amount, source)

    monkeypatch.setattr(economy, "transfer", watched)
    game = magnates.load("galactic-magnate", players=players, characters="pick")  # the games these seeds stand for
    state = playout(game.new_initial_state(), [GreedyBot() for _ in range(players)], seed)
    start = TABLES.start_cash[players]
    for seat in range(players):
        assert start + paid_to[seat] - paid_by[seat] == state.cash[seat]
        total = sum(state.income[seat])
        if state.alive[seat]:
            assert total == paid_to[seat]
        else:  # the bank writing off a resigning player's debt is not income
            assert total <= paid_to[seat]
    assert sum(row[SOURCES.index("salary")] for row in state.income) > 0
    income = state.result().details["income"]
    assert income == {str(seat): dict(zip(SOURCES, state.income[seat], strict=True)) for seat in range(players)}
    json.dumps(income)


def test_income_survives_clone_and_json_and_old_saves_load_without_it():
    game = magnates.load("galactic-magnate", players=3)
    state = game.new_initial_state()
    rng = random.Random(5)
    bot = GreedyBot()
    for _ in range(400):
        if state.is_chance_node():
            state.apply_action(magnates.sample(state.chance_outcomes(), rng))
        elif not state.is_terminal():
            seat = state.current_player()
            state.apply_action(bot.choose(game, state.view(seat), state.legal_actions(), rng))
    assert any(any(row) for row in state.income)
    copy = state.clone()
    assert copy.income == state.income
    copy.income[0][0] += 1  # a clone owns its tally
    assert copy.income != state.income
    data = json.loads(json.dumps(state.to_json()))
    assert game.state_from_json(data).income == state.income
    del data["income"]
    assert game.state_from_json(data).income == [[0] * len(SOURCES) for _ in range(3)]


@pytest.mark.parametrize(
    "bad,message",
    [
        ([[0] * len(SOURCES)] * 2, "3 rows"),
        ([[0] * 3] * 3, "seat 0"),
        ([[-1] + [0] * (len(SOURCES) - 1)] * 3, "seat 0"),
    ],
)
def test_a_broken_income_tally_is_refused_with_a_clear_message(bad, message):
    game = magnates.load("galactic-magnate", players=3)
    data = game.new_initial_state().to_json()
    data["income"] = bad
    with pytest.raises(RecordError, match=message):
        game.state_from_json(data)
