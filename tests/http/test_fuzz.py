"""Hypothesis fuzz of every JSON and form endpoint: structured bodies (the endpoint's own fields
with hostile values) and junk (any bytes, any content type, deep JSON), on SQLite and, with
``ATOUT_TEST_POSTGRES``, on PostgreSQL.

For every request: no 5xx; an API answer is JSON as the OpenAPI document says (the client of
conftest checks it); and a refusal (4xx) stored nothing: the games, deals and play tables (their
counts and versions) are as before. A write that was accepted may change them, of course.

``ATOUT_FUZZ_EXAMPLES`` sets the examples per test (default 40; a form route gets a third).
"""

from __future__ import annotations

import os
import string
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from scorepad_helpers import MADE_110, bearer, csrf, login
from sqlalchemy import text

EXAMPLES = int(os.environ.get("ATOUT_FUZZ_EXAMPLES", "40"))
FUZZ = settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[
        HealthCheck.function_scoped_fixture,
        HealthCheck.too_slow,
        HealthCheck.data_too_large,
    ],
)

# ---- hostile values ----------------------------------------------------------------------------

#: text a person could not mean as a number, a name or a choice, and text that looks like one
TRICKY_TEXT = st.sampled_from(
    [
        "",
        " ",
        "0",
        "-1",
        "--5",
        "+3",
        "1e3",
        "0x10",
        "²",
        "⁹⁰",
        "１１０",
        "٣٠",
        "1" * 5000,
        "9" * 19,
        "NS",
        "EW",
        "ns",
        "N",
        "H",
        "NT",
        "capot",
        "none",
        "true",
        "null",
        "[]",
        "{}",
        "\x00",
        "a\x00b",
        "\r\nSet-Cookie: x=1",
        "<script>alert(1)</script>",
        "=cmd|' /C calc'!A0",
        "[" * 5000,
        "\u202e",
        "é" * 300,
        "\ufeff110",
        "80",
        "110",
        "162",
        "-0",
    ]
)
TEXT = TRICKY_TEXT | st.text(max_size=30) | st.text(alphabet=string.digits, max_size=25)
NUMBER = (
    st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.sampled_from(
        [0, -1, 1, 80, 110, 162, 163, 500, 10**17, 10**18, 10**20, 2**63, -(2**63) - 1, 1.5, 1e300]
    )
)
SCALAR = st.none() | st.booleans() | NUMBER | TEXT
JSON_VALUE = st.recursive(
    SCALAR,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)

RECORD_KEYS = [
    "taker",
    "bid",
    "trump",
    "coinche",
    "taker_points",
    "capot",
    "belote",
    "announcements",
    "thrown_in",
    "expected_number",
    "drop_later",
    "record",
]
GAME_KEYS = ["variant", "preset", "teams", "players", "target", "options", "first_dealer"]


def structured(keys: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """An object with some of ``keys`` (and maybe another), each any JSON value."""
    return st.dictionaries(st.sampled_from(keys) | TEXT, JSON_VALUE, max_size=len(keys) + 1)


def plausible_record() -> st.SearchStrategy[dict[str, Any]]:
    """A Coinche record with one or two fields spoilt: reaches the variant's checks."""
    return st.fixed_dictionaries(
        {},
        optional={
            "taker": st.sampled_from(["NS", "EW"]) | JSON_VALUE,
            "bid": st.sampled_from([80, 110, 160, "capot"]) | JSON_VALUE,
            "trump": st.sampled_from(["H", "S", "NT", "AT"]) | JSON_VALUE,
            "taker_points": st.integers(-5, 170) | JSON_VALUE,
            "belote": st.lists(st.sampled_from(["NS", "EW"]), max_size=3) | JSON_VALUE,
            "announcements": st.lists(
                st.fixed_dictionaries(
                    {"team": st.sampled_from(["NS", "EW"]) | JSON_VALUE, "kind": TEXT}
                ),
                max_size=2,
            )
            | JSON_VALUE,
            "expected_number": st.integers(-1, 3) | JSON_VALUE,
        },
    )


def deep(depth: int) -> bytes:
    return b"[" * depth + b"]" * depth


CONTENT_TYPES = st.sampled_from(
    [
        "application/json",
        "application/json; charset=utf-8",
        "application/json; charset=latin-1",
        "application/merge-patch+json",
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/xml",
        "",
        "application/json; charset=utf-16",
    ]
)
JUNK_BODY = st.binary(max_size=300) | st.sampled_from(
    [
        deep(40),
        deep(3000),
        b"\xef\xbb\xbf{}",
        b'{"a": NaN}',
        b'{"variant": "coinche"',
        "{}".encode("utf-16"),
        b'{"teams": {"NS": "\\ud800"}}',
        b'{"x": "\\u0000"}',
        b'{"taker_points": 1' + b"0" * 5000 + b"}",
        b"null",
        b"[]",
        b'"coinche"',
        b"1" * 400,
        b"{" * 600,
    ]
)


# ---- what the database holds -------------------------------------------------------------------


def snapshot(app) -> tuple[Any, ...]:
    """The stored state that a refused request must not change."""
    with app.extensions["atout_engine"].connect() as conn:
        return tuple(
            conn.execute(text(sql)).one()
            for sql in (
                "SELECT count(*), coalesce(sum(version), 0) FROM game WHERE kind = 'sheet'",
                "SELECT count(*), coalesce(sum(number), 0) FROM deal WHERE events IS NULL",
                "SELECT count(*), coalesce(sum(version), 0) FROM game WHERE kind = 'play'",
                "SELECT count(*) FROM deal WHERE events IS NOT NULL",
            )
        )


def check(app, before: tuple[Any, ...], response) -> None:
    assert response.status_code < 500, (response.status, response.get_data(as_text=True)[:500])
    if response.status_code >= 400:
        assert snapshot(app) == before, f"a refusal ({response.status}) changed what is stored"


@pytest.fixture
def game(client, new_game):
    """A Coinche game with one deal, its id and token; the client holds its edit link."""
    gid, token, _ = new_game()
    assert (
        client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token)).status_code
        == 201
    )
    login(client, gid, token)
    return gid, token


# ---- the JSON API ------------------------------------------------------------------------------

API_WRITES = st.sampled_from(
    [
        ("POST", "/api/games"),
        ("POST", "/api/games/{gid}/deals"),
        ("PUT", "/api/games/{gid}/deals/1"),
        ("PUT", "/api/games/{gid}/deals/9"),
        ("DELETE", "/api/games/{gid}/deals/7"),
        ("POST", "/api/games/nosuchgame/deals"),
    ]
)
AUTH = st.sampled_from(["good", "none", "wrong", "Basic x", "Bearer ", "Bearer \x7f"])


def _auth(kind: str, token: str) -> dict[str, str]:
    return {"good": bearer(token), "none": {}, "wrong": bearer("x" * 32)}.get(
        kind, {"Authorization": kind}
    )


@FUZZ
@given(
    route=API_WRITES,
    auth=AUTH,
    body=structured(GAME_KEYS) | structured(RECORD_KEYS) | plausible_record() | JSON_VALUE,
)
def test_api_writes_with_structured_json(app, client, game, route, auth, body):
    gid, token = game
    method, path = route
    before = snapshot(app)
    response = client.open(
        path.format(gid=gid), method=method, json=body, headers=_auth(auth, token)
    )
    check(app, before, response)
    if response.status_code >= 400:
        assert response.json.get("error"), response.json
    if response.status_code in (400, 415, 422):
        assert response.json.get("field"), response.json  # names the field at fault


@FUZZ
@given(route=API_WRITES, body=JUNK_BODY, content_type=CONTENT_TYPES)
def test_api_writes_with_junk_bodies(app, client, game, route, body, content_type):
    gid, token = game
    method, path = route
    before = snapshot(app)
    response = client.open(
        path.format(gid=gid),
        method=method,
        data=body,
        headers={**bearer(token), "Content-Type": content_type},
    )
    check(app, before, response)
    assert response.status_code in (200, 201, 400, 404, 409, 413, 415, 422), response.status


@FUZZ
@given(
    path=st.sampled_from(
        [
            "/api/games/{gid}",
            "/api/games/{x}",
            "/g/{gid}/export.json",
            "/g/{gid}/export.csv",
            "/g/{gid}/qr.svg",
            "/g/{gid}/sheet?v={x}",
            "/e/{gid}/sheet",
            "/e/{gid}/deals/{x}",
            "/lang/{x}?next={x}",
            "/new?variant={x}&preset={x}",
            "/play/?variant={x}",
            "/rules/{x}",
            "/g/{gid}?view={x}",
        ]
    ),
    junk=TEXT,
)
def test_reads_with_junk_in_the_path_and_query(app, client, game, path, junk):
    gid, _ = game
    from urllib.parse import quote

    before = snapshot(app)
    response = client.get(path.format(gid=gid, x=quote(junk, safe="")))
    check(app, before, response)
    assert snapshot(app) == before  # a read never writes


# ---- the HTML forms ----------------------------------------------------------------------------

FORM_ROUTES = [
    "/new",
    "/e/{gid}/deals",
    "/e/{gid}/deals/1",
    "/e/{gid}/deals/5",
    "/e/{gid}/preview",
    "/e/{gid}/form",
    "/e/{gid}/names",
    "/e/{gid}/redo",
    "/e/{gid}/rematch",
    "/e/{gid}/deals/1/delete",
    "/e/{gid}/delete",
    "/play/",
]
FORM_KEYS = [
    "variant",
    "preset",
    "target",
    "team_ns",
    "team_ew",
    "player_N",
    "player_S",
    "first_dealer",
    "opt-target",
    "opt-litige",
    "taker",
    "bid",
    "trump",
    "coinche",
    "taker_points",
    "capot",
    "belote-0",
    "belote-1",
    "announcements-0-kind",
    "announcements-0-team",
    "announcements-²-kind",
    "number",
    "expected_number",
    "drop_later",
    "_add",
    "undo",
    "confirm",
    "record",
    "thrown_in",
    "bot",
    "practice",
]
FORM_TEXT = TEXT.filter(lambda s: not any(0xD800 <= ord(c) <= 0xDFFF for c in s))
FORM_VALUE = FORM_TEXT | st.sampled_from(
    [
        "NS",
        "EW",
        "110",
        "H",
        "94",
        "1",
        "coinche",
        "random",
        "on",
        '{"taker": "NS"}',
        "[" * 3000,
        '{"thrown_in": true}',
        '{"taker_points": ' + "1" * 5000 + "}",
    ]
)
#: each field of any form present or not, with a hostile value, and maybe a field of no form
FORM = st.fixed_dictionaries({}, optional=dict.fromkeys(FORM_KEYS, FORM_VALUE)).flatmap(
    lambda d: st.dictionaries(FORM_TEXT, FORM_VALUE, max_size=1).map(lambda e: {**e, **d})
)


@pytest.mark.parametrize("route", FORM_ROUTES)
@settings(FUZZ, max_examples=max(10, EXAMPLES // 3))
@given(form=FORM, with_csrf=st.integers(0, 4))
def test_form_posts(app, client, game, route, form, with_csrf):
    gid, _ = game
    before = snapshot(app)
    data = dict(form)
    if with_csrf:  # mostly: else every post stops at the CSRF check
        data["_csrf"] = csrf(client)
    response = client.post(route.format(gid=gid), data=data)
    check(app, before, response)


@FUZZ
@given(
    form=FORM,
    deal=TEXT,
    event=TEXT,
    action=st.sampled_from(["card", "call", "action"]),
    value=FORM_TEXT,
)
def test_play_table_moves(app, client, form, deal, event, action, value):
    made = client.post(
        "/play/", data={"variant": "coinche", "bot": "random", "_csrf": csrf(client)}
    )
    assert made.status_code == 303, made.status
    key = made.headers["Location"].rstrip("/").rsplit("/", 1)[-1]
    before = snapshot(app)
    data = {**form, "deal": deal, "event": event, action: value, "_csrf": csrf(client)}
    data = {k: v for k, v in data.items() if "\x00" not in k}
    response = client.post(f"/play/{key}/move", data=data, headers={"HX-Request": "true"})
    check(app, before, response)
    assert client.get(f"/play/{key}/hint").status_code < 500
