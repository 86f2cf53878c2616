"""Named search levels per game: `mcts`, `ismcts`, `easy`, `medium`, `hard`.

A preset is data: which search, how much thinking, how far to roll out. Games differ in length,
branching and speed, so each game may have its own table; a game without one gets the defaults.
Budgets are in simulations, so a preset plays the same moves for the same random stream on any
machine; `hard` is sized to stay under about a second per decision on a small machine.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Literal

from magnates.bots.budget import Budget
from magnates.bots.ismcts import ISMCTSBot
from magnates.bots.mcts import MCTSBot
from magnates.core.bot import Bot
from magnates.core.game import Game

LEVELS = ("mcts", "ismcts", "easy", "medium", "hard")


@dataclass(frozen=True)
class Preset:
    algorithm: Literal["mcts", "ismcts"]
    simulations: int | None = None
    seconds: float | None = None
    exploration: float = 1.4
    rollout_depth: int = 20
    determinizations: int = 1
    branch_public_chance: bool = True
    widening: float | None = 1.5
    prior_visits: int = 4
    horizon: str = "game"

    def build(self, name: str) -> Bot:
        budget = Budget(self.simulations, self.seconds)
        if self.algorithm == "mcts":
            return MCTSBot(
                budget,
                exploration=self.exploration,
                rollout_depth=self.rollout_depth,
                determinizations=self.determinizations,
                widening=self.widening,
                prior_visits=self.prior_visits,
                horizon=self.horizon,
                name=name,
            )
        return ISMCTSBot(
            budget,
            exploration=self.exploration,
            rollout_depth=self.rollout_depth,
            branch_public_chance=self.branch_public_chance,
            widening=self.widening,
            prior_visits=self.prior_visits,
            horizon=self.horizon,
            name=name,
        )


DEFAULT: dict[str, Preset] = {
    "mcts": Preset("mcts", simulations=400, determinizations=4),
    "ismcts": Preset("ismcts", simulations=400),
    "easy": Preset("ismcts", simulations=50),
    "medium": Preset("ismcts", simulations=200),
    "hard": Preset("ismcts", simulations=800),
}

BY_GAME: dict[str, dict[str, Preset]] = {}
"""Per-game overrides of `DEFAULT`, keyed by registry name, then level."""


def preset(game: Game, level: str) -> Preset:
    """The preset of `level` for this game (its own entry, else the default)."""
    if level not in LEVELS:
        raise KeyError(f"no search level {level!r}; the levels are {', '.join(LEVELS)}")
    return BY_GAME.get(game.name, {}).get(level, DEFAULT[level])


def search_bot(level: str, game: Game, **changes: object) -> Bot:
    """A search bot of a named level for `game`; `changes` override preset fields (for studies)."""
    chosen = preset(game, level)
    if changes:
        chosen = replace(chosen, **changes)  # type: ignore[arg-type]
    return chosen.build(level)
