"""The summary of a batch: who won, how, how long games ran, how fast they were played.

`Summary.to_json()` is the object `magnates simulate --json` prints and
`--out` saves as summary.json; its keys are documented in docs/reference/simulation.md.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from magnates.sim.runner import GameOutcome

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""

Interval = tuple[float, float]


def wilson_interval(successes: float, trials: int, z: float = Z95) -> Interval:
    """The Wilson score interval for a proportion: sensible near 0 and 1 and for small samples."""
    if trials <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= trials:
        raise ValueError(f"{successes} successes out of {trials} trials is impossible")
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes == 0 else max(0.0, centre - half)  # exact at the ends, where rounding would leak
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return (low, high)


MAX_ERROR_KINDS = 20
"""Distinct error messages kept in a summary (the count of errors is always exact)."""


@dataclass
class Summary:
    """Counts over the finished games of a batch.

    A game is a win for a seat when that seat alone is ranked first; any other
    finish (several seats share first place) is a draw. Errors are games that
    raised; they count in `games` but in no win, draw, reason or mean.
    """

    game: str
    options: dict[str, Any]
    bots: list[str]
    seed: int
    players: int
    games: int = 0
    finished: int = 0
    wins: list[int] = field(default_factory=list)
    draws: int = 0
    errors: int = 0
    error_messages: dict[str, int] = field(default_factory=dict)
    reasons: dict[str, int] = field(default_factory=dict)
    wins_by_bot: dict[str, int] = field(default_factory=dict)
    games_by_bot: dict[str, int] = field(default_factory=dict)
    mean_scores: list[float] = field(default_factory=list)
    mean_actions: float = 0.0
    mean_decisions: float = 0.0
    mean_turns: float = 0.0
    seconds: float = 0.0
    workers: int = 1
    seeds: list[int] = field(default_factory=list)
    """The seed of each run when games were added to a folder (`simulate --append`); else empty."""
    settings: dict[str, dict[str, str]] = field(default_factory=dict)
    """The bots' settings (`--set`), by bot name; empty: every bot played with its defaults."""

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def win_rate_by_bot(self) -> dict[str, float]:
        """Sole wins over games the bot took part in (at one seat or more)."""
        return {bot: self.wins_by_bot[bot] / n if n else 0.0 for bot, n in self.games_by_bot.items()}

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "options": self.options,
            "bots": self.bots,
            **({"settings": self.settings} if self.settings else {}),
            "seed": self.seed,
            "players": self.players,
            "games": self.games,
            "finished": self.finished,
            "wins": self.wins,
            "draws": self.draws,
            "errors": self.errors,
            "error_messages": self.error_messages,
            "reasons": self.reasons,
            "wins_by_bot": self.wins_by_bot,
            "games_by_bot": self.games_by_bot,
            "win_rate_by_bot": self.win_rate_by_bot(),
            "mean_scores": self.mean_scores,
            "mean_actions": self.mean_actions,
            "mean_decisions": self.mean_decisions,
            "mean_turns": self.mean_turns,
            "seconds": self.seconds,
            "workers": self.workers,
            "games_per_second": self.games_per_second,
            **({"seeds": self.seeds} if self.seeds else {}),
        }


def summarize(
    outcomes: Sequence[GameOutcome],
    *,
    game: str,
    options: dict[str, Any],
    bots: Sequence[str],
    seed: int,
    players: int,
    seconds: float = 0.0,
    workers: int = 1,
    settings: dict[str, dict[str, str]] | None = None,
) -> Summary:
    """Count a batch's outcomes (in index order; the counts do not depend on the order)."""
    summary = Summary(game=game, options=dict(options), bots=list(bots), seed=seed, players=players)
    summary.settings = dict(settings or {})
    summary.games = len(outcomes)
    summary.seconds = seconds
    summary.workers = workers
    wins = [0] * players
    score_sums = [0.0] * players
    reasons: Counter[str] = Counter()
    errors: Counter[str] = Counter()
    wins_by_bot: Counter[str] = Counter({bot: 0 for bot in bots})
    games_by_bot: Counter[str] = Counter({bot: 0 for bot in bots})
    actions = decisions = turns = 0
    for outcome in outcomes:
        for bot in set(outcome.bots):
            games_by_bot[bot] += 1
        if outcome.result is None:
            summary.errors += 1
            errors[outcome.error or "unknown error"] += 1
            continue
        result = outcome.result
        summary.finished += 1
        reasons[result.reason] += 1
        if result.is_draw:
            summary.draws += 1
        elif result.winner is not None:  # else a solo game lost to the game itself
            wins[result.winner] += 1
            wins_by_bot[outcome.bots[result.winner]] += 1
        for seat, score in enumerate(result.scores[:players]):
            score_sums[seat] += score
        actions += outcome.num_actions
        decisions += outcome.decisions
        turns += outcome.turns
    finished = summary.finished or 1
    summary.wins = wins
    summary.reasons = dict(reasons.most_common())
    summary.error_messages = dict(errors.most_common(MAX_ERROR_KINDS))
    summary.wins_by_bot = dict(wins_by_bot)
    summary.games_by_bot = dict(games_by_bot)
    summary.mean_scores = [total / finished for total in score_sums]
    summary.mean_actions = actions / finished
    summary.mean_decisions = decisions / finished
    summary.mean_turns = turns / finished
    return summary
