"""Entry point of the `magnates` command: each sub-command lives in its own module."""

from __future__ import annotations

import typer

import magnates
from magnates.cli import analyze, arena, bench, compare, play, report, roll, rules, serve, simulate

app = typer.Typer(
    name="magnates",
    help="Play, simulate and study Magnate, Galactic Magnate, Magistrate and Magistratvm.",
    no_args_is_help=True,
    add_completion=False,
)


@app.callback()
def _root() -> None:
    """Play, simulate and study Magnate, Galactic Magnate, Magistrate and Magistratvm."""


@app.command("games")
def games_command() -> None:
    """List the registered games, one per line."""
    for name in magnates.games():
        typer.echo(name)


app.command("play")(play.play_command)
app.command("simulate")(simulate.simulate_command)
app.command("bench")(bench.bench_command)
app.command("roll")(roll.roll_command)
app.command("rules")(rules.rules_command)
app.command("arena")(arena.arena_command)
app.command("compare")(compare.compare_command)
app.command("analyze")(analyze.analyze_command)
app.command("report")(report.report_command)
app.command("serve")(serve.serve_command)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
