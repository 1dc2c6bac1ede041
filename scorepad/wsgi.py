"""The scorepad as a WSGI application for a server of several worker processes (gunicorn).

``atout serve --workers 4`` runs it for you (:func:`scorepad.cli.gunicorn_command`); by hand::

    DATABASE_URL=postgresql://atout:secret@db/atout \\
        gunicorn --workers 4 --worker-class gevent --bind 0.0.0.0:8000 \\
        --logger-class scorepad.gunicorn_log.AccessLog --access-logfile - scorepad.wsgi:app

It reads its settings from the environment: ``DATABASE_URL``, ``ATOUT_PUBLIC_URL``,
``ATOUT_TRUSTED_HOSTS``, ``ATOUT_PROXIES``, ``ATOUT_LOG_LANGUAGE`` (as :func:`scorepad.create_app`
does) and
``ATOUT_BIND_HOST``, the address the server listens on (shared links never point to one it does
not answer on). Each worker imports it after gevent patched the standard library (no
``--preload``), builds its own engine and migrates (a no-op once the first has: on PostgreSQL
they wait on a lock, on SQLite on the write lock). With ``--preload`` (another worker class),
every worker forked from the master starts with a connection pool of its own
(``Engine.dispose(close=False)`` after the fork, as SQLAlchemy asks), so no two processes share
a database connection. Nothing else lives in process memory: any worker answers any request.
Several workers need PostgreSQL (SQLite serialises every write).
"""

from __future__ import annotations

import os

from scorepad import bind_app, build_app

__all__ = ["app"]

app = build_app()
bind_app(app, os.environ.get("ATOUT_BIND_HOST") or "0.0.0.0")


def _new_pool_after_fork() -> None:
    app.extensions["atout_engine"].dispose(close=False)


os.register_at_fork(after_in_child=_new_pool_after_fork)
