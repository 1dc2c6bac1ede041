"""Error responses: JSON under ``/api/``, a friendly page elsewhere, never a traceback.

An unexpected exception is logged (path and method only, never a query string or a header, so no
edit token reaches the logs; every piece of untrusted text escaped by :func:`log_safe`, so a
``%0A`` in a path cannot forge a log line) and answered with a 500 page that says nothing about
the code. SQL parameters (token hashes, team names) are left out of database errors outside
debug (``hide_parameters``, see :mod:`scorepad.db`).

A request that waited the pool's whole timeout for a database connection (every connection of
the worker in use: a room's burst beyond what the server holds) is answered 503 with
``Retry-After``, not 500: it changed nothing and may be sent again, and a live page's next poll
does.
"""

from __future__ import annotations

import logging
import traceback
from typing import Any, NoReturn

from flask import Flask, Response, abort, jsonify, make_response, render_template, request
from flask.typing import ResponseReturnValue
from sqlalchemy.exc import TimeoutError as NoConnection
from werkzeug.exceptions import (
    HTTPException,
    InternalServerError,
    SecurityError,
    ServiceUnavailable,
)

from framework.core.messages import with_messages
from scorepad.i18n import DOMAIN
from scorepad.inputs import ApiError
from scorepad.requestlog import route_of
from scorepad.views.common import t

log = logging.getLogger("scorepad")


_ = DOMAIN.message
#: an error page's words, by HTTP status (rendered in the page's language)
_WORDS = {
    404: _("Page not found."),
    403: _("You need the edit link of this game to change it."),
    429: _("Too many requests."),
    400: _("This request could not be read."),
    405: _("This address does not take that kind of request."),
    413: _("What was sent is too large."),
}
_REFUSED = _("The request was refused.")
_BUSY = _("The server is busy. Please try again in a few seconds.")
#: seconds a client is asked to wait when no database connection was free (a live page polls
#: every 2 s: its next poll is the retry)
BUSY_RETRY_SECONDS = 2


def abort_page(code: int, message: str | None = None, **context: Any) -> NoReturn:
    """End the request with the error page for ``code`` saying ``message`` (a view's own words
    for it), else the status's words; ``live_url`` adds a link to the game's live page."""
    abort(
        Response(
            render_template(
                "errors/error.html",
                code=code,
                message=message or _WORDS.get(code, _REFUSED),
                **context,
            ),
            code,
        )
    )


def _wants_json() -> bool:
    return request.path.startswith("/api/")


UNTRUSTED_HOST = (
    "this server does not answer to that host name (an operator can add it: "
    "atout serve --trusted-host NAME)"
)


def _http_error(exc: HTTPException) -> Response:
    response = make_response(_http_error_body(exc))
    for name, value in exc.get_headers():  # Allow on a 405, Retry-After on a 429
        if name.lower() != "content-type":
            response.headers[name] = value
    return response


def _http_error_body(exc: HTTPException) -> ResponseReturnValue:
    code = exc.code or 500
    if isinstance(exc, SecurityError):
        # An untrusted Host header: no page (it would build links), and the host not repeated.
        if _wants_json():
            return jsonify({"error": UNTRUSTED_HOST, "field": "Host"}), 400
        return Response(UNTRUSTED_HOST + "\n", 400, mimetype="text/plain")
    if _wants_json():
        return jsonify(
            {"error": (exc.description if code != 500 else "internal error") or exc.name}
        ), code
    if code == 400 and exc.description == "csrf":
        message = t("The form expired; please try again.")
    elif isinstance(exc, ServiceUnavailable):
        message = _BUSY
    elif code >= 500:
        message = t(
            "Something went wrong on our side. Nothing you entered was lost before this deal."
        )
    else:
        message = _WORDS.get(code, _REFUSED)
    return render_template("errors/error.html", code=code, message=message), code


def log_safe(text: str, limit: int = 300) -> str:
    """Untrusted text as it may appear in a log line: control characters (a CR or LF would
    forge a line) and other unprintable ones escaped, cut to ``limit`` characters.

    >>> print(log_safe("/g/x\\nfake line"))
    /g/x\\nfake line
    """
    out = "".join(
        c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text[:limit]
    )
    return out + ("…" if len(text) > limit else "")


def _unexpected(exc: Exception) -> ResponseReturnValue:
    if isinstance(exc, HTTPException):
        return _http_error(exc)
    # The route, not the path (a path may hold a play key: scorepad.requestlog). The message
    # may quote a value from the request: escaped. The traceback (our code's lines only) goes
    # on the lines after.
    log.error(
        "unexpected error on %s %s: %s: %s\n%s",
        log_safe(request.method),
        route_of(request.environ),
        type(exc).__name__,
        log_safe(str(exc)),
        "".join(traceback.format_tb(exc.__traceback__)).rstrip(),
    )
    return _http_error(InternalServerError())


def _no_connection(exc: NoConnection) -> Response:
    log.warning(
        "busy: no database connection free on %s %s: answered 503",
        log_safe(request.method),
        route_of(request.environ),
    )
    return _http_error(
        ServiceUnavailable(
            "the server is busy (no database connection free): try again after Retry-After seconds",
            retry_after=BUSY_RETRY_SECONDS,
        )
    )


def _api_error(exc: ApiError) -> tuple[Response, int]:
    """An API refusal: ``{"error": reason, "field"?: field}``."""
    body: dict[str, Any] = {"error": exc.message}
    if exc.field:
        body["field"] = exc.field
    response = jsonify(with_messages(body, "error"))
    if exc.status == 401:
        response.headers["WWW-Authenticate"] = 'Bearer realm="atout"'
    response.headers.update(exc.headers)
    return response, exc.status


def init_app(app: Flask) -> None:
    app.register_error_handler(ApiError, _api_error)
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(NoConnection, _no_connection)
    app.register_error_handler(Exception, _unexpected)
