"""The scorepad at a real table, measured in a phone's browser (390×844): a typical deal of
every built-in variant entered and saved without any scroll, the saved line, the totals and
Undo on screen after Save, the keyboard up, a spectator seeing a reopened game, sharing the
result over plain http, and axe-core's accessibility check of every page, light and dark."""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path

import pytest
from browser_helpers import choose_variant, settle
from conftest import PHONE
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.playwright

AXE = (
    Path(__file__).resolve().parents[2]
    / ".cache"
    / "axe"
    / "node_modules"
    / "axe-core"
    / "axe.min.js"
)

#: a typical deal of each built-in variant: (field, value) in form order (the issue's list)
TYPICAL = {
    "coinche": [
        ("taker", "NS"),
        ("bid", 100),
        ("trump", "H"),
        ("taker_points", 110),
        ("belote", ["NS"]),
    ],
    "french-belote": [
        ("taker", "NS"),
        ("round", 1),
        ("trump", "H"),
        ("taker_points", 100),
        ("belote", ["NS"]),
    ],
    "bulgarian-belot": [
        ("contract", "H"),
        ("declarer", "N"),
        ("declarer_points", 90),
        ("belot", ["NS"]),
    ],
    "bela": [("trump", "H"), ("caller", "N"), ("caller_points", 100), ("bela", ["NS"])],
    "cuatrola": [("bet", "cuatrola"), ("declarer", "N"), ("trump", "O"), ("tricks", 4)],
    # a game of 7 hearts by N, E whists and S passes; N takes 7 tricks, E 3, S none
    "preference": [
        ("kind", "game"),
        ("declarer", "N"),
        ("contract", "7H"),
        ("whist-0-E", "whist"),
        ("whist-0-S", "pass"),
        ("tricks-0-N", 7),
        ("tricks-0-E", 3),
        ("tricks-0-S", 0),
    ],
}
PLAYERS = {"N": "Anne", "E": "Léa", "S": "Paul", "W": "Marc"}


def api(
    server: str,
    path: str,
    body: dict | None = None,
    token: str | None = None,
    method: str | None = None,
) -> dict:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(server + path, data, headers=headers, method=method)
    with urllib.request.urlopen(request) as response:
        text = response.read()
    return json.loads(text) if text else {}


def new_game(server: str, variant: str, **extra) -> dict:
    """A game through the API, a player named at each of the variant's seats."""
    seats = next(
        v["seats"] for v in api(server, "/api/variants")["variants"] if v["name"] == variant
    )
    players = {seat: PLAYERS[seat] for seat in seats}
    return api(server, "/api/games", {"variant": variant, "players": players, **extra})


def in_view(page: Page, locator) -> bool:
    """Inside the viewport, and not under anything drawn over it (the sticky Save bar)."""
    box = locator.bounding_box()
    size = page.viewport_size
    inside = (
        box is not None
        and box["y"] >= 0
        and box["y"] + box["height"] <= size["height"]
        and box["x"] >= 0
        and box["x"] + box["width"] <= size["width"]
    )
    return inside and locator.evaluate(
        "e => { const r = e.getBoundingClientRect();"
        " const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);"
        " return hit !== null && (e === hit || e.contains(hit) || hit.contains(e)); }"
    )


def control(page: Page, name: str, value) -> object:
    """The control that sets ``name`` to ``value``: a button (its label), a menu or a number
    field. A list of one team (a belote) is that team's button, or the count 1 beside it."""
    box = page.locator(f"#deal-form [data-field='{name}']")
    wanted = value[0] if isinstance(value, list) else value
    radio = box.locator(f"input[type=radio][name='{name}'][value='{json.dumps(wanted)}']")
    if not radio.count() and isinstance(value, list):
        radio = box.locator(f"input[type=radio][name='{name}-0'][value='1']")
    if radio.count():
        return radio.locator("xpath=..")  # the label a finger taps
    menu = box.locator(f"select[name='{name}']")  # a long list of choices (Préférence's games)
    if menu.count():
        return menu
    return box.locator(f"input[name='{name}']")


@pytest.mark.parametrize("variant", sorted(TYPICAL))
def test_a_typical_deal_is_entered_and_saved_without_any_scroll(phone, server, variant):
    game = new_game(server, variant)
    phone.goto(game["urls"]["edit"])
    phone.locator("#deal-form").wait_for()
    start = phone.evaluate("window.scrollY")
    for name, value in TYPICAL[variant]:
        target = control(phone, name, value)
        assert in_view(phone, target), f"{name} is off screen before it is tapped"
        tag = target.evaluate("e => e.tagName")
        if tag == "INPUT":
            target.tap()
            target.press_sequentially(str(value))
        elif tag == "SELECT":
            target.select_option(json.dumps(value))
        else:
            target.tap()
        assert phone.evaluate("window.scrollY") == start, f"the page scrolled at {name}"
    expect(phone.locator("[data-preview-points]")).to_be_visible()
    save = phone.locator("[data-save]")
    assert in_view(phone, save)
    save.tap()
    notice = phone.locator("[data-notice=saved]")
    notice.wait_for()
    assert in_view(phone, notice), "the saved deal's line is off screen"
    assert in_view(phone, phone.locator("#glance")), "the new totals are off screen"
    undo = phone.locator("[data-undo-notice]")
    assert in_view(phone, undo), "Undo of the newest deal needs a scroll"
    assert "Anne deals" in phone.locator("#deal-form h2").inner_text()  # W dealt, N is next


def test_with_the_keyboard_up_the_preview_and_save_stay_visible(browser, server):
    context = browser.new_context(**{**PHONE, "viewport": {"width": 390, "height": 600}})
    page = context.new_page()
    try:
        page.goto(new_game(server, "coinche")["urls"]["edit"])
        for name, value in TYPICAL["coinche"][:3]:
            control(page, name, value).tap()
        points = page.locator("input[name=taker_points]")
        points.focus()
        points.press_sequentially("110")
        expect(page.locator("[data-preview-points]")).to_be_visible()
        for part in (points, page.locator("[data-preview]"), page.locator("[data-save]")):
            assert in_view(page, part)
        bar = page.locator(".submit-bar").bounding_box()
        field = points.bounding_box()
        assert field["y"] + field["height"] <= bar["y"], "the bar hides the points field"
    finally:
        context.close()


def test_a_spectator_sees_the_match_reopened_within_five_seconds(spectator, server):
    game = new_game(server, "coinche", target=200)
    token = game["edit_token"]
    api(
        server,
        f"/api/games/{game['id']}/deals",
        {
            "taker": "NS",
            "bid": 110,
            "trump": "H",
            "taker_points": 94,
            "belote": ["NS"],
            "coinche": "coinche",
        },
        token,
    )
    spectator.clock.install()  # the page's own time, moved on by the test
    spectator.goto(game["urls"]["live"])
    expect(spectator.locator("#sheet")).to_have_attribute("data-over", "true")
    api(server, f"/api/games/{game['id']}/deals/1", token=token, method="DELETE")
    spectator.clock.run_for(5_000)  # five seconds of the page's timers: its polls leave
    expect(spectator.locator("#sheet")).to_have_attribute("data-over", "false")
    expect(spectator.locator("[data-winner]")).to_have_count(0)
    expect(spectator.locator("[data-next-dealer]")).to_contain_text("Marc deals")


def test_over_plain_http_the_result_is_text_to_select(browser, server):
    """Web Share and the Clipboard API exist only in secure contexts: a phone opening
    http://192.168.x.y has neither, as this page is made to see."""
    context = browser.new_context(**PHONE)
    context.add_init_script(
        "delete Navigator.prototype.share; delete Navigator.prototype.clipboard;"
    )
    page = context.new_page()
    try:
        game = new_game(server, "coinche", target=200)
        api(
            server,
            f"/api/games/{game['id']}/deals",
            {
                "taker": "NS",
                "bid": 110,
                "trump": "H",
                "taker_points": 94,
                "belote": ["NS"],
                "coinche": "coinche",
            },
            game["edit_token"],
        )
        assert server.startswith("http://")
        page.goto(game["urls"]["edit"])
        assert page.evaluate("typeof navigator.share") == "undefined"
        expect(page.locator("[data-share]")).to_be_hidden()
        text = page.locator("[data-result-text]")
        expect(text).to_be_visible()
        totals = api(server, f"/api/games/{game['id']}")["totals"]
        expect(text).to_have_value(
            f"Anne & Paul {totals['NS']} – Léa & Marc {totals['EW']} · "
            "Coinche (belote coinchée / contrée) · 1 deal"
        )
        text.tap()
        selected = page.evaluate(
            "(() => { const t = document.querySelector("
            "'[data-result-text]'); "
            "return t.value.substring(t.selectionStart, t.selectionEnd); })()"
        )
        assert selected == text.input_value()
        expect(page.locator("[data-match-summary]")).to_contain_text("Contracts made")
    finally:
        context.close()


def _pages(server: str) -> dict[str, str]:
    """One URL of each kind of page, over one game with a few deals."""
    game = new_game(server, "coinche")
    for record in (
        {"taker": "NS", "bid": 110, "trump": "H", "taker_points": 94},
        {"taker": "EW", "bid": 80, "trump": "S", "taker_points": 100},
    ):
        api(server, f"/api/games/{game['id']}/deals", record, game["edit_token"])
    return {
        "home": "/",
        "new-game": "/new",
        "game": game["urls"]["edit"],
        "deal-edit": f"/e/{game['id']}/deals/1",
        "rules": "/rules/coinche",
        "live": game["urls"]["live"],
    }


def _play_table(page: Page, server: str) -> str:
    """The URL of a new game against the computer, its hand and calls on the table."""
    page.goto(server + "/play/")
    choose_variant(page, "coinche", part="#play-variant-part")
    page.select_option("select[name=bot]", "rules")
    page.click("[data-play-go]")
    page.locator("[data-table] [data-card]").first.wait_for()
    return page.url


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_or_critical_violation(browser, server, scheme):
    if not AXE.exists():
        pytest.fail(f"axe-core is needed at {AXE}: scripts/test installs it (npm)")
    context = browser.new_context(**PHONE, color_scheme=scheme, bypass_csp=True)
    page = context.new_page()
    try:
        found = {}
        pages = {**_pages(server), "play-start": "/play/", "play-table": _play_table(page, server)}
        for kind, url in pages.items():
            page.goto(url if url.startswith("http") else server + url)
            settle(page)
            page.add_script_tag(path=str(AXE))
            result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
            bad = [
                (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
                for v in result["violations"]
                if v["impact"] in ("serious", "critical")
            ]
            if bad:
                found[kind] = bad
        assert found == {}, found
    finally:
        context.close()


def _enter(page: Page, deal: list) -> None:
    """Tap a typical deal in, each control in view and under nothing when it is tapped."""
    for name, value in deal:
        target = control(page, name, value)
        assert in_view(page, target), f"{name} is off screen or covered before it is tapped"
        target.tap()
        if target.evaluate("e => e.tagName") == "INPUT":
            target.press_sequentially(str(value))
    expect(page.locator("[data-preview-points]")).to_be_visible()


def test_at_the_second_deal_no_field_is_under_the_save_bar(phone, server):
    phone.goto(new_game(server, "coinche")["urls"]["edit"])
    phone.locator("#deal-form").wait_for()
    _enter(phone, TYPICAL["coinche"])
    phone.locator("[data-save]").tap()
    phone.locator("[data-notice=saved]").wait_for()
    settle(phone)
    points = phone.locator("input[name=taker_points]")
    bar = phone.locator(".submit-bar").bounding_box()
    field = points.bounding_box()
    assert field["y"] + field["height"] <= bar["y"], "the Save bar covers the points field"
    _enter(phone, TYPICAL["coinche"])
    save = phone.locator("[data-save]")
    assert in_view(phone, save)
    save.tap()
    expect(phone.locator("[data-notice=saved]")).to_contain_text("Saved deal 2:")
