"""The scorepad: a Flask + htmx web app that keeps the score of a real card table.

:func:`create_app` is the application factory (configuration, database and migrations,
blueprints ``pages``, ``live``, ``api`` and ``play``); :func:`serve` runs it on waitress, a
multi-threaded WSGI server, as ``atout serve`` does. Configuration keys:

``DATABASE_URL``
    any SQLAlchemy URL (``postgres://`` is rewritten for psycopg); default: the environment's
    ``DATABASE_URL``, else a SQLite file in ``$XDG_DATA_HOME/atout/``.
``PUBLIC_URL``
    the base URL phones use to reach this server (QR codes, shared links); default: the
    environment's ``ATOUT_PUBLIC_URL``, else found from the request (see :mod:`scorepad.share`).
``TRUSTED_HOSTS``
    the only ``Host`` values a request may carry (others get 400, so no shared link points to a
    stranger's host); default: this machine's names and addresses, the public URL's host and
    the comma-separated names of ``ATOUT_TRUSTED_HOSTS`` (:func:`scorepad.share.trusted_hosts`).
``PROXIES``
    the addresses or networks of the reverse proxies in front of the app, comma-separated
    (default: ``ATOUT_PROXIES``, else none): ``X-Forwarded-For/-Proto/-Host`` are believed
    from them only (:mod:`scorepad.proxies`); the forwarded host must still be trusted.
``SECRET_KEY``
    signs the session cookie; default: a random key created once and kept in the database, so
    every worker and every restart share it.
``POLL_SECONDS``
    how often the live page asks for changes (2).
``FRAGMENT_SECONDS``
    how long a changed poll's fragment (a live sheet, an event's wall), rendered once for all
    the phones polling it, serves them before a newer version is rendered (1; 0: render each
    new version at once), :mod:`scorepad.views.fragments`.
``BIND_HOST``
    the address the server listens on (set by :func:`serve_app`); shared links never point
    to an address the server does not answer on.
``GAMES_PER_MINUTE``
    the most games one client address may create in a minute, score sheets and play tables
    together, on the forms and the API (default: ``ATOUT_GAMES_PER_MINUTE``, else 10; 0: no
    limit); past it, 429 with ``Retry-After``. The address is the one ``PROXIES`` believes;
    requests from this machine itself (loopback) are not limited, unless they carry forwarded
    headers from a proxy ``PROXIES`` does not list (then they all share one budget).
``PURGE_EMPTY_DAYS``, ``PURGE_AFTER_DAYS``, ``PURGE_EVERY_SECONDS``
    abandoned games are removed (:mod:`scorepad.upkeep`): a score sheet with no deal untouched
    for ``PURGE_EMPTY_DAYS`` (``ATOUT_PURGE_EMPTY_DAYS``, else 1), any game untouched for
    ``PURGE_AFTER_DAYS`` (``ATOUT_PURGE_AFTER_DAYS``, else 365); 0 turns a rule off. Checked
    at start and then every ``PURGE_EVERY_SECONDS`` (3600).
``LOG_LANGUAGE``
    the language of the server's own lines (where to open it, its QR code, a purge): the
    language of ``atout serve`` (``--lang``, else the environment), which gives it to its
    gunicorn workers as ``ATOUT_LOG_LANGUAGE``; default: ``ATOUT_LOG_LANGUAGE``, else English.
"""

from __future__ import annotations

import logging
import os
import secrets
import sys
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

from flask import Flask
from sqlalchemy import Engine, select
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col

from scorepad.i18n import DOMAIN, log_words
from scorepad.proxies import TrustedProxies, proxy_networks

__all__ = ["announce", "bind_app", "build_app", "create_app", "serve", "serve_app"]

log = logging.getLogger("scorepad")
_ = DOMAIN.message


def _secret_key(engine: Engine) -> str:
    """The session key kept in the database (created by the first process that needs it)."""
    from scorepad.db import write_session
    from scorepad.models import Setting

    with Session(engine) as session:
        found = session.scalars(select(Setting).where(col(Setting.key) == "secret_key")).first()
        if found is not None:
            return found.value
    try:
        with write_session(engine) as session:
            session.add(Setting(key="secret_key", value=secrets.token_urlsafe(48)))
    except IntegrityError:
        pass  # another worker created it first
    with Session(engine) as session:
        return session.scalars(
            select(col(Setting.value)).where(col(Setting.key) == "secret_key")
        ).one()


#: the purge rules (:mod:`scorepad.upkeep`): environment variable and default days, as
#: :func:`create_app`, ``atout serve`` and ``atout purge`` read them
PURGE_AFTER = ("ATOUT_PURGE_AFTER_DAYS", 365)
PURGE_EMPTY = ("ATOUT_PURGE_EMPTY_DAYS", 1)


def env_number(name: str, default: float) -> float:
    """A number from the environment, or a clear error naming the variable."""
    raw = (os.environ.get(name) or "").strip()
    if not raw:
        return default
    try:
        value = float(raw)
    except ValueError:
        raise ValueError(f"{name} must be a number, not {raw!r}") from None
    if not value >= 0 or value == float("inf"):
        raise ValueError(f"{name} must be 0 or more, not {raw!r}")
    return value


def create_app(test_config: Mapping[str, Any] | None = None) -> Flask:
    """Create the scorepad application.

    :param test_config: configuration that overrides the defaults and the environment.
    """
    from scorepad import db, devices, inputs, requestlog, upkeep
    from scorepad.share import trusted_hosts
    from scorepad.views import api, errors, event_api, events, live, pages, play

    app = Flask(__name__)
    app.config.from_mapping(
        DATABASE_URL=os.environ.get("DATABASE_URL") or db.default_database_url(),
        PUBLIC_URL=os.environ.get("ATOUT_PUBLIC_URL") or None,
        POLL_SECONDS=2,
        FRAGMENT_SECONDS=1.0,
        SESSION_COOKIE_HTTPONLY=True,
        SESSION_COOKIE_SAMESITE="Lax",
        PERMANENT_SESSION_LIFETIME=400 * 24 * 3600,
        MAX_CONTENT_LENGTH=256 * 1024,
        SEND_FILE_MAX_AGE_DEFAULT=3600,
        GAMES_PER_MINUTE=int(env_number("ATOUT_GAMES_PER_MINUTE", 10)),
        PURGE_EMPTY_DAYS=env_number(*PURGE_EMPTY),
        PURGE_AFTER_DAYS=env_number(*PURGE_AFTER),
        PURGE_EVERY_SECONDS=3600,
        LOG_LANGUAGE=os.environ.get("ATOUT_LOG_LANGUAGE") or "en",
    )
    if test_config:
        app.config.update(test_config)
    if str(app.config.get("PUBLIC_URL") or "").startswith("https://"):
        app.config["SESSION_COOKIE_SECURE"] = True  # served over HTTPS: cookies never in clear
    if app.config.get("TRUSTED_HOSTS") is None:
        extra = (os.environ.get("ATOUT_TRUSTED_HOSTS") or "").split(",")
        app.config["TRUSTED_HOSTS"] = trusted_hosts(app.config.get("PUBLIC_URL"), extra)
    listed = app.config.get("PROXIES")
    proxies = proxy_networks(listed if listed is not None else os.environ.get("ATOUT_PROXIES"))
    app.wsgi_app = TrustedProxies(app.wsgi_app, proxies)  # type: ignore[method-assign]
    db.init_app(app)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = _secret_key(app.extensions["atout_engine"])
    requestlog.init_app(app)
    inputs.init_app(app)
    devices.init_app(app)
    app.register_blueprint(pages.bp)
    app.register_blueprint(live.bp)
    app.register_blueprint(api.bp)
    app.register_blueprint(event_api.bp)
    app.register_blueprint(play.bp)
    app.register_blueprint(events.bp)
    errors.init_app(app)
    pages.init_app(app)
    upkeep.init_app(app)
    return app


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db_url: str | None = None,
    public_url: str | None = None,
    threads: int = 8,
    connection_limit: int = 1000,
    trusted: Sequence[str] = (),
) -> None:
    """Run the scorepad on waitress until interrupted (what ``atout serve`` calls).

    :param db_url: the database URL (default: see :func:`create_app`).
    :param public_url: the base URL phones use to reach this server.
    :param threads: waitress worker threads.
    :param connection_limit: open connections accepted at once (each spectator's phone keeps
        one open between polls).
    :param trusted: more host names the server is reached by (``--trusted-host``).
    """
    serve_app(build_app(db_url, public_url, trusted), host, port, threads, connection_limit)


def build_app(
    db_url: str | None = None,
    public_url: str | None = None,
    trusted: Sequence[str] = (),
    settings: Mapping[str, Any] | None = None,
) -> Flask:
    """The app as ``atout serve`` runs it (database migrated).

    :param trusted: host names to trust besides the default ones (see ``TRUSTED_HOSTS``).
    :param settings: more configuration keys (``PURGE_AFTER_DAYS``...).
    """
    from scorepad.share import trusted_hosts

    config: dict[str, Any] = dict(settings or {})
    if db_url:
        config["DATABASE_URL"] = db_url
    if public_url:
        config["PUBLIC_URL"] = public_url
    extra = [*(os.environ.get("ATOUT_TRUSTED_HOSTS") or "").split(","), *trusted]
    config["TRUSTED_HOSTS"] = trusted_hosts(public_url or os.environ.get("ATOUT_PUBLIC_URL"), extra)
    return create_app(config)


def _where_to_open(host: str, port: int, public_url: str | None) -> str:
    """The line that tells a person which address to open, on this machine and on a phone.

    >>> str(_where_to_open("127.0.0.1", 8000, None))
    'open http://127.0.0.1:8000 on this machine (only this machine can connect: --host 0.0.0.0 lets phones in)'
    >>> str(_where_to_open("0.0.0.0", 8000, "https://cards.example.org"))
    'open https://cards.example.org on the phones at the table'
    """  # noqa: E501
    from scorepad.share import is_loopback, lan_address

    if public_url:
        return _("open {url} on the phones at the table", url=public_url)
    here = f"http://127.0.0.1:{port}"
    if is_loopback(host) and host not in ("0.0.0.0", "::"):
        return _(
            "open {url} on this machine (only this machine can connect: --host 0.0.0.0 "
            "lets phones in)",
            url=here,
        )
    lan = lan_address() if host in ("0.0.0.0", "::") else host
    if lan:
        phones = f"http://{lan}:{port}"
        return _("open {url} on the phones at the table", url=phones)
    return _("open {url} on this machine (no network address found for phones)", url=here)


def show_qr(
    host: str,
    port: int,
    public_url: str | None,
    out: TextIO | None = None,
    say: Callable[[object], str] = str,
) -> None:
    """Print a QR code of the address phones open, so the first phone joins by scanning the
    laptop's screen (nothing when only this machine can connect); its line said by ``say``."""
    from scorepad.share import phone_url, qr_text

    url = phone_url(host, port, public_url)
    if url is None:
        return
    stream = out or sys.stdout
    stream.write("\n" + say(_("Scan with a phone on the same Wi-Fi to open {url}", url=url)) + "\n")
    stream.write(qr_text(url))
    stream.flush()


def announce(app: Flask, host: str, port: int) -> None:
    """Say where the server listens and which address to open (a log line each), and show the
    phones' QR code: what ``atout serve`` prints at start, on waitress or gunicorn, in the
    app's ``LOG_LANGUAGE``."""

    def say(text: object) -> str:
        return log_words(app, text)

    where = f"http://{host}:{port}"
    log.info(
        "%s",
        say(
            _(
                "scorepad on {url} (database {database})",
                url=where,
                database=_safe_url(app.config["DATABASE_URL"]),
            )
        ),
    )
    log.info("%s", say(_where_to_open(host, port, app.config.get("PUBLIC_URL"))))
    show_qr(host, port, app.config.get("PUBLIC_URL"), say=say)


def bind_app(app: Flask, host: str) -> None:
    """Tell ``app`` the address its server listens on: shared links must use an address phones
    can reach, and a request for that address is trusted."""
    app.config["BIND_HOST"] = host
    hosts = app.config.get("TRUSTED_HOSTS")
    bound = host.strip("[]").lower()
    if hosts is not None and bound not in hosts and bound not in ("0.0.0.0", "::"):
        hosts.append(bound)


def serve_app(
    app: Flask, host: str, port: int, threads: int = 8, connection_limit: int = 1000
) -> None:
    """Serve ``app`` on waitress (a multi-threaded WSGI server) until interrupted."""
    bind_app(app, host)
    announce(app, host, port)
    _waitress_server(app, host, port, threads, connection_limit).run()


def _waitress_server(
    app: Flask, host: str, port: int, threads: int = 8, connection_limit: int = 1000
) -> Any:
    """The waitress server of ``atout serve``, listening, not yet running.

    Waitress answers a request it cannot read (a malformed request line, a header too large, a
    bad Content-Length: 400, 431, 413...) itself, without the app: its answers get the app's
    security headers (:data:`scorepad.security.SECURITY_HEADERS`) from our error task.
    """
    from waitress.channel import HTTPChannel
    from waitress.server import BaseWSGIServer, create_server
    from waitress.task import ErrorTask

    from scorepad.security import SECURITY_HEADERS

    class SecuredErrorTask(ErrorTask):  # type: ignore[misc]  # (waitress ships no types)
        def build_response_header(self) -> bytes:
            self.response_headers.extend(SECURITY_HEADERS)
            header: bytes = super().build_response_header()
            return header

    class SecuredChannel(HTTPChannel):  # type: ignore[misc]  # (waitress ships no types)
        error_task_class = SecuredErrorTask

    sockets: dict[int, Any] = {}  # what waitress listens to, its listening servers among them
    # poll() rather than select(): more than 1024 open connections must not break the loop
    server = create_server(
        app,
        sockets,
        host=host,
        port=port,
        threads=threads,
        ident="atout",
        connection_limit=connection_limit,
        asyncore_use_poll=True,
    )
    # one listening server per address (a name can resolve to several)
    for listener in list(sockets.values()):
        if isinstance(listener, BaseWSGIServer):
            listener.channel_class = SecuredChannel
    return server


def _safe_url(url: str) -> str:
    """A database URL without its password, for logs."""
    from sqlalchemy.engine import make_url

    from scorepad.db import normalize_url

    try:
        return make_url(normalize_url(url)).render_as_string(hide_password=True)
    except Exception:
        return _("(unparsable URL)")
