"""The game round as a table, and the one place that moves the game through it.

The round, as the sheet lists it (`ROUND` below says the same as data):

1. Update Resources: cards are dealt (1 per Fort); then each player in turn discards for
   material (1 card per Ring) and may place one card as secret evidence.
2. The six Action Phases, in this order, once around the table each (a player takes as many
   actions as he chooses and can afford, then passes): Agent Ops: People, People Actions,
   Military March/Fortify, Agent Ops: Military, Military Attacks, Add/Assign Agents.
3. Apply Influence: 4 cards are flipped. Then a scoring round for each Judge that reached or
   passed Home; the game ends after 7 scoring rounds (or at the round limit); otherwise the First
   Player token passes to the left and the next round begins with Update Resources.

A phase module offers a turn's choices (`legal`) and carries one out (`apply`), returning
SAME_PLAYER (he acts again) or NEXT_PLAYER (his turn in this phase is over); it never names
another phase. Once every player has had his turn, `end_turn` begins the phase the table names.

Pending chance events come before any decision: owed card draws, then a running battle, then the
influence flips. A turn in which a player could only pass is passed for him (`settle`), so bots
and people are asked only real questions.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum

from magnates.core.actions import Action
from magnates.core.chance import uniform
from magnates.core.game import CHANCE
from magnates.games.magistrate.agents import apply as agents_apply
from magnates.games.magistrate.agents import apply_op, legal_military_ops, legal_people_ops
from magnates.games.magistrate.agents import legal as agents_legal
from magnates.games.magistrate.battle import abandon, flip
from magnates.games.magistrate.judges import begin_influence, influence_flip, missing_flip
from magnates.games.magistrate.military import apply_attack, apply_march, attack_legal, march_legal
from magnates.games.magistrate.people import apply as people_apply
from magnates.games.magistrate.people import legal as people_legal
from magnates.games.magistrate.phases import (
    ACTIONS,
    AGENTS,
    ATTACKS,
    INFLUENCE,
    MARCH,
    MATERIAL,
    NEXT_PLAYER,
    OPS_MILITARY,
    OPS_PEOPLE,
    OVER,
    PEOPLE,
    PHASES,
    Then,
)
from magnates.games.magistrate.position import Position
from magnates.games.magistrate.resources import apply as resources_apply
from magnates.games.magistrate.resources import deal_cards
from magnates.games.magistrate.resources import legal as resources_legal
from magnates.games.magistrate.scoring import end_game_scoring, scoring_round
from magnates.games.magistrate.supply import refill_deck, take_from_deck

Legal = Callable[[Position, int], list[int]]
Apply = Callable[[Position, int, Action], Then]


class Phase(Enum):
    """The steps of a round, each as a state records it: its `stage`, and its `phase` index (None: kept)."""

    UPDATE_RESOURCES = (MATERIAL, 0)
    OPS_PEOPLE = (ACTIONS, OPS_PEOPLE)
    PEOPLE = (ACTIONS, PEOPLE)
    MARCH = (ACTIONS, MARCH)
    OPS_MILITARY = (ACTIONS, OPS_MILITARY)
    ATTACKS = (ACTIONS, ATTACKS)
    AGENTS = (ACTIONS, AGENTS)
    APPLY_INFLUENCE = (INFLUENCE, None)


@dataclass(frozen=True)
class Row:
    """One phase: what happens as it begins, a turn's choices, their effect, and the phase after it.

    A phase with no choices (`legal` None) is chance only: nobody decides in it.
    """

    begin: Callable[[Position], None] | None
    legal: Legal | None
    apply: Apply | None
    then: Phase


# fmt: off
ROUND: dict[Phase, Row] = {
    #                           as it begins     a turn's choices    their effect     then
    Phase.UPDATE_RESOURCES: Row(deal_cards,      resources_legal,    resources_apply, Phase.OPS_PEOPLE),
    Phase.OPS_PEOPLE:       Row(None,            legal_people_ops,   apply_op,        Phase.PEOPLE),
    Phase.PEOPLE:           Row(None,            people_legal,       people_apply,    Phase.MARCH),
    Phase.MARCH:            Row(None,            march_legal,        apply_march,     Phase.OPS_MILITARY),
    Phase.OPS_MILITARY:     Row(None,            legal_military_ops, apply_op,        Phase.ATTACKS),
    Phase.ATTACKS:          Row(None,            attack_legal,       apply_attack,    Phase.AGENTS),
    Phase.AGENTS:           Row(None,            agents_legal,       agents_apply,    Phase.APPLY_INFLUENCE),
    Phase.APPLY_INFLUENCE:  Row(begin_influence, None,               None,            Phase.UPDATE_RESOURCES),
}
# fmt: on
"""Each phase and the one after it. Between Apply Influence and the next round's Update Resources
come the scoring rounds due and the end test (`end_round`)."""

FIRST_PHASE = Phase.UPDATE_RESOURCES

# Where a state is in the table, read off its `stage` and (in the Action Phases) `phase` fields.
_AT_STAGE: dict[str, Row] = {phase.value[0]: row for phase, row in ROUND.items() if phase.value[0] != ACTIONS}
_ACTION_PHASES: dict[int, Row] = {phase.value[1]: row for phase, row in ROUND.items() if phase.value[0] == ACTIONS}


def phase_row(s: Position) -> Row:
    """The row of the phase the state is in (the game must not be over)."""
    return _ACTION_PHASES[s.phase] if s.stage == ACTIONS else _AT_STAGE[s.stage]


# -- the engine contract ------------------------------------------------------------------


def chance_outcomes(s: Position) -> list[tuple[int, float]]:
    """Every card still in the deck is equally likely to come off it."""
    draw = s.ids.draw
    return uniform([draw[c] for c in s.deck])


def legal_actions(s: Position) -> list[int]:
    legal = phase_row(s).legal
    if legal is None:
        raise ValueError(f"no one decides during {s.stage}: a chance event comes next")
    return legal(s, (s.first + s.turn) % s.n)


def apply(s: Position, action_id: int) -> None:
    if s.draws or s.battle or s.stage == INFLUENCE:
        _apply_chance(s, s.ids.actions[action_id].card)  # type: ignore[attr-defined]
    else:
        _apply_decision(s, action_id)
    settle(s)


def _apply_chance(s: Position, card: int) -> None:
    take_from_deck(s, card)
    if s.draws:
        owed = s.draws[0]
        insort(s.hands[owed[0]], card)  # hands are kept sorted: the order of draws is nobody's business
        owed[1] -= 1
        if owed[1] == 0:
            s.draws.pop(0)
    elif s.battle:
        flip(s, card)
    else:
        influence_flip(s, card)


def _apply_decision(s: Position, action_id: int) -> None:
    effect = phase_row(s).apply
    if effect is None:
        raise ValueError(f"no one decides during {s.stage}: a chance event comes next")
    if effect(s, (s.first + s.turn) % s.n, s.ids.actions[action_id]) is NEXT_PLAYER:
        end_turn(s)


# -- sequencing -------------------------------------------------------------------------


def begin(s: Position, phase: Phase) -> None:
    """Enter a phase: record it, run what happens as it begins, and start the First Player's turn."""
    row = ROUND[phase]
    stage, index = phase.value
    s.stage = stage
    if index is not None:
        s.phase = index
    s.turn = 0
    if row.begin is not None:
        row.begin(s)
    start_turn(s)


def begin_round(s: Position) -> None:
    begin(s, FIRST_PHASE)


def start_turn(s: Position) -> None:
    """A turn's allowances start afresh: material discards (1 per Ring), unused ops, no assignment yet."""
    player = (s.first + s.turn) % s.n
    s.material_left = s.rings[player]
    s.ops_used = []
    s.assigned = False
    s.placing = False
    s.removals = 0
    s.most_at_start = [p for p in range(len(s.forts)) if s.has_most(player, p)] if s.phase == MARCH else []


def end_turn(s: Position) -> None:
    """The next player's turn; once around the table, the phase the table names next."""
    s.turn += 1
    if s.turn == s.n:
        begin(s, phase_row(s).then)
    else:
        start_turn(s)


def end_round(s: Position) -> None:
    """Scoring rounds for each Judge that reached or passed Home, then the end test or the next round."""
    for judge in s.passed_home:
        scoring_round(s, judge)
    s.passed_home = []
    if s.scoring_rounds >= s.comp.scoring_rounds_to_end:
        end_game(s, f"{s.scoring_rounds} scoring rounds")
    elif s.round >= s.comp.round_limit:
        end_game(s, f"round limit {s.comp.round_limit}")
    else:
        s.round += 1
        s.first = (s.first + 1) % s.n
        begin(s, ROUND[Phase.APPLY_INFLUENCE].then)


def end_game(s: Position, reason: str) -> None:
    end_game_scoring(s)
    s.stage = OVER
    s.end_reason = reason


def settle(s: Position) -> None:
    """Run everything that needs no one's choice, up to the next chance node or real decision."""
    while True:
        if s.stage == OVER:
            return
        if s.draws:
            if refill_deck(s):
                return
            s.draws = []  # every card is in a hand or in evidence: the draws are lost
            continue
        if s.battle:
            if refill_deck(s):
                return
            abandon(s)
            continue
        if s.stage == INFLUENCE:
            if s.flips_left > 0:
                if refill_deck(s):
                    return
                missing_flip(s)
                continue
            end_round(s)
            continue
        legal = legal_actions(s)
        if len(legal) == 1 and legal[0] == s.ids.pass_:
            _apply_decision(s, legal[0])
            continue
        s._legal = legal
        return


def explain_illegal(s: Position, action_id: int) -> str:
    if s.stage == OVER:
        return "the game is over"
    if s.current_player() == CHANCE:
        return "a chance event (a card off the deck) comes next, and that card is not in the deck"
    kind = s.ids.kind_of[action_id] if 0 <= action_id < len(s.ids.kind_of) else "?"
    if s.stage == MATERIAL:
        return f"it is the Update Resources step; {kind} is not possible now"
    if s.removals:
        return f"player {s.decider + 1} must first remove {s.removals} soldier(s) from the map (not from Home)"
    return f"it is the {PHASES[s.phase]} phase, and {kind} is not allowed or not affordable now"
