"""`magnates compare`: the same simulation for several option sets, side by side.

Each `--variant` is a comma-separated list of NAME=VALUE options applied on top
of the common `--option`s. Every variant plays the same number of games from
the same seed with the same bots (rotating through the seats), so the columns
differ only by the rules. The first example is the seed's forum question: does
a fifth district (the Excuse) make Magnate less often decided by the first
tie-breaker, and does it change the first player's edge?
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from magnates.analysis.decided import DecidedWhen, decided_when
from magnates.core.errors import OptionError
from magnates.core.options import parse_option_pairs
from magnates.core.record import Record
from magnates.sim.arena import RECORDS_FILE, write_records
from magnates.sim.batch import BatchInterrupted, BatchResult, BatchSpec, default_workers, run_batch
from magnates.sim.report import Report, build_report, summary_from_outcome, write_report
from magnates.sim.stats import Interval, wilson_interval

from .bot_settings import SET_HELP, bot_settings
from .common import (
    DEFAULT_BOT_HELP,
    GAMES_DEFAULT,
    OPTION_HELP,
    PLAYERS_HELP,
    SEED_HELP,
    bot_names,
    fail,
    game_options,
    interrupted,
    load_game,
    pick_seed,
    user_errors,
)
from .outputs import Force, bad_path, check_out_folder
from .progress import progress


@dataclass
class VariantStudy:
    label: str
    options: dict[str, Any]
    report: Report
    seconds: float
    decided: DecidedWhen | None = None  # the coach's "decided when" over the first games (--decided)

    def decided_cell(self) -> str:
        """The median share of the game at which it was decided, with its quartiles."""
        if self.decided is None or not self.decided.decided_shares:
            return "-"
        low, mid, high = self.decided.quartiles()
        return f"{mid:.0%} ({low:.0%}-{high:.0%})"

    def share(self, count: int) -> tuple[float, Interval]:
        return self.report.rate(count), wilson_interval(count, self.report.games)

    def metrics(self) -> dict[str, tuple[float, Interval]]:
        """Shares with their 95% intervals: first player wins, draws, tie-breaks, each way of deciding."""
        rows = {
            "first player wins": self.share(self.report.first_player_wins),
            "decided by a tie-breaker": self.share(self.report.tiebreaks),
            "draw": self.share(self.report.draws),
        }
        for reason, count in self.report.reasons.items():
            if reason != "draw":  # already a row of its own
                rows[f"decided by {reason}"] = self.share(count)
        return rows

    def to_json(self) -> dict[str, Any]:
        data = self.report.to_json()
        return {
            "variant": self.label,
            "options": self.options,
            "games": self.report.games,
            "errors": self.report.errors,
            "seconds": self.seconds,
            "first_player_win_rate": data["first_player_win_rate"],
            "win_rate_by_seat": data["win_rate_by_seat"],
            "tiebreak": data["tiebreak"],
            "draws": data["draws"],
            "decided_by": data["decided_by"],
            "length": {k: v for k, v in data["length"].items() if k != "histogram"},
            **({"decided_when": self.decided.to_json()} if self.decided is not None else {}),
        }


def parse_variant(text: str) -> dict[str, str]:
    """`"districts=4,courts=false"` -> {"districts": "4", "courts": "false"}."""
    pairs = [part for part in (p.strip() for p in text.split(",")) if part]
    if not pairs:
        raise OptionError("a --variant names at least one option, e.g. --variant districts=4")
    return parse_option_pairs(pairs)


def slug(label: str) -> str:
    return re.sub(r"[^A-Za-z0-9=.-]+", "_", label).strip("_") or "default"


def study(
    game: str,
    base: dict[str, Any],
    variant: str,
    bots: list[str],
    games: int,
    seed: int,
    workers: int,
    out: Path | None,
    progress: Callable[[int], None] | None = None,
    decided: int = 0,
    settings: dict[str, dict[str, str]] | None = None,
) -> VariantStudy:
    options = {**base, **parse_variant(variant)}
    spec = BatchSpec.make(
        game,
        options,
        bots,
        games,
        seed,
        keep_records=out is not None or decided > 0,
        settings=BatchSpec.freeze_settings(settings),
    )
    try:
        batch = run_batch(spec, workers, progress)
    except BatchInterrupted as stopped:  # keep the games that finished, as a study of fewer games
        stopped.partial = finish_study(variant, stopped.partial, out, report=False)
        raise
    return finish_study(variant, batch, out, decided=decided)


def finish_study(
    variant: str, batch: BatchResult, out: Path | None, report: bool = True, decided: int = 0
) -> VariantStudy:
    """The variant's study from its games, whose records (and report, unless not `report`) go under `out`;
    with `decided`, the coach says when that many of its games were decided."""
    loaded = batch.spec.load()
    summaries = [summary_from_outcome(o, batch.spec.game, loaded.options) for o in batch.outcomes]
    finished = [s for s in summaries if s is not None]
    built = build_report(finished, errors=len(summaries) - len(finished))
    if out is not None:
        folder = out / slug(variant)
        write_records(folder / RECORDS_FILE, loaded, batch.outcomes)
        if report and batch.outcomes:
            write_report(folder, folder)
    when = None
    if decided:
        records = [
            Record(loaded.name, loaded.version, dict(loaded.options), list(o.actions)) for o in batch.outcomes[:decided]
        ]
        when = decided_when(records)
    return VariantStudy(variant, dict(loaded.options), built, batch.seconds, when)


def compare_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game (see `magnates games`).")],
    variant: Annotated[
        list[str], typer.Option("--variant", help="An option set NAME=VALUE[,NAME=VALUE...] (repeatable).")
    ],
    games: Annotated[
        int, typer.Option("--games", "-n", help="How many games each variant plays (all from the same seed).")
    ] = GAMES_DEFAULT,
    bots: Annotated[
        str | None, typer.Option(help=f"Bots, comma-separated; they rotate through the seats ({DEFAULT_BOT_HELP}).")
    ] = None,
    players: Annotated[int | None, typer.Option(help=PLAYERS_HELP)] = None,
    seed: Annotated[int | None, typer.Option(help=SEED_HELP + " Every variant plays from the same seed.")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=OPTION_HELP)] = None,
    workers: Annotated[int | None, typer.Option(help="Worker processes (default: one per CPU core).")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object instead of a table.")] = False,
    out: Annotated[
        Path | None, typer.Option(help="Write compare.md/.json, the chart, and each variant's records and report.")
    ] = None,
    force: Force = False,
    decided: Annotated[
        int, typer.Option(help="Review this many games of each variant with the coach: when was the game decided.")
    ] = 0,
    bot_set: Annotated[list[str] | None, typer.Option("--set", help=SET_HELP)] = None,
) -> None:
    """Simulate several option sets side by side: first-player edge, tie-breaks, draws, game length."""
    if games < 1:
        fail("--games must be at least 1")
    if workers is not None and workers < 1:
        fail("--workers must be at least 1")
    if len(variant) < 1:
        fail("give at least one --variant")
    if decided < 0:
        fail(f"--decided counts games to review, not {decided}")
    studies: list[VariantStudy] = []
    seed = pick_seed(seed)
    with user_errors():
        loaded = load_game(game_name, option or [], players)
        names = bot_names(bots, loaded)
        settings = bot_settings(bot_set or [], names, loaded)
        base = game_options(game_name, option or [], players)
        for text in variant:
            load_game(game_name, [*(option or []), *text_pairs(text)], players)  # bad variants fail before any game
        if out is not None:
            check_out_folder(out, force=force)
        try:
            for text in variant:
                with progress(text, games, enabled=not as_json) as ticker:
                    studies.append(
                        study(
                            game_name,
                            base,
                            text,
                            names,
                            games,
                            seed,
                            workers or default_workers(),
                            out,
                            ticker.advance,
                            decided,
                            settings,
                        )
                    )
        except BatchInterrupted as stopped:
            studies.append(stopped.partial)
            played = sum(s.report.games + s.report.errors for s in studies)
            done = f"{played} of {games * len(variant)} games finished"
            if out is None:
                interrupted(f"{done}; nothing written (no --out)")
            data = compare_data(game_name, names, games, seed, studies, settings)
            try:
                (out / "compare.json").write_text(json.dumps(data, indent=1))
            except OSError as err:
                bad_path(out, (err.strerror or str(err)).lower())
            interrupted(f"{done}; their records and compare.json written to {out}/")
    data = compare_data(game_name, names, games, seed, studies, settings)
    if out is not None:
        try:
            write_compare(out, data, studies)
        except OSError as err:
            bad_path(out, (err.strerror or str(err)).lower())
    if as_json:
        typer.echo(json.dumps(data))
    else:
        print_compare(Console(highlight=False), studies, game_name, names, games, seed)
        if out is not None:
            typer.echo(f"Comparison written to {out}/compare.md")


def compare_data(
    game: str,
    bots: list[str],
    games: int,
    seed: int,
    studies: list[VariantStudy],
    settings: dict[str, dict[str, str]] | None = None,
) -> dict[str, Any]:
    given = {"settings": settings} if settings else {}
    return {
        "game": game,
        "bots": bots,
        **given,
        "games": games,
        "seed": seed,
        "variants": [s.to_json() for s in studies],
    }


def text_pairs(text: str) -> list[str]:
    return [f"{k}={v}" for k, v in parse_variant(text).items()]


def _rows(studies: list[VariantStudy]) -> dict[str, list[tuple[float, Interval]]]:
    """Each metric's share in every variant (0 where that way of deciding never happened)."""
    names: list[str] = []
    for s in studies:
        names += [name for name in s.metrics() if name not in names]
    return {name: [s.metrics().get(name, s.share(0)) for s in studies] for name in names}


def print_compare(
    console: Console, studies: list[VariantStudy], game: str, bots: list[str], games: int, seed: int
) -> None:
    title = f"{game}: {games} games per variant, bots {', '.join(bots)}, seed {seed}"
    table = Table(title=title, title_justify="left")
    table.add_column("")
    for s in studies:
        table.add_column(s.label, justify="right")
    for name, cells in _rows(studies).items():
        shown = [f"{c[0]:.1%} ({c[1][0]:.1%}-{c[1][1]:.1%})" for c in cells]
        table.add_row(name, *shown)
    table.add_row("mean length", *(f"{s.to_json()['length']['mean']:.1f} {s.report.length_unit}" for s in studies))
    table.add_row("errors", *(str(s.report.errors) for s in studies))
    if any(s.decided is not None for s in studies):
        table.add_row("decided at (median, quartiles)", *(s.decided_cell() for s in studies))
    console.print(table)
    console.print("Shares of finished games with 95% Wilson intervals.")


def write_compare(out: Path, data: dict[str, Any], studies: list[VariantStudy]) -> list[Path]:
    from magnates.sim import plots

    out.mkdir(parents=True, exist_ok=True)
    (out / "compare.json").write_text(json.dumps(data, indent=1))
    rows = _rows(studies)
    metrics = {name: [c[0] for c in cells] for name, cells in rows.items()}
    spans = {name: [c[1] for c in cells] for name, cells in rows.items()}
    figures = plots.comparison([s.label for s in studies], metrics, out, intervals=spans)
    lines = [
        f"# {data['game']}: variants compared",
        "",
        f"{data['games']} games per variant, bots {', '.join(data['bots'])}, seed {data['seed']}. "
        "Shares of finished games with 95% Wilson intervals.",
        "",
        "| | " + " | ".join(s.label for s in studies) + " |",
        "|---|" + "---:|" * len(studies),
    ]
    for name, cells in rows.items():
        shown = [f"{c[0]:.1%} ({c[1][0]:.1%} to {c[1][1]:.1%})" for c in cells]
        lines.append(f"| {name} | " + " | ".join(shown) + " |")
    lines.append(
        "| mean length | "
        + " | ".join(f"{s.to_json()['length']['mean']:.1f} {s.report.length_unit}" for s in studies)
        + " |"
    )
    if any(s.decided is not None for s in studies):
        lines.append("| decided at (median, quartiles) | " + " | ".join(s.decided_cell() for s in studies) + " |")
    lines += ["", f"![variants compared]({figures[0].name}) ([SVG]({figures[1].name}))", ""]
    lines += [f"- {s.label}: [report]({slug(s.label)}/report.md)" for s in studies]
    (out / "compare.md").write_text("\n".join(lines) + "\n")
    return [out / "compare.json", out / "compare.md", *figures]
