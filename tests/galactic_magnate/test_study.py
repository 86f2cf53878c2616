"""The balance-study script runs and reports what the rules page quotes."""

from __future__ import annotations

from magnates.studies import galactic_magnate_balance as study


def test_study_reports_length_and_win_rates():
    games = [study.play_one((3, ["greedy", "patient-random", "greedy"], seed, 300)) for seed in range(3)]
    summary = study.summarize(3, ["greedy", "patient-random", "greedy"], games, 1.0)
    assert summary["games"] == 3
    assert sum(summary["rounds"]["histogram"].values()) == 3
    assert abs(sum(summary["win_rate_by_seat"]) - 1) < 1e-9
    assert abs(sum(summary["win_rate_by_position"]) - 1) < 1e-9
    assert set(summary["win_rate_by_bot"]) == {"greedy", "patient-random"}


def test_speed_probe_plays_whole_games():
    result = study.playout_speed(2, 0.05)
    assert result["games"] >= 1 and result["steps"] > 0
