"""The database: engine, sessions, migrations.

Any SQLAlchemy URL works; SQLite (a file by default) and PostgreSQL are the ones tested.

- SQLite: on every connection ``busy_timeout`` (first), WAL, ``synchronous=NORMAL`` and foreign
  keys; the driver's own transaction handling is switched off so that reads begin with a plain
  ``BEGIN`` and writes with ``BEGIN IMMEDIATE`` (two writers queue instead of failing on the
  read-to-write upgrade). ``sqlite://`` (in memory, for tests) shares one connection.
- PostgreSQL: a write locks its game row (``SELECT ... FOR UPDATE``), see :mod:`scorepad.games`.

One read session per request (:func:`get_session`, closed at the end of the request); writes go
through :func:`write_session`, one transaction each, and a write may leave a statement to run
alone once it is committed (:func:`after_commit`: a counter many writes raise). The schema is
brought to the latest Alembic migration when the app starts (:func:`upgrade`).
"""

from __future__ import annotations

import contextlib
import logging
import os
from collections.abc import Iterator, Mapping
from importlib import resources
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from flask import Flask, current_app, g, has_app_context
from sqlalchemy import Connection, Engine, Executable, create_engine, event
from sqlalchemy.engine import make_url
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import StaticPool
from sqlmodel import Session

from framework.core.errors import AtoutError
from scorepad.i18n import DOMAIN

_ = DOMAIN.message

__all__ = [
    "DatabaseURLError",
    "after_commit",
    "default_database_url",
    "get_engine",
    "get_poll_engine",
    "get_session",
    "init_app",
    "make_engine",
    "normalize_url",
    "poll_engine",
    "polled_scalar",
    "positional",
    "upgrade",
    "write_session",
]

#: execution option asking for ``BEGIN IMMEDIATE`` on SQLite
_IMMEDIATE = "atout_immediate"
#: ``Session.info`` key: the statements a write runs once committed (:func:`after_commit`)
_AFTER_COMMIT = "atout_after_commit"

log = logging.getLogger("scorepad")


def default_database_url() -> str:
    """A SQLite file in the per-user data directory (``$XDG_DATA_HOME/atout``)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return "sqlite:///" + str(Path(base) / "atout" / "scorepad.sqlite3")


def normalize_url(url: str) -> str:
    """Accept the URLs hosting services hand out.

    >>> normalize_url("postgres://u:p@db/x")
    'postgresql+psycopg://u:p@db/x'
    >>> normalize_url("postgresql://db/x")
    'postgresql+psycopg://db/x'
    """
    for prefix in ("postgres://", "postgresql://"):
        if url.startswith(prefix):
            return "postgresql+psycopg://" + url[len(prefix) :]
    return url


class DatabaseURLError(AtoutError, ValueError):
    """A database URL that cannot be used, with the reason and what to do."""


def _prepare_file(database: str, create_folder: bool) -> None:
    """A SQLite file atout creates is readable by its owner only (0600; it holds the session
    key and the games), in a folder atout creates 0700. An explicit path whose folder does not
    exist is refused rather than created (a typo would otherwise start an empty scorepad)."""
    path = Path(database).expanduser()
    folder = path.parent
    if not folder.is_dir():
        if not create_folder:
            raise DatabaseURLError(
                _(
                    "the folder {folder} does not exist: create it or give another path",
                    folder=repr(str(folder)),
                )
            )
        folder.mkdir(parents=True, exist_ok=True, mode=0o700)
        folder.chmod(0o700)  # mkdir's mode is filtered by the umask
    if not path.exists():
        with contextlib.suppress(FileExistsError):  # another worker created it first
            os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600))


#: the connections an engine's pool keeps open, and the most it opens (a server's, PostgreSQL's):
#: SQLAlchemy's default keeps 5 and opens 10 more at a burst, closing each of those as it is
#: given back, so a burst opened and closed connections by the hundred (5 ms and some 4 ms of
#: PostgreSQL's CPU each, against 0.3 ms for a pooled one): the same 15, kept once opened
POOL = 15


def make_engine(url: str, create_folder: bool = False) -> Engine:
    """An engine for ``url`` with the connection settings described above.

    :param create_folder: create a SQLite file's missing folder (only for the default path).
    :raises DatabaseURLError: a SQLite folder that does not exist, or a missing driver.
    """
    url = normalize_url(url)
    try:
        parsed = make_url(url)
    except Exception as exc:  # sqlalchemy's ArgumentError and ValueError from odd ports
        raise DatabaseURLError(_("not a database URL: {error}", error=str(exc))) from None
    if parsed.get_backend_name() == "postgresql":
        try:
            import psycopg  # noqa: F401
        except ImportError:
            raise DatabaseURLError(
                _("PostgreSQL needs the psycopg driver: pip install 'atout[postgres]'")
            ) from None
    # SQL parameters (token hashes, team names) stay out of error messages and logs, except
    # when debugging
    hide = not os.environ.get("ATOUT_DEBUG")
    if parsed.get_backend_name() != "sqlite":
        return create_engine(
            url, pool_pre_ping=True, hide_parameters=hide, pool_size=POOL, max_overflow=0
        )
    memory = parsed.database in (None, "", ":memory:")
    if parsed.database and not memory:
        _prepare_file(parsed.database, create_folder)
    kwargs: dict[str, Any] = {"connect_args": {"check_same_thread": False}, "hide_parameters": hide}
    if memory:
        kwargs["poolclass"] = StaticPool
    engine = create_engine(url, **kwargs)

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        # Take transactions into our own hands (see _on_begin) and set the pragmas.
        dbapi_connection.isolation_level = None
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA busy_timeout=5000")
        if not memory:
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Connection) -> None:
        immediate = conn.get_execution_options().get(_IMMEDIATE)
        conn.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")

    return engine


def upgrade(engine: Engine) -> None:
    """Bring the schema to the latest migration (safe to call at every start)."""
    script_location = str(resources.files("scorepad") / "migrations")
    config = Config()
    config.set_main_option("script_location", script_location)
    with engine.connect() as connection:
        # On SQLite, BEGIN IMMEDIATE: two processes starting at once migrate one after the other.
        config.attributes["connection"] = connection.execution_options(**{_IMMEDIATE: True})
        command.upgrade(config, "head")


def init_app(app: Flask) -> None:
    """Create the engine from ``DATABASE_URL``, migrate, and close sessions after requests."""
    url = app.config["DATABASE_URL"]
    engine = make_engine(url, create_folder=url == default_database_url())
    app.extensions["atout_engine"] = engine
    app.extensions["atout_poll_engine"] = poll_engine(engine)
    upgrade(engine)
    app.teardown_appcontext(_close_session)


def get_engine() -> Engine:
    engine: Engine = current_app.extensions["atout_engine"]
    return engine


def poll_engine(engine: Engine) -> Engine:
    """The engine of the one-statement reads a room of phones repeats (a game's or an event's
    version, :func:`scorepad.games.version_of`): on PostgreSQL the same database with its own
    pool, in autocommit, its connections given back without a ``ROLLBACK``, so a poll is the
    pool's ping and the read, two round trips instead of four (``BEGIN``, ping, read,
    ``ROLLBACK``): 0.34 ms instead of 0.96 on a local server. Elsewhere ``engine`` itself."""
    if engine.dialect.name != "postgresql":
        return engine
    polls = create_engine(
        engine.url,
        isolation_level="AUTOCOMMIT",
        pool_reset_on_return=None,
        pool_pre_ping=True,
        hide_parameters=engine.hide_parameters,
        pool_size=POOL,
        max_overflow=0,
    )
    # disposing of the app's engine closes this one's connections too
    event.listen(engine, "engine_disposed", lambda _engine: polls.dispose())
    return polls


def get_poll_engine() -> Engine:
    """This app's :func:`poll_engine`."""
    engine: Engine = current_app.extensions["atout_poll_engine"]
    return engine


#: a positional parameter in each DB-API parameter style a poll's read is sent to the driver in
_POSITIONAL = {"qmark": "?", "format": "%s", "pyformat": "%s", "numeric": ":1"}


def positional(sql: str) -> dict[str, str]:
    """``sql``, its one parameter written ``?``, in each positional DB-API parameter style (made
    once, when a module is imported, for :func:`polled_scalar`).

    >>> positional("SELECT version FROM event WHERE public_id = ?")["format"]
    'SELECT version FROM event WHERE public_id = %s'
    """
    return {style: sql.replace("?", mark) for style, mark in _POSITIONAL.items()}


def polled_scalar(engine: Engine, sql: Mapping[str, str], portable: Executable, value: str) -> Any:
    """The first column of the first row (None: no row) of a one-statement read a room of phones
    repeats (a game's or an event's version by its public id, ``value``). It goes straight to
    the driver: ``sql[paramstyle]`` (:func:`positional`) on a pooled connection, no ORM and no
    statement compilation; a driver with a named style only runs ``portable`` (its parameter
    ``value``) the portable way."""
    text = sql.get(engine.dialect.paramstyle)
    if text is None:
        with engine.connect() as conn:
            return conn.execute(portable, {"value": value}).scalar()
    connection = engine.raw_connection()
    try:
        cursor = connection.cursor()
        cursor.execute(text, (value,))
        row = cursor.fetchone()
        cursor.close()
    finally:
        connection.close()  # back to the pool, which ends any transaction
    return row[0] if row else None


def get_session() -> Session:
    """The request's read session, opened on first use.

    On PostgreSQL it reads in one ``REPEATABLE READ`` snapshot: a game row and its deals are
    read as of one moment, so a page never shows a version with the deals of another (under
    READ COMMITTED, a write committed between the two statements would show).
    """
    if "db_session" not in g:
        engine = get_engine()
        if engine.dialect.name == "postgresql":
            engine = engine.execution_options(isolation_level="REPEATABLE READ")
        g.db_session = Session(engine, expire_on_commit=False)
    session: Session = g.db_session
    return session


def _close_session(_exc: BaseException | None = None) -> None:
    session = g.pop("db_session", None)
    if session is not None:
        session.close()


@contextlib.contextmanager
def write_session(engine: Engine | None = None) -> Iterator[Session]:
    """One write transaction (``BEGIN IMMEDIATE`` on SQLite), committed unless it raises."""
    engine = engine or get_engine()
    if has_app_context():
        # End the request's read transaction first: a write never waits on its own reader
        # (and an in-memory database has a single connection).
        reader = g.get("db_session")
        if reader is not None:
            reader.close()
    with Session(engine, expire_on_commit=False) as session:
        session.connection(execution_options={_IMMEDIATE: True})
        try:
            yield session
            session.commit()
        except BaseException:
            session.rollback()
            raise
    _run_after_commit(engine, session.info.pop(_AFTER_COMMIT, []))


def after_commit(session: Session, statement: Executable) -> None:
    """Have ``statement`` (an ``UPDATE``) run on its own once the write of ``session``
    (:func:`write_session`) is committed, on PostgreSQL in autocommit: the row it changes is
    locked only while the database runs it.

    For a row many writes change, an event's version that every deal at its hundred tables
    raises: inside a deal's transaction its lock was held until the deal committed, across the
    round trips of the commit and the wait of the deal's worker to send it (a gevent worker
    answering hundreds of phones lets a request run again only when its turn comes), and the
    other tables' deals waited on that lock, each holding a pooled connection the pages and
    the polls' fragments then waited for (``benchmarks/club_bench.py``: a round's end, every
    table recording within 15 s). Alone, a reader may see the written rows a moment before the
    counter moves, never the counter before the rows; a failure there (the database gone
    between the two) is logged, the write stays committed."""
    session.info.setdefault(_AFTER_COMMIT, []).append(statement)


def _run_after_commit(engine: Engine, statements: list[Executable]) -> None:
    if not statements:
        return
    try:
        if engine.dialect.name == "postgresql":
            with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
                for statement in statements:
                    conn.execute(statement)
        else:  # SQLite: one writer at a time anyway
            with engine.begin() as conn:
                for statement in statements:
                    conn.execute(statement)
    except SQLAlchemyError as exc:
        log.warning("a committed write's follow-up failed: %s", type(exc).__name__)
