"""Storage: every game is an append-only record in a SQL database.

Three tables: `games` (what was created: game, options, seats with their names,
seed, turn clock, rematch), `events` (what happened, in order: an action, an
action the timeout bot played for a person, or the undo of the last one) and
`chat` (what people said at the table, with the step it was said at). Events are
never changed or deleted, so a game's history is auditable and a restarted server
rebuilds every game by replaying its events. SQLite is the default; PostgreSQL is
used when given a `postgresql://` URL (driver psycopg).
"""

from __future__ import annotations

import datetime as dt
import json
import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    case,
    create_engine,
    event,
    exc,
    func,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

ACTION = "action"
TIMEOUT = "timeout"  # an action the timeout bot played for a person whose time ran out
UNDO = "undo"
MOVES = (ACTION, TIMEOUT)
MIGRATION_LOCK = int.from_bytes(b"magmigr8", "big", signed=True)  # advisory lock key held while migrating
CHANNEL = "magnates"  # PostgreSQL's LISTEN/NOTIFY channel of the server processes sharing a database (fanout.py)


class Base(DeclarativeBase):
    pass


class GameRow(Base):
    __tablename__ = "games"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    version: Mapped[str] = mapped_column(String(32))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16), default="playing")
    creator_hash: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())
    open_seats: Mapped[int] = mapped_column(Integer, default=0, server_default="0", index=True)
    turn_seconds: Mapped[int] = mapped_column(Integer, default=0, server_default="0")
    timeout_bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    rematch_id: Mapped[str | None] = mapped_column(String(32), nullable=True)


class EventRow(Base):
    __tablename__ = "events"
    __table_args__ = (UniqueConstraint("game_id", "seq", name="uq_events_game_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    action: Mapped[int | None] = mapped_column(Integer, nullable=True)
    seat: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


class ChatRow(Base):
    __tablename__ = "chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str] = mapped_column(String(64))
    text: Mapped[str] = mapped_column(Text)
    step: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class LeaseRow(Base):
    """Which server process owns a game now, until when (leases.py; PostgreSQL with several processes)."""

    __tablename__ = "leases"

    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    owner: Mapped[str] = mapped_column(String(128), index=True)
    expires_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


@dataclass(frozen=True)
class StoredGame:
    id: str
    game: str
    version: str
    options: dict[str, Any]
    seats: list[dict[str, Any]]
    seed: int
    status: str
    creator_hash: str | None = None  # SHA-256 of the creator's secret; seats hold `token_hash`, never a token
    created: dt.datetime | None = field(default=None, compare=False)  # set by the database
    turn_seconds: int = 0
    timeout_bot: str | None = None
    rematch_id: str | None = None


@dataclass(frozen=True)
class StoredEvent:
    seq: int
    kind: str
    action: int | None
    seat: int
    at: dt.datetime | None = field(default=None, compare=False)  # when it was stored (the database's clock)


@dataclass(frozen=True)
class ChatMessage:
    seat: int
    name: str
    text: str
    step: int
    at: dt.datetime

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "text": self.text, "step": self.step, "at": iso(self.at)}


def utc(moment: dt.datetime) -> dt.datetime:
    """A stored time as an aware UTC time (SQLite hands back naive ones, written in UTC)."""
    return moment.replace(tzinfo=dt.UTC) if moment.tzinfo is None else moment.astimezone(dt.UTC)


def iso(moment: dt.datetime) -> str:
    return utc(moment).isoformat(timespec="seconds").replace("+00:00", "Z")


def normalize_url(url: str) -> str:
    """Accept plain `postgresql://` URLs: SQLAlchemy's default driver for it (psycopg2) is not ours."""
    for prefix in ("postgresql://", "postgres://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


def default_url() -> str:
    """An SQLite file in the user's data folder, so `magnates serve` works with no set-up."""
    folder = Path.home() / ".local" / "share" / "magnates"
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'web.db'}"


INSERT_ROWS = 100  # events in one INSERT statement at most (SQLite allows 999 parameters in older builds)
DB_TIMEOUT = 5.0  # seconds a statement or a lock wait may take by default (Limits.db_timeout)


def make_engine(url: str, timeout: float = DB_TIMEOUT) -> Engine:
    """The engine for `url`. `timeout` bounds how long one statement (or a wait for a lock) may hang:
    PostgreSQL's statement_timeout and lock_timeout on every connection, SQLite's busy timeout; past
    it the driver raises an OperationalError, which the service answers with 503 and Retry-After
    (durability.py) instead of holding the request, and the game's lock, for as long as the hang."""
    url = normalize_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": timeout})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            # WAL + NORMAL: durable at each commit boundary for a crash of the server, and fast.
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    # pre-ping: a connection the database dropped (a restart, pg_terminate_backend) is replaced when
    # taken from the pool; connect_timeout: an unreachable host fails a write in seconds, not minutes.
    milliseconds = max(1, round(timeout * 1000))
    settings = f"-c statement_timeout={milliseconds} -c lock_timeout={milliseconds}"
    return create_engine(url, pool_pre_ping=True, connect_args={"connect_timeout": 5, "options": settings})


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (run at every start; a no-op when current)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).with_name("migrations")))
    with engine.begin() as connection:
        if engine.dialect.name == "postgresql":  # servers starting together: one migrates, the others wait
            # A migration of a large database (or waiting for another server's) may take longer
            # than one request's statement may.
            connection.exec_driver_sql("SET LOCAL statement_timeout = 0")
            connection.exec_driver_sql("SET LOCAL lock_timeout = 0")
            connection.exec_driver_sql("SELECT pg_advisory_xact_lock(%s)", (MIGRATION_LOCK,))
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Store:
    """The games and their event logs. Every write is one short transaction."""

    def __init__(self, url: str, timeout: float = DB_TIMEOUT) -> None:
        self.url = normalize_url(url)
        self.engine = make_engine(self.url, timeout)
        migrate(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        # Writes go to a thread while other games go on: a commit waits for a disk (PostgreSQL's
        # server, SQLite's WAL checkpoints), and waiting in the event loop stalled every game
        # (200 games, 1 s think time: p99 47 ms in the loop, 11 ms in threads, on SQLite).
        self.threaded = True
        mark = "?" if self.engine.dialect.paramstyle == "qmark" else "%s"
        self._status_sql = f"UPDATE games SET status = {mark} WHERE id = {mark} AND status != {mark}"
        self._inserts: dict[int, str] = {}
        self.holder: threading.Thread | None = None  # the writer's thread (writer.py), which keeps a connection
        self._held: Any = None
        # Set (to this process's name) when several processes share this PostgreSQL database: every
        # write then tells the others, in its own transaction, so they hear of it once it is committed.
        self.sender: str | None = None

    def announce(self, connection: Connection, kind: str, game_id: str | list[str], **extra: Any) -> None:
        """NOTIFY the other server processes of a change to a game (delivered at commit; fanout.py)."""
        if self.sender is not None:
            connection.exec_driver_sql("SELECT pg_notify(%s, %s)", (CHANNEL, self._payload(kind, game_id, **extra)))

    def _payload(self, kind: str, game_id: str | list[str], **extra: Any) -> str:
        return json.dumps({"t": kind, "g": game_id, "from": self.sender, **extra}, separators=(",", ":"))

    @contextmanager
    def _session(self) -> Iterator[Session]:
        with self._sessions() as session, session.begin():
            yield session

    def dispose(self) -> None:
        self.engine.dispose()

    def create_game(self, game: StoredGame, events: Sequence[StoredEvent] = ()) -> None:
        with self._session() as session:
            session.add(
                GameRow(
                    id=game.id,
                    game=game.game,
                    version=game.version,
                    options=game.options,
                    seats=game.seats,
                    seed=game.seed,
                    status=game.status,
                    creator_hash=game.creator_hash,
                    open_seats=sum(1 for seat in game.seats if seat.get("open")),
                    turn_seconds=game.turn_seconds,
                    timeout_bot=game.timeout_bot,
                )
            )
            session.flush()
            for e in events:
                session.add(EventRow(game_id=game.id, seq=e.seq, kind=e.kind, action=e.action, seat=e.seat))

    def append(self, game_id: str, events: Sequence[StoredEvent], status: str | None = None) -> None:
        """Append events (and set the game's status) in one transaction: all or nothing."""
        self.append_many([(game_id, events, status)])

    def append_many(self, writes: Sequence[tuple[str, Sequence[StoredEvent], str | None]]) -> None:
        """Several games' events (and statuses) in one transaction: all or nothing (the writer's group
        commit, writer.py); one notification for all of them tells the other processes.

        The server's hot path, so it speaks to the driver itself on a connection from the engine's
        pool (checked out as any other, with its hooks and PostgreSQL's pre-ping, except that the
        writer's thread keeps its PostgreSQL connection between transactions): SQLAlchemy's
        Connection and transaction objects cost twice the insert itself (0.15 against 0.065 ms a
        move on SQLite). A driver error is raised as SQLAlchemy's own (IntegrityError for a step
        already stored, OperationalError when the database is away), as every other write raises it.
        """
        rows = [(game_id, e.seq, e.kind, e.action, e.seat) for game_id, events, _ in writes for e in events]
        statuses = [(status, game_id, status) for game_id, _, status in writes if status is not None]
        changed = [game_id for game_id, events, status in writes if events or status is not None]
        if not changed:
            return
        told = changed if len(writes) > 1 else changed[0]
        # PostgreSQL's pre-ping is a round trip per checkout (0.13 CPU-ms a move): the writer's thread
        # keeps its connection between transactions instead, and only after a clean commit.
        holding = self.holder is threading.current_thread() and self.engine.dialect.name == "postgresql"
        raw, self._held = (self._held, None) if holding else (None, self._held)
        kept = raw is not None
        if raw is None:
            raw = self.engine.raw_connection()
        statement, committed = "INSERT", False
        try:
            try:
                self._write(raw, rows, statuses, told)
            except Exception as err:
                if not kept or not self._lost(raw, err):
                    raise
                # The kept connection died while idle (a restart, pg_terminate_backend), before COMMIT
                # was sent: nothing of this transaction is stored. Once more on one from the pool.
                dead, raw = raw, None
                dead.invalidate(err)
                dead.close()
                raw = self.engine.raw_connection()
                self._write(raw, rows, statuses, told)
            statement = "COMMIT"
            raw.commit()
            committed = True
        except Exception as err:
            if raw is None:  # no connection to be had (raised by the pool, as SQLAlchemy's already)
                raise
            raise self._driver_error(raw, statement, err) from err
        finally:
            if committed and holding:
                self._held = raw
            elif raw is not None:
                raw.close()  # back to the pool (which rolls back whatever a failure left open)

    def _write(self, raw: Any, rows: list[tuple[Any, ...]], statuses: list[tuple[str, str, str]], told: Any) -> None:
        cursor = raw.cursor()
        try:
            for start in range(0, len(rows), INSERT_ROWS):  # one statement for many rows: psycopg's
                chunk = rows[start : start + INSERT_ROWS]  # executemany costs half as much again
                cursor.execute(self._insert_statement(len(chunk)), [value for row in chunk for value in row])
            for status in statuses:  # a game's end: rare
                cursor.execute(self._status_sql, status)
            if self.sender is not None:
                cursor.execute("SELECT pg_notify(%s, %s)", (CHANNEL, self._payload("e", told)))
        finally:
            cursor.close()

    def _lost(self, raw: Any, err: Exception) -> bool:
        """Whether `err` says the connection itself is gone (not a refusal of what was sent)."""
        if not isinstance(err, self.engine.dialect.loaded_dbapi.Error):
            return False
        try:
            return bool(self.engine.dialect.is_disconnect(err, raw.dbapi_connection, None))
        except Exception:
            return False

    def release_held(self) -> None:
        """Give the connection the writer's thread keeps back to the pool (the writer stops)."""
        held, self._held = self._held, None
        if held is not None:
            held.close()

    def _insert_statement(self, rows: int) -> str:
        """`INSERT INTO events ... VALUES (...), (...)` for this many rows (made once per count)."""
        statement = self._inserts.get(rows)
        if statement is None:
            mark = "?" if self.engine.dialect.paramstyle == "qmark" else "%s"
            values = ", ".join([f"({mark}, {mark}, {mark}, {mark}, {mark})"] * rows)
            statement = self._inserts[rows] = f"INSERT INTO events (game_id, seq, kind, action, seat) VALUES {values}"
        return statement

    def _driver_error(self, raw: Any, statement: str, err: Exception) -> BaseException:
        """A driver's error as SQLAlchemy raises it; a connection the database dropped is not reused."""
        dbapi = self.engine.dialect.loaded_dbapi
        if not isinstance(err, dbapi.Error):
            return err
        lost = self._lost(raw, err)
        if lost:
            raw.invalidate(err)
        return exc.DBAPIError.instance(statement, None, err, dbapi.Error, connection_invalidated=lost,
                                       dialect=self.engine.dialect)  # fmt: skip

    def set_seats(self, game_id: str, seats: list[dict[str, Any]]) -> None:
        """Replace a game's seats (a re-issued link's new hash, a seat taken); the events stay untouched."""
        open_seats = sum(1 for seat in seats if seat.get("open"))
        with self.engine.begin() as connection:
            connection.execute(update(GameRow).where(GameRow.id == game_id).values(seats=seats, open_seats=open_seats))
            self.announce(connection, "s", game_id)

    def set_rematch(self, game_id: str, rematch_id: str) -> None:
        with self.engine.begin() as connection:
            connection.execute(update(GameRow).where(GameRow.id == game_id).values(rematch_id=rematch_id))
            self.announce(connection, "s", game_id)

    def add_chat(self, game_id: str, message: ChatMessage) -> None:
        with self._session() as session:
            session.add(
                ChatRow(
                    game_id=game_id,
                    seat=message.seat,
                    name=message.name,
                    text=message.text,
                    step=message.step,
                    created_at=message.at,
                )
            )
            self.announce(session.connection(), "c", game_id, m=message.to_json())

    def chat(self, game_id: str, up_to_step: int | None = None, limit: int | None = None) -> list[ChatMessage]:
        """A game's chat in the order it was said (the last `limit` messages said by `up_to_step`)."""
        with self._session() as session:
            query = select(ChatRow).where(ChatRow.game_id == game_id).order_by(ChatRow.id.desc())
            if up_to_step is not None:
                query = query.where(ChatRow.step <= up_to_step)
            if limit is not None:
                query = query.limit(limit)
            rows = list(session.scalars(query))
            return [ChatMessage(r.seat, r.name, r.text, r.step, r.created_at) for r in reversed(rows)]

    def steps(self, game_ids: Sequence[str]) -> dict[str, int]:
        """How many actions are in force in each game (its `step`), counted in the database."""
        if not game_ids:
            return {}
        moves = func.sum(case((EventRow.kind.in_(MOVES), 1), else_=0))
        undos = func.sum(case((EventRow.kind == UNDO, 1), else_=0))
        query = select(EventRow.game_id, moves, undos).where(EventRow.game_id.in_(game_ids)).group_by(EventRow.game_id)
        with self._session() as session:
            return {game_id: int(m or 0) - int(u or 0) for game_id, m, u in session.execute(query)}

    def next_seqs(self, game_ids: Sequence[str]) -> dict[str, int]:
        """The `seq` each game's next event will have (one past its last stored; games with none are left out)."""
        if not game_ids:
            return {}
        query = select(EventRow.game_id, func.max(EventRow.seq)).where(EventRow.game_id.in_(game_ids))
        with self.engine.connect() as connection:
            return {game_id: int(last) + 1 for game_id, last in connection.execute(query.group_by(EventRow.game_id))}

    def game(self, game_id: str) -> StoredGame | None:
        with self._session() as session:
            row = session.get(GameRow, game_id)
            return None if row is None else _stored(row)

    def events(self, game_id: str, from_seq: int = 0) -> list[StoredEvent]:
        """A game's events in order (from `from_seq` on: what another process stored since)."""
        with self._session() as session:
            query = select(EventRow).where(EventRow.game_id == game_id)
            if from_seq:
                query = query.where(EventRow.seq >= from_seq)
            rows = session.scalars(query.order_by(EventRow.seq))
            return [StoredEvent(r.seq, r.kind, r.action, r.seat, r.created_at) for r in rows]

    def list_games(self, status: str | None = None, limit: int = 200, open_only: bool = False) -> list[StoredGame]:
        """The newest games first (with `open_only`, those with a seat anyone may take)."""
        with self._session() as session:
            query = select(GameRow).order_by(GameRow.created_at.desc(), GameRow.id).limit(limit)
            if status is not None:
                query = query.where(GameRow.status == status)
            if open_only:
                query = query.where(GameRow.open_seats > 0)
            return [_stored(row) for row in session.scalars(query)]


def _stored(row: GameRow) -> StoredGame:
    return StoredGame(
        row.id,
        row.game,
        row.version,
        dict(row.options),
        list(row.seats),
        int(row.seed),
        row.status,
        row.creator_hash,
        row.created_at,
        int(row.turn_seconds or 0),
        row.timeout_bot,
        row.rematch_id,
    )


def in_force(events: list[StoredEvent]) -> list[StoredEvent]:
    """The move events in force after the undos, in order (each undo takes back the last move)."""
    kept: list[StoredEvent] = []
    for e in events:
        if e.kind in MOVES and e.action is not None:
            kept.append(e)
        elif e.kind == UNDO and kept:
            kept.pop()
    return kept


def effective_actions(events: list[StoredEvent]) -> tuple[list[int], list[int]]:
    """The actions in force after the undos, and who made each (seat, or -1 for chance)."""
    kept = in_force(events)
    return [e.action for e in kept if e.action is not None], [e.seat for e in kept]
