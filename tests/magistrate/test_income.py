"""Income by source: the ledger agrees with the cubes the seats actually received, and it is saved."""

from __future__ import annotations

import json
import random

import pytest

import magnates
from magnates.core.chance import sample
from magnates.core.errors import RecordError
from magnates.games.magistrate.bots import HeuristicBot
from magnates.games.magistrate.components import components
from magnates.games.magistrate.income import OP_SOURCES, SOURCES

from .helpers import random_playout


def observed_income(state, action: int) -> tuple[dict[int, dict[str, int]], bool]:
    """What `action` brings each seat, read from the change of the table, not from the ledger.

    A decision brings cubes only into the acting seat's supply (no op pays and gains one colour);
    a chance step brings them into Homes: a battle's pot, or the cubes of revealed secret cards.
    The flag is False when the stockpile could not pay a reveal in full (then these are upper bounds).
    """
    comp = components()
    before = state.clone()
    state.apply_action(action)
    gained: dict[int, dict[str, int]] = {}
    if before.current_player() >= 0:
        seat = before.current_player()
        cubes = sum(max(0, a - b) for a, b in zip(state.supply[seat], before.supply[seat], strict=True))
        if cubes:
            chosen = before.ids.actions[action]
            source = "material" if chosen.kind == "material" else SOURCES[OP_SOURCES[comp.cells[chosen.cell].name]]
            gained[seat] = {source: cubes}
    elif before.battle and not state.battle:
        for seat in range(state.n):
            cubes = sum(state.evidence[seat]) - sum(before.evidence[seat])
            if cubes:
                gained[seat] = {"battles": cubes}
    elif state.scoring_rounds > before.scoring_rounds:
        judge = state.scored[len(before.scored)]  # secret evidence is revealed at the first one
        wanted = [0, 0, 0]
        for seat in range(state.n):
            cards = [comp.cards[c] for c in before.secret[seat]]
            for card in cards:
                for colour in range(3):
                    wanted[colour] += card.cubes[colour] + (card.cards if colour == judge else 0)
            cubes = sum(sum(card.cubes) + card.cards for card in cards)
            if cubes:
                gained[seat] = {"secret evidence": cubes}
        if any(w > left for w, left in zip(wanted, before.stockpile, strict=True)):
            return gained, False  # the stockpile ran short: the seats got at most this
    return gained, True


def play_and_watch(players: int, seed: int) -> tuple[object, dict[int, dict[str, int]]]:
    game = magnates.load("magistrate", players=players)
    state = game.new_initial_state()
    rng = random.Random(seed)
    bot = HeuristicBot()
    totals = {seat: dict.fromkeys(SOURCES, 0) for seat in range(players)}
    while not state.is_terminal():
        if state.is_chance_node():
            action = sample(state.chance_outcomes(), rng)
        else:
            seat = state.current_player()
            action = bot.choose(game, state.view(seat), state.legal_actions(), rng)
        ledger = [row[:] for row in state.income]
        observed, exact = observed_income(state, action)
        for seat, sources in observed.items():
            for source, cubes in sources.items():
                if exact:
                    totals[seat][source] += cubes
                else:
                    got = state.income[seat][SOURCES.index(source)] - ledger[seat][SOURCES.index(source)]
                    assert 0 <= got <= cubes
                    totals[seat][source] += got
    return state, totals


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_income_adds_up_to_what_the_seats_received(seed):
    # A corner, an op or a battle pays exactly what the table shows; a reveal at a scoring round
    # pays every card in full unless the stockpile runs short (then at most that).
    state, totals = play_and_watch(2, seed)
    income = state.result().details["income"]
    assert income == {str(seat): sources for seat, sources in totals.items()}
    assert all(income[str(seat)]["material"] > 0 for seat in range(2))
    assert sum(sum(sources.values()) for sources in income.values()) > 0


def test_income_is_cloned_saved_viewed_and_sampled():
    game = magnates.load("magistrate", players=3)
    state = random_playout(game.new_initial_state(), random.Random(4))
    income = state.income
    assert any(any(row) for row in income)
    copy = state.clone()
    copy.income[0][0] += 1
    assert state.income[0][0] == copy.income[0][0] - 1, "a clone must not share the ledger"
    loaded = game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert loaded.income == income and loaded.result().details["income"] == state.result().details["income"]
    view = state.view(1)
    assert view["income"] == income and state.view(None)["income"] == income
    assert game.sample_state(view, random.Random(0)).income == income


def test_a_save_from_before_income_was_tracked_still_loads():
    game = magnates.load("magistrate", players=2)
    state = random_playout(game.new_initial_state(), random.Random(5))
    data = state.to_json()
    del data["income"]
    loaded = game.state_from_json(data)
    assert loaded.income == [[0] * len(SOURCES)] * 2
    assert loaded.result().scores == state.result().scores


def test_a_broken_ledger_is_refused_with_a_clear_message():
    game = magnates.load("magistrate", players=2)
    data = game.new_initial_state().to_json()
    data["income"] = [[0, 0], [0, 0]]
    with pytest.raises(RecordError, match="income must be 6 non-negative counts per player"):
        game.state_from_json(data)
