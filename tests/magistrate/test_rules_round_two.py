"""Two Magistrate rule sentences played out: the March evidence one and the ignored-influence one.

Each test quotes the seed sentence it pins (seed 003, the Magistrate reference sheet) and builds
its position through the public API: `magnates.load`, the state's own fields and `apply_action`.
"""

from __future__ import annotations

import random

import pytest

import magnates
from magnates.games.magistrate.components import GREEN, PURPLE
from magnates.games.magistrate.phases import MARCH, PEOPLE
from magnates.games.magistrate.state import MagistrateState

from .helpers import at_phase, card_with, give

MARCH_SENTENCE = (
    "If the move causes you to have the most Soldiers in a Province that you did not have the most "
    "Soldiers in at the start of your turn, put the green cube into Home as evidence. Otherwise, pay "
    "to Central Stockpile."
)
IGNORED_SENTENCE = "Influence that would violate the previous 3 movement rules is simply ignored."


def new_game(players: int) -> MagistrateState:
    """A game loaded by name, its opening deals drawn, at the first decision of round 1."""
    state = magnates.load("magistrate", players=players).new_initial_state()
    rng = random.Random(0)
    while state.is_chance_node():
        state.apply_action(magnates.sample(state.chance_outcomes(), rng))
    assert isinstance(state, MagistrateState)
    return state


def place(state: MagistrateState, player: int, province: int, count: int) -> None:
    state.soldiers[player][province] += count
    state.stock_soldiers[player] -= count


def set_supply(state: MagistrateState, player: int, colour: int, count: int) -> None:
    """Give the player exactly `count` action cubes of a colour, from or to the stockpile."""
    state.stockpile[colour] -= count - state.supply[player][colour]
    state.supply[player][colour] = count


def green_cubes(state: MagistrateState) -> int:
    """Every green cube on the table (no battle is running in these tests)."""
    return state.stockpile[GREEN] + sum(row[GREEN] for row in state.supply) + sum(row[GREEN] for row in state.evidence)


def march_turn(soldiers: list[tuple[int, int, int]], green: int) -> MagistrateState:
    """Player 1's March/Fortify turn in a 4-player game (Homes 0, 2, 4, 6), soldiers as (player, province, count)."""
    state = new_game(4)
    for player, province, count in soldiers:
        place(state, player, province, count)
    set_supply(state, 0, GREEN, green)
    return at_phase(state, MARCH, 0)


def march(state: MagistrateState, source: int, target: int, count: int) -> tuple[int, int]:
    """March, and say where the cube went: (evidence gained, stockpile gained)."""
    evidence, stockpile, total = state.evidence[0][GREEN], state.stockpile[GREEN], green_cubes(state)
    state.apply_action(state.ids.march[(source, target, count)])
    assert green_cubes(state) == total
    return state.evidence[0][GREEN] - evidence, state.stockpile[GREEN] - stockpile


def test_split_marches_into_a_newly_won_province_earn_one_cube_of_evidence():
    # MARCH_SENTENCE: only the move that *causes* the majority earns; the later parts cause nothing.
    state = march_turn([(0, 0, 5), (1, 8, 1)], green=4)
    assert march(state, 0, 8, 2) == (1, 0)  # 2 v 1: this move causes the most
    assert march(state, 0, 8, 1) == (0, 1)  # 3 v 1: already the most before the move
    assert march(state, 0, 8, 2) == (0, 1)
    assert state.supply[0][GREEN] == 1 and state.soldiers[0][8] == 5


def test_a_tie_is_not_the_most_so_only_the_move_that_breaks_it_earns_evidence():
    # MARCH_SENTENCE with "the most" read as strictly more than every other player, as Fortify reads it.
    state = march_turn([(0, 0, 4), (1, 8, 2)], green=3)
    assert march(state, 0, 8, 1) == (0, 1)  # 1 v 2
    assert march(state, 0, 8, 1) == (0, 1)  # 2 v 2: tied, not the most
    assert march(state, 0, 8, 1) == (1, 0)  # 3 v 2: this move causes the most


def test_marching_out_and_back_in_earns_no_second_cube_from_the_same_province():
    # MARCH_SENTENCE: a province a march has won this turn is no longer one "you did not have the
    # most Soldiers in"; otherwise two empty neighbours would farm a cube of evidence per march.
    state = march_turn([(0, 0, 3)], green=5)
    assert march(state, 0, 1, 3) == (1, 0)  # wins Highmarch
    assert march(state, 1, 9, 3) == (1, 0)  # wins Temple Hill (and leaves Highmarch)
    assert march(state, 9, 1, 3) == (0, 1)  # back into Highmarch: won already this turn
    assert march(state, 1, 9, 3) == (0, 1)
    assert state.evidence[0][GREEN] == 2 and state.supply[0][GREEN] == 1


def test_a_province_held_at_the_start_of_the_turn_earns_nothing_even_when_retaken():
    # MARCH_SENTENCE: "that you did not have the most Soldiers in at the start of your turn".
    state = march_turn([(0, 1, 2), (1, 9, 1)], green=3)
    assert march(state, 1, 9, 2) == (1, 0)  # Temple Hill was not held at turn start
    assert march(state, 9, 1, 2) == (0, 1)  # Highmarch was, so retaking it causes nothing new


def test_the_next_turn_judges_majorities_afresh():
    # MARCH_SENTENCE: "at the start of your turn" -- each turn starts its own count.
    state = march_turn([(0, 0, 3)], green=2)
    assert march(state, 0, 1, 3) == (1, 0)
    state.apply_action(state.ids.pass_)
    state.soldiers[0][1] -= 3  # by the next turn Highmarch has been given up again
    state.soldiers[0][0] += 3
    set_supply(state, 0, GREEN, 1)
    at_phase(state, MARCH, 0)
    assert 1 not in state.most_at_start
    assert march(state, 0, 1, 3) == (1, 0)


def test_records_of_rules_version_2_are_refused_with_a_clear_message():
    """Version 2 paid evidence again for a province won, left and retaken in one turn."""
    record = {"game": "magistrate", "version": "2", "options": {"players": 2}, "actions": [0]}
    with pytest.raises(magnates.RecordError, match="rules version 2; this installation has version 3"):
        magnates.replay(record)


def influence_turn(judges: list[int], influence: tuple[tuple[int, int], ...]) -> tuple[MagistrateState, int]:
    """Player 1's People turn with 4 purple, the Judges where given and a card of this influence in hand."""
    state = new_game(3)
    card = card_with(state, lambda c: c.influence == influence)
    give(state, 0, [card])
    set_supply(state, 0, PURPLE, 4)
    state.judges = list(judges)
    return at_phase(state, PEOPLE, 0), card


@pytest.mark.parametrize("forward", [False, True])
def test_influence_whose_every_move_is_ignored_stays_legal_and_is_paid_for(forward: bool) -> None:
    # IGNORED_SENTENCE: the *influence* is ignored, not the action: the 2 purple still go Home as
    # evidence and the card is still discarded. Backward: all three Judges stand on the Judges' Home
    # ("may only move forward"); forward: all three stand one space before it ("may not move onto").
    spaces = new_game(3).comp.path_spaces
    judges = [spaces - 1] * 3 if forward else [0, 0, 0]
    state, card = influence_turn(judges, ((0, 1), (1, 1), (2, 1)))
    action = state.ids.influence[card][forward]
    assert action in state.legal_actions()
    purple_home, hand = state.evidence[0][PURPLE], len(state.hands[0])
    state.apply_action(action)
    assert state.judges == judges
    assert state.evidence[0][PURPLE] == purple_home + 2 and state.supply[0][PURPLE] == 2
    assert card in state.discard and card not in state.hands[0] and len(state.hands[0]) == hand - 1


def test_only_the_violating_moves_of_a_card_are_ignored():
    # IGNORED_SENTENCE, Judge by Judge: the People Judge (on Home) cannot go back; the others do.
    state, card = influence_turn([0, 4, 6], ((0, 1), (1, 1), (2, 1)))
    state.apply_action(state.ids.influence[card][False])
    assert state.judges == [0, 3, 5]


def test_influence_with_too_few_purple_is_refused_and_changes_nothing():
    state, card = influence_turn([0, 0, 0], ((0, 1), (1, 1), (2, 1)))
    set_supply(state, 0, PURPLE, 1)
    state._legal = None
    before = state.to_json()
    with pytest.raises(magnates.IllegalAction):
        state.apply_action(state.ids.influence[card][True])
    assert state.to_json() == before
