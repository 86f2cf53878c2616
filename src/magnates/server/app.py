"""The FastAPI application: HTTP API, WebSocket hub and the static web client.

Every handler is `async` and calls the service directly, so all changes to a
game happen one at a time on the event loop (no locks, no races between two
seats clicking at once). Errors become JSON `{"detail": message}` with the
status the service chose; the web client shows the message as it is.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import random
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse, RedirectResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from magnates.core.errors import MagnatesError, OptionError, RecordError
from magnates.server.cards import card_faces, suits_table
from magnates.server.service import Forbidden, GameService, ServiceError, Table
from magnates.server.storage import Store, default_url

STATIC = Path(__file__).with_name("static")
logger = logging.getLogger(__name__)


class SeatSpec(BaseModel):
    kind: str = Field("person", description="'person' (gets a join link) or 'bot'")
    bot: str | None = Field(None, description="the bot's name for a bot seat, e.g. 'random' or 'greedy'")


class NewGame(BaseModel):
    game: str
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[SeatSpec] | None = Field(None, description="one per seat; default: every seat a person")


class Describe(BaseModel):
    game: str
    options: dict[str, Any] = Field(default_factory=dict)


class ActionRequest(BaseModel):
    token: str
    action: int | str | dict[str, Any] = Field(description="an action id from `legal`, its text or its JSON form")
    step: int | None = Field(None, description="the step you saw; a stale step is refused, not applied twice")


class RollRequest(BaseModel):
    options: dict[str, Any] = Field(default_factory=dict, description="Magnate options, as for a game")
    dice: list[int] | None = Field(None, description="two d10 rolled at the table (0 reads as 10); none: roll here")
    tax_dice: list[int] | None = Field(None, description="the taxation d6 rolled after a 1, if any")


class TokenRequest(BaseModel):
    token: str


def _links(table: Table) -> dict[str, Any]:
    seats = []
    for index, seat in enumerate(table.seats):
        link = f"/table.html?game={table.id}&seat={index}&token={seat.token}" if seat.token else None
        seats.append({**seat.public(index), "token": seat.token, "link": link})
    return {
        "id": table.id,
        "game": table.game.name,
        "options": table.game.options,
        "seats": seats,
        "spectator_link": f"/table.html?game={table.id}",
        "status": table.status,
    }


class Hub:
    """Live connections per game; each gets its own seat's snapshot after every change."""

    def __init__(self, service: GameService) -> None:
        self.service = service

    async def serve(self, websocket: WebSocket, table: Table, seat: int | None) -> None:
        wake = asyncio.Event()

        def listener(_: Table) -> None:
            wake.set()

        table.listeners.append(listener)
        sender = asyncio.create_task(self._send_updates(websocket, table, seat, wake))
        try:
            await websocket.send_text(self.service.snapshot_text(table, seat))
            while True:
                text = await websocket.receive_text()
                try:
                    message = json.loads(text)
                except json.JSONDecodeError:
                    await websocket.send_json(
                        {"type": "error", "message": "messages are JSON objects", "step": table.step}
                    )
                    continue
                await self._handle(websocket, table, seat, message)
        except (WebSocketDisconnect, RuntimeError):
            pass
        finally:
            with contextlib.suppress(ValueError):
                table.listeners.remove(listener)
            sender.cancel()

    async def _send_updates(self, websocket: WebSocket, table: Table, seat: int | None, wake: asyncio.Event) -> None:
        with contextlib.suppress(Exception):
            while True:
                await wake.wait()
                wake.clear()
                await websocket.send_text(self.service.snapshot_text(table, seat))

    async def _handle(self, websocket: WebSocket, table: Table, seat: int | None, message: Any) -> None:
        kind = message.get("type") if isinstance(message, dict) else None
        try:
            if kind == "action":
                await self.service.act_async(table, seat, message.get("action"), message.get("step"))
            elif kind == "undo":
                await self.service.undo_async(table, seat)
            elif kind == "ping":
                await websocket.send_json({"type": "pong", "step": table.step})
            else:
                raise ServiceError(f"unknown message {kind!r}; send 'action', 'undo' or 'ping'")
        except MagnatesError as err:
            await websocket.send_json({"type": "error", "message": str(err), "step": table.step})
        except Exception:
            # Storage trouble or a bug: the game was reloaded as stored; say so and keep the connection.
            logger.exception("game %s: a %s message failed", table.id, kind)
            message = "the server could not apply that (nothing changed); please try again"
            await websocket.send_json({"type": "error", "message": message, "step": table.step})


def create_app(db_url: str | None = None, *, resume: bool = True) -> FastAPI:
    """The web platform on the database at `db_url` (SQLite file by default; postgresql://... works)."""
    holder: dict[str, Any] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = Store(db_url or default_url())
        service = GameService(store)
        if resume:
            service.resume_all()
        holder["service"] = service
        holder["hub"] = Hub(service)
        app.state.service = service
        try:
            yield
        finally:
            store.dispose()

    app = FastAPI(
        title="magnates",
        summary="Play Magnate, Galactic Magnate, Magistrate and Magistratvm in the browser, against bots and people.",
        version="1",
        lifespan=lifespan,
    )

    def service() -> GameService:
        return holder["service"]  # type: ignore[no-any-return]

    @app.exception_handler(MagnatesError)
    async def _magnates_error(_: Request, err: MagnatesError) -> JSONResponse:
        if isinstance(err, ServiceError):
            status = err.status
        elif isinstance(err, OptionError | RecordError):
            status = 422
        else:
            status = 409
        return JSONResponse({"detail": str(err)}, status_code=status)

    # -- pages -----------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def index() -> RedirectResponse:
        return RedirectResponse("/index.html")

    @app.get("/healthz", tags=["server"])
    async def health() -> dict[str, Any]:
        return {"ok": True, "games_loaded": len(service().tables)}

    # -- the catalogue ---------------------------------------------------------------
    @app.get("/api/catalog", tags=["games"])
    async def catalog() -> list[dict[str, Any]]:
        """The registered games and their options (name, default, choices, doc)."""
        return service().catalog()

    @app.post("/api/describe", tags=["games"])
    async def describe(body: Describe) -> dict[str, Any]:
        """Check options; return the number of seats and the bots available for them."""
        return service().describe(body.game, body.options)

    # -- games -----------------------------------------------------------------------
    @app.post("/api/games", tags=["games"], status_code=201)
    async def create_game(body: NewGame) -> dict[str, Any]:
        """Create a game; returns a join link (with its secret token) for each person's seat."""
        svc = service()
        seats = body.seats
        if seats is None:
            count = svc.describe(body.game, body.options)["num_players"]
            seats = [SeatSpec(kind="person", bot=None) for _ in range(count)]
        table = svc.create(body.game, body.options, [s.model_dump() for s in seats])
        return _links(table)

    @app.get("/api/games", tags=["games"])
    async def list_games(status: str | None = None) -> list[dict[str, Any]]:
        """Recent games, without their seat tokens (spectators may watch any of them)."""
        return [
            {
                "id": g.id,
                "game": g.game,
                "options": g.options,
                "status": g.status,
                "spectator_link": f"/table.html?game={g.id}",
            }
            for g in service().store.list_games(status=status)
        ]

    @app.get("/api/games/{game_id}", tags=["games"])
    async def game_state(game_id: str, token: str | None = None) -> dict[str, Any]:
        """What the seat with this token sees now (no token: a spectator)."""
        svc = service()
        table = svc.get(game_id)
        return svc.snapshot(table, table.seat_for(token))

    @app.post("/api/games/{game_id}/actions", tags=["play"])
    async def act(game_id: str, body: ActionRequest) -> dict[str, Any]:
        """Play an action; an illegal or stale one is refused (409) and nothing changes."""
        svc = service()
        table = svc.get(game_id)
        seat = table.seat_for(body.token)
        await svc.act_async(table, seat, body.action, body.step)
        return svc.snapshot(table, seat)

    @app.post("/api/games/{game_id}/undo", tags=["play"])
    async def undo(game_id: str, body: TokenRequest) -> dict[str, Any]:
        """Take back your own last action if no chance event or other seat's move came after it."""
        svc = service()
        table = svc.get(game_id)
        seat = table.seat_for(body.token)
        await svc.undo_async(table, seat)
        return svc.snapshot(table, seat)

    @app.get("/api/games/{game_id}/cards", tags=["games"])
    async def cards(game_id: str) -> dict[str, Any]:
        """Card faces (name, rank, suits, price) and suit symbols for drawing this game's cards."""
        table = service().get(game_id)
        return {"suits": suits_table(), "cards": card_faces(table.game)}

    @app.get("/api/games/{game_id}/replay/{step}", tags=["replay"])
    async def replay(game_id: str, step: int, token: str | None = None) -> dict[str, Any]:
        """The game as a seat (or, once finished, a spectator) saw it after `step` actions."""
        svc = service()
        table = svc.get(game_id)
        return svc.replay_snapshot(table, table.seat_for(token), step)

    @app.get("/api/games/{game_id}/record", tags=["replay"])
    async def export(game_id: str) -> dict[str, Any]:
        """The magnates Record (JSON) of a finished game."""
        svc = service()
        return svc.export(svc.get(game_id))

    @app.post("/api/games/import", tags=["replay"], status_code=201)
    async def import_record(record: dict[str, Any]) -> dict[str, Any]:
        """Store a magnates Record as a new game (checked by replaying it); returns its links."""
        return _links(service().import_record(record))

    # -- the Magnate Roller ------------------------------------------------------------
    @app.get("/api/roller", tags=["roller"])
    async def roller(options: str = Query("", description="NAME=VALUE pairs, comma separated")) -> dict[str, Any]:
        """Magnate's variant-aware cheatsheet (Markdown) and numbers for the Roller page."""
        from magnates.core.options import parse_option_pairs

        pairs = parse_option_pairs([p for p in options.split(",") if p.strip()])
        return roller_sheet(pairs)

    @app.post("/api/roller/roll", tags=["roller"])
    async def roll(body: RollRequest) -> dict[str, Any]:
        """Roll 2d10 (and the taxation d6 on a 1), or read dice typed in from a real table."""
        return roller_roll(body.options, body.dice, body.tax_dice)

    # -- live play ---------------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def live(websocket: WebSocket, game_id: str, token: str | None = None) -> None:
        """Live updates: the seat's snapshot now and after every change; send actions and undos."""
        svc = service()
        try:
            table = svc.get(game_id)
            seat = table.seat_for(token)
        except (ServiceError, Forbidden) as err:
            await websocket.accept()
            await websocket.send_json({"type": "error", "message": str(err), "fatal": True})
            await websocket.close(code=4403 if isinstance(err, Forbidden) else 4404)
            return
        await websocket.accept()
        await holder["hub"].serve(websocket, table, seat)

    app.mount("/", StaticFiles(directory=STATIC, html=True), name="static")

    return app


def roller_sheet(options: dict[str, Any]) -> dict[str, Any]:
    """What the Roller page shows beside the dice: the variant's numbers and its cheatsheet (Markdown).

    Both come from Magnate's own modules (`Config`, `cheatsheet.render`), the
    same values the engine plays by; nothing about the rules is repeated here.
    """
    import magnates
    from magnates.games.magnate import cheatsheet

    game = magnates.load("magnate", **options)
    config = cheatsheet.config_for(dict(options))
    return {
        "options": game.options,
        "config": dataclasses.asdict(config),
        "tax_dice": config.tax_dice,
        "markdown": cheatsheet.render(config),
    }


def roller_roll(options: dict[str, Any], dice: list[int] | None, tax_dice: list[int] | None) -> dict[str, Any]:
    """Roll (or read dice rolled at a real table) and say what the roll means under this variant."""
    import magnates
    from magnates.games.magnate import cheatsheet, roller

    magnates.load("magnate", **options)  # OptionError for bad options, like everywhere else
    config = cheatsheet.config_for(dict(options))
    if dice is not None:
        dice = [10 if face == 0 else face for face in dice]  # a d10's 0 face reads as 10
    try:
        if dice is None:
            reading = roller.roll(config, random.SystemRandom())
        elif tax_dice:
            reading = roller.read_roll(config, dice, tax_dice)
        else:
            reading = roller.read_roll(config, dice)
    except roller.RollError as err:
        raise OptionError(str(err)) from None
    data = reading.to_json(roller.producers(config, reading))
    data["lines"] = roller.describe(config, reading)
    return data
