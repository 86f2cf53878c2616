"""Check a search's best plans by playing each to the end of the game (policy improvement).

A search over the searcher's own run of decisions (`ISMCTSBot` with `horizon="own-moves"`) judges
each plan with the game's heuristic at the moment the run ends. A heuristic is a guess; how a plan
really fares shows only later. So this bot takes the search's few best first moves, completes each
into a whole plan (following the search tree, then the heuristic), and plays every plan on to the
end of the game in the same sampled worlds: the same guess at the hidden cards, the same dice, the
game's rollout policy for every seat afterwards. Plans are compared on the same worlds ("common
random numbers"), so a difference between two of them is not drowned by the luck of the dice. The
plan with the best mean result (the search's own value breaks ties) is played, and the bot
remembers the rest of it: the next decisions of the same run are answered from memory, keyed by
the view they were planned for.

This is one step of policy improvement over the rollout policy (Tesauro and Galperin's rollouts
in backgammon): with enough rollouts the chosen plan is at least as good as the policy's own,
judged by how the game actually ends rather than by the heuristic alone.

Which plans are checked: by default the search's most visited first moves, each completed by the
tree. With `deviations` the candidates are the search's favourite plan and its closest calls
anywhere along it: at every decision of the favourite, each other move the tree tried, taken there
and completed by the tree, ranked by its visits against the favourite's move at that decision. So
a turn whose first move is clear but whose later choice (which card, which district) is close gets
that choice checked, not only alternatives to the first move.

Three options spend the playouts more wisely (all off by default):
- `halving`: sequential halving (Karnin, Koren and Somekh 2013, as in Gumbel MuZero's root). The
  playouts are split into rounds; after each round the worse half of the plans still in play is
  dropped, so the last two are compared on more worlds than an even split gives every plan.
- `margin_weight`: a game that ended counts not only as won or lost but also by how clearly
  (the game's `final_margins` search hook, in [-1, 1]), weighted by this: among plans that win
  equally often in a few dozen worlds, the one that wins by more is the safer.
- `more_rollouts`: a close call gets more worlds. When the best two plans' mean results after the
  first `rollouts` worlds lie within `close_margin`, every plan still in play is played in
  `more_rollouts` more (the time cap still applies). In Magnate, 32 more worlds when the lead is at
  most 0.1 chose about as well as 64 worlds for every check, by the check's own model
  (`benchmarks/plan_check_choices.py`), for 1.6 times the playouts of 32 instead of 2; in play
  against `hard` it won no more games (docs/studies/magnate-expert.md), so it stays off.

A candidate beside the search's (off by default): with `policy_plan`, the plan the check's own
policy would play this turn (`policy`, every own move of the run) is checked too when it differs
from the search's candidates. Rollouts improve on the policy they play only where the policy's own
move is among those compared (Tesauro and Galperin); the search, ranking moves by its heuristic,
may leave it out.

A fifth models the opponents better (off by default): with `opponent`, every other seat's next
turn after a checked plan is played by a bot (a small search, from that seat's view of the sampled
world) instead of the rollout policy, which then plays the rest of the game. A search foresees how
a searching opponent answers more often than the rules of thumb do, at a search's price per move;
in Magnate, with `easy` as the model, `expert` won no more games against `hard`
(docs/studies/magnate-expert.md), so it stays off.
"""

from __future__ import annotations

import json
import math
import random
import time
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from magnates.bots.ismcts import InfoNode, ISMCTSBot
from magnates.bots.mcts import best_prior
from magnates.bots.playout import LeafJudge, Playout, RolloutPolicy, bot_policy, game_hooks, rollout_policy
from magnates.core.bot import Bot
from magnates.core.chance import sample
from magnates.core.game import CHANCE, TERMINAL, Game, State

OpponentModel = Callable[[Game], Bot]
"""Makes the bot that plays the other seats' next turn in a check, for a game."""


@dataclass
class Plan:
    """A run of the searcher's moves, and each later move keyed by the view it was planned for."""

    actions: list[int]
    later: dict[str, int]
    outcome: str


def view_key(view: Mapping[str, Any]) -> str:
    """A view as text, to recognise it when the plan reaches it."""
    return json.dumps(view, sort_keys=True, separators=(",", ":"), default=str)


def played_run(state: State, pick: Callable[[State, list[int]], int]) -> Plan:
    """The deciding seat's run of moves in `state` (which it changes), each chosen by `pick` from
    the legal ones, as a plan: each move after the first keyed by the view the seat will have
    before it (its own moves change nothing hidden, so every sampled world gives the same views),
    and the plan by the view it ends in."""
    me = state.current_player()
    actions: list[int] = []
    later: dict[str, int] = {}
    while state.current_player() == me:
        action = pick(state, state.legal_actions())
        if actions:
            later[view_key(state.view(me))] = action
        actions.append(action)
        state.apply_action(action)
    return Plan(actions, later, view_key(state.view(me)))


class PlanCheckBot:
    """An own-moves search whose `plans` best first moves are checked by `rollouts` full playouts each.

    `seconds` stops the check early (every plan keeps the same worlds); `decision_seconds` bounds the
    whole decision, search included: the check starts no world that, at the pace of the worlds
    before it, would end after that (at least one world is always played); first moves visited less
    than `min_share` of the most visited one are not worth checking. With a `judge` (a value
    network) each playout is also judged where the searcher decides again after the others'
    replies, and a plan's result in a world is `judge_weight` times that judgement plus the rest
    times how the game ended (at weight 1 the playout stops there: far cheaper, free of the later
    dice's noise, as good as the judge). `policy` names the game's hook that plays every seat's
    later moves (`rollout_action`, or a sharper `check_action`). `halving`, `margin_weight`,
    `more_rollouts` (with `close_margin`) and `opponent`: see the module's text.
    """

    def __init__(
        self,
        search: ISMCTSBot,
        *,
        plans: int = 4,
        rollouts: int = 16,
        seconds: float | None = None,
        min_share: float = 0.05,
        judge: LeafJudge | None = None,
        judge_weight: float = 0.0,
        halving: bool = False,
        margin_weight: float = 0.0,
        deviations: bool = False,
        more_rollouts: int = 0,
        close_margin: float = 0.1,
        policy: str = "rollout_action",
        opponent: OpponentModel | None = None,
        decision_seconds: float | None = None,
        policy_plan: bool = False,
        name: str = "plan-check",
    ) -> None:
        if search.horizon != "own-moves":
            raise ValueError("checking plans needs a search over the searcher's own moves (horizon='own-moves')")
        if plans < 1 or rollouts < 1:
            raise ValueError(f"checking needs at least one plan and one rollout, not {plans} and {rollouts}")
        if not 0.0 <= judge_weight <= 1.0 or (judge_weight > 0 and judge is None):
            raise ValueError(f"a judge weight lies in [0, 1] and needs a judge, not {judge_weight}")
        if not 0.0 <= margin_weight <= 1.0:
            raise ValueError(f"a margin weight lies in [0, 1], not {margin_weight}")
        if more_rollouts < 0 or close_margin < 0:
            raise ValueError(f"more rollouts and a close margin are not negative, not {more_rollouts}, {close_margin}")
        if decision_seconds is not None and decision_seconds <= 0:
            raise ValueError(f"a decision's time is positive, not {decision_seconds}")
        self.search = search
        self.plans = plans
        self.rollouts = rollouts
        self.seconds = seconds
        self.min_share = min_share
        self.judge = judge
        self.judge_weight = judge_weight
        self.halving = halving
        self.margin_weight = margin_weight
        self.deviations = deviations
        self.more_rollouts = more_rollouts
        self.close_margin = close_margin
        self.policy = policy
        self.opponent = opponent
        self.decision_seconds = decision_seconds
        self.policy_plan = policy_plan
        self._opponents: dict[str, RolloutPolicy] = {}
        self.name = name
        self._memory: dict[str, int] = {}
        self.last_checked = 0
        self.last_plans: list[Plan] = []
        self.last_choice = 0
        """The index in `last_plans` of the plan the last search chose."""
        self.last_policy_plan: int | None = None
        """The index in `last_plans` of the policy's own plan, where the last search added it."""
        self.last_root: InfoNode | None = None
        """The search tree of the last decision that searched (for studies of the check)."""

    def choose(self, game: Game, view: Mapping[str, Any], legal: list[int], rng: random.Random) -> int:
        if len(legal) == 1:
            return legal[0]
        started = time.perf_counter()
        key = view_key(view)
        remembered = self._memory.pop(key, None)
        if remembered is not None and remembered in legal:
            return remembered
        self._memory.clear()
        root = self.last_root = self.search.search(game, view, legal, rng)
        ranked = sorted(
            (a for a in legal if a in root.children),
            key=lambda a: (root.children[a].visits, root.children[a].total / max(1, root.children[a].visits)),
            reverse=True,
        )
        if not ranked:
            return legal[0]
        world = game.sample_state(view, rng)
        plans: list[Plan] = []
        outcomes: set[str] = set()
        for plan in self._candidates(world, root, ranked):
            if len(plans) == self.plans:
                break
            if plan.outcome not in outcomes:  # two plans that end alike (another payment order) are one
                outcomes.add(plan.outcome)
                plans.append(plan)
        self.last_policy_plan = None
        if self.policy_plan:
            own = self._policy_plan(game, world.clone(), random.Random(rng.getrandbits(64)))
            if own.outcome not in outcomes:
                self.last_policy_plan = len(plans)
                plans.append(own)
        self.last_plans = plans
        self.last_checked = 0
        best = 0
        if len(plans) > 1:
            scores = self.score_plans(game, view, [plan.actions for plan in plans], rng, started=started)
            priors = [self._search_value(root, plan.actions[0]) for plan in plans]
            best = max(range(len(plans)), key=lambda i: (scores[i], priors[i]))
        self.last_choice = best
        self._memory = plans[best].later
        return plans[best].actions[0]

    # -- plans -------------------------------------------------------------------------
    def _candidates(self, world: State, root: InfoNode, ranked: list[int]) -> Iterator[Plan]:
        """The plans worth checking, best first, each completed in `world` only when asked for: the
        most visited first moves; with `deviations`, the favourite plan, then its closest calls
        anywhere along it (see the module's text). A move tried less than `min_share` of its rival
        is left out."""
        top = root.children[ranked[0]].visits
        firsts = [[a] for a in ranked if root.children[a].visits >= self.min_share * top]
        if not self.deviations:
            yield from (self._plan(world.clone(), root, start) for start in firsts)
            return
        favourite = self._plan(world.clone(), root, firsts[0])
        yield favourite
        calls: list[tuple[float, int, list[int]]] = []  # (share of the rival's visits, depth, start)
        node: InfoNode | None = root
        for depth, chosen in enumerate(favourite.actions):
            if node is None or chosen not in node.children:
                break
            best = node.children[chosen].visits
            for action, child in node.children.items():
                share = child.visits / best if best else 0.0
                if action != chosen and child.visits and share >= self.min_share:
                    calls.append((share, depth, [*favourite.actions[:depth], action]))
            node = node.children[chosen]
        calls.sort(key=lambda call: (-call[0], call[1]))  # the closest calls first, earlier ones on ties
        yield from (self._plan(world.clone(), root, start) for _, _, start in calls)

    @staticmethod
    def _search_value(root: InfoNode, first: int) -> float:
        """The search's mean value of a first move (ties in the check go to the higher); a move the
        search never tried comes last."""
        child = root.children.get(first)
        return child.total / child.visits if child is not None and child.visits else -math.inf

    def _policy_plan(self, game: Game, state: State, rng: random.Random) -> Plan:
        """The searcher's run of moves in the sampled world `state` as the check's policy plays it."""
        policy = rollout_policy(game, self.policy)

        def pick(state: State, legal: list[int]) -> int:
            if len(legal) == 1:
                return legal[0]
            return policy(state, rng) if policy is not None else legal[int(rng.random() * len(legal))]

        return played_run(state, pick)

    def _plan(self, state: State, root: InfoNode, start: list[int]) -> Plan:
        """`start` (moves down the tree from its root), then the searcher's next moves of the same
        run in the sampled world `state`: the tree's most visited, else the heuristic's favourite."""
        me = state.current_player()
        playout = Playout(state.game, 0)
        node: InfoNode | None = root
        taken = 0

        def pick(state: State, legal: list[int]) -> int:
            nonlocal node, taken
            children = node.children if node is not None else {}
            if taken < len(start) and start[taken] in legal:
                action = start[taken]
            else:
                known = [a for a in legal if a in children]
                if known:
                    action = max(known, key=lambda a: children[a].visits)
                else:
                    action = legal[0] if len(legal) == 1 else best_prior({}, state, legal, me, playout)
            node = children.get(action)
            taken += 1
            return action

        return played_run(state, pick)

    # -- checking ------------------------------------------------------------------------
    def score_plans(
        self,
        game: Game,
        view: Mapping[str, Any],
        plans: list[list[int]],
        rng: random.Random,
        *,
        rollouts: int | None = None,
        timed: bool = True,
        started: float | None = None,
    ) -> list[float]:
        """Each plan's mean result for the searcher over the same sampled worlds (see `judge_weight`);
        with `halving`, a plan dropped in an early round scores below every plan kept; with
        `more_rollouts`, a close call gets that many more worlds. `started` is when the decision
        began (`time.perf_counter()`), for `decision_seconds`. `rollouts` replaces the preset's
        number and `timed=False` ignores both time limits (both for studies of the check)."""
        finish = Playout(game, 10**9, use_heuristic=False, judge=self.judge, policy=self.policy)
        margins = game_hooks(game).get("final_margins") if self.margin_weight > 0 else None
        w, m = self.judge_weight, self.margin_weight
        totals = [0.0] * len(plans)
        begun = time.perf_counter()
        deadline = None if self.seconds is None or not timed else begun + self.seconds
        decided_by = None
        if self.decision_seconds is not None and timed:
            decided_by = (begun if started is None else started) + self.decision_seconds
        alive = list(range(len(plans)))
        worlds = 0

        def time_left() -> bool:
            """May another world be played: not past `seconds`, nor, at the pace so far, past the
            decision's own limit?"""
            now = time.perf_counter()
            if deadline is not None and now > deadline:
                return False
            return decided_by is None or now + (now - begun) / worlds <= decided_by

        def play(count: int) -> bool:
            """Play the plans still in play in `count` more sampled worlds; False if time ran out first."""
            nonlocal worlds
            for _ in range(count):
                if worlds and not time_left():
                    return False  # the plans still in play have the same worlds behind them
                seed = rng.getrandbits(64)
                world = game.sample_state(view, random.Random(seed))
                me = finish.viewer = world.current_player()
                for i in alive:
                    state = world.clone()
                    for action in plans[i]:
                        state.apply_action(action)
                    dice = random.Random(seed + 1)
                    if self.opponent is not None:
                        self._reply(self.opponent, game, state, me, dice, random.Random(seed + 2))
                    judged = finish.values(state, dice, until_turn_of=me)[me] if w > 0 else 0.0
                    ended = finish.values(state, dice)[me] if w < 1 else 0.0
                    if margins is not None and w < 1 and state.is_terminal():
                        ended += m * margins(state)[me]
                    totals[i] += w * judged + (1 - w) * ended
                worlds += 1
            return True

        rounds = max(1, math.ceil(math.log2(len(plans)))) if self.halving else 1
        budget = (rollouts or self.rollouts) * len(plans)  # playouts in all: what an even split would spend
        in_time = True
        for round_ in range(rounds):
            in_time = play(max(1, budget // rounds // len(alive)))
            if not in_time:
                break
            if round_ < rounds - 1:  # keep the better half (the search's order breaks ties)
                ranked = sorted(alive, key=lambda i: (-totals[i], i))
                alive = sorted(ranked[: math.ceil(len(alive) / 2)])
        if in_time and self.more_rollouts and len(alive) > 1:
            best, second = sorted((totals[i] / worlds for i in alive), reverse=True)[:2]
            if best - second <= self.close_margin:
                play(self.more_rollouts)
        self.last_checked = worlds
        return [totals[i] / worlds if i in alive else -math.inf for i in range(len(plans))]

    def _reply(
        self, opponent: OpponentModel, game: Game, state: State, me: int, dice: random.Random, rng: random.Random
    ) -> None:
        """Play the other seats' moves in `state` (which it changes) by the bot `opponent` makes for
        the game (made once), each from its own view of this sampled world, and chance by `dice`,
        until `me` decides again or the game ends."""
        model = self._opponents.get(game.name)
        if model is None:
            model = self._opponents[game.name] = bot_policy(opponent(game), game)
        while (player := state.current_player()) not in (me, TERMINAL):
            if player == CHANCE:
                state.apply_action(sample(state.chance_outcomes(), dice))
            else:
                state.apply_action(model(state, rng))
