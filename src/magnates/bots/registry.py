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


DESCRIPTIONS: dict[str, str] = {
    "greedy": "Takes the move that looks best right now, one move ahead: quick, a fair first opponent.",
    "easy": "Looks a little ahead before it moves: gentle, good for learning.",
    "medium": "Plans its turn further ahead: a fair challenge.",
    "hard": "Plans its whole turn and checks its plans by playing them out (up to about a second a move).",
    "random": "Plays any legal move at random (it may even resign): for trying the rules out.",
    "random-no-concede": "Plays at random but never resigns.",
    "patient-random": "Plays at random but never resigns, so whole games get played.",
    "expert": "Plans like hard, judging each plan by a network trained on self-play games as well as the heuristic.",
    "mcts": "Monte Carlo tree search with a fixed budget (for study).",
    "ismcts": "Monte Carlo search over what it cannot see, with a fixed budget (for study).",
    "people": "Greedy, leaning toward the people's support.",
    "military": "Greedy, leaning toward military strength.",
    "agent": "Greedy, leaning toward agents and Agent Ops.",
}
"""One line per bot level for people choosing an opponent (a name missing here gets a plain line)."""


LEVEL_ORDER = ("greedy", "easy", "medium", "hard", "expert")
"""The levels people choose between, weakest first; a game's other bots follow by name."""


def in_level_order(names: list[str]) -> list[str]:
    """`names` with the levels first (weakest to strongest), then the rest as given."""
    return [n for n in LEVEL_ORDER if n in names] + [n for n in names if n not in LEVEL_ORDER]


def describe(name: str) -> str:
    """The line people read about a bot (a plain one for a bot that has none)."""
    return DESCRIPTIONS.get(name, f"The {name} bot of this game.")


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
