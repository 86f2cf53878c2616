"""`magnates arena`: a round robin between bots, every seat order, win rates and ratings.

The schedule, the head-to-head counts and the ratings are defined in
`magnates.sim.arena`; this module parses arguments, shows progress and prints.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from magnates.bots.policy import normalized
from magnates.sim.arena import (
    ArenaResult,
    combine_arenas,
    matchups,
    read_arena,
    run_arena,
    write_arena_report,
)

from .common import OPTION_HELP, PLAYERS_HELP, fail, game_options, load_game, user_errors

BACKEND_HELP = "local (a process pool on this machine) or ray (a Ray cluster; needs the ray extra of magnates)."


def arena_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game (see `magnates games`).")],
    bots: Annotated[
        str,
        typer.Option(help="Two or more different bots, comma-separated (default: greedy against the random baseline)."),
    ] = "greedy,random",
    games: Annotated[
        int,
        typer.Option(
            "--games",
            "-n",
            help="Games PER PAIRING (each pair or group of bots), dealt over every seat order in turn; "
            "the total is printed before the run starts.",
        ),
    ] = 100,
    players: Annotated[int | None, typer.Option(help=PLAYERS_HELP)] = None,
    seed: Annotated[int, typer.Option(help="Seed of the arena (game i uses a seed derived from it).")] = 0,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=OPTION_HELP)] = None,
    workers: Annotated[int | None, typer.Option(help="Worker processes (default: one per CPU core).")] = None,
    backend: Annotated[str, typer.Option(help=BACKEND_HELP)] = "local",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    out: Annotated[
        Path | None,
        typer.Option(
            help="Write records.jsonl, arena.json, arena.md and the plot to this folder (nothing by default)."
        ),
    ] = None,
    combine: Annotated[
        list[Path] | None,
        typer.Option(
            "--combine",
            metavar="DIR",
            help="Play nothing: combine arenas written with --out (the same game, options and bots, other "
            "seeds) into one table and ratings, written to --out if given; repeat for each folder.",
        ),
    ] = None,
) -> None:
    """Play every bot against every other from every seat; print win rates (95% CI) and openskill ratings."""
    if combine:
        combine_command(game_name, combine, out, as_json)
        return
    if games < 1:
        fail("--games must be at least 1")
    if workers is not None and workers < 1:
        fail("--workers must be at least 1")
    if backend not in ("local", "ray"):
        fail(f"unknown backend {backend!r}; choose local or ray")
    names = [normalized(name) for name in bots.split(",") if name.strip()]
    folder = out
    with user_errors():
        game = load_game(game_name, option or [], players)
        options = game_options(game_name, option or [], players)
        pairings = len(matchups(names, game.num_players)) if len(set(names)) == len(names) else 0
        total = pairings * games
        if total and not as_json:
            Console(stderr=True, highlight=False).print(
                f"{total} games: {pairings} pairing(s) x {games} games each", markup=False
            )
        result = _run(game_name, names, games, options, seed, workers, backend, folder, total, not as_json)
    report(result, folder, as_json, game.title)


def combine_command(game_name: str, folders: list[Path], out: Path | None, as_json: bool) -> None:
    """`--combine`: several arenas' games as one arena; the report goes under `out` (the games'
    records stay in their own folders)."""
    with user_errors():
        game = load_game(game_name, [], None)
        result = combine_arenas([read_arena(folder) for folder in folders])
        if result.game != game.name:
            fail(f"these arenas are of {result.game}, not {game.name}")
    report(result, out, as_json, game.title)


def report(result: ArenaResult, folder: Path | None, as_json: bool, title: str) -> None:
    """Write the report under `folder` (if any), then print the tables or the JSON."""
    if folder is not None:
        try:
            write_arena_report(result, folder)
        except OSError as err:
            fail(f"cannot write to {folder}: {err.strerror}", 1)
        if as_json:
            Console(stderr=True, highlight=False).print(f"records and report written to {folder}/", markup=False)
    if as_json:
        typer.echo(json.dumps(result.to_json()))
    else:
        print_arena(Console(highlight=False), result, title)


def _run(
    game: str,
    bots: list[str],
    games: int,
    options: dict[str, str | int],
    seed: int,
    workers: int | None,
    backend: str,
    out: Path | None,
    total: int,
    show_progress: bool,
) -> ArenaResult:
    def go(progress: object = None) -> ArenaResult:
        return run_arena(
            game,
            bots,
            games,
            options=dict(options),
            seed=seed,
            workers=workers,
            backend=backend,
            out=out,
            progress=progress,  # type: ignore[arg-type]
        )

    if not show_progress or total == 0:
        return go()
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task(f"{game} arena", total=total)
        return go(lambda n: bar.advance(task, n))


def print_arena(console: Console, result: ArenaResult, title: str) -> None:
    options = ", ".join(f"{k}={v}" for k, v in result.options.items()) or "default options"
    console.print(
        f"[bold]Arena: {title}[/] ({options}); {len(result.outcomes)} games, {result.games_per_matchup} per "
        f"matchup over every seat order; {result.seed_text}; {result.workers} worker(s), {result.backend}; "
        f"{result.seconds:.1f} s"
    )
    pairs = Table(title="Head to head (win rate = wins / games; draws are not wins)", title_justify="left")
    for column in ("Bot", "Opponent", "Games", "Wins", "Losses", "Draws", "Win rate", "95% CI"):
        pairs.add_column(column, justify="left" if column in ("Bot", "Opponent") else "right")
    for row in (stats.to_json() for stats in result.pairs):
        low, high = row["ci95"]
        pairs.add_row(
            row["bot"],
            row["opponent"],
            str(row["games"]),
            str(row["wins"]),
            str(row["losses"]),
            str(row["draws"]),
            f"{row['win_rate']:.1%}",
            f"{low:.1%} to {high:.1%}",
        )
    console.print(pairs)
    ratings = Table(title="Openskill ratings (Plackett-Luce; rating = mu - 3 sigma)", title_justify="left")
    for column in ("Bot", "Rating", "mu", "sigma"):
        ratings.add_column(column, justify="left" if column == "Bot" else "right")
    for bot in sorted(result.bots, key=result.rating, reverse=True):
        mu, sigma = result.ratings[bot]
        ratings.add_row(bot, f"{result.rating(bot):.2f}", f"{mu:.2f}", f"{sigma:.2f}")
    console.print(ratings)
    if result.errors:
        console.print(f"[bold red]{result.errors} game(s) raised an error[/] (left out of every count)")
    if result.records:
        console.print(f"Records and report written to {Path(result.records).parent}/", markup=False)
