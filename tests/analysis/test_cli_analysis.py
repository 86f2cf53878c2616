"""The arena, compare, analyze and simulate --out commands, end to end through the CLI."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

from typer.testing import CliRunner

from magnates.cli.main import app

runner = CliRunner()


def test_arena_json(tmp_path: Path) -> None:
    args = ["arena", "race", "--bots", "greedy,timid", "--games", "10", "--seed", "1", "--workers", "1"]
    result = runner.invoke(app, [*args, "--json", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [(p["bot"], p["opponent"]) for p in data["pairs"]] == [("greedy", "timid"), ("timid", "greedy")]
    for pair in data["pairs"]:
        assert {"games", "wins", "losses", "draws", "win_rate", "ci95"} <= set(pair)
        assert pair["games"] == 10 and len(pair["ci95"]) == 2
    assert set(data["ratings"]) == {"greedy", "timid"}
    assert all(isinstance(v, float) for v in data["ratings"].values())
    assert len((tmp_path / "games.jsonl").read_text().splitlines()) == 10
    assert (tmp_path / "arena.md").exists() and (tmp_path / "arena.svg").exists()


def test_arena_table_and_records_can_be_skipped() -> None:
    result = runner.invoke(app, ["arena", "race", "--bots", "greedy,random", "-n", "4", "--workers", "1"])
    assert result.exit_code == 0, result.output
    assert "Head to head" in result.stdout and "Openskill" in result.stdout


def test_arena_errors_are_one_line() -> None:
    for args, message in [
        (["--bots", "greedy,greedy"], "once"),
        (["--bots", "greedy,nobody"], "no bot"),
        (["--bots", "greedy,timid", "--games", "0"], "at least 1"),
        (["--bots", "greedy,timid", "--backend", "mpi"], "unknown backend"),
        (["--bots", "greedy,timid", "--option", "rounds=9"], "rounds"),
    ]:
        result = runner.invoke(app, ["arena", "race", "--workers", "1", *args])
        assert result.exit_code == 2, (args, result.output)
        assert message in result.output and "Traceback" not in result.output


def test_arenas_of_other_seeds_combine_into_one_table(tmp_path: Path) -> None:
    base = ["arena", "race", "--bots", "greedy,timid", "--games", "6", "--workers", "1", "--json"]
    runs = {}
    for seed in (1, 2):
        done = runner.invoke(app, [*base, "--seed", str(seed), "--out", str(tmp_path / f"s{seed}")])
        assert done.exit_code == 0, done.output
        runs[seed] = json.loads(done.stdout)
    args = ["arena", "race", "--combine", str(tmp_path / "s1"), "--combine", str(tmp_path / "s2"), "--json"]
    result = runner.invoke(app, [*args, "--out", str(tmp_path / "both")])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 12 and data["games_per_matchup"] == 12 and data["seeds"] == [1, 2]
    for pair in data["pairs"]:  # every count is the sum of the two runs'
        key = (pair["bot"], pair["opponent"])
        same = [p for s in (1, 2) for p in runs[s]["pairs"] if (p["bot"], p["opponent"]) == key]
        assert len(same) == 2
        for count in ("games", "wins", "losses", "draws"):
            assert pair[count] == sum(p[count] for p in same)
    assert "seeds 1, 2 (2 runs combined)" in (tmp_path / "both" / "arena.md").read_text()
    # Refused with one line each: the same seed twice, another game, a folder without an arena, a
    # summary that is not one.
    (tmp_path / "broken").mkdir()
    (tmp_path / "broken" / "arena.json").write_text('{"game": "race"}')
    (tmp_path / "broken" / "records.jsonl").write_text("")
    for folders, game, message in [
        (["s1", "s1"], "race", "share a seed"),
        (["s1", "s2"], "magnate", "are of race"),
        (["s1", "nowhere"], "race", "no arena written with --out"),
        (["s1", "broken"], "race", "not an arena's summary"),
    ]:
        flags = [f for name in folders for f in ("--combine", str(tmp_path / name))]
        refused = runner.invoke(app, ["arena", game, *flags])
        assert refused.exit_code == 2, (folders, refused.output)
        assert message in refused.output and "Traceback" not in refused.output


def test_compare_json_and_files(tmp_path: Path) -> None:
    args = [
        "compare",
        "race",
        "--variant",
        "rounds=1",
        "--variant",
        "rounds=3",
        "-n",
        "20",
        "--bots",
        "greedy,timid",
        "--workers",
        "1",
    ]
    result = runner.invoke(app, [*args, "--json", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [v["variant"] for v in data["variants"]] == ["rounds=1", "rounds=3"]
    assert [v["options"]["rounds"] for v in data["variants"]] == [1, 3]
    assert [v["length"]["mean"] for v in data["variants"]] == [2, 6]  # turns: rounds x 2 seats
    for variant in data["variants"]:
        assert variant["games"] == 20
        assert set(variant["first_player_win_rate"]) == {"count", "rate", "ci95"}
    for name in (
        "compare.md",
        "compare.json",
        "compare.png",
        "compare.svg",
        "rounds=1/report.md",
        "rounds=3/games.jsonl",
    ):
        assert (tmp_path / name).exists(), name
    table = runner.invoke(app, args)
    assert table.exit_code == 0 and "first player wins" in table.stdout


def test_compare_refuses_a_bad_variant() -> None:
    result = runner.invoke(app, ["compare", "race", "--variant", "rounds=7", "-n", "2", "--bots", "greedy"])
    assert result.exit_code == 2 and "rounds" in result.output
    result = runner.invoke(app, ["compare", "race", "--variant", "rounds", "-n", "2", "--bots", "greedy"])
    assert result.exit_code == 2 and "NAME=VALUE" in result.output


def test_analyze_magnate(tmp_path: Path) -> None:
    result = runner.invoke(app, ["analyze", "magnate", "--json", "--turns", "10,25", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    dice = data["tables"][0]
    assert [Fraction(row[1]["exact"]) for row in dice["rows"]] == [Fraction(2 * k - 1, 100) for k in range(1, 11)]
    profit = next(t for t in data["tables"] if t["title"].startswith("Expected profit of a developed"))
    assert profit["columns"] == ["card", "N=10", "N=25"]
    assert {row[2]["exact"] for row in profit["rows"][1:]} == {"-1/2"}
    for name in ("analysis.md", "analysis.json", "magnate_profit.png", "magnate_profit.svg"):
        assert (tmp_path / name).exists(), name
    table = runner.invoke(app, ["analyze", "magnate", "-o", "taxation=double"])
    assert table.exit_code == 0 and "209/3600" in table.stdout


def test_analyze_errors() -> None:
    assert runner.invoke(app, ["analyze", "race"]).exit_code == 2
    assert runner.invoke(app, ["analyze", "magnate", "--turns", "ten"]).exit_code == 2
    assert runner.invoke(app, ["analyze", "magnate", "-o", "districts=7"]).exit_code == 2


def test_simulate_out_writes_the_report(tmp_path: Path) -> None:
    args = ["simulate", "race", "--bots", "greedy,random", "-n", "12", "--workers", "1", "--out", str(tmp_path)]
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    text = (tmp_path / "report.md").read_text()
    assert "12 finished games" in text and "(income_by_source.png)" in text
    assert (tmp_path / "game_length.svg").exists()


def test_report_command_on_arena_records(tmp_path: Path) -> None:
    runs = tmp_path / "arena"
    arena = ["arena", "race", "--bots", "greedy,timid", "-n", "6", "--workers", "1", "--out", str(runs)]
    assert runner.invoke(app, arena).exit_code == 0
    result = runner.invoke(app, ["report", str(runs), "--out", str(tmp_path / "report")])
    assert result.exit_code == 0, result.output
    assert "6 finished games" in (tmp_path / "report" / "report.md").read_text()
    missing = runner.invoke(app, ["report", str(tmp_path / "nowhere")])
    assert missing.exit_code == 2 and "does not exist" in missing.output
    (tmp_path / "empty").mkdir()
    empty = runner.invoke(app, ["report", str(tmp_path / "empty")])
    assert empty.exit_code == 2 and "no *.jsonl" in empty.output
