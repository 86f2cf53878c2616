"""Monte Carlo tree search (UCT) over the engine's explicit chance nodes.

The tree is closed-loop: a decision edge leads to one node, and a chance node has one child per
outcome drawn so far, each drawn with the probabilities the rules list. A bot sees only its view,
so it first needs a full state: `game.sample_state(view, rng)` gives one (the exact position in a
game without hidden information; a guess at the hidden parts otherwise). For hidden information
the bot searches several such guesses ("determinizations") and adds up their root visits; the
information-set search in `ismcts.py` is the sounder tool there.

Each node keeps the total value of the seat that moved into it, so any number of seats and any
order of deciders work (a seat may decide out of turn).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from magnates.bots.budget import Budget, Clock
from magnates.bots.playout import Playout
from magnates.core.chance import sample
from magnates.core.errors import InvariantError
from magnates.core.game import CHANCE, TERMINAL, Game, State


class Node:
    """One position of the tree; `total` is summed from the view of `mover`, who moved into it."""

    __slots__ = ("children", "mover", "priors", "total", "untried", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover
        self.visits = 0
        self.total = 0.0
        self.children: dict[int, Node] = {}
        self.untried: list[int] | None = None
        self.priors: dict[int, float] | None = None


def select_uct(node: Node, exploration: float) -> tuple[int, Node]:
    """The child with the best upper confidence bound (UCB1); earlier children win ties."""
    log_n = math.log(node.visits)
    best_action, best_child, best_score = -1, None, -math.inf
    for action, child in node.children.items():
        score = child.total / child.visits + exploration * math.sqrt(log_n / child.visits)
        if score > best_score:
            best_action, best_child, best_score = action, child, score
    if best_child is None:
        raise InvariantError("UCT selection in a node with no children")
    return best_action, best_child


@dataclass(frozen=True)
class Widening:
    """Progressive widening by the heuristic: see `ismcts.py`, which explains why it matters."""

    rate: float = 1.5
    prior_visits: int = 4

    def allows(self, children: int, visits: int) -> bool:
        return children < self.rate * math.sqrt(visits + 1)


def uct_search(
    root_state: State,
    actions: list[int],
    playout: Playout,
    clock: Clock,
    rng: random.Random,
    exploration: float,
    widening: Widening | None = None,
    own_moves_only: bool = False,
) -> dict[int, Node]:
    """Search from `root_state` (left unchanged) among `actions`; return the root's children.

    With `widening` (and a heuristic), moves are tried best-first by the heuristic's opinion.
    With `own_moves_only` the tree stops where the searching seat's run of decisions ends (the
    "own-moves" horizon of `ismcts.py`).
    """
    ordered = widening is not None and playout.has_heuristic
    searcher = root_state.current_player()
    root = Node(mover=CHANCE)
    root.untried = list(actions)
    rng.shuffle(root.untried)
    while clock.running():
        state = root_state.clone()
        node = root
        path = [root]
        while True:
            player = state.current_player()
            if player == TERMINAL or (own_moves_only and player != searcher):
                break
            if player == CHANCE:
                action = sample(state.chance_outcomes(), rng)
                child = node.children.get(action)
                if child is None:
                    child = node.children[action] = Node(mover=CHANCE)
                state.apply_action(action)
                node = child
                path.append(node)
                continue
            if node.untried is None:
                node.untried = list(state.legal_actions())
                rng.shuffle(node.untried)
            if node.untried and (
                not ordered or not node.children or widening.allows(len(node.children), node.visits)  # type: ignore[union-attr]
            ):
                child = Node(mover=player)
                if ordered:
                    if node.priors is None:
                        node.priors = {}
                    action = best_prior(node.priors, state, node.untried, player, playout)
                    node.untried.remove(action)
                    child.visits = widening.prior_visits  # type: ignore[union-attr]
                    child.total = child.visits * node.priors[action]
                else:
                    action = node.untried.pop()
                node.children[action] = child
                state.apply_action(action)
                path.append(child)
                break
            action, node = select_uct(node, exploration)
            state.apply_action(action)
            path.append(node)
        values = playout.values(state, rng)
        for visited in path:
            visited.visits += 1
            if visited.mover >= 0:
                visited.total += values[visited.mover]
        clock.tick()
    return root.children


def best_prior(priors: dict[int, float], state: State, actions: list[int], player: int, playout: Playout) -> int:
    """The action among `actions` whose next position the heuristic likes best for `player`.

    Opinions are computed once per action and kept in `priors` (the node's memory).
    """
    best, best_value = actions[0], -math.inf
    for action in actions:
        value = priors.get(action)
        if value is None:
            after = state.clone()
            after.apply_action(action)
            judged = playout.final(after) if after.is_terminal() else playout.estimate(after)
            value = priors[action] = judged[player]
        if value > best_value:
            best, best_value = action, value
    return best


def most_visited(stats: Mapping[int, tuple[int, float]], legal: list[int]) -> int:
    """The action with the most visits, then the best mean value, then the first listed."""
    best, best_key = legal[0], (-1, -math.inf)
    for action in legal:
        visits, total = stats.get(action, (0, 0.0))
        key = (visits, total / visits if visits else -math.inf)
        if key > best_key:
            best, best_key = action, key
    return best


class MCTSBot:
    """UCT over chance nodes, on one or more determinizations sampled from the bot's view."""

    def __init__(
        self,
        budget: Budget,
        *,
        exploration: float = 1.4,
        rollout_depth: int = 20,
        determinizations: int = 1,
        widening: float | None = 1.5,
        prior_visits: int = 4,
        horizon: str = "game",
        use_heuristic: bool = True,
        use_policy: bool = True,
        name: str = "mcts",
    ) -> None:
        if determinizations < 1:
            raise ValueError(f"a search needs at least one determinization, not {determinizations}")
        self.name = name
        self.budget = budget
        self.exploration = exploration
        self.rollout_depth = rollout_depth
        self.determinizations = determinizations
        self.use_heuristic = use_heuristic
        self.use_policy = use_policy
        self.widening = None if widening is None else Widening(widening, prior_visits)
        if horizon not in ("game", "own-moves"):
            raise ValueError(f"unknown search horizon {horizon!r}; choose from game, own-moves")
        self.horizon = horizon
        self.last_simulations = 0

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        if len(legal) == 1:
            self.last_simulations = 0
            return legal[0]
        playout = Playout(game, self.rollout_depth, use_heuristic=self.use_heuristic, use_policy=self.use_policy)
        share = self._share()
        stats: dict[int, tuple[int, float]] = {}
        self.last_simulations = 0
        for _ in range(self.determinizations):
            world = game.sample_state(view, rng)
            clock = share.start()
            children = uct_search(
                world, legal, playout, clock, rng, self.exploration, self.widening, self.horizon == "own-moves"
            )
            self.last_simulations += clock.done
            for action, child in children.items():
                visits, total = stats.get(action, (0, 0.0))
                stats[action] = (visits + child.visits, total + child.total)
        return most_visited(stats, legal)

    def _share(self) -> Budget:
        """Each determinization's part of the budget."""
        k = self.determinizations
        sims = None if self.budget.simulations is None else max(1, -(-self.budget.simulations // k))
        seconds = None if self.budget.seconds is None else self.budget.seconds / k
        return Budget(sims, seconds)
