"""Random playouts as fast as the engine allows: the loop behind `magnates bench`.

The loop works on action ids and never builds a view or an Action object, so
what it measures is the rules engine itself (legal actions, chance outcomes,
validated `apply_action`). Every applied action counts as a step, chance
outcomes included. Only whole games are counted, so steps/s and games/s are
measured over the same span.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Any

from magnates.core.chance import sample
from magnates.core.game import CHANCE, TERMINAL, Game


@dataclass(frozen=True)
class BenchResult:
    game: str
    options: dict[str, Any]
    games: int
    steps: int
    seconds: float

    @property
    def steps_per_second(self) -> float:
        return self.steps / self.seconds if self.seconds > 0 else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    @property
    def steps_per_game(self) -> float:
        return self.steps / self.games if self.games else 0.0

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options,
            "games": self.games,
            "steps": self.steps,
            "seconds": self.seconds,
            "steps_per_second": self.steps_per_second,
            "games_per_second": self.games_per_second,
            "steps_per_game": self.steps_per_game,
        }


def random_playout(game: Game, rng: random.Random) -> int:
    """Play one game with uniformly random decisions; return the number of steps."""
    state = game.new_initial_state()
    steps = 0
    while True:
        player = state.current_player()
        if player == TERMINAL:
            return steps
        if player == CHANCE:
            action = sample(state.chance_outcomes(), rng)
        else:
            legal = state.legal_actions()
            action = legal[rng.randrange(len(legal))]
        state.apply_action(action)
        steps += 1


def bench(game: Game, seconds: float = 5.0, seed: int = 0, min_games: int = 1) -> BenchResult:
    """Play random games for about `seconds` (at least `min_games`) on this core."""
    rng = random.Random(seed)
    games = steps = 0
    clock = time.perf_counter
    started = clock()
    elapsed = 0.0
    while games < min_games or elapsed < seconds:
        steps += random_playout(game, rng)
        games += 1
        elapsed = clock() - started
    return BenchResult(game.name, dict(game.options), games, steps, elapsed)
