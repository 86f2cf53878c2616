"""`magnates rules GAME`: the game's rules cheatsheet for the chosen options.

A game offers a cheatsheet through its registry entry (`GameEntry.cheatsheet`,
`render_options(options) -> str`, Markdown). The options are the engine's
own (`--option NAME=VALUE`), validated the same way, so the sheet always
describes the game `magnates play` would run.
"""

from __future__ import annotations

from typing import Annotated

import typer
from rich.console import Console
from rich.markdown import Markdown

from magnates.core.options import parse_option_pairs
from magnates.games import entry

from .common import OPTION_HELP, PLAYERS_HELP, fail, game_options, user_errors


def rules_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game (see `magnates games`).")],
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=OPTION_HELP)] = None,
    players: Annotated[int | None, typer.Option(help=PLAYERS_HELP)] = None,
    plain: Annotated[bool, typer.Option("--plain", help="Print the Markdown source, not formatted text.")] = False,
) -> None:
    """Print the rules cheatsheet for these options (the numbers are the engine's own)."""
    with user_errors():
        cheatsheet = entry(game_name).cheatsheet
        parse_option_pairs(option or [])
        options = game_options(game_name, option or [], players)
        if cheatsheet is None:
            fail(f"{game_name} has no cheatsheet yet; see docs/rules/{game_name}.md")
        text = cheatsheet(options)
    if plain:
        typer.echo(text, nl=False)
    else:
        Console(highlight=False).print(Markdown(text))
