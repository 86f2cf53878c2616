"""Add/Assign Agents and the Agent Ops."""

from __future__ import annotations

from magnates.games.magistrate.components import GREEN, ORANGE, PURPLE
from magnates.games.magistrate.phases import AGENTS, OPS_MILITARY, OPS_PEOPLE

from .helpers import at_phase, card_with, dealt, give


def cubes(state, player, counts):
    for colour, count in enumerate(counts):
        state.stockpile[colour] -= count - state.supply[player][colour]
        state.supply[player][colour] = count


def test_adding_an_agent_costs_one_orange_per_agent_already_on_the_board():
    state = dealt(3)
    cubes(state, 0, [0, 0, 3])
    at_phase(state, AGENTS, 0)
    state.apply_action(state.ids.add_agent)  # 1 on the board: costs 1
    assert state.supply[0][ORANGE] == 2 and state.agents_on_board(0) == 2
    state.apply_action(state.ids.add_agent)  # 2 on the board: costs 2
    assert state.supply[0][ORANGE] == 0 and state.agents_on_board(0) == 3
    assert state.ids.add_agent not in state.legal_actions()


def test_assign_moves_agents_into_open_cells_never_onto_a_blocking_chip():
    state = dealt(2)
    state.header[0] = 2
    state.stock_agents[0] -= 1
    cubes(state, 0, [0, 0, 0])
    at_phase(state, AGENTS, 0)
    state.apply_action(state.ids.assign_agents)
    legal = state.legal_actions()
    for chip in state.blocked:
        assert state.ids.place_agent[chip] not in legal
    state.apply_action(state.ids.place_agent[0])
    assert state.ids.place_agent[0] not in state.legal_actions()  # one agent of a player per cell
    state.apply_action(state.ids.place_agent[4])
    assert state.placed[0][0] == 1 and state.placed[0][4] == 1 and state.header[0] == 0
    assert state.agents_on_board(0) == 2


def test_assigning_lifts_the_agents_again_and_rivals_may_share_a_cell():
    state = dealt(3)
    state.placed[1][0] = 1
    state.header[1] = 0
    at_phase(state, AGENTS, 0)
    state.apply_action(state.ids.assign_agents)
    state.apply_action(state.ids.place_agent[0])
    assert state.placed[0][0] == 1 and state.placed[1][0] == 1


def test_informants_turn_one_orange_into_two_purple_once_per_phase():
    state = dealt(3)
    state.placed[0][0] = 1
    state.header[0] = 0
    cubes(state, 0, [0, 0, 2])
    at_phase(state, OPS_PEOPLE, 0)
    op = state.ids.agent_op[(0, -1, -1, False, -1)]
    state.apply_action(op)
    assert state.supply[0] == [2, 0, 1]
    # the agent has acted; the player's turn in this phase is over
    assert state.current_player() != 0 or op not in state.legal_actions()


def test_press_discards_a_card_for_its_agent_op_value_in_purple():
    state = dealt(3)
    state.placed[0][1] = 1
    state.header[0] = 0
    card = card_with(state, lambda c: c.agent_op == 3)
    give(state, 0, [card])
    at_phase(state, OPS_PEOPLE, 0)
    purple = state.supply[0][PURPLE]
    state.apply_action(state.ids.agent_op[(1, card, -1, False, -1)])
    assert state.supply[0][PURPLE] == purple + 3 and card in state.discard


def test_clerk_moves_a_judge_one_space_under_the_influence_rules():
    state = dealt(3)
    state.placed[0][2] = 1
    state.header[0] = 0
    state.judges = [0, 4, 1]
    at_phase(state, OPS_PEOPLE, 0)
    legal = state.legal_actions()
    assert state.ids.agent_op[(2, -1, 0, False, -1)] not in legal  # on Home: forward only
    assert state.ids.agent_op[(2, -1, 2, False, -1)] not in legal  # would reach Home
    state.apply_action(state.ids.agent_op[(2, -1, 1, False, -1)])
    assert state.judges == [0, 3, 1] and state.evidence[0][ORANGE] == 1


def test_levy_engineers_and_saboteur_in_the_military_row():
    state = dealt(4)
    for cell in (4, 6, 7):
        state.placed[0][cell] = 1
    state.header[0] = 0
    state.stock_agents[0] -= 2
    cubes(state, 0, [0, 1, 3])
    state.soldiers[0][8] = 2
    state.soldiers[1][9] = 3
    state.soldiers[0][9] = 1
    state.stock_soldiers[0] -= 3
    state.stock_soldiers[1] -= 3
    card = card_with(state, lambda c: c.agent_op == 2)
    give(state, 0, [card])
    at_phase(state, OPS_MILITARY, 0)
    state.apply_action(state.ids.agent_op[(4, -1, -1, False, -1)])
    assert state.soldiers[0][state.home[0]] == 2
    state.apply_action(state.ids.agent_op[(6, -1, -1, False, 8)])
    assert state.forts[8] == 0 and state.soldiers[0][8] == 2 and state.supply[0][GREEN] == 0
    state.apply_action(state.ids.agent_op[(7, card, -1, False, 9)])
    assert state.soldiers[1][9] == 1
