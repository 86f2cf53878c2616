"""`magnates play`, `simulate`, `bench` and `rules` work for Magistrate."""

from __future__ import annotations

from typer.testing import CliRunner

from magnates.cli.main import app

runner = CliRunner()


def test_bench_simulate_and_rules_run_for_magistrate():
    result = runner.invoke(app, ["bench", "magistrate", "--players", "2", "--seconds", "0.2"])
    assert result.exit_code == 0, result.output
    assert "steps/s" in result.output
    result = runner.invoke(
        app, ["simulate", "magistrate", "--players", "2", "--games", "2", "--bots", "greedy,random", "--workers", "1"]
    )
    assert result.exit_code == 0, result.output
    assert "greedy" in result.output
    result = runner.invoke(app, ["rules", "magistrate", "--players", "4", "--plain"])
    assert result.exit_code == 0, result.output
    assert "Scoring round" in result.output


def test_play_between_bots_reaches_the_end():
    result = runner.invoke(app, ["play", "magistrate", "--seats", "greedy,greedy", "--players", "2", "--seed", "2"])
    assert result.exit_code == 0, result.output
    assert "wins" in result.output or "draw" in result.output.lower()
