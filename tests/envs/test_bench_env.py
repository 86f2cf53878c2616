"""`magnates bench GAME --env`: the figures are produced and printed (never asserted as speeds)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest
from typer.testing import CliRunner

pytest.importorskip("pettingzoo")
from magnates.cli.main import app
from magnates.envs.bench import bench_env


def test_bench_env_counts_whole_games() -> None:
    result = bench_env("magnate", {"players": 2}, seconds=0.05, seed=1)
    assert result.env_games >= 1 and result.raw_games >= 1
    assert result.env_steps > 0 and result.raw_decisions > 0
    assert result.env_steps_per_second > 0 and result.slowdown > 0


def test_cli_bench_env_json_and_text() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["bench", "magnate", "--env", "--seconds", "0.05", "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["game"] == "magnate" and data["concessions"] is False
    assert data["env_steps_per_second"] > 0 and data["raw_decisions_per_second"] > 0
    out = runner.invoke(app, ["bench", "galactic-magnate", "--env", "--seconds", "0.05"])
    assert out.exit_code == 0, out.output
    assert "agent steps/s" in out.output and "raw engine" in out.output and "concessions masked" in out.output


def test_cli_bench_env_bad_option_is_a_message() -> None:
    out = CliRunner().invoke(app, ["bench", "magnate", "--env", "-o", "mega=maybe", "--seconds", "0.05"])
    assert out.exit_code != 0
    assert "mega" in out.output and "Traceback" not in out.output


def test_bench_env_on_cpu_time_and_a_bad_clock() -> None:
    result = bench_env("magnate", {"players": 2}, seconds=0.05, seed=1, clock="cpu")
    assert result.env_steps > 0 and result.raw_decisions > 0
    assert result.env_seconds >= 0.05 and result.raw_seconds >= 0.05
    with pytest.raises(ValueError, match="clock must be one of wall, cpu"):
        bench_env("magnate", {"players": 2}, seconds=0.05, clock="sundial")


def test_a_repeated_bench_keeps_the_fastest_run_of_each() -> None:
    result = bench_env("magnate", {"players": 2}, seconds=0.03, seed=1, clock="cpu", repeat=3)
    assert len(result.env_rates) == len(result.raw_rates) == 3
    assert result.env_steps_per_second == max(result.env_rates)
    assert result.raw_decisions_per_second == max(result.raw_rates)
    data = result.to_json()
    assert data["repeat"] == 3 and data["env_rates"] == list(result.env_rates)
    with pytest.raises(ValueError, match="repeat must be at least 1"):
        bench_env("magnate", {"players": 2}, seconds=0.03, repeat=0)


def test_cli_bench_repeat_prints_every_run_and_refuses_zero() -> None:
    runner = CliRunner()
    out = runner.invoke(app, ["bench", "magnate", "--env", "--cpu", "--seconds", "0.03", "--repeat", "2"])
    assert out.exit_code == 0, out.output
    assert "the fastest of 2 runs each" in out.output
    out = runner.invoke(app, ["bench", "magnate", "--env", "--seconds", "0.03", "--repeat", "0"])
    assert out.exit_code != 0 and "--repeat must be at least 1" in out.output and "Traceback" not in out.output


def test_the_env_loop_without_observations_plays_the_same_games() -> None:
    from magnates.envs.bench import env_steps

    with_vectors = env_steps("galactic-magnate", {"players": 2}, seconds=0.0, seed=4)
    masks_only = env_steps("galactic-magnate", {"players": 2}, seconds=0.0, seed=4, observe=False)
    assert with_vectors[:2] == masks_only[:2] and with_vectors[0] == 1  # one whole game, step for step


def _script(name: str) -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_instruction_count_plays_the_same_seeds_through_the_env_and_the_raw_engine() -> None:
    """benchmarks/env_instructions.py's workload (run under valgrind there): whole seeded games both
    ways, the decisions counted, the same count for the same seeds every time."""
    instructions = _script("env_instructions")
    env_steps = instructions.play("env", "magistrate", 1, 3)
    raw_steps = instructions.play("raw", "magistrate", 1, 3)
    assert env_steps > 50 and raw_steps > 50
    assert instructions.play("env", "magistrate", 1, 3) == env_steps
