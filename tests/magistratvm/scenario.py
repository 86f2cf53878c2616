"""Helpers that build Magistratvm positions for scenario tests.

Positions start from a real game (setup chance outcomes chosen by the test) and
are then arranged by moving pieces between pools, so tokens, Patricians and gold
stay conserved and the invariants of the property tests still hold.
"""

from __future__ import annotations

import magnates
from magnates.games.magistratvm import actions as A
from magnates.games.magistratvm import phases
from magnates.games.magistratvm.components import NUM_TILES
from magnates.games.magistratvm.state import MagistratvmState
from magnates.games.magistratvm.treasury import earn

SUITS = {"suns": 0, "moons": 1, "crowns": 2, "arms": 3}


def tile(value: int, suit: str) -> int:
    """The tile id of e.g. the 4 of Arms."""
    return SUITS[suit] * 6 + value - 1


# The circuit of the seed's election example, clockwise from place 1.
EXAMPLE_CIRCUIT = [
    tile(4, "arms"),
    tile(5, "crowns"),
    tile(6, "moons"),
    tile(3, "crowns"),
    tile(2, "crowns"),
    tile(1, "moons"),
]
SUSAN, PAUL, QUENTIN, REBECCA = 0, 1, 2, 3


def new_game(players: int = 4, circuit: list[int] | None = None, prefect: int = 0) -> MagistratvmState:
    """A game whose six Provinces and first Prefect are chosen; stops at the first income decision."""
    game = magnates.load("magistratvm", players=players)
    state = game.new_initial_state()
    assert isinstance(state, MagistratvmState)
    for t in circuit or EXAMPLE_CIRCUIT:
        state.apply_action(A.DrawTile(t))
    for seat in range(players):
        state.apply_action(A.RollDie(6 if seat == prefect else 1))
    assert state.phase == phases.INCOME and state.prefect == prefect
    return state


def to_actions(state: MagistratvmState, gold: list[int] | None = None) -> MagistratvmState:
    """Take no optional income, let the Prefect keep the office for 0, then hand out `gold`."""
    while state.phase == phases.INCOME:
        state.apply_action(A.TakeIncome(0, False))
    state.apply_action(A.Bid(0))
    while state.phase == phases.BIDDING:
        state.apply_action(A.PassBid())
    assert state.phase == phases.ACTIONS
    for seat, amount in enumerate(gold or []):
        earn(state, seat, amount - state.gold[seat])
    return state


def put_tokens(state: MagistratvmState, slot: int, seat: int, count: int) -> None:
    state.estate_tokens[seat] -= count
    state.tokens[slot][seat] += count
    state._legal = None


def seat_magistrate(state: MagistratvmState, seat: int, office: int, *, active: bool = True) -> None:
    state.patricians[seat] -= 1
    (state.active if active else state.inactive)[office][seat] += 1
    state._legal = None


def win_tile(state: MagistratvmState, seat: int, t: int, *, gold: int = 0, governor: bool = False) -> None:
    """Give `seat` a decided Province taken from the face-down pile."""
    assert t in state.pile and 0 <= t < NUM_TILES
    state.pile.remove(t)
    state.tile_owner[t] = seat
    state.tile_gold[t] += gold
    state.bank -= gold
    if governor:
        state.patricians[seat] -= 1
        state.governed[t] = True
    state._legal = None


def act(state: MagistratvmState, action: A.Action) -> None:
    state.apply_action(action)


def all_pass(state: MagistratvmState) -> None:
    """Every player passes in succession, ending the action phase."""
    while state.phase == phases.ACTIONS:
        state.apply_action(A.Pass())


def texts(state: MagistratvmState) -> set[str]:
    return {state.game.action_to_string(a) for a in state.legal_actions()}
