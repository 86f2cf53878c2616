"""What a search position is worth to every seat: exact at the end, else a short rollout and a guess.

Rollouts in these games are long (a Magnate game has hundreds of moves), so a search plays at most
`depth` decisions past the leaf and then asks the game's heuristic, when it has one. A game offers
its knowledge through two optional methods on its `Game` class (nothing else is required):

- `heuristic(state, seat) -> float`: how good `state` looks for `seat`, in [-1, 1] (the scale of
  `State.returns()`: +1 a sure win, -1 a sure loss). Without it an unfinished rollout counts as 0.
- `rollout_action(state, rng) -> int`: a legal action for the seat deciding in `state`, cheaper
  than thinking and better than chance. Without it rollouts play uniformly at random.
- `leaf_values(state) -> list[float]`: optional, every seat's heuristic value at once, for games
  where computing them together is cheaper than one seat at a time.
- `final_margins(state) -> list[float]`: optional, for a finished game how clearly each seat won
  or lost, in [-1, 1] (`magnates.bots.plan_check` can weigh it in beside the returns).
- `check_action(state, rng) -> int`: optional, a sharper rollout policy that a plan check may
  name instead of `rollout_action` (`Playout(policy="check_action")`).
- `first_place_values(state) -> list[float]`: optional, every seat's value for a searcher that
  plays to win rather than to rank well (`Playout(objective="win")`, `magnates.core.first_place`).

A registered game may instead name these functions in its registry entry (`GameEntry.search`, as
Magnate's `magnates.games.magnate.ENTRY` does): the search reads them there when the Game class
has none.

Both read the full state: in a search that is the bot's own determinization, never the real game.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from magnates.core.bot import Bot
from magnates.core.chance import sample
from magnates.core.first_place import win_returns
from magnates.core.game import CHANCE, TERMINAL, Game, State
from magnates.games import entry_of

Heuristic = Callable[[State, int], float]
RolloutPolicy = Callable[[State, random.Random], int]
AllValues = Callable[[State], list[float]]
OBJECTIVES = ("rank", "win")
"""What a search plays for: "rank" scores a finished game by `State.returns()` (every place counts),
"win" by `win_returns` (only first place counts), its leaves by the game's `first_place_values`."""
LeafJudge = Callable[[State, int], list[float]]
"""Every seat's value of a position, judged from one seat's view of it (a learned value network)."""


class Playout:
    """Leaf values for every seat: the game's returns, or a capped rollout then the heuristic."""

    def __init__(
        self,
        game: Game,
        depth: int,
        *,
        use_heuristic: bool = True,
        use_policy: bool = True,
        judge: LeafJudge | None = None,
        policy: str = "rollout_action",
        objective: str = "rank",
    ) -> None:
        if depth < 0:
            raise ValueError(f"a rollout depth cannot be negative, not {depth}")
        self.check_objective(objective)
        chosen = rollout_policy(game, policy)
        self.seats = game.num_players
        self.depth = depth
        hooks = game_hooks(game)
        self.heuristic: Heuristic | None = hooks.get("heuristic") if use_heuristic else None
        self.all_values: AllValues | None = hooks.get("leaf_values") if use_heuristic else None
        self.final: AllValues = State.returns
        if objective == "win":
            if judge is not None:
                raise ValueError("a search that plays to win judges its leaves by the game's heuristic, not a judge")
            if "first_place_values" not in hooks and use_heuristic:
                raise ValueError(f"{game.name} offers no first-place values to play to win by")
            self.heuristic = None
            self.all_values = hooks.get("first_place_values") if use_heuristic else None
            self.final = win_returns
        self.policy: RolloutPolicy | None = chosen if use_policy else None
        self.judge = judge
        self.viewer = 0
        """With a `judge`, whose view judges the leaves (the searching seat, set by the search)."""
        self.has_heuristic = self.heuristic is not None or self.all_values is not None or judge is not None

    @staticmethod
    def check_objective(objective: str) -> None:
        """Refuse an objective outside `OBJECTIVES` (a bot checks its own when it is made)."""
        if objective not in OBJECTIVES:
            raise ValueError(f"a search plays for one of {', '.join(OBJECTIVES)}, not {objective!r}")

    def values(self, state: State, rng: random.Random, until_turn_of: int | None = None) -> list[float]:
        """Play on from `state` (which it changes) and return one value per seat in [-1, 1].

        With `until_turn_of`, play stops (within the depth cap) when that seat decides again after
        another seat has decided: every leaf is then judged at the same point of the turn cycle.
        """
        decisions = 0
        others_moved = False
        policy = self.policy
        while True:
            player = state.current_player()
            if player == TERMINAL:
                return self.final(state)
            if decisions >= self.depth or (player == until_turn_of and others_moved):
                return self.estimate(state)  # at once, even before dice: they would add only noise
            if player >= 0 and until_turn_of is not None and player != until_turn_of:
                others_moved = True
            if player == CHANCE:
                action = sample(state.chance_outcomes(), rng)
            else:
                decisions += 1
                if policy is not None:
                    action = policy(state, rng)
                else:
                    legal = state.legal_actions()
                    action = legal[int(rng.random() * len(legal))]
            state.apply_action(action)

    def estimate(self, state: State) -> list[float]:
        """The heuristic's guess for an unfinished game (a draw when the game offers none)."""
        if self.judge is not None:
            return self.judge(state, self.viewer)
        if self.all_values is not None:
            return self.all_values(state)
        heuristic = self.heuristic
        if heuristic is None:
            return [0.0] * self.seats
        return [heuristic(state, seat) for seat in range(self.seats)]


HOOKS = ("heuristic", "leaf_values", "rollout_action", "final_margins", "check_action", "first_place_values")
POLICIES = ("rollout_action", "check_action")
"""The hooks a `Playout` may play every seat's moves by."""


def rollout_policy(game: Game, name: str) -> RolloutPolicy | None:
    """The game's rollout policy hook `name` (`rollout_action`, or a sharper `check_action`); None for
    `rollout_action` where the game has none (random moves stand in then). A name outside `POLICIES`,
    or a sharper policy the game does not offer, is refused."""
    if name not in POLICIES:
        raise ValueError(f"a rollout policy is one of {', '.join(POLICIES)}, not {name!r}")
    policy: RolloutPolicy | None = game_hooks(game).get(name)
    if policy is None and name != "rollout_action":
        raise ValueError(f"{game.name} offers no rollout policy {name!r}")
    return policy


def bot_policy(bot: Bot, game: Game) -> RolloutPolicy:
    """A bot played as a rollout policy: it chooses from the deciding seat's view of the state, and
    a forced move is played without asking it."""

    def choose(state: State, rng: random.Random) -> int:
        legal = state.legal_actions()
        return legal[0] if len(legal) == 1 else bot.choose(game, state.view(state.current_player()), legal, rng)

    return choose


def game_hooks(game: Game) -> dict[str, Any]:
    """The game's search knowledge: methods of its Game class, else its registry entry's `search`."""
    found = {name: getattr(game, name) for name in HOOKS if callable(getattr(game, name, None))}
    if found:
        return found
    registered = entry_of(game)
    if registered is None or registered.search is None:
        return {}
    return registered.search.as_dict()
