"""People Actions as the sheet words them."""

from __future__ import annotations

import pytest

from magnates.core.errors import IllegalAction
from magnates.games.magistrate.components import PURPLE
from magnates.games.magistrate.phases import PEOPLE

from .helpers import at_phase, card_with, dealt, give


def people_turn(players=3, purple=4):
    state = dealt(players)
    state.supply[0][PURPLE] = purple
    state.stockpile[PURPLE] -= purple - 3
    return at_phase(state, PEOPLE, 0)


def test_conscript_pays_one_purple_to_the_stockpile_for_three_soldiers_at_home():
    state = people_turn()
    before = state.stockpile[PURPLE]
    state.apply_action(state.ids.conscript)
    assert state.supply[0][PURPLE] == 3 and state.stockpile[PURPLE] == before + 1
    assert state.soldiers[0][state.home[0]] == 3 and state.stock_soldiers[0] == state.comp.soldiers - 3


def test_conscript_adds_only_what_is_left_in_the_personal_stock():
    state = people_turn()
    state.stock_soldiers[0] = 2
    state.soldiers[0][8] = state.comp.soldiers - 2
    state.apply_action(state.ids.conscript)
    assert state.soldiers[0][state.home[0]] == 2 and state.stock_soldiers[0] == 0


def test_production_pays_purple_to_home_as_evidence_and_draws_a_card():
    state = people_turn()
    hand = len(state.hands[0])
    state.apply_action(state.ids.produce)
    assert state.evidence[0][PURPLE] == 1 and state.supply[0][PURPLE] == 3
    assert state.is_chance_node()
    state.apply_action(state.ids.draw[state.deck[0]])
    assert len(state.hands[0]) == hand + 1 and state.current_player() == 0


def test_production_may_trade_a_3_card_for_three_new_cards():
    state = people_turn()
    three = card_with(state, lambda c: c.cards == 3)
    give(state, 0, [three])
    state._legal = None
    hand = len(state.hands[0])
    state.apply_action(state.ids.produce_trade[three])
    assert three in state.discard and state.draws == [[0, 3]]
    for _ in range(3):
        state.apply_action(state.ids.draw[state.deck[0]])
    assert len(state.hands[0]) == hand - 1 + 3


def test_a_card_without_a_card_corner_cannot_be_traded():
    state = people_turn()
    plain = card_with(state, lambda c: c.cards == 0)
    assert plain not in state.ids.produce_trade


def test_increase_popularity_removes_one_map_soldier_per_existing_ring_never_from_home():
    state = dealt(3)
    state.rings[0] = 2
    home = state.home[0]
    state.soldiers[0][home] = 3
    state.soldiers[0][1] = 1
    state.soldiers[0][8] = 1
    state.stock_soldiers[0] -= 5
    state.supply[0][PURPLE] = 2
    at_phase(state, PEOPLE, 0)
    state.apply_action(state.ids.popularity)
    assert state.rings[0] == 3 and state.removals == 2
    assert sorted(state.legal_actions()) == sorted([state.ids.remove_soldier[1], state.ids.remove_soldier[8]])
    with pytest.raises(IllegalAction, match="remove 2 soldier"):
        state.apply_action(state.ids.remove_soldier[home])
    state.apply_action(state.ids.remove_soldier[1])
    state.apply_action(state.ids.remove_soldier[8])
    assert state.soldiers[0][home] == 3 and state.soldiers_off_home(0) == 0
    assert state.stock_soldiers[0] == state.comp.soldiers - 3


def test_increase_popularity_needs_enough_soldiers_out_on_the_map():
    state = dealt(3)
    state.soldiers[0][state.home[0]] = 6
    state.stock_soldiers[0] -= 6
    state.supply[0][PURPLE] = 2
    at_phase(state, PEOPLE, 0)
    assert state.ids.popularity not in state.legal_actions()  # 1 Ring, no soldier outside Home


def influence_turn(judges, card):
    state = people_turn()
    give(state, 0, [card])
    state.judges = list(judges)
    state._legal = None
    return state


def test_influence_moves_every_judge_shown_in_the_chosen_direction_and_pays_evidence():
    state = dealt(3)
    card = card_with(state, lambda c: len(c.influence) == 3)
    state = influence_turn([2, 5, 7], card)
    state.apply_action(state.ids.influence[card][True])
    assert state.judges == [3, 6, 8]
    assert state.evidence[0][PURPLE] == 2 and card in state.discard


def test_influence_never_moves_a_judge_onto_home_and_ignores_just_that_move():
    state = dealt(3)
    card = card_with(state, lambda c: len(c.influence) == 3)
    spaces = state.comp.path_spaces
    state = influence_turn([1, spaces - 1, 4], card)
    state.apply_action(state.ids.influence[card][True])
    assert state.judges == [2, spaces - 1, 5]  # the Military Judge would reach Home: ignored
    state.supply[0][PURPLE] = 2
    other = card_with(state, lambda c: len(c.influence) == 3 and c.id != card)
    give(state, 0, [other])
    state.judges = [1, 0, 4]
    state._legal = None
    state.apply_action(state.ids.influence[other][False])
    # from space 1 backward is Home (ignored); a Judge on Home only moves forward (ignored)
    assert state.judges == [1, 0, 3]


def test_influence_whose_every_move_is_ignored_is_still_played_for_its_evidence():
    """ "Influence that would violate the previous 3 movement rules is simply ignored": the
    moves are ignored, not the action; the evidence is paid and the card discarded."""
    state = dealt(3)
    card = card_with(state, lambda c: c.influence == ((0, 2),))
    state = influence_turn([0, 3, 3], card)
    backward = state.ids.influence[card][False]  # the People Judge stands on Home: forward only
    assert backward in state.legal_actions()
    assert state.ids.influence[card][True] in state.legal_actions()
    state.apply_action(backward)
    assert state.judges == [0, 3, 3]
    assert state.evidence[0][PURPLE] == 2 and state.supply[0][PURPLE] == 2
    assert card in state.discard and card not in state.hands[0]


def test_influence_is_offered_in_both_directions_for_every_card_in_hand():
    state = dealt(3)
    card = card_with(state, lambda c: len(c.influence) == 1)
    judge = state.comp.cards[card].influence[0][0]
    judges = [1, 1, 1]
    judges[judge] = state.comp.path_spaces - 1
    state = influence_turn(judges, card)
    legal = state.legal_actions()
    for held in state.hands[0]:
        assert state.ids.influence[held][False] in legal and state.ids.influence[held][True] in legal
    state.apply_action(state.ids.influence[card][True])  # would reach Home: ignored
    assert state.judges[judge] == state.comp.path_spaces - 1
