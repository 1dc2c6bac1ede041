"""Bad input of every class an attacker tried (issue 10): a 4xx naming the field and the reason,
never a 500, and nothing stored."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from sqlalchemy import func, select
from sqlmodel import Session

from scorepad.models import Deal, Game

RECORD = {"taker": "NS", "bid": 110, "trump": "H", "taker_points": 100}


def stored(app) -> tuple[int, int]:
    """(games, deals) in the database."""
    with Session(app.extensions["atout_engine"]) as session:
        return (
            session.scalar(select(func.count()).select_from(Game)),
            session.scalar(select(func.count()).select_from(Deal)),
        )


def refused(response, status: int, field: str | None = None) -> dict[str, Any]:
    assert response.status_code == status, (response.status_code, response.get_data(True)[:300])
    body = response.get_json()
    assert body and body["error"], body
    if field is not None:
        assert body.get("field") == field, body
    return body


# ---- JSON bodies ------------------------------------------------------------------------------

DEEP = [
    "[" * 1000 + "]" * 1000,
    '{"a":' * 1000 + "1" + "}" * 1000,
    '{"variant": "coinche", "x": ' + "[" * 5000 + "]" * 5000 + "}",
]


@pytest.mark.parametrize("body", DEEP)
def test_deeply_nested_json_is_400_on_every_json_route(app, client, new_game, body):
    gid, token, _ = new_game()
    before = stored(app)
    auth = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    for method, url in [
        ("post", "/api/games"),
        ("post", f"/api/games/{gid}/deals"),
        ("put", f"/api/games/{gid}/deals/1"),
    ]:
        response = getattr(client, method)(url, data=body, headers=auth)
        assert "nested too deeply" in refused(response, 400, "body")["error"]
    assert stored(app) == before


@pytest.mark.parametrize(
    "content_type",
    [
        None,
        "text/plain",
        "text/html",
        "application/xml",
        "multipart/form-data; boundary=x",
        "application/x-www-form-urlencoded",
        "application/json; charset=latin-1",
        "application/json; charset=utf-16",
    ],
)
def test_a_body_that_is_not_declared_utf8_json_is_415(app, client, new_game, content_type):
    gid, token, _ = new_game()
    before = stored(app)
    headers = {"Authorization": f"Bearer {token}"}
    if content_type:
        headers["Content-Type"] = content_type
    for url in ("/api/games", f"/api/games/{gid}/deals"):
        body = json.dumps({"variant": "coinche", **RECORD})
        refused(client.post(url, data=body, headers=headers), 415, "Content-Type")
    assert stored(app) == before


@pytest.mark.parametrize(
    "raw",
    [
        b"\xef\xbb\xbf" + json.dumps(RECORD).encode(),
        json.dumps(RECORD).encode("utf-16"),
        json.dumps(RECORD).encode("utf-32"),
        json.dumps(RECORD).encode("utf-16-le"),
        b'{"taker": "\xe9"}',
        b"",
        b"null",
        b"[]",
        b"[1]",
        b'"x"',
        b"NaN",
        b'{"taker_points": ' + b"9" * 5000 + b"}",
        b'{"taker_points": 1e999}',
    ],
)
def test_a_body_that_is_not_utf8_json_object_is_400(app, client, new_game, raw):
    gid, token, _ = new_game()
    response = client.post(
        f"/api/games/{gid}/deals",
        data=raw,
        headers={"Authorization": f"Bearer {token}", "Content-Type": "application/json"},
    )
    refused(response, 400)
    assert stored(app) == (1, 0)


def test_a_json_subtype_is_json(client, new_game):
    gid, token, _ = new_game()
    response = client.post(
        f"/api/games/{gid}/deals",
        data=json.dumps(RECORD),
        headers={
            "Authorization": f"Bearer {token}",
            "Content-Type": "application/merge-patch+json",
        },
    )
    assert response.status_code == 201


# ---- numbers ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "field, value",
    [
        ("bid", "²"),
        ("bid", "⁹⁰"),
        ("bid", "１１０"),
        ("bid", "٣٠"),
        ("bid", "9" * 5000),
        ("taker_points", "²"),
        ("taker_points", "１００"),
        ("taker_points", "9" * 5000),
        ("taker_points", 10**17),
        ("bid", -(10**17)),
    ],
)
def test_digits_other_than_ascii_are_not_numbers(app, client, new_game, field, value):
    gid, token, _ = new_game()
    client.post(
        f"/api/games/{gid}/deals", json=RECORD, headers={"Authorization": f"Bearer {token}"}
    )
    for method, url in [("post", f"/api/games/{gid}/deals"), ("put", f"/api/games/{gid}/deals/1")]:
        response = getattr(client, method)(
            url, json={**RECORD, field: value}, headers={"Authorization": f"Bearer {token}"}
        )
        refused(response, 422, field)
    assert stored(app) == (1, 1)
    assert client.get(f"/api/games/{gid}").json["deals"][0]["record"]["bid"] == 110


def test_a_deal_number_in_other_digits_is_not_a_deal(app, client, new_game):
    gid, token, _ = new_game()
    client.post(
        f"/api/games/{gid}/deals", json=RECORD, headers={"Authorization": f"Bearer {token}"}
    )
    for number in ("%D9%A1", "%EF%BC%91", "%C2%B9", "1" + "0" * 30):
        response = client.delete(
            f"/api/games/{gid}/deals/{number}", headers={"Authorization": f"Bearer {token}"}
        )
        assert response.status_code == 404
        assert response.is_json
    assert stored(app) == (1, 1)


@pytest.mark.parametrize(
    "target, status",
    [
        (10**20, 400),
        (10**100, 400),
        (10**17, 422),
        (10**6, 422),
        ("1000", 422),
        ("１０００", 422),
        (True, 422),
        (0, 422),
    ],
)
def test_a_target_the_match_could_never_reach_is_refused(app, client, target, status):
    response = client.post("/api/games", json={"variant": "coinche", "target": target})
    refused(response, status)
    assert stored(app) == (0, 0)


def test_the_largest_target_is_accepted_and_documented(client):
    from scorepad.games import largest_target
    from scorepad.installed import variant

    top = largest_target(variant("coinche"))
    assert top is not None and top >= 1000
    assert client.post("/api/games", json={"variant": "coinche", "target": top}).status_code == 201
    refused(
        client.post("/api/games", json={"variant": "coinche", "target": top + 1}), 422, "target"
    )
    refused(
        client.post("/api/games", json={"variant": "coinche", "options": {"target": top + 1}}),
        422,
        "options.target",
    )


# ---- text -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name, field",
    [
        ("\ud800", "teams.NS"),
        ("a\x00b", "teams.NS"),
        ("bell\x07", "teams.NS"),
        ("line\nbreak", "teams.NS"),
        ("x" * 41, "teams.NS"),
    ],
)
def test_team_names_that_cannot_be_stored_are_refused(app, client, name, field):
    response = client.post("/api/games", json={"variant": "coinche", "teams": {"NS": name}})
    assert response.status_code in (400, 422)
    assert refused(response, response.status_code, field)
    assert stored(app) == (0, 0)


@pytest.mark.parametrize(
    "body, field",
    [
        ({"variant": "coin\x00che"}, "variant"),
        ({"variant": "coinche", "preset": "a\x00"}, "preset"),
        ({"variant": "coinche", "options": {"a\x00": 1}}, "options"),
        ({"variant": "coinche", "first_dealer": "\x00"}, "first_dealer"),
    ],
)
def test_nul_anywhere_in_a_new_game_is_refused(app, client, body, field):
    response = client.post("/api/games", json=body)
    assert response.status_code in (400, 422)
    assert response.get_json()["field"].startswith(field)
    assert stored(app) == (0, 0)


def test_a_nul_in_a_path_is_404_on_every_route(client, new_game):
    _gid, token, _ = new_game()
    auth = {"Authorization": f"Bearer {token}"}
    for method, url in [
        ("get", "/api/games/a%00b"),
        ("post", "/api/games/a%00b/deals"),
        ("put", "/api/games/a%00b/deals/1"),
        ("delete", "/api/games/a%00b/deals/1"),
        ("get", "/g/a%00b"),
        ("get", "/g/a%00b/sheet?v=1"),
        ("get", "/g/a%00b/qr.svg"),
        ("get", "/g/a%00b/export.json"),
        ("get", "/g/a%00b/export.csv"),
        ("get", "/e/a%00b"),
        ("get", "/e/a%00b?t=x"),
        ("get", "/e/a%00b/sheet"),
    ]:
        response = getattr(client, method)(url, json=RECORD, headers=auth)
        assert response.status_code == 404, (url, response.status_code)


# ---- HTML forms -------------------------------------------------------------------------------


def _csrf(page: str) -> str:
    return re.search(r'name="(?:_csrf|csrf)" value="([^"]+)"', page).group(1)


def _edit_session(client, new_game):
    gid, token, _ = new_game()
    client.get(f"/e/{gid}?t={token}")
    page = client.get(f"/e/{gid}").get_data(as_text=True)
    csrf = _csrf(page)
    return gid, csrf


FORM = {"taker": '"NS"', "bid": "110", "trump": '"H"', "coinche": '"none"', "taker_points": "100"}


@pytest.mark.parametrize(
    "field, value",
    [
        ("taker_points", "--5"),
        ("taker_points", "²"),
        ("taker_points", "１００"),
        ("taker_points", "9" * 5000),
        ("bid", "²"),
        ("bid", "[" * 5000),
        ("taker", "[" * 5000),
        ("belote-0", "²"),
        ("belote-0", "9" * 5000),
        ("announcements-²-kind", '"tierce"'),
        ("announcements-9999999999-kind", '"tierce"'),
        ("number", "²"),
        ("expected_number", "²"),
        ("taker", '"N\\u0000S"'),
        ("taker_points", "1\x00"),
    ],
)
def test_bad_form_values_are_not_500_and_store_nothing(app, client, new_game, field, value):
    gid, csrf = _edit_session(client, new_game)
    form = {**FORM, "_csrf": csrf, field: value}
    for url in (f"/e/{gid}/deals", f"/e/{gid}/preview", f"/e/{gid}/form"):
        response = client.post(url, data=form)
        assert response.status_code < 500, (url, response.status_code)
    assert stored(app)[1] <= 1  # a value read as absent may leave a valid deal
    if field not in (
        "number",
        "expected_number",
        "belote-0",
        "announcements-²-kind",
        "announcements-9999999999-kind",
    ):
        assert stored(app) == (1, 0)


@pytest.mark.parametrize("target", ["²", "１０００", "9" * 5000, "10" + "0" * 17, "-5"])
def test_bad_target_on_the_new_game_form(app, client, target):
    page = client.get("/new").get_data(as_text=True)
    csrf = _csrf(page)
    response = client.post("/new", data={"_csrf": csrf, "variant": "coinche", "target": target})
    assert response.status_code == 422
    assert stored(app) == (0, 0)


def test_team_name_with_nul_on_the_form(app, client):
    page = client.get("/new").get_data(as_text=True)
    csrf = _csrf(page)
    response = client.post("/new", data={"_csrf": csrf, "variant": "coinche", "team_ns": "a\x00b"})
    assert response.status_code == 422
    assert stored(app) == (0, 0)


@pytest.mark.parametrize(
    "target",
    [
        "/x\r\nSet-Cookie: a=b",
        "/%0d%0a",
        "/\x00",
        "\\\\evil",
        "/\\evil.example",
        "//evil.example",
        "https://evil.example",
    ],
)
def test_language_switch_never_redirects_off_site_or_raises(client, target):
    response = client.get("/lang/fr", query_string={"next": target})
    assert response.status_code == 303
    location = response.headers["Location"]
    assert "\r" not in location and "\n" not in location and "evil" not in location


# ---- hosts ------------------------------------------------------------------------------------


def test_an_untrusted_host_is_refused_and_never_reflected(app, client):
    app.config["PUBLIC_URL"] = None
    for url in ("/", "/api/games", "/new"):
        response = client.get(url, headers={"Host": "evil.example"})
        assert response.status_code == 400
        assert b"evil" not in response.data
    response = client.post(
        "/api/games", json={"variant": "coinche"}, headers={"Host": "evil.example"}
    )
    assert response.status_code == 400
    assert response.get_json()["field"] == "Host"
    assert stored(app) == (0, 0)


def test_links_use_a_trusted_host(db_url, monkeypatch):
    from scorepad import create_app, share

    monkeypatch.setattr(share, "lan_address", lambda: "192.168.1.20")
    monkeypatch.setenv("ATOUT_TRUSTED_HOSTS", "pc.local")
    app = create_app({"TESTING": True, "DATABASE_URL": db_url, "PUBLIC_URL": None})
    client = app.test_client()
    body = client.post(
        "/api/games", json={"variant": "coinche"}, base_url="http://pc.local:8000"
    ).json
    assert body["urls"]["edit"].startswith("http://pc.local:8000/e/")
    body = client.post(
        "/api/games", json={"variant": "coinche"}, base_url="http://127.0.0.1:8000"
    ).json
    assert body["urls"]["live"].startswith("http://192.168.1.20:8000/g/")
    # Every link of the answer, the API's own included, comes from the same trusted base.
    assert body["urls"]["api"] == f"http://192.168.1.20:8000/api/games/{body['id']}"
    qr = client.get(f"/g/{body['id']}/qr.svg", base_url="http://127.0.0.1:8000")
    assert "public" not in qr.headers["Cache-Control"]
    assert "Host" in qr.headers["Vary"]
    app.extensions["atout_engine"].dispose()


def test_a_configured_public_url_qr_may_be_cached(client, new_game):
    gid, _, _ = new_game()
    response = client.get(f"/g/{gid}/qr.svg")
    assert response.headers["Cache-Control"].startswith("public")
    assert response.headers["X-Atout-URL"].startswith("http://table.example:8000/")


def test_a_listed_proxy_gives_the_forwarded_host_only_when_trusted(db_url):
    from scorepad import create_app

    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": db_url,
            "PROXIES": "127.0.0.1",
            "TRUSTED_HOSTS": ["cards.example.org", "localhost"],
        }
    )
    client = app.test_client()
    body = client.post(
        "/api/games",
        json={"variant": "coinche"},
        headers={"X-Forwarded-Host": "cards.example.org", "X-Forwarded-Proto": "https"},
    ).json
    assert body["urls"]["live"].startswith("https://cards.example.org/g/")
    response = client.post(
        "/api/games",
        json={"variant": "coinche"},
        headers={"X-Forwarded-Host": "evil.example", "X-Forwarded-Proto": "https"},
    )
    assert response.status_code == 400
    app.extensions["atout_engine"].dispose()


def test_forwarded_headers_from_a_peer_that_is_not_a_listed_proxy_are_ignored(db_url):
    from scorepad import create_app

    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": db_url,
            "PROXIES": "10.0.0.1",
            "TRUSTED_HOSTS": ["cards.example.org", "localhost"],
        }
    )
    body = (
        app.test_client()
        .post(
            "/api/games",
            json={"variant": "coinche"},
            headers={"X-Forwarded-Host": "cards.example.org", "X-Forwarded-Proto": "https"},
        )
        .json
    )
    assert body["urls"]["live"].startswith("http://")
    assert "cards.example.org" not in body["urls"]["live"]
    app.extensions["atout_engine"].dispose()


# ---- logs -------------------------------------------------------------------------------------


def test_log_lines_escape_untrusted_text(app, caplog):
    @app.get("/boom/<rest>")
    def boom(rest):
        raise RuntimeError(f"bad value {rest}")

    client = app.test_client()
    with caplog.at_level("ERROR", logger="scorepad"):
        response = client.get("/boom/x%0D%0AFAKE%20line")
    assert response.status_code == 500
    [record] = caplog.records
    lines = record.getMessage().splitlines()
    assert "\\r\\nFAKE line" in lines[0]
    assert not any(line.startswith("FAKE") for line in lines)


def test_an_error_line_names_the_route_not_the_capability_in_the_path(app, caplog):
    @app.get("/crash/<key>")
    def crash(key):
        raise RuntimeError("no detail")

    with caplog.at_level("ERROR", logger="scorepad"):
        assert app.test_client().get("/crash/SECRETKEY123?t=TOKEN456").status_code == 500
    [record] = caplog.records
    assert "GET /crash/<key>" in record.getMessage()
    assert "SECRETKEY123" not in caplog.text and "TOKEN456" not in caplog.text


def test_sql_parameters_are_hidden_from_errors(app):
    engine = app.extensions["atout_engine"]
    assert engine.hide_parameters


# ---- one game's size --------------------------------------------------------------------------


def test_a_game_holds_at_most_max_deals(app, client, new_game, monkeypatch):
    from scorepad import games

    assert games.MAX_DEALS >= 400
    monkeypatch.setattr(games, "MAX_DEALS", 3)
    gid, token, _ = new_game(target=10000)
    auth = {"Authorization": f"Bearer {token}"}
    thrown = {"thrown_in": True}
    for _ in range(3):
        assert client.post(f"/api/games/{gid}/deals", json=thrown, headers=auth).status_code == 201
    response = client.post(f"/api/games/{gid}/deals", json=thrown, headers=auth)
    assert "at most 3 deals" in refused(response, 409, "number")["error"]
    assert stored(app) == (1, 3)


def test_a_match_at_the_largest_target_ends_within_max_deals():
    """Random bots play a Coinche match at the largest target the scorepad allows: it ends well
    before the deal limit, so the limit never stops a real match."""
    from framework.bots.base import play_out
    from framework.bots.registry import make_bot
    from framework.engine.deal import Deal as PlayedDeal
    from framework.engine.match import Match
    from scorepad import games, installed

    v = installed.variant("coinche")
    rules = v.rules(None, {"target": games.largest_target(v)})
    match = Match(v, rules)
    bots = [make_bot("random", i) for i in range(4)]
    for n in range(games.MAX_DEALS):
        deal = PlayedDeal.new(v, rules, match.dealer, seed=n, context=match.context())
        play_out(deal, bots)
        match.add(deal.record())
        if match.outcome.over:
            break
    assert match.outcome.over, match.totals


# ---- headers ----------------------------------------------------------------------------------


def test_responses_carrying_the_edit_token_are_not_stored(client, new_game):
    response = client.post("/api/games", json={"variant": "coinche"})
    assert response.headers["Cache-Control"] == "no-store"
    gid, token = response.json["id"], response.json["edit_token"]
    assert client.get(f"/e/{gid}?t={token}").headers["Cache-Control"] == "no-store"
    assert client.get(f"/e/{gid}").headers["Cache-Control"] == "no-store"
    assert "no-store" not in client.get(f"/g/{gid}").headers.get("Cache-Control", "")


def test_cookies_are_secure_behind_https(db_url):
    from scorepad import create_app

    app = create_app(
        {"TESTING": True, "DATABASE_URL": db_url, "PUBLIC_URL": "https://cards.example.org"}
    )
    assert app.config["SESSION_COOKIE_SECURE"] is True
    app.extensions["atout_engine"].dispose()
