"""`magnates simulate`: many games between bots, with seats rotated, and what came of them.

The numbers come from `magnates.sim` (see docs/simulation.md for the JSON and
the files written by `--out`); this module only parses arguments and prints.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from magnates.core.record import Record
from magnates.sim.batch import BatchResult, BatchSpec, default_workers, run_batch
from magnates.sim.report import write_report
from magnates.sim.stats import Summary

from .common import DEFAULT_BOT_HELP, OPTION_HELP, PLAYERS_HELP, bot_names, fail, load_game, user_errors


def simulate_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game (see `magnates games`).")],
    games: Annotated[int, typer.Option("--games", "-n", help="How many games to play.")] = 100,
    bots: Annotated[
        str | None, typer.Option(help=f"Bots, comma-separated; they rotate through the seats ({DEFAULT_BOT_HELP}).")
    ] = None,
    players: Annotated[int | None, typer.Option(help=PLAYERS_HELP)] = None,
    seed: Annotated[int, typer.Option(help="Seed of the whole batch (game i uses a seed derived from it).")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=OPTION_HELP)] = None,
    workers: Annotated[int | None, typer.Option(help="Worker processes (default: one per CPU core).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    out: Annotated[Path | None, typer.Option(help="Write every game's record and the summary to this folder.")] = None,
    backend: Annotated[str, typer.Option(help="local (process pool) or ray (the ray extra).")] = "local",
) -> None:
    """Play many games between bots and count wins per seat and per bot, draws and how games ended."""
    if games < 1:
        fail("--games must be at least 1")
    if workers is not None and workers < 1:
        fail("--workers must be at least 1")
    with user_errors():
        game = load_game(game_name, option or [], players)
        names = bot_names(bots, game)
        spec = BatchSpec.make(game_name, dict(game.options), names, games, seed, keep_records=out is not None)
        if backend not in ("local", "ray"):
            fail(f"unknown backend {backend!r}; choose local or ray")
        batch = _run(spec, workers or default_workers(), show_progress=not as_json, backend=backend)
    summary = batch.summary()
    if out is not None:
        write_out(out, batch, summary)
        with user_errors():
            write_report(out, out)  # report.md (+ report.json, PNG and SVG plots) from games.jsonl
    if as_json:
        typer.echo(json.dumps(summary.to_json()))
    else:
        print_summary(Console(highlight=False), summary, game.title)
        if out is not None:
            typer.echo(f"Records and summary written to {out}/")


def _run(spec: BatchSpec, workers: int, show_progress: bool, backend: str = "local") -> BatchResult:
    if backend == "ray":
        from magnates.sim import ray_backend

        return ray_backend.run_batch(spec, workers)  # type: ignore[no-any-return]
    if not show_progress:
        return run_batch(spec, workers)
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as progress:
        task = progress.add_task(f"{spec.game} games", total=spec.games)
        return run_batch(spec, workers, lambda n: progress.advance(task, n))


def write_out(folder: Path, batch: BatchResult, summary: Summary) -> None:
    """games.jsonl (one game per line, in index order) and summary.json; see docs/simulation.md."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        game = batch.spec.load()
        with (folder / "games.jsonl").open("w") as lines:
            for outcome in batch.outcomes:
                record = Record(
                    game.name,
                    game.version,
                    dict(game.options),
                    outcome.actions,
                    meta={"index": outcome.index, "seed": outcome.seed, "bots": outcome.bots},
                )
                line = {"record": record.to_json(), **outcome.to_json()}
                lines.write(json.dumps(line) + "\n")
        (folder / "summary.json").write_text(json.dumps(summary.to_json(), indent=1) + "\n")
    except OSError as err:
        fail(f"cannot write to {folder}: {err.strerror}", 1)


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def print_summary(console: Console, summary: Summary, title: str) -> None:
    options = ", ".join(f"{k}={v}" for k, v in summary.options.items()) or "no options"
    console.print(
        f"[bold]{summary.games} games of {escape(title)}[/], "
        f"bots {escape(', '.join(summary.bots))}, seed {summary.seed}"
    )
    console.print(f"Options: {escape(options)}")
    console.print(f"{summary.seconds:.1f} s on {summary.workers} worker(s): {summary.games_per_second:.1f} games/s")
    finished = summary.finished
    seats = Table(title="Wins by seat", title_justify="left")
    seats.add_column("Seat")
    seats.add_column("Wins", justify="right")
    seats.add_column("Share", justify="right")
    seats.add_column("Mean score", justify="right")
    for seat, wins in enumerate(summary.wins):
        seats.add_row(f"Player {seat + 1}", str(wins), _percent(wins, finished), f"{summary.mean_scores[seat]:.2f}")
    seats.add_row("Draws", str(summary.draws), _percent(summary.draws, finished), "")
    console.print(seats)
    by_bot = Table(title="Wins by bot (seats rotate each game)", title_justify="left")
    by_bot.add_column("Bot")
    by_bot.add_column("Games", justify="right")
    by_bot.add_column("Wins", justify="right")
    by_bot.add_column("Win rate", justify="right")
    for bot, rate in summary.win_rate_by_bot().items():
        by_bot.add_row(bot, str(summary.games_by_bot[bot]), str(summary.wins_by_bot[bot]), f"{100 * rate:.1f}%")
    console.print(by_bot)
    reasons = Table(title="How games were decided", title_justify="left")
    reasons.add_column("Reason")
    reasons.add_column("Games", justify="right")
    reasons.add_column("Share", justify="right")
    for reason, count in summary.reasons.items():
        reasons.add_row(reason, str(count), _percent(count, finished))
    console.print(reasons)
    console.print(
        f"Per game: {summary.mean_turns:.1f} turns, {summary.mean_actions:.1f} actions "
        f"({summary.mean_decisions:.1f} decisions, the rest chance)."
    )
    if summary.errors:
        console.print(f"[bold red]{summary.errors} game(s) raised an error:[/]")
        for message, count in summary.error_messages.items():
            console.print(f"  {count} x {message}", markup=False)
    else:
        console.print("Errors: 0")
