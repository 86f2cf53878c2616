"""When games are decided, for designers: the coach's per-decision estimates over many games.

For each reviewed game with a winner: where its last turning point fell (as a share of the game's
actions: 0.3 means the winner was the favourite for good from 30% of the way in), whether the
favourite at half-time went on to win, and which kinds of action (the action's type, such as
`Develop` or `Attack`) gave the winners their biggest gains (a winner's move gains what its chance
rose over the previous reviewed decision; gains are summed per kind).
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from magnates.analysis.estimate import CoachSettings
from magnates.analysis.review import Review, game_of, review_record
from magnates.core.game import Game
from magnates.core.record import Record

QUICK = CoachSettings(samples=1, candidates=6, depth=30)
"""The budget for many games: one world per decision (each game's noise averages out over games)."""


@dataclass
class DecidedWhen:
    games: int = 0
    with_winner: int = 0
    decided_shares: list[float] = field(default_factory=list)
    half_time_games: int = 0
    half_time_leader_wins: int = 0
    gains: dict[str, float] = field(default_factory=dict)

    def add(self, review: Review, kind: Callable[[int], str]) -> None:
        self.games += 1
        winner = review.winner
        if winner is None or not review.decisions or review.actions == 0:
            return
        self.with_winner += 1
        decided = review.decided_at if review.decided_at is not None else review.actions - 1
        self.decided_shares.append((decided + 1) / review.actions)
        half = [d for d in review.decisions if d.step < review.actions / 2]
        if half:
            chances = half[-1].after
            leader = max(range(len(chances)), key=lambda side: (chances[side], -side))
            self.half_time_games += 1
            self.half_time_leader_wins += int(leader == winner)
        previous = review.decisions[0].before[winner]
        for decision in review.decisions:
            if decision.seat == winner and decision.after[winner] > previous:
                name = kind(decision.action)
                self.gains[name] = self.gains.get(name, 0.0) + decision.after[winner] - previous
            previous = decision.after[winner]

    def ranked_gains(self) -> list[tuple[str, float]]:
        return sorted(self.gains.items(), key=lambda item: (-item[1], item[0]))

    def quartiles(self) -> list[float]:
        shares = sorted(self.decided_shares)
        if len(shares) < 2:
            return shares * 3
        return statistics.quantiles(shares, n=4, method="inclusive")

    def to_json(self) -> dict[str, Any]:
        total = sum(self.gains.values()) or 1.0
        return {
            "games": self.games,
            "with_winner": self.with_winner,
            "decided_share_quartiles": [round(q, 3) for q in self.quartiles()] if self.decided_shares else None,
            "decided_shares": [round(s, 3) for s in self.decided_shares],
            "half_time_leader_wins": self.half_time_leader_wins,
            "half_time_games": self.half_time_games,
            "winner_gains_by_kind": {k: round(v / total, 3) for k, v in self.ranked_gains()},
        }

    def markdown(self) -> list[str]:
        lines = ["## Decided when", ""]
        if not self.decided_shares:
            return [*lines, f"No reviewed game had a winner ({self.games} reviewed).", ""]
        low, mid, high = self.quartiles()
        lines += [
            f"The coach reviewed {self.games} games ({self.with_winner} with a winner), one sampled world a decision "
            "(`magnates review` and docs/analysis.md say how).",
            "",
            f"- **Decided at** (the last turning point, as a share of the game's actions): median {mid:.0%}, "
            f"quartiles {low:.0%} to {high:.0%}.",
            f"- **The favourite at half-time won** {self.half_time_leader_wins} of {self.half_time_games} games.",
            "",
            "| winners' gains from | share |",
            "|---|---:|",
        ]
        total = sum(self.gains.values()) or 1.0
        lines += [f"| {kind} | {value / total:.0%} |" for kind, value in self.ranked_gains()[:8]]
        return [*lines, ""]


def decided_when(
    records: Iterable[Record],
    settings: CoachSettings = QUICK,
    progress: Callable[[int], None] | None = None,
) -> DecidedWhen:
    """Review every record (from its seats' views, as `review_record` does) and gather when it was decided."""
    found = DecidedWhen()
    for count, record in enumerate(records, 1):
        game = game_of(record)

        def kind(action: int, game: Game = game) -> str:
            return type(game.action(action)).__name__

        found.add(review_record(record, settings), kind)
        if progress is not None:
            progress(count)
    return found
