"""gunicorn's settings for ``atout serve --workers N`` (``--config python:scorepad.gunicorn_conf``):
the error pages gunicorn writes itself carry the app's security headers.

gunicorn answers a request it cannot parse (a malformed request line, a header too large: 400,
414, 417, 431...) before the app sees it, with a page of its own that it writes through
``gunicorn.util.write_error``, a function it looks up when it writes. Each worker, once started,
has that function replaced by :func:`write_error`: the same answer (status, reason, an HTML page
quoting the reason) with :data:`~scorepad.security.SECURITY_HEADERS`, as every answer of the app
and of waitress has them.
"""

from __future__ import annotations

import html
from typing import Any

from gunicorn import util

from scorepad.security import SECURITY_HEADERS

__all__ = ["post_worker_init", "write_error"]


def write_error(sock: Any, status_int: int, reason: str, mesg: str) -> None:
    """gunicorn's own error answer, with the security headers."""
    page = (
        f"<!doctype html>\n<html><head><title>{html.escape(reason)}</title></head>\n"
        f"<body><h1>{html.escape(reason)}</h1>\n<p>{html.escape(mesg)}</p></body></html>\n"
    )
    head = [
        f"HTTP/1.1 {status_int} {reason}",
        "Connection: close",
        "Content-Type: text/html; charset=utf-8",
        f"Content-Length: {len(page.encode('utf-8'))}",
        *(f"{name}: {value}" for name, value in SECURITY_HEADERS),
    ]
    util.write_nonblock(sock, ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + page.encode())


def post_worker_init(worker: Any) -> None:
    """gunicorn's hook, in each worker once it started: its own error answers through
    :func:`write_error`."""
    util.write_error = write_error
