"""Seats that belong to accounts: binding a seat, finding a request's seat, and "my games".

A table created or a seat taken while signed in is bound to the account (the seat's `account`, and
a row of `players`, which lists an account's games without reading every game). Opening the game
from any tab or device signed in to that account then gives the seat with no secret; seat secrets
keep working as before for guests and bots' clients (a request with a secret is answered for the
secret's seat, whatever its cookie says). A guest may claim a seat into an account: the seat's
secret and a signed-in session together bind it. Names at one table are made distinct
("Ana", "Ana (2)").
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from sqlalchemy import ForeignKey, Integer, delete, func, select
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Mapped, mapped_column, sessionmaker
from starlette.requests import HTTPConnection

from magnates.server.accounts import Account
from magnates.server.errors import Conflict, Forbidden
from magnates.server.seats import clean_name
from magnates.server.service import GameService
from magnates.server.sessions import SignedInSession, session_of
from magnates.server.storage import Base, EventRow, GameRow, iso
from magnates.server.tables import Table

CREATOR = -1  # the `players` row of the account that created a game (not a seat)
MY_GAMES = 100


class PlayerRow(Base):
    __tablename__ = "players"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(ForeignKey("accounts.id"), index=True)
    place: Mapped[int | None] = mapped_column(Integer, nullable=True)  # 1 is best, once the game is over


class Players:
    """Which account holds which seat (and created which game), in the server's database."""

    def __init__(self, engine: Engine) -> None:
        self._sessions = sessionmaker(engine, expire_on_commit=False)

    def bind(self, game_id: str, seat: int, account_id: int) -> None:
        with self._sessions() as session, session.begin():
            session.execute(delete(PlayerRow).where(PlayerRow.game_id == game_id, PlayerRow.seat == seat))
            session.add(PlayerRow(game_id=game_id, seat=seat, account_id=account_id))

    def creator(self, game_id: str) -> int | None:
        with self._sessions() as session:
            row = session.get(PlayerRow, (game_id, CREATOR))
            return None if row is None else row.account_id

    def accounts(self, game_id: str) -> dict[int, int]:
        """Seat -> account of a game's seats held by accounts."""
        with self._sessions() as session:
            rows = session.execute(
                select(PlayerRow.seat, PlayerRow.account_id).where(PlayerRow.game_id == game_id, PlayerRow.seat >= 0)
            )
            return {seat: account for seat, account in rows}

    def games(self, account_id: int, limit: int = MY_GAMES) -> list[tuple[GameRow, int, dt.datetime | None]]:
        """The account's games (the game, its seat, when it last changed), newest change first."""
        mine = select(PlayerRow.game_id).where(PlayerRow.account_id == account_id)
        last = (  # the newest event of each of the account's games only (events is the biggest table)
            select(EventRow.game_id, func.max(EventRow.created_at).label("at"))
            .where(EventRow.game_id.in_(mine))
            .group_by(EventRow.game_id)
            .subquery()
        )
        query = (
            select(GameRow, PlayerRow.seat, last.c.at)
            .join(PlayerRow, PlayerRow.game_id == GameRow.id)
            .outerjoin(last, last.c.game_id == GameRow.id)
            .where(PlayerRow.account_id == account_id, PlayerRow.seat >= 0)
            .order_by(func.coalesce(last.c.at, GameRow.created_at).desc())
            .limit(limit)
        )
        with self._sessions() as session:
            return [(row, seat, at) for row, seat, at in session.execute(query)]

    def forget(self, game_id: str) -> None:
        with self._sessions() as session, session.begin():
            session.execute(delete(PlayerRow).where(PlayerRow.game_id == game_id))


def players_of(connection: HTTPConnection) -> Players:
    return connection.app.state.players  # type: ignore[no-any-return]


def account_seat(table: Table, account_id: int) -> int | None:
    return next((i for i, s in enumerate(table.seats) if s.account == account_id), None)


def seat_of(connection: HTTPConnection, table: Table, token: str | None) -> int | None:
    """The seat a request speaks for: its secret's, else its signed-in account's, else a spectator."""
    if token:
        return table.seat_for(token)
    found = session_of(connection)
    return None if found is None else account_seat(table, found.account.id)


def distinct_name(table: Table, name: str | None, seat: int) -> str | None:
    """`name`, or `name (2)`, `name (3)`, ... when another player at the table already has it."""
    if name is None:
        return None
    taken = {s.display_name(i).casefold() for i, s in enumerate(table.seats) if i != seat and not s.open}
    if name.casefold() not in taken:
        return name
    for n in range(2, 100):
        candidate = f"{name[:36]} ({n})"
        if candidate.casefold() not in taken:
            return candidate
    raise Conflict("too many players at this table have that name")


def distinct_specs(specs: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """A new table's seats with no name twice: a second "Ana" becomes "Ana (2)" (names as the service
    will clean them: trimmed, one line)."""
    seen: set[str] = set()
    out = []
    for spec in specs:
        name = clean_name(spec.get("name")) if isinstance(spec.get("name"), str) else None
        if name is not None:
            candidate, n = name, 2
            while candidate.casefold() in seen:
                candidate, n = f"{name[:36]} ({n})", n + 1
            seen.add(candidate.casefold())
            spec = {**spec, "name": candidate}
        out.append(spec)
    return out


def bind_seat(connection: HTTPConnection, service: GameService, table: Table, seat: int, account: Account) -> None:
    """The seat belongs to the account from now on, under the account's name."""
    held = account_seat(table, account.id)
    if held is not None and held != seat:
        raise Conflict(f"your account already holds seat {held + 1} of this game")
    seats = list(table.seats)
    name = distinct_name(table, account.name, seat)
    seats[seat] = dataclasses.replace(seats[seat], account=account.id, name=name, open=False)
    service.set_seats(table, seats)
    players_of(connection).bind(table.id, seat, account.id)


def on_create(request: Request, service: GameService, table: Table) -> None:
    """A game created while signed in: the account is its creator and holds its first person's seat
    that is not open (the creator's own; the other seats' links go to friends as before)."""
    found = session_of(request)
    if found is None:
        return
    players_of(request).bind(table.id, CREATOR, found.account.id)
    mine = next((i for i, s in enumerate(table.seats) if s.kind == "person" and not s.open), None)
    if mine is not None:
        bind_seat(request, service, table, mine, found.account)


def on_rematch(request: Request, service: GameService, new: Table, seat: int | None) -> None:
    """A rematch asked for while signed in: the account holds its seat of the new game too."""
    found = session_of(request)
    if found is not None and seat is not None and new.seats[seat].account != found.account.id:
        bind_seat(request, service, new, seat, found.account)


def take(request: Request, service: GameService, table: Table, seat: int, name: str | None) -> str:
    """Take an open seat: signed in, under the account's name and bound to it; a guest under `name`."""
    found = session_of(request)
    if found is not None:
        held = account_seat(table, found.account.id)
        if held is not None:
            raise Conflict(f"your account already holds seat {held + 1} of this game")
        name = found.account.name
    if 0 <= seat < len(table.seats):
        name = distinct_name(table, clean_name(name), seat)
    token = service.take(table, seat, name)
    if found is not None:
        bind_seat(request, service, table, seat, found.account)
    return token


bearer = HTTPBearer(auto_error=False, description="the seat's secret (its link's token)")


async def my_game(service: GameService, row: GameRow, seat: int, at: dt.datetime | None) -> dict[str, Any]:
    """One line of "my games": whose turn, the deadline, who plays."""
    table = service.tables.get(row.id)
    if table is None and row.status == "playing":
        try:
            # what is to be decided is in the state: load it (it unloads when idle)
            table = await service.get_async(row.id)
        except Exception:  # a game that cannot be rebuilt still shows, without its turn
            table = None
    if table is not None:
        status = "waiting" if table.waiting else table.status
        decider = table.state.current_player()
        your_turn = status == "playing" and decider == seat
        players = [s.public(i) for i, s in enumerate(table.seats)]
        deadline = table.deadline
    else:
        status, your_turn, deadline = row.status, False, None
        players = [{"seat": i, "name": s.get("name") or f"Player {i + 1}"} for i, s in enumerate(row.seats)]
    return {
        "id": row.id,
        "game": row.game,
        "title": service.offer.title(row.game),
        "seat": seat,
        "status": status,
        "your_turn": your_turn,
        "deadline": deadline,
        "players": [{"seat": p["seat"], "name": p["name"]} for p in players],
        "updated": iso(at or row.created_at),
        "link": f"/table.html?game={row.id}",
    }


ORDER = {"playing": 0, "waiting": 1, "finished": 2}


def players_router() -> APIRouter:
    """GET /api/me/games and POST /api/games/{id}/seats/{seat}/claim."""
    router = APIRouter(tags=["accounts"])

    @router.get("/api/me/games", responses={401: {"description": "not signed in"}})
    async def my_games(request: Request, found: SignedInSession) -> list[dict[str, Any]]:
        """Your games: being played first, those where it is your turn on top; then waiting, then finished."""
        service: GameService = request.app.state.service
        rows = players_of(request).games(found.account.id)
        games = [await my_game(service, row, seat, at) for row, seat, at in rows]
        # stable: within each group the newest change stays first
        return sorted(games, key=lambda g: (ORDER.get(g["status"], 3), not g["your_turn"]))

    @router.post("/api/games/{game_id}/seats/{seat}/claim")
    async def claim(
        game_id: str,
        seat: int,
        request: Request,
        found: SignedInSession,
        credentials: Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)],
    ) -> dict[str, Any]:
        """Bind a seat you hold as a guest (its secret as `Authorization: Bearer`) to your account."""
        service: GameService = request.app.state.service
        table = await service.get_async(game_id)
        if credentials is None or not credentials.credentials:
            raise Forbidden("send the seat's secret (from its link) as Authorization: Bearer to claim it")
        if table.seat_for(credentials.credentials) != seat:
            raise Forbidden(f"this secret is not seat {seat + 1}'s")
        if table.seats[seat].account not in (None, found.account.id):
            raise Conflict("this seat already belongs to another account")
        await service.own(table)
        bind_seat(request, service, table, seat, found.account)
        await service.started(table)
        return {"id": table.id, "seat": seat, "name": table.seats[seat].name}

    return router
