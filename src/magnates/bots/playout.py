"""What a search position is worth to every seat: exact at the end, else a short rollout and a guess.

Rollouts in these games are long (a Magnate game has hundreds of moves), so a search plays at most
`depth` decisions past the leaf and then asks the game's heuristic, when it has one. A game offers
its knowledge through two optional methods on its `Game` class (nothing else is required):

- `heuristic(state, seat) -> float`: how good `state` looks for `seat`, in [-1, 1] (the scale of
  `State.returns()`: +1 a sure win, -1 a sure loss). Without it an unfinished rollout counts as 0.
- `rollout_action(state, rng) -> int`: a legal action for the seat deciding in `state`, cheaper
  than thinking and better than chance. Without it rollouts play uniformly at random.

Both read the full state: in a search that is the bot's own determinization, never the real game.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from magnates.core.chance import sample
from magnates.core.game import CHANCE, TERMINAL, Game, State

Heuristic = Callable[[State, int], float]
RolloutPolicy = Callable[[State, random.Random], int]


class Playout:
    """Leaf values for every seat: the game's returns, or a capped rollout then the heuristic."""

    def __init__(self, game: Game, depth: int, *, use_heuristic: bool = True, use_policy: bool = True) -> None:
        if depth < 0:
            raise ValueError(f"a rollout depth cannot be negative, not {depth}")
        self.seats = game.num_players
        self.depth = depth
        self.heuristic: Heuristic | None = getattr(game, "heuristic", None) if use_heuristic else None
        self.policy: RolloutPolicy | None = getattr(game, "rollout_action", None) if use_policy else None

    def values(self, state: State, rng: random.Random) -> list[float]:
        """Play on from `state` (which it changes) and return one value per seat in [-1, 1]."""
        decisions = 0
        policy = self.policy
        while True:
            player = state.current_player()
            if player == TERMINAL:
                return state.returns()
            if player == CHANCE:
                action = sample(state.chance_outcomes(), rng)
            else:
                if decisions >= self.depth:
                    return self.estimate(state)
                decisions += 1
                if policy is not None:
                    action = policy(state, rng)
                else:
                    legal = state.legal_actions()
                    action = legal[int(rng.random() * len(legal))]
            state.apply_action(action)

    def estimate(self, state: State) -> list[float]:
        """The heuristic's guess for an unfinished game (a draw when the game offers none)."""
        heuristic = self.heuristic
        if heuristic is None:
            return [0.0] * self.seats
        return [heuristic(state, seat) for seat in range(self.seats)]
