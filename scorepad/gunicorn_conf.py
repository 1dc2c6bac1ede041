"""gunicorn's settings for ``atout serve --workers N`` (``--config python:scorepad.gunicorn_conf``):
the error pages gunicorn writes itself carry the app's security headers.

gunicorn answers a request it cannot parse (a malformed request line, a header too large: 400,
414, 417, 431...) before the app sees it, with a page of its own that it writes through
``gunicorn.util.write_error``, a function it looks up when it writes. Each worker, once started,
has that function replaced by :func:`write_error`: the same answer (status, reason, an HTML page
quoting the reason) with :data:`~scorepad.security.SECURITY_HEADERS`, as every answer of the app
and of waitress has them.

Each worker, once it has loaded the app, also moves every object it holds then (the app, its
modules, the variants: some 140,000) out of the garbage collector's reach (:func:`gc.freeze`): a
full collection walked them all, 0.1 to 0.3 s of CPU in which a worker answered no request, and
a gevent worker holding hundreds of phones' polls made every one of them wait (the p99 of a
club room, ``benchmarks/club_bench.py``). They live as long as the worker anyway; a worker that
exits unfreezes them, for the interpreter's own clean-up.
"""

from __future__ import annotations

import gc
import html
from typing import Any

from gunicorn import util

from scorepad.security import SECURITY_HEADERS

__all__ = ["post_worker_init", "worker_exit", "write_error"]


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
    """gunicorn's hook, in each worker once it has loaded the app: its own error answers
    through :func:`write_error`, and the objects held so far frozen out of the full garbage
    collections (the garbage among them collected first)."""
    util.write_error = write_error
    gc.collect()
    gc.freeze()


def worker_exit(server: Any, worker: Any) -> None:
    """gunicorn's hook, in a worker as it exits: what :func:`post_worker_init` froze goes back
    to the collector, which the interpreter's shutdown relies on (frozen, a logging handler
    outlived the modules it needs, and its clean-up wrote a traceback to the log)."""
    gc.unfreeze()
