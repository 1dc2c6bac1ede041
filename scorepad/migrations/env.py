"""Alembic environment of the scorepad.

Run by :func:`scorepad.db.upgrade` with an open connection in ``config.attributes``; from the
command line (``alembic -x url=sqlite:///x.sqlite3 ...`` with ``script_location`` pointing
here), it connects to the ``url`` given with ``-x``.
"""

from alembic import context
from sqlalchemy import Connection, text
from sqlmodel import SQLModel

import scorepad.models  # noqa: F401  (registers the tables on SQLModel.metadata)

config = context.config
target_metadata = SQLModel.metadata


def _run(connection: Connection) -> None:
    sqlite = connection.dialect.name == "sqlite"
    # SQLite's DDL is transactional too: one migration run is all or nothing.
    context.configure(
        connection=connection,
        target_metadata=target_metadata,
        render_as_batch=sqlite,
        transactional_ddl=True,
    )
    with context.begin_transaction():
        if connection.dialect.name == "postgresql":
            # Several workers starting at once: one migrates, the others wait, then see head.
            connection.execute(text("SELECT pg_advisory_xact_lock(4177001)"))
        context.run_migrations()


def run_migrations_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:
        _run(connection)
        return
    from scorepad.db import make_engine

    url = context.get_x_argument(as_dictionary=True).get("url")
    if not url:
        raise SystemExit("give the database with -x url=...")
    with make_engine(url).connect() as conn:
        _run(conn)


if context.is_offline_mode():
    raise SystemExit("offline migrations are not supported")
run_migrations_online()
