"""Reviews: the coach's review of a finished game, stored so that it is computed once (server/review.py).

Revision ID: 0010
Revises: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "reviews",
        sa.Column("game_id", sa.String(32), sa.ForeignKey("games.id"), primary_key=True),
        sa.Column("actions", sa.Integer, nullable=False),
        sa.Column("settings", sa.String(256), nullable=False),
        sa.Column("review", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), server_default=sa.func.now(), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("reviews")
