"""`magnates bench`: how fast the rules engine plays random games on one core."""

from __future__ import annotations

import json
from typing import Annotated

import typer

from magnates.sim.compiled import engine_build
from magnates.sim.playout import bench

from .common import OPTION_HELP, PLAYERS_HELP, SEED_HELP, fail, load_game, pick_seed, user_errors


def bench_command(
    game_name: Annotated[str, typer.Argument(metavar="GAME", help="The game (see `magnates games`).")],
    seconds: Annotated[float, typer.Option(help="How long to play random games.")] = 5.0,
    players: Annotated[int | None, typer.Option(help=PLAYERS_HELP)] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help=OPTION_HELP)] = None,
    seed: Annotated[int | None, typer.Option(help=SEED_HELP)] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    env: Annotated[
        bool,
        typer.Option(
            "--env",
            help="Agent steps/s through the PettingZoo env (observations and masks, random legal actions),"
            " beside the raw engine's decisions/s; needs the `rl` extra.",
        ),
    ] = False,
    concessions: Annotated[
        bool, typer.Option("--concessions", help="With --env: let random players resign (masked by default).")
    ] = False,
    cpu: Annotated[
        bool,
        typer.Option("--cpu", help="With --env: time by this process's CPU seconds, not wall time."),
    ] = False,
    repeat: Annotated[
        int,
        typer.Option(
            help="Play the same games this many times and report the fastest run (with --env: the env and"
            " the raw engine alternately, the fastest of each); steadier on a shared machine."
        ),
    ] = 1,
) -> None:
    """Random playouts on one core: steps/s (every applied action, chance included) and games/s."""
    if not seconds > 0:
        fail(f"--seconds must be more than 0 (got {seconds:g}): the benchmark plays for that long")
    if repeat < 1:
        fail(f"--repeat must be at least 1 (got {repeat})")
    seed = pick_seed(seed)
    if env:
        _env_bench(game_name, seconds, players, option or [], seed, as_json, concessions, cpu, repeat)
        return
    with user_errors():
        game = load_game(game_name, option or [], players)
        game.action_space  # noqa: B018  built once, outside the timed loop
        runs = [bench(game, seconds, seed) for _ in range(repeat)]
        result = max(runs, key=lambda run: run.steps_per_second)
    if as_json:
        rates = {"repeat": repeat, "rates": [run.steps_per_second for run in runs]} if repeat > 1 else {}
        typer.echo(json.dumps({**result.to_json(), "seed": seed, "engine": engine_build(), **rates}))
        return
    options = ", ".join(f"{k}={v}" for k, v in result.options.items()) or "default options"
    typer.echo(f"{game.title}, random playouts on one core, seed {seed} ({engine_build()})")
    typer.echo(f"  options: {options}")
    typer.echo(f"  {result.steps_per_second:,.0f} steps/s, {result.games_per_second:,.1f} games/s")
    typer.echo(
        f"  ({result.games:,} games, {result.steps:,} steps, {result.steps_per_game:.1f} steps/game,"
        f" {result.seconds:.1f} s)"
    )
    if repeat > 1:
        typer.echo(f"  (the fastest of {repeat} runs: {_rates(tuple(run.steps_per_second for run in runs))} steps/s)")


def _env_bench(
    game_name: str,
    seconds: float,
    players: int | None,
    pairs: list[str],
    seed: int,
    as_json: bool,
    concessions: bool,
    cpu: bool,
    repeat: int,
) -> None:
    try:
        from magnates.envs.bench import bench_env
    except ImportError as err:
        fail(f"--env needs the reinforcement-learning extra: pip install 'magnates[rl]' ({err})")
    with user_errors():
        game = load_game(game_name, pairs, players)
        clock = "cpu" if cpu else "wall"
        result = bench_env(game.name, dict(game.options), seconds, seed, concessions, clock, repeat)
    if as_json:
        typer.echo(json.dumps({**result.to_json(), "engine": engine_build()}))
        return
    options = ", ".join(f"{k}={v}" for k, v in result.options.items()) or "default options"
    masked = "resigning allowed" if concessions else "concessions masked unless forced"
    typer.echo(
        f"{game.title}, random legal actions through the PettingZoo AEC env on one core ({masked}; {engine_build()})"
    )
    typer.echo(f"  options: {options}")
    typer.echo(
        f"  env: {result.env_steps_per_second:,.0f} agent steps/s (observation + mask + step;"
        f" {result.env_games:,} games, {result.env_steps:,} steps, {result.env_seconds:.1f} s)"
    )
    typer.echo(
        f"  raw engine: {result.raw_decisions_per_second:,.0f} decisions/s ({result.raw_games:,} games,"
        f" {result.raw_decisions:,} decisions, {result.raw_seconds:.1f} s)"
    )
    if repeat > 1:
        typer.echo(
            f"  (the fastest of {repeat} runs each; env {_rates(result.env_rates)} steps/s,"
            f" raw {_rates(result.raw_rates)} decisions/s)"
        )
    typer.echo(f"  the env costs {result.slowdown:.1f}x the raw engine per decision")


def _rates(rates: tuple[float, ...]) -> str:
    return " / ".join(f"{rate:,.0f}" for rate in rates)
