"""Log lines: what happened, worded for people.

Nothing in Magistratvm is hidden (the views show every tile as soon as it is face up), so every
seat reads the same line. Chance events are named instead of "(hidden)": which Province was drawn
into which place of the circuit, and who rolled what for the first Prefect. Player moves keep their
action texts, with the income choice spelled out in gold.
"""

from __future__ import annotations

from magnates.games.magistratvm.actions import DrawTile, RollDie, RollOffWinner, TakeIncome
from magnates.games.magistratvm.components import tile_name
from magnates.games.magistratvm.income import QUAESTOR_GOLD
from magnates.games.magistratvm.position import Position


def describe(state: Position, action_id: int, viewer: int | None) -> str:
    """The log line for `action_id`, about to be applied to `state` (the same for every viewer)."""
    action = state.game.action(action_id)
    if isinstance(action, DrawTile):
        where = f" as province {state.refill_slots[0] + 1}" if state.refill_slots else ""
        return f"the {tile_name(action.tile)} Province is drawn face up{where}"
    if isinstance(action, RollDie) and len(state.rolls) < len(state.rollers):
        seat = state.rollers[len(state.rolls)]
        return f"Player {seat + 1} rolls {action.value} for the first Prefect"
    if isinstance(action, RollOffWinner):
        tied = ", ".join(f"Player {q + 1}" for q in state.rollers)
        return f"{tied} tied for the highest roll and re-roll: Player {action.seat + 1} wins and is the first Prefect"
    if isinstance(action, TakeIncome) and 0 <= state.decider < state.n:
        parts = []
        if action.quaestors:
            many = "s" if action.quaestors > 1 else ""
            parts.append(f"uses {action.quaestors} Quaestor{many} ({QUAESTOR_GOLD * action.quaestors} gold)")
        if action.die:
            parts.append(f"uses the income die ({state.dice[state.decider]} gold)")
        return "income: " + (" and ".join(parts) if parts else "takes no extra income")
    return str(action)
