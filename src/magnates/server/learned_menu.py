"""Learned bots in the lobby: the checkpoints of a folder the server's operator names.

`magnates serve --learned-dir DIR` (or `MAGNATES_LEARNED_DIR`) makes every `.npz` weights file
under DIR (`magnates-policy-value/1`, as `python -m magnates.learn.ppo` and `magnates train` write
them) a bot of the game and option set it was trained for, named `learned:NAME` where NAME is the
file's path under DIR without `.npz` (`learned:run1/weights`, `learned:run1/checkpoints/update-40`).

The folder is read once, when the server starts: each file is loaded and checked against its game
(the options, the encoder's size, the seats and the action count); a file that cannot serve is
left out with a warning in the log, never an error. A client chooses among these names only: the
server never opens a path that a request names, so `learned:/any/path` from a client is refused
like any unknown bot.
"""

from __future__ import annotations

import json
import logging
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import magnates
from magnates.bots.learned import NumpyNet, canonical_options
from magnates.bots.policy import LEARNED_PREFIXES, PolicyBot
from magnates.core.bot import Bot
from magnates.core.errors import MagnatesError, OptionError
from magnates.core.game import Game

log = logging.getLogger("magnates.server.learned")

PREFIX = LEARNED_PREFIXES[0]
MAX_FILES = 500
"""Files looked at under the folder: a folder of thousands of snapshots would slow every start."""
NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._/-]{0,79}$")
"""What a checkpoint's name may be (its path under the folder): plain, short, shown as typed."""


@dataclass(frozen=True)
class LearnedEntry:
    name: str  # "learned:run1/weights"
    game: str
    options: str  # canonical, to match a game's option set
    net: NumpyNet
    description: str


class LearnedMenu:
    """The learned bots this server offers, by game and option set."""

    def __init__(self, entries: list[LearnedEntry] | None = None, folder: Path | None = None) -> None:
        self.entries = {entry.name: entry for entry in entries or []}
        self.folder = folder

    @classmethod
    def scan(cls, folder: str | Path | None) -> LearnedMenu:
        """Every weights file under `folder` that serves its game; the others are logged and skipped."""
        if not folder:
            return cls()
        root = Path(folder).expanduser()
        if not root.is_dir():
            log.warning("learned bots: %s is not a folder; no learned bot is offered", root)
            return cls(folder=root)
        entries = []
        for count, path in enumerate(sorted(root.rglob("*.npz"))):
            if count >= MAX_FILES:
                log.warning("learned bots: only the first %d files under %s are offered", MAX_FILES, root)
                break
            entry = _entry(root, path)
            if entry is not None:
                entries.append(entry)
        log.info("learned bots: %d offered from %s", len(entries), root)
        return cls(entries, root)

    def names_for(self, game: Game) -> list[str]:
        """The learned bots trained for this game and option set."""
        options = _options_key(game)
        return [e.name for e in self.entries.values() if e.game == game.name and e.options == options]

    def describe(self, name: str) -> str | None:
        entry = self.entries.get(name)
        return entry.description if entry else None

    def bot(self, name: str, game: Game) -> Bot:
        """The bot `learned:NAME` for `game`; OptionError for a name this server does not offer there."""
        entry = self.entries.get(name)
        if entry is None or name not in self.names_for(game):
            offered = ", ".join(self.names_for(game)) or "none for these options"
            raise OptionError(f"no learned bot {name!r} on this server for {game.name}; offered: {offered}")
        return PolicyBot(entry.net, game, name=name)


def _entry(root: Path, path: Path) -> LearnedEntry | None:
    relative = path.relative_to(root).with_suffix("").as_posix()
    if not NAME.match(relative) or ".." in relative:
        log.warning("learned bots: skipped %s: a name of letters, digits, '.', '_', '-' and '/' is needed", path)
        return None
    try:
        net = NumpyNet.load(path)
        game = magnates.load(str(net.meta.get("game")), **dict(net.meta.get("options") or {}))
        net.check(game)
    except (MagnatesError, TypeError, ValueError, KeyError, AttributeError) as err:
        log.warning("learned bots: skipped %s: %s", path, err)
        return None
    return LearnedEntry(
        name=PREFIX + relative,
        game=game.name,
        options=_options_key(game),
        net=net,
        description=_description(net.meta),
    )


def _options_key(game: Game) -> str:
    return json.dumps(canonical_options(game.options), sort_keys=True, default=str)


def _description(meta: dict[str, Any]) -> str:
    facts = [
        f"{meta[k]:,} {label}"
        for k, label in (("games", "games"), ("update", "updates"))
        if isinstance(meta.get(k), int)
    ]
    trained = f" ({', '.join(facts)} of training)" if facts else ""
    return f"A trained network{trained}: plays its policy at once, without searching."


MENU = LearnedMenu()
"""The menu of this server process (`install` at start; empty: no learned bot offered)."""


def install(menu: LearnedMenu) -> None:
    global MENU
    MENU = menu


def is_learned(name: str) -> bool:
    return name.strip().lower().startswith(LEARNED_PREFIXES)
