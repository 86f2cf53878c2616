"""`--set [BOT:]NAME=VALUE` on simulate, arena and compare: the setting reaches the bot it names in
the games played (Galactic Magnate, whose search bots can sample its worlds; one short game each),
is recorded in the output, and a bad one fails before any game (the toy game)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import magnates.sim.batch
from magnates.bots.registry import make_bot
from magnates.cli.bot_settings import bot_settings
from magnates.cli.main import app
from magnates.core.errors import OptionError
from magnates.core.game import Game
from magnates.games import load

runner = CliRunner()
GAME = "galactic-magnate"


def run(*args: str) -> tuple[int, str]:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


@pytest.fixture
def made(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, dict[str, str]]]:
    """Every bot the games make (one worker: in this process), with the settings it was given."""
    seen: list[tuple[str, dict[str, str]]] = []

    def recording(name: str, game: Game, settings: Mapping[str, object] | None = None) -> Any:
        seen.append((name, dict(settings or {})))  # type: ignore[arg-type]
        return make_bot(name, game, settings)

    monkeypatch.setattr(magnates.sim.batch, "make_bot", recording)
    return seen


def test_simulate_gives_the_named_bot_its_time_and_leaves_the_other_at_its_defaults(
    made: list[tuple[str, dict[str, str]]],
) -> None:
    code, out = run(
        "simulate", GAME, "--bots", "easy,random", "--set", "easy:seconds=0.01", "-n", "1", "--workers", "1", "--json"
    )
    assert code == 0, out
    summary = json.loads(out)
    assert summary["settings"] == {"easy": {"seconds": "0.01"}}
    assert summary["finished"] == 1, summary["error_messages"]
    assert ("easy", {"seconds": "0.01"}) in made
    assert ("random", {}) in made
    assert all(settings == {"seconds": "0.01"} for name, settings in made if name == "easy")


def test_simulate_prints_the_settings_beside_the_options() -> None:
    code, out = run(
        "simulate", GAME, "--bots", "easy,random", "--set", "easy:thinking=quick", "-n", "1", "--workers", "1"
    )
    assert code == 0, out
    assert "Bot settings: easy thinking=quick" in " ".join(out.split())


def test_a_setting_without_a_bot_name_goes_to_every_bot_of_the_run() -> None:
    game = load(GAME)
    assert bot_settings(["seconds=0.5"], ["easy", "medium", "easy"], game) == {
        "easy": {"seconds": "0.5"},
        "medium": {"seconds": "0.5"},
    }
    with pytest.raises(OptionError, match="give seconds or thinking, not both"):
        bot_settings(["seconds=0.5", "medium:thinking=long"], ["easy", "medium"], game)


def test_arena_records_the_settings_and_append_refuses_other_ones(tmp_path: Path) -> None:
    folder = tmp_path / "arena"
    base = ["arena", GAME, "--bots", "easy,random", "-n", "1", "--workers", "1", "--out", str(folder)]
    code, out = run(*base, "--set", "easy:seconds=0.01", "--seed", "1")
    assert code == 0, out
    assert "Bot settings: easy seconds=0.01" in out
    assert json.loads((folder / "arena.json").read_text())["settings"] == {"easy": {"seconds": "0.01"}}
    code, out = run(*base, "--set", "easy:seconds=0.05", "--seed", "2", "--append")
    assert code == 2
    assert "--append adds games with the same --set" in " ".join(out.split())
    code, out = run(*base, "--seed", "2", "--append")
    assert code == 2  # no settings this time: still not the arena's
    assert json.loads((folder / "arena.json").read_text())["settings"] == {"easy": {"seconds": "0.01"}}


def test_compare_passes_the_settings_to_every_variant(made: list[tuple[str, dict[str, str]]]) -> None:
    code, out = run(
        "compare", GAME, "--variant", "characters=dealt", "--variant", "characters=pick", "--bots", "easy,random",
        "--set", "easy:seconds=0.01", "-n", "1", "--workers", "1", "--json",
    )  # fmt: skip
    assert code == 0, out
    assert json.loads(out)["settings"] == {"easy": {"seconds": "0.01"}}
    assert sum(1 for name, settings in made if name == "easy" and settings == {"seconds": "0.01"}) >= 2


@pytest.mark.parametrize("command", ["simulate", "arena", "compare"])
@pytest.mark.parametrize(
    ("setting", "message"),
    [
        ("seconds=0.5", "the random bot does not search, so it takes no thinking time"),
        ("random:thinking=long", "the random bot does not search"),
        ("hard:seconds=1", "no bot 'hard' plays here; the bots are: mcts, random"),
        ("mcts:seconds=100", "seconds lies between 0.01 and 60"),
        ("mcts:speed=2", "no bot setting 'speed'"),
        ("mcts:seconds", "--set takes [BOT:]NAME=VALUE"),
    ],
)
def test_a_bad_setting_is_one_error_line_and_exit_2(command: str, setting: str, message: str, tmp_path: Path) -> None:
    args = [command, "toy", "--bots", "mcts,random", "--set", setting, "-n", "1", "--out", str(tmp_path / "out")]
    if command == "compare":
        args += ["--variant", "turns=2"]
    code, out = run(*args)
    assert code == 2
    lines = [line for line in out.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: "), out
    assert message in lines[0]
    assert not (tmp_path / "out").exists()  # refused before any game or file
