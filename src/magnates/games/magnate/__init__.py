"""Magnate: rules, variants, views and bots (see docs/rules/magnate.md).

`ENTRY` is what Magnate offers the tools around the engine: the terminal's picture, the rules
cheatsheet for any variant, its search knowledge, the designer analysis from the dice and the
potential the RL environments may shape rewards with.
"""

from magnates.games.magnate import analysis, cheatsheet, heuristic, potential, render
from magnates.games.magnate.game import MagnateGame
from magnates.games.magnate.state import MagnateState
from magnates.games.registry import Analyzer, GameEntry, SearchHooks

ENTRY = GameEntry(
    game=MagnateGame,
    renderer=render.render,
    cheatsheet=cheatsheet.render_options,
    search=SearchHooks(
        heuristic=heuristic.heuristic,
        leaf_values=heuristic.leaf_values,
        rollout_action=heuristic.rollout_action,
        final_margins=heuristic.final_margins,
        check_action=heuristic.check_action,
    ),
    analysis=Analyzer(analyze=analysis.analyze, plot=analysis.plot),
    potential=potential.potential,
)

__all__ = ["ENTRY", "MagnateGame", "MagnateState"]
