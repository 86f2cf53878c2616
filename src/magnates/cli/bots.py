"""`magnates bots`: the bots each game offers, a line each, and what made the learned ones."""

from __future__ import annotations

import json
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.table import Table

from magnates.bots.learned import SERVED, SHIPPED, WEIGHTS_DIR, shipped_file, shown_option
from magnates.bots.registry import available, describe, in_level_order, unavailable
from magnates.bots.thinking import THINKING, strongest_setting
from magnates.cli.common import OPTION_HELP, PLAYERS_HELP, fail, load_game, user_errors
from magnates.core.game import Game
from magnates.games import games as game_names


def bots_command(
    game_name: Annotated[
        str | None, typer.Argument(metavar="GAME", help="One game (default: every game, default options).")
    ] = None,
    players: Annotated[int | None, typer.Option("--players", help=PLAYERS_HELP)] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=OPTION_HELP)] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print one JSON object: each game's bots, the weights.")
    ] = False,
) -> None:
    """List the bots a game offers with a line on how each plays, and the shipped learned weights."""
    if game_name is None and (option or players is not None):
        fail("--players and --option need a GAME (e.g. magnates bots magnate --players 2)")
    chosen = [game_name] if game_name else list(game_names())
    with user_errors():
        games = [load_game(name, option or [], players) for name in chosen]
    if as_json:
        typer.echo(json.dumps(bots_json(games)))
        return
    console = Console(highlight=False)
    for game in games:
        table = Table(title=f"{game.name} ({game.num_players} players)", title_justify="left", show_lines=False)
        table.add_column("bot", style="bold")
        table.add_column("how it plays")
        for name in in_level_order(sorted(available(game))):
            table.add_row(name, describe(name, game))
        console.print(table)
        for name, why in unavailable(game).items():
            console.print(f"  {name}: {why}", markup=False, soft_wrap=True)
        strongest = strongest_setting(game)
        if strongest is not None:
            console.print(f"  {strongest[0].upper()}{strongest[1:]}", markup=False, soft_wrap=True)
    thinking = ", ".join(f"{name} ({'default' if s is None else f'{s:g} s'})" for name, s in THINKING.items())
    console.print(
        "Search bots (easy, medium, hard, expert, mcts, ismcts) take a thinking time a move: "
        f"magnates play --set thinking=NAME, one of {thinking}, or --set seconds=S.",
        markup=False,
        soft_wrap=True,
    )
    console.print(
        "Your own bot: a class or function in a Python file, named PATH.py:NAME wherever a bot is named "
        "(magnates arena GAME --bots mybot.py:MyBot,greedy; docs/guides/ai.md).",
        markup=False,
        soft_wrap=True,
    )
    print_weights(console)


WEIGHTS_FIELDS = ("game", "options", "command", "seed", "code_version", "games", "training_seconds")


def bots_json(games: list[Game]) -> dict[str, Any]:
    """`bots --json`: per game its seats and bots (name, how it plays) and the strongest measured
    setting (a line, or null), then every shipped weights file."""
    listed = [
        {
            "game": game.name,
            "options": dict(game.options),
            "players": game.num_players,
            "bots": [
                {"name": name, "description": describe(name, game)} for name in in_level_order(sorted(available(game)))
            ],
            "strongest": strongest_setting(game),
        }
        for game in games
    ]
    weights: list[dict[str, Any]] = []
    for preset, files in SHIPPED.items():
        for file in files:
            net = shipped_file(file)
            meta: dict[str, Any] = net.meta if net is not None else {}
            entry: dict[str, Any] = {"preset": preset, "file": file, "installed": net is not None}
            entry.update({key: meta[key] for key in WEIGHTS_FIELDS if key in meta})
            entry["served"] = [
                {"options": dict(served.changes), "seconds": served.seconds} for served in SERVED if served.file == file
            ]
            weights.append(entry)
    return {"games": listed, "weights": weights}


def print_weights(console: Console) -> None:
    """One entry per shipped weights file: the preset, what it plays, and the run that made it."""
    console.print("[bold]Learned weights shipped with magnates[/bold]")
    for preset, files in SHIPPED.items():
        for file in files:
            print_weights_file(console, preset, file)


def print_weights_file(console: Console, preset: str, file: str) -> None:
    net = shipped_file(file)
    if net is None:
        console.print(f"  {preset}: {file} (not installed)", markup=False)
        return
    meta: dict[str, Any] = net.meta
    size_kb = (WEIGHTS_DIR / file).stat().st_size / 1024
    options = ", ".join(f"{k}={v}" for k, v in sorted(meta.get("options", {}).items()))
    minutes = float(meta.get("training_seconds", 0.0)) / 60
    lines = (
        f"  {preset}: {file} ({size_kb:,.0f} KB) for {meta.get('game', '?')} ({options})",
        f"    made by: {meta.get('command', '?')}",
        f"    seed {meta.get('seed', '?')}, code {meta.get('code_version', '?')}, "
        f"trained {minutes:.0f} min on {meta.get('games', '?')} self-play games",
    )
    served = [
        f"    plays up to {s.seconds:g} s a move"
        + (" with " + ", ".join(f"{k}={shown_option(v)}" for k, v in s.changes) if s.changes else "")
        + " (measured so against hard)"
        for s in SERVED
        if s.file == file
    ]
    for line in (*lines, *served):
        console.print(line, markup=False, soft_wrap=True)
