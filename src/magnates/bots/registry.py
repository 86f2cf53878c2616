"""Bots by name: the generic ones here, plus whatever each game offers (`Game.bot_factories`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import partial

from magnates.bots.code_bots import code_bot, is_code_bot
from magnates.bots.learned import (
    expert_preset,
    learned_bots,
    missing_learned_bots,
    shipped_seconds,
    timed_learned_bots,
)
from magnates.bots.policy import LEARNED_PREFIXES, learned_policy_bot
from magnates.bots.presets import LEVELS, Preset, preset, search_bot
from magnates.bots.random_bot import NoConcedeRandomBot, RandomBot
from magnates.bots.search_expert import (
    missing_search_expert,
    search_expert_bots,
    search_expert_preset,
    timed_search_expert_bots,
)
from magnates.bots.thinking import decision_seconds
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


SEARCH_LINES: dict[str, dict[str, str]] = {
    "hard": {
        "trusted": "Plans its whole turn with a deep search (up to about a second a move).",
        "whole table": "Searches every player's moves ahead, playing each line on before judging it (about a second).",
    },
    "expert": {
        "judged": "Plans like hard, then checks its best plans a turn ahead with a network trained on self-play games.",
        "searched": "Searches like hard, with several times its simulations (up to half a second a move).",
    },
}
"""`hard` and `expert` search differently from game to game (`search_kind`): the lines that differ
from `DESCRIPTIONS`, by kind of search."""


def search_kind(search: Preset) -> str:
    """How a search preset chooses: plans checked by playing them to the end ("played out") or by a
    judge a move later ("judged"), plans trusted as the search found them, or the whole table."""
    if search.horizon != "own-moves":
        return "whole table"
    if not search.check_plans:
        return "trusted"
    return "judged" if search.check_judge_weight >= 1.0 else "played out"


def describe(name: str, game: Game | None = None) -> str:
    """The line people read about a bot, in `game` where given (a plain one for a bot that has none)."""
    lines = SEARCH_LINES.get(name)
    if game is not None and lines is not None:
        if name == "expert" and search_expert_preset(game) is not None:
            return lines["searched"]  # no network: hard's search, given more time (magnates.bots.search_expert)
        search = expert_preset(game) if name == "expert" else preset(game, name)
        line = lines.get(search_kind(search), DESCRIPTIONS[name])
        seconds = shipped_seconds(name, game)  # a network measured with more time than the preset's own
        return line if seconds is None else f"{line.removesuffix('.')} (up to {seconds:g} s a move here)."
    return DESCRIPTIONS.get(name, f"The {name} bot of this game.")


def available(game: Game) -> dict[str, Callable[[Game], Bot]]:
    found = dict(GENERIC)
    found.update(learned_bots(game))  # `expert` where shipped weights fit this game and option set
    found.update(search_expert_bots(game))  # or a bigger `hard` search, where one was measured stronger
    factories = getattr(game, "bot_factories", None)
    if factories is not None:
        found.update(factories())
    return found


def unavailable(game: Game) -> dict[str, str]:
    """The levels people look for that this game and option set does not offer, each with a line
    saying why and what to play instead (`expert` where no network was measured for these options)."""
    offered = available(game)
    strongest = next((n for n in reversed(LEVEL_ORDER) if n in offered), None)
    instead = f" Play {strongest}, the strongest bot here." if strongest else ""
    missing = missing_learned_bots(game)
    searched = missing_search_expert(game)  # a game whose expert is a search says where it is offered
    if searched is not None:
        missing["expert"] = searched
    return {name: why + instead for name, why in missing.items() if name not in offered}


BOT_NAMES = tuple(GENERIC)


def _timed_level(level: str, game: Game, seconds: float) -> Bot:
    return preset(game, level).timed(seconds).build(level)


def thinking_bots(game: Game) -> dict[str, Callable[[Game, float], Bot]]:
    """The bots of `game` that search, so take a thinking time (`seconds=`), each made with one."""
    found: dict[str, Callable[[Game, float], Bot]] = {level: partial(_timed_level, level) for level in LEVELS}
    found.update(timed_learned_bots(game))
    found.update(timed_search_expert_bots(game))
    return found


def make_bot(name: str, game: Game, settings: Mapping[str, object] | None = None) -> Bot:
    """A bot for `game` by name (`random`, `greedy`, ...); OptionError lists the valid names.

    `settings` (`magnates.bots.thinking`: `seconds` or `thinking`) give a search bot a time for
    each whole decision; a bot that does not search refuses them with an OptionError.
    `learned:PATH` plays the policy of the weights file at PATH (`magnates.bots.policy`); `PATH.py:NAME`
    a bot of one's own, where the command line allowed it (`magnates.bots.code_bots`)."""
    if name.startswith(LEARNED_PREFIXES):
        if decision_seconds(settings) is not None:
            raise OptionError(f"{name} plays its policy without searching, so it takes no thinking time")
        return learned_policy_bot(name, game)
    if is_code_bot(name):
        if decision_seconds(settings) is not None:
            raise OptionError(f"{name} is a bot of your own: a thinking time is its own business")
        return code_bot(name, game)
    options = available(game)
    key = name.strip().lower()
    try:
        factory = options[key]
    except KeyError:
        hint = did_you_mean(name, options)
        raise OptionError(f"no bot {name!r} for {game.name}{hint}; choose from: {', '.join(sorted(options))}") from None
    seconds = decision_seconds(settings)
    if seconds is None:
        return factory(game)
    timed = thinking_bots(game)
    if key not in timed:
        thinkers = in_level_order(sorted(n for n in timed if n in options))
        raise OptionError(
            f"the {key} bot does not search, so it takes no thinking time; the bots that do: {', '.join(thinkers)}"
        )
    return timed[key](game, seconds)
