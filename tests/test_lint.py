"""The code as CONTRIBUTING.md asks it: ruff's checks and its formatting, and mypy's types.

The test tools (`.[test]`) bring ruff and mypy; CI runs this with the rest, so a change that breaks
either does not land.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECKED = ["src", "tests", "benchmarks", "scripts"]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("command", [["check"], ["format", "--check"]], ids=["check", "format"])
def test_ruff_is_clean(command: list[str]) -> None:
    done = run("ruff", *command, "--no-cache", *CHECKED)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_is_clean() -> None:
    done = run("mypy")  # [tool.mypy] in pyproject.toml names what it reads
    assert done.returncode == 0, done.stdout + done.stderr
