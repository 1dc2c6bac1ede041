"""``atout serve``: the click command that runs the scorepad; ``atout purge``, which removes
abandoned games; and ``atout backfill``, which scores the games an earlier version stored
without their scores (all attached to the ``atout`` group by ``framework.app.cli`` through the
``atout.commands`` entry points; ``serve`` also as ``python -m scorepad``)."""

from __future__ import annotations

import ipaddress
import logging
import os
import re
import socket
import threading
from collections.abc import Callable
from typing import IO, Any, TypeVar
from urllib.parse import urlsplit

import click
from flask import Flask

from framework.app.cli_params import help_text, os_reason, whole_number_option
from framework.app.language import command_language, say
from framework.core.messages import message_of
from scorepad import PURGE_AFTER, PURGE_EMPTY
from scorepad.i18n import DOMAIN

__all__ = ["backfill_command", "purge_command", "serve_command"]

_ = DOMAIN.message
_n = DOMAIN.plural


class ServeError(click.ClickException):
    """A bad argument of ``atout serve``: one line on stderr naming it, exit status 2 (said in
    the command's language by ``framework.app.cli.main``: its message is a scorepad message)."""

    exit_code = 2

    def show(self, file: IO[Any] | None = None) -> None:
        click.echo(f"atout: {say(self.message)}", err=True)


def _fail(ctx: click.Context, option: str, message: str) -> None:
    raise ServeError(
        _("{command}: {option}: {reason}", command="serve", option=option, reason=message)
    )


_F = TypeVar("_F", bound=Callable[..., Any])
_T = TypeVar("_T")


def _purge_options(after: str, empty_after: str) -> Callable[[_F], _F]:
    """The two purge options, named ``after`` and ``empty_after`` (serve's flags are
    ``--purge-after`` and ``--purge-empty-after``, purge's ``--after`` and ``--empty-after``)."""
    days = (0, 100000)
    by_age = whole_number_option(
        after,
        "after",
        bounds=days,
        metavar="DAYS",
        help=_(
            "Remove games untouched for this many days "
            "(default: ${variable}, else {days}; 0: never).",
            variable=PURGE_AFTER[0],
            days=PURGE_AFTER[1],
        ),
    )
    empty = whole_number_option(
        empty_after,
        "empty_after",
        bounds=days,
        metavar="DAYS",
        help=_(
            "Remove games with no deal untouched for this many "
            "days (default: ${variable}, else {days}; 0: never).",
            variable=PURGE_EMPTY[0],
            days=PURGE_EMPTY[1],
        ),
    )

    def add(command: _F) -> _F:
        return by_age(empty(command))

    return add


#: a DNS name or an IPv4 address (letters, digits, dots, hyphens)
_HOST_NAME = re.compile(
    r"(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?"
    r"(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\.?"
)


#: how long ``--host``'s name may take to resolve: a name of this machine or of the local network
#: answers at once; a machine whose resolver does not answer (no network) waits for it several
#: seconds per try before saying anything
RESOLVE_SECONDS = 2.0


def _resolves(host: str, port: int) -> bool:
    """Whether ``host`` resolves within :data:`RESOLVE_SECONDS` (asked on a thread of its own:
    ``getaddrinfo`` has no timeout; the thread is left to finish, it holds nothing)."""
    answer: list[bool] = []

    def ask() -> None:
        try:
            socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
            answer.append(True)
        except (OSError, UnicodeError):
            answer.append(False)

    asking = threading.Thread(target=ask, name="resolve --host", daemon=True)
    asking.start()
    asking.join(RESOLVE_SECONDS)
    return answer == [True]


def _check_host(ctx: click.Context, host: str, port: int) -> None:
    """``--host`` must be an address of this machine or a name that resolves to one; checked
    before anything is printed, so a bad one never shows a phone address."""
    try:
        ipaddress.ip_address(host.strip("[]"))
    except ValueError:
        if not _HOST_NAME.fullmatch(host) or host.replace(".", "").isdigit():
            _fail(ctx, "--host", _("{host} is not an IP address or a host name", host=repr(host)))
        if not _resolves(host, port):
            _fail(
                ctx,
                "--host",
                _("{host} does not resolve to an address of this machine", host=repr(host)),
            )


def _check_public_url(ctx: click.Context, url: str) -> None:
    parts = urlsplit(url)
    try:
        parts.port  # noqa: B018 (it raises for a bad port)
    except ValueError:
        _fail(ctx, "--public-url", _("{url} has a bad port", url=repr(url)))
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or any(c.isspace() or not c.isprintable() for c in url)
    ):
        _fail(ctx, "--public-url", _("{url} is not an http:// or https:// URL", url=repr(url)))


@click.command(
    "serve",
    help=help_text(_("Run the scorepad, the web app that keeps the score of a real table.")),
)
@click.option(
    "--host",
    default="127.0.0.1",
    show_default=True,
    help=help_text(_("Address to listen on; 0.0.0.0 to let phones on the network connect.")),
)
@whole_number_option("--port", bounds=(0, 65535), default=8000, help=_("Port to listen on."))
@click.option(
    "--db",
    "db_url",
    default=None,
    metavar="URL",
    help=help_text(
        _(
            "SQLAlchemy database URL (default: $DATABASE_URL, else a SQLite "
            "file in $XDG_DATA_HOME/atout/scorepad.sqlite3)."
        )
    ),
)
@click.option(
    "--public-url",
    default=None,
    metavar="URL",
    help=help_text(
        _(
            "Base URL phones use to reach this server, for QR codes and "
            "shared links (default: $ATOUT_PUBLIC_URL, else found from the "
            "request or the LAN address)."
        )
    ),
)
@whole_number_option(
    "--threads", bounds=(1, 256), default=8, help=_("Worker threads of the WSGI server.")
)
@whole_number_option(
    "--connection-limit",
    bounds=(10, 100000),
    default=1000,
    help=_("Open connections accepted at once (one per phone watching the live page)."),
)
@click.option(
    "--trusted-host",
    "trusted",
    multiple=True,
    metavar="NAME",
    help=help_text(
        _(
            "Another host name this server is reached by, e.g. pc.lan "
            "(repeatable; also $ATOUT_TRUSTED_HOSTS, comma-separated). "
            "Requests for any host that is not this machine's, the public "
            "URL's or one of these are refused."
        )
    ),
)
@_purge_options("--purge-after", "--purge-empty-after")
@whole_number_option(
    "--workers",
    bounds=(1, 64),
    default=1,
    help=_(
        "Worker processes: more than 1 runs gunicorn (pip install "
        "'atout[server]'), for PostgreSQL; 1 runs waitress in this "
        "process."
    ),
)
@click.pass_context
def serve_command(
    ctx: click.Context,
    host: str,
    port: int,
    db_url: str | None,
    public_url: str | None,
    threads: int,
    connection_limit: int,
    trusted: tuple[str, ...],
    after: int | None,
    empty_after: int | None,
    workers: int,
) -> None:
    from sqlalchemy.exc import SQLAlchemyError

    from scorepad import build_app, serve_app

    _check_host(ctx, host, port)
    if public_url:
        _check_public_url(ctx, public_url)
    for name in trusted:
        if not _HOST_NAME.fullmatch(name.strip()):
            _fail(ctx, "--trusted-host", _("{name} is not a host name", name=repr(name)))
    # before logging is set up: the import of scorepad.db logs alembic's setup (INFO lines
    # that stay out of the terminal this way)
    url = _database_url(db_url)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    try:
        app = build_app(
            url,
            public_url,
            trusted,
            {**_purge_settings(after, empty_after), "LOG_LANGUAGE": command_language()},
        )
    except (SQLAlchemyError, ImportError, ValueError, OSError) as exc:
        _fail(ctx, "--db", _cannot_use(exc))
        return
    if workers > 1:
        app.extensions["atout_engine"].dispose()  # migrated; gunicorn builds its own
        purge = {PURGE_AFTER[0]: after, PURGE_EMPTY[0]: empty_after}
        _exec_gunicorn(
            ctx,
            app,
            host,
            port,
            url,
            public_url,
            trusted,
            workers,
            connection_limit,
            {k: str(v) for k, v in purge.items() if v is not None},
        )
        return
    try:
        serve_app(app, host, port, threads, connection_limit)
    except OSError as exc:
        address = f"{host}:{port}"
        _fail(
            ctx,
            "--host/--port",
            _("cannot listen on {address}: {error}", address=address, error=os_reason(exc)),
        )
    except KeyboardInterrupt:
        pass


def _database_url(db_url: str | None) -> str:
    """The database of ``serve`` and ``purge``: ``--db``, else ``$DATABASE_URL``, else the
    default SQLite file."""
    from scorepad.db import default_database_url

    return db_url or os.environ.get("DATABASE_URL") or default_database_url()


def _cannot_use(exc: Exception) -> str:
    """Why the database was refused, for the ``--db`` error line: the error's message, else the
    first line of its text, else its kind."""
    first = message_of(exc) or (str(exc).splitlines()[0] if str(exc) else type(exc).__name__)
    return _("cannot use this database: {error}", error=first)


def _purge_settings(after: int | None, empty_after: int | None) -> dict[str, float]:
    settings: dict[str, float] = {}
    if after is not None:
        settings["PURGE_AFTER_DAYS"] = after
    if empty_after is not None:
        settings["PURGE_EMPTY_DAYS"] = empty_after
    return settings


#: ``--db`` of ``purge`` and ``backfill``
_db_option = click.option(
    "--db",
    "db_url",
    default=None,
    metavar="URL",
    help=help_text(
        _(
            "SQLAlchemy database URL (default: $DATABASE_URL, else the "
            "default SQLite file of atout serve)."
        )
    ),
)


def _on_database(command: str, db_url: str | None, work: Callable[[Any], _T]) -> _T:
    """Open the database of ``--db`` (migrated to the latest schema) and do ``work`` with its
    engine; a database that cannot be used is one line naming ``--db``."""
    from sqlalchemy.exc import SQLAlchemyError

    from scorepad.db import DatabaseURLError, default_database_url, make_engine, upgrade

    url = _database_url(db_url)
    try:
        engine = make_engine(url, create_folder=url == default_database_url())
        try:
            upgrade(engine)
            return work(engine)
        finally:
            engine.dispose()
    except (DatabaseURLError, SQLAlchemyError, OSError) as exc:
        raise ServeError(
            _(
                "{command}: {option}: {reason}",
                command=command,
                option="--db",
                reason=_cannot_use(exc),
            )
        ) from None


@click.command(
    "purge",
    help=help_text(
        _(
            "Remove abandoned games from the scorepad's database (atout serve also does it at "
            "start and every hour)."
        )
    ),
)
@_db_option
@_purge_options("--after", "--empty-after")
def purge_command(db_url: str | None, after: int | None, empty_after: int | None) -> None:
    from scorepad import env_number, games
    from scorepad.upkeep import purged_words

    try:
        days = after if after is not None else env_number(*PURGE_AFTER)
        empty = empty_after if empty_after is not None else env_number(*PURGE_EMPTY)
    except ValueError as exc:
        raise ServeError(_("{command}: {reason}", command="purge", reason=str(exc))) from None
    purged = _on_database("purge", db_url, lambda engine: games.purge(engine, empty, days))
    click.echo(say(purged_words(purged)))


@click.command(
    "backfill",
    help=help_text(
        _(
            "Score the games an earlier version of atout stored without their scores (once, "
            "after an upgrade: the scorepad shows such a game only once it is scored)."
        )
    ),
)
@_db_option
def backfill_command(db_url: str | None) -> None:
    from scorepad import games

    done = _on_database("backfill", db_url, games.backfill)
    for item in done:
        if item.problem is not None:
            click.echo(
                say(
                    _(
                        "backfill: game {game} is left unscored: {problem}",
                        game=item.public_id,
                        problem=item.problem,
                    )
                ),
                err=True,
            )
    scored = [item for item in done if item.problem is None]
    click.echo(
        say(
            _n(
                "scored {n} game ({deals} deals)",
                "scored {n} games ({deals} deals)",
                n=len(scored),
                deals=sum(item.deals for item in scored),
            )
        )
    )
    if len(scored) < len(done):
        raise SystemExit(1)


#: the catalog the ``atout`` group renders these commands' words with
serve_command.translations = [DOMAIN]  # type: ignore[attr-defined]
purge_command.translations = [DOMAIN]  # type: ignore[attr-defined]
backfill_command.translations = [DOMAIN]  # type: ignore[attr-defined]


def gunicorn_command(host: str, port: int, workers: int, connections: int) -> list[str]:
    """The gunicorn command line ``atout serve --workers N`` runs (:mod:`scorepad.wsgi`).

    gevent workers (``pip install 'atout[server]'``): each holds ``connections`` open
    connections at once, so slow clients and phones polling the live page wait without taking
    a thread each (gunicorn's sync and gthread workers stop answering once their threads are
    all held). No ``--preload``: gevent patches the standard library when a worker starts,
    before the app is imported there (``atout serve`` has migrated the database before).
    Access lines name the route, never the path or query (:mod:`scorepad.gunicorn_log`); no
    control socket (gunicorn would leave one in ``~/.gunicorn``); gunicorn's own error answers
    carry the security headers (:mod:`scorepad.gunicorn_conf`).

    >>> gunicorn_command("0.0.0.0", 8000, 4, 1000)[2:]  # doctest: +NORMALIZE_WHITESPACE
    ['gunicorn', '--workers', '4', '--worker-class', 'gevent', '--worker-connections', '1000',
     '--bind', '0.0.0.0:8000', '--logger-class', 'scorepad.gunicorn_log.AccessLog',
     '--access-logfile', '-', '--no-control-socket', '--config',
     'python:scorepad.gunicorn_conf', 'scorepad.wsgi:app']
    """
    import sys

    where = f"[{host}]:{port}" if ":" in host else f"{host}:{port}"
    return [
        sys.executable,
        "-m",
        "gunicorn",
        "--workers",
        str(workers),
        "--worker-class",
        "gevent",
        "--worker-connections",
        str(connections),
        "--bind",
        where,
        "--logger-class",
        "scorepad.gunicorn_log.AccessLog",
        "--access-logfile",
        "-",
        "--no-control-socket",
        "--config",
        "python:scorepad.gunicorn_conf",
        "scorepad.wsgi:app",
    ]


def _exec_gunicorn(
    ctx: click.Context,
    app: Flask,
    host: str,
    port: int,
    url: str,
    public_url: str | None,
    trusted: tuple[str, ...],
    workers: int,
    connections: int,
    extra_env: dict[str, str],
) -> None:
    """Replace this process by gunicorn serving :mod:`scorepad.wsgi` with ``workers``
    processes (the settings go by the environment)."""
    import importlib.util

    from scorepad import announce

    if any(importlib.util.find_spec(needed) is None for needed in ("gunicorn", "gevent")):
        _fail(ctx, "--workers", _("several workers run on gunicorn: pip install 'atout[server]'"))
    if url.startswith("sqlite"):
        logging.getLogger("scorepad").warning(
            "%s",
            say(
                _n(
                    "{n} worker on SQLite: writes wait for each other; PostgreSQL is the database "
                    "for several workers",
                    "{n} workers on SQLite: writes wait for each other; "
                    "PostgreSQL is the database for several workers",
                    n=workers,
                )
            ),
        )
    env = dict(
        os.environ,
        DATABASE_URL=url,
        ATOUT_BIND_HOST=host,
        ATOUT_LOG_LANGUAGE=app.config["LOG_LANGUAGE"],
        **extra_env,
    )
    if public_url:
        env["ATOUT_PUBLIC_URL"] = public_url
    env["ATOUT_TRUSTED_HOSTS"] = ",".join(
        n for n in [*(os.environ.get("ATOUT_TRUSTED_HOSTS") or "").split(","), *trusted] if n
    )
    announce(app, host, port)
    command = gunicorn_command(host, port, workers, connections)
    os.execve(command[0], command, env)
