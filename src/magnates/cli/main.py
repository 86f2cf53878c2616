"""Entry point of the `magnates` command: each sub-command lives in its own module."""

from __future__ import annotations

import atexit
import json
import os
import re
import sys
from importlib.metadata import PackageNotFoundError, version
from typing import Annotated, Any, NoReturn

import typer
import typer.core

import magnates
from magnates.cli import (
    analyze,
    arena,
    bench,
    bots,
    compare,
    design,
    play,
    report,
    review,
    roll,
    rules,
    serve,
    simulate,
    train,
)
from magnates.cli.common import INTERRUPTED, err_console, interruption_said, mark_interruption_said, say_error
from magnates.games import entry


def _flags_show_no_type() -> None:
    """Show on/off flags as `--json`, not `--json <bool>`: a flag takes no value, and help must not
    suggest one. Typer's rich help prints every option's type; flags are the one case where that
    misleads, so their type column is left empty. Typer releases before the hook existed (it is
    newer than the 0.12 the package allows) print help as they always did."""
    original = getattr(typer.core.TyperOption, "display_type_rich", None)
    if original is None:
        return

    def display_type_rich(self: typer.core.TyperOption, ctx: Any) -> str | None:
        if getattr(self, "is_flag", False):
            return None
        return original(self, ctx)

    typer.core.TyperOption.display_type_rich = display_type_rich  # type: ignore[method-assign,assignment]


_flags_show_no_type()


def _usage_names_plain() -> None:
    """Write arguments in usage lines as Unix usage does: `GAME` when required, `[GAME]` when not.

    Recent Typer releases write a required argument as `{GAME}`, which reads as a set of choices
    (or a template to fill in); the hook is left alone where it does not exist."""
    if not hasattr(typer.core.TyperArgument, "_usage_display_name"):
        return

    def usage_name(self: typer.core.TyperArgument) -> str:
        name = str(self.metavar or self.name or "").strip("[]{}").upper()
        name = name if self.required else f"[{name}]"
        return name + ("..." if self.nargs != 1 else "")

    typer.core.TyperArgument._usage_display_name = usage_name  # type: ignore[method-assign,assignment]


_usage_names_plain()


def package_version() -> str:
    try:
        return version("magnates")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "unknown (not installed)"


app = typer.Typer(
    name="magnates",
    help="Play, simulate and study Magnate, Galactic Magnate, Magistrate and Magistratvm.",
    no_args_is_help=True,
    add_completion=False,
)


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"magnates {package_version()}")
        raise typer.Exit()


@app.callback()
def _root(
    _version: Annotated[
        bool,
        typer.Option("--version", "-V", help="Print the version and exit.", callback=_print_version, is_eager=True),
    ] = False,
) -> None:
    """Play, simulate and study Magnate, Galactic Magnate, Magistrate and Magistratvm."""


@app.command("games")
def games_command(
    as_json: Annotated[
        bool, typer.Option("--json", help="Print a JSON list of the games: name, title, seats, options.")
    ] = False,
) -> None:
    """List the registered games, one per line."""
    if not as_json:
        for name in magnates.game_names():
            typer.echo(name)
        return
    typer.echo(json.dumps([game_summary(name) for name in magnates.game_names()]))


def game_summary(name: str) -> dict[str, Any]:
    """A game as `games --json` lists it: its name and title, its seats and declared options."""
    game = magnates.load(name)
    options = [
        {"name": o.name, "default": o.default, "choices": list(o.choices) if o.choices else None, "doc": o.doc}
        for o in type(game).options_declared
    ]
    design_file = entry(name).design is not None  # takes --option design=FILE (magnates design NAME)
    return {"name": name, "title": game.title, "players": game.num_players, "options": options, "design": design_file}


app.command("bots")(bots.bots_command)
app.command("play")(play.play_command)
app.command("simulate")(simulate.simulate_command)
app.command("bench")(bench.bench_command)
app.command("roll")(roll.roll_command)
app.command("rules")(rules.rules_command)
app.command("arena")(arena.arena_command)
app.command("compare")(compare.compare_command)
app.command("analyze")(analyze.analyze_command)
app.command("design")(design.design_command)
app.command("report")(report.report_command)
app.command("review")(review.review_command)
app.command("serve")(serve.serve_command)
app.command("train")(train.train_command)


def main() -> None:
    """Run the command; every failure a user can cause ends in one line on stderr, never a traceback.

    Usage errors (an unknown command or option, a missing argument) come as one `error:` line with
    a "did you mean" where one fits, and exit status 2; an unexpected crash prints one line too (exit
    1), with the traceback only when MAGNATES_DEBUG is set.
    """
    mark_interruption_said(False)
    try:
        code = app(standalone_mode=False)
    except KeyboardInterrupt:
        err_console.print("interrupted", markup=False)
        leave_interrupted()
    except typer.Abort as abort:
        if isinstance(abort.__context__, KeyboardInterrupt):  # Ctrl-C where no command caught it
            err_console.print("interrupted", markup=False)
            leave_interrupted()
        err_console.print("aborted", markup=False)
        sys.exit(1)
    except Exception as err:  # the last wall before a user would see a traceback
        if _is_click_error(err):
            sys.exit(_usage_error(err))
        if os.environ.get("MAGNATES_DEBUG"):
            raise
        say_error(f"internal error ({type(err).__name__}: {err}); run again with MAGNATES_DEBUG=1 for details")
        sys.exit(1)
    if code == INTERRUPTED:
        if not interruption_said():  # Typer turns Ctrl-C into a silent exit 130
            err_console.print("interrupted", markup=False)
        leave_interrupted()
    sys.exit(code if isinstance(code, int) else 0)


def leave_interrupted() -> NoReturn:
    """Exit 130 now that Ctrl-C's work is written and said.

    The exit handlers still run (they end pool workers and the like), but the interpreter's own
    teardown is skipped: with torch loaded (`train`), unloading its modules alone takes one to two
    seconds, which a user who pressed Ctrl-C would wait through for nothing. Every file a command
    writes is closed before it says what it kept, so nothing is lost by leaving this way.
    """
    atexit._run_exitfuncs()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(INTERRUPTED)


def _is_click_error(err: Exception) -> bool:
    """Typer vendors click, so its exceptions are matched by their family name, not imported."""
    return any(cls.__name__ == "ClickException" for cls in type(err).__mro__)


def _usage_error(err: Any) -> int:
    """Click's message on one line, its "Did you mean" kept as ours is written."""
    message = re.sub(r"\.\s*Did you mean (.+)\?$", r" (did you mean \1?)", err.format_message()).rstrip(".")
    ctx = getattr(err, "ctx", None)
    where = ctx.command_path if ctx is not None else "magnates"
    say_error(f"{message}; see '{where} --help'")
    return int(getattr(err, "exit_code", 2))


if __name__ == "__main__":
    main()
