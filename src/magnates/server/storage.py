"""Storage: every game is an append-only record in a SQL database.

Two tables: `games` (what was created: game, options, seats, seed) and
`events` (what happened, in order: an action, or the undo of the last one).
Events are never changed or deleted, so a game's history is auditable and a
restarted server rebuilds every game by replaying its events. SQLite is the
default; PostgreSQL is used when given a `postgresql://` URL (driver psycopg).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    create_engine,
    event,
    func,
    select,
    update,
)
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

ACTION = "action"
UNDO = "undo"


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


@dataclass(frozen=True)
class StoredEvent:
    seq: int
    kind: str
    action: int | None
    seat: int


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


def make_engine(url: str) -> Engine:
    url = normalize_url(url)
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False})

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
            # WAL + NORMAL: durable at each commit boundary for a crash of the server, and fast.
            cursor = dbapi_connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (run at every start; a no-op when current)."""
    from alembic import command
    from alembic.config import Config

    config = Config()
    config.set_main_option("script_location", str(Path(__file__).with_name("migrations")))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Store:
    """The games and their event logs. Every write is one short transaction."""

    def __init__(self, url: str) -> None:
        self.url = normalize_url(url)
        self.engine = make_engine(self.url)
        migrate(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        # Writes go to a thread while other games go on: a commit waits for a disk (PostgreSQL's
        # server, SQLite's WAL checkpoints), and waiting in the event loop stalled every game
        # (200 games, 1 s think time: p99 47 ms in the loop, 11 ms in threads, on SQLite).
        self.threaded = True
        mark = "?" if self.engine.dialect.paramstyle == "qmark" else "%s"
        self._insert_sql = (
            f"INSERT INTO events (game_id, seq, kind, action, seat) VALUES ({mark}, {mark}, {mark}, {mark}, {mark})"
        )

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
                )
            )
            session.flush()
            for e in events:
                session.add(EventRow(game_id=game.id, seq=e.seq, kind=e.kind, action=e.action, seat=e.seat))

    def append(self, game_id: str, events: Sequence[StoredEvent], status: str | None = None) -> None:
        """Append events (and set the game's status) in one transaction: all or nothing.

        SQLAlchemy Core, not the ORM: this runs once per move and is the server's hot path.
        """
        with self.engine.begin() as connection:
            if events:
                # The driver's own SQL: SQLAlchemy's statement machinery costs more than the insert itself.
                connection.exec_driver_sql(
                    self._insert_sql, [(game_id, e.seq, e.kind, e.action, e.seat) for e in events]
                )
            if status is not None:
                connection.execute(
                    update(GameRow).where(GameRow.id == game_id, GameRow.status != status).values(status=status)
                )

    def set_seats(self, game_id: str, seats: list[dict[str, Any]]) -> None:
        """Replace a game's seats (a re-issued link's new hash); the events stay untouched."""
        with self.engine.begin() as connection:
            connection.execute(update(GameRow).where(GameRow.id == game_id).values(seats=seats))

    def game(self, game_id: str) -> StoredGame | None:
        with self._session() as session:
            row = session.get(GameRow, game_id)
            return None if row is None else _stored(row)

    def events(self, game_id: str) -> list[StoredEvent]:
        with self._session() as session:
            rows = session.scalars(select(EventRow).where(EventRow.game_id == game_id).order_by(EventRow.seq))
            return [StoredEvent(r.seq, r.kind, r.action, r.seat) for r in rows]

    def list_games(self, status: str | None = None, limit: int = 200) -> list[StoredGame]:
        with self._session() as session:
            query = select(GameRow).order_by(GameRow.created_at.desc(), GameRow.id).limit(limit)
            if status is not None:
                query = query.where(GameRow.status == status)
            return [_stored(row) for row in session.scalars(query)]


def _stored(row: GameRow) -> StoredGame:
    return StoredGame(
        row.id, row.game, row.version, dict(row.options), list(row.seats), int(row.seed), row.status, row.creator_hash
    )


def effective_actions(events: list[StoredEvent]) -> tuple[list[int], list[int]]:
    """The actions in force after the undos, and who made each (seat, or -1 for chance)."""
    actions: list[int] = []
    actors: list[int] = []
    for e in events:
        if e.kind == ACTION and e.action is not None:
            actions.append(e.action)
            actors.append(e.seat)
        elif e.kind == UNDO and actions:
            actions.pop()
            actors.pop()
    return actions, actors
