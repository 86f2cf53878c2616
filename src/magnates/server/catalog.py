"""What the lobby offers: the games, their options (with labels and help), their bots (with a line
each saying how they play), Game objects shared per option set, and each game's rules cheatsheet."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

import magnates
from magnates.bots.registry import describe, in_level_order, thinking_bots, unavailable
from magnates.bots.thinking import THINKING
from magnates.core.design import DESIGN
from magnates.core.errors import OptionError
from magnates.core.game import Game
from magnates.games import entry, game_class
from magnates.server import learned_menu
from magnates.server.errors import BadInput, excerpt
from magnates.server.tables import bot_names

MAX_OPTIONS = 32
NOT_ON_THE_WEB = (DESIGN,)
"""Options the server refuses: `design` names a file of the machine that reads it (the server's own
disk, if a client could give it), so design files are tried with the command line only."""


def refuse_local_options(options: Mapping[str, Any]) -> None:
    """BadInput (422) for an option that only the command line may give (see NOT_ON_THE_WEB)."""
    for name in NOT_ON_THE_WEB:
        if name in options:
            raise BadInput(
                f"option {name!r} is not accepted by the server: a design file is tried on the command line "
                f"(magnates play/simulate/compare GAME --option {name}=FILE.json)"
            )


GAME_CACHE = 256  # distinct option sets whose Game objects are kept


def option_label(name: str) -> str:
    """`max_rounds` -> "Max rounds": an option's name as people read it."""
    words = name.replace("_", " ").replace("-", " ").strip()
    return words[:1].upper() + words[1:]


def bot_levels(game: Game) -> list[dict[str, Any]]:
    """The game's bots, the usual levels first, each with its line of description and whether it
    searches (so takes a thinking time)."""
    thinkers = thinking_bots(game)
    return [
        {"name": n, "description": learned_menu.MENU.describe(n) or describe(n, game), "thinks": n in thinkers}
        for n in in_level_order(bot_names(game))
    ]


def thinking_choices() -> list[dict[str, Any]]:
    """The thinking times a search bot's seat may be given, with a label each ("normal": its default)."""
    return [
        {
            "name": name,
            "seconds": seconds,
            "label": f"{name.capitalize()} thinking ("
            + ("the bot's usual pace" if seconds is None else f"{seconds:g} s a move")
            + ")",
        }
        for name, seconds in THINKING.items()
    ]


class Catalog:
    """The registered games, and one Game object per game and option set (shared by its tables)."""

    def __init__(self) -> None:
        self.games: dict[tuple[str, str], Game] = {}

    def load(self, name: str, options: Mapping[str, Any]) -> Game:
        """A Game is fixed once its options are validated, and building its action space is the
        costly part of starting a game, so tables share it."""
        refuse_local_options(options)
        key = (name, json.dumps(dict(options), sort_keys=True, default=str))
        game = self.games.get(key)
        if game is None:
            game = magnates.load(name, **options)
            if len(self.games) >= GAME_CACHE:  # many option sets (an abuse): start the cache again
                self.games.clear()
            self.games[(name, json.dumps(game.options, sort_keys=True, default=str))] = game
            self.games[key] = game
        return game

    @staticmethod
    def title(name: str) -> str:
        try:
            return str(getattr(game_class(name), "title", name))
        except Exception:
            return name

    def catalog(self) -> list[dict[str, Any]]:
        out = []
        for name in magnates.game_names():
            try:
                game_cls = game_class(name)
                options = [
                    {
                        "name": o.name,
                        "label": option_label(o.name),
                        "default": o.default,
                        "choices": list(o.choices) if o.choices else None,
                        "doc": o.doc,
                    }
                    for o in game_cls.options_declared
                ]
                out.append({"name": name, "title": getattr(game_cls, "title", name), "options": options})
            except Exception as err:  # a game still being written must not break the lobby
                out.append({"name": name, "title": name, "options": [], "error": str(err)})
        return out

    @staticmethod
    def strict_options(name: str, options: Any) -> dict[str, Any]:
        """Options from JSON, checked against their declared types before the game sees them.

        The command line turns "2" into 2; JSON has numbers and booleans of its own, so a string
        where a number or a boolean is declared is refused rather than guessed.
        """
        if not isinstance(options, Mapping):
            raise BadInput("options are a JSON object of NAME: value pairs")
        if len(options) > MAX_OPTIONS:
            raise BadInput(f"at most {MAX_OPTIONS} options may be given")
        refuse_local_options(options)
        try:
            declared = {o.name: o for o in game_class(name).options_declared}
        except Exception:
            return dict(options)  # an unknown game: magnates.load names the valid ones
        for key, value in options.items():
            option = declared.get(key)
            if option is None:
                continue  # validate_options names the valid options
            kind = type(option.default)
            if kind is bool and not isinstance(value, bool):
                raise BadInput(f"option {key!r} takes true or false (JSON booleans), not {excerpt(value)}")
            if kind is int and (isinstance(value, bool) or not isinstance(value, int)):
                raise BadInput(f"option {key!r} takes a whole number (a JSON number), not {excerpt(value)}")
            if kind is str and not isinstance(value, str):
                raise BadInput(f"option {key!r} takes a text value, not {excerpt(value)}")
        return dict(options)

    def describe(self, name: str, options: Mapping[str, Any]) -> dict[str, Any]:
        """Seats and bots of a game with these options (OptionError if the options are wrong)."""
        game = self.load(name, options)
        return {
            "game": name,
            "title": self.title(name),
            "options": game.options,
            "num_players": game.num_players,
            "bots": bot_names(game),
            "bot_levels": bot_levels(game),
            "thinking": thinking_choices(),
            "missing_bots": [{"name": n, "reason": why} for n, why in unavailable(game).items()],
        }

    def cheatsheet(self, name: str, options: Mapping[str, Any]) -> dict[str, str]:
        """The rules cheatsheet `magnates rules GAME` prints for these options, as Markdown."""
        self.load(name, options)  # OptionError for a wrong game or options
        render = entry(name).cheatsheet
        if render is None:
            raise OptionError(f"{name} has no cheatsheet yet; see docs/rules/{name}.md")
        return {"title": self.title(name), "text": render(dict(options))}
