"""Web security of the scorepad (issue 10, items 3 and 4): the Content-Security-Policy on every
response, no eval-needing htmx attribute or inline script in any page."""

from __future__ import annotations

import re

import pytest
from scorepad_helpers import MADE_110, bearer, login

from scorepad.security import CONTENT_SECURITY_POLICY

_VALUES = {
    "gid": None,
    "number": "1",
    "name": "coinche",
    "code": "fr",
    "key": None,
    "filename": "scorepad.js",
}


def _play_key(client) -> str:
    page = client.get("/play/").get_data(as_text=True)
    csrf = re.search(r'name="_csrf" value="([^"]+)"', page).group(1)
    response = client.post("/play/", data={"_csrf": csrf, "variant": "coinche"})
    assert response.status_code == 303
    return response.headers["Location"].rsplit("/", 1)[1]


def _every_route(app, client, new_game) -> list[tuple[str, str, str]]:
    """Each (method, URL, route) of the app, with a real game (one deal) and a real play
    table."""
    gid, token, _ = new_game()
    assert (
        client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token)).status_code
        == 201
    )
    login(client, gid, token)
    event = client.post(
        "/api/events",
        json={
            "name": "Club",
            "variant": "coinche",
            "teams": [{"name": "A"}, {"name": "B"}],
            "rounds": 1,
            "pairing": "swiss",
        },
    )
    assert event.status_code == 201, event.json
    values = {**_VALUES, "gid": gid, "key": _play_key(client), "eid": event.json["id"]}
    routes = []
    for rule in app.url_map.iter_rules():
        url = rule.rule
        for arg in rule.arguments:
            url = re.sub(r"<(?:[^>:]+:)?" + arg + ">", values.get(arg, "1"), url)
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            routes.append((method, url, rule.rule))
    return routes


def test_every_route_answers_with_the_content_security_policy(app, client, new_game):
    routes = _every_route(app, client, new_game)
    assert len(routes) > 30
    for method, url, _ in routes:
        with client.open(url, method=method) as response:
            assert response.headers.get("Content-Security-Policy") == CONTENT_SECURITY_POLICY, (
                method,
                url,
                response.status_code,
            )


def test_every_request_is_logged_by_its_route_never_its_path(app, client, new_game):
    """The access log names a request by ``scorepad.requestlog.ROUTE``: set for every route,
    refused requests (no CSRF token, no edit right) included, and never a capability."""
    from scorepad.requestlog import ROUTE

    seen: list[str | None] = []
    inner = app.wsgi_app

    def recording(environ, start_response):
        try:
            return inner(environ, start_response)
        finally:
            seen.append(environ.get(ROUTE))

    routes = _every_route(app, client, new_game)
    app.wsgi_app = recording
    for method, url, route in routes:
        with client.open(url + "?t=SECRET", method=method) as response:
            assert seen[-1] == route, (method, url, response.status)
    client.get("/nowhere/SECRET")
    assert seen[-1] is None


def test_error_pages_carry_the_policy_too(client):
    for url in ("/e/nope", "/g/nope", "/rules/nope", "/api/games/nope"):
        response = client.get(url)
        assert response.status_code == 404
        assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY


def test_the_policy_allows_no_inline_script_no_eval_and_no_framing():
    directives = dict(d.split(" ", 1) for d in CONTENT_SECURITY_POLICY.split("; "))
    assert directives["script-src"] == "'self'"
    assert directives["style-src"] == "'self'"
    assert directives["default-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"
    assert directives["base-uri"] == "'none'"
    assert directives["form-action"] == "'self'"
    assert "unsafe" not in CONTENT_SECURITY_POLICY


_NEEDS_EVAL_OR_INLINE = [
    (re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.I), "inline script"),
    (re.compile(r"\son[a-z]+\s*=", re.I), "inline event handler"),
    (re.compile(r"hx-on", re.I), "hx-on (compiled with Function())"),
    (re.compile(r"hx-trigger=\"[^\"]*\[", re.I), "htmx trigger filter (compiled with Function())"),
    (re.compile(r"hx-(?:vars|vals)=['\"]\s*(?:js|javascript):", re.I), "js: values"),
    (re.compile(r"javascript:", re.I), "javascript: URL"),
    (re.compile(r"\sstyle=", re.I), "inline style attribute"),
    (re.compile(r"<style", re.I), "style element"),
]


def test_no_page_needs_eval_inline_script_or_inline_style(app, client, new_game):
    routes = [
        (m, u)
        for m, u, _ in _every_route(app, client, new_game)
        if m == "GET" and not u.startswith(("/static", "/assets", "/api"))
    ]
    pages = [client.get(u, headers=h) for _m, u in routes for h in ({}, {"HX-Request": "true"})]
    pages += [client.get(f"/new?variant={v}") for v in ("coinche", "belote")]
    checked = 0
    for response in pages:
        if "html" not in response.content_type:
            continue
        body = response.get_data(as_text=True)
        checked += 1
        for pattern, what in _NEEDS_EVAL_OR_INLINE:
            assert not pattern.search(body), (
                what,
                response.request.path,
                pattern.search(body).group(0),
            )
    assert checked > 15


def test_htmx_runs_without_eval_scripts_or_injected_styles(client):
    page = client.get("/").get_data(as_text=True)
    config = re.search(r'<meta name="htmx-config" content=\'([^\']+)\'', page).group(1)
    assert '"allowEval": false' in config
    assert '"allowScriptTags": false' in config
    assert '"includeIndicatorStyles": false' in config
    with client.get("/static/scorepad.css") as response:
        css = response.get_data(as_text=True)
    assert ".htmx-request .htmx-indicator" in css


@pytest.mark.parametrize("path", ["/e/{gid}/sheet", "/g/{gid}/sheet"])
def test_polled_sheets_use_the_script_driven_poll_trigger(client, new_game, path):
    gid, token, _ = new_game()
    login(client, gid, token)
    page = client.get(path.format(gid=gid)).get_data(as_text=True)
    assert 'hx-trigger="poll"' in page and 'data-poll="2"' in page
