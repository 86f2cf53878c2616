"""Bots by name: the generic ones here, plus whatever each game offers (`Game.bot_factories`)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from magnates.bots.learned import learned_bots
from magnates.bots.presets import LEVELS, search_bot
from magnates.bots.random_bot import NoConcedeRandomBot, RandomBot
from magnates.core.bot import Bot
from magnates.core.errors import OptionError, did_you_mean
from magnates.core.game import Game

GENERIC: dict[str, Callable[[Game], Bot]] = {
    "random": lambda game: RandomBot(),
    "random-no-concede": lambda game: NoConcedeRandomBot(),
    **{level: partial(search_bot, level) for level in LEVELS},
}


def available(game: Game) -> dict[str, Callable[[Game], Bot]]:
    found = dict(GENERIC)
    found.update(learned_bots(game))  # `expert` where shipped weights fit this game and option set
    factories = getattr(game, "bot_factories", None)
    if factories is not None:
        found.update(factories())
    return found


BOT_NAMES = tuple(GENERIC)


def make_bot(name: str, game: Game) -> Bot:
    """A bot for `game` by name (`random`, `greedy`, ...); OptionError lists the valid names."""
    options = available(game)
    try:
        factory = options[name.strip().lower()]
    except KeyError:
        hint = did_you_mean(name, options)
        raise OptionError(f"no bot {name!r} for {game.name}{hint}; choose from: {', '.join(sorted(options))}") from None
    return factory(game)
