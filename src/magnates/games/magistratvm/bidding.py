"""Bidding for Prefect: the current Prefect bids first (0 allowed), then clockwise.

Each later bid is at least one more than the last; passing is final; nobody bids
more gold than it has. When only the high bidder is left, it puts its pawn and
the bid gold on the Prefect space. A player who cannot outbid passes without
being asked (it has no other choice).
"""

from __future__ import annotations

from magnates.games.magistratvm import phases
from magnates.games.magistratvm.actions import MAX_BID
from magnates.games.magistratvm.phases import DONE, STAY, Then
from magnates.games.magistratvm.position import Position
from magnates.games.magistratvm.treasury import take


def begin(state: Position) -> Then:
    state.phase = phases.BIDDING
    state.high_bid = -1
    state.high_bidder = -1
    state.passed = [0] * state.n
    state.decider = state.prefect
    return STAY


def _max_bid(state: Position, seat: int) -> int:
    return min(MAX_BID, state.available_gold(seat))


def legal(state: Position) -> list[int]:
    ids = state.ids
    seat = state.decider
    top = _max_bid(state, seat)
    if state.high_bidder < 0:  # the Prefect's opening bid, which may be 0
        return [ids.bid[a] for a in range(top + 1)]
    return [ids.pass_bid] + [ids.bid[a] for a in range(state.high_bid + 1, top + 1)]


def apply_bid(state: Position, amount: int) -> Then:
    state.high_bid = amount
    state.high_bidder = state.decider
    return _next_bidder(state)


def apply_pass(state: Position) -> Then:
    state.passed[state.decider] = 1
    return _next_bidder(state)


def _next_bidder(state: Position) -> Then:
    seat = state.decider
    while True:
        seat = (seat + 1) % state.n
        if seat == state.high_bidder:
            _award(state)
            return DONE
        if state.passed[seat]:
            continue
        if _max_bid(state, seat) <= state.high_bid:
            state.passed[seat] = 1  # cannot outbid: a forced pass
            continue
        state.decider = seat
        return STAY


def _award(state: Position) -> None:
    winner = state.high_bidder
    take(state, winner, state.high_bid)
    state.prefect_gold += state.high_bid
    state.prefect = winner
