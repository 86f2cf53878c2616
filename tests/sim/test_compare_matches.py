"""benchmarks/compare_matches.py: the game-by-game comparison the studies quote (wins, sign test)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "compare_matches.py"
spec = importlib.util.spec_from_file_location("compare_matches", SCRIPT)
assert spec is not None and spec.loader is not None
compare_matches = importlib.util.module_from_spec(spec)
sys.modules["compare_matches"] = compare_matches  # dataclasses look their module up there
spec.loader.exec_module(compare_matches)


def lines(path: Path, rows: list[tuple[int, int, float]]) -> str:
    path.write_text("".join(f"{i} {seat} {won} [3.0, 2.0] 10 1.5 0.4\n" for i, seat, won in rows))
    return str(path)


def test_two_runs_are_compared_on_their_common_games(tmp_path: Path) -> None:
    first = lines(tmp_path / "a.txt", [(0, 0, 1), (1, 1, 1), (2, 0, 0), (3, 1, 1)])
    more = lines(tmp_path / "b.txt", [(4, 0, 1), (0, 0, 0)])  # game 0 again: the first result stands
    other = lines(tmp_path / "c.txt", [(0, 0, 0), (1, 1, 1), (2, 0, 1), (5, 1, 1)])
    run = compare_matches.read_run(f"{first},{more}")
    assert sorted(run) == [0, 1, 2, 3, 4] and run[0].won == 1.0
    summary = "\n".join(compare_matches.describe("a", run))
    assert "5 games (0-4), 4 won (80.00%" in summary and "seat 0: 2, seat 1: 2" in summary
    assert "50 decisions, mean 0.150 s, slowest 0.400 s" in summary
    said = compare_matches.compare(run, "c", compare_matches.read_run(other))
    assert "on 3 common games 2 against 2; won by one only: 1 here, 1 there (sign test p 1.00)" in said


def test_the_sign_test_is_the_exact_two_sided_binomial() -> None:
    assert compare_matches.sign_test(0, 6) == pytest.approx(2 / 64)
    assert compare_matches.sign_test(73, 69) == pytest.approx(compare_matches.sign_test(69, 73))
    assert compare_matches.sign_test(1, 5) == pytest.approx(2 * (1 + 6) / 64)
    assert compare_matches.sign_test(4, 4) == 1.0 and compare_matches.sign_test(0, 0) == 1.0


def test_a_line_that_is_not_a_game_line_is_named(tmp_path: Path) -> None:
    broken = tmp_path / "broken.txt"
    broken.write_text("0 0 1 [1.0, 2.0] 10 1.5 0.4\n7 zero won\n")
    with pytest.raises(SystemExit, match=r"broken.txt, line 2: not a game line"):
        compare_matches.read_run(str(broken))
