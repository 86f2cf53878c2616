"""Seat tokens stored as SHA-256 hashes; a creator's hash per game (to re-issue seat links).

Existing plain tokens are replaced by their hashes, so every link given out before
keeps opening its seat. A downgrade drops the creator column but cannot bring the
plain tokens back: it leaves the hashes (which the older code does not read).

Revision ID: 0002
Revises: 0001
"""

import hashlib

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None

games = sa.table("games", sa.column("id", sa.String(32)), sa.column("seats", sa.JSON()))


def _hashed(seats: list[dict]) -> list[dict]:
    out = []
    for seat in seats:
        seat = dict(seat)
        token = seat.pop("token", None)
        if token and not seat.get("token_hash"):
            seat["token_hash"] = hashlib.sha256(str(token).encode("utf-8")).hexdigest()
        seat.setdefault("token_hash", None)
        out.append(seat)
    return out


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("creator_hash", sa.String(64), nullable=True))
    connection = op.get_bind()
    rows = connection.execute(sa.select(games.c.id, games.c.seats)).fetchall()
    for game_id, seats in rows:
        if any("token" in seat for seat in seats or []):
            connection.execute(games.update().where(games.c.id == game_id).values(seats=_hashed(seats)))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("creator_hash")
