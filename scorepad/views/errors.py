"""Error responses: JSON under ``/api/``, a friendly page elsewhere, never a traceback.

An unexpected exception is logged (path and method only, never a query string or a header, so no
edit token reaches the logs) and answered with a 500 page that says nothing about the code.
"""

from __future__ import annotations

import logging

from flask import Flask, jsonify, render_template, request
from werkzeug.exceptions import HTTPException, InternalServerError

from scorepad.views.common import t

log = logging.getLogger("scorepad")

_MESSAGES = {
    404: "Page not found.",
    403: "You need the edit link of this game to change it.",
    429: "Too many requests.",
}


def _wants_json() -> bool:
    return request.path.startswith("/api/")


def _http_error(exc: HTTPException):
    code = exc.code or 500
    if _wants_json():
        return jsonify({"error": (exc.description if code != 500 else "internal error")
                        or exc.name}), code
    if code == 400 and exc.description == "csrf":
        message = t("The form expired; please try again.")
    elif code >= 500:
        message = t("Something went wrong on our side. Nothing you entered was lost before "
                    "this deal.")
    else:
        message = t(_MESSAGES.get(code, exc.name))
    return render_template("errors/error.html", code=code, message=message), code


def _unexpected(exc: Exception):
    if isinstance(exc, HTTPException):
        return _http_error(exc)
    log.error("unexpected error on %s %s", request.method, request.path, exc_info=exc)
    return _http_error(InternalServerError())


def init_app(app: Flask) -> None:
    app.register_error_handler(HTTPException, _http_error)
    app.register_error_handler(Exception, _unexpected)
