"""A Magistrate state: a `Position` that answers the engine contract with the rules.

Where things are is the `Position` (position.py); which phase follows which and what an action
does is `flow` and the rule modules; the log, the views and the final result have their own
modules. This class only connects them.
"""

from __future__ import annotations

from typing import Any

from magnates.core.game import Result
from magnates.core.native import mypyc_attr
from magnates.games.magistrate.flow import apply, chance_outcomes, explain_illegal, legal_actions
from magnates.games.magistrate.log import describe
from magnates.games.magistrate.position import Position
from magnates.games.magistrate.scoring import result
from magnates.games.magistrate.views import view


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled: Python code constructing it runs __init__ (see State)
class MagistrateState(Position):
    def _chance_outcomes(self) -> list[tuple[int, float]]:
        return chance_outcomes(self)

    def _legal_actions(self) -> list[int]:
        return legal_actions(self)

    def _apply(self, action: int) -> None:
        apply(self, action)

    def explain_illegal(self, action_id: int) -> str:
        return explain_illegal(self, action_id)

    def describe(self, action_id: int, viewer: int | None) -> str:
        """Log text; others' draws and secret evidence are not named (see `log`)."""
        return describe(self, action_id, self.game.action_to_string(action_id), viewer)

    def result(self) -> Result:
        return result(self)

    def view(self, player: int | None) -> dict[str, Any]:
        return view(self, player)
