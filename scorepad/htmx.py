"""htmx request detection: the only module that reads ``HX-*`` headers.

A URL that answers either a fragment (to htmx) or a full page (to a browser) must say so to
caches with ``Vary: HX-Request``. A history-restore request (htmx re-fetching a page missing from
its history cache) and a boosted navigation get the full page.
"""

from __future__ import annotations

from flask import Request, Response

__all__ = ["add_vary", "is_partial"]


def is_partial(request: Request) -> bool:
    """True when the request wants a fragment: an htmx request that is neither boosted nor a
    history restore."""
    headers = request.headers
    return (
        headers.get("HX-Request") == "true"
        and headers.get("HX-Boosted") != "true"
        and headers.get("HX-History-Restore-Request") != "true"
    )


def add_vary(response: Response) -> Response:
    """Mark a response whose body depends on ``HX-Request``."""
    response.vary.add("HX-Request")
    return response
