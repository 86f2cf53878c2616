"""Magistratvm's turn as a table, and the one place that moves a game through it.

The turn, as the rules and their summary sheet list it (`TURN` below says the same as data, with
each phase's steps: a position records the step it is at in `phase`, phases.py):

| phase         | what happens                       | who decides                    | then                 |
|---------------|------------------------------------|--------------------------------|----------------------|
| setup         | six Provinces drawn, then the roll | chance                         | income               |
|               | for the first Prefect              |                                |                      |
| income        | gold per token in the Provinces;   | each player, the Prefect first | bidding              |
|               | Quaestors and income dice          |                                |                      |
| bidding       | the auction for Prefect            | the Prefect, then clockwise    | actions              |
| actions       | one action each, clockwise, until  | the player whose turn it is;   | elections            |
|               | all pass in succession; a          | in a chain, the displaced      |                      |
|               | displacement chain on the way      | Magistrates' owners            |                      |
| elections     | the Dictatorial election; the      | the Dictator; the Prefect;     | end of turn          |
|               | circuit's start; each Province's   | players adding influence;      |                      |
|               | vote, then redistribution          | players who lost tokens        |                      |
| end of turn   | new Provinces; Magistrates made    | chance (face-down tiles)       | income, or the final |
|               | active; gold surrendered           |                                | circuit once the     |
|               |                                    |                                | tiles have run out   |
| final circuit | the circuit once more, without a   | as in the elections            | game over            |
|               | Dictator: plurality wins           |                                |                      |
| game over     | the result is scored               | nobody                         |                      |

A phase module (setup, income, bidding, action_phase, elections, end_of_turn) offers a step's
choices (`legal`) and carries one out, returning STAY (its phase goes on) or DONE (its phase is
over); it never names or begins another phase. On DONE, `begin` enters the phase the table names
next, and goes straight on through a phase in which nobody has anything to decide (an election
phase with no contested Province left, an end of turn with no Province to replace).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from magnates.games.magistratvm import action_phase, bidding, elections, end_of_turn, income, setup
from magnates.games.magistratvm import actions as A
from magnates.games.magistratvm.phases import (
    ACTIONS,
    BIDDING,
    DICTATOR,
    DICTATOR_GOVERN,
    DISPLACE,
    DISPLACE_INTO,
    DONE,
    GAME_OVER,
    INCOME,
    REDISTRIBUTE,
    REFILL,
    SETUP_DRAW,
    SETUP_ROLL,
    SETUP_TIE,
    START,
    STAY,
    SUPPORT,
    Then,
)
from magnates.games.magistratvm.position import Position


class Phase(Enum):
    """A phase of the rules' turn. A position records only its step (`phase`); `phase_of` reads the phase."""

    SETUP = "setup"
    INCOME = "income"
    BIDDING = "bidding"
    ACTIONS = "actions"
    ELECTIONS = "elections"
    END_OF_TURN = "end of turn"
    FINAL_CIRCUIT = "final circuit"
    GAME_OVER = "game over"


Begin = Callable[[Position], Then]


@dataclass(frozen=True)
class Row:
    """One phase: what happens as it begins, the steps it goes through, and the phase after it."""

    begin: Begin | None
    """Sets up the phase's first step, or returns DONE when nobody has anything to do in it (None: a new
    game starts in it, position.py)."""
    steps: tuple[int, ...]
    then: Phase | None
    """The phase after it (None: the game is over)."""
    when_final: Phase | None = None
    """The phase after it instead, once the face-down tiles have run out (`state.final`)."""


def _game_over(state: Position) -> Then:
    """After the final circuit the game ends; the result is scored from the position (scoring.py)."""
    state.phase = GAME_OVER
    state.decider = -1
    return STAY


CIRCUIT = (START, SUPPORT, REDISTRIBUTE)
"""The electoral circuit's steps: the Prefect's start, then each Province's support and redistribution."""

# fmt: off
TURN: dict[Phase, Row] = {
    #                    as it begins                its steps                                then
    Phase.SETUP:         Row(None,                   (SETUP_DRAW, SETUP_ROLL, SETUP_TIE),     Phase.INCOME),
    Phase.INCOME:        Row(income.begin,           (INCOME,),                               Phase.BIDDING),
    Phase.BIDDING:       Row(bidding.begin,          (BIDDING,),                              Phase.ACTIONS),
    Phase.ACTIONS:       Row(action_phase.begin,     (ACTIONS, DISPLACE, DISPLACE_INTO),      Phase.ELECTIONS),
    Phase.ELECTIONS:     Row(elections.begin,        (DICTATOR, DICTATOR_GOVERN, *CIRCUIT),   Phase.END_OF_TURN),
    Phase.END_OF_TURN:   Row(end_of_turn.begin,      (REFILL,),                               Phase.INCOME,
                             when_final=Phase.FINAL_CIRCUIT),
    Phase.FINAL_CIRCUIT: Row(elections.choose_start, CIRCUIT,                                 Phase.GAME_OVER),
    Phase.GAME_OVER:     Row(_game_over,             (GAME_OVER,),                            None),
}
# fmt: on
"""Each phase of the turn in the rules' order. The final circuit has no Dictatorial election and
goes through the elections' own steps, with `state.final` set (plurality wins, a tie discards)."""

_PHASE_OF_STEP: dict[int, Phase] = {
    step: phase for phase, row in TURN.items() if phase is not Phase.FINAL_CIRCUIT for step in row.steps
}


def phase_of(state: Position) -> Phase:
    """The phase of the turn a position is in; `state.final` tells the final circuit from the elections."""
    phase = _PHASE_OF_STEP[state.phase]
    return Phase.FINAL_CIRCUIT if phase is Phase.ELECTIONS and state.final else phase


def following(state: Position, phase: Phase) -> Phase | None:
    """The phase after `phase`, as the table names it for this position."""
    row = TURN[phase]
    return row.when_final if state.final and row.when_final is not None else row.then


def begin(state: Position, phase: Phase | None) -> None:
    """Enter `phase`; while a phase is over as soon as it begins, enter the one after it."""
    while phase is not None:
        start = TURN[phase].begin
        if start is None or start(state) is STAY:
            return
        phase = following(state, phase)


# -- the engine contract ------------------------------------------------------------------

CHANCE: dict[int, Callable[[Position], list[tuple[int, float]]]] = {
    SETUP_DRAW: setup.draw_outcomes,
    SETUP_ROLL: setup.roll_outcomes,
    SETUP_TIE: setup.roll_off_outcomes,
    REFILL: setup.draw_outcomes,
}
"""The chance steps' outcomes: a face-down tile drawn, or a die rolled."""

LEGAL: dict[int, Callable[[Position], list[int]]] = {
    INCOME: income.legal,
    BIDDING: bidding.legal,
    ACTIONS: action_phase.legal,
    DISPLACE: action_phase.displace_legal,
    DISPLACE_INTO: action_phase.displace_into_legal,
    DICTATOR: elections.dictator_legal,
    DICTATOR_GOVERN: elections.dictator_govern_legal,
    START: elections.start_legal,
    SUPPORT: elections.support_legal,
    REDISTRIBUTE: elections.redistribute_legal,
}
"""The decision steps' legal actions."""


def _draw(state: Position, a: Any) -> Then:
    if state.phase == SETUP_DRAW:
        return setup.apply_draw(state, a.tile)
    return end_of_turn.refill(state, a.tile)


APPLY: dict[type, Callable[[Position, Any], Then]] = {
    A.DrawTile: _draw,
    A.RollDie: lambda s, a: setup.apply_roll(s, a.value),
    A.RollOffWinner: lambda s, a: setup.apply_roll_off(s, a.seat),
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
"""What each kind of action does, in the module of the phase it belongs to."""


def chance_outcomes(state: Position) -> list[tuple[int, float]]:
    return CHANCE[state.phase](state)


def legal_actions(state: Position) -> list[int]:
    return LEGAL[state.phase](state)


def apply(state: Position, action_id: int) -> None:
    """Carry out the action; if that ends its phase, begin the phase the table names next."""
    action = state.ids.actions[action_id]
    phase = phase_of(state)
    if APPLY[type(action)](state, action) is DONE:
        begin(state, following(state, phase))
