"""`magnates simulate` and `magnates bench` on the test-only toy game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import magnates
from magnates.cli.main import app

runner = CliRunner()


def simulate(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, ["simulate", "toy", *args])
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


def test_json_has_the_documented_keys() -> None:
    code, out = simulate("--games", "30", "--bots", "high,random", "--seed", "1", "--workers", "1", "--json")
    assert code == 0
    data = json.loads(out)
    for key in ("games", "wins", "draws", "errors", "mean_actions", "games_per_second", "wins_by_bot", "reasons"):
        assert key in data
    assert data["games"] == 30 and len(data["wins"]) == 2
    assert sum(data["wins"]) + data["draws"] + data["errors"] == 30
    assert set(data["wins_by_bot"]) == {"high", "random"}
    assert sum(data["reasons"].values()) == 30


def test_json_is_the_same_with_one_or_two_workers() -> None:
    args = ("--games", "40", "--bots", "high,random", "--seed", "9", "--json")
    one = json.loads(simulate(*args, "--workers", "1")[1])
    two = json.loads(simulate(*args, "--workers", "2")[1])
    assert two["workers"] == 2
    for timing in ("seconds", "workers", "games_per_second"):
        one.pop(timing)
        two.pop(timing)
    assert one == two


def test_tables_show_seats_bots_reasons_and_means() -> None:
    code, out = simulate("--games", "20", "--bots", "high,random", "--workers", "1")
    assert code == 0
    for text in ("Wins by seat", "Player 1", "Draws", "Wins by bot", "How games were decided", "turns", "games/s"):
        assert text in out


def test_out_writes_replayable_records_and_the_summary(tmp_path: Path) -> None:
    code, _ = simulate("--games", "12", "--bots", "random", "--workers", "1", "--out", str(tmp_path))
    assert code == 0
    lines = [json.loads(line) for line in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert [line["index"] for line in lines] == list(range(12))
    for line in lines:
        state = magnates.replay(line["record"])
        assert state.result().to_json() == line["result"]
    summary = json.loads((tmp_path / "summary.json").read_text())
    assert summary["games"] == 12


def test_crashing_games_are_errors_with_their_message() -> None:
    code, out = simulate("--games", "4", "--workers", "1", "--option", "crash=true", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["errors"] == 4
    assert any("crashed on purpose" in message for message in data["error_messages"])


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--bots", "high,nobody"], "no bot 'nobody'"),
        (["--option", "turns=5"], "must be one of"),
        (["--option", "turns"], "NAME=VALUE"),
        (["--games", "0"], "--games must be at least 1"),
        (["--workers", "0"], "--workers must be at least 1"),
    ],
)
def test_bad_arguments_exit_2_with_a_clear_message(args: list[str], message: str) -> None:
    code, out = simulate(*args)
    assert code == 2
    assert message in " ".join(out.split())


def test_bench_json_reports_steps_and_games_per_second() -> None:
    result = runner.invoke(app, ["bench", "toy", "--seconds", "0.2", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["steps_per_second"] > 0 and data["games_per_second"] > 0
    assert data["steps"] >= data["games"] > 0


def test_bench_text_and_bad_options() -> None:
    result = runner.invoke(app, ["bench", "toy", "--seconds", "0.1", "--option", "turns=2"])
    assert result.exit_code == 0 and "steps/s" in result.output
    result = runner.invoke(app, ["bench", "toy", "--option", "colour=red"])
    assert result.exit_code == 2 and "has no option 'colour'" in result.output
