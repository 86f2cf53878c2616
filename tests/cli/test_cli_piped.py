"""The real `magnates` process with piped stdin (no TTY), as a person would script it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

TOY_DIR = Path(__file__).resolve().parent.parent / "sim"
TOY_TARGET = "dice_cards_toy:ToyGame"

# Registers the toy inside the child process only, then runs the real entry point.
LAUNCH = (
    "import sys; sys.path.insert(0, {dir!r});"
    "from magnates.games import REGISTRY; REGISTRY['toy'] = {target!r};"
    "from magnates.cli.main import main; sys.argv = ['magnates'] + sys.argv[1:]; main()"
)


def run(args: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    code = LAUNCH.format(dir=str(TOY_DIR), target=TOY_TARGET)
    return subprocess.run(
        [sys.executable, "-c", code, *args], input=stdin, capture_output=True, text=True, timeout=60, check=False
    )


def test_yes_1_plays_a_game_to_the_end() -> None:
    done = run(["play", "toy", "--vs", "random", "--seed", "3"], "1\n" * 200)
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout and "decided by:" in done.stdout
    assert "Traceback" not in done.stderr


def test_end_of_input_exits_cleanly(tmp_path: Path) -> None:
    saved = tmp_path / "left.json"
    done = run(["play", "toy", "--vs", "random", "--seed", "3", "--save", str(saved)], "1\n")
    assert done.returncode == 0, done.stderr
    assert "End of input" in done.stdout and "--load" in done.stdout
    assert saved.exists()


def test_a_bad_option_is_one_line_on_stderr_and_status_2() -> None:
    done = run(["play", "toy", "--option", "speed=fast"], "")
    assert done.returncode == 2
    assert "error:" in done.stderr and "has no option 'speed'" in done.stderr
    assert "Traceback" not in done.stderr
