"""Magistrate: Matt Worden's game of People, Military and Agents, with designed components.

`ENTRY` is what Magistrate offers the tools around the engine: the terminal's picture, the rules
cheatsheet, its search knowledge and its designed data (the `design` option).
"""

from magnates.games.magistrate import cheatsheet, components, heuristic, render
from magnates.games.magistrate.game import MagistrateGame
from magnates.games.registry import GameEntry, SearchHooks, heuristic_potential

ENTRY = GameEntry(
    game=MagistrateGame,
    renderer=render.render,
    cheatsheet=cheatsheet.render_options,
    search=SearchHooks(
        heuristic=heuristic.heuristic,
        leaf_values=heuristic.leaf_values,
        first_place_values=heuristic.first_place_values,
        rollout_action=heuristic.rollout_action,
    ),
    potential=heuristic_potential(heuristic.heuristic),
    design=components.shipped_data,
)

__all__ = ["ENTRY", "MagistrateGame"]
