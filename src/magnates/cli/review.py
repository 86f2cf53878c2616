"""`magnates review`: one game reviewed move by move by the coach (`magnates.analysis`).

Prints a table per seat (accuracy, how many moves got each label, the three worst moves with the
better one), or with `--json` one object whose `decisions` hold one entry per decision; `--out`
writes review.json and the chart (review.png, review.svg).
"""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from magnates.analysis import CoachSettings, Review, review_record
from magnates.analysis.labels import LABELS
from magnates.analysis.review import side_names
from magnates.analysis.sources import read_record
from magnates.core.record import Record

from .common import SEED_HELP, err_console, fail, pick_seed, typed_bot, user_errors
from .outputs import Force, bad_path, check_out_folder
from .practice import practise


def review_command(
    source: Annotated[
        Path,
        typer.Argument(
            metavar="RECORD",
            help="A saved game (play --save, the web export) or a .jsonl of games (simulate --out, arena --out).",
        ),
    ],
    index: Annotated[
        int | None, typer.Option(help="Which game of a .jsonl file, counting from 0 (its 'index'); default the first.")
    ] = None,
    seat: Annotated[int | None, typer.Option(help="Review only this seat's moves (1 is the first player).")] = None,
    seconds: Annotated[
        float | None, typer.Option(help="At most this long per decision (a run cut by time may differ from the next).")
    ] = None,
    samples: Annotated[int, typer.Option(help="Worlds judged per decision: more is steadier and slower.")] = 8,
    seed: Annotated[
        int | None, typer.Option(help=SEED_HELP + " The same seed and samples give the same review.")
    ] = None,
    bot: Annotated[str | None, typer.Option(help="Also judge the move this bot would play (e.g. hard).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the review as one JSON object.")] = False,
    out: Annotated[
        Path | None, typer.Option(help="Write review.json, review.png and review.svg to this folder.")
    ] = None,
    force: Force = False,
    practice: Annotated[
        bool,
        typer.Option(
            "--practice",
            help="Then try the --seat's mistakes and blunders again, each at the position where it was chosen.",
        ),
    ] = False,
) -> None:
    """Every move of a game judged by the coach: win chances, the better move, and what each move cost."""
    if not source.exists():
        fail(f"{source} does not exist")
    if practice and seat is None:
        fail("--practice needs --seat: whose mistakes to try again (1 is the first player)")
    if practice and as_json:
        fail("--practice asks questions in the terminal; it cannot go with --json")
    if seconds is not None and seconds <= 0:
        fail(f"--seconds must be positive, not {seconds:g}")
    if samples < 1:
        fail(f"--samples must be at least 1, not {samples}")
    seed = pick_seed(seed)
    with user_errors():
        record = read_record(source, index)
        if out is not None:
            check_out_folder(out, force=force)  # before the review's minutes, not after
        settings = CoachSettings(samples=samples, seconds=seconds, seed=seed, bot=typed_bot(bot) if bot else None)
        seats = None if seat is None else [seat - 1]
        review = _run(record, settings, seats, show_progress=not as_json)
    if out is not None:
        try:
            (out / "review.json").write_text(json.dumps(review.to_json(), indent=1) + "\n")
            from magnates.analysis.chart import write_chart  # matplotlib loads only when a chart is asked for

            paths = write_chart(review, out)
        except OSError as err:
            bad_path(out, (err.strerror or str(err)).lower())
    if as_json:
        typer.echo(json.dumps(review.to_json()))
        return
    console = Console(highlight=False)
    print_review(review, console)
    if out is not None:
        console.print(f"Review and chart written to {out}/ ({', '.join(p.name for p in paths)})")
    if practice and seat is not None:
        with user_errors():
            practise(review, record, seat - 1, console, partial(_ask, console))


def _ask(console: Console, prompt: str) -> str | None:
    """A line typed at the prompt; None once the input has ended (Ctrl-D, a closed pipe)."""
    try:
        return console.input(prompt)
    except EOFError:
        return None


def _run(record: Record, settings: CoachSettings, seats: list[int] | None, *, show_progress: bool) -> Review:
    if not show_progress:
        return review_record(record, settings, seats=seats)
    columns = (TextColumn("reviewing"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn())
    with Progress(*columns, console=err_console, transient=True) as bar:
        task = bar.add_task("review", total=None)
        return review_record(
            record, settings, seats=seats, progress=lambda done, total: bar.update(task, completed=done, total=total)
        )


def print_review(review: Review, console: Console) -> None:
    names = side_names(review)
    console.print(
        f"{review.game}, {review.players} player(s): {len(review.decisions)} decisions reviewed "
        f"({review.source}, {review.settings.samples} worlds each, seed {review.settings.seed})"
    )
    if review.winner is not None:
        decided = "" if review.decided_at is None else f"; decided at action {review.decided_at + 1}"
        console.print(f"Winner: {names[review.winner]}{decided}")
    for summary in review.summaries():
        if summary.decisions == 0:
            continue
        table = Table(title=f"{names[summary.seat]}: accuracy {summary.accuracy:.1f}", title_justify="left")
        for label in LABELS:
            table.add_column(label, justify="right")
        table.add_row(*(str(summary.labels[label]) for label in LABELS))
        console.print(table)
        if summary.worst:
            worst = Table(show_header=True, box=None, padding=(0, 1))
            for column in ("action", "played", "better", "lost", "label"):
                worst.add_column(column)
            for d in summary.worst:
                worst.add_row(str(d.step + 1), d.action_text, d.best_text, f"{d.loss * 100:.0f}%", d.label)
            console.print(worst)
