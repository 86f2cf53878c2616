"""Magistratvm: a 3-4 player piecepack game of Roman elections (Johnson & Lerche, 2004).

`ENTRY` is what Magistratvm offers the tools around the engine: the terminal's picture, the rules
cheatsheet and its search knowledge.
"""

from magnates.games.magistratvm import cheatsheet, heuristic, render
from magnates.games.magistratvm.game import MagistratvmGame
from magnates.games.registry import GameEntry, SearchHooks, heuristic_potential

ENTRY = GameEntry(
    game=MagistratvmGame,
    renderer=render.render,
    cheatsheet=cheatsheet.render_options,
    search=SearchHooks(
        heuristic=heuristic.heuristic,
        leaf_values=heuristic.leaf_values,
        first_place_values=heuristic.first_place_values,
        rollout_action=heuristic.rollout_action,
    ),
    potential=heuristic_potential(heuristic.heuristic),
)

__all__ = ["ENTRY", "MagistratvmGame"]
