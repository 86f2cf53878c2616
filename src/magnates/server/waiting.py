"""The waiting room: a game with open person seats waits for its players before anything moves.

While a person's seat is open the game is *waiting*: no deal, no die, no bot move, no clock
(`Table.waiting`; `moves.advance` plays nothing and a move is refused with "waiting for 1 player").
It starts when the last seat is taken, or when its creator starts it with bots in the empty seats
(`POST /api/games/{id}/start`). The creator may cancel a waiting game (`DELETE /api/games/{id}`),
which removes it: nothing was played. Each open seat has an invite link that names it
(`/table.html?game=ID&seat=N`): the table page offers that seat to whoever opens it. The lobby lists
waiting tables first. The creator is whoever holds the creation answer's `creator_token` or, for a
game created while signed in, that account.
"""

from __future__ import annotations

import dataclasses
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from fastapi.security import HTTPAuthorizationCredentials
from pydantic import BaseModel, Field
from sqlalchemy import delete

from magnates.server.errors import Conflict, Forbidden
from magnates.server.hub import Hub
from magnates.server.players import bearer, players_of
from magnates.server.service import GameService
from magnates.server.sessions import session_of
from magnates.server.storage import ChatRow, EventRow, GameRow, LeaseRow
from magnates.server.tables import Table, new_bot
from magnates.server.timecontrol import TimeControlRow

Bearer = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


class StartRequest(BaseModel):
    bot: Annotated[str, Field(max_length=64)] = Field(
        "greedy", description="the bot that takes every seat still open (e.g. 'random', 'greedy')"
    )


def invite_link(game_id: str, seat: int) -> str:
    return f"/table.html?game={game_id}&seat={seat}"


def with_invites(answer: dict[str, Any]) -> dict[str, Any]:
    """The creation answer, each open seat with the invite link that takes it."""
    for seat in answer.get("seats", []):
        if seat.get("open"):
            seat["invite"] = invite_link(answer["id"], seat["seat"])
    answer["waiting_for"] = sum(1 for seat in answer.get("seats", []) if seat.get("open"))
    return answer


def check_creator(request: Request, table: Table, credentials: HTTPAuthorizationCredentials | None) -> None:
    if credentials is not None and table.is_creator(credentials.credentials):
        return
    found = session_of(request)
    if found is not None and players_of(request).creator(table.id) == found.account.id:
        return
    raise Forbidden("only the game's creator may do that (signed in as the creator, or with the creator token)")


def waiting_router() -> APIRouter:
    """POST /api/games/{id}/start (bots in the open seats) and DELETE /api/games/{id} (cancel)."""
    router = APIRouter(tags=["lobby"])

    @router.post("/api/games/{game_id}/start")
    async def start(game_id: str, request: Request, credentials: Bearer, body: StartRequest | None = None) -> dict:
        """Start a waiting game now, with a bot in every seat still open (the creator only)."""
        service: GameService = request.app.state.service
        table = await service.get_async(game_id)
        check_creator(request, table, credentials)
        if not table.waiting:
            raise Conflict("this game is not waiting for players: it has started")
        bot = body.bot if body is not None else "greedy"
        new_bot(bot, table.game)  # OptionError naming the bots of this game
        await service.own(table)
        seats = [
            dataclasses.replace(s, kind="bot", bot=bot, token_hash=None, account=None, open=False, name=None)
            if s.open
            else s
            for s in table.seats
        ]
        service.set_seats(table, seats)
        await service.started(table)  # its bots' first moves, thought out in a bot thread
        return service.snapshot(table, None)

    @router.delete("/api/games/{game_id}", status_code=204)
    async def cancel(game_id: str, request: Request, credentials: Bearer) -> Response:
        """Cancel a game that is still waiting for players (the creator only): it is removed."""
        service: GameService = request.app.state.service
        table = await service.get_async(game_id)
        check_creator(request, table, credentials)
        if not table.waiting:
            raise Conflict("only a game still waiting for players can be cancelled")
        await service.own(table)
        players_of(request).forget(game_id)
        with service.store.engine.begin() as connection:
            for row in (ChatRow, EventRow, TimeControlRow):
                connection.execute(delete(row).where(row.game_id == game_id))  # type: ignore[attr-defined]
            connection.execute(delete(LeaseRow).where(LeaseRow.game_id == game_id))
            connection.execute(delete(GameRow).where(GameRow.id == game_id))
        service.tables.pop(game_id, None)
        hub: Hub = request.app.state.hub
        for seat in [None, *range(len(table.seats))]:
            for websocket in list(hub.sockets.get((table.id, seat), ())):
                await websocket.close(code=4404)
        return Response(status_code=204)

    return router
