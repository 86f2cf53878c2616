"""Thinking time: how long a search bot may take for one whole decision, as people choose it.

Every search bot (`easy`, `medium`, `hard`, `mcts`, `ismcts`, `expert`) has a default budget sized
to answer at once (mostly in simulations, with a time limit as a safety net). A person who wants a
stronger opponent, or a study that wants near-best play, may give it a time instead: `seconds=S`
bounds the WHOLE decision (for a bot that checks its plans, the search and the check together) and
lets the bot use that time, so more time buys more simulations and more checked worlds.

People choose by name (`THINKING`): quick, normal (the bot's own default, unchanged), long and
very long. A bot given a time is no longer reproducible from its random stream alone: how much it
searches depends on the machine's speed, as a person's thinking does.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence

from magnates.core.errors import OptionError, did_you_mean
from magnates.core.game import Game

THINKING: dict[str, float | None] = {"quick": 0.1, "normal": None, "long": 1.0, "very long": 5.0}
"""Thinking time by name, in seconds a decision; `normal` keeps the bot's own default budget."""

MIN_SECONDS = 0.01
MAX_SECONDS = 60.0
"""The range `seconds=` accepts: below it a search cannot finish one simulation on a small machine,
above it a game of a few hundred decisions would last days."""

STRONGEST: dict[tuple[str, int], tuple[str, str, str]] = {
    ("magnate", 2): (
        "expert",
        "long",
        "won 79 of 100 games against hard (79.0%, 95% CI 70.0-85.8%), against 64 of the same games "
        "at 0.05 s and at 0.2 s a decision (docs/studies/thinking-time.md; 5 s not measured)",
    ),
    ("galactic-magnate", 2): (
        "expert",
        "normal",
        "won 264 of 300 games against hard (88.0%, 95% CI 83.8-91.2%; docs/studies/expert-other-games.md); "
        "at 0.05, 0.2, 1 and 5 s a decision it won 26 of 30, 28 of 30, 9 of 9 and 3 of 4, not told apart "
        "from its default (docs/studies/thinking-time.md)",
    ),
    ("magistrate", 3): (
        "expert",
        "normal",
        "won 119 of 300 games against two hard (39.7%, 95% CI 34.3-45.3%, fair share 33.3%; "
        "docs/studies/search-expert.md); hard given more time was no stronger (1 s a decision: 5 of 24, "
        "docs/studies/thinking-time.md)",
    ),
}
"""(game, players) -> the strongest bot and named thinking time that a study measured there, with
its figures (docs/studies/thinking-time.md), for the game's default options; `magnates bots` names it."""

SETTINGS = ("seconds", "thinking")
"""The settings a search bot takes (`--set NAME=VALUE`)."""


def thinking_names() -> str:
    return ", ".join(THINKING)


def thinking_key(name: str) -> str:
    """A thinking time's name as `THINKING` writes it ("Very-Long" -> "very long"); OptionError if none."""
    key = " ".join(name.strip().lower().replace("-", " ").replace("_", " ").split())
    if key not in THINKING:
        hint = did_you_mean(key, THINKING)
        raise OptionError(f"no thinking time {name!r}{hint}; choose from: {thinking_names()}")
    return key


def seconds_of_thinking(name: str) -> float | None:
    """The seconds a decision of a named thinking time (None: the bot's own default)."""
    return THINKING[thinking_key(name)]


def check_seconds(value: object) -> float:
    """`value` as seconds a decision, or OptionError saying what is wrong with it."""
    if isinstance(value, bool):
        raise OptionError(f"seconds is a number of seconds a decision, not {value!r}")
    try:
        seconds = float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        raise OptionError(f"seconds is a number of seconds a decision (e.g. seconds=1), not {value!r}") from None
    if not math.isfinite(seconds) or not MIN_SECONDS <= seconds <= MAX_SECONDS:
        raise OptionError(f"seconds lies between {MIN_SECONDS:g} and {MAX_SECONDS:g} a decision, not {value!r}")
    return seconds


def parse_settings(pairs: Sequence[str]) -> dict[str, str]:
    """`["seconds=1", "thinking=long"]` as a dict; OptionError for a pair without `=`, an unknown
    setting or one given twice."""
    settings: dict[str, str] = {}
    for pair in pairs:
        name, sep, value = pair.partition("=")
        name = name.strip().lower()
        if not sep or not name:
            raise OptionError(f"a bot setting is NAME=VALUE (e.g. seconds=1 or thinking=long), not {pair!r}")
        if name not in SETTINGS:
            hint = did_you_mean(name, SETTINGS)
            raise OptionError(f"no bot setting {name!r}{hint}; the settings are: {', '.join(SETTINGS)}")
        if name in settings:
            raise OptionError(f"the bot setting {name} is given twice")
        settings[name] = value.strip()
    return settings


def decision_seconds(settings: Mapping[str, object] | None) -> float | None:
    """The seconds a decision that `settings` ask for (None: the bot's own default budget)."""
    if not settings:
        return None
    unknown = sorted(set(settings) - set(SETTINGS))
    if unknown:
        raise OptionError(f"no bot setting {unknown[0]!r}; the settings are: {', '.join(SETTINGS)}")
    if "seconds" in settings and "thinking" in settings:
        raise OptionError("give seconds or thinking, not both (thinking names a time: " + _named() + ")")
    if "thinking" in settings:
        return seconds_of_thinking(str(settings["thinking"]))
    return check_seconds(settings["seconds"])


def _named() -> str:
    return ", ".join(f"{name} {'default' if s is None else f'{s:g} s'}" for name, s in THINKING.items())


def has_default_options(game: Game) -> bool:
    """Whether every option but the player count has its default (the options studies measure)."""
    declared = {option.name: option.default for option in getattr(game, "options_declared", ())}
    return all(value == declared.get(name) for name, value in game.options.items() if name != "players")


def strongest_setting(game: Game) -> str | None:
    """The strongest bot and thinking time measured for this game and option set, as a line for
    people (None where no study measured one)."""
    found = STRONGEST.get((game.name, game.num_players))
    if found is None or not has_default_options(game):
        return None
    bot, thinking, figures = found
    seconds = THINKING[thinking]
    time = "its default" if seconds is None else f"{seconds:g} s a decision"
    return f"the strongest measured: {bot} with thinking={thinking} ({time}): {figures}"
