"""`magnates report`: the Markdown report with plots, from any folder of saved game records.

`magnates simulate --out` already writes one; this command makes one for other
folders too (an arena's records, a merge of several runs), or again after the
records were moved. The input formats are described in `magnates.sim.report`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from magnates.sim.report import write_report

from .common import fail, user_errors


def report_command(
    source: Annotated[Path, typer.Argument(metavar="RECORDS", help="A folder of *.jsonl record files, or one file.")],
    out: Annotated[
        Path | None, typer.Option(help="Where to write report.md and the plots (default: beside the records).")
    ] = None,
) -> None:
    """Win rate by seat, game length, how games were decided and income by source, as Markdown and plots."""
    if not source.exists():
        fail(f"{source} does not exist")
    with user_errors():
        try:
            path = write_report(source, out)
        except OSError as err:
            fail(f"cannot write the report: {err.strerror}", 1)
    typer.echo(f"Report written to {path}")
