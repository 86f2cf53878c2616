"""Leases: which server process owns which game while several share one PostgreSQL database.

A row per game being served: the owning process and when its lease lapses unless renewed
(`leases.py`). SQLite has the table too (one schema), but a SQLite server is one process and
never reads it.

Revision ID: 0004
Revises: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "leases",
        sa.Column("game_id", sa.String(32), primary_key=True),
        sa.Column("owner", sa.String(128), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_leases_owner", "leases", ["owner"])


def downgrade() -> None:
    op.drop_index("ix_leases_owner", table_name="leases")
    op.drop_table("leases")
