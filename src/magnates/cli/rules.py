"""`magnates rules GAME`: the game's rules cheatsheet for the chosen options.

A game offers a cheatsheet by having a module `magnates.games.<game>.cheatsheet`
with `render_options(options) -> str` (Markdown). The options are the engine's
own (`--option NAME=VALUE`), validated the same way, so the sheet always
describes the game `magnates play` would run.
"""

from __future__ import annotations

import importlib
from typing import Annotated

import typer
from rich.console import Console
from rich.markdown import Markdown

from magnates.cli.view import game_package
from magnates.core.options import parse_option_pairs
from magnates.games import game_class

from .common import OPTION_HELP, PLAYERS_HELP, fail, game_options, user_errors


def rules_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game (see `magnates games`).")],
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=OPTION_HELP)] = None,
    players: Annotated[int | None, typer.Option(help=PLAYERS_HELP)] = None,
    plain: Annotated[bool, typer.Option("--plain", help="Print the Markdown source, not formatted text.")] = False,
) -> None:
    """Print the rules cheatsheet for these options (the numbers are the engine's own)."""
    with user_errors():
        game_class(game_name)
        parse_option_pairs(option or [])
        options = game_options(game_name, option or [], players)
        name = f"{game_package(game_name)}.cheatsheet"  # the registry knows the package (names may hold '-')
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as err:
            if err.name != name:  # a real import error inside the cheatsheet: let it show
                raise
            fail(f"{game_name} has no cheatsheet yet; see docs/rules/{game_name}.md")
        text: str = module.render_options(options)
    if plain:
        typer.echo(text, nl=False)
    else:
        Console(highlight=False).print(Markdown(text))
