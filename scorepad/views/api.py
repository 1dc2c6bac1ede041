"""The JSON API (design.md, "HTTP API"), documented in docs/api.md.

Reads are public by game id; writes need ``Authorization: Bearer <edit_token>``. Every error is
``{"error": "...", "field"?: "..."}`` with 400 (malformed body), 401 (no token), 403 (wrong
token), 404 (unknown game or deal), 409 (conflicting write), 422 (invalid record or game
settings) or 429 (too many new games from one address in a minute; ``Retry-After``). A
refused write changes nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from flask import Blueprint, Response, jsonify, url_for
from flask.typing import ResponseReturnValue

from framework.core.errors import PluginError, RecordError
from framework.core.messages import with_messages
from scorepad import devices, games, installed
from scorepad.db import get_engine, get_session
from scorepad.events import store
from scorepad.i18n import error_words
from scorepad.inputs import ApiError, bearer_token, json_body
from scorepad.models import Game
from scorepad.views.common import base_url, creation_limit, edit_link, live_link, refusal

bp = Blueprint("api", __name__, url_prefix="/api")

_R = TypeVar("_R")


def _authorise(public_id: str, *, director: bool = False) -> Game:
    """The game, if the request carries its edit token: 401 without a bearer token, 404 for an
    unknown game, 403 with a wrong token.

    :param director: the director's token of the event the game is a table of is taken too
        (the deals' writes: the director corrects any table, whose own token stays valid).
    """
    token = bearer_token("send the game's edit token: Authorization: Bearer <edit_token>")
    try:
        game = games.find_game(get_session(), public_id)
    except games.NotFound as exc:
        raise ApiError(404, error_words(exc), exc.field) from None
    right = store.edits_with(get_session(), game, token)
    if right == "table" or (director and right == "director"):
        return game
    raise ApiError(403, "this is not the edit token of this game")


def _write(action: Callable[..., _R], *args: Any) -> _R:
    try:
        return action(get_engine(), *args)
    except (games.NotFound, games.Conflict, games.NotScored, RecordError, PluginError) as exc:
        raise refusal(exc) from None


#: the fields of a new game (``NewGame`` in :mod:`scorepad.openapi`)
NEW_GAME_FIELDS = (
    "variant",
    "preset",
    "teams",
    "target",
    "match_deals",
    "deals_alone",
    "options",
    "first_dealer",
    "players",
)


@bp.get("/openapi.json")
def openapi() -> Response:
    """This API as an OpenAPI 3.1 document (:mod:`scorepad.openapi`)."""
    return jsonify(_document(tuple(v.name for v in installed.installed_variants())))


@functools.lru_cache(maxsize=4)
def _document(variants: tuple[str, ...]) -> dict[str, Any]:
    """The document for these installed variants, built once (not for every request)."""
    from scorepad.openapi import document

    return document(list(variants))


@bp.post("/games")
def create_game() -> ResponseReturnValue:
    data = json_body()
    unknown = sorted(str(k) for k in data if k not in NEW_GAME_FIELDS)
    if unknown:
        raise ApiError(
            422,
            f"unknown field {unknown[0]!r}; a new game has " + ", ".join(NEW_GAME_FIELDS),
            unknown[0] or "body",
        )
    creator, most = creation_limit()
    try:
        game, token = games.create_game(
            get_engine(),
            data.get("variant"),
            data.get("preset"),
            data.get("teams"),
            data.get("target"),
            data.get("options"),
            data.get("first_dealer"),
            data.get("players"),
            creator=creator,
            per_minute=most,
            match_deals=data.get("match_deals"),
            deals_alone=data.get("deals_alone"),
        )
    except (games.GameInputError, games.TooManyGames) as exc:
        raise refusal(exc) from None
    body = {
        "id": game.public_id,
        "edit_token": token,
        "urls": {
            "edit": edit_link(game.public_id, token),
            "live": live_link(game.public_id),
            "qr": live_link(game.public_id) + "/qr.svg",
            "api": base_url().url + url_for("api.game", gid=game.public_id),
        },
    }
    response = jsonify(body)
    response.headers["Location"] = url_for("api.game", gid=game.public_id)
    return response, 201


@bp.get("/games/<gid>")
def game(gid: str) -> ResponseReturnValue:
    try:
        sheet = games.load_sheet(get_session(), gid)
    except (games.NotFound, games.NotScored, PluginError) as exc:
        raise refusal(exc) from None
    return jsonify(sheet.to_json())


@bp.delete("/games/<gid>")
def delete_game(gid: str) -> ResponseReturnValue:
    """Delete the game and its deals (token); its pages answer 404, its polls 410. An event's
    table is not deleted (409)."""
    _authorise(gid)
    _write(games.delete_game, gid)
    return Response(status=204)


@bp.post("/games/<gid>/token")
def rotate_token(gid: str) -> ResponseReturnValue:
    """A new edit token (authenticated with the current one): the old token, its edit links
    and every browser's grant for the game stop working. Answers the new token and edit URL."""
    game = _authorise(gid)
    try:
        rotated = devices.rotate_edit_token(get_engine(), game, keep_this_device=False)
    except LookupError:
        raise ApiError(404, "no such game", "id") from None
    return jsonify(
        {
            "id": gid,
            "edit_token": rotated.token,
            "revoked_grants": rotated.revoked,
            "urls": {"edit": edit_link(gid, rotated.token)},
        }
    )


@bp.post("/games/<gid>/deals")
def add_deal(gid: str) -> ResponseReturnValue:
    _authorise(gid, director=True)
    record = json_body()
    expected = record.pop("expected_number", None)
    board = record.pop("board", None)  # on boards: which board (the scorepad's, not a record's)
    result = _write(games.add_deal, gid, record, expected, board)
    return jsonify(result.to_json()), 201


@bp.put("/games/<gid>/deals/<int(signed=True):number>")
def replace_deal(gid: str, number: int) -> ResponseReturnValue:
    _authorise(gid, director=True)
    record = json_body()
    record.pop("expected_number", None)
    drop_later = record.pop("drop_later", False)
    if not isinstance(drop_later, bool):
        raise ApiError(422, "drop_later is true or false", "drop_later")
    board = record.pop("board", None)
    try:
        result = games.replace_deal(get_engine(), gid, number, record, drop_later, board)
    except games.Conflict as exc:
        if exc.ends_at is None:
            raise ApiError(409, error_words(exc), exc.field) from None
        # the change ends the match earlier: the client may send it again with drop_later
        return jsonify(
            with_messages(
                {"error": error_words(exc), "field": exc.field, "ends_at": exc.ends_at}, "error"
            )
        ), 409
    except (games.NotFound, games.NotScored, RecordError, PluginError) as exc:
        raise refusal(exc) from None
    return jsonify(result.to_json())


@bp.delete("/games/<gid>/deals/<int(signed=True):number>")
def delete_deal(gid: str, number: int) -> ResponseReturnValue:
    _authorise(gid, director=True)
    return jsonify(_write(games.delete_deal, gid, number).to_json())


@bp.get("/variants")
def variants() -> ResponseReturnValue:
    """The installed variants (name, title, presets, options, record fields of the default
    preset) — what a client needs to build a new-game screen and a deal form."""
    return jsonify({"variants": _described(tuple(v.name for v in installed.installed_variants()))})


@functools.lru_cache(maxsize=4)
def _described(names: tuple[str, ...]) -> list[dict[str, Any]]:
    """The variants ``names`` as :func:`variants` lists them: built once per set of installed
    variants (3.7 ms a request when built each time; the words are the variants', in no
    request's language)."""
    out = []
    for name in names:
        v = installed.variant(name)
        described = v.describe()
        described["record_fields"] = [f.describe() for f in v.hooks.record_fields(v.rules())]
        out.append(described)
    return out
