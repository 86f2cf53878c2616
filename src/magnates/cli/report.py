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
) -> None:
    """Win rate by seat, game length, how games were decided and income by source, as Markdown and plots."""
    if not source.exists():
        fail(f"{source} does not exist")
    if out is not None:
        check_out_folder(out, force=True)  # a report beside other files is expected; only the path is checked
    with user_errors():
        report = build_report(*load_summaries(source))
        try:
            path = write_report(source, out, report)
        except OSError as err:
            bad_path(out or source, (err.strerror or str(err)).lower())
    if as_json:
        typer.echo(json.dumps(report.to_json()))
    else:
        typer.echo(f"Report of {report.games} games written to {path}")
