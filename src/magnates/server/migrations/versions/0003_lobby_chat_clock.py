"""Around the table: open seats counted per game, the turn clock, the rematch pointer, and chat.

Seats' names and open flags live in the `seats` JSON (older rows read as unnamed, taken seats).
`open_seats` lets the lobby list the games with a seat to take without reading every row.

Revision ID: 0003
Revises: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.add_column(sa.Column("open_seats", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("turn_seconds", sa.Integer(), nullable=False, server_default="0"))
        batch.add_column(sa.Column("timeout_bot", sa.String(64), nullable=True))
        batch.add_column(sa.Column("rematch_id", sa.String(32), nullable=True))
    op.create_index("ix_games_open_seats", "games", ["open_seats"])
    op.create_table(
        "chat",
        sa.Column("id", sa.Integer(), primary_key=True, autoincrement=True),
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(64), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("step", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_chat_game_id", "chat", ["game_id"])


def downgrade() -> None:
    op.drop_index("ix_chat_game_id", table_name="chat")
    op.drop_table("chat")
    op.drop_index("ix_games_open_seats", table_name="games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rematch_id")
        batch.drop_column("timeout_bot")
        batch.drop_column("turn_seconds")
        batch.drop_column("open_seats")
