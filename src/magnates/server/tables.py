"""One live game in memory (a `Table`): the engine state, its seats, its log, its chat and its clock.

The service changes tables; `snapshots.py` says what a seat is sent from one; the hub's
connections watch one (`Watcher`).
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
import weakref
from dataclasses import dataclass, field
from typing import Any, Protocol

from magnates.bots.code_bots import is_code_bot
from magnates.bots.registry import GENERIC, available, make_bot
from magnates.bots.thinking import THINKING, thinking_key, thinking_names
from magnates.core.bot import Bot
from magnates.core.errors import OptionError
from magnates.core.game import Game, Result, State
from magnates.server import learned_menu
from magnates.server.seats import Seat, matches, seat_for

CHAT_KEPT = 100  # chat messages a table keeps in memory and a snapshot carries


class Watcher(Protocol):
    """A live connection to a table (the WebSocket hub's), told when something happens there."""

    def changed(self) -> None:
        """The game or its seats changed: send the seat's snapshot."""

    def said(self, text: str) -> None:
        """A chat message (its JSON text, ready to send) was posted at the table."""


class LogTexts:
    """One viewer's log entries as JSON text, by step, each with the line it was worded from.

    An entry's text holds what its step's line says to this viewer, the seats' names it was
    worded with (the same for every entry: a change of names forgets them all), and whether the
    timeout bot played the step. Kept in dicts and a set of steps, not a tuple per entry: every
    move adds an entry for each viewer, and an object per entry would be one more container that
    every pass of the cycle collector walks (at 1,000 games such tuples were more than half of what
    a young pass walked). `message_text._entry_text` words the entries."""

    __slots__ = ("line", "names", "text", "timed")

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self.text: dict[int, str] = {}
        self.line: dict[int, dict[int | None, str]] = {}
        """The very line each text was worded from (an undo or a reload words a new one)."""
        self.timed: set[int] = set()
        """The steps whose text says the timeout bot played them."""

    def forget_before(self, first: int) -> None:
        for step in [step for step in self.text if step < first]:
            del self.text[step], self.line[step]
            self.timed.discard(step)


@dataclass
class Table:
    """One live game: the engine state plus who sits where and who made each move."""

    id: str
    game: Game
    state: State
    seats: list[Seat]
    seed: int
    actors: list[int]
    next_seq: int
    bots: dict[int, Bot] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)  # one write at a time per game (threaded stores)
    # action id -> its entry for `legal`: the game's alone, shared by its tables (`action_entries`)
    described: dict[int, dict[str, Any]] = field(init=False)
    lines: list[dict[int | None, str]] = field(default_factory=list)  # per step: log text per viewer
    log_cache: dict[tuple[int, int, int | None], list[dict[str, Any]]] = field(default_factory=dict)
    text_cache: dict[tuple[int, int, int | None], str] = field(default_factory=dict)  # -> message text
    # Parts of the message text encoded once (message_text.py): the fixed fields, players and chat
    # per revision; each legal action's entry; each log entry per (step, viewer) with what it was made from.
    parts: dict[str, Any] = field(default_factory=dict)
    legal_json: dict[int, str] = field(init=False)  # action id -> its entry's text (`action_entries`)
    # viewer -> its log entries' texts and what they were made from (`LogTexts`, worded by message_text.py)
    log_json: dict[int | None, LogTexts] = field(default_factory=dict)
    listeners: list[Watcher] = field(default_factory=list)
    creator_hash: str | None = None  # SHA-256 of the creator's secret (re-issues seat links)
    fresh_tokens: dict[int, str] = field(default_factory=dict)  # plain tokens, only until the creator is answered
    answers: dict[int, tuple[int, dict[str, Any]]] = field(default_factory=dict)  # seat -> (step, first answer)
    last_used: float = field(default_factory=time.monotonic)
    revision: int = 0  # bumped by changes that are not events (a seat taken, a chat message, a rematch)
    chat: list[dict[str, Any]] = field(default_factory=list)  # the last CHAT_KEPT messages
    created: str | None = None  # ISO time the game was created
    turn_seconds: int = 0  # a person's time for each decision (0: no clock)
    timeout_bot: str | None = None  # the bot level that moves for a person whose time ran out
    deadline: float | None = None  # epoch seconds when the current decision's time runs out
    timeouts: set[int] = field(default_factory=set)  # steps played by the timeout bot
    rematch_id: str | None = None  # the game started as this one's rematch
    # Games over days (timecontrol.py): a bank of time per player, and what a timeout does.
    bank_seconds: int = 0  # each person's time for the whole game (0: none; turn_seconds may apply instead)
    spent: dict[int, float] = field(default_factory=dict)  # seat -> seconds of its bank used so far
    on_timeout: str = "bot"  # "bot": the timeout bot moves for the seat; "forfeit": the seat loses
    forfeited: int | None = None  # the seat that lost on time: the game is over
    rated: bool = False  # its creator asked for a rated game with bots (ratings.py): no hints in it
    turn: tuple[int, int, float] | None = None  # (seat, step, since): the decision whose bank time runs

    def __post_init__(self) -> None:
        self.described, self.legal_json = action_entries(self.game)

    @property
    def step(self) -> int:
        return len(self.state.history)

    @property
    def waiting(self) -> int:
        """How many players the game still waits for: while a person's seat is open, nothing moves."""
        return sum(1 for seat in self.seats if seat.open)

    @property
    def timed(self) -> bool:
        return bool(self.turn_seconds or self.bank_seconds)

    @property
    def over(self) -> bool:
        """The game has ended: its rules say so, or a seat forfeited on time."""
        return self.forfeited is not None or self.state.is_terminal()

    @property
    def status(self) -> str:
        return "finished" if self.over else "playing"

    def result(self) -> Result | None:
        """How it ended (a forfeit: the seat that ran out of time last, the others sharing first)."""
        if self.forfeited is not None:
            count = len(self.seats)
            ranking = [count if seat == self.forfeited else 1 for seat in range(count)]
            reason = f"{self.name(self.forfeited)} forfeited: their time ran out"
            return Result(ranking, [0.0] * count, reason, {"forfeit": self.forfeited})
        return self.state.result() if self.state.is_terminal() else None

    def seat_for(self, token: str | None) -> int | None:
        """The seat a secret token opens; no token is a spectator; a wrong token is refused."""
        return seat_for(self.seats, token)

    def is_creator(self, token: str | None) -> bool:
        return matches(self.creator_hash, token)

    def name(self, seat: int) -> str:
        return self.seats[seat].display_name(seat) if 0 <= seat < len(self.seats) else f"Player {seat + 1}"

    def notify(self) -> None:
        for watcher in list(self.listeners):
            watcher.changed()


ActionEntries = tuple[dict[int, dict[str, Any]], dict[int, str]]
_ENTRIES: weakref.WeakKeyDictionary[Game, ActionEntries] = weakref.WeakKeyDictionary()
_ENTRIES_LOCK = threading.Lock()  # tables are made in bot threads too (a game read back, a rematch)


def action_entries(game: Game) -> ActionEntries:
    """Each action's entry for `legal` (id, text, kind, JSON) and its JSON text, filled in as actions
    come up: an action's entry depends on the game alone, so every table of the game shares them, and
    a move adds nothing to a table that another table of the game has seen."""
    with _ENTRIES_LOCK:
        entries = _ENTRIES.get(game)
        if entries is None:
            entries = _ENTRIES[game] = ({}, {})
        return entries


def bot_names(game: Game) -> list[str]:
    """The bots a seat may be given; a game whose own bots fail to import still offers the generic ones.
    Then the learned bots of the server's folder trained for this game and option set (`learned_menu`)."""
    try:
        names = sorted(available(game))
    except ImportError:
        names = sorted(GENERIC)
    return names + learned_menu.MENU.names_for(game)


def thinking_name(value: object, index: int) -> str | None:
    """A bot seat's thinking time as stored: its name as `THINKING` writes it, None for the bot's
    default (none given, or "normal"); OptionError for anything else."""
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise OptionError(f"seat {index + 1}: a thinking time is one of {thinking_names()}, not {value!r}")
    key = thinking_key(value)
    return None if THINKING[key] is None else key


def new_bot(name: str, game: Game, thinking: str | None = None) -> Bot:
    """The bot of a seat; `thinking` names a search bot's thinking time (`magnates.bots.thinking`).

    A `learned:` name is one of the server's own menu (`learned_menu`), never a path: names come
    from clients, and the server opens no file a client names."""
    if is_code_bot(name):  # a client never names a file for the server to run
        raise OptionError(f"seat bot {name!r}: bots from Python files play only from the command line")
    if learned_menu.is_learned(name):
        if thinking is not None:
            raise OptionError(f"{name} plays its policy without searching, so it takes no thinking time")
        return learned_menu.MENU.bot(name, game)
    try:
        return make_bot(name, game, None if thinking is None else {"thinking": thinking})
    except ImportError as err:
        if name in GENERIC:
            return GENERIC[name](game)
        raise OptionError(f"bot {name!r} of {game.name} cannot be loaded: {err}") from None


def step_rng(seed: int, step: int, purpose: str) -> random.Random:
    """A generator fixed by the game's seed, the step and what it is for (restart-exact)."""
    return random.Random(f"{seed}:{step}:{purpose}")
