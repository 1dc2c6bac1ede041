"""Device keys: which games this browser may edit, kept on the server, not in a readable cookie.

A browser that creates a game, opens a valid edit link or starts a play table gets a **device
key**: 256 random bits in the cookie ``atout_device`` (``HttpOnly``, ``SameSite=Lax``,
``Secure`` over HTTPS), valid for :data:`LIFETIME` (180 days) after its last use — the cookie is
sent again, and the device's ``seen_at`` moved, at most once a day. The server keeps only the
key's sha256 (:class:`~scorepad.models.Device`) and one :class:`~scorepad.models.Grant` per game
the device may open, holding that game's capability (edit token or play key) **sealed** with the
device key (:func:`seal`): the database alone cannot give the token away, the cookie alone holds
none, and the game page can still show its edit link. A grant counts only while its unsealed
token (:func:`held_token`) is the game's current one, or the director's of the event the game is
a table of, so rotating a game's edit token (:func:`rotate_edit_token`) revokes every grant and
every old link at once.

Devices unseen for :data:`LIFETIME` are purged (with their grants) whenever a new device is
created.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta

from flask import Flask, Response, current_app, g, request
from sqlalchemy import Engine, delete, func, select, update
from sqlmodel import Session, col

from scorepad import games
from scorepad.db import get_engine, get_session, write_session
from scorepad.models import Device, Game, Grant, aware, utcnow
from scorepad.security import hash_token, new_edit_token, token_matches

__all__ = [
    "COOKIE",
    "LIFETIME",
    "MAX_GRANTS",
    "Rotated",
    "editable_games",
    "grant_game",
    "grant_games",
    "grant_play",
    "held_token",
    "init_app",
    "play_keys",
    "rotate_edit_token",
    "seal",
    "unseal",
]

COOKIE = "atout_device"
#: how long a device key lives after its last use (the cookie's Max-Age, slid once a day)
LIFETIME = timedelta(days=180)
_REFRESH = timedelta(days=1)
#: a device keeps at most this many grants (the oldest go first)
MAX_GRANTS = 200
_KEY = re.compile(r"[A-Za-z0-9_-]{43}")
_CONTEXT = b"atout device grant\x00"


# ---- sealing ---------------------------------------------------------------------------------


def _keystream(device_key: str, nonce: bytes, size: int) -> bytes:
    blocks = []
    for counter in range((size + 31) // 32):
        blocks.append(
            hmac.new(
                device_key.encode("ascii"), _CONTEXT + nonce + bytes([counter]), hashlib.sha256
            ).digest()
        )
    return b"".join(blocks)[:size]


def seal(device_key: str, secret: str) -> tuple[str, str]:
    """``secret`` encrypted with ``device_key``: (nonce, sealed), both hex.

    HMAC-SHA256 of the key as a pseudo-random function in counter mode, a fresh random nonce
    each time; integrity comes from the caller, which checks the unsealed secret against the
    hash it stores.

    >>> nonce, sealed = seal("k" * 43, "a token")
    >>> unseal("k" * 43, nonce, sealed), unseal("j" * 43, nonce, sealed) == "a token"
    ('a token', False)
    """
    data = secret.encode("utf-8")
    if len(data) > 100:
        raise ValueError("a capability is at most 100 bytes")
    nonce = secrets.token_bytes(16)
    stream = _keystream(device_key, nonce, len(data))
    return nonce.hex(), bytes(a ^ b for a, b in zip(data, stream, strict=True)).hex()


def unseal(device_key: str, nonce: str, sealed: str) -> str | None:
    """The secret :func:`seal` sealed, or None when it cannot be read."""
    try:
        data = bytes.fromhex(sealed)
        stream = _keystream(device_key, bytes.fromhex(nonce), len(data))
        return bytes(a ^ b for a, b in zip(data, stream, strict=True)).decode("utf-8")
    except (ValueError, UnicodeDecodeError):
        return None


# ---- this request's device -------------------------------------------------------------------


@dataclass(frozen=True)
class _Current:
    id: int
    key: str


def _cookie_key() -> str | None:
    key = request.cookies.get(COOKIE)
    return key if key is not None and _KEY.fullmatch(key) else None


def _current() -> _Current | None:
    """The request's device, if its cookie names a known one (looked up once per request)."""
    if "atout_device" in g:
        known: _Current | None = g.atout_device
        return known
    found: _Current | None = None
    key = _cookie_key()
    if key is not None:
        device = (
            get_session()
            .scalars(select(Device).where(col(Device.key_hash) == hash_token(key)))
            .first()
        )
        if device is not None and device.id is not None:
            found = _Current(device.id, key)
            if utcnow() - aware(device.seen_at) > _REFRESH:
                # slide the lifetime: the cookie goes out again, seen_at moves (once a day)
                with write_session() as writer:
                    writer.execute(
                        update(Device).where(col(Device.id) == device.id).values(seen_at=utcnow())
                    )
                g.atout_device_cookie = key
    g.atout_device = found
    return found


def _ensure(engine: Engine) -> _Current:
    """The request's device, created (and its cookie set) if it has none."""
    current = _current()
    if current is not None:
        return current
    key = secrets.token_urlsafe(32)
    with write_session(engine) as writer:
        writer.execute(delete(Device).where(col(Device.seen_at) < utcnow() - LIFETIME))
        device = Device(key_hash=hash_token(key))
        writer.add(device)
        writer.flush()
        assert device.id is not None
        current = _Current(device.id, key)
    g.atout_device = current
    g.atout_device_cookie = key
    return current


def _set_cookie(response: Response) -> Response:
    key = g.pop("atout_device_cookie", None)
    if key is not None:
        secure = request.is_secure or bool(current_app.config.get("SESSION_COOKIE_SECURE"))
        response.set_cookie(
            COOKIE,
            key,
            max_age=int(LIFETIME.total_seconds()),
            path="/",
            secure=secure,
            httponly=True,
            samesite="Lax",
        )
    return response


# ---- grants ----------------------------------------------------------------------------------


def _grant(writer: Session, device: _Current, granted: Sequence[tuple[Game, str]]) -> None:
    """Grant the device each match with its secret (an edit token, a play table's key), in
    place of any grant it held for it, and keep its newest :data:`MAX_GRANTS`."""
    ids = [game.id for game, _secret in granted]
    writer.execute(
        delete(Grant).where(col(Grant.device_id) == device.id, col(Grant.game_id).in_(ids))
    )
    for game, secret in granted:
        assert game.id is not None
        nonce, sealed = seal(device.key, secret)
        writer.add(Grant(device_id=device.id, game_id=game.id, nonce=nonce, sealed=sealed))
    writer.flush()
    _trim(writer, device)


def _trim(writer: Session, device: _Current) -> None:
    """Keep the device's newest :data:`MAX_GRANTS` grants."""
    kept = (
        select(col(Grant.id))
        .where(col(Grant.device_id) == device.id)
        .order_by(col(Grant.granted_at).desc(), col(Grant.id).desc())
        .limit(MAX_GRANTS)
    )
    writer.execute(
        delete(Grant).where(col(Grant.device_id) == device.id, col(Grant.id).not_in(kept))
    )


def grant_game(game: Game, token: str, engine: Engine | None = None) -> None:
    """Let this browser edit ``game`` (its edit token is ``token``): creates its device if
    needed."""
    grant_games([(game, token)], engine)


def grant_games(granted: Sequence[tuple[Game, str]], engine: Engine | None = None) -> None:
    """Let this browser edit each game with its edit token, in one write (an event's director
    prints its tables' cards)."""
    engine = engine or get_engine()
    device = _ensure(engine)
    with write_session(engine) as writer:
        _grant(writer, device, granted)


def grant_play(game: Game, key: str, engine: Engine | None = None) -> None:
    """Remember the play table ``game`` (its link's key is ``key``) on this browser (nothing
    to write when it already does)."""
    engine = engine or get_engine()
    current = _current()
    if (
        current is not None
        and get_session()
        .scalars(
            select(col(Grant.id)).where(
                col(Grant.device_id) == current.id, col(Grant.game_id) == game.id
            )
        )
        .first()
        is not None
    ):
        return
    device = _ensure(engine)
    with write_session(engine) as writer:
        _grant(writer, device, [(game, key)])


def held_token(game: Game) -> str | None:
    """The capability this browser's grant for ``game`` holds, unchecked: the game's edit
    token (current or revoked), or another capability over it that the caller checks (an
    event director's token)."""
    device = _current()
    if device is None:
        return None
    grant = (
        get_session()
        .scalars(
            select(Grant).where(col(Grant.device_id) == device.id, col(Grant.game_id) == game.id)
        )
        .first()
    )
    if grant is None:
        return None
    return unseal(device.key, grant.nonce, grant.sealed)


def editable_games() -> list[str]:
    """The public ids of the games this browser holds a grant for (unchecked: the caller lists
    them, opening one checks the token)."""
    device = _current()
    if device is None:
        return []
    return list(
        get_session().scalars(
            select(col(Game.public_id))
            .join(Grant, col(Grant.game_id) == col(Game.id))
            .where(col(Grant.device_id) == device.id, col(Game.kind) == "sheet")
        )
    )


def play_keys(most: int) -> list[str]:
    """The links' keys of the play tables this browser started or opened, newest first."""
    device = _current()
    if device is None:
        return []
    rows = get_session().execute(
        select(col(Grant.nonce), col(Grant.sealed), col(Game.token_hash))
        .join(Game, col(Grant.game_id) == col(Game.id))
        .where(col(Grant.device_id) == device.id, col(Game.kind) == "play")
        .order_by(col(Grant.granted_at).desc(), col(Grant.id).desc())
        .limit(most)
    )
    keys = []
    for nonce, sealed, key_hash in rows:
        key = unseal(device.key, nonce, sealed)
        if key is not None and token_matches(key, key_hash):
            keys.append(key)
    return keys


# ---- rotating a game's edit token ------------------------------------------------------------


@dataclass(frozen=True)
class Rotated:
    """A game's new edit token, and how many device grants the old one lost."""

    token: str
    revoked: int


def rotate_edit_token(engine: Engine, game: Game, *, keep_this_device: bool) -> Rotated:
    """Give ``game`` a new edit token: old edit links stop working and every device grant of the
    game is deleted; with ``keep_this_device``, this browser gets a grant for the new token.

    The caller has checked the current token. The game's ``version`` goes up, so its open pages
    reload on their next poll.
    """
    token = new_edit_token()
    with write_session(engine) as writer:
        fresh = games.set_token(writer, game.id, token)
        if fresh is None:
            raise LookupError("the game was deleted meanwhile")
        of_game = col(Grant.game_id) == game.id
        revoked = writer.scalar(select(func.count()).select_from(Grant).where(of_game)) or 0
        writer.execute(delete(Grant).where(of_game))
    if keep_this_device:
        grant_game(fresh, token, engine)
    return Rotated(token, revoked)


def init_app(app: Flask) -> None:
    """Send the device cookie when needed."""
    app.after_request(_set_cookie)
