"""Alembic environment: migrations run on the connection the server hands in (see storage.migrate)."""

from __future__ import annotations

from alembic import context

from magnates.server.storage import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("magnates migrations run from magnates.server.storage.migrate(), which passes a connection")

context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
