"""The commands on the real Magnate game (the toy tests cover the details)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

import magnates
from magnates.bots import make_bot
from magnates.cli.main import app
from magnates.sim import play_game

runner = CliRunner()


def magnates_cli(args: list[str], stdin: str = "") -> subprocess.CompletedProcess[str]:
    command = [sys.executable, "-m", "magnates.cli.main", *args]
    return subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=300, check=False)


def test_yes_1_plays_magnate_against_random_to_the_end() -> None:
    done = magnates_cli(["play", "magnate", "--vs", "random", "--seed", "3"], "1\n" * 3000)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Game over" in done.stdout
    assert re.search(r"(Player [12] wins|A draw) \(decided by: ", done.stdout)
    assert "Traceback" not in done.stderr


def test_manual_dice_play_magnate_with_the_dice_typed_in() -> None:
    # Every prompt is offered "1" then "1 1": an action menu takes the first, a dice prompt refuses a
    # bare number (a die's face, not a place in the list) and takes the second.
    done = magnates_cli(["play", "magnate", "--vs", "greedy", "--seed", "4", "--dice", "manual"], "1\n1 1\n" * 3000)
    assert done.returncode == 0, done.stderr[-2000:]
    rolls = re.findall(r"Chance: (roll \d+ \d+)", done.stdout)
    assert rolls and set(rolls) == {"roll 1 1"}
    # Card draws are still sampled, and the log names only the human's own draws.
    assert "Chance: you draw " in done.stdout and "Chance: Player 2 draws a card" in done.stdout
    assert "Chance: draw " not in done.stdout


def test_bots_only_play_magnate_as_the_simulator_does(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "magnate", "--seats", "greedy,random", "--seed", "5", "--save", str(path)])
    assert result.exit_code == 0, result.output
    game = magnates.load("magnate")
    expected = play_game(game, [make_bot("greedy", game), make_bot("random", game)], 5, keep_actions=True)
    assert json.loads(path.read_text())["actions"] == expected.actions


def test_simulate_magnate_greedy_against_random() -> None:
    args = ["simulate", "magnate", "--games", "20", "--bots", "greedy,random", "--seed", "2", "--workers", "2"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["games"] == 20 and data["errors"] == 0
    assert sum(data["wins"]) + data["draws"] == 20
    assert data["wins_by_bot"]["greedy"] > data["wins_by_bot"]["random"]
    assert data["mean_actions"] > 0 and data["games_per_second"] > 0


def test_bench_magnate_json() -> None:
    result = runner.invoke(app, ["bench", "magnate", "--seconds", "0.3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["steps_per_second"] > 0 and data["games_per_second"] > 0


def test_bench_repeated_reports_its_fastest_run() -> None:
    result = runner.invoke(app, ["bench", "magnate", "--seconds", "0.05", "--seed", "3", "--repeat", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["repeat"] == 3 and len(data["rates"]) == 3
    assert data["steps_per_second"] == max(data["rates"])


def test_magnate_option_errors_name_the_valid_values() -> None:
    result = runner.invoke(app, ["simulate", "magnate", "--option", "courts=maybe"])
    assert result.exit_code == 2 and "courts" in result.output and "true or false" in result.output
