"""Positions where one move loses at once, found in seeded games and checked by playing them out.

A known blunder is a decision where one move ends the game there and then with the mover lost,
while another move lets the mover win outright within its next two decisions (so the loss is not
a guess: the better line is played to the end here). Galactic Magnate's has a plainer one: resigning
(`Action.concedes`) in a game the mover went on to win.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from magnates.analysis.chances import from_finished
from magnates.bots.playout import game_hooks
from magnates.core.chance import sample
from magnates.core.game import Game, State


@dataclass
class Blunder:
    state: State
    step: int
    seat: int
    losing: int
    winning: int | None


def _wins_within(state: State, seat: int, decisions: int) -> bool:
    """Whether `seat` can end the game won by its own next `decisions` moves."""
    if state.is_terminal():
        return from_finished(state)[seat] == 1.0
    if decisions == 0 or state.current_player() != seat:
        return False
    return any(_wins_within(state.child(a), seat, decisions - 1) for a in state.legal_actions())


def _played(game: Game, seed: int) -> tuple[list[State], State]:
    """Every state of one seeded game played by the game's rollout policy, and its end."""
    rng = random.Random(seed)
    policy = game_hooks(game)["rollout_action"]
    state = game.new_initial_state()
    states = []
    while not state.is_terminal():
        states.append(state.clone())
        state.apply_action(sample(state.chance_outcomes(), rng) if state.is_chance_node() else policy(state, rng))
    return states, state


def lost_at_once(game: Game, seeds: range) -> Blunder:
    """The first decision of the seeded games with a move that loses at once and one that wins."""
    for seed in seeds:
        for state in _played(game, seed)[0]:
            if state.is_chance_node() or len(state.legal_actions()) < 2:
                continue
            seat = state.current_player()
            legal = state.legal_actions()
            losing = [a for a in legal if (c := state.child(a)).is_terminal() and from_finished(c)[seat] == 0.0]
            if not losing:
                continue
            winning = [a for a in legal if a not in losing and _wins_within(state.child(a), seat, 2)]
            if winning:
                return Blunder(state, len(state.history), seat, losing[0], winning[0])
    raise LookupError(f"no known blunder in {game.name} games {seeds}")


def resigned_when_winning(game: Game, seeds: range, after: int = 20) -> Blunder:
    """A decision (past action `after`) where resigning is legal, in a game its mover then won."""
    space = game.action_space
    for seed in seeds:
        states, final = _played(game, seed)
        winner = final.result().winner
        for state in states[after:]:
            if state.current_player() != winner or len(state.legal_actions()) < 2:
                continue
            concede = [a for a in state.legal_actions() if getattr(space[a], "concedes", False)]
            if concede:
                return Blunder(state, len(state.history), state.current_player(), concede[0], None)
    raise LookupError(f"no decision with a resignation in {game.name} games {seeds}")
