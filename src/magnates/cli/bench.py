"""`magnates bench`: how fast the rules engine plays random games on one core."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from magnates.sim.playout import bench

from .common import OPTION_HELP, PLAYERS_HELP, fail, load_game, user_errors


def bench_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game (see `magnates games`).")],
    seconds: Annotated[float, typer.Option(help="How long to play random games.")] = 5.0,
    players: Annotated[int | None, typer.Option(help=PLAYERS_HELP)] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=OPTION_HELP)] = None,
    seed: Annotated[int, typer.Option(help="Seed of the random playouts.")] = 0,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
) -> None:
    """Random playouts on one core: steps/s (every applied action, chance included) and games/s."""
    if seconds < 0:
        fail("--seconds cannot be negative")
    with user_errors():
        game = load_game(game_name, option or [], players)
        game.action_space  # noqa: B018  built once, outside the timed loop
        result = bench(game, seconds, seed)
    if as_json:
        typer.echo(json.dumps(result.to_json()))
        return
    options = ", ".join(f"{k}={v}" for k, v in result.options.items()) or "default options"
    typer.echo(f"{game.title}, random playouts on one core")
    typer.echo(f"  options: {options}")
    typer.echo(f"  {result.steps_per_second:,.0f} steps/s, {result.games_per_second:,.1f} games/s")
    typer.echo(
        f"  ({result.games:,} games, {result.steps:,} steps, {result.steps_per_game:.1f} steps/game,"
        f" {result.seconds:.1f} s)"
    )
