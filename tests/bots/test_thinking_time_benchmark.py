"""benchmarks/thinking_time.py: which bot it studies, its table with Wilson intervals, its plot."""

from __future__ import annotations

from pathlib import Path

import pytest
from benchmark_scripts import load_script as benchmark

import magnates
from magnates.bots.learned import shipped_net
from magnates.sim.stats import wilson_interval
from magnates.sim.strength import GameLine, Study

timing = benchmark("thinking_time")


def test_it_studies_expert_where_offered_else_hard() -> None:
    official = magnates.load("magnate", players=2)
    expected = "expert" if shipped_net("expert", official) is not None else "hard"
    assert timing.studied_bot(official, None) == expected
    no_courts = magnates.load("magnate", courts=False)  # its own network (magnate-2p-no-courts.npz)
    assert timing.studied_bot(no_courts, None) == "expert"
    assert timing.studied_bot(magnates.load("magnate", districts=4), None) == "expert"  # magnate-2p-4-districts.npz
    assert timing.studied_bot(magnates.load("magnate", players=3), None) == "hard"
    assert timing.studied_bot(magnates.load("magistrate", players=3), None) == "expert"  # the search-only one
    assert timing.studied_bot(magnates.load("magistrate", players=4), None) == "hard"
    assert timing.studied_bot(official, "medium") == "medium"


def test_bad_seconds_stop_with_a_message() -> None:
    assert timing.parse_seconds("0.05, 0.2,1") == [0.05, 0.2, 1.0]
    with pytest.raises(SystemExit, match="comma-separated"):
        timing.parse_seconds("fast")
    with pytest.raises(SystemExit, match="no time"):
        timing.parse_seconds(",")


def study_of(shares: list[float], players: int = 2) -> Study:
    result = Study(players)
    result.games = [GameLine(i, i % players, share, [1.0, 0.0], 3, 0.3, 0.2) for i, share in enumerate(shares)]
    result.times = [0.1, 0.2, 0.3]
    return result


def test_the_table_gives_each_time_its_rate_and_wilson_interval(tmp_path: Path) -> None:
    game = magnates.load("magnate", players=2)
    points = [timing.Point(0.05, study_of([1, 0, 0, 0.5]), 3.0), timing.Point(0.2, study_of([1, 1, 1, 0]), 3.0)]
    text = timing.table(game, "expert", points)
    low, high = wilson_interval(1.5, 4)
    assert f"{low:.1%}-{high:.1%}" in text and "37.5%" in text and "75.0%" in text
    assert "fair share 50.0%" in text
    written = [timing.write_lines(game, points, tmp_path), *timing.plot(game, "expert", points, tmp_path)]
    assert [p.name for p in written] == ["magnate-2p.csv", "magnate-2p.png", "magnate-2p.svg"]
    assert len(written[0].read_text().splitlines()) == 1 + 8  # a header and one line per game


def test_runs_made_apart_merge_into_one_table(tmp_path: Path) -> None:
    """Two runs' game lines (other games, one time in both) read back as one point per time, each
    game once; a file that is not such a CSV stops with its name."""
    game = magnates.load("magnate", players=2)
    first, second = tmp_path / "a", tmp_path / "b"
    timing.write_lines(game, [timing.Point(0.05, study_of([1, 0]), 2.0)], first)
    later = study_of([0, 0, 1, 1])
    later.games = later.games[2:]  # games 2 and 3
    timing.write_lines(game, [timing.Point(0.05, later, 4.0), timing.Point(1.0, study_of([1]), 1.0)], second)
    points = timing.read_lines(game, [first / "magnate-2p.csv", second / "magnate-2p.csv"])
    assert [p.seconds for p in points] == [0.05, 1.0]
    assert [line.index for line in points[0].result.games] == [0, 1, 2, 3]
    assert points[0].result.wins == 3 and points[0].load == 3.0
    assert "75.0%" in timing.table(game, "expert", points)
    bad = tmp_path / "bad.csv"
    bad.write_text("what,ever\n1,2\n")
    with pytest.raises(SystemExit, match=r"bad\.csv: not a game-line CSV"):
        timing.read_lines(game, [bad])
