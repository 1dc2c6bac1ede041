"""Keeping the database bounded: abandoned games purged, at start and now and then.

A score sheet with no deal (but an event's table) is removed once untouched for
``PURGE_EMPTY_DAYS`` (default 1), and
any game (score sheet or play-table match) once untouched for ``PURGE_AFTER_DAYS`` (default
365); an event alike (none of its rounds started; untouched); 0 turns a rule off. The purge
runs when the app starts, then on the first request after every ``PURGE_EVERY_SECONDS``
(default 3600) in each worker process — a few indexed deletes, so a request pays for it at most
once an hour — and on demand with ``atout purge``.
"""

from __future__ import annotations

import logging
import threading
import time

from flask import Flask
from sqlalchemy.exc import SQLAlchemyError

from scorepad import games
from scorepad.i18n import DOMAIN, log_words

__all__ = ["init_app", "purge_now", "purged_words"]

log = logging.getLogger("scorepad")
_ = DOMAIN.message
_n = DOMAIN.plural


def purge_now(app: Flask) -> games.Purged | None:
    """Purge with the app's settings; None (and a log line) if the database refused."""
    config = app.config
    try:
        purged = games.purge(
            app.extensions["atout_engine"],
            float(config["PURGE_EMPTY_DAYS"]),
            float(config["PURGE_AFTER_DAYS"]),
        )
    except SQLAlchemyError as exc:
        log.warning(
            "%s",
            log_words(app, _("purge of abandoned games failed: {error}", error=type(exc).__name__)),
        )
        return None
    if purged.games or purged.play_games or purged.events:
        log.info("%s", log_words(app, purged_words(purged)))
    return purged


def purged_words(purged: games.Purged) -> str:
    """What a purge removed: "purged 2 score sheets and 0 play-table matches", and the events
    when there were any ("...; 1 event")."""
    words = _(
        "purged {sheets} and {tables}",
        sheets=_n("{n} score sheet", "{n} score sheets", n=purged.games),
        tables=_n("{n} play-table match", "{n} play-table matches", n=purged.play_games),
    )
    if not purged.events:
        return words
    return _(
        "{purged}; {events}",
        purged=words,
        events=_n("{n} event", "{n} events", n=purged.events),
    )


def init_app(app: Flask) -> None:
    """Purge now, then on the first request after each interval."""
    lock = threading.Lock()
    every = float(app.config["PURGE_EVERY_SECONDS"])
    due = [time.monotonic() + every]
    purge_now(app)

    @app.before_request
    def _purge_when_due() -> None:
        now = time.monotonic()
        if now < due[0] or not lock.acquire(blocking=False):
            return
        try:
            due[0] = now + every
            purge_now(app)
        finally:
            lock.release()
