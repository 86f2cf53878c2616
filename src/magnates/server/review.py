"""The coach in the browser: review a finished game on request, in a thread, one review at a time.

`POST /api/games/{id}/review` starts the review of a finished game (or answers the one stored);
`GET /api/games/{id}/review` says where it stands: `none`, `running` with `done` of `total`
decisions, `done` with the review (the JSON of `magnates review --json`), or `failed`. A finished
game's record is public (its replay shows every step), and the coach reads each seat's own view,
so anyone who may watch the game may ask. A review is stored with the game (table `reviews`, one
row per game) and served from there afterwards, also after a restart.

Reviews cost seconds of CPU, so they are rate-limited per client address (`START_RATE`) and run
one at a time per process (`WORKERS`), at most `QUEUE` waiting.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import threading
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from typing import Any

from fastapi import APIRouter, Request
from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String, func, select
from sqlalchemy.orm import Mapped, Session, mapped_column

from magnates.analysis import Coach, CoachSettings, review_record
from magnates.analysis.review import FORMAT
from magnates.core.record import Record
from magnates.server.errors import Conflict, Forbidden
from magnates.server.limits import RateLimiter, TooMany, client_address
from magnates.server.service import GameService
from magnates.server.storage import Base, Store

logger = logging.getLogger("magnates.server.review")

SETTINGS = CoachSettings(samples=2, candidates=8, depth=40)
"""The server's budget per decision: a whole game in well under a minute on one core."""


def stored_key() -> str:
    """What a stored review was made with: its layout and the coach's settings (a review stored
    with others, as one made before practice choices were kept, is made again when asked for)."""
    return f"{FORMAT} {SETTINGS.key()}"


START_RATE = RateLimiter(rate=1 / 30, burst=3)
"""Reviews started per client address: three at once, then one every 30 seconds."""
WORKERS = 1
QUEUE = 4


class ReviewRow(Base):
    """A finished game's review (migration 0010), kept so that it is computed once."""

    __tablename__ = "reviews"

    game_id: Mapped[str] = mapped_column(ForeignKey("games.id"), primary_key=True)
    actions: Mapped[int] = mapped_column(Integer)
    settings: Mapped[str] = mapped_column(String(256))
    review: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), server_default=func.now())


@dataclass
class Job:
    status: str = "running"
    done: int = 0
    total: int = 0
    error: str | None = None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        if self.error is None:
            del data["error"]
        return data


class Reviews:
    """The reviews of one server process: the jobs under way and the stored results."""

    def __init__(self) -> None:
        self.jobs: dict[str, Job] = {}
        self.pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="review")
        self.lock = threading.Lock()

    def stored(self, store: Store, game_id: str, actions: int) -> dict[str, Any] | None:
        with Session(store.engine) as session:
            row = session.scalar(select(ReviewRow).where(ReviewRow.game_id == game_id))
        if row is None or row.actions != actions or row.settings != stored_key():
            return None
        return row.review

    def save(self, store: Store, game_id: str, actions: int, review: dict[str, Any]) -> None:
        with Session(store.engine) as session, session.begin():
            row = session.get(ReviewRow, game_id)
            if row is None:
                session.add(ReviewRow(game_id=game_id, actions=actions, settings=stored_key(), review=review))
            else:
                row.actions, row.settings, row.review = actions, stored_key(), review

    def run(self, store: Store, game_id: str, record: Record) -> None:
        job = self.jobs[game_id]

        def progress(done: int, total: int) -> None:
            job.done, job.total = done, total

        try:
            review = review_record(record, SETTINGS, progress=progress).to_json()
            self.save(store, game_id, len(record.actions), review)
            job.status = "done"
            with self.lock:
                self.jobs.pop(game_id, None)  # stored: the table answers from now on
        except Exception as err:  # a failed review is reported, never left running
            logger.exception("reviewing game %s failed", game_id)
            job.status, job.error = "failed", f"the review failed ({type(err).__name__})"

    def answer(self, store: Store, game_id: str, actions: int) -> dict[str, Any]:
        found = self.stored(store, game_id, actions)
        if found is not None:
            return {"status": "done", "review": found}
        job = self.jobs.get(game_id)
        if job is None:
            return {"status": "none"}
        return job.to_json()

    def start(self, store: Store, game_id: str, record: Record) -> dict[str, Any]:
        with self.lock:
            job = self.jobs.get(game_id)
            if job is not None and job.status == "running":
                return job.to_json()
            waiting = sum(1 for j in self.jobs.values() if j.status == "running")
            if waiting >= QUEUE + WORKERS:
                raise TooMany("the coach is busy with other reviews; try again in a minute", 60)
            self.jobs[game_id] = Job()
        self.pool.submit(self.run, store, game_id, record)
        return self.jobs[game_id].to_json()


router = APIRouter(tags=["review"])


def _reviews(request: Request) -> Reviews:
    state = request.app.state
    if not hasattr(state, "reviews"):
        state.reviews = Reviews()
    return state.reviews  # type: ignore[no-any-return]


async def _finished(service: GameService, game_id: str) -> Record:
    table = await service.get_async(game_id)
    if not table.state.is_terminal():
        raise Conflict("a game is reviewed once it is finished (its review would tell what the others hold)")
    return table.state.record()


@router.get("/api/games/{game_id}/review")
async def review_status(game_id: str, request: Request) -> dict[str, Any]:
    """Where the review of a finished game stands, with the review once it is done."""
    service: GameService = request.app.state.service
    record = await _finished(service, game_id)
    return await asyncio.to_thread(_reviews(request).answer, service.store, game_id, len(record.actions))


@router.post("/api/games/{game_id}/review", status_code=202)
async def start_review(game_id: str, request: Request) -> dict[str, Any]:
    """Start the coach on a finished game (or answer the review already stored or under way)."""
    service: GameService = request.app.state.service
    record = await _finished(service, game_id)
    reviews = _reviews(request)
    known = await asyncio.to_thread(reviews.answer, service.store, game_id, len(record.actions))
    if known["status"] in ("done", "running"):
        return known
    limits = request.app.state.limits
    if limits.rate_limits:
        wait = START_RATE.take(client_address(request.scope, limits.proxies))
        if wait:
            raise TooMany("too many reviews asked from your address; try again in a moment", wait)
    return reviews.start(service.store, game_id, record)


# -- hints: the coach's preferred move during a game against bots only -----------------------------
HINT_SETTINGS = CoachSettings(samples=4, candidates=8, depth=40)
HINT_RATE = RateLimiter(rate=1 / 5, burst=3)
"""Hints asked per client address: three at once, then one every five seconds."""


def hint_refusal(table: Any, seat: int | None) -> str | None:
    """Why this seat may not have a hint now (None: it may). Hints are for practice against bots:
    never with another person at the table, nor in a rated game, nor for a spectator."""
    if seat is None:
        return "hints are for a seat's own moves: open the game with your seat's link"
    if table.rated:
        return "there are no hints in a rated game"
    if any(s.kind != "bot" for i, s in enumerate(table.seats) if i != seat):
        return "hints are only for games against bots"
    if table.state.is_terminal():
        return "the game is over"
    return None


async def _hint(table: Any, seat: int) -> dict[str, Any]:
    """The view is taken here, in the event loop, and only the view goes to the thread: the game may
    move on meanwhile, and the answer names the step it was for."""
    state = table.state
    if state.current_player() != seat:
        return {"available": True, "hint": None, "reason": "it is not your move"}
    if len(state.legal_actions()) < 2:
        return {"available": True, "hint": None, "reason": "you have only one move"}
    step, view = len(state.history), state.view(seat)
    estimate = await asyncio.to_thread(Coach(table.game, HINT_SETTINGS).estimate, view, seat, step)
    best = estimate.best
    text = table.game.action_to_string(best.action)
    if len(table.state.history) == step:
        text = table.state.describe(best.action, seat)
    return {
        "available": True,
        "step": step,
        "hint": {"action": best.action, "text": text, "chance": round(best.chances[seat], 3)},
    }


@router.get("/api/games/{game_id}/hint")
async def hint_available(game_id: str, request: Request) -> dict[str, Any]:
    """Whether the coach may give this seat hints in this game (a seat token in the Authorization header)."""
    service: GameService = request.app.state.service
    table = await service.get_async(game_id)
    refused = hint_refusal(table, table.seat_for(_bearer(request)))
    return {"available": refused is None, "reason": refused}


@router.post("/api/games/{game_id}/hint")
async def hint(game_id: str, request: Request) -> dict[str, Any]:
    """The coach's preferred move for this seat now, from its own view (games against bots only)."""
    service: GameService = request.app.state.service
    table = await service.get_async(game_id)
    seat = table.seat_for(_bearer(request))
    refused = hint_refusal(table, seat)
    if refused is not None or seat is None:
        raise Forbidden(refused or "no hints here")
    limits = request.app.state.limits
    if limits.rate_limits:
        wait = HINT_RATE.take(client_address(request.scope, limits.proxies))
        if wait:
            raise TooMany("too many hints asked from your address; try again in a moment", wait)
    return await _hint(table, seat)


def _bearer(request: Request) -> str | None:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    return token.strip() or None if scheme.lower() == "bearer" else None
