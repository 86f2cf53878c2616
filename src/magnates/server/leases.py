"""Game leases in PostgreSQL: which server process owns (may write) which game, until when.

Several `magnates serve` processes share one PostgreSQL database; each game is written by one of
them at a time, its owner, named in the `leases` table with the moment its lease lapses. The owner
renews its leases every `RENEW_SECONDS`; a lease not renewed for `LEASE_SECONDS` (its process
crashed, or hangs) may be taken by any other process. Every statement here is one short
transaction, atomic in PostgreSQL (`INSERT ... ON CONFLICT DO UPDATE ... WHERE`): two processes
racing for a free game cannot both get it.

The lease is for liveness and order, not the last line of safety: a process whose lease lapsed
without it noticing (paused longer than `LEASE_SECONDS`) and writes anyway is refused by the
events' unique `(game, seq)`, and reloads the game from the database.
"""

from __future__ import annotations

import json
from collections.abc import Collection

from sqlalchemy import text
from sqlalchemy.engine import Engine

from magnates.server.storage import CHANNEL

LEASE_SECONDS = 5.0  # a lease not renewed for this long may be taken by another process
RENEW_SECONDS = 1.5  # how often an owner renews its leases

_TAKE = text(
    """
    INSERT INTO leases (game_id, owner, expires_at)
    VALUES (:game, :me, now() + make_interval(secs => :ttl))
    ON CONFLICT (game_id) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
    WHERE leases.owner = EXCLUDED.owner OR leases.expires_at < now()
    RETURNING owner
    """
)
_HOLDER = text("SELECT owner FROM leases WHERE game_id = :game")
_RENEW = text(
    "UPDATE leases SET expires_at = now() + make_interval(secs => :ttl) "
    "WHERE owner = :me AND game_id = ANY(:games) RETURNING game_id"
)
_ADOPT = text(
    """
    INSERT INTO leases (game_id, owner, expires_at)
    SELECT game, :me, now() + make_interval(secs => :ttl) FROM unnest(CAST(:games AS text[])) AS game
    ON CONFLICT (game_id) DO UPDATE SET owner = EXCLUDED.owner, expires_at = EXCLUDED.expires_at
    WHERE leases.expires_at < now()
    RETURNING game_id
    """
)
_GIVE_UP = text("DELETE FROM leases WHERE owner = :me AND game_id = ANY(:games) RETURNING game_id")
_GIVE_UP_ALL = text("DELETE FROM leases WHERE owner = :me")
_NOTIFY = text("SELECT pg_notify(:channel, :payload)")


class Leases:
    """The `leases` table, as one process (`me`) sees it; every method is one short transaction."""

    def __init__(self, engine: Engine, me: str, seconds: float = LEASE_SECONDS) -> None:
        self.engine = engine
        self.me = me
        self.seconds = seconds

    def take(self, game_id: str) -> str | None:
        """Take the game's lease if it is free, lapsed or ours already: None. Else its live owner's name."""
        with self.engine.begin() as connection:
            won = connection.execute(_TAKE, {"game": game_id, "me": self.me, "ttl": self.seconds}).first()
            if won is not None:
                return None
            holder = connection.execute(_HOLDER, {"game": game_id}).scalar()
            return str(holder) if holder is not None else ""

    def renew(self, games: Collection[str]) -> set[str]:
        """Extend our leases on `games`; returns those still ours (a lapsed one may have been taken)."""
        if not games:
            return set()
        with self.engine.begin() as connection:
            rows = connection.execute(_RENEW, {"me": self.me, "games": list(games), "ttl": self.seconds})
            return {str(row[0]) for row in rows}

    def adopt(self, games: Collection[str]) -> set[str]:
        """Take the leases of `games` that nobody holds or that lapsed (a crashed owner's); returns them."""
        if not games:
            return set()
        with self.engine.begin() as connection:
            rows = connection.execute(_ADOPT, {"me": self.me, "games": list(games), "ttl": self.seconds})
            return {str(row[0]) for row in rows}

    def give_up(self, games: Collection[str], tell: bool = False) -> set[str]:
        """Let our leases on `games` go (with `tell`: announce each one freed, for a process waiting)."""
        if not games:
            return set()
        with self.engine.begin() as connection:
            freed = {str(row[0]) for row in connection.execute(_GIVE_UP, {"me": self.me, "games": list(games)})}
            if tell:
                for game_id in games:  # told even when we held none: the asker then tries to take it
                    payload = json.dumps({"t": "f", "g": game_id, "from": self.me}, separators=(",", ":"))
                    connection.execute(_NOTIFY, {"channel": CHANNEL, "payload": payload})
            return freed

    def give_up_all(self) -> None:
        with self.engine.begin() as connection:
            connection.execute(_GIVE_UP_ALL, {"me": self.me})
