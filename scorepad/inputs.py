"""Reading untrusted HTTP input, for every blueprint: JSON bodies, numbers in a query or a form,
ids in a path.

Everything goes through :mod:`framework.core.untrusted`, so the API, the HTML forms and the CLI
refuse the same values with the same reasons:

- :func:`json_body` needs ``Content-Type: application/json`` (or a ``+json`` type) in UTF-8,
  else **415**; a body that is not acceptable JSON (malformed, a BOM, too deep, NaN, a NUL or a
  lone surrogate) is **400** naming ``body``; a JSON value of the wrong shape is **400** too.
  Each is an :class:`ApiError`, answered as ``{"error": reason, "field": field}``.
- :func:`arg_int` reads an optional whole number from a query string or a form (ASCII digits
  only, bounded length); a bad one is ``None`` (the view treats it as absent) or, with
  ``strict=True``, an :class:`~framework.core.untrusted.InputError`.
- Path ids: :func:`init_app` replaces Flask's ``int`` converter by one that takes ASCII digits
  only (``/deals/%D9%A1`` is not deal 1), and answers 404 for a ``gid`` or an ``eid`` that cannot
  be a public id (a NUL in a path never reaches PostgreSQL).
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from flask import Flask, abort, request
from werkzeug.routing import IntegerConverter

from framework.core.untrusted import MAX_JSON_DEPTH, InputError, JSONError, load_json, parse_int

__all__ = ["PUBLIC_ID", "ApiError", "arg_int", "init_app", "is_public_id", "json_body"]

#: what a public game id (``secrets.token_urlsafe``) can look like
PUBLIC_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")


class ApiError(Exception):
    """An API refusal: the HTTP status, the reason and the field at fault.

    Raised by any JSON view (and by :func:`json_body`); the app answers it with
    ``{"error": message, "field"?: field}`` (see :mod:`scorepad.views.errors`).
    """

    def __init__(
        self,
        status: int,
        message: str,
        field: str | None = None,
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status, self.message, self.field = status, message, field
        self.headers = headers or {}


def bearer_token(missing: str) -> str:
    """The token of the request's ``Authorization: Bearer <token>`` header.

    :raises ApiError: 401 saying ``missing`` (what to send) when there is none."""
    scheme, _, token = request.headers.get("Authorization", "").partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise ApiError(401, missing)
    return token.strip()


def _is_json_type(mimetype: str) -> bool:
    return mimetype == "application/json" or (
        mimetype.startswith("application/") and mimetype.endswith("+json")
    )


def json_body(max_depth: int = MAX_JSON_DEPTH) -> dict[str, Any]:
    """The request's JSON object, or :class:`ApiError` (415 or 400) saying what is wrong."""
    if not _is_json_type(request.mimetype):
        shown = request.mimetype or "none"
        raise ApiError(
            415, f"send the body as Content-Type: application/json (got {shown})", "Content-Type"
        )
    charset = request.mimetype_params.get("charset")
    if charset is not None and charset.lower().replace("_", "-") not in ("utf-8", "utf8"):
        raise ApiError(415, f"send the body in UTF-8 (got charset={charset})", "Content-Type")
    try:
        data = load_json(request.get_data(cache=True), "body", max_depth=max_depth)
    except JSONError as exc:
        raise ApiError(400, exc.reason, exc.field) from None
    if not isinstance(data, dict):
        raise ApiError(400, "the body must be a JSON object", "body")
    return data


def arg_int(
    source: Mapping[str, str],
    name: str,
    *,
    strict: bool = False,
    minimum: int | None = None,
    maximum: int | None = None,
) -> int | None:
    """An optional whole number from a query string or a form.

    :param strict: raise :class:`~framework.core.untrusted.InputError` for a bad value instead of
        reading it as absent.
    """
    raw = source.get(name)
    if raw is None or not raw.strip():
        return None
    try:
        return parse_int(raw, name, minimum=minimum, maximum=maximum)
    except InputError:
        if strict:
            raise
        return None


def is_public_id(text: str) -> bool:
    """Whether ``text`` can be a public game id.

    >>> is_public_id("aB3_-x"), is_public_id("a\\x00b"), is_public_id("a" * 33)
    (True, False, False)
    """
    return PUBLIC_ID.fullmatch(text) is not None


#: the path parts that hold a public id: a game's, an event's
_IDS = ("gid", "eid")


class AsciiIntegerConverter(IntegerConverter):
    """Flask's ``int`` converter with ASCII digits only (``\\d`` also matches ``١``), at most
    nine of them."""

    regex = r"[0-9]{1,9}"


def _check_ids(_endpoint: str | None, values: dict[str, Any] | None) -> None:
    if values and any(k in values and not is_public_id(str(values[k])) for k in _IDS):
        abort(404)


def init_app(app: Flask) -> None:
    """Install the converter and the path-id check (before any blueprint is registered)."""
    app.url_map.converters["int"] = AsciiIntegerConverter
    app.url_value_preprocessor(_check_ids)
