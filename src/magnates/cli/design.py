"""`magnates design GAME`: the game's shipped design as a design file, and checking a designer's file.

Galactic Magnate's tables and Magistrate's map, deck and Agent Ops board are data. A designer
exports them (`magnates design GAME --out mine.json`), edits a copy (or keeps only the parts to
change: a design file may give any subset), checks it (`--check mine.json`: every field, reference
and count, with the field named), then plays it with `--option design=mine.json` in play,
simulate, arena, compare and rules. See `magnates.core.design` for the merge rule.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from magnates.core import design as core_design
from magnates.games import entry, games, load

from .common import fail, user_errors
from .outputs import bad_path


def design_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game (see `magnates games`).")],
    out: Annotated[
        Path | None, typer.Option(help="Write the shipped design to this file instead of printing it.")
    ] = None,
    force: Annotated[bool, typer.Option("--force", help="Replace the --out file if it exists.")] = False,
    check: Annotated[
        Path | None,
        typer.Option(help="Check this design file: say what it changes, or what is wrong with it (exit 2)."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="With --check: print one JSON object.")] = False,
) -> None:
    """Export the shipped design of a game as JSON (to edit and play with --option design=FILE), or check one."""
    with user_errors():
        shipped = entry(game_name).design
    if shipped is None:
        offered = [name for name in games() if entry(name).design is not None]
        fail(f"{game_name} has no design file; the games with one are {', '.join(offered)}")
    if check is not None:
        if out is not None:
            fail("give --out (export) or --check (check a file), not both")
        with user_errors():
            game = load(game_name, design=str(check))
        changed = core_design.changes(shipped(), getattr(game, "design_data", None) or shipped())
        if as_json:
            typer.echo(json.dumps({"game": game_name, "file": str(check), "valid": True, "changes": changed}))
            return
        what = ", ".join(changed) if changed else "nothing (it is the shipped design)"
        typer.echo(f"{check}: a valid {game_name} design; it changes {what}")
        return
    text = core_design.export(shipped(), game_name)
    if out is None:
        typer.echo(text, nl=False)
        return
    if out.is_dir():
        bad_path(out, "it is a folder; give a file name, e.g. shipped.json")
    if out.exists() and not force:
        bad_path(out, "the file exists; add --force to replace it")
    try:
        out.write_text(text, encoding="utf-8")
    except OSError as err:
        bad_path(out, (err.strerror or str(err)).lower())
    typer.echo(f"The shipped {game_name} design written to {out}; play an edited copy with --option design={out}")
