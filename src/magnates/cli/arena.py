"""`magnates arena`: a round robin between bots, every seat order, win rates and ratings.

The schedule, the head-to-head counts and the ratings are defined in
`magnates.sim.arena`; this module parses arguments, shows progress and prints.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.table import Table

from magnates.core.design import shown
from magnates.sim.arena import (
    RECORDS_FILE,
    ArenaResult,
    combine_arenas,
    matchups,
    read_arena,
    run_arena,
    write_arena_report,
)
from magnates.sim.batch import BatchInterrupted

from .bot_settings import SET_HELP, bot_settings, settings_text
from .common import (
    GAMES_DEFAULT,
    OPTION_HELP,
    PLAYERS_HELP,
    SEED_HELP,
    fail,
    game_options,
    interrupted,
    load_game,
    pick_seed,
    typed_bot,
    user_errors,
)
from .outputs import Force, bad_path, check_out_folder
from .progress import progress

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
            help="How many games each pairing (each pair or group of bots) plays, dealt over every seat order "
            "in turn; the total is printed before the run starts.",
        ),
    ] = GAMES_DEFAULT,
    players: Annotated[int | None, typer.Option(help=PLAYERS_HELP)] = None,
    seed: Annotated[int | None, typer.Option(help=SEED_HELP)] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=OPTION_HELP)] = None,
    workers: Annotated[int | None, typer.Option(help="Worker processes (default: one per CPU core).")] = None,
    backend: Annotated[str, typer.Option(help=BACKEND_HELP)] = "local",
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of tables.")] = False,
    out: Annotated[
        Path | None,
        typer.Option(
            help=f"Write the games ({RECORDS_FILE}), arena.json, arena.md and the plot to this folder "
            "(nothing by default)."
        ),
    ] = None,
    force: Force = False,
    append: Annotated[
        bool,
        typer.Option(
            "--append",
            help="Add this run's games to the arena already in --out (the same game, options and bots, another "
            "seed): one table and one rating list of them all.",
        ),
    ] = False,
    bot_set: Annotated[list[str] | None, typer.Option("--set", help=SET_HELP)] = None,
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
        if out is not None:
            check_out_folder(out, force=force)
        combine_command(game_name, combine, out, as_json)
        return
    if games < 1:
        fail("--games must be at least 1")
    if workers is not None and workers < 1:
        fail("--workers must be at least 1")
    if backend not in ("local", "ray"):
        fail(f"unknown backend {backend!r}; choose local or ray")
    names = [typed_bot(name) for name in bots.split(",") if name.strip()]
    folder = out
    seed = pick_seed(seed)
    with user_errors():
        game = load_game(game_name, option or [], players)
        options = game_options(game_name, option or [], players)
        settings = bot_settings(bot_set or [], names, game)
        pairings = len(matchups(names, game.num_players)) if len(set(names)) == len(names) else 0
        total = pairings * games
        earlier = None
        if append:
            earlier = arena_to_extend(folder, force, game.name, dict(game.options), names, seed, settings)
            run_folder: Path | None = fresh_folder(folder / ".append-run")  # type: ignore[operator]
        else:
            if folder is not None:
                check_out_folder(folder, force=force)
            run_folder = folder
        if total and not as_json:
            Console(stderr=True, highlight=False).print(
                f"{total} games: {pairings} pairing(s) x {games} games each, seed {seed}", markup=False
            )
        try:
            result = _run(
                game_name, names, games, options, seed, workers, backend, run_folder, total, not as_json, settings
            )
        except BatchInterrupted as stopped:
            partial: ArenaResult = stopped.partial
            done = f"{len(partial.outcomes)} of {total} games finished"
            if earlier is not None and run_folder is not None:
                shutil.rmtree(run_folder, ignore_errors=True)
                interrupted(f"{done}; nothing appended to {folder}/ (an arena is added whole)")
            if folder is None:
                interrupted(f"{done}; nothing written (no --out)")
            try:
                (folder / "arena.json").write_text(json.dumps(partial.to_json(), indent=1))
            except OSError as err:
                bad_path(folder, (err.strerror or str(err)).lower())
            interrupted(f"{done}; their records and arena.json written to {folder}/")
        if earlier is not None and folder is not None and run_folder is not None:
            result = append_arena(earlier, result, folder, run_folder)
    report(result, folder, as_json, game.title)


def arena_to_extend(
    folder: Path | None,
    force: bool,
    game: str,
    options: dict[str, object],
    bots: list[str],
    seed: int,
    settings: dict[str, dict[str, str]] | None = None,
) -> ArenaResult:
    """The arena in `folder` that `--append` adds to, checked before any game: the same game,
    options and bots, and a seed it has not played."""
    if folder is None:
        fail("--append needs --out DIR, the folder of the arena to add to")
    if force:
        fail("give --append (add to the arena there) or --force (replace it), not both")
    earlier = read_arena(folder)
    check_out_folder(folder, force=True)
    if (earlier.game, earlier.options, earlier.bots) != (game, options, bots):
        fail(
            f"{folder} holds an arena of {earlier.game} with bots {','.join(earlier.bots)} and options "
            f"{earlier.options}; --append adds games of the same game, options and bots"
        )
    if earlier.settings != (settings or {}):
        fail(
            f"{folder} holds an arena whose bots played with settings {settings_text(earlier.settings) or 'none'}; "
            "--append adds games with the same --set"
        )
    if seed in (earlier.seeds or [earlier.seed]):
        fail(f"{folder} already played seed {seed}; give another --seed to add other games")
    return earlier


def fresh_folder(path: Path) -> Path:
    shutil.rmtree(path, ignore_errors=True)
    path.mkdir(parents=True)
    return path


def append_arena(earlier: ArenaResult, result: ArenaResult, folder: Path, run_folder: Path) -> ArenaResult:
    """The two arenas as one; this run's records are added to the folder's record file."""
    with user_errors():
        combined = combine_arenas([earlier, result])
    target = next(
        (folder / n for n in (RECORDS_FILE, "records.jsonl") if (folder / n).is_file()), folder / RECORDS_FILE
    )
    try:
        with target.open("a") as records:
            records.write((run_folder / RECORDS_FILE).read_text())
    except OSError as err:
        bad_path(folder, (err.strerror or str(err)).lower())
    finally:
        shutil.rmtree(run_folder, ignore_errors=True)
    combined.records = str(target)
    return combined


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
            bad_path(folder, (err.strerror or str(err)).lower())
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
    settings: dict[str, dict[str, str]] | None = None,
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
            settings=settings,
        )

    if total == 0:
        return go()
    with progress(f"{game} arena", total, enabled=show_progress) as ticker:
        return go(ticker.advance)


def print_arena(console: Console, result: ArenaResult, title: str) -> None:
    options = ", ".join(f"{k}={v}" for k, v in shown(result.options).items()) or "default options"
    console.print(
        f"[bold]Arena: {title}[/] ({options}); {len(result.outcomes)} games, {result.games_per_matchup} per "
        f"matchup over every seat order; {result.seed_text}; {result.workers} worker(s), {result.backend}; "
        f"{result.seconds:.1f} s"
    )
    if result.settings:
        console.print(f"Bot settings: {settings_text(result.settings)}", markup=False)
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
