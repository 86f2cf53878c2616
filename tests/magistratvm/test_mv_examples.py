"""Every worked example of the Magistratvm rules (seed 004), as a scenario test."""

from __future__ import annotations

import pytest

from magnates import IllegalAction
from magnates.games.magistratvm import actions as A
from magnates.games.magistratvm import phases
from magnates.games.magistratvm.offices import AEDILE, CONSUL, PRAETOR, QUAESTOR, TRIBUNE

from .scenario import (
    EXAMPLE_CIRCUIT,
    PAUL,
    QUENTIN,
    REBECCA,
    SUSAN,
    act,
    all_pass,
    new_game,
    put_tokens,
    seat_magistrate,
    texts,
    to_actions,
)

FOUR, FIVE, SIX = 0, 1, 2  # places of the 4-Arms, 5-Crowns and 6-Moons Provinces


def test_first_turn_placements_cost_one_then_one_plus_two():
    state = to_actions(new_game(circuit=EXAMPLE_CIRCUIT), gold=[10, 10, 10, 10])
    act(state, A.PlaceTokens(SIX, 1))  # Susan: her 1st token there costs 1
    assert state.gold[SUSAN] == 9
    act(state, A.PlaceTokens(SIX, 2))  # Paul: 1+2 = 3 gold
    assert state.gold[PAUL] == 7
    # Quentin must equal Paul's 2 to place in the 6-Province; 1 token is refused and nothing changes.
    before = state.to_json()
    with pytest.raises(IllegalAction, match="equal-or-exceed"):
        act(state, A.PlaceTokens(SIX, 1))
    assert state.to_json() == before
    act(state, A.PlaceTokens(FOUR, 1))  # Quentin places in the 4-Province instead
    assert state.gold[QUENTIN] == 9
    act(state, A.PlaceTokens(SIX, 2))  # Rebecca pays 3 for 2 tokens beside Susan and Paul
    assert state.gold[REBECCA] == 7
    act(state, A.PlaceTokens(FOUR, 1))  # Susan joins Quentin for 1 gold
    assert state.gold[SUSAN] == 8
    assert state.tokens[SIX] == [1, 2, 0, 2] and state.tokens[FOUR] == [1, 0, 1, 0]


def _later_turn():
    state = to_actions(new_game(circuit=EXAMPLE_CIRCUIT), gold=[30, 30, 30, 30])
    put_tokens(state, SIX, SUSAN, 6)
    put_tokens(state, SIX, REBECCA, 4)
    return state


def test_rebecca_matches_susans_six_for_five_plus_six_gold():
    state = _later_turn()
    for _ in range(3):  # Susan, Paul and Quentin pass; passing is not final
        act(state, A.Pass())
    assert state.decider == REBECCA
    assert "place 1 token(s) at province 3" not in texts(state)
    act(state, A.PlaceTokens(SIX, 2))
    assert state.gold[REBECCA] == 30 - (5 + 6)


def test_susans_seventh_token_costs_seven():
    state = _later_turn()
    act(state, A.PlaceTokens(SIX, 1))
    assert state.gold[SUSAN] == 30 - 7


def test_a_newcomer_must_place_six_for_twenty_one_gold():
    state = _later_turn()
    act(state, A.Pass())
    assert state.decider == PAUL
    with pytest.raises(IllegalAction):
        act(state, A.PlaceTokens(SIX, 5))
    act(state, A.PlaceTokens(SIX, 6))
    assert state.gold[PAUL] == 30 - 21


def test_patrician_straight_to_aedile_costs_one_plus_two():
    state = to_actions(new_game(), gold=[5, 0, 0, 0])
    act(state, A.PromotePatrician(AEDILE))
    assert state.gold[SUSAN] == 2
    assert state.inactive[AEDILE][SUSAN] == 1 and state.patricians[SUSAN] == 5


def test_quaestor_to_praetor_costs_two_plus_four():
    state = to_actions(new_game(), gold=[6, 0, 0, 0])
    seat_magistrate(state, SUSAN, QUAESTOR)
    act(state, A.Promote(QUAESTOR, PRAETOR))
    assert state.gold[SUSAN] == 0
    assert state.inactive[PRAETOR][SUSAN] == 1 and state.active[QUAESTOR][SUSAN] == 0


def test_tribune_to_consul_costs_twelve_and_runs_the_displacement_chain():
    state = to_actions(new_game(), gold=[12, 0, 0, 0])
    seat_magistrate(state, SUSAN, TRIBUNE)
    seat_magistrate(state, REBECCA, CONSUL)
    seat_magistrate(state, PAUL, CONSUL)
    seat_magistrate(state, SUSAN, PRAETOR, active=False)
    for seat in (REBECCA, PAUL, QUENTIN):
        seat_magistrate(state, seat, PRAETOR)
    act(state, A.Promote(TRIBUNE, CONSUL))
    assert state.gold[SUSAN] == 0  # 2 + 4 + 6
    # The Consul spaces are full: Susan chooses the rival to push down (never her own new Consul).
    assert state.phase == phases.DISPLACE and state.decider == SUSAN
    assert texts(state) == {"displace Player 4's active magistrate", "displace Player 2's active magistrate"}
    act(state, A.Displace(REBECCA, True))
    # Rebecca's Consul drops to Praetor, where all four spaces are taken: Rebecca takes revenge.
    assert state.phase == phases.DISPLACE and state.decider == REBECCA
    assert "displace Player 1's inactive magistrate" in texts(state)
    act(state, A.Displace(SUSAN, False))
    # Susan's Praetor moves one level down, to Aedile, keeping its (inactive) status; the chain ends.
    assert state.phase == phases.ACTIONS and state.decider == PAUL
    assert state.inactive[CONSUL] == [1, 0, 0, 0] and state.active[CONSUL] == [0, 1, 0, 0]
    assert state.active[PRAETOR] == [0, 1, 1, 2] and state.inactive[PRAETOR] == [0, 0, 0, 0]
    assert state.inactive[AEDILE] == [1, 0, 0, 0]


def _election_example():
    """Part way through a game: Susan (black) is Prefect and there is no Dictator."""
    state = to_actions(new_game(circuit=EXAMPLE_CIRCUIT, prefect=SUSAN))
    state.prefect_gold += 3
    state.bank -= 3
    put_tokens(state, FOUR, SUSAN, 5)
    put_tokens(state, FOUR, PAUL, 4)
    put_tokens(state, FIVE, QUENTIN, 4)
    put_tokens(state, FIVE, REBECCA, 3)
    put_tokens(state, FIVE, PAUL, 3)
    seat_magistrate(state, REBECCA, TRIBUNE)
    all_pass(state)
    assert state.phase == phases.START and state.decider == SUSAN
    return state


def test_election_example_one_susan_wins_the_four_arms_and_paul_moves_to_six_moons():
    state = _election_example()
    act(state, A.StartCircuit(FOUR))
    four_arms = EXAMPLE_CIRCUIT[FOUR]
    assert state.tile_gold[four_arms] == 3 and state.prefect_gold == 0
    # Rebecca, the only one with an active Magistrate, may add influence; she declines.
    assert state.phase == phases.SUPPORT and state.decider == REBECCA
    act(state, A.SupportDone())
    # 5 of 9 is an absolute majority and 5 >= 4: Susan takes the Province and its gold.
    assert state.tile_owner[four_arms] == SUSAN and state.slots[FOUR] == -1
    assert state.estate_tokens[SUSAN] == 20
    assert state.phase == phases.REDISTRIBUTE and state.decider == PAUL
    assert "move 4 token(s) to province 1" not in texts(state)  # it has voted
    act(state, A.Redistribute(SIX, 4))
    assert state.tokens[SIX][PAUL] == 4


def test_election_example_two_no_majority_and_the_least_redistribute():
    state = _election_example()
    act(state, A.StartCircuit(FOUR))
    act(state, A.SupportDone())
    act(state, A.Redistribute(SIX, 4))
    # The 5-Crowns: Quentin 4 against Rebecca 3 + Paul 3: no majority (and 4 < 5 anyway).
    assert state.phase == phases.SUPPORT and state.decider == REBECCA
    assert "add a Tribune's influence for Player 4" in texts(state)  # she could level with Quentin
    act(state, A.SupportDone())
    # Rebecca and Paul tie for least; both redistribute, clockwise from the Prefect's left.
    assert state.phase == phases.REDISTRIBUTE and state.decider == PAUL
    act(state, A.Redistribute(SIX, 3))
    assert state.decider == REBECCA
    act(state, A.Redistribute(SIX, 3))
    assert state.tokens[FIVE] == [0, 0, 4, 0]
    assert state.tokens[SIX] == [0, 7, 0, 3]
    assert state.circuit == [0, 1, 2, 3, 4, 5] and state.circuit_pos == 2  # next: the 6-Moons
