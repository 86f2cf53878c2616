"""Bots written in a Python file of one's own, named `PATH.py:NAME` wherever a bot is named.

`NAME` is a class or a function in the file at `PATH`: called with the game when it takes an
argument, else with none, it gives the bot, anything with a `choose(game, view, legal, rng)` method
(`magnates.core.bot.Bot`). So a bot written beside the project plays in `magnates play --seats`,
`simulate --bots`, `arena --bots` and `review --bot` like the built-in ones:

    magnates arena magnate --bots mybots.py:Cautious,greedy,hard --games 40

Loading a file runs its code, so it happens only where the person at the keyboard asked for it:
the command line opts in (`allow_code_bots`, which sets `ALLOW_ENV` in the environment, so the
worker processes of a batch inherit it), and a process that has not (the web server) refuses such a
name with an OptionError instead of opening the file.
"""

from __future__ import annotations

import importlib.util
import inspect
import os
import re
import sys
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

from magnates.core.bot import Bot
from magnates.core.errors import OptionError
from magnates.core.game import Game

ALLOW_ENV = "MAGNATES_CODE_BOTS"
"""Set to 1 by the command line (`allow_code_bots`): this process and its workers may load bot files."""

SPEC = re.compile(r"(?P<path>.+\.py):(?P<name>[A-Za-z_][A-Za-z0-9_]*)")


def is_code_bot(name: str) -> bool:
    """Whether `name` is `PATH.py:NAME`."""
    return SPEC.fullmatch(name.strip()) is not None


def allow_code_bots() -> None:
    """Let this process, and the processes it starts, load bots from files (the command line's call)."""
    os.environ[ALLOW_ENV] = "1"


@cache
def _module(path: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"magnates_code_bot_{abs(hash(path))}", path)
    if spec is None or spec.loader is None:
        raise OptionError(f"{path} cannot be loaded as a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses and pickling look modules up by name
    try:
        spec.loader.exec_module(module)
    except Exception as err:  # the file's own error, said in one line
        del sys.modules[spec.name]
        raise OptionError(f"{path} failed to load: {type(err).__name__}: {err}") from None
    return module


def code_bot(name: str, game: Game) -> Bot:
    """The bot `PATH.py:NAME` for `game`; OptionError, saying why, when it cannot be made."""
    found = SPEC.fullmatch(name.strip())
    if found is None:
        raise OptionError(f"{name!r} is not PATH.py:NAME")
    if os.environ.get(ALLOW_ENV) != "1":
        raise OptionError(f"bots from Python files ({name}) are loaded only when the command line asks for them")
    path = Path(found["path"]).expanduser()
    if not path.is_file():
        raise OptionError(f"there is no file {path} for the bot {name}")
    module = _module(str(path.resolve()))
    made: Any = getattr(module, found["name"], None)
    if made is None or not callable(made):
        raise OptionError(f"{path} has no class or function {found['name']!r}")
    try:
        takes_game = bool(inspect.signature(made).parameters)
    except (TypeError, ValueError):
        takes_game = False
    try:
        bot = made(game) if takes_game else made()
    except Exception as err:
        raise OptionError(f"{name} could not be made: {type(err).__name__}: {err}") from None
    if not callable(getattr(bot, "choose", None)):
        raise OptionError(f"{name} gave {type(bot).__name__}, which has no choose(game, view, legal, rng) method")
    if not isinstance(getattr(bot, "name", None), str):
        try:
            bot.name = found["name"]
        except AttributeError:
            pass  # a bot without a settable name is still a bot
    return bot  # type: ignore[no-any-return]
