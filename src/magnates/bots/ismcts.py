"""Information-set Monte Carlo tree search (single-observer ISMCTS).

The bot does not know the hidden parts of the game (the other hands, the order of the draw pile),
so every simulation starts from a fresh guess: `game.sample_state(view, rng)`, drawn with the
bot's own random stream. One tree gathers all those simulations. Its nodes stand for what the
searching seat can tell apart, so they are keyed by the moves made, not by the hidden cards:

- a decision edge is keyed by the action id; since what is legal depends on the guess (an
  opponent may hold other cards in another world), each edge counts how often it was available
  and UCB explores by that count instead of the parent's visits;
- chance outcomes do not split the tree (it is "open loop" over chance) unless they are public,
  which by default means dice (`Action.is_dice`): a card drawn in secret must not tell the tree
  which world it is in. With `branch_public_chance=False` no chance outcome splits the tree,
  which keeps the statistics of the next decisions together when the dice have many faces.

With a game heuristic the tree also widens progressively: a node tries its moves in the order of
the heuristic's opinion of the position each one leads to, and opens a new one only as its visits
grow (about `widening` x sqrt(visits) moves), and that opinion counts as `prior_visits` visits of
the new child, so a few noisy simulations below it do not overturn it. Without it, plain UCT
tries every move once first, and a move followed by many poor options of the same player (trades,
in Magnate) is judged by the average of those options, so a search with few simulations plays
worse than its own heuristic.
"""

from __future__ import annotations

import math
import random
import weakref
from collections.abc import Mapping
from typing import Any

from magnates.bots.budget import Budget
from magnates.bots.mcts import best_prior, most_visited
from magnates.bots.playout import LeafJudge, Playout
from magnates.core.chance import sample
from magnates.core.errors import InvariantError
from magnates.core.game import CHANCE, TERMINAL, Game

HORIZONS = ("game", "own-moves", "next-turn")
"""How far a simulation's tree part may reach: to the end of the game, or only over the searching
seat's own run of decisions (in Magnate, the rest of its turn). A heuristic judged sometimes before
and sometimes after the opponents' replies favours lines that push their replies past the leaf
(wasting moves to delay the end of the turn); with "own-moves" every leaf is judged at the same
point, before anyone else acts. "next-turn" searches the same tree, then plays each leaf on with
the game's rollout policy (up to `rollout_depth` decisions) until the searcher is about to decide
again after the others, and judges it there: the others' replies count, at one consistent point."""


class InfoNode:
    """An information set of the searcher; `total` is summed from the view of `mover`."""

    __slots__ = ("available", "children", "mover", "priors", "total", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.available = 1
        self.total = 0.0
        self.children: dict[int, InfoNode] = {}
        self.priors: dict[int, float] | None = None


class ISMCTSBot:
    """SO-ISMCTS: one tree over information sets, a new determinization every simulation."""

    def __init__(
        self,
        budget: Budget,
        *,
        exploration: float = 1.4,
        rollout_depth: int = 20,
        branch_public_chance: bool = True,
        widening: float | None = 1.5,
        prior_visits: int = 4,
        horizon: str = "game",
        use_heuristic: bool = True,
        use_policy: bool = True,
        judge: LeafJudge | None = None,
        objective: str = "rank",
        name: str = "ismcts",
    ) -> None:
        self.name = name
        self.budget = budget
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.branch_public_chance = branch_public_chance
        self.widening = widening
        self.prior_visits = prior_visits
        if horizon not in HORIZONS:
            raise ValueError(f"unknown search horizon {horizon!r}; choose from {', '.join(HORIZONS)}")
        self.horizon = horizon
        self.use_heuristic = use_heuristic
        self.use_policy = use_policy
        self.judge = judge
        """Judges the leaves instead of the game's heuristic, from the searcher's view (a value network)."""
        self.objective = objective
        """What the search plays for (`magnates.bots.playout.OBJECTIVES`): every place, or first place only."""
        Playout.check_objective(objective)
        self.last_simulations = 0

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        if len(legal) == 1:
            self.last_simulations = 0
            return legal[0]
        root = self.search(game, view, legal, rng)
        stats = {action: (child.visits, child.total) for action, child in root.children.items()}
        return most_visited(stats, legal)

    def search(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> InfoNode:
        playout = Playout(
            game,
            self.rollout_depth,
            use_heuristic=self.use_heuristic,
            use_policy=self.use_policy,
            judge=self.judge,
            objective=self.objective,
        )
        public = self._public_outcomes(game)
        exploration = self.exploration
        ordered = self.widening is not None and playout.has_heuristic
        widening = self.widening or 1.0
        prior_visits = self.prior_visits

        def widen(visits: int) -> float:
            return widening * math.sqrt(visits + 1)

        root_legal = set(legal)
        root = InfoNode(mover=CHANCE)
        own_moves_only = self.horizon in ("own-moves", "next-turn")
        until_turn = self.horizon == "next-turn"
        searcher = -3  # set from the first determinization
        clock = self.budget.start()
        while clock.running():
            state = game.sample_state(view, rng)
            searcher = playout.viewer = state.current_player()
            node = root
            path = [root]
            while True:
                player = state.current_player()
                if player == TERMINAL:
                    break
                if own_moves_only and player != searcher:
                    break  # a leaf: the searcher's run of decisions is over
                if player == CHANCE:
                    action = sample(state.chance_outcomes(), rng)
                    state.apply_action(action)
                    if action in public:
                        child = node.children.get(action)
                        if child is None:
                            child = node.children[action] = InfoNode(mover=CHANCE)
                        node = child
                        path.append(node)
                    continue
                actions = state.legal_actions()
                if node is root:
                    actions = [a for a in actions if a in root_legal]
                children = node.children
                untried: list[int] = []
                best_action, best_child, best_score = -1, None, -math.inf
                for action in actions:
                    child = children.get(action)
                    if child is None:
                        untried.append(action)
                        continue
                    child.available += 1
                    score = child.total / child.visits + exploration * math.sqrt(
                        math.log(child.available) / child.visits
                    )
                    if score > best_score:
                        best_action, best_child, best_score = action, child, score
                if untried and (best_child is None or not ordered or len(actions) - len(untried) < widen(node.visits)):
                    child = InfoNode(mover=player)
                    if ordered:
                        if node.priors is None:
                            node.priors = {}
                        action = best_prior(node.priors, state, untried, player, playout)
                        child.visits = prior_visits  # the heuristic's opinion counts as a few visits
                        child.total = prior_visits * node.priors[action]
                    else:
                        action = untried[int(rng.random() * len(untried))]
                    children[action] = child
                    state.apply_action(action)
                    path.append(child)
                    break
                if best_child is None:
                    raise InvariantError(f"ISMCTS: player {player} must decide but has no legal action to follow")
                state.apply_action(best_action)
                node = best_child
                path.append(node)
            values = playout.values(state, rng, searcher if until_turn else None)
            for visited in path:
                visited.visits += 1
                if visited.mover >= 0:
                    visited.total += values[visited.mover]
            clock.tick()
        self.last_simulations = clock.done
        return root

    def _public_outcomes(self, game: Game) -> frozenset[int]:
        """Chance outcomes every seat sees (dice), which may split the tree."""
        if not self.branch_public_chance:
            return frozenset()
        cached = _PUBLIC.get(game)
        if cached is None:
            cached = _PUBLIC[game] = frozenset(i for i, action in enumerate(game.action_space) if action.is_dice)
        return cached


_PUBLIC: weakref.WeakKeyDictionary[Game, frozenset[int]] = weakref.WeakKeyDictionary()
