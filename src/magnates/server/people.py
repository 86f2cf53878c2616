"""Returning players, put together: accounts and sessions, seats of accounts, the waiting room,
ratings and turn notices, each its own module with its own router and tables; this wires them to
the app (`create_app` calls `include_people` and, once the database is open, `install_people`)."""

from __future__ import annotations

from fastapi import FastAPI, Request

from magnates.server import players
from magnates.server.accounts import AccountStore
from magnates.server.notify import MailSettings, TurnMail
from magnates.server.players import Players, players_router
from magnates.server.ratings import Ratings, ratings_of, ratings_router
from magnates.server.service import GameService
from magnates.server.sessions import sessions_router
from magnates.server.tables import Table
from magnates.server.waiting import waiting_router


def include_people(app: FastAPI) -> None:
    """The routers (before the static files' catch-all mount)."""
    app.include_router(sessions_router())
    app.include_router(players_router())
    app.include_router(waiting_router())
    app.include_router(ratings_router())


def install_people(app: FastAPI, service: GameService) -> None:
    """The stores on the service's database (its migrations made their tables), and the hooks."""
    accounts = AccountStore(service.store.engine)
    app.state.accounts = accounts
    app.state.players = Players(service.store.engine)
    app.state.ratings = Ratings(service.store.engine, accounts)
    service.on_change.append(app.state.ratings.changed)
    mail = MailSettings.from_env()
    app.state.turn_mail = TurnMail(mail, accounts) if mail is not None else None
    if app.state.turn_mail is not None:
        service.on_change.append(app.state.turn_mail.changed)


def after_create(request: Request, service: GameService, table: Table, rated: bool) -> None:
    """A game was created: a signed-in creator holds their seat; a rated game with bots is noted."""
    players.on_create(request, service, table)
    if rated:
        ratings_of(request).ask(table.id)
