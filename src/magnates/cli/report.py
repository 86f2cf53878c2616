"""`magnates report`: the Markdown report with plots, from any folder of saved game records.

`magnates simulate --out` already writes one; this command makes one for other
folders too (an arena's records, a merge of several runs), or again after the
records were moved. The input formats are described in `magnates.sim.report`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from magnates.analysis.decided import decided_when
from magnates.analysis.sources import read_records
from magnates.sim.report import write_report

from .common import fail, user_errors


def report_command(
    source: Annotated[Path, typer.Argument(metavar="RECORDS", help="A folder of *.jsonl record files, or one file.")],
    out: Annotated[
        Path | None, typer.Option(help="Where to write report.md and the plots (default: beside the records).")
    ] = None,
    decided: Annotated[
        int,
        typer.Option(
            help="Also review this many games with the coach for a 'Decided when' section (a few seconds a game)."
        ),
    ] = 0,
) -> None:
    """Win rate by seat, game length, how games were decided and income by source, as Markdown and plots."""
    if not source.exists():
        fail(f"{source} does not exist")
    if decided < 0:
        fail(f"--decided counts games to review, not {decided}")
    with user_errors():
        try:
            path = write_report(source, out)
            if decided:
                add_decided_when(source, path, decided)
        except OSError as err:
            fail(f"cannot write the report: {err.strerror}", 1)
    typer.echo(f"Report written to {path}")


def add_decided_when(source: Path, report: Path, games: int) -> None:
    """Append the coach's 'Decided when' section to report.md and its numbers to report.json."""
    records = read_records(source, games)
    found = decided_when(records)
    report.write_text(report.read_text().rstrip("\n") + "\n\n" + "\n".join(found.markdown()))
    data_path = report.with_name("report.json")
    data = json.loads(data_path.read_text())
    data["decided_when"] = found.to_json()
    data_path.write_text(json.dumps(data, indent=1))
