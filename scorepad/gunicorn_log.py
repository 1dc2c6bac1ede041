"""gunicorn's access log without a capability: ``atout serve --workers N`` runs gunicorn with
``--logger-class scorepad.gunicorn_log.AccessLog``.

gunicorn's own logger writes the request line with its query string, the ``Referer`` and any
header or environ value its format names: an edit token (``?t=``), a play key (``/play/<key>``)
or an ``Authorization`` header would reach the log. This one gives the format only the route the
request matched (:mod:`scorepad.requestlog`) in place of the path (``%(U)s``) and the request
line (``%(r)s``), an empty query (``%(q)s``), no referer (``%(f)s``) and none of the header,
response-header or environ atoms (``%({name}i)s`` and the like give ``-``); the client address,
time, status, size, duration and user agent stay. gunicorn's own lines (its warning about an
invalid request quotes the request line) pass through :func:`scorepad.requestlog.redacted`.
"""

from __future__ import annotations

import logging
from typing import Any

from gunicorn.glogging import Logger

from scorepad.requestlog import redacted, route_of

__all__ = ["AccessLog"]

#: the atoms of gunicorn's format that carry nothing from the URL or the headers
_KEPT = ("h", "l", "t", "s", "m", "H", "b", "B", "a", "T", "D", "M", "L", "p")


class _Redact(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.msg, record.args = redacted(record.getMessage()), ()
        return True


class AccessLog(Logger):  # type: ignore[misc]  # (gunicorn ships no types)
    """gunicorn's logger, whose access lines name the route and never the path or query."""

    def setup(self, cfg: Any) -> None:
        super().setup(cfg)
        self.error_log.addFilter(_Redact())

    def atoms(
        self, resp: Any, req: Any, environ: dict[str, Any], request_time: Any
    ) -> dict[str, Any]:
        every = super().atoms(resp, req, environ, request_time)
        route = route_of(environ)
        kept = {name: every[name] for name in _KEPT if name in every}
        return {
            **kept,
            "u": "-",
            "r": f"{environ.get('REQUEST_METHOD', '-')} {route} {environ.get('SERVER_PROTOCOL')}",
            "U": route,
            "q": "",
            "f": "-",
        }
