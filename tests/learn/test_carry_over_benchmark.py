"""benchmarks/search_bots.py --carry-over: the shipped weights of the nearest option set played under
a variant whose observations and actions have the same shapes, the change printed; refused where none
has them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from magnates.bots.learned import shipped_file

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "search_bots.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=300)


def test_the_official_network_plays_an_unmeasured_variant_when_carried_over() -> None:
    if shipped_file("magnate-2p-official.npz") is None:
        pytest.skip("the shipped Magnate weights are not installed")
    done = run(
        "magnate", "expert", "--opponent", "greedy", "--option", "taxation=double", "--option", "aces=original",
        "--carry-over", "--set", "simulations=4", "--games", "1",
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "# carried over: weights trained for {'aces': 'official'" in done.stdout
    assert "'taxation': 'single'" in done.stdout
    assert "played with {'aces': 'original', 'taxation': 'double'}" in done.stdout
    assert "expert simulations=4 alone vs 1 x greedy (2 players): " in done.stdout


def test_carry_over_is_refused_where_no_network_has_the_shapes() -> None:
    done = run("magnate", "expert", "--option", "mega=true", "--carry-over", "--games", "1")
    assert done.returncode == 2
    assert "no shipped expert weights fit magnate with these options" in done.stderr
    done = run("magnate", "hard", "--carry-over", "--games", "1")
    assert done.returncode == 2 and "--carry-over goes with the bot expert" in done.stderr
