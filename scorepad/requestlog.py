"""What the server's log may say of a request: its route, never its path or query.

Capabilities travel in URLs: an edit token in ``?t=``, a play table's key in ``/play/<key>``,
and the edit link in a later request's ``Referer``. A log line therefore names the request by
the route it matched (``GET /play/<key>/move``), kept in the WSGI environ under :data:`ROUTE`
for the server's access log (:mod:`scorepad.gunicorn_log`) and for the app's own error lines; a
request that matched no route is logged as :data:`NO_ROUTE`. Where a server writes a raw
request line itself (gunicorn's "Invalid request" warning quotes it), :func:`redacted` blanks
its query and anything shaped like a capability.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask import Flask, request

__all__ = ["NO_ROUTE", "ROUTE", "init_app", "redacted", "route_of"]

#: the WSGI environ key holding the route a request matched
ROUTE = "atout.route"
#: how a request that matched no route is logged
NO_ROUTE = "(no route)"


def route_of(environ: Mapping[str, Any]) -> str:
    """The route a request matched, as a log line may show it.

    >>> route_of({ROUTE: "/play/<key>"}), route_of({"PATH_INFO": "/play/secret"})
    ('/play/<key>', '(no route)')
    """
    return environ.get(ROUTE) or NO_ROUTE


#: a query string, up to the next space or quote
_QUERY = re.compile(r"\?[^\s'\"]*")
#: 24 URL-safe characters or more: an edit token or a play key (``secrets.token_urlsafe(24)``
#: gives 32); public game ids (12) and words stay
_CAPABILITY = re.compile(r"[A-Za-z0-9_-]{24,}")


def redacted(text: str) -> str:
    """``text`` without query strings or capability-shaped words.

    >>> redacted("Invalid request line: 'GET /play/" + "k" * 32 + "/move?t=abc HTTP/1.1'")
    "Invalid request line: 'GET /play/…/move?… HTTP/1.1'"
    """
    return _CAPABILITY.sub("…", _QUERY.sub("?…", text))


def _remember_route() -> None:
    if request.url_rule is not None:
        request.environ[ROUTE] = request.url_rule.rule


def init_app(app: Flask) -> None:
    # first of the before-request functions: one that refuses the request still leaves its route
    app.before_request_funcs.setdefault(None, []).insert(0, _remember_route)
