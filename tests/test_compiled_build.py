"""The optional compiled build (`scripts/build_compiled.sh`, mypyc) runs the same rules as the package.

The script copies the package and compiles its rules modules in the copy; these tests build it
once into a temporary folder (at mypyc's lowest optimisation level unless MYPYC_OPT_LEVEL says
otherwise: the same code, compiled in about a CPU-minute instead of two) and run it with that copy
first on the path. In the default run: the copy's compiled modules are what loads, and seeded random
games of every game (tests/compiled_digest.py) give the same actions, observation vectors, returns
and final states as the pure-Python package, and pickle. In the slow suite: the rules, engine-contract,
env, encoder, hidden-information and simulation tests, run on the copy. Without a C compiler or mypyc
the build cannot be made and the tests skip: the pure-Python package is what runs then.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

import compiled_digest

ROOT = Path(__file__).resolve().parent.parent
ENGINE_TESTS = [
    "tests/magnate/test_rules.py",
    "tests/magnate/test_flow.py",
    "tests/magnate/test_strict_loader.py",
    "tests/magnate/test_properties.py",
    "tests/galactic_magnate/test_rules.py",
    "tests/galactic_magnate/test_trading.py",
    "tests/magistrate/test_military.py",
    "tests/magistrate/test_round.py",
    "tests/magistrate/test_strict_loader.py",
    "tests/magistratvm/test_mv_rules.py",
    "tests/magistratvm/test_flow.py",
    "tests/envs/test_pettingzoo.py",
    "tests/envs/test_fast_encoding.py",
    "tests/core",
    "tests/bots/test_determinization.py",
    "tests/sim/test_sim_batch.py",
]
"""Rules of every game, the engine contract, the env and its encoders, and the bots' view of
hidden information, on the compiled modules."""


def _env(build: Path) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": str(build)}


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> Path:
    if importlib.util.find_spec("mypyc") is None:
        pytest.skip("mypyc (from mypy) is not installed")
    if shutil.which(os.environ.get("CC", "cc")) is None and shutil.which("gcc") is None:
        pytest.skip("no C compiler")
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        pytest.skip("no Python headers (Python.h) to compile against")
    out = tmp_path_factory.mktemp("compiled")
    made = subprocess.run(
        ["bash", str(ROOT / "scripts" / "build_compiled.sh"), str(out)],
        cwd=ROOT,
        env={"MYPYC_OPT_LEVEL": "0", **os.environ, "PYTHON": sys.executable},
        capture_output=True,
        text=True,
    )
    assert made.returncode == 0, made.stdout[-4000:] + made.stderr[-4000:]
    return out


def test_the_build_loads_compiled_rules_and_plays_the_same_games(build: Path) -> None:
    script = (
        "import importlib, magnates\n"
        "flow = importlib.import_module('magnates.games.magistratvm.flow')\n"
        "print(magnates.__file__); print(flow.__file__)"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], cwd=build, env=_env(build), capture_output=True, text=True, check=True
    )
    package, flow = result.stdout.split()
    assert Path(package).is_relative_to(build)
    assert not flow.endswith(".py"), flow  # the extension module shadows the source
    ran = subprocess.run(
        [sys.executable, str(ROOT / "tests" / "compiled_digest.py")],
        cwd=build,
        env=_env(build),
        capture_output=True,
        text=True,
    )
    assert ran.returncode == 0, ran.stderr[-4000:]
    compiled = json.loads(ran.stdout)
    pure = compiled_digest.digest()
    assert pure["compiled"] == 0, "the test process itself should run the pure-Python package"
    assert compiled["compiled"] >= 40
    assert compiled["games"] == pure["games"]
    assert all(case["pickles"] for case in compiled["games"].values())


@pytest.mark.slow
def test_engine_tests_pass_on_the_compiled_build(build: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-n", "0", "-p", "no:cacheprovider", "-m", "not slow", *ENGINE_TESTS],
        cwd=ROOT,
        env=_env(build),
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
