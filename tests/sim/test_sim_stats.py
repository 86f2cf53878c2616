"""Counting outcomes: wins are sole first places, draws shared ones, errors neither."""

from __future__ import annotations

import pytest

from magnates import Result
from magnates.sim import GameOutcome, summarize


def outcome(index: int, bots: list[str], ranking: list[int] | None, reason: str = "points", actions: int = 10):
    result = Result(ranking, [float(-p) for p in ranking], reason) if ranking else None
    return GameOutcome(index, index, bots, result, actions, actions // 2, 3, None if ranking else "Boom: x")


def test_summary_counts_wins_draws_errors_and_reasons() -> None:
    outcomes = [
        outcome(0, ["a", "b"], [1, 2]),
        outcome(1, ["b", "a"], [1, 2], actions=20),
        outcome(2, ["a", "b"], [1, 1], reason="draw", actions=30),
        outcome(3, ["b", "a"], None),
    ]
    summary = summarize(outcomes, game="toy", options={}, bots=["a", "b"], seed=0, players=2, seconds=2.0)
    data = summary.to_json()
    assert data["games"] == 4 and data["finished"] == 3
    assert data["wins"] == [2, 0]
    assert data["draws"] == 1 and data["errors"] == 1
    assert data["error_messages"] == {"Boom: x": 1}
    assert data["reasons"] == {"points": 2, "draw": 1}
    assert data["wins_by_bot"] == {"a": 1, "b": 1}
    assert data["games_by_bot"] == {"a": 4, "b": 4}
    assert data["mean_actions"] == pytest.approx(20.0)
    assert data["mean_turns"] == pytest.approx(3.0)
    assert data["games_per_second"] == pytest.approx(2.0)


def test_an_empty_batch_has_zero_means() -> None:
    summary = summarize([], game="toy", options={}, bots=["a"], seed=0, players=2)
    assert summary.to_json()["mean_actions"] == 0.0 and summary.wins == [0, 0]
