"""Scoring rounds, the end of the game, end-game scoring and the five tie-breakers."""

from __future__ import annotations

from magnates.games.magistrate import scoring
from magnates.games.magistrate.components import GREEN, ORANGE, PURPLE
from magnates.games.magistrate.flow import settle
from magnates.games.magistrate.phases import INFLUENCE

from .helpers import card_with, dealt


def move_cubes(state, player, colour, count):
    state.stockpile[colour] -= count
    state.evidence[player][colour] += count


def test_people_scoring_counts_rings_and_each_four_purple_evidence_cubes_which_return():
    state = dealt(3)
    state.rings = [3, 1, 2]
    move_cubes(state, 0, PURPLE, 9)
    move_cubes(state, 1, PURPLE, 3)
    before = state.stockpile[PURPLE]
    scoring.scoring_round(state, 0)
    assert state.vp == [3 + 2, 1, 2]
    assert state.evidence[0][PURPLE] == 1 and state.evidence[1][PURPLE] == 3
    assert state.stockpile[PURPLE] == before + 8
    assert state.scoring_rounds == 1


def test_military_scoring_counts_forts_on_the_map_and_agent_scoring_agents_on_the_board():
    state = dealt(3)
    state.forts[8] = 1
    state.stock_forts[1] -= 1
    move_cubes(state, 2, GREEN, 4)
    scoring.scoring_round(state, 1)
    assert state.vp == [1, 2, 2]
    state.header[0] = 3
    state.placed[0][0] = 1
    move_cubes(state, 1, ORANGE, 8)
    scoring.scoring_round(state, 2)
    assert state.vp == [1 + 4, 2 + 1 + 2, 2 + 1]


def test_secret_evidence_is_revealed_and_traded_for_its_cubes_before_scoring():
    state = dealt(3)
    purple_card = card_with(state, lambda c: c.cubes == (4, 0, 0))
    card3 = card_with(state, lambda c: c.cards == 3)
    for card in (purple_card, card3):
        state.deck.remove(card)
    state.secret[0] = [purple_card, card3]
    scoring.scoring_round(state, 0)
    # 4 purple from the corner + 3 of the scored Judge's colour (purple) = 7: 1 VP, 3 left
    assert state.vp[0] == 1 + 1 and state.evidence[0][PURPLE] == 3
    assert state.secret[0] == [] and purple_card in state.discard and card3 in state.discard


def influence_step(state, judges, flips=1):
    state.stage = INFLUENCE
    state.flips_left = flips
    state.draws = []
    state.passed_home = []
    state.judges = list(judges)
    state._legal = None


def test_a_judge_reaching_or_passing_home_on_a_flip_triggers_its_scoring_round():
    state = dealt(3)
    spaces = state.comp.path_spaces
    card = card_with(state, lambda c: c.influence == ((1, 2),))
    influence_step(state, [3, spaces - 1, 3])
    state.apply_action(state.ids.draw[card])
    assert state.judges[1] == 1 and state.scored == [1]
    assert state.vp == [1, 1, 1]  # each player's home Fort
    assert state.round == 2 and state.first == 1  # the First Player token passed left


def test_the_game_ends_after_seven_scoring_rounds_even_if_a_flip_makes_it_eight():
    state = dealt(3)
    spaces = state.comp.path_spaces
    state.scoring_rounds = 6
    card = card_with(state, lambda c: len(c.influence) == 3)
    influence_step(state, [spaces - 1, spaces - 1, 2])
    state.apply_action(state.ids.draw[card])
    assert state.scoring_rounds == 8 and state.is_terminal()
    assert state.result().details["end"] == "8 scoring rounds"


def test_flips_with_no_card_left_still_move_every_judge():
    state = dealt(3)
    hoard = state.deck + state.discard
    state.hands[0] += hoard
    state.deck, state.discard = [], []
    influence_step(state, [1, 1, 1], flips=4)
    settle(state)
    assert state.judges == [5, 5, 5] and state.round == 2


def test_comparison_points_more_than_one_other_and_sole_most_in_3p_and_4p():
    assert scoring.comparison_points([2, 1]) == [1, 0]  # no "most" bonus in 2p
    assert scoring.comparison_points([3, 1, 1]) == [2, 0, 0]
    assert scoring.comparison_points([3, 3, 1]) == [1, 1, 0]  # tie for most: no extra VP
    assert scoring.comparison_points([2, 2, 2, 2]) == [0, 0, 0, 0]
    assert scoring.comparison_points([4, 3, 2, 2]) == [2, 1, 0, 0]


def test_end_game_scoring_adds_one_vp_per_six_evidence_cubes_and_the_comparisons():
    state = dealt(3)
    move_cubes(state, 0, PURPLE, 5)
    move_cubes(state, 0, GREEN, 5)
    move_cubes(state, 0, ORANGE, 3)
    state.rings = [3, 1, 1]
    scoring.end_game_scoring(state)
    # 13 cubes: 2 VP; rings 3 v 1 v 1: 2 VP; forts and agents all equal: 0
    assert state.vp == [4, 0, 0]


def finished(state):
    state.stage = "over"
    state._legal = None
    return state


def test_tie_breakers_in_order_rings_forts_agents_unused_cubes_cards():
    state = finished(dealt(3))
    state.vp = [10, 10, 9]
    state.rings = [2, 3, 5]
    result = state.result()
    assert result.ranking == [2, 1, 3] and result.reason == "tiebreak: popularity rings"
    state.rings = [2, 2, 5]
    state.header = [1, 2, 1]
    result = state.result()
    assert result.ranking == [2, 1, 3] and result.reason == "tiebreak: agents on the board"
    state.header = [1, 1, 1]
    state.supply[0] = [5, 0, 0]
    state.supply[1] = [0, 0, 0]
    assert state.result().reason == "tiebreak: unused action cubes"
    state.supply[0] = [0, 0, 0]
    state.hands[0], state.hands[1] = [1, 2], [3]
    result = state.result()
    assert result.reason == "tiebreak: cards in hand" and result.winners == [0]
    state.hands[1] = [3, 4]
    result = state.result()
    assert result.reason == "draw" and result.winners == [0, 1]
