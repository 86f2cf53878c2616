"""Reports from a folder of records: the numbers agree with the records, and every file is written."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from magnates.core.errors import RecordError
from magnates.sim.arena import run_arena, wilson_interval
from magnates.sim.report import build_report, load_summaries, recorded_actions, summarize_line, write_report


@pytest.fixture(scope="module")
def records(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("records")
    run_arena("race", ["greedy", "timid", "random"], 20, seed=11, workers=1, out=folder)
    return folder


def test_report_numbers_match_the_records(records: Path) -> None:
    lines = [json.loads(line) for line in (records / "games.jsonl").read_text().splitlines()]
    seat_wins: Counter[int] = Counter()
    reasons: Counter[str] = Counter()
    income: Counter[str] = Counter()
    for line in lines:
        result = line["meta"]["result"]
        if result["ranking"].count(1) == 1:
            seat_wins[result["ranking"].index(1)] += 1
        reasons[result["reason"]] += 1
        for sources in result["details"]["income"].values():
            income.update(sources)
    summaries, errors = load_summaries(records)
    report = build_report(summaries, errors).to_json()
    assert report["games"] == len(lines) == 60 and report["errors"] == 0
    assert [s["count"] for s in report["win_rate_by_seat"]] == [seat_wins[0], seat_wins[1]]
    assert report["draws"]["count"] == 60 - seat_wins[0] - seat_wins[1]
    assert {k: v["count"] for k, v in report["decided_by"].items()} == dict(reasons)
    assert report["tiebreak"]["count"] == reasons["tiebreak: fewer banks"]
    assert report["first_player_win_rate"]["count"] == seat_wins[0]  # the race has no chance seating
    assert report["length"]["unit"] == "turns" and report["length"]["mean"] == 6  # 3 rounds of 2 turns
    mean_income = {s: sum(report["mean_income_by_seat"][seat].get(s, 0) for seat in ("0", "1")) for s in income}
    assert mean_income == pytest.approx({s: v / 60 for s, v in income.items()})
    share = report["win_rate_by_seat"][0]
    assert share["ci95"] == pytest.approx(list(wilson_interval(seat_wins[0], 60)))


def test_report_files_are_written(records: Path, tmp_path: Path) -> None:
    path = write_report(records, tmp_path)
    assert path == tmp_path / "report.md"
    text = path.read_text()
    for stem in ("win_rate_by_seat", "game_length", "decided_by", "income_by_source"):
        for suffix in ("png", "svg"):
            assert (tmp_path / f"{stem}.{suffix}").stat().st_size > 0
        assert f"({stem}.png)" in text
    assert "Income by source" in text and "tie-breaker decided" in text
    assert json.loads((tmp_path / "report.json").read_text())["games"] == 60


def test_a_record_without_its_result_is_replayed(records: Path) -> None:
    line = json.loads((records / "games.jsonl").read_text().splitlines()[0])
    stored = summarize_line(line)
    del line["meta"]["result"], line["meta"]["turns"], line["meta"]["decisions"]
    replayed = summarize_line(line)
    assert stored is not None and replayed is not None
    assert (replayed.ranking, replayed.reason, replayed.length, replayed.income) == (
        stored.ranking,
        stored.reason,
        stored.length,
        stored.income,
    )


def test_simulate_lines_are_read_too(records: Path) -> None:
    line = json.loads((records / "games.jsonl").read_text().splitlines()[0])
    outcome_line = {"record": line, **line["meta"]}  # the shape `magnates simulate --out` writes
    a, b = summarize_line(outcome_line), summarize_line(line)
    assert a is not None and b is not None
    assert (a.game, a.options, a.bots, a.ranking) == (b.game, b.options, b.bots, b.ranking)


def test_errors_are_counted_not_summarised() -> None:
    assert summarize_line({"result": None, "error": "RuntimeError: boom", "bots": ["a", "b"]}) is None


def test_broken_input_says_where(tmp_path: Path) -> None:
    (tmp_path / "bad.jsonl").write_text('{"meta": {}}\nnot json\n')
    with pytest.raises(RecordError, match=r"bad.jsonl:1"):
        load_summaries(tmp_path)
    (tmp_path / "bad.jsonl").write_text("\n[1, 2]\n")
    with pytest.raises(RecordError, match=r"bad.jsonl:2 is not a JSON object"):
        load_summaries(tmp_path)
    (tmp_path / "empty").mkdir()
    with pytest.raises(RecordError, match=r"no \*\.jsonl record files"):
        load_summaries(tmp_path / "empty")


def test_recorded_actions_gives_every_game_of_the_files_in_order(records: Path, tmp_path: Path) -> None:
    lines = [json.loads(line) for line in (records / "games.jsonl").read_text().splitlines() if line.strip()]
    assert list(recorded_actions([records / "games.jsonl"])) == [line["actions"] for line in lines]
    assert len(list(recorded_actions([records, records / "games.jsonl"]))) == 2 * len(lines)  # a folder too
    simulate_line = {"record": lines[0], "bots": lines[0]["meta"]["bots"]}  # `magnates simulate --out` wraps it
    assert list(recorded_actions([_write(tmp_path / "sim.jsonl", [simulate_line])])) == [lines[0]["actions"]]
    (tmp_path / "bad.jsonl").write_text(json.dumps(lines[0]) + "\n" + '{"record": {"game": "race"}}\n')
    with pytest.raises(RecordError, match=r"bad.jsonl:2: the record lacks options, actions"):
        list(recorded_actions([tmp_path / "bad.jsonl"]))


def _write(path: Path, lines: list[dict[str, object]]) -> Path:
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    return path
