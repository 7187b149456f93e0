"""Alembic's environment for the class server's store (see CONTRIBUTING.md, "The class
server"). Run by :func:`puffteach.server.store.migrate` with a connection, or by the alembic
command with ``-c puffteach/server/migrations/alembic.ini``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import create_engine, text

from puffteach.server.store import DEFAULT_DATABASE, Base

config = context.config


def _run(connection: object) -> None:
    context.configure(
        connection=connection,  # type: ignore[arg-type]
        target_metadata=Base.metadata,
        render_as_batch=True,  # SQLite alters a table by copying it
        compare_type=True,
    )
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":  # type: ignore[attr-defined]
            # two server processes starting at once: one migrates, the other waits
            connection.execute(text("SELECT pg_advisory_xact_lock(4242042)"))  # type: ignore[attr-defined]
        context.run_migrations()


connection = config.attributes.get("connection")
if connection is not None:
    _run(connection)
else:
    url = config.get_main_option("sqlalchemy.url") or DEFAULT_DATABASE
    with create_engine(url).begin() as conn:
        _run(conn)
