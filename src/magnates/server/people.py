"""Returning players, put together: accounts and sessions, seats of accounts, the waiting room,
ratings and turn notices, each its own module with its own router and tables; this wires them to
the app (`create_app` calls `include_people` and, once the database is open, `install_people`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from fastapi import FastAPI, Request

from magnates.server import players
from magnates.server.accounts import AccountStore
from magnates.server.bodies import NewGame
from magnates.server.notify import MailSettings, TurnMail
from magnates.server.players import Players, players_router
from magnates.server.ratings import Ratings, ratings_of, ratings_router
from magnates.server.service import GameService
from magnates.server.sessions import sessions_router
from magnates.server.tables import Table
from magnates.server.timecontrol import TimeControls, check
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
    service.on_load.append(app.state.ratings.loaded)
    app.state.time_controls = TimeControls(service.store.engine, service.store)
    # Several processes on one PostgreSQL: each change is heard by all, but only the game's owner
    # charges a bank or sends a notice (the ratings are idempotent in the database).
    service.on_change.append(owner_only(service, app.state.time_controls.changed))
    service.on_load.append(app.state.time_controls.loaded)
    service.on_forfeit.append(app.state.time_controls.forfeit)
    mail = MailSettings.from_env()
    app.state.turn_mail = TurnMail(mail, accounts) if mail is not None else None
    if app.state.turn_mail is not None:
        service.on_change.append(owner_only(service, app.state.turn_mail.changed))


def owner_only(service: GameService, hook: Callable[[Table], None]) -> Callable[[Table], None]:
    """`hook`, run only in the process that owns the game (every process, on SQLite)."""

    def guarded(table: Table) -> None:
        ownership = service.ownership
        if ownership is None or ownership.holds(table.id):
            hook(table)

    return guarded


def time_control(service: GameService, body: NewGame, options: dict[str, Any]) -> str | None:
    """A bank or a forfeit checked before the game is created (422 naming what is wrong): its timeout bot."""
    if not body.bank_seconds and body.on_timeout == "bot":
        return None
    game = service.load(body.game, options)
    return check(game, body.turn_seconds, body.bank_seconds, body.on_timeout, body.timeout_bot)


def after_create(request: Request, service: GameService, table: Table, body: NewGame, bank_bot: str | None) -> None:
    """A game was created: a signed-in creator holds their seat; a rated game with bots is noted;
    a bank of time or a forfeit on time is kept."""
    players.on_create(request, service, table)
    if body.rated:
        ratings_of(request).ask(table)
    request.app.state.time_controls.adopt(table, body.bank_seconds, body.on_timeout, bank_bot)
