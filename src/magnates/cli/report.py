"""`magnates report`: the Markdown report with plots, from any records this project writes.

It reads a folder (or one file) of game records in every form the project writes them: the
`games.jsonl` of `magnates simulate`, `arena` and `compare --out` (a compare folder's variants
too), a game saved by `magnates play --save`, and a game exported from the web platform. The
formats are described in `magnates.sim.report`; a record that does not fit is refused naming its
file, line and field.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from magnates.analysis.decided import decided_when
from magnates.analysis.sources import read_records
from magnates.sim.report import build_report, load_summaries, write_report

from .common import fail, user_errors
from .outputs import bad_path, check_out_folder


def report_command(
    source: Annotated[
        Path,
        typer.Argument(metavar="RECORDS", help="A folder of records (games.jsonl, saved games), or one such file."),
    ],
    out: Annotated[
        Path | None, typer.Option(help="Where to write report.md and the plots (default: beside the records).")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the report's numbers as one JSON object (the files are written too).")
    ] = False,
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
    if out is not None:
        check_out_folder(out, force=True)  # a report beside other files is expected; only the path is checked
    if decided < 0:
        fail(f"--decided counts games to review, not {decided}")
    with user_errors():
        report = build_report(*load_summaries(source))
        try:
            path = write_report(source, out, report)
            if decided:
                add_decided_when(source, path, decided)
        except OSError as err:
            bad_path(out or source, (err.strerror or str(err)).lower())
    if as_json:
        typer.echo(json.dumps(report.to_json()))
    else:
        typer.echo(f"Report of {report.games} games written to {path}")


def add_decided_when(source: Path, report: Path, games: int) -> None:
    """Append the coach's 'Decided when' section to report.md and its numbers to report.json."""
    records = read_records(source, games)
    found = decided_when(records)
    report.write_text(report.read_text().rstrip("\n") + "\n\n" + "\n".join(found.markdown()))
    data_path = report.with_name("report.json")
    data = json.loads(data_path.read_text())
    data["decided_when"] = found.to_json()
    data_path.write_text(json.dumps(data, indent=1))
