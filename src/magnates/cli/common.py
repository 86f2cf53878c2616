"""What the commands share: loading a game from command-line options, and clean failures.

Every error a user can cause (unknown game, option, bot, bad saved file) ends
the command with a one-line message and exit status 2, never a traceback.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import NoReturn

import typer
from rich.console import Console
from rich.markup import escape

from magnates.bots.code_bots import allow_code_bots, is_code_bot
from magnates.bots.policy import normalized
from magnates.bots.registry import available
from magnates.core.errors import MagnatesError, OptionError
from magnates.core.game import Game
from magnates.core.options import parse_option_pairs
from magnates.games import game_class, load

USAGE_ERROR = 2
"""Exit status for bad input (the same status click uses for bad arguments)."""

err_console = Console(stderr=True, highlight=False)


def say_error(message: str) -> None:
    """Print `error: message` on stderr, as one line (brackets in the message are shown as they are)."""
    err_console.print(f"[bold red]error:[/] {escape(message)}", markup=True, soft_wrap=True)


def fail(message: str, code: int = USAGE_ERROR) -> NoReturn:
    """Print `error: message` on stderr and leave with `code`."""
    say_error(message)
    raise typer.Exit(code)


@contextmanager
def user_errors() -> Iterator[None]:
    """Turn the engine's errors (bad option, bot name, record...) into `fail`."""
    try:
        yield
    except MagnatesError as err:
        fail(str(err))


def game_options(name: str, pairs: Sequence[str], players: int | None) -> dict[str, str | int]:
    """The options of `--option NAME=VALUE ...` plus `--players K` when the game has a players option."""
    options: dict[str, str | int] = dict(parse_option_pairs(pairs))
    if players is not None:
        declared = {option.name for option in game_class(name).options_declared}
        if "players" in declared:
            if "players" in options and str(options["players"]) != str(players):
                raise OptionError("--players and --option players=... disagree; give one of them")
            options["players"] = players
    return options


def load_game(name: str, pairs: Sequence[str], players: int | None) -> Game:
    """The game named on the command line, with its options validated (OptionError if not)."""
    game = load(name, **game_options(name, pairs, players))
    if players is not None and game.num_players != players:
        raise OptionError(f"{name} with these options has {game.num_players} seats, not {players}")
    return game


DEFAULT_BOT = "greedy"
"""The one default for every command's bots: the strongest bot that answers at once (about a
millisecond a decision in every game, so a default `simulate` of 100 games takes seconds). The
search levels (easy, medium, hard) are stronger in most games and take 10 ms to 0.8 s a decision:
name them to use them."""
DEFAULT_BOT_HELP = f"default: {DEFAULT_BOT}, the strongest bot that answers at once"


def default_bot(game: Game) -> str:
    """`DEFAULT_BOT`, or `random` for a game that has no greedy bot (a test game, a new game)."""
    return DEFAULT_BOT if DEFAULT_BOT in available(game) else "random"


def bot_names(text: str | None, game: Game) -> list[str]:
    """The bots of a `--bots a,b` option, or the default bot when none is given."""
    if text is None:
        return [default_bot(game)]
    names = [typed_bot(name) for name in text.split(",") if name.strip()]
    if not names:
        fail("--bots names no bot")
    return names


def typed_bot(name: str) -> str:
    """A bot name typed on the command line: normalized, and a bot of one's own (`PATH.py:NAME`)
    allowed in this process and the workers it starts, which start in the same folder
    (`magnates.bots.code_bots`)."""
    name = normalized(name)
    if is_code_bot(name):
        allow_code_bots()
    return name


OPTION_HELP = "A game option NAME=VALUE (repeatable), the same names and values as magnates.load."
PLAYERS_HELP = "The number of seats."

SEED_HELP = (
    "Seed of the dice, the draws and the bots: the same seed plays the same games. "
    "Without it a random seed is drawn and printed, so any run can be repeated."
)
"""The one `--seed` rule of every command that plays or rolls."""

GAMES_DEFAULT = 100
"""The one default of `--games` wherever it counts games to play."""


def pick_seed(seed: int | None) -> int:
    """The seed given, or a fresh random one (which the command then shows)."""
    return seed if seed is not None else random.SystemRandom().randrange(2**31)


INTERRUPTED = 130
"""Exit status after Ctrl-C, as shells report a process ended by SIGINT (128 + 2)."""


_interruption_said = False


def interruption_said() -> bool:
    """Whether a command already said what Ctrl-C left behind (else `main` says `interrupted`)."""
    return _interruption_said


def mark_interruption_said(said: bool = True) -> None:
    global _interruption_said
    _interruption_said = said


def interrupted(message: str) -> NoReturn:
    """Leave after Ctrl-C with one line on stderr saying what was kept."""
    err_console.print(f"interrupted: {message}", markup=False, soft_wrap=True)
    mark_interruption_said()
    raise typer.Exit(INTERRUPTED)
