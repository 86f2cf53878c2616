"""Games over days: a bank of time per player, and losing on time.

Two time controls: *per move* (`turn_seconds`, up to two weeks a decision: clock.py) or a *bank*
(`bank_seconds`, up to 60 days for the whole game): each person's decisions draw on their own
bank, and the deadline of a decision is when that bank would run dry. When a deadline passes, the
seat is played by its timeout bot (the default, `on_timeout: "bot"`; with a bank that is empty, for
each of its decisions from then on) or *forfeits* (`on_timeout: "forfeit"`): the game is over, the
seat that ran out of time placed last and the others sharing first (`Table.result`), rated so.

What each seat has used of its bank is stored after every change (`time_controls.spent`), and a
rebuilt game's clock goes on from its last stored change, so a restart gives nobody time.
"""

from __future__ import annotations

import time
from typing import Any, Literal

from sqlalchemy import JSON, ForeignKey, Integer, String
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Mapped, mapped_column, sessionmaker

from magnates.core.game import Game
from magnates.server.clock import checked_timeout_bot, start_clock
from magnates.server.errors import BadInput
from magnates.server.storage import Base, Store
from magnates.server.tables import Table

MIN_BANK, MAX_BANK = 60, 60 * 86_400
OnTimeout = Literal["bot", "forfeit"]


class TimeControlRow(Base):
    __tablename__ = "time_controls"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    bank_seconds: Mapped[int] = mapped_column(Integer, default=0)
    on_timeout: Mapped[str] = mapped_column(String(16), default="bot")
    timeout_bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    spent: Mapped[dict[str, Any]] = mapped_column(JSON)
    forfeited: Mapped[int | None] = mapped_column(Integer, nullable=True)


def check(game: Game, turn_seconds: int, bank_seconds: int, on_timeout: str, timeout_bot: str | None) -> str | None:
    """The timeout bot of a banked or forfeiting game, or BadInput saying what is wrong (before anything
    is created)."""
    if bank_seconds and not MIN_BANK <= bank_seconds <= MAX_BANK:
        raise BadInput(f"bank_seconds is 0 (no bank) or from {MIN_BANK} to {MAX_BANK} (60 days), not {bank_seconds}")
    if bank_seconds and turn_seconds:
        raise BadInput("choose one time control: turn_seconds (per move) or bank_seconds (per player), not both")
    if on_timeout not in ("bot", "forfeit"):
        raise BadInput(f"on_timeout is 'bot' or 'forfeit', not {on_timeout[:20]!r}")
    if on_timeout == "forfeit" and not (bank_seconds or turn_seconds):
        raise BadInput("on_timeout 'forfeit' needs a time control (turn_seconds or bank_seconds)")
    if not bank_seconds:
        return None
    return checked_timeout_bot(game, timeout_bot)


class TimeControls:
    """The `time_controls` rows, and the service's hooks that keep each bank's account."""

    def __init__(self, engine: Engine, store: Store) -> None:
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        self.store = store

    def adopt(self, table: Table, bank_seconds: int, on_timeout: str, timeout_bot: str | None) -> None:
        """A new game's time control (checked by `check`): stored, and its clock started."""
        if not bank_seconds and on_timeout == "bot":
            return
        table.bank_seconds, table.on_timeout = bank_seconds, on_timeout
        if timeout_bot is not None:
            table.timeout_bot = timeout_bot
        self._save(table)
        now = time.time()
        start_clock(table, now)
        self._start_turn(table, now)

    def loaded(self, table: Table, since: float) -> None:
        """A game rebuilt from the database: its bank, what each seat used, a forfeit."""
        with self._sessions() as session:
            row = session.get(TimeControlRow, table.id)
        if row is None:
            return
        table.bank_seconds, table.on_timeout, table.forfeited = row.bank_seconds, row.on_timeout, row.forfeited
        table.timeout_bot = row.timeout_bot or table.timeout_bot
        table.spent = {int(seat): float(used) for seat, used in (row.spent or {}).items()}
        start_clock(table, since)
        self._start_turn(table, since)

    def changed(self, table: Table) -> None:
        """After every stored change: charge the decision just made to its seat's bank; store a forfeit."""
        if not table.bank_seconds and table.on_timeout == "bot":
            return
        now = time.time()
        if table.forfeited is not None:  # stored by `forfeit` before it was shown
            return
        if table.bank_seconds and table.turn is not None and table.turn[1] != table.step:
            seat, _, since = table.turn
            table.spent[seat] = table.spent.get(seat, 0.0) + max(0.0, now - since)
            self._save(table)
            table.turn = None
        if table.turn is None:
            start_clock(table, now)
            self._start_turn(table, now)
        else:  # the same decision still running (a seat taken, ...): its deadline stays where it was
            start_clock(table, table.turn[2])

    def forfeit(self, table: Table) -> None:
        """Store the seat's forfeit on time (`table.forfeited`) and the game's end; the service shows
        it only once this returned (an error here leaves the game as stored)."""
        self._save(table)
        self.store.append(table.id, [], "finished")

    @staticmethod
    def _start_turn(table: Table, since: float) -> None:
        current = table.state.current_player()
        person = 0 <= current < len(table.seats) and table.seats[current].kind == "person"
        table.turn = (current, table.step, since) if person and table.deadline is not None else None

    def _save(self, table: Table) -> None:
        with self._sessions() as session, session.begin():
            row = session.get(TimeControlRow, table.id)
            if row is None:
                row = TimeControlRow(game_id=table.id)
                session.add(row)
            row.bank_seconds, row.on_timeout, row.timeout_bot = table.bank_seconds, table.on_timeout, table.timeout_bot
            row.spent = {str(seat): round(used, 3) for seat, used in table.spent.items()}
            row.forfeited = table.forfeited
