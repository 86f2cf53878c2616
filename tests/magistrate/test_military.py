"""March (with its evidence rule), Fortify and Attack with battles."""

from __future__ import annotations

import pytest

import magnates
from magnates.games.magistrate.components import GREEN
from magnates.games.magistrate.phases import ATTACKS, MARCH

from .helpers import at_phase, card_with, dealt


def place(state, player, province, count):
    state.soldiers[player][province] += count
    state.stock_soldiers[player] -= count


def green(state, player, count):
    state.stockpile[GREEN] -= count - state.supply[player][GREEN]
    state.supply[player][GREEN] = count


def test_march_that_wins_a_new_majority_puts_the_cube_home_as_evidence():
    state = dealt(4)
    place(state, 0, 0, 3)
    place(state, 1, 8, 1)
    green(state, 0, 2)
    at_phase(state, MARCH, 0)
    state.apply_action(state.ids.march[(0, 8, 2)])
    assert state.evidence[0][GREEN] == 1 and state.supply[0][GREEN] == 1


def test_march_into_a_province_already_held_at_turn_start_pays_the_stockpile():
    state = dealt(4)
    place(state, 0, 0, 3)
    place(state, 0, 8, 2)
    green(state, 0, 2)
    at_phase(state, MARCH, 0)
    before = state.stockpile[GREEN]
    state.apply_action(state.ids.march[(0, 8, 1)])
    assert state.evidence[0][GREEN] == 0 and state.stockpile[GREEN] == before + 1


def test_majority_is_judged_against_the_start_of_the_turn_not_the_last_move():
    state = dealt(4)
    place(state, 0, 0, 4)
    place(state, 1, 8, 2)
    green(state, 0, 3)
    at_phase(state, MARCH, 0)
    state.apply_action(state.ids.march[(0, 8, 1)])  # 1 v 2: no majority, stockpile
    assert state.evidence[0][GREEN] == 0
    state.apply_action(state.ids.march[(0, 8, 2)])  # 3 v 2: a new majority since turn start
    assert state.evidence[0][GREEN] == 1


def test_split_marches_into_one_province_earn_evidence_once():
    """ "If the move causes you to have the most Soldiers in a Province that you did not have the
    most Soldiers in at the start of your turn, put the green cube into Home as evidence.
    Otherwise, pay to Central Stockpile." A second march into a province the first march already
    won causes nothing: its cube goes to the stockpile, so splitting a march farms no evidence."""
    state = dealt(4)
    place(state, 0, 0, 4)
    place(state, 1, 8, 1)
    green(state, 0, 4)
    at_phase(state, MARCH, 0)
    state.apply_action(state.ids.march[(0, 8, 2)])  # 2 v 1: this move causes the majority
    assert state.evidence[0][GREEN] == 1
    stockpile = state.stockpile[GREEN]
    state.apply_action(state.ids.march[(0, 8, 1)])  # already the most: causes nothing
    state.apply_action(state.ids.march[(0, 8, 1)])
    assert state.evidence[0][GREEN] == 1
    assert state.stockpile[GREEN] == stockpile + 2 and state.supply[0][GREEN] == 1


def test_no_one_marches_into_another_players_home_but_may_enter_a_fort_province():
    state = dealt(4)  # Homes 0, 2, 4, 6
    place(state, 0, 1, 2)
    state.forts[9] = 1
    green(state, 0, 1)
    at_phase(state, MARCH, 0)
    legal = state.legal_actions()
    assert state.ids.march[(1, 2, 1)] not in legal
    assert state.ids.march[(1, 9, 1)] in legal and state.ids.march[(1, 0, 2)] in legal


def test_fortify_needs_the_most_soldiers_and_costs_a_soldier_and_two_green():
    state = dealt(4)
    place(state, 0, 8, 2)
    place(state, 1, 8, 1)
    place(state, 0, 1, 1)
    place(state, 1, 1, 1)
    green(state, 0, 2)
    at_phase(state, MARCH, 0)
    legal = state.legal_actions()
    assert state.ids.fortify[1] not in legal  # a tie is not "the most"
    before = state.stockpile[GREEN]
    state.apply_action(state.ids.fortify[8])
    assert state.forts[8] == 0 and state.soldiers[0][8] == 1 and state.stockpile[GREEN] == before + 2


def battle(state, attacker, defender, province, cards):
    green(state, attacker, 2)
    at_phase(state, ATTACKS, attacker)
    state.apply_action(state.ids.attack[province][defender])
    assert state.is_chance_node() and state.supply[attacker][GREEN] == 0
    for card in cards:
        state.apply_action(state.ids.draw[card])


def test_attack_flips_cards_until_one_side_is_gone_and_the_winner_takes_the_cubes():
    state = dealt(4)
    place(state, 0, 8, 3)
    place(state, 1, 8, 2)
    hit_defender = card_with(state, lambda c: (c.attacker_loses, c.defender_loses) == (0, 1))
    both = card_with(state, lambda c: (c.attacker_loses, c.defender_loses) == (1, 1))
    battle(state, 0, 1, 8, [hit_defender])
    assert state.battle  # 3 v 1: still fighting
    state.apply_action(state.ids.draw[both])
    assert not state.battle
    assert state.soldiers[0][8] == 2 and state.soldiers[1][8] == 0
    assert state.evidence[0][GREEN] == 2 and state.evidence[1][GREEN] == 0
    assert hit_defender in state.discard and both in state.discard


def test_when_both_sides_are_wiped_out_each_gets_one_cube():
    state = dealt(4)
    place(state, 0, 8, 1)
    place(state, 1, 8, 1)
    both = card_with(state, lambda c: (c.attacker_loses, c.defender_loses) == (1, 1))
    battle(state, 0, 1, 8, [both])
    assert state.evidence[0][GREEN] == 1 and state.evidence[1][GREEN] == 1
    assert state.stock_soldiers[0] == state.comp.soldiers and state.stock_soldiers[1] == state.comp.soldiers


def test_a_fort_is_the_defenders_last_stand_and_returns_to_his_stock_when_taken():
    state = dealt(4)
    place(state, 0, 8, 2)
    state.forts[8] = 1
    state.stock_forts[1] -= 1
    hit_defender = card_with(state, lambda c: (c.attacker_loses, c.defender_loses) == (0, 1))
    battle(state, 0, 1, 8, [hit_defender])
    assert state.forts[8] == -1 and state.stock_forts[1] == state.comp.forts - 1
    assert state.evidence[0][GREEN] == 2


def test_the_defender_wins_when_the_attacker_is_wiped_out():
    state = dealt(4)
    place(state, 0, 8, 1)
    place(state, 1, 8, 2)
    state.forts[8] = 1
    state.stock_forts[1] -= 1
    hit_attacker = card_with(state, lambda c: (c.attacker_loses, c.defender_loses) == (2, 0))
    battle(state, 0, 1, 8, [hit_attacker])
    assert state.evidence[1][GREEN] == 2 and state.forts[8] == 1


def test_the_attacker_names_the_defender_when_several_rivals_are_present():
    state = dealt(4)
    place(state, 0, 8, 2)
    place(state, 1, 8, 1)
    place(state, 2, 8, 1)
    green(state, 0, 2)
    at_phase(state, ATTACKS, 0)
    legal = state.legal_actions()
    assert state.ids.attack[8][1] in legal and state.ids.attack[8][2] in legal
    assert state.ids.attack[8][3] not in legal


def test_records_of_rules_version_1_are_refused_with_a_clear_message():
    """Version 1 paid evidence for split marches, so its games would replay into other positions."""
    record = {"game": "magistrate", "version": "1", "options": {"players": 2}, "actions": [0]}
    with pytest.raises(magnates.RecordError, match="rules version 1; this installation has version 3"):
        magnates.replay(record)
