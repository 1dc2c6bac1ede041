"""Capability tokens and CSRF protection.

A game is read through its public id and written with its edit token: 24 random bytes
(``secrets.token_urlsafe(24)``, 192 bits), shown once to its creator and stored only as its
sha256, compared in constant time. HTML forms carry a per-session CSRF token
(:func:`csrf_token`), checked on every unsafe request of the HTML blueprints
(:func:`check_csrf`); the JSON API is not cookie-authenticated and needs none.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from flask import abort, request, session

__all__ = [
    "CONTENT_SECURITY_POLICY",
    "CSRF_FIELD",
    "CSRF_HEADER",
    "SECURITY_HEADERS",
    "check_csrf",
    "csrf_token",
    "hash_token",
    "new_edit_token",
    "new_public_id",
    "token_matches",
]

#: Every response's Content-Security-Policy: scripts, styles, images and requests from this
#: site only; no inline script or style, no eval (htmx runs with ``allowEval: false``, its
#: trigger filters replaced by ``static/scorepad.js``), no plugin, no frame around our pages, no
#: ``<base>`` and no form posting elsewhere. Inline SVG (the live page's chart) needs nothing.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'none'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "connect-src 'self'",
        "manifest-src 'self'",
        "object-src 'none'",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'self'",
    ]
)

CSRF_FIELD = "_csrf"
CSRF_HEADER = "X-CSRF-Token"

#: The headers every response carries, the server's own error answers included: the policy
#: above, no referrer to other sites (a URL names a game), no type sniffing, never in a frame.
SECURITY_HEADERS: tuple[tuple[str, str], ...] = (
    ("Content-Security-Policy", CONTENT_SECURITY_POLICY),
    ("Referrer-Policy", "same-origin"),
    ("X-Content-Type-Options", "nosniff"),
    ("X-Frame-Options", "DENY"),
)


def new_edit_token() -> str:
    """A fresh edit token (192 bits)."""
    return secrets.token_urlsafe(24)


def new_public_id() -> str:
    """A fresh public game id: short enough for a URL typed by hand, too many to guess."""
    return secrets.token_urlsafe(9)


def hash_token(token: str) -> str:
    """The sha256 hex digest kept in the database.

    >>> len(hash_token("x"))
    64
    """
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str | None, stored_hash: str) -> bool:
    """Whether ``token`` is the edit token whose hash is ``stored_hash`` (constant time)."""
    if not token:
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)


def csrf_token() -> str:
    """This session's CSRF token, created on first use."""
    token = session.get("csrf")
    if not token:
        token = session["csrf"] = secrets.token_urlsafe(24)
    return token


def check_csrf() -> None:
    """Abort with 400 unless an unsafe request carries this session's CSRF token."""
    if request.method in ("GET", "HEAD", "OPTIONS"):
        return
    sent = request.form.get(CSRF_FIELD) or request.headers.get(CSRF_HEADER) or ""
    expected = session.get("csrf") or ""
    if not expected or not hmac.compare_digest(sent, expected):
        abort(400, description="csrf")
