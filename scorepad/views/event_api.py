"""The events' JSON API (issue 22, item 7), documented in docs/api.md beside the games' API.

An event's id is public: anyone may read it (``GET /api/events/<id>``). Every change is the
director's: ``Authorization: Bearer <director_token>`` (401 without it, 403 with another
token), as a game's editor authenticates. Errors are the API's: ``{"error", "field"?}`` with
400/415 (the body), 404 (no such event, round or team), 409 (a change the event's state refuses:
a round that has started, a table still playing), 422 (a bad field, named, dotted inside the
body: ``teams.3.name``) or 429 (the client's creations this minute: games, play tables and
events share one budget). A refused change stores nothing. The rules of an event are
:mod:`scorepad.events.store`'s.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from flask import Blueprint, jsonify, request, url_for
from flask.typing import ResponseReturnValue

from framework.core.errors import PluginError
from scorepad import games
from scorepad.db import get_engine, get_session
from scorepad.events import EventError, store
from scorepad.inputs import ApiError, bearer_token, json_body
from scorepad.views.common import base_url, creation_limit, edit_link, live_link, refusal
from scorepad.views.events import director_link, wall_link

bp = Blueprint("event_api", __name__, url_prefix="/api/events")

_R = TypeVar("_R")


#: the refusals of an event's change (:func:`~scorepad.views.common.refusal` gives their status)
_REFUSED = (
    EventError,
    games.NotFound,
    games.Conflict,
    store.NotDirector,
    games.TooManyGames,
    PluginError,
)


def _call(action: Callable[..., _R], *args: Any, **kwargs: Any) -> _R:
    try:
        return action(*args, **kwargs)
    except _REFUSED as exc:
        raise refusal(exc) from None


def _director(eid: str) -> None:
    """Refuse the request unless it carries the event's director token: 401 without a bearer
    token, 404 for an unknown event, 403 with another token."""
    token = bearer_token("send the event's director token: Authorization: Bearer <director_token>")
    _call(store.authorise, get_session(), eid, token)


def _optional_body() -> dict[str, Any]:
    """The JSON body, or ``{}`` when none is sent."""
    if not request.get_data(cache=True):
        return {}
    return json_body()


def _links(eid: str, token: str) -> dict[str, str]:
    """The event's addresses: the director's page (it holds the token), the table cards (printed
    from that page: printing mints the tables' edit links), the public wall and the API."""
    root = base_url().url
    return {
        "director": director_link(eid, token),
        "cards": root + url_for("events.director", eid=eid, t=token, _anchor="cards"),
        "wall": wall_link(eid),
        "api": root + url_for("event_api.event", eid=eid),
    }


@bp.post("")
def create() -> ResponseReturnValue:
    """Create an event (:func:`scorepad.events.store.parse_event` says its fields); round 1 is
    proposed. Answers its id, the director's token (this once) and its addresses."""
    data = json_body()
    creator, most = creation_limit()
    event, token = _call(store.create_event, get_engine(), data, creator=creator, per_minute=most)
    response = jsonify(
        {"id": event.public_id, "director_token": token, "urls": _links(event.public_id, token)}
    )
    response.headers["Location"] = url_for("event_api.event", eid=event.public_id)
    response.headers["Cache-Control"] = "no-store"
    return response, 201


@bp.get("/<eid>")
def event(eid: str) -> ResponseReturnValue:
    """The event: its format, teams, rounds with their tables, and the standings."""
    view = _call(store.load_event, get_session(), eid)
    return jsonify(view.to_json())


@bp.post("/<eid>/rounds/<int(signed=True):number>/start")
def start(eid: str, number: int) -> ResponseReturnValue:
    """Start a proposed round: each table gets its game. No body is read."""
    _director(eid)
    started = _call(store.start_round, get_engine(), eid, number)
    return jsonify(started.to_json())


@bp.post("/<eid>/rounds")
def next_round(eid: str) -> ResponseReturnValue:
    """Close the round being played and propose the next one (201), or end the event after
    its last round (200). Body (optional): ``{"force": true, "reason": "..."}`` to close while
    a table still plays."""
    _director(eid)
    body = _optional_body()
    unknown = sorted(str(k) for k in body if k not in ("force", "reason"))
    if unknown:
        raise ApiError(422, f"unknown field {unknown[0]!r}; known: force, reason", unknown[0])
    proposed = _call(
        store.propose_next, get_engine(), eid, body.get("force", False), body.get("reason")
    )
    rounds = _call(store.load_event, get_session(), eid).rounds
    closed = rounds[-2] if proposed is not None else rounds[-1]
    out = {"closed": closed.to_json(), "proposed": proposed.to_json() if proposed else None}
    response = jsonify(out)
    response.headers["Location"] = url_for("event_api.event", eid=eid)
    return response, 201 if proposed is not None else 200


@bp.put("/<eid>/rounds/<int(signed=True):number>")
def change(eid: str, number: int) -> ResponseReturnValue:
    """Change a proposed round's pairing: ``{"tables": [{"teams": [a, b]}, ...]}``. Answers
    the round and warnings (pairs that met before, a second bye)."""
    _director(eid)
    body = json_body()
    unknown = sorted(str(k) for k in body if k != "tables")
    if unknown:
        raise ApiError(422, f"unknown field {unknown[0]!r}; known: tables", unknown[0])
    if "tables" not in body:
        raise ApiError(422, "send the round's tables", "tables")
    warnings = _call(store.change_pairing, get_engine(), eid, number, body["tables"])
    view = _call(store.load_event, get_session(), eid)
    changed = next(r for r in view.rounds if r.number == number)
    return jsonify({**changed.to_json(), "warnings": [str(w) for w in warnings]})


@bp.post("/<eid>/teams/<int(signed=True):team>/withdraw")
def withdraw(eid: str, team: int) -> ResponseReturnValue:
    """Withdraw a team from the next round on. No body is read."""
    _director(eid)
    first = _call(store.withdraw, get_engine(), eid, team)
    return jsonify({"team": team, "withdrawn_from": first})


@bp.get("/<eid>/tables")
def tables(eid: str) -> ResponseReturnValue:
    """The tables of the round being played (or the last one played), each with a freshly
    minted edit token (the tokens minted before stop working: ``warning`` says so)."""
    _director(eid)
    minted = _call(store.mint_tokens, get_engine(), eid)
    view = _call(store.load_event, get_session(), eid)
    names = [t.name for t in view.teams]
    played = [r for r in view.rounds if r.state != "proposed"]
    out: dict[str, Any] = {
        "round": played[-1].number if played else None,
        "tables": [
            {
                "table": m.table,
                "teams": list(m.teams),
                "names": [names[m.teams[0]], names[m.teams[1]]],
                "game_id": m.game_id,
                "edit_token": m.token,
                "urls": {
                    "edit": edit_link(m.game_id, m.token),
                    "live": live_link(m.game_id),
                    "api": base_url().url + url_for("api.game", gid=m.game_id),
                },
            }
            for m in minted
        ],
    }
    revoked = sum(m.revoked for m in minted)
    if revoked:
        out["warning"] = (
            f"new edit tokens for {revoked} table(s) that had one: the links and cards made "
            "before no longer work"
        )
    response = jsonify(out)
    response.headers["Cache-Control"] = "no-store"
    return response
