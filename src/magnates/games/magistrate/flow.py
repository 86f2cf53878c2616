"""The game round: who decides, which chance event comes next, and how phases follow.

A round is: Update Resources (deal, then each player's material discards and
secret evidence), the six action phases (once around the table each, a player
taking actions until he passes), Apply Influence (4 flips), the scoring rounds
of Judges that reached or passed Home, then the First Player token passes left.

Pending chance events come before any decision: owed card draws, then a running
battle, then the influence flips. A turn in which a player could only pass is
passed for him (`settle`), so bots and people are asked only real questions.
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from magnates.core.chance import uniform
from magnates.core.game import CHANCE, TERMINAL
from magnates.games.magistrate import agents, battle, judges, military, people, resources, scoring
from magnates.games.magistrate.phases import (
    ACTIONS,
    AGENTS,
    ATTACKS,
    INFLUENCE,
    MARCH,
    MATERIAL,
    OPS_MILITARY,
    OPS_PEOPLE,
    OVER,
    PEOPLE,
    PHASES,
)
from magnates.games.magistrate.supply import refill_deck, take_from_deck

if TYPE_CHECKING:
    from magnates.games.magistrate.state import MagistrateState


def current_player(s: MagistrateState) -> int:
    if s.stage == OVER:
        return TERMINAL
    if s.draws or s.battle or s.stage == INFLUENCE:
        return CHANCE
    return (s.first + s.turn) % s.n


def chance_outcomes(s: MagistrateState) -> list[tuple[int, float]]:
    """Every card still in the deck is equally likely to come off it."""
    draw = s.ids.draw
    return uniform([draw[c] for c in s.deck])


def legal_actions(s: MagistrateState) -> list[int]:
    player = (s.first + s.turn) % s.n
    if s.stage == MATERIAL:
        return resources.legal(s, player)
    if s.removals:
        return people.removal_choices(s, player)
    phase = s.phase
    if phase == OPS_PEOPLE:
        return agents.ops_legal(s, player, "people")
    if phase == PEOPLE:
        return people.legal(s, player)
    if phase == MARCH:
        return military.march_legal(s, player)
    if phase == OPS_MILITARY:
        return agents.ops_legal(s, player, "military")
    if phase == ATTACKS:
        return military.attack_legal(s, player)
    return agents.legal(s, player)


def apply(s: MagistrateState, action_id: int) -> None:
    if s.draws or s.battle or s.stage == INFLUENCE:
        _apply_chance(s, s.ids.actions[action_id].card)  # type: ignore[attr-defined]
    else:
        _apply_decision(s, action_id)
    settle(s)


def _apply_chance(s: MagistrateState, card: int) -> None:
    take_from_deck(s, card)
    if s.draws:
        owed = s.draws[0]
        insort(s.hands[owed[0]], card)  # hands are kept sorted: the order of draws is nobody's business
        owed[1] -= 1
        if owed[1] == 0:
            s.draws.pop(0)
    elif s.battle:
        battle.flip(s, card)
    else:
        s.discard.append(card)
        judges.apply_flip(s, card)
        s.flips_left -= 1


def _apply_decision(s: MagistrateState, action_id: int) -> None:
    ids = s.ids
    player = (s.first + s.turn) % s.n
    if action_id == ids.pass_:
        if s.placing:
            s.placing = False
        else:
            end_turn(s)
        return
    action = ids.actions[action_id]
    kind = action.kind
    a = action.__dict__
    if kind == "material":
        resources.discard_for_material(s, player, a["card"])
    elif kind == "secret":
        resources.place_secret_evidence(s, player, a["card"])
        end_turn(s)
    elif kind == "conscript":
        people.conscript(s, player)
    elif kind == "produce":
        people.produce(s, player)
    elif kind == "produce_trade":
        people.produce_by_trade(s, player, a["card"])
    elif kind == "popularity":
        people.increase_popularity(s, player)
    elif kind == "remove_soldier":
        people.remove_soldier(s, player, a["province"])
    elif kind == "influence":
        people.influence_judges(s, player, a["card"], a["forward"])
    elif kind == "march":
        military.march(s, player, a["source"], a["target"], a["count"])
    elif kind == "fortify":
        military.fortify(s, player, a["province"])
    elif kind == "attack":
        military.declare_attack(s, player, a["province"], a["defender"])
    elif kind == "add_agent":
        agents.add_agent(s, player)
    elif kind == "assign_agents":
        agents.assign_agents(s, player)
    elif kind == "place_agent":
        agents.place_agent(s, player, a["cell"])
    elif kind == "agent_op":
        agents.run_op(s, player, a["cell"], a["card"], a["judge"], a["forward"], a["province"])
    else:  # pragma: no cover - the action space has no other kinds
        raise AssertionError(f"unknown action kind {kind}")


# -- sequencing -------------------------------------------------------------------------


def begin_round(s: MagistrateState) -> None:
    s.stage = MATERIAL
    s.phase = 0
    s.turn = 0
    resources.deal_cards(s)
    start_turn(s)


def start_turn(s: MagistrateState) -> None:
    player = (s.first + s.turn) % s.n
    s.material_left = s.rings[player]
    s.ops_used = []
    s.assigned = False
    s.placing = False
    s.removals = 0
    s.most_at_start = [p for p in range(len(s.forts)) if s.has_most(player, p)] if s.phase == MARCH else []


def end_turn(s: MagistrateState) -> None:
    s.turn += 1
    if s.turn == s.n:
        s.turn = 0
        if s.stage == MATERIAL:
            s.stage = ACTIONS
            s.phase = 0
        elif s.phase < AGENTS:
            s.phase += 1
        else:
            s.stage = INFLUENCE
            s.flips_left = s.comp.flips_per_round
            s.passed_home = []
    start_turn(s)


def finish_influence(s: MagistrateState) -> None:
    """Scoring rounds for each Judge that reached or passed Home, then the end test or the next round."""
    for judge in s.passed_home:
        scoring.scoring_round(s, judge)
    s.passed_home = []
    if s.scoring_rounds >= s.comp.scoring_rounds_to_end:
        end_game(s, f"{s.scoring_rounds} scoring rounds")
    elif s.round >= s.comp.round_limit:
        end_game(s, f"round limit {s.comp.round_limit}")
    else:
        s.round += 1
        s.first = (s.first + 1) % s.n
        begin_round(s)


def end_game(s: MagistrateState, reason: str) -> None:
    scoring.end_game_scoring(s)
    s.stage = OVER
    s.end_reason = reason


def settle(s: MagistrateState) -> None:
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
            battle.abandon(s)
            continue
        if s.stage == INFLUENCE:
            if s.flips_left > 0:
                if refill_deck(s):
                    return
                judges.apply_missing_flip(s)
                s.flips_left -= 1
                continue
            finish_influence(s)
            continue
        legal = legal_actions(s)
        if len(legal) == 1 and legal[0] == s.ids.pass_:
            _apply_decision(s, legal[0])
            continue
        s._legal = legal
        return


def explain_illegal(s: MagistrateState, action_id: int) -> str:
    if s.stage == OVER:
        return "the game is over"
    if current_player(s) == CHANCE:
        return "a chance event (a card off the deck) comes next, and that card is not in the deck"
    kind = s.ids.kind_of[action_id] if 0 <= action_id < len(s.ids.kind_of) else "?"
    if s.stage == MATERIAL:
        return f"it is the Update Resources step; {kind} is not possible now"
    if s.removals:
        return f"player {s.decider + 1} must first remove {s.removals} soldier(s) from the map (not from Home)"
    return f"it is the {PHASES[s.phase]} phase, and {kind} is not allowed or not affordable now"
