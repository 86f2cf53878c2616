"""Every registered game's random games make a report: the report code relies only on the engine contract."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import magnates
from magnates.sim.arena import write_records
from magnates.sim.batch import BatchSpec, run_batch
from magnates.sim.report import write_report


@pytest.mark.parametrize("name", [g for g in magnates.game_names() if g != "race"])
def test_random_games_report(name: str, tmp_path: Path) -> None:
    spec = BatchSpec.make(name, {}, ["random"], 3, 5, keep_records=True)
    batch = run_batch(spec, workers=1)
    write_records(tmp_path / "records.jsonl", spec.load(), batch.outcomes)
    write_report(tmp_path, tmp_path)
    report = json.loads((tmp_path / "report.json").read_text())
    finished = sum(1 for o in batch.outcomes if o.result is not None)
    assert report["games"] == finished and report["errors"] == 3 - finished
    assert len(report["win_rate_by_seat"]) == spec.load().num_players or finished == 0
    assert (tmp_path / "report.md").read_text().startswith(f"# Simulation report: {name}")
