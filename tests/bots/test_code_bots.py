"""Bots of one's own from a Python file (`PATH.py:NAME`): they play wherever a bot is named on the
command line, worker processes included; every way a file can be wrong is one clear line; and a
process that did not opt in, the web server above all, never opens the file a name points to."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import magnates
from magnates.bots import make_bot
from magnates.bots.code_bots import ALLOW_ENV
from magnates.bots.policy import normalized
from magnates.cli.main import app
from magnates.core.errors import OptionError
from magnates.server.app import create_app
from magnates.sim.runner import play_game

BOTS = '''
import random

class LowestFirst:
    """Always the legal action with the smallest id."""

    def __init__(self, game):
        self.players = game.num_players

    def choose(self, game, view, legal, rng):
        return min(legal)


def coin():
    class Coin:
        name = "coin"

        def choose(self, game, view, legal, rng):
            return rng.choice(legal)

    return Coin()


class NoChoose:
    pass


def broken(game):
    raise RuntimeError("no bot today")
'''

runner = CliRunner()


@pytest.fixture
def bots_file(tmp_path: Path) -> Path:
    path = tmp_path / "MyBots.py"
    path.write_text(BOTS)
    return path


@pytest.fixture
def allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ALLOW_ENV, "1")


def test_a_class_taking_the_game_and_a_function_taking_nothing_both_make_bots(bots_file: Path, allowed: None) -> None:
    game = magnates.load("magnate")
    lowest = make_bot(f"{bots_file}:LowestFirst", game)
    coin = make_bot(f"{bots_file}:coin", game)
    assert lowest.name == "LowestFirst" and coin.name == "coin"  # a name given where the bot has none
    outcome = play_game(game, [lowest, coin], seed=3)
    assert outcome.error is None and outcome.result is not None
    assert normalized(f" {bots_file}:LowestFirst ") == f"{bots_file}:LowestFirst"  # capitals kept


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("{file}:Nobody", "has no class or function 'Nobody'"),
        ("{file}:NoChoose", "has no choose(game, view, legal, rng) method"),
        ("{file}:broken", "could not be made: RuntimeError: no bot today"),
        ("{dir}/missing.py:Bot", "there is no file"),
        ("{bad}:Bot", "failed to load: SyntaxError"),
    ],
)
def test_a_wrong_bot_file_is_one_clear_error(bots_file: Path, allowed: None, name: str, said: str) -> None:
    bad = bots_file.with_name("bad.py")
    bad.write_text("def (:\n")
    with pytest.raises(OptionError, match=said.replace("(", r"\(").replace(")", r"\)")):
        make_bot(name.format(file=bots_file, dir=bots_file.parent, bad=bad), magnates.load("magnate"))


def test_without_the_command_lines_consent_no_file_is_opened(
    bots_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ALLOW_ENV, raising=False)
    trap = tmp_path / "trap.py"
    trap.write_text(f"open({str(tmp_path / 'ran')!r}, 'w').close()\nclass Bot:\n    pass\n")
    with pytest.raises(OptionError, match="only when the command line asks"):
        make_bot(f"{trap}:Bot", magnates.load("magnate"))
    assert not (tmp_path / "ran").exists()


def test_the_web_server_refuses_a_seat_bot_from_a_file_even_when_allowed(
    tmp_path: Path, allowed: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("trap.py").write_text("open('ran', 'w').close()\nclass Bot:\n    pass\n")
    with TestClient(create_app(f"sqlite:///{tmp_path / 'web.db'}")) as client:
        body = {"game": "magnate", "options": {}, "seats": [{"kind": "person"}, {"kind": "bot", "bot": "trap.py:Bot"}]}
        answer = client.post("/api/games", json=body)
    assert answer.status_code == 422 and "only from the command line" in answer.json()["detail"]
    assert not Path("ran").exists()


def test_simulate_plays_a_bot_file_in_worker_processes(
    bots_file: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ALLOW_ENV, raising=False)  # the command line itself opts in
    monkeypatch.chdir(bots_file.parent)
    result = runner.invoke(
        app,
        ["simulate", "magnate", "--bots", "MyBots.py:LowestFirst,greedy", "--games", "4", "--workers", "2",
         "--seed", "1", "--json"],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["finished"] == 4 and summary["errors"] == 0, summary
    assert summary["games_by_bot"]["MyBots.py:LowestFirst"] == 4  # named as typed; the workers start in this folder


def test_play_and_arena_take_a_bot_file_and_say_what_is_wrong_with_one(
    bots_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv(ALLOW_ENV, raising=False)
    played = runner.invoke(app, ["play", "magnate", "--seats", f"{bots_file}:coin,greedy", "--seed", "2"])
    assert played.exit_code == 0 and "Game over" in played.output
    wrong = runner.invoke(app, ["arena", "magnate", "--bots", f"{bots_file}:Nobody,greedy", "--games", "2"])
    assert wrong.exit_code == 2 and "has no class or function 'Nobody'" in wrong.output
    assert "Traceback" not in wrong.output
