"""`magnates design`, `--option design=FILE` on the command line, and `compare` with a design beside the shipped one."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from magnates.cli.main import app

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_design_exports_the_shipped_design_and_checks_it(tmp_path: Path) -> None:
    out = tmp_path / "shipped.json"
    code, said, _ = run("design", "magistrate", "--out", str(out))
    assert code == 0 and str(out) in said
    assert set(json.loads(out.read_text())) == {"game", "map", "judges", "stocks", "deck", "agent_ops"}
    code, said, _ = run("design", "magistrate", "--check", str(out))
    assert code == 0 and "it changes nothing (it is the shipped design)" in said
    code, _, err = run("design", "magistrate", "--out", str(out))
    assert code == 2 and "the file exists; add --force" in err
    code, printed, _ = run("design", "galactic-magnate")
    assert code == 0 and json.loads(printed)["game"] == "galactic-magnate"


def test_check_says_what_a_design_changes(tmp_path: Path) -> None:
    path = tmp_path / "mine.json"
    path.write_text(json.dumps({"board": {"start_cash": {"2": 1000}}}))
    code, printed, _ = run("design", "galactic-magnate", "--check", str(path), "--json")
    assert code == 0 and json.loads(printed)["changes"] == ["board.start_cash.2"]


def test_a_bad_design_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps({"agent_ops": {"blocking_chips": {"3": [9]}}}))
    for args in (
        ("design", "magistrate", "--check", str(path)),
        ("simulate", "magistrate", "--option", f"design={path}", "--games", "1", "--workers", "1"),
        ("rules", "magistrate", "--option", f"design={path}"),
    ):
        code, _, err = run(*args)
        assert code == 2, args
        assert err.strip() == "error: bad.json: agent_ops.blocking_chips.3[0]: 9 is not an Agent Ops cell (0 to 7)"
    code, _, err = run("design", "magnate")
    assert code == 2 and "magnate has no design file" in err


def compare(path: Path, *extra: str) -> dict[str, Any]:
    args = ["compare", "galactic-magnate", "--variant", "design=shipped", "--variant", f"design={path}"]
    code, printed, _ = run(*args, "--games", "3", "--seed", "1", "--workers", "1", "--json", *extra)
    assert code == 0
    data: dict[str, Any] = json.loads(printed)
    return data


def test_compare_runs_a_design_beside_the_shipped_one(tmp_path: Path) -> None:
    path = tmp_path / "rich.json"
    path.write_text(json.dumps({"board": {"start_cash": {"2": 9000}}}))
    shipped, rich = compare(path)["variants"]
    assert shipped["variant"] == "design=shipped" and "design" not in shipped["options"]
    assert rich["variant"] == f"design={path}"
    assert rich["options"]["design"] == {"board": {"start_cash": {"2": 9000}}}  # the content, not the path
    assert shipped["games"] == rich["games"] == 3
    assert shipped["length"] != rich["length"]  # nine thousand each to start with: other games


@pytest.mark.slow
def test_compare_records_keep_the_design_after_the_file_is_gone(tmp_path: Path) -> None:
    path = tmp_path / "rich.json"
    path.write_text(json.dumps({"board": {"start_cash": {"2": 9000}}}))
    out = tmp_path / "cmp"
    compare(path, "--out", str(out))
    path.unlink()
    folder = next(p for p in out.iterdir() if p.name.startswith("design=") and "shipped" not in p.name)
    code, printed, _ = run("report", str(folder), "--json")
    assert code == 0 and json.loads(printed)["games"] == 3


def test_games_json_says_which_games_take_a_design_file() -> None:
    code, printed, _ = run("games", "--json")
    assert code == 0
    assert {g["name"] for g in json.loads(printed) if g["design"]} == {"galactic-magnate", "magistrate"}
