"""The FastAPI application: HTTP API, WebSocket hub and the static web client.

Every handler is `async` and calls the service directly, so all changes to a
game happen one at a time on the event loop (no races between two seats
clicking at once). Errors become JSON `{"detail": message}` with the status the
service chose; the web client shows the message as it is. Messages quote what a
client sent only as a short excerpt. Limits (body size, rates, WebSockets) live
in `limits.py`; seat secrets arrive in an `Authorization: Bearer` header (the
WebSocket: a `token.<secret>` subprotocol), never in a URL (`?token=` is not read). A signed-in
account's session cookie opens the seats the account holds; accounts, sessions, the waiting room,
ratings and turn notices are their own modules with their own routers (`people.py` wires them).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, Query, Request, Response, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, RedirectResponse
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer
from fastapi.staticfiles import StaticFiles
from sqlalchemy.exc import SQLAlchemyError

from magnates.core.errors import MagnatesError, OptionError, RecordError
from magnates.core.options import parse_option_pairs
from magnates.games import games
from magnates.server import learned_menu, players, review
from magnates.server.bodies import (
    ActionRequest,
    ChatRequest,
    Describe,
    NewGame,
    RollRequest,
    SeatSpec,
    TakeSeat,
    UndoRequest,
)
from magnates.server.cards import card_faces, suits_table
from magnates.server.durability import Unavailable, is_outage
from magnates.server.errors import Forbidden, Repeated, ServiceError, Stale
from magnates.server.hosts import parse_allowed
from magnates.server.hub import Hub, websocket_token
from magnates.server.info import game_info
from magnates.server.limits import (
    BodyLimit,
    Limits,
    RateLimiter,
    SecurityHeaders,
    TooMany,
    client_address,
)
from magnates.server.option_sets import OptionSets
from magnates.server.people import after_create, include_people, install_people, time_control
from magnates.server.players import seat_of
from magnates.server.players import take as take_seat_for
from magnates.server.roller import roller_roll, roller_sheet
from magnates.server.service import GameService
from magnates.server.storage import Store, default_url
from magnates.server.tables import Table
from magnates.server.waiting import with_invites

STATIC = Path(__file__).with_name("static")
UNLOAD_AT_ONCE = 20  # idle games freed between two turns of the event loop (about half a millisecond each)
TICK_SECONDS = 1.0  # how often the turn clock looks for a person whose time ran out
logger = logging.getLogger(__name__)

LIMITED: dict[int | str, dict[str, Any]] = {
    413: {"description": "the request body is over the server's limit"},
    429: {"description": "too many requests from this address; `Retry-After` says when to try again"},
}
bearer = HTTPBearer(
    auto_error=False, description="a seat's secret (from its link), or the creator's for re-issuing links"
)
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


def seat_link(game_id: str, token: str) -> str:
    """The link a person opens: the secret rides in the fragment, which browsers never send to a server;
    the page moves it into session storage and takes it out of the address bar."""
    return f"/table.html?game={game_id}#token={token}"


def _links(table: Table) -> dict[str, Any]:
    """The creation answer: the only time plain secrets leave the server (only their hashes are kept)."""
    fresh = table.fresh_tokens
    seats = []
    for index, seat in enumerate(table.seats):
        token = fresh.get(index)
        seats.append({**seat.public(index), "token": token, "link": seat_link(table.id, token) if token else None})
    answer = {
        "id": table.id,
        "game": table.game.name,
        "options": table.game.options,
        "seats": seats,
        "creator_token": fresh.get(-1),
        "spectator_link": f"/table.html?game={table.id}",
        "status": table.status,
    }
    table.fresh_tokens = {}
    return answer


def pick_token(credentials: HTTPAuthorizationCredentials | None) -> str | None:
    """The seat's secret from the Authorization header, never from a URL nor a body (a signed-in
    account's session cookie is read by `seat_of`)."""
    if credentials is not None and credentials.credentials:
        return credentials.credentials
    return None


def _validation_message(err: RequestValidationError) -> str:
    """Pydantic's complaints, naming the field and the rule, never echoing the input."""
    parts = []
    for error in err.errors()[:4]:
        if error.get("type") == "json_invalid":  # loc is ("body", character offset); ctx says what was expected
            at = next((p for p in error.get("loc", ()) if isinstance(p, int)), None)
            what = str((error.get("ctx") or {}).get("error", "")).lower() or "invalid"
            parts.append(f"the body is not valid JSON ({what}" + (f" at character {at})" if at is not None else ")"))
            continue
        where = ".".join(str(p) for p in error.get("loc", ()) if p != "body") or "body"
        parts.append(f"{where}: {error.get('msg', 'invalid')}")
    more = len(err.errors()) - len(parts)
    return "; ".join(parts)[:600] + (f" (and {more} more)" if more > 0 else "")


def create_app(db_url: str | None = None, *, resume: bool = False, limits: Limits | None = None) -> FastAPI:
    """The web platform on the database at `db_url` (SQLite file by default; postgresql://... works).

    Games load on first use and leave memory when idle (`limits.idle_unload`); `resume=True`
    loads every unfinished game at start instead (for small databases and tools).
    """
    limits = Limits.from_env() if limits is None else limits
    holder: dict[str, Any] = {}
    creators = RateLimiter(limits.create_rate, limits.create_burst)
    movers = RateLimiter(limits.move_rate, limits.move_burst)
    talkers = RateLimiter(limits.chat_rate, limits.chat_burst)
    builders = RateLimiter(limits.build_rate, limits.build_burst)
    proxies = limits.proxies

    async def sweep(service: GameService) -> None:
        interval = max(0.5, min(60.0, limits.idle_unload / 4))
        while True:
            await asyncio.sleep(interval)
            try:
                while service.unload_idle(most=UNLOAD_AT_ONCE) == UNLOAD_AT_ONCE:
                    await asyncio.sleep(0)  # other games go on between two handfuls
            except Exception:  # pragma: no cover - a sweep must never stop
                logger.exception("unloading idle games failed")

    async def clock(service: GameService) -> None:
        """Once a second: the timeout bot moves for every person whose turn clock ran out."""
        while True:
            await asyncio.sleep(TICK_SECONDS)
            try:
                await service.play_timeouts()
            except Exception:  # pragma: no cover - the clock must never stop
                logger.exception("playing timed-out turns failed")

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        learned_menu.install(learned_menu.LearnedMenu.scan(limits.learned_dir))  # before any table gets its bots
        store = Store(db_url or default_url(), timeout=limits.db_timeout)
        service = GameService(store, idle_seconds=limits.idle_unload)
        await service.open()  # PostgreSQL: leases and fan-out with the other processes (ownership.py)
        if resume:
            service.resume_all()
        holder["service"] = service
        holder["hub"] = Hub(service, limits, movers, talkers)
        holder["option_sets"] = OptionSets(service, builders, limits.rate_limits)
        app.state.service = service
        app.state.hub = holder["hub"]
        app.state.limits = limits
        install_people(app, service)  # accounts, sessions, seats of accounts, ratings, notices (people.py)
        sweeper = asyncio.create_task(sweep(service)) if limits.idle_unload > 0 else None
        ticker = asyncio.create_task(clock(service))
        try:
            yield
        finally:
            holder["stopping"] = True  # /readyz: 503 from now on
            if sweeper is not None:
                sweeper.cancel()
            ticker.cancel()
            service.writer.close()
            await service.close()
            store.dispose()

    app = FastAPI(
        title="magnates",
        summary="Play Magnate, Galactic Magnate, Magistrate and Magistratvm in the browser, against bots and people.",
        version="1",
        lifespan=lifespan,
        docs_url=None,  # served below from the installed Swagger UI, not from a CDN (works offline)
        redoc_url=None,
    )

    def service() -> GameService:
        return holder["service"]  # type: ignore[no-any-return]

    def limit(limiter: RateLimiter, what: str) -> Any:
        def check(request: Request) -> None:
            if not limits.rate_limits:
                return
            wait = limiter.take(client_address(request.scope, proxies))
            if wait:
                raise TooMany(f"too many {what} from your address; try again in a moment", wait)

        return Depends(check)

    creation_limit = limit(creators, "new games")
    move_limit = limit(movers, "moves")
    chat_limit = limit(talkers, "chat messages")

    @app.exception_handler(MagnatesError)
    async def _magnates_error(_: Request, err: MagnatesError) -> JSONResponse:
        if isinstance(err, ServiceError):
            status = err.status
        elif isinstance(err, OptionError | RecordError):
            status = 422
        else:
            status = 409
        body: dict[str, Any] = {"detail": str(err)[:600]}
        if isinstance(err, Stale):
            body["step"] = err.step
        wait = getattr(err, "retry_after", None)
        if status == 503:  # the database is away (durability.py) or a game between processes: say when to retry
            wait = wait if isinstance(wait, int) else 1
            body["retry_after"] = wait
            return JSONResponse(body, status_code=503, headers={"Retry-After": str(wait)})
        return JSONResponse(body, status_code=status)

    @app.exception_handler(RequestValidationError)
    async def _invalid(_: Request, err: RequestValidationError) -> JSONResponse:
        return JSONResponse({"detail": _validation_message(err)}, status_code=422)

    @app.exception_handler(TooMany)
    async def _too_many(_: Request, err: TooMany) -> JSONResponse:
        return JSONResponse({"detail": str(err)}, status_code=429, headers={"Retry-After": str(err.retry_after)})

    @app.exception_handler(SQLAlchemyError)
    async def _database_error(request: Request, err: Exception) -> JSONResponse:
        """A read of a database that is away (a write says so itself): 503 with Retry-After, no traceback."""
        if is_outage(err):
            refused = service().health.refuse(err)
            return await _magnates_error(request, refused if isinstance(refused, Unavailable) else Unavailable(""))
        return await _unexpected(request, err)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, err: Exception) -> JSONResponse:
        logger.exception("%s %s failed", request.method, request.url.path)
        return JSONResponse({"detail": "the server failed to answer that (nothing changed); please try again"}, 500)

    # -- pages -----------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def index() -> RedirectResponse:
        return RedirectResponse("/index.html")

    @app.get("/healthz", tags=["server"])
    async def health() -> dict[str, Any]:
        """The process answers (`ok`); `database` says whether its database can be written now
        (`unreachable`: moves are refused with 503 until it is back, `database_error` says why)."""
        svc = service()
        return {"ok": True, "games_loaded": len(svc.tables), "websockets": holder["hub"].total, **svc.health.report()}

    @app.get("/readyz", tags=["server"], responses={503: {"description": "not ready: the database is away"}})
    async def ready() -> JSONResponse:
        """For a load balancer: 200 while this process can store moves, 503 (with Retry-After) while its
        database cannot be reached or it is stopping."""
        svc = service()
        if holder.get("stopping") or not await svc.health.ready():
            report = svc.health.report()
            wait = int(report.get("retry_after", 1))
            answer = {"ready": False, **report} | ({"stopping": True} if holder.get("stopping") else {})
            return JSONResponse(answer, status_code=503, headers={"Retry-After": str(wait)})
        return JSONResponse({"ready": True, "database": "ok"})

    # -- the catalogue ---------------------------------------------------------------
    @app.get("/api/catalog", tags=["games"])
    async def catalog() -> list[dict[str, Any]]:
        """The registered games and their options (name, default, choices, doc)."""
        return service().catalog()

    @app.post("/api/describe", tags=["games"], responses=LIMITED)
    async def describe(body: Describe, request: Request) -> dict[str, Any]:
        """Check options; return the number of seats and the bots available for them.

        Answers are kept per game and option set; a set not asked for before is built off the
        event loop and counts against the address's `build_rate` (429 over it).
        """
        options = service().strict_options(body.game, body.options)
        sets: OptionSets = holder["option_sets"]
        return await sets.describe(body.game, options, client_address(request.scope, proxies))

    # -- games -----------------------------------------------------------------------
    @app.post("/api/games", tags=["games"], status_code=201, responses=LIMITED, dependencies=[creation_limit])
    async def create_game(body: NewGame, request: Request) -> dict[str, Any]:
        """Create a game; returns each person's seat link with its secret, and the creator's secret.

        Only hashes of the secrets are kept: this answer is the only time they are shown.
        """
        svc = service()
        options = svc.strict_options(body.game, body.options)
        bank_bot = time_control(svc, body, options)  # checked before anything is created
        seats = body.seats
        if seats is None:
            count = svc.describe(body.game, options)["num_players"]
            seats = [SeatSpec(kind="person", bot=None, name=None, open=False) for _ in range(count)]
        table = await svc.create_async(
            body.game,
            options,
            players.distinct_specs([s.model_dump() for s in seats]),
            turn_seconds=body.turn_seconds,
            timeout_bot=body.timeout_bot,
        )
        after_create(request, svc, table, body, bank_bot)  # signed in: the creator's seat is the account's
        return with_invites(_links(table))

    @app.get("/api/tables", tags=["lobby"])
    async def tables(
        every: Annotated[bool, Query(alias="all", description="every game being played, to watch")] = False,
    ) -> list[dict[str, Any]]:
        """Games being played with a seat anyone may take (`?all=1`: every game being played), newest first."""
        return service().open_tables(every=every)

    @app.post("/api/games/{game_id}/seats/{seat}/take", tags=["lobby"], responses=LIMITED, dependencies=[move_limit])
    async def take_seat(game_id: str, seat: int, request: Request, body: TakeSeat | None = None) -> dict[str, Any]:
        """Take an open seat (0-based) under your name: its secret, handed out once (409 when it is taken)."""
        svc = service()
        table = await svc.get_async(game_id)
        await svc.own(table)  # several processes: the game's lease first (ownership.py)
        token = take_seat_for(request, svc, table, seat, body.name if body is not None else None)
        await svc.started(table)  # the last seat taken: its bots' first moves, thought out in a bot thread
        return {"seat": seat, "token": token, "link": seat_link(table.id, token)}

    @app.post("/api/games/{game_id}/chat", tags=["play"], status_code=204, responses=LIMITED, dependencies=[chat_limit])
    async def chat(game_id: str, body: ChatRequest, credentials: Credentials, request: Request) -> Response:
        """Say something at the table (a seat's secret as Bearer: spectators read but do not write)."""
        svc = service()
        table = await svc.get_async(game_id)
        svc.chat(table, seat_of(request, table, pick_token(credentials)), body.text)
        return Response(status_code=204)

    @app.post("/api/games/{game_id}/rematch", tags=["play"], responses=LIMITED, dependencies=[creation_limit])
    async def rematch(game_id: str, credentials: Credentials, request: Request) -> dict[str, Any]:
        """The same game again, same seats: the first player to ask creates it; each gets their seat's secret."""
        svc = service()
        table = await svc.get_async(game_id)
        seat = seat_of(request, table, pick_token(credentials))
        await svc.own(table)  # several processes: the game's lease first (ownership.py)
        new, token = await svc.rematch_async(table, seat)
        players.on_rematch(request, svc, new, seat)
        if seat is not None:  # a second ask re-issues the seat's secret: pages holding the old one close
            holder["hub"].kick(new, seat)
        return {"id": new.id, "seat": seat, "token": token, "link": seat_link(new.id, token)}

    @app.get("/api/games", tags=["games"])
    async def list_games(status: Literal["playing", "finished"] | None = None) -> list[dict[str, Any]]:
        """Recent games, without their seat tokens (spectators may watch any of them)."""
        svc = service()
        return [
            {
                "id": g.id,
                "game": g.game,
                "title": svc.offer.title(g.game),
                "options": g.options,
                "status": g.status,
                "spectator_link": f"/table.html?game={g.id}",
            }
            for g in svc.store.list_games(status=status)
        ]

    @app.get("/api/games/{game_id}", tags=["games"])
    async def game_state(game_id: str, credentials: Credentials, request: Request) -> dict[str, Any]:
        """What the seat with this secret (`Authorization: Bearer`) sees now; no secret: a spectator."""
        svc = service()
        table = await svc.get_async(game_id)
        return svc.snapshot(table, seat_of(request, table, pick_token(credentials)))

    @app.post("/api/games/{game_id}/actions", tags=["play"], responses=LIMITED, dependencies=[move_limit])
    async def act(game_id: str, body: ActionRequest, credentials: Credentials, request: Request) -> dict[str, Any]:
        """Play an action decided at `step`; an illegal or stale one is refused (409) and nothing changes.

        Sending the same action for the same step again (a retry after a lost answer) returns
        the first answer; the action is applied once.
        """
        svc = service()
        table = await svc.get_async(game_id)
        seat = seat_of(request, table, pick_token(credentials))
        try:
            await svc.act_async(table, seat, body.action, body.step)
        except Repeated as repeated:
            first = table.answers.get(seat) if seat is not None else None
            return first[1] if first is not None and first[0] == repeated.step else svc.snapshot(table, seat)
        answer = svc.snapshot(table, seat)
        if seat is not None:
            table.answers[seat] = (body.step, answer)
        return answer

    @app.post("/api/games/{game_id}/undo", tags=["play"], responses=LIMITED, dependencies=[move_limit])
    async def undo(
        game_id: str, credentials: Credentials, request: Request, body: UndoRequest | None = None
    ) -> dict[str, Any]:
        """Take back your own last action if no chance event or other seat's move came after it."""
        svc = service()
        table = await svc.get_async(game_id)
        body = body or UndoRequest(step=None)
        seat = seat_of(request, table, pick_token(credentials))
        await svc.undo_async(table, seat, body.step)
        return svc.snapshot(table, seat)

    @app.post("/api/games/{game_id}/seats/{seat}/token", tags=["games"], responses=LIMITED)
    async def reissue(game_id: str, seat: int, credentials: Credentials) -> dict[str, Any]:
        """Re-issue a person's seat link (the old one stops working, its open pages are disconnected).

        Only the game's creator may: send the `creator_token` from the creation answer as
        `Authorization: Bearer`.
        """
        svc = service()
        table = await svc.get_async(game_id)
        await svc.own(table)  # several processes: the game's lease first (ownership.py)
        token = svc.reissue(table, seat, pick_token(credentials))
        await svc.started(table)  # an open seat given out: the game may start with its bots' moves
        holder["hub"].kick(table, seat)
        return {"seat": seat, "token": token, "link": seat_link(table.id, token)}

    @app.get("/api/games/{name_or_id}/info", tags=["games"], responses=LIMITED)
    async def info(
        name_or_id: str,
        request: Request,
        options: str = Query("", max_length=2000, description="NAME=VALUE pairs, comma separated (with a game name)"),
    ) -> dict[str, Any]:
        """The fixed data of a game's option set: board, map, cards, offices, and every action id's text.

        Give a game's name (and its options) or a table's id (its own options). The same for every
        seat: nothing here depends on a game in progress or on hidden cards. Answers are kept per
        option set; one not asked for before is built off the event loop and counts against the
        address's `build_rate` (429 over it).
        """
        svc = service()
        if name_or_id in games():
            pairs = parse_option_pairs([p for p in options.split(",") if p.strip()])
            sets: OptionSets = holder["option_sets"]
            return await sets.info(name_or_id, pairs, client_address(request.scope, proxies))
        table = await svc.get_async(name_or_id)
        return await asyncio.to_thread(game_info, table.game)  # built once per Game (info.py)

    @app.get("/api/games/{name}/cheatsheet", tags=["games"])
    async def rules_cheatsheet(
        name: str,
        request: Request,
        options: str = Query("", max_length=2000, description="NAME=VALUE pairs, comma separated"),
    ) -> dict[str, Any]:
        """The game's rules cheatsheet for these options (Markdown), as `magnates rules GAME` prints it."""
        if name not in games():
            raise OptionError(f"there is no game {name[:40]!r}; the games are: {', '.join(games())}")
        pairs = parse_option_pairs([p for p in options.split(",") if p.strip()])
        offer = service().offer
        sets: OptionSets = holder["option_sets"]
        address = client_address(request.scope, proxies)
        return await sets.answer("cheatsheet", name, pairs, address, lambda: (offer.cheatsheet(name, pairs), pairs))

    @app.get("/api/games/{game_id}/cards", tags=["games"])
    async def cards(game_id: str) -> dict[str, Any]:
        """Card faces (name, rank, suits, price) and suit symbols for drawing this game's cards."""
        table = await service().get_async(game_id)
        return {"suits": suits_table(), "cards": card_faces(table.game)}

    @app.get("/api/games/{game_id}/replay/{step}", tags=["replay"])
    async def replay(game_id: str, step: int, credentials: Credentials, request: Request) -> dict[str, Any]:
        """The game as a seat (or, once finished, a spectator) saw it after `step` actions."""
        svc = service()
        table = await svc.get_async(game_id)
        return svc.replay_snapshot(table, seat_of(request, table, pick_token(credentials)), step)

    @app.get("/api/games/{game_id}/record", tags=["replay"])
    async def export(game_id: str) -> dict[str, Any]:
        """The magnates Record (JSON) of a finished game."""
        svc = service()
        return svc.export(await svc.get_async(game_id))

    @app.post("/api/games/import", tags=["replay"], status_code=201, responses=LIMITED, dependencies=[creation_limit])
    async def import_record(record: dict[str, Any]) -> dict[str, Any]:
        """Store a magnates Record as a new game (checked by replaying it); returns its links."""
        return _links(service().import_record(record))

    # -- the Magnate Roller ------------------------------------------------------------
    @app.get("/api/roller", tags=["roller"])
    async def roller(
        request: Request, options: str = Query("", max_length=2000, description="NAME=VALUE pairs, comma separated")
    ) -> dict[str, Any]:
        """Magnate's variant-aware cheatsheet (Markdown) and numbers for the Roller page."""
        pairs = parse_option_pairs([p for p in options.split(",") if p.strip()])
        sets: OptionSets = holder["option_sets"]
        address = client_address(request.scope, proxies)
        return await sets.answer("roller", "magnate", pairs, address, lambda: (roller_sheet(pairs), pairs))

    @app.post("/api/roller/roll", tags=["roller"], responses=LIMITED)
    async def roll(body: RollRequest, request: Request) -> dict[str, Any]:
        """Roll 2d10 (and the taxation d6 on a 1), or read dice typed in from a real table."""
        options = service().strict_options("magnate", body.options)
        sets: OptionSets = holder["option_sets"]
        address = client_address(request.scope, proxies)  # the options checked once, with the page's own sheet
        await sets.answer("roller", "magnate", options, address, lambda: (roller_sheet(options), options))
        return roller_roll(options, body.dice, body.tax_dice, checked=True)

    # -- live play ---------------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def live(websocket: WebSocket, game_id: str) -> None:
        """Live updates: the seat's snapshot now and after every change; send actions and undos.

        The seat's secret comes as the subprotocol `token.<secret>` (with `magnates`) or an
        `Authorization: Bearer` header; never in the URL (a `?token=` is not read).
        """
        svc = service()
        hub: Hub = holder["hub"]
        secret, subprotocol = websocket_token(websocket)
        try:
            table = await svc.get_async(game_id)
            seat = seat_of(websocket, table, secret)  # no secret: the signed-in account's seat, if any
        except Unavailable as err:
            await _away(websocket, subprotocol, err.retry_after)
            return
        except MagnatesError as err:
            await websocket.accept(subprotocol=subprotocol)
            await websocket.send_json({"type": "error", "message": str(err)[:300], "fatal": True})
            await websocket.close(code=4403 if isinstance(err, Forbidden) else 4404)
            return
        except Exception as err:
            if not is_outage(err):
                raise
            gone = svc.health.refuse(err)
            await _away(websocket, subprotocol, gone.retry_after if isinstance(gone, Unavailable) else 1)
            return
        address = client_address(websocket.scope, proxies)
        refused = hub.admit(table, seat, address)  # its place taken now, before any await
        if refused is not None:
            await _deny(websocket, subprotocol, refused)
            return
        try:
            await websocket.accept(subprotocol=subprotocol)
            await hub.serve(websocket, table, seat, address)
        finally:
            hub.release(seat, address)

    @app.get("/docs", include_in_schema=False)
    async def api_docs() -> FileResponse:
        """The HTTP API's Swagger UI, with its scripts from the fastapi-offline package: nothing is
        fetched from another site, and no inline script is needed (the page passes the CSP)."""
        return FileResponse(STATIC / "api-docs.html")

    include_people(app)  # /api/accounts, /api/session, /api/me, the waiting room, ratings (people.py)
    app.include_router(review.router)  # the coach's reviews of finished games (server/review.py)

    try:
        import fastapi_offline

        assets = Path(fastapi_offline.__file__).with_name("static")
        app.mount("/docs-assets", StaticFiles(directory=assets), name="docs-assets")
    except ImportError:  # an install without the web extra's docs package: /docs says so on the page
        logger.warning("fastapi-offline is not installed; /docs cannot draw the API")
    app.mount("/", StaticFiles(directory=STATIC, html=True), name="static")

    app.add_middleware(BodyLimit, max_body=limits.max_body, body_timeout=limits.body_timeout)
    # The outermost: its headers are on every answer, a 413 too; Host and Origin checked first.
    app.add_middleware(SecurityHeaders, allowed_hosts=parse_allowed(limits.allowed_hosts))
    return app


async def _away(websocket: WebSocket, subprotocol: str | None, wait: int) -> None:
    """The game cannot be read while the database is away: not fatal, the page reconnects on its own
    (on its backoff) and gets the game once the database is back; 1013 is "try again later"."""
    await websocket.accept(subprotocol=subprotocol)
    message = "the game's storage cannot be reached just now; reconnecting shortly"
    await websocket.send_json({"type": "error", "message": message, "fatal": False, "retry_after": wait})
    await websocket.close(code=1013)


async def _deny(websocket: WebSocket, subprotocol: str | None, message: str) -> None:
    """429 with Retry-After before the handshake where the server can say so; else a closing message."""
    if "websocket.http.response" in websocket.scope.get("extensions", {}):
        response = JSONResponse({"detail": message}, status_code=429, headers={"Retry-After": "5"})
        await websocket.send_denial_response(response)
        return
    await websocket.accept(subprotocol=subprotocol)
    await websocket.send_json({"type": "error", "message": message, "fatal": True, "retry_after": 5})
    await websocket.close(code=1013)
