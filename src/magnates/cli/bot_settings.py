"""`--set [BOT:]NAME=VALUE` on the commands that play many games (simulate, arena, compare).

`magnates play` gives one setting to every bot seat; a batch of games often pits a bot given time
against bots at their defaults (expert at 1 s a decision against hard), so here a setting may name
its bot: `--set expert:seconds=1`. Without a bot it goes to every bot of the run, and a bot that
does not search refuses it, as it would in `play`. The settings are `magnates.bots.thinking`'s.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from magnates.bots.policy import normalized
from magnates.bots.registry import make_bot
from magnates.bots.thinking import THINKING, decision_seconds, parse_settings
from magnates.core.errors import OptionError
from magnates.core.game import Game

SET_HELP = (
    "A bot setting [BOT:]NAME=VALUE (repeatable): seconds=S, the time for each whole decision of a search bot, "
    f"or thinking=NAME ({', '.join(THINKING)}). With BOT: (e.g. expert:seconds=1) only that bot, else every "
    "bot of the run; a bot that does not search refuses it. Default: each bot's own."
)


def bot_settings(pairs: Sequence[str], bots: Sequence[str], game: Game) -> dict[str, dict[str, str]]:
    """The settings of each bot named by `--set` pairs, checked: every bot named is in the run, every
    setting known, given once and in range, and taken by its bot (OptionError saying which is not)."""
    names = list(dict.fromkeys(bots))
    given: dict[str, list[str]] = {}
    to_all: set[str] = set()
    for pair in pairs:
        key, sep, value = pair.partition("=")
        bot, colon, setting = key.rpartition(":")
        if not sep or not setting.strip():
            raise OptionError(f"--set takes [BOT:]NAME=VALUE (e.g. seconds=1 or expert:thinking=long), not {pair!r}")
        if colon:
            target = normalized(bot)
            if target not in names:
                raise OptionError(f"--set {pair}: no bot {bot.strip()!r} plays here; the bots are: {', '.join(names)}")
            targets = [target]
        else:
            targets = names
            to_all.add(setting.strip().lower())
        for target in targets:
            given.setdefault(target, []).append(f"{setting}={value}")
    settings: dict[str, dict[str, str]] = {}
    for bot, bot_pairs in given.items():
        parsed = parse_settings(bot_pairs)
        decision_seconds(parsed)  # a bad value fails here, before any game
        try:
            make_bot(bot, game, parsed)
        except OptionError as err:
            if to_all & set(parsed):
                raise OptionError(f"{err} (to give it to one bot only: --set BOT:NAME=VALUE)") from None
            raise
        settings[bot] = parsed
    return settings


def settings_text(settings: Mapping[str, Mapping[str, str]]) -> str:
    """`expert seconds=1; hard thinking=long`, for a summary's header line."""
    return "; ".join(f"{bot} " + ", ".join(f"{k}={v}" for k, v in pairs.items()) for bot, pairs in settings.items())
