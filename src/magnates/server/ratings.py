"""Ratings and history: openskill (Plackett-Luce, as the arena rates bots) per player and game.

A finished game is *rated* when every person's seat belongs to an account and it has two players
or more; a game with bot seats is rated only when its creator asked (`rated: true` at creation):
then the bots are rated too, under their level's name ("greedy bot"), so a person can see where
they stand against them. Each rated game moves each player's rating once (a bot with two seats
counts at its best place) and leaves a row of history, which draws the profile's chart. Whatever
the rating, the place of every account's seat is kept (`players.place`): games played and won.
A leaderboard ranks by the conservative rating, mu - 3 sigma, as `magnates arena` does.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from fastapi import APIRouter, Request
from openskill.models import PlackettLuce
from sqlalchemy import Boolean, DateTime, Float, Integer, String, func, insert, select, update
from sqlalchemy.engine import Engine
from sqlalchemy.orm import Mapped, mapped_column, sessionmaker

from magnates.core.errors import InvariantError
from magnates.games import games
from magnates.server.accounts import AccountRow, AccountStore
from magnates.server.errors import NotFound
from magnates.server.names import name_key
from magnates.server.players import PlayerRow
from magnates.server.storage import Base, GameRow, iso
from magnates.server.tables import Table

HISTORY_SHOWN = 200
RECENT_SHOWN = 12


class RatingRow(Base):
    __tablename__ = "ratings"

    player: Mapped[str] = mapped_column(String(80), primary_key=True)  # "account:<id>" or "bot:<level>"
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    played: Mapped[int] = mapped_column(Integer, default=0)
    won: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class HistoryRow(Base):
    __tablename__ = "rating_history"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player: Mapped[str] = mapped_column(String(80), index=True)
    game: Mapped[str] = mapped_column(String(64))
    game_id: Mapped[str] = mapped_column(String(32))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    rank: Mapped[int] = mapped_column(Integer)
    at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True))


class RatedRow(Base):
    __tablename__ = "rated_games"

    game_id: Mapped[str] = mapped_column(String(32), primary_key=True)
    with_bots: Mapped[bool] = mapped_column(Boolean, default=False)
    at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


def ordinal(mu: float, sigma: float) -> float:
    return mu - 3 * sigma


def player_key(table: Table, seat: int) -> str | None:
    """Who is rated for a seat: its account, its bot level, or nobody (a guest)."""
    held = table.seats[seat]
    if held.kind == "bot":
        return f"bot:{held.bot}"
    return f"account:{held.account}" if held.account is not None else None


class Ratings:
    """The ratings tables, and the rating of each game as it ends (a hook of the service)."""

    def __init__(self, engine: Engine, accounts: AccountStore) -> None:
        self._sessions = sessionmaker(engine, expire_on_commit=False)
        self.accounts = accounts
        self.model = PlackettLuce()
        self.done: set[str] = set()  # games already looked at in this process (the database decides)

    def ask(self, table: Table) -> None:
        """The creator asked for a rated game with bots."""
        with self._sessions() as session, session.begin():
            session.add(RatedRow(game_id=table.id, with_bots=True, at=None))
        table.rated = True

    def loaded(self, table: Table, _since: float) -> None:
        """A game rebuilt from the database: whether its creator asked for it to be rated."""
        with self._sessions() as session:
            row = session.get(RatedRow, table.id)
        table.rated = row is not None and bool(row.with_bots)

    def changed(self, table: Table) -> None:
        if not table.over or table.id in self.done:
            return
        if len(self.done) > 100_000:  # only a shortcut: the database says whether a game was rated
            self.done.clear()
        self.done.add(table.id)
        if any(s.account is not None for s in table.seats):
            self.finish(table)

    def finish(self, table: Table) -> None:
        """Keep each account's place; rate the game if it is rated (once, whichever process sees it)."""
        result = table.result()
        if result is None:
            return
        ranking = result.ranking
        now = dt.datetime.now(dt.UTC)
        with self._sessions() as session, session.begin():
            for seat, held in enumerate(table.seats):
                if held.account is not None:
                    session.execute(
                        update(PlayerRow)
                        .where(PlayerRow.game_id == table.id, PlayerRow.seat == seat)
                        .values(place=ranking[seat])
                    )
            asked = session.get(RatedRow, table.id)
            if asked is not None and asked.at is not None:
                return  # rated already
            keys = [player_key(table, seat) for seat in range(len(table.seats))]
            bots = any(s.kind == "bot" for s in table.seats)
            if None in keys or (bots and (asked is None or not asked.with_bots)):
                return
            places: dict[str, int] = {}
            for key, place in zip(keys, ranking, strict=True):
                if key is None:  # every seat's key was checked above
                    raise InvariantError(f"game {table.id}: a seat with nobody to rate")
                places[key] = min(place, places.get(key, place))
            if len(places) < 2 or not any(k.startswith("account:") for k in places):
                return
            if asked is None:
                session.add(RatedRow(game_id=table.id, with_bots=False, at=now))
            else:
                claimed = session.execute(
                    update(RatedRow).where(RatedRow.game_id == table.id, RatedRow.at.is_(None)).values(at=now)
                )
                if claimed.rowcount != 1:  # type: ignore[attr-defined]
                    return
            self._rate(session, table.game.name, table.id, places, now)

    def _rate(self, session: Any, game: str, game_id: str, places: dict[str, int], now: dt.datetime) -> None:
        names = list(places)
        rows = {
            r.player: r
            for r in session.scalars(select(RatingRow).where(RatingRow.game == game, RatingRow.player.in_(names)))
        }
        before = [
            self.model.rating(mu=rows[n].mu, sigma=rows[n].sigma, name=n) if n in rows else self.model.rating(name=n)
            for n in names
        ]
        after = self.model.rate([[r] for r in before], ranks=[places[n] for n in names])
        for name, (rating,) in zip(names, after, strict=True):
            won = 1 if places[name] == 1 else 0
            row = rows.get(name)
            if row is None:
                session.execute(
                    insert(RatingRow).values(
                        player=name, game=game, mu=rating.mu, sigma=rating.sigma, played=1, won=won, updated_at=now
                    )
                )
            else:
                row.mu, row.sigma, row.played, row.won, row.updated_at = (
                    float(rating.mu), float(rating.sigma), row.played + 1, row.won + won, now,
                )  # fmt: skip
            session.add(
                HistoryRow(
                    player=name, game=game, game_id=game_id, mu=rating.mu, sigma=rating.sigma, rank=places[name], at=now
                )
            )

    # -- reading ----------------------------------------------------------------------
    def names(self, keys: list[str]) -> dict[str, str]:
        ids = [int(k.split(":", 1)[1]) for k in keys if k.startswith("account:")]
        named = self.accounts.names(ids)
        out = {}
        for key in keys:
            kind, _, rest = key.partition(":")
            out[key] = named.get(int(rest), "?") if kind == "account" else f"{rest} bot"
        return out

    def leaderboard(self, game: str, limit: int = 100) -> list[dict[str, Any]]:
        with self._sessions() as session:
            rows = list(session.scalars(select(RatingRow).where(RatingRow.game == game)))
        rows.sort(key=lambda r: ordinal(r.mu, r.sigma), reverse=True)
        rows = rows[:limit]
        names = self.names([r.player for r in rows])
        return [
            {
                "place": index + 1,
                "name": names[r.player],
                "kind": "bot" if r.player.startswith("bot:") else "person",
                "rating": round(ordinal(r.mu, r.sigma), 2),
                "mu": round(r.mu, 3),
                "sigma": round(r.sigma, 3),
                "played": r.played,
                "won": r.won,
            }
            for index, r in enumerate(rows)
        ]

    def profile(self, name: str) -> dict[str, Any]:
        """An account's games played and won, its ratings, their history and its recent games."""
        with self._sessions() as session:
            account = session.scalars(select(AccountRow).where(AccountRow.name_key == name_key(name))).first()
            if account is None:
                raise NotFound(f"there is no player named {name[:40]!r}")
            key = f"account:{account.id}"
            ratings = list(session.scalars(select(RatingRow).where(RatingRow.player == key)))
            history = list(
                session.scalars(
                    select(HistoryRow).where(HistoryRow.player == key).order_by(HistoryRow.id).limit(HISTORY_SHOWN)
                )
            )
            seats = select(PlayerRow).where(PlayerRow.account_id == account.id, PlayerRow.seat >= 0)
            finished = seats.where(PlayerRow.place.is_not(None)).subquery()
            played = session.scalar(select(func.count()).select_from(finished)) or 0
            won = session.scalar(select(func.count()).select_from(finished).where(finished.c.place == 1)) or 0
            recent = session.execute(
                select(GameRow, PlayerRow.seat, PlayerRow.place)
                .join(PlayerRow, PlayerRow.game_id == GameRow.id)
                .where(PlayerRow.account_id == account.id, PlayerRow.seat >= 0)
                .order_by(GameRow.created_at.desc())
                .limit(RECENT_SHOWN)
            ).all()
        return {
            "name": account.name,
            "since": iso(account.created_at),
            "played": played,
            "won": won,
            "ratings": [
                {"game": r.game, "rating": round(ordinal(r.mu, r.sigma), 2), "played": r.played, "won": r.won}
                for r in sorted(ratings, key=lambda r: r.game)
            ],
            "history": [
                {
                    "game": h.game,
                    "game_id": h.game_id,
                    "rating": round(ordinal(h.mu, h.sigma), 2),
                    "place": h.rank,
                    "at": iso(h.at),
                }
                for h in history
            ],
            "recent": [
                {
                    "id": g.id,
                    "game": g.game,
                    "status": g.status,
                    "seat": seat,
                    "place": place,
                    "players": [s.get("name") or f"Player {i + 1}" for i, s in enumerate(g.seats)],
                    "link": f"/table.html?game={g.id}",
                    "created": iso(g.created_at),
                }
                for g, seat, place in recent
            ],
        }


def ratings_of(request: Request) -> Ratings:
    return request.app.state.ratings  # type: ignore[no-any-return]


def ratings_router() -> APIRouter:
    """GET /api/ratings/{game} (the leaderboard) and GET /api/players/{name} (a profile)."""
    router = APIRouter(tags=["ratings"])

    @router.get("/api/ratings/{game}")
    async def leaderboard(game: str, request: Request) -> list[dict[str, Any]]:
        """A game's rated players, best first by the conservative rating (mu - 3 sigma)."""
        if game not in games():
            raise NotFound(f"there is no game {game[:40]!r}; the games are: {', '.join(games())}")
        return ratings_of(request).leaderboard(game)

    @router.get("/api/players/{name}")
    async def profile(name: str, request: Request) -> dict[str, Any]:
        """A player's profile: games played and won, rating per game and over time, recent games."""
        return ratings_of(request).profile(name)

    return router
