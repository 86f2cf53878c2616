"""`magnates analyze`: exact numbers for designers, computed from the dice rather than simulated.

A game offers an analysis through its registry entry (`GameEntry.analysis`, an
`Analyzer`: `analyze(options, turns)` gives tables of exact fractions and
`plot(analysis, out_dir)` draws them). Magnate has one.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from magnates.games import Analyzer, entry

from .common import OPTION_HELP, PLAYERS_HELP, fail, load_game, user_errors
from .outputs import Force, bad_path, check_out_folder

COMPACT_ABOVE = 6
"""Tables wider than this show bare fractions in the terminal (the decimals are in --json and --out)."""
ROOMY_WIDTH = 110
"""A terminal narrower than this (80 columns, a phone) gets bare fractions in every table, so that
the rows do not wrap into unreadable stacks."""


def cell_text(cell: Any, compact: bool = False) -> str:
    """A Fraction as `19/100 (0.190)` (just `19/100` when compact); whole numbers and text as they are."""
    if isinstance(cell, Fraction):
        if cell.denominator == 1 or compact:
            return str(cell)
        return f"{cell} ({float(cell):.3f})"
    return str(cell)


def parse_turns(text: str) -> list[int]:
    try:
        turns = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        fail(f"--turns takes whole numbers separated by commas, not {text!r}")
    if not turns or any(n < 0 for n in turns):
        fail("--turns needs at least one number of rolls, none negative")
    return turns


def analyze_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game (only magnate has an analysis).")],
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=OPTION_HELP)] = None,
    players: Annotated[int | None, typer.Option(help=PLAYERS_HELP)] = None,
    turns: Annotated[str, typer.Option(help="Rolls left at which to show the expected profit, comma-separated.")] = (
        "5,10,15,20,25,30,40,50,60"
    ),
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object (exact values as strings).")] = False,
    out: Annotated[Path | None, typer.Option(help="Write analysis.md, analysis.json and the profit plot here.")] = None,
    force: Force = False,
) -> None:
    """Exact probabilities and expectations from the dice: production, taxation, income, profit."""
    horizon = parse_turns(turns)
    with user_errors():
        game = load_game(game_name, option or [], players)
    analyzer = entry(game_name).analysis
    if analyzer is None:
        fail(f"there is no designer analysis for {game_name} yet; magnate has one")
    if out is not None:
        check_out_folder(out, force=force)
    analysis = analyzer.analyze(game.options, horizon)
    if out is not None:
        try:
            write_analysis(analyzer, analysis, out, game.title)
        except OSError as err:
            bad_path(out, (err.strerror or str(err)).lower())
    if as_json:
        typer.echo(json.dumps({"game": game.name, "options": game.options, **analysis.to_json()}))
        return
    console = Console(highlight=False)
    options = ", ".join(f"{k}={v}" for k, v in game.options.items())
    console.print(f"[bold]{escape(game.title)}[/] ({escape(options)}): exact values from the dice")
    for table in analysis.tables:
        shown = Table(title=table.title, title_justify="left", caption=table.note or None, caption_justify="left")
        for i, column in enumerate(table.columns):
            shown.add_column(column, justify="left" if i == 0 else "right")
        compact = len(table.columns) > COMPACT_ABOVE or console.width < ROOMY_WIDTH
        for row in table.rows:
            shown.add_row(*(cell_text(c, compact) for c in row))
        console.print(shown)
    if out is not None:
        console.print(f"Tables and plot written to {out}/", markup=False)


def write_analysis(analyzer: Analyzer, analysis: Any, out: Path, title: str) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    (out / "analysis.json").write_text(json.dumps(analysis.to_json(), indent=1))
    figures: list[Path] = analyzer.plot(analysis, out)
    lines = [f"# {title}: exact numbers from the dice", ""]
    for table in analysis.tables:
        lines += [
            f"## {table.title}",
            "",
            "| " + " | ".join(table.columns) + " |",
            "|---|" + "---:|" * (len(table.columns) - 1),
        ]
        lines += ["| " + " | ".join(cell_text(c) for c in row) + " |" for row in table.rows]
        if table.note:
            lines += ["", table.note]
        lines.append("")
    if figures:
        lines.append(f"![expected profit]({figures[0].name}) ([SVG]({figures[-1].name}))")
    path = out / "analysis.md"
    path.write_text("\n".join(lines) + "\n")
    return [out / "analysis.json", path, *figures]
