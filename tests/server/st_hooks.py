"""Schemathesis hooks for the scorepad (``SCHEMATHESIS_HOOKS=st_hooks``): writes carry the edit
token of their game, an event's changes its director token.

Every game a run creates has its token kept by id (``after_call`` on a 201 of createGame); the
auth provider gives a request the token of the game in its path, so the stateful phase's links
(create game -> post deal -> get, put, delete) write for real, and Schemathesis' own auth checks
(a request without the token or with a wrong one must be 401/403) know what to take away. A case
of another phase names a random id: half of them are pointed at a game made here for them (the
other half keep their id, for the 404s), so their generated bodies reach the record checks.
Events alike: a 201 of createEvent keeps the director token by the event's id, and half of the
cases naming a random event are pointed at one made here (of 8 teams, its round 1 proposed).
"""

from __future__ import annotations

import os
import zlib
from typing import Any

import requests
import schemathesis

TOKENS: dict[str, str] = {}
SPARE: list[str] = []
SPARE_EVENT: list[str] = []
DELETED: set[str] = set()


def _spare_game() -> str:
    if not SPARE:
        base = os.environ["ATOUT_BASE_URL"]
        made = requests.post(f"{base}/api/games", json={"variant": "coinche"}, timeout=10).json()
        TOKENS[made["id"]] = made["edit_token"]
        SPARE.append(made["id"])
    return SPARE[0]


def _spare_event() -> str:
    if not SPARE_EVENT:
        base = os.environ["ATOUT_BASE_URL"]
        body = {
            "name": "Schemathesis",
            "variant": "coinche",
            "teams": [{"name": f"Team {i}"} for i in range(8)],
            "rounds": 3,
            "round": {"deals": 2},
            "pairing": "swiss",
        }
        made = requests.post(f"{base}/api/events", json=body, timeout=10).json()
        TOKENS[made["id"]] = made["director_token"]
        SPARE_EVENT.append(made["id"])
    return SPARE_EVENT[0]


@schemathesis.hook
def map_path_parameters(context: Any, path_parameters: dict[str, Any] | None) -> Any:
    for name, spare in (("gid", _spare_game), ("eid", _spare_event)):
        given = (path_parameters or {}).get(name)
        if isinstance(given, str) and given not in TOKENS and zlib.crc32(given.encode()) % 2 == 0:
            path_parameters = {**(path_parameters or {}), name: spare()}
    return path_parameters


@schemathesis.auth(refresh_interval=None, retry_on=[])
class EditToken:
    """The edit token of the game the request is about, or the director token of its event
    (none for an unknown game or event)."""

    def get(self, case: Any, ctx: Any) -> str | None:
        where = case.path_parameters or {}
        return TOKENS.get(str(where.get("gid", where.get("eid"))))

    def set(self, case: Any, data: str | None, ctx: Any) -> None:
        if data:
            case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}


@schemathesis.hook
def after_call(context: Any, case: Any, response: Any) -> None:
    if case.operation.label == "POST /api/games" and response.status_code == 201:
        body = response.json()
        TOKENS[body["id"]] = body["edit_token"]
    if case.operation.label == "POST /api/events" and response.status_code == 201:
        body = response.json()
        TOKENS[body["id"]] = body["director_token"]
    if case.operation.label == "DELETE /api/games/{gid}" and response.status_code == 204:
        DELETED.add(str(case.path_parameters["gid"]))
        if SPARE and SPARE[0] in DELETED:
            SPARE.clear()  # the next case gets a new one


@schemathesis.hook
def filter_failure(context: Any, failure: Any, case: Any, response: Any) -> bool:
    """Keep every failure but one that is not one: deleting a game is final, and Schemathesis
    re-sends the DELETE that deleted it (``response``: the 204) without its token, or with a
    wrong one, expecting 401/403; the game is gone, so the answer is 404, rightly.
    (tests/http/test_api.py checks 401 and 403 on a game that exists.)"""
    gid = str((case.path_parameters or {}).get("gid"))
    return not (
        case.operation.label == "DELETE /api/games/{gid}"
        and gid in DELETED
        and response.status_code == 204
        and type(failure).__name__ == "IgnoredAuth"
    )
