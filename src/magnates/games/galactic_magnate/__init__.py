"""Galactic Magnate (seed 002): a space trading game of auctions, monopolies, debt and collapse.

`ENTRY` is what Galactic Magnate offers the tools around the engine: the terminal's picture, the
rules cheatsheet, its search knowledge and its designed data (the `design` option).
"""

from magnates.games.galactic_magnate import board, cheatsheet, heuristic, render
from magnates.games.galactic_magnate.game import GalacticMagnateGame
from magnates.games.registry import GameEntry, SearchHooks, heuristic_potential

ENTRY = GameEntry(
    game=GalacticMagnateGame,
    renderer=render.render,
    cheatsheet=cheatsheet.render_options,
    search=SearchHooks(
        heuristic=heuristic.heuristic,
        leaf_values=heuristic.leaf_values,
        rollout_action=heuristic.rollout_action,
    ),
    potential=heuristic_potential(heuristic.heuristic),
    design=board.shipped_data,
)

__all__ = ["ENTRY", "GalacticMagnateGame"]
