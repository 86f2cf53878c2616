"""Games over days: a game's bank of time per player and what a timeout does.

`time_controls`, one row per game that has a bank or forfeits on time: the bank in seconds, "bot"
or "forfeit", the timeout bot's level, the seconds each seat has used of its bank (JSON) and the
seat that forfeited, if any. Games without a row keep the per-decision clock of `games`.

Revision ID: 0006
Revises: 0005
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "time_controls",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("bank_seconds", sa.Integer, nullable=False, server_default="0"),
        sa.Column("on_timeout", sa.String(16), nullable=False, server_default="bot"),
        sa.Column("timeout_bot", sa.String(64), nullable=True),
        sa.Column("spent", sa.JSON, nullable=False),
        sa.Column("forfeited", sa.Integer, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("time_controls")
