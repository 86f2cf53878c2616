"""Dispatch: which phase module lists the legal actions, and which applies an action."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from magnates.games.magistratvm import (
    action_phase,
    bidding,
    elections,
    end_of_turn,
    income,
    phases,
    promotion,
    setup,
)
from magnates.games.magistratvm import actions as A
from magnates.games.magistratvm.state import MagistratvmState


def chance_outcomes(state: MagistratvmState) -> list[tuple[int, float]]:
    if state.phase == phases.SETUP_ROLL:
        return setup.roll_outcomes(state)
    return setup.draw_outcomes(state)


def _displace_legal(state: MagistratvmState) -> list[int]:
    ids = state.game.index.displace
    return [ids[(q, act)] for q, act in promotion.victims(state)]


def _displace_into_legal(state: MagistratvmState) -> list[int]:
    ids = state.game.index.displace_into
    return [ids[o] for o in sorted(ids)]


def _govern_legal(state: MagistratvmState) -> list[int]:
    ids = state.game.index.dictator_govern
    return [ids[True], ids[False]]


LEGAL: dict[int, Callable[[MagistratvmState], list[int]]] = {
    phases.INCOME: income.legal,
    phases.BIDDING: bidding.legal,
    phases.ACTIONS: action_phase.legal,
    phases.DISPLACE: _displace_legal,
    phases.DISPLACE_INTO: _displace_into_legal,
    phases.DICTATOR: elections.dictator_legal,
    phases.DICTATOR_GOVERN: _govern_legal,
    phases.START: elections.start_legal,
    phases.SUPPORT: elections.support_legal,
    phases.REDISTRIBUTE: elections.redistribute_legal,
}


def legal_actions(state: MagistratvmState) -> list[int]:
    return LEGAL[state.phase](state)


def _draw(state: MagistratvmState, a: Any) -> None:
    if state.phase == phases.SETUP_DRAW:
        setup.apply_draw(state, a.tile)
    else:
        end_of_turn.refill(state, a.tile)


APPLY: dict[type, Callable[[MagistratvmState, Any], None]] = {
    A.DrawTile: _draw,
    A.RollDie: lambda s, a: setup.apply_roll(s, a.value),
    A.TakeIncome: lambda s, a: income.apply(s, a.quaestors, a.die),
    A.Bid: lambda s, a: bidding.apply_bid(s, a.amount),
    A.PassBid: lambda s, a: bidding.apply_pass(s),
    A.PlaceTokens: lambda s, a: action_phase.place_tokens(s, a.province, a.count),
    A.PromotePatrician: lambda s, a: action_phase.promote_patrician(s, a.office),
    A.Promote: lambda s, a: action_phase.promote(s, a.start, a.target),
    A.TribunePlace: lambda s, a: action_phase.tribune(s, a.province),
    A.AedileMove: lambda s, a: action_phase.aedile(s, a.owner, a.source, a.target),
    A.PraetorReturn: lambda s, a: action_phase.praetor(s, a.province, a.owners),
    A.ConsulRecall: lambda s, a: action_phase.consul_recall(s, a.office, a.owner, a.active),
    A.ConsulRecallGovernor: lambda s, a: action_phase.consul_recall_governor(s, a.tile),
    A.AppointGovernor: lambda s, a: action_phase.appoint_governor(s, a.office, a.tile),
    A.GovernorHome: lambda s, a: action_phase.governor_home(s, a.tile),
    A.GiveGold: lambda s, a: action_phase.give_gold(s, a.to, a.amount),
    A.Pass: lambda s, a: action_phase.apply_pass(s),
    A.Displace: lambda s, a: action_phase.displace(s, a.owner, a.active),
    A.DisplaceInto: lambda s, a: action_phase.displace_into(s, a.office),
    A.DictatorChoose: lambda s, a: elections.dictator_take(s, a.province),
    A.DictatorGovern: lambda s, a: elections.dictator_govern(s, a.govern),
    A.StartCircuit: lambda s, a: elections.start_circuit(s, a.province),
    A.Support: lambda s, a: elections.add_support(s, a.office, a.beneficiary),
    A.SupportDone: lambda s, a: elections.support_done(s),
    A.Redistribute: lambda s, a: elections.redistribute(s, a.province, a.count),
    A.ReturnHome: lambda s, a: elections.return_home(s),
}


def apply(state: MagistratvmState, action_id: int) -> None:
    action = state.game.index.actions[action_id]
    APPLY[type(action)](state, action)


def explain_illegal(state: MagistratvmState, action_id: int) -> str:
    """Say in the rules' words why an action cannot be taken now."""
    try:
        action = state.game.index.actions[action_id]
    except IndexError:
        return "there is no such action"
    phase = phases.NAMES[state.phase]
    wanted = {
        A.TakeIncome: phases.INCOME,
        A.Bid: phases.BIDDING,
        A.PassBid: phases.BIDDING,
        A.Displace: phases.DISPLACE,
        A.DisplaceInto: phases.DISPLACE_INTO,
        A.DictatorChoose: phases.DICTATOR,
        A.DictatorGovern: phases.DICTATOR_GOVERN,
        A.StartCircuit: phases.START,
        A.Support: phases.SUPPORT,
        A.SupportDone: phases.SUPPORT,
        A.Redistribute: phases.REDISTRIBUTE,
        A.ReturnHome: phases.REDISTRIBUTE,
    }.get(type(action), phases.ACTIONS)
    if type(action) in (A.DrawTile, A.RollDie):
        if state.phase not in phases.CHANCE_PHASES:
            return "that is a chance outcome, not a player's choice"
        if state.phase == phases.SETUP_ROLL:
            return "a die is rolled now, not a tile drawn"
        if isinstance(action, A.DrawTile):
            return "that tile is not among the face-down tiles"
        return "a tile is drawn now, not a die rolled"
    if state.phase != wanted:
        return f"it is the {phase} phase, not the {phases.NAMES[wanted]} phase"
    seat = state.decider
    gold = state.available_gold(seat)
    if isinstance(action, A.PlaceTokens):
        row = state.tokens[action.province]
        if state.slots[action.province] < 0:
            return f"there is no Province at place {action.province + 1}"
        if action.count > state.estate_tokens[seat]:
            return f"player {seat + 1} has only {state.estate_tokens[seat]} tokens in the estate"
        need = action_phase.minimum_placement(row, seat)
        if action.count < need:
            return f"the equal-or-exceed rule requires placing at least {need} tokens there"
        cost = action_phase.placement_cost(row[seat], action.count)
        return f"that costs {cost} gold and player {seat + 1} has {gold}"
    if isinstance(action, A.Bid):
        if action.amount > gold:
            return f"player {seat + 1} has only {gold} gold"
        return f"a bid must be at least {state.high_bid + 1}"
    if isinstance(action, A.GiveGold):
        if state.gifted[seat]:
            return "a player gives gold at most once per action phase"
        return f"player {seat + 1} has {gold} gold and cannot give gold to itself"
    return "the rules do not allow it in this position"
