"""Why an action cannot be taken now, said in the rules' words (for `IllegalAction` messages)."""

from __future__ import annotations

from magnates.games.magistratvm import actions as A
from magnates.games.magistratvm import phases
from magnates.games.magistratvm.action_phase import minimum_placement, placement_cost
from magnates.games.magistratvm.position import Position


def explain_illegal(state: Position, action_id: int) -> str:
    """Say in the rules' words why an action cannot be taken now."""
    try:
        action = state.ids.actions[action_id]
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
    if type(action) in (A.DrawTile, A.RollDie, A.RollOffWinner):
        if state.phase not in phases.CHANCE_PHASES:
            return "that is a chance outcome, not a player's choice"
        if state.phase == phases.SETUP_TIE:
            if isinstance(action, A.RollOffWinner):
                tied = ", ".join(f"Player {q + 1}" for q in state.rollers)
                return f"only the players tied for the highest roll re-roll: {tied}"
            return "the tied players' re-roll is decided now: say who won it"
        if isinstance(action, A.RollOffWinner):
            return "nobody is re-rolling for Prefect now"
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
            return f"Player {seat + 1} has only {state.estate_tokens[seat]} tokens in the estate"
        need = minimum_placement(row, seat)
        if action.count < need:
            return f"the equal-or-exceed rule requires placing at least {need} tokens there"
        cost = placement_cost(row[seat], action.count)
        return f"that costs {cost} gold and Player {seat + 1} has {gold}"
    if isinstance(action, A.Bid):
        if action.amount > gold:
            return f"Player {seat + 1} has only {gold} gold"
        return f"a bid must be at least {state.high_bid + 1}"
    if isinstance(action, A.GiveGold):
        if state.gifted[seat]:
            return "a player gives gold at most once per action phase"
        return f"Player {seat + 1} has {gold} gold and cannot give gold to itself"
    return "the rules do not allow it in this position"
