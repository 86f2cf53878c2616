"""Why an action is not legal now, in the words of the rules (for IllegalAction messages)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from magnates.games.magnate import flow, placement
from magnates.games.magnate import space as S

if TYPE_CHECKING:
    from magnates.games.magnate.state import MagnateState


def explain(state: MagnateState, action_id: int) -> str:
    if not 0 <= action_id < len(state.space.decode):
        return "no such action"
    op, a, b, _ = state.space.decode[action_id]
    phase = state.phase
    if state.is_chance_node():
        return f"the game is waiting for a chance event ({flow.PHASE_NAMES[phase]})"
    if op in (S.OP_DRAW, S.OP_ROLL, S.OP_TAX, S.OP_DEAL_CROWN):
        return "dice and draws are chance events, not a player's choice"
    if phase == flow.INCOME and op != S.OP_INCOME:
        return "a deed's owner must first choose which suit it produces"
    if phase == flow.AUTOMA and op != S.OP_AUTOMA_BUILD:
        return "first place the sold card on the automa's side"
    if op == S.OP_INCOME:
        return "that suit is not on the deed that produced" if phase == flow.INCOME else "no deed income is waiting"
    side = state.turn_player
    tokens = state.tokens[side]
    if op == S.OP_TRADE:
        return f"trading needs 3 of the same suit and you have {tokens[a]}"
    if op == S.OP_IMPROVE:
        if state.deed_card[a][side] < 0:
            return "you have no unfinished deed in that district"
        return "that token does not fit the deed (wrong suit, not held, or it would leave a suit of the card unpaid)"
    if op == S.OP_END:
        return f"you must still play {state.plays_left} card(s) this turn"
    if op in (S.OP_DEVELOP, S.OP_DEED, S.OP_SELL):
        if state.plays_left <= 0:
            return "you have already played your card(s) this turn"
        if a not in state.hands[side]:
            return "that card is not in your hand"
        if op == S.OP_SELL:
            return "selling is not possible now"
        if b not in state.side_districts[side]:
            return "you do not build in that district"
        if state.deed_card[b][side] >= 0:
            return "you have an unfinished deed in that district; complete it first"
        if not placement.fits(state, a, b, side):
            return "the card shares no suit with the previous property (or the Pawn) in that district"
        return "you do not have the tokens to pay for it that way"
    return "it is not among the legal actions"
