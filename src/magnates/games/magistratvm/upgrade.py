"""Records of rules version 1 read by version 2: the tied re-roll for Prefect becomes its outcome.

Version 1 recorded every die of the re-roll among the players tied for the highest first roll, in
as many rounds as it took; version 2 records one chance outcome, who won it (D24). Every other
action id is the same in both versions, so a version-1 record is rewritten by replaying its setup:
the dice of the re-roll rounds are read as version 1 read them (the highest wins, ties roll again)
and replaced by the winner's outcome; the rest of the record is kept as it is.
"""

from __future__ import annotations

from typing import cast

from magnates.core.errors import RecordError
from magnates.core.game import Game
from magnates.games.magistratvm import phases
from magnates.games.magistratvm.actions import RollDie
from magnates.games.magistratvm.position import Position


def actions_of_version_1(game: Game, actions: list[int]) -> list[int]:
    """The version-2 actions of a version-1 Magistratvm record (a RecordError if its setup is not one)."""
    state = cast(Position, game.new_initial_state())
    out: list[int] = []
    index = 0
    while index < len(actions) and state.phase in (phases.SETUP_DRAW, phases.SETUP_ROLL):
        state.apply_action(actions[index])
        out.append(actions[index])
        index += 1
    if state.phase != phases.SETUP_TIE:
        return out + actions[index:]
    rollers = list(state.rollers)
    while len(rollers) > 1:
        rolls = []
        for _ in rollers:
            if index >= len(actions):
                return out  # the record stops in the middle of the re-roll: nothing after it
            action = game.action(actions[index])
            if not isinstance(action, RollDie):
                raise RecordError(f"action {index + 1} of the record should be a die of the re-roll for Prefect")
            rolls.append(action.value)
            index += 1
        best = max(rolls)
        rollers = [seat for seat, roll in zip(rollers, rolls, strict=True) if roll == best]
    out.append(state.ids.roll_off[rollers[0]])
    return out + actions[index:]
