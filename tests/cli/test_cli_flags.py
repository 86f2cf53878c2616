"""One set of flags and defaults across commands.

`--option` everywhere (roll too, its old flags hidden aliases), one `--seed` rule stated in every
--help, one `--games` default, one record file name, `--json` on every command that prints
results, usage lines written `GAME` / `[GAME]`, and plain progress lines when stderr is piped.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from magnates.cli.common import GAMES_DEFAULT, SEED_HELP
from magnates.cli.main import app

runner = CliRunner()
COMMANDS: dict[str, Any] = dict(typer.main.get_command(app).commands)  # type: ignore[attr-defined]
TOY_DIR = Path(__file__).resolve().parent.parent / "sim"


def param(command: str, flag: str) -> Any:
    return next((p for p in COMMANDS[command].params if flag in getattr(p, "opts", [])), None)


PRINTS_RESULTS = ["games", "bots", "simulate", "bench", "roll", "arena", "compare", "analyze", "report"]


@pytest.mark.parametrize("command", PRINTS_RESULTS)
def test_every_command_that_prints_results_has_json(command: str) -> None:
    assert param(command, "--json") is not None


@pytest.mark.parametrize("command", [name for name in COMMANDS if param(name, "--seed") is not None])
def test_one_seed_rule_stated_in_every_help(command: str) -> None:
    seed = param(command, "--seed")
    assert seed is not None and seed.default is None
    assert SEED_HELP in (getattr(seed, "help", "") or "")


def test_every_command_that_plays_takes_a_seed_and_options() -> None:
    for command in ("play", "simulate", "arena", "compare", "train", "roll"):
        assert param(command, "--seed") is not None, command
        assert param(command, "--option") is not None, command


@pytest.mark.parametrize("command", ["simulate", "arena", "compare"])
def test_one_games_default(command: str) -> None:
    games = param(command, "--games")
    assert games is not None and games.default == GAMES_DEFAULT


def test_the_seed_drawn_is_shown_and_repeats_the_run() -> None:
    first = json.loads(runner.invoke(app, ["simulate", "toy", "-n", "6", "--workers", "1", "--json"]).output)
    again = runner.invoke(app, ["simulate", "toy", "-n", "6", "--workers", "1", "--json", "--seed", str(first["seed"])])
    repeated = json.loads(again.output)
    for timing in ("seconds", "games_per_second", "workers"):
        first.pop(timing), repeated.pop(timing)
    assert first == repeated


@pytest.mark.parametrize("command", sorted(COMMANDS))
def test_usage_lines_name_arguments_plainly(command: str) -> None:
    result = runner.invoke(app, [command, "--help"], terminal_width=120)
    usage = next(line for line in result.output.splitlines() if "Usage:" in line)
    assert "{" not in usage and "[[" not in usage, usage


def test_roll_takes_option_and_players_like_every_command() -> None:
    new = runner.invoke(app, ["roll", "-o", "mega=true", "-o", "taxation=double", "--players", "3", "--dice", "1 5"])
    new_json = runner.invoke(
        app, ["roll", "-o", "mega=true", "--players", "3", "--dice", "1 4", "--seed", "2", "--json"]
    )
    old_json = runner.invoke(app, ["roll", "--mega", "--three", "--dice", "1 4", "--seed", "2", "--json"])
    assert new.exit_code == 0 and new_json.exit_code == 0 and old_json.exit_code == 0, new.output
    assert json.loads(new_json.output) == json.loads(old_json.output)  # the old flags still work, as aliases
    help_text = runner.invoke(app, ["roll", "--help"], terminal_width=120).output
    assert "--option" in help_text and "--players" in help_text
    assert "--mega" not in help_text and "--three" not in help_text and "--double-taxation" not in help_text
    bad = runner.invoke(app, ["roll", "-o", "mega=maybe"])
    assert bad.exit_code == 2 and "mega" in bad.output


def test_roll_says_its_seed_when_it_rolled() -> None:
    rolled = runner.invoke(app, ["roll", "--seed", "5"])
    assert "(seed 5: --seed 5 rolls the same again)" in rolled.output
    typed = runner.invoke(app, ["roll", "--dice", "7 3"])
    assert "seed" not in typed.output


def test_simulate_arena_and_compare_write_one_record_file_name(tmp_path: Path) -> None:
    for name, args in {
        "simulate": ["simulate", "toy", "-n", "2"],
        "arena": ["arena", "toy", "--bots", "high,random", "-n", "2"],
        "compare": ["compare", "toy", "--variant", "turns=4", "-n", "2"],
    }.items():
        out = tmp_path / name
        result = runner.invoke(app, [*args, "--workers", "1", "--out", str(out)])
        assert result.exit_code == 0, result.output
        files = {path.relative_to(out).as_posix() for path in out.rglob("*.jsonl")}
        assert files == ({"turns=4/games.jsonl"} if name == "compare" else {"games.jsonl"}), files


def test_games_bots_and_report_print_json(tmp_path: Path) -> None:
    games = json.loads(runner.invoke(app, ["games", "--json"]).output)
    assert {"name", "title", "players", "options"} <= set(games[0]) and "magnate" in [g["name"] for g in games]
    bots = json.loads(runner.invoke(app, ["bots", "magnate", "--json"]).output)
    assert bots["games"][0]["game"] == "magnate" and "greedy" in [b["name"] for b in bots["games"][0]["bots"]]
    assert "weights" in bots
    runner.invoke(app, ["simulate", "toy", "-n", "5", "--workers", "1", "--out", str(tmp_path)])
    report = runner.invoke(app, ["report", str(tmp_path), "--json"])
    assert report.exit_code == 0, report.output
    assert json.loads(report.output)["games"] == 5


LAUNCH = (
    "import sys; sys.path.insert(0, {dir!r});"
    "from magnates.games import REGISTRY; REGISTRY['toy'] = 'dice_cards_toy:ToyGame';"
    "from magnates.cli.main import main; sys.argv = ['magnates'] + sys.argv[1:]; main()"
)


def test_piped_progress_is_whole_lines_every_few_seconds(tmp_path: Path) -> None:
    env = {**os.environ, "MAGNATES_PROGRESS_SECONDS": "0.2"}
    args = ["simulate", "toy", "-n", "3000", "--workers", "1", "--seed", "1"]
    done = subprocess.run(
        [sys.executable, "-c", LAUNCH.format(dir=str(TOY_DIR)), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    lines = done.stderr.splitlines()
    assert lines, "no progress at all when piped"
    for line in lines:
        assert re.fullmatch(r"toy games: \d+/3000 games \(\d+%\), \d+ s", line), line
    assert lines[-1].startswith("toy games: 3000/3000 games (100%)")


def test_json_output_has_no_progress_lines() -> None:
    env = {**os.environ, "MAGNATES_PROGRESS_SECONDS": "0.1"}
    args = ["simulate", "toy", "-n", "500", "--workers", "1", "--json"]
    done = subprocess.run(
        [sys.executable, "-c", LAUNCH.format(dir=str(TOY_DIR)), *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0 and done.stderr == "" and json.loads(done.stdout)["games"] == 500
