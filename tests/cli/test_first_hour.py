"""A new user's first hour with the `magnates` command, run as a user runs it (a real process).

Every command answers --help; -V/--version prints the version; each bad input a newcomer makes gets
exactly one clean `error:` line on stderr, exit status 2 and no traceback; typos get a "did you
mean"; and the README's quick-start server answers.
"""

from __future__ import annotations

import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from magnates.cli.main import app

ROOT = Path(__file__).resolve().parents[2]
COMMANDS = [
    "games",
    "bots",
    "play",
    "simulate",
    "bench",
    "roll",
    "rules",
    "arena",
    "compare",
    "analyze",
    "report",
    "serve",
    "train",
    "review",
    "design",
]


def magnates(
    *args: str, stdin: str = "", cwd: Path | None = None, timeout: float = 120
) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "COLUMNS": "100", "NO_COLOR": "1"}
    env.pop("MAGNATES_DEBUG", None)
    return subprocess.run(
        [sys.executable, "-m", "magnates.cli.main", *args],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=cwd or ROOT,
        env=env,
        timeout=timeout,
        check=False,
    )


def test_every_command_is_registered_here() -> None:
    registered = {command.name for command in app.registered_commands}
    assert registered == set(COMMANDS)


def test_the_command_starts_with_a_typer_that_has_no_help_type_hook(monkeypatch: pytest.MonkeyPatch) -> None:
    """Typer 0.27 (allowed by `typer>=0.12`) has no `display_type_rich`; starting must not need it."""
    import typer.core

    from magnates.cli import main

    class OldTyperOption:  # an option class without the hook
        pass

    monkeypatch.setattr(typer.core, "TyperOption", OldTyperOption)
    main._flags_show_no_type()  # before the guard: AttributeError, and no command started
    assert not hasattr(OldTyperOption, "display_type_rich")


@pytest.mark.parametrize("command", COMMANDS)
def test_every_command_answers_help_and_shows_flags_as_flags(command: str) -> None:
    run = magnates(command, "--help")
    assert run.returncode == 0, run.stderr
    assert "Usage: " in run.stdout
    assert "<bool>" not in run.stdout, "a flag takes no value; its help must not show one"


@pytest.mark.parametrize("flag", ["--version", "-V"])
def test_version(flag: str) -> None:
    run = magnates(flag)
    assert run.returncode == 0
    assert re.fullmatch(r"magnates \S+\n", run.stdout)


BAD_INPUTS: list[tuple[list[str], str]] = [
    (["simulat"], "did you mean 'simulate'"),
    (["simulate"], "Missing argument 'GAME'"),
    (["simulate", "magnat"], "did you mean 'magnate'"),
    (["rules", "magistratum"], "did you mean 'magistratvm'"),
    (["simulate", "magnate", "--bots", "gredy"], "did you mean 'greedy'"),
    (["play", "magnate", "--vs", "gredy"], "did you mean 'greedy'"),
    (["simulate", "magnate", "-o", "distrcts=4"], "did you mean 'districts'"),
    (["simulate", "magnate", "-o", "taxation=dubble"], "did you mean 'double'"),
    (["simulate", "magnate", "-o", "districts"], "NAME=VALUE"),
    (["simulate", "magnate", "--games", "x"], "--games"),
    (["simulate", "magnate", "--gmaes", "3"], "--games"),
    (["bench", "magnate", "--seconds", "0"], "--seconds must be more than 0"),
    (["compare", "magnate", "-v", "districts=4"], "No such option: -v"),
    (["arena", "magnate", "--games", "0"], "--games must be at least 1"),
    (["report", "/no/such/folder"], "does not exist"),
    (["roll", "--dice", "11 3"], ""),
    (["analyze", "galactic-magnate"], "no designer analysis"),
    (["serve", "--db", "foo://bar"], "database"),
]


@pytest.mark.parametrize(("args", "expected"), BAD_INPUTS, ids=[" ".join(a) for a, _ in BAD_INPUTS])
def test_a_bad_input_gets_one_clean_line_and_exit_2(args: list[str], expected: str) -> None:
    run = magnates(*args, timeout=60)
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    assert run.returncode == 2, (run.returncode, run.stderr)
    assert "Traceback" not in run.stderr + run.stdout
    assert len(lines) == 1 and lines[0].startswith("error: "), run.stderr
    assert expected in lines[0]


def test_the_ray_hint_keeps_its_brackets() -> None:
    try:
        import ray  # noqa: F401
    except ImportError:
        run = magnates("simulate", "magnate", "--games", "2", "--backend", "ray")
        assert run.returncode == 2
        assert "pip install 'magnates[ray]'" in run.stderr and "'.[ray]'" in run.stderr
    else:
        pytest.skip("ray is installed, so there is no install hint to show")


def test_the_serve_port_in_use_is_one_line_before_any_announcement(tmp_path: Path) -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        run = magnates("serve", "--port", str(port), "--db", f"sqlite:///{tmp_path / 'x.db'}", timeout=60)
    assert run.returncode == 2, run.stderr
    assert "Traceback" not in run.stderr
    assert "http://" not in run.stdout, "the address was announced before the port was checked"
    lines = [line for line in run.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "port" in lines[0]


def test_arena_says_the_total_and_writes_nothing_unasked(tmp_path: Path) -> None:
    run = magnates("arena", "magnate", "--bots", "greedy,random", "--games", "2", "--workers", "1", cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    assert "2 games: 1 pairing(s) x 2 games each" in run.stderr
    assert list(tmp_path.iterdir()) == []
    out = tmp_path / "out"
    run = magnates("arena", "magnate", "--bots", "greedy,random", "--games", "2", "--workers", "1", "--out", str(out))
    assert run.returncode == 0, run.stderr
    assert (out / "arena.md").exists() and str(out) in run.stdout


def test_galactic_magnate_starts_without_a_character_pick() -> None:
    run = magnates("play", "galactic-magnate", "--seed", "1", stdin="quit\n")
    assert run.returncode == 0, run.stderr
    assert "Choose the" not in run.stdout


def test_the_quick_start_server_answers(tmp_path: Path) -> None:
    """The README's first quick-start command ends in `magnates serve`: it starts and the lobby answers.
    (tests/cli/test_docs_commands.py runs every other command the README and the guides show.)"""
    text = (ROOT / "README.md").read_text()
    block = text.split("## Quick start", 1)[1].split("```bash", 1)[1].split("```", 1)[0]
    first = block.strip().splitlines()[0].split("#", 1)[0]
    assert first.rstrip().endswith("magnates serve"), first
    serve_and_open_the_lobby(["serve"], tmp_path)


def serve_and_open_the_lobby(args: list[str], tmp_path: Path) -> None:
    """`magnates serve` as written, on a free port and a throwaway database: the lobby answers."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {**os.environ, "NO_COLOR": "1"}
    server = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "magnates.cli.main",
            *args,
            "--port",
            str(port),
            "--db",
            f"sqlite:///{tmp_path / 'web.db'}",
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
        env=env,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/index.html", timeout=2) as page:
                    assert page.status == 200 and b"magnates" in page.read()
                break
            except OSError:
                assert server.poll() is None, server.stderr.read() if server.stderr else ""
                assert time.monotonic() < deadline, "the server did not answer within a minute"
                time.sleep(0.2)
    finally:
        server.terminate()
        server.wait(timeout=20)
