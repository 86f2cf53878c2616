"""Accounts, their sessions, the seats they hold, and ratings.

`accounts`: a name as typed, its key (case and confusable characters folded, unique) and an argon2
hash of the password; an optional e-mail address for turn notices. `sessions`: the SHA-256 of each
session cookie's secret with its CSRF token and expiry (signing out deletes the row, so a copied
cookie stops working). `players`: which account holds which seat of which game (seat -1: the
account that created the game) and, once it is over, the seat's place. `ratings`, `rating_history`
and `rated_games`: openskill ratings per player and game, each change, and the games counted (or
asked to be rated with their bots).

Revision ID: 0005
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(40), nullable=False),
        sa.Column("name_key", sa.String(160), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(256), nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
    )
    op.create_table(
        "sessions",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False, index=True),
        sa.Column("csrf", sa.String(64), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "players",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("accounts.id"), nullable=False, index=True),
        sa.Column("place", sa.Integer, nullable=True),
    )
    op.create_table(
        "ratings",
        sa.Column("player", sa.String(80), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("played", sa.Integer, nullable=False, server_default="0"),
        sa.Column("won", sa.Integer, nullable=False, server_default="0"),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player", sa.String(80), nullable=False, index=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("game_id", sa.String(32), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("rank", sa.Integer, nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "rated_games",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("with_bots", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("at", sa.DateTime(timezone=True), nullable=True),
    )


def downgrade() -> None:
    for table in ("rated_games", "rating_history", "ratings", "players", "sessions", "accounts"):
        op.drop_table(table)
