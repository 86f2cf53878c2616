"""`magnates simulate`: many games between bots, with seats rotated, and what came of them.

The numbers come from `magnates.sim` (see docs/reference/simulation.md for the JSON and
the files written by `--out`); this module only parses arguments and prints.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from magnates.core.design import shown
from magnates.core.game import Game
from magnates.core.record import Record
from magnates.sim.arena import RECORDS_FILE
from magnates.sim.batch import BatchInterrupted, BatchResult, BatchSpec, default_workers, run_batch
from magnates.sim.extend import EarlierBatch, check_same_batch, combined_summary, read_batch, renumbered
from magnates.sim.report import write_report
from magnates.sim.runner import GameOutcome
from magnates.sim.stats import Summary

from .bot_settings import SET_HELP, bot_settings, settings_text
from .common import (
    DEFAULT_BOT_HELP,
    GAMES_DEFAULT,
    OPTION_HELP,
    PLAYERS_HELP,
    SEED_HELP,
    bot_names,
    fail,
    interrupted,
    load_game,
    pick_seed,
    user_errors,
)
from .outputs import Force, bad_path, check_out_folder
from .progress import progress

GAMES_HELP = "How many games to play (the one batch whose results are shown)."


def simulate_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game (see `magnates games`).")],
    games: Annotated[int, typer.Option("--games", "-n", help=GAMES_HELP)] = GAMES_DEFAULT,
    bots: Annotated[
        str | None, typer.Option(help=f"Bots, comma-separated; they rotate through the seats ({DEFAULT_BOT_HELP}).")
    ] = None,
    players: Annotated[int | None, typer.Option(help=PLAYERS_HELP)] = None,
    seed: Annotated[int | None, typer.Option(help=SEED_HELP)] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=OPTION_HELP)] = None,
    workers: Annotated[int | None, typer.Option(help="Worker processes (default: one per CPU core).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    out: Annotated[
        Path | None, typer.Option(help=f"Write every game's record ({RECORDS_FILE}), the summary and a report here.")
    ] = None,
    force: Force = False,
    append: Annotated[
        bool,
        typer.Option(
            "--append",
            help="Add this run's games to those already in --out (the same game, options and bots, another "
            "seed): one record file and one summary of them all.",
        ),
    ] = False,
    backend: Annotated[str, typer.Option(help="local (process pool) or ray (the ray extra).")] = "local",
    bot_set: Annotated[list[str] | None, typer.Option("--set", help=SET_HELP)] = None,
) -> None:
    """Play many games between bots and count wins per seat and per bot, draws and how games ended."""
    if games < 1:
        fail("--games must be at least 1")
    if workers is not None and workers < 1:
        fail("--workers must be at least 1")
    if backend not in ("local", "ray"):
        fail(f"unknown backend {backend!r}; choose local or ray")
    with user_errors():
        game = load_game(game_name, option or [], players)
        names = bot_names(bots, game)
        settings = bot_settings(bot_set or [], names, game)
        spec = BatchSpec.make(
            game_name,
            dict(game.options),
            names,
            games,
            pick_seed(seed),
            keep_records=out is not None,
            settings=BatchSpec.freeze_settings(settings),
        )
    earlier = None
    if append:
        earlier = batch_to_extend(out, force, game, list(names), spec)
    elif out is not None:
        check_out_folder(out, force=force)
    try:
        with user_errors():
            batch = _run(spec, workers or default_workers(), show_progress=not as_json, backend=backend)
    except BatchInterrupted as stopped:
        partial: BatchResult = stopped.partial
        done = f"{len(partial.outcomes)} of {games} games finished"
        if out is None:
            interrupted(f"{done}; nothing written (no --out)")
        if earlier is not None:
            add_out(out, earlier, partial)
            interrupted(f"{done}; added to {out}/ (magnates report {out} updates the report)")
        write_out(out, partial, partial.summary())  # no plots: leave at once; `magnates report` draws them
        interrupted(f"{done}; their records and summary written to {out}/ (magnates report {out} adds the report)")
    summary = batch.summary()
    if out is not None and earlier is not None:
        summary = add_out(out, earlier, batch)
        with user_errors():
            write_report(out, out)
    elif out is not None:
        save_results(out, batch, summary)
    if as_json:
        typer.echo(json.dumps(summary.to_json()))
    else:
        print_summary(Console(highlight=False), summary, game.title)
        if out is not None:
            typer.echo(f"Records, summary and report written to {out}/")


def batch_to_extend(out: Path | None, force: bool, game: Game, bots: list[str], spec: BatchSpec) -> EarlierBatch:
    """The games in `out` that `--append` adds to, checked (and replayed) before any game is played."""
    if out is None:
        fail("--append needs --out DIR, the folder of the games to add to")
    if force:
        fail("give --append (add to the games there) or --force (replace them), not both")
    with user_errors():
        earlier = read_batch(out)
        check_same_batch(earlier, out, game, bots, spec.seed, spec.settings_json())
    check_out_folder(out, force=True)
    return earlier


def add_out(folder: Path, earlier: EarlierBatch, batch: BatchResult) -> Summary:
    """Append this run's games to the folder's record file and rewrite its summary over them all.

    Only new lines are written to games.jsonl (the earlier ones are never rewritten), and the
    summary is replaced whole, so a failure part-way cannot lose the games already there.
    """
    new = renumbered(batch.outcomes, start=len(earlier.outcomes))
    everything = BatchResult(
        batch.spec, [*earlier.outcomes, *new], earlier.seconds + batch.seconds, batch.workers, players=batch.players
    )
    summary = combined_summary(everything.summary(), [*earlier.seeds, batch.spec.seed])
    game = batch.spec.load()
    try:
        with (folder / RECORDS_FILE).open("a") as lines:
            for outcome in new:
                lines.write(json.dumps(_line(game, outcome)) + "\n")
        partial = folder / "summary.json.partial"
        partial.write_text(json.dumps(summary.to_json(), indent=1) + "\n")
        partial.replace(folder / "summary.json")
    except OSError as err:
        bad_path(folder, (err.strerror or str(err)).lower())
    return summary


def save_results(out: Path, batch: BatchResult, summary: Summary) -> None:
    """The records, the summary and the report (report.md, report.json, plots) of these games."""
    write_out(out, batch, summary)
    if batch.outcomes:
        with user_errors():
            write_report(out, out)


def _run(spec: BatchSpec, workers: int, show_progress: bool, backend: str = "local") -> BatchResult:
    if backend == "ray":
        from magnates.sim import ray_backend

        return ray_backend.run_batch(spec, workers)  # type: ignore[no-any-return]
    with progress(f"{spec.game} games", spec.games, enabled=show_progress) as ticker:
        return run_batch(spec, workers, ticker.advance)


def write_out(folder: Path, batch: BatchResult, summary: Summary) -> None:
    """games.jsonl (one game per line, in index order) and summary.json; see docs/reference/simulation.md."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        game = batch.spec.load()
        with (folder / RECORDS_FILE).open("w") as lines:
            for outcome in batch.outcomes:
                lines.write(json.dumps(_line(game, outcome)) + "\n")
        (folder / "summary.json").write_text(json.dumps(summary.to_json(), indent=1) + "\n")
    except OSError as err:
        bad_path(folder, (err.strerror or str(err)).lower())


def _line(game: Game, outcome: GameOutcome) -> dict[str, object]:
    """One line of games.jsonl: the replayable record beside what the game came to."""
    record = Record(
        game.name,
        game.version,
        dict(game.options),
        outcome.actions,
        meta={"index": outcome.index, "seed": outcome.seed, "bots": outcome.bots},
    )
    return {"record": record.to_json(), **outcome.to_json()}


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def print_summary(console: Console, summary: Summary, title: str) -> None:
    options = ", ".join(f"{k}={v}" for k, v in shown(summary.options).items()) or "no options"
    console.print(
        f"[bold]{summary.games} games of {escape(title)}[/], "
        f"bots {escape(', '.join(summary.bots))}, seed {summary.seed}"
    )
    console.print(f"Options: {escape(options)}")
    if summary.settings:
        console.print(f"Bot settings: {escape(settings_text(summary.settings))}")
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
