"""Named search levels per game: `mcts`, `ismcts`, `easy`, `medium`, `hard`.

A preset is data: which search, how much thinking, how far to roll out. Games differ in length,
branching and speed, so each game may have its own table; a game without one gets the defaults.
Budgets are in simulations, so a preset plays the same moves for the same random stream on any
machine, with a time limit as a safety net on some (a search that hits it is no longer
reproducible); `hard` is sized to stay under about a second per decision on a small machine.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Literal

from magnates.bots.budget import Budget
from magnates.bots.ismcts import ISMCTSBot
from magnates.bots.mcts import MCTSBot
from magnates.bots.plan_check import OpponentModel, PlanCheckBot
from magnates.bots.playout import LeafJudge
from magnates.core.bot import Bot
from magnates.core.game import Game

LEVELS = ("mcts", "ismcts", "easy", "medium", "hard")


@dataclass(frozen=True)
class Preset:
    algorithm: Literal["mcts", "ismcts"]
    simulations: int | None = None
    seconds: float | None = None
    cpu_seconds: float | None = None
    """A limit on the searching thread's CPU time (`Budget.cpu_seconds`), beside `seconds` of the wall clock."""
    exploration: float = 1.4
    rollout_depth: int = 20
    determinizations: int = 1
    branch_public_chance: bool = True
    widening: float | None = 1.5
    prior_visits: int = 4
    horizon: str = "game"
    objective: str = "rank"
    """What an ISMCTS search plays for: "rank" (every place counts, as `State.returns()` scores a game)
    or "win" (only first place; `magnates.bots.playout.OBJECTIVES`)."""
    check_plans: int = 0
    """With an own-moves ISMCTS: play this many of the search's best plans out to the end of the
    game to choose between them (`magnates.bots.plan_check`); 0 trusts the search alone."""
    check_rollouts: int = 16
    """Sampled worlds each checked plan is played out in (the same worlds for every plan)."""
    check_seconds: float | None = None
    """A time limit on the check; it stops between worlds, so every plan keeps as many."""
    check_judge_weight: float = 0.0
    """With a judge (`build(judge=...)`): how much a checked plan's result in a world is the judge's
    value where the searcher decides next, against how the game ended (`PlanCheckBot`)."""
    check_halving: bool = False
    """Spend the check's playouts by sequential halving: drop the worse half of the plans each round."""
    check_margin_weight: float = 0.0
    """How much a checked playout's result counts how clearly the game was won (`final_margins`)."""
    check_deviations: bool = False
    """Check the search's favourite plan and its closest calls anywhere along it, not only the
    most visited first moves (`PlanCheckBot`'s `deviations`)."""
    check_more_rollouts: int = 0
    """Worlds added to a close call: when the best two plans lie within `check_close_margin`."""
    check_close_margin: float = 0.1
    """How close (in mean result, +1 won, -1 lost) the best two checked plans are to get more worlds."""
    check_policy: str = "rollout_action"
    """The game's hook that plays every seat's later moves in the check (`rollout_action`, or a
    sharper `check_action` where the game offers one)."""
    check_opponent: str | None = None
    """A search level (`easy`, ...) that plays the other seats' next turn after each checked plan,
    from their views of the sampled world, before `check_policy` plays on; None leaves it to the policy."""
    check_policy_plan: bool = False
    """Check also the plan `check_policy` itself would play this turn, where the search's
    candidates leave it out (`PlanCheckBot`'s `policy_plan`)."""
    decision_seconds: float | None = None
    """The most one decision of a checking bot takes, search included: its check starts no world
    that, at the pace of the worlds before it, would end later (`PlanCheckBot`'s `decision_seconds`)."""

    def build(self, name: str, judge: LeafJudge | None = None) -> Bot:
        """The bot; a `judge` (a value network) judges an ISMCTS search's leaves instead of the heuristic."""
        budget = Budget(self.simulations, self.seconds, self.cpu_seconds)
        if self.check_plans:
            search = replace(self, check_plans=0).build(name, judge)
            if not isinstance(search, ISMCTSBot):
                raise ValueError("only an ISMCTS search's plans can be checked (algorithm='ismcts')")
            return PlanCheckBot(
                search,
                plans=self.check_plans,
                rollouts=self.check_rollouts,
                seconds=self.check_seconds,
                judge=judge if self.check_judge_weight > 0 else None,
                judge_weight=self.check_judge_weight,
                halving=self.check_halving,
                margin_weight=self.check_margin_weight,
                deviations=self.check_deviations,
                more_rollouts=self.check_more_rollouts,
                close_margin=self.check_close_margin,
                policy=self.check_policy,
                opponent=self._opponent_model(),
                decision_seconds=self.decision_seconds,
                policy_plan=self.check_policy_plan,
                name=name,
            )
        if self.algorithm == "mcts":
            if judge is not None:
                raise ValueError("only an ISMCTS search takes a leaf judge (algorithm='ismcts')")
            if self.objective != "rank":
                raise ValueError("only an ISMCTS search plays to win (algorithm='ismcts')")
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
            judge=judge,
            objective=self.objective,
            name=name,
        )

    def timed(self, seconds: float) -> Preset:
        """This preset given `seconds` for each whole decision (`magnates.bots.thinking`), and let
        use it: a plain search runs by time alone (no cap in simulations); a checking bot bounds
        search and check together by `decision_seconds`, gives the search the share of the decision
        its own preset gives it, and checks as many worlds as the rest of the time allows."""
        if not seconds > 0:
            raise ValueError(f"a decision's time is positive, not {seconds}")
        if not self.check_plans:
            return replace(self, simulations=None, seconds=seconds, cpu_seconds=None)
        return replace(
            self,
            simulations=None,
            cpu_seconds=None,
            seconds=seconds * self.search_share(),
            check_seconds=None,
            decision_seconds=seconds,
            check_rollouts=self.check_rollouts if self.check_halving else TIMED_WORLDS,
        )

    def search_share(self) -> float:
        """The share of a checking bot's decision its search takes: as its own time limits split it,
        else `SEARCH_SHARE`."""
        whole = self.decision_seconds
        if whole is None and self.seconds is not None and self.check_seconds is not None:
            whole = self.seconds + self.check_seconds
        if self.seconds is None or whole is None or not 0 < self.seconds < whole:
            return SEARCH_SHARE
        return self.seconds / whole

    def _opponent_model(self) -> OpponentModel | None:
        """What plays the other seats' next turn in a check (`check_opponent`), a game at a time."""
        level = self.check_opponent
        if level is None:
            return None
        if level not in LEVELS:
            raise ValueError(f"a check's opponent is a search level ({', '.join(LEVELS)}), not {level!r}")
        return lambda game: search_bot(level, game)


SEARCH_SHARE = 0.2
"""The share of a timed checking bot's decision its search takes where its preset does not say."""

TIMED_WORLDS = 1_000_000
"""A timed check's worlds: as many as the decision's time allows (sequential halving keeps its own
number, since it splits that number into rounds)."""


DEFAULT: dict[str, Preset] = {
    # Without a heuristic a leaf is worth something only at the end of the game, so rollouts run
    # to the end (random play ends every game here); the time limits bound long games.
    "mcts": Preset("mcts", simulations=100, seconds=1.0, rollout_depth=10_000, determinizations=4),
    "ismcts": Preset("ismcts", simulations=100, seconds=1.0, rollout_depth=10_000),
    "easy": Preset("ismcts", simulations=10, seconds=0.3, rollout_depth=10_000),
    "medium": Preset("ismcts", simulations=40, seconds=0.6, rollout_depth=10_000),
    "hard": Preset("ismcts", simulations=150, seconds=1.0, rollout_depth=10_000),
}

_PLAN = Preset("ismcts", rollout_depth=0, exploration=0.2, prior_visits=0, horizon="own-moves")
"""Plan the searcher's own run of decisions and judge each plan with the game's heuristic."""


def planning(easy: int, medium: int, hard: int, **hard_changes: Any) -> dict[str, Preset]:
    """The levels of a game whose heuristic is good enough to plan with (`_PLAN`), by simulations;
    `ismcts` and `mcts` get hard's budget without its time limit; `hard_changes` adjust `hard`."""
    return {
        "easy": replace(_PLAN, simulations=easy),
        "medium": replace(_PLAN, simulations=medium),
        "hard": replace(_PLAN, **{"simulations": hard, "seconds": 0.9, **hard_changes}),
        "ismcts": replace(_PLAN, simulations=hard),
        "mcts": replace(_PLAN, algorithm="mcts", simulations=hard),
    }


BY_GAME: dict[str, dict[str, Preset]] = {
    # Magnate's heuristic (magnates.games.magnate.heuristic) is good enough that the search is best
    # spent planning the rest of the turn (trades, deed payments, which card, where) and judging
    # each plan with it; searching the opponents' replies in the tree made it weaker (README,
    # "Search bots"). Judged by the heuristic alone, `hard` won 64% against greedy; `hard` now also
    # plays its 4 best distinct plans to the end of the game in 32 shared sampled worlds and keeps
    # the best (magnates.bots.plan_check): 318 of games 0-399 (79.5%, 95% CI 75.3-83.2%),
    # mean 0.135 s, max 0.757 s per decision (docs/studies/magnate-search-strength.md).
    "magnate": planning(
        easy=20, medium=80, hard=200, seconds=0.15, check_plans=4, check_rollouts=32, check_seconds=0.65
    ),
    # Galactic Magnate (magnates.games.galactic_magnate.heuristic): plan the own run of decisions
    # (upgrades, offers, the roll, a bid) and judge each plan, after the open auction and offers
    # are played out, by win chances fitted on greedy self-play (docs/rules/galactic-magnate.md).
    # `magnates arena galactic-magnate --bots hard,greedy --games 200 --seed 1 --json`: hard won 194
    # of 200 (97.0%, CI 93.6-98.6%). Alone against 3 greedy (`python
    # benchmarks/search_bots.py galactic-magnate hard --players 4 --games 200`): 195 of 200 (97.5%,
    # CI 94.3-98.9%, fair share 25%). Two players, 100 games each (`... LEVEL --players 2 --games 100`): medium
    # 91%, easy 69%. hard: mean 74 ms, max 411 ms per decision (load average 12.9, 2 cores).
    "galactic-magnate": planning(easy=3, medium=10, hard=40),
    # Magistrate (magnates.games.magistrate.heuristic): plan the own run of actions in a phase and
    # judge each plan by a forecast of every seat's final points, turned into win chances.
    # `python benchmarks/search_bots.py magistrate LEVEL --players P --games N` (game i: seed i, the
    # search bot in seat i % P among greedy bots): 2 players, hard won 177 of 205 (86%, 95% CI
    # 81-90%; games 0-122, 300-342, 350-388); 3 players, one hard among two greedy, 231 of 300 (77%,
    # CI 72-81%, fair share 33%); easy 21 of 60 (35%), medium 15 of 38 (39%) in 2 players.
    # hard: 0.26 s mean, 1.04 s max per decision at load 9-15 (0.017 s CPU). docs/rules/magistrate.md.
    "magistrate": planning(easy=10, medium=40, hard=200),
    # Magistratvm (magnates.games.magistratvm.heuristic): search the whole table (every seat's
    # moves, ordered by a final-score forecast fitted on greedy play), play each leaf on for 25
    # decisions the greedy way (much of the rest of a turn's actions and votes), then judge it.
    # One `hard` seat against greedy ones, seats rotated: 163 of 200 four-player games (81.5%, 95%
    # CI 75.5-86.3%; `magnates simulate magistratvm --games 200 --bots hard,greedy,greedy,greedy
    # --players 4 --seed 1`), 102 of 102 three-player games (--games 102 --bots hard,greedy,greedy
    # --players 3 --seed 1); mean 0.33 s, max 0.81 s per decision at load 14 on 2 cores. Quick
    # checks (60 four-player games): easy 57%, medium 63%. More: docs/rules/magistratvm.md.
    "magistratvm": {
        "easy": Preset("ismcts", simulations=4, rollout_depth=0),
        "medium": Preset("ismcts", simulations=12, rollout_depth=0),
        "hard": Preset("ismcts", simulations=12, seconds=1.0, rollout_depth=25),
        "ismcts": Preset("ismcts", simulations=40, seconds=1.0, rollout_depth=25),
        "mcts": Preset("mcts", simulations=40, seconds=1.0, rollout_depth=25),
    },
}
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
