"""The turn clock of a timed game: how long a person has for each decision, and who moves when it runs out.

A deadline is the time of the last change plus `turn_seconds`; it runs only for a person's
decision while every seat has its player (an open or reserved seat stops it). The service lets the
timeout bot move when a deadline passes (`GameService.play_timeouts`).
"""

from __future__ import annotations

from magnates.core.errors import OptionError
from magnates.core.game import Game
from magnates.server.errors import BadInput, excerpt
from magnates.server.tables import Table, bot_names, new_bot

MIN_TURN_SECONDS = 10
MAX_TURN_SECONDS = 14 * 86_400  # games over days: up to two weeks a decision
DEFAULT_TIMEOUT_BOT = "greedy"  # or "random" for a game without a greedy bot


def timeout_bot_for(game: Game, turn_seconds: int, timeout_bot: str | None) -> str | None:
    """The timeout bot's level for a timed game (checked now: a typo must not wait for a timeout)."""
    if type(turn_seconds) is not int or not (turn_seconds == 0 or MIN_TURN_SECONDS <= turn_seconds <= MAX_TURN_SECONDS):
        raise BadInput(
            f"turn_seconds is 0 (no clock) or from {MIN_TURN_SECONDS} to {MAX_TURN_SECONDS}, "
            f"not {excerpt(turn_seconds)}"
        )
    if not turn_seconds:
        return None
    return checked_timeout_bot(game, timeout_bot)


def checked_timeout_bot(game: Game, timeout_bot: str | None) -> str:
    """The timeout bot asked for (or the default), checked now: a typo must not wait for a timeout."""
    bot = timeout_bot or (DEFAULT_TIMEOUT_BOT if DEFAULT_TIMEOUT_BOT in bot_names(game) else "random")
    try:
        new_bot(bot, game)
    except OptionError as err:
        raise BadInput(f"timeout_bot: {err}") from None
    return bot


def start_clock(table: Table, since: float) -> None:
    """The current decision's deadline (epoch seconds), or None when no clock runs now."""
    table.deadline = None
    if not table.timed or table.over:
        return
    current = table.state.current_player()
    if current < 0 or table.seats[current].kind != "person" or not all(s.held for s in table.seats):
        return
    if table.bank_seconds:  # a bank for the whole game: what is left of this seat's (timecontrol.py)
        table.deadline = since + max(0.0, table.bank_seconds - table.spent.get(current, 0.0))
    else:
        table.deadline = since + table.turn_seconds
