"""`magnates play --set`: a thinking time for every bot seat, and clear errors for a bad one (toy game)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from magnates.cli.main import app

runner = CliRunner()


def play(*args: str, input: str = "quit\n", game: str = "toy") -> tuple[int, str]:
    result = runner.invoke(app, ["play", game, "--seed", "2", *args], input=input)
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.output


@pytest.mark.parametrize(
    ("bot", "setting"), [("easy", "seconds=0.05"), ("expert", "thinking=quick"), ("hard", "thinking=normal")]
)
def test_a_search_bot_plays_with_the_thinking_time_set(bot: str, setting: str) -> None:
    code, out = play("--seats", f"{bot},human", "--set", setting, game="magnate")  # the bot moves, then you leave
    assert code == 0, out
    assert f"Player 1 {bot}" in out
    assert "Player 1: end turn" in out.split("your choice")[0]  # the bot played its turn first
    assert "You left the game" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--vs", "easy", "--set", "seconds=soon"], "seconds is a number of seconds a decision"),
        (["--vs", "easy", "--set", "seconds=0"], "seconds lies between 0.01 and 60"),
        (["--vs", "easy", "--set", "thinking=forever"], "choose from: quick, normal, long, very long"),
        (["--vs", "easy", "--set", "speed=2"], "no bot setting 'speed'"),
        (["--vs", "high", "--set", "seconds=1"], "the high bot does not search"),
        (["--seats", "human,human", "--set", "seconds=1"], "every seat here is a person"),
    ],
)
def test_a_bad_setting_fails_with_what_is_wrong(args: list[str], message: str) -> None:
    code, out = play(*args)
    assert code != 0
    assert message in " ".join(out.split())
