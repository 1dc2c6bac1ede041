"""The Content-Security-Policy in a real browser: no page of the scorepad or of the play table
triggers a ``securitypolicyviolation`` (an inline script, an eval by htmx, an injected style),
and the pages still work under it: a deal is previewed and saved, the live page polls while it is
visible and stops while it is hidden, a move on the play table is answered."""

from __future__ import annotations

import json
import time
import urllib.request

import pytest
from browser_helpers import choose_variant
from conftest import PHONE

pytestmark = pytest.mark.playwright

#: reports every violation to Python (the binding outlives navigations; the init script runs
#: before any script of the page)
WATCH = """
document.addEventListener("securitypolicyviolation", function (e) {
  window.cspViolation({page: location.href, directive: e.violatedDirective,
                       blocked: e.blockedURI, sample: e.sample});
});
"""


@pytest.fixture
def watched(browser):
    """A phone page and the list of CSP violations (and console CSP errors) it met."""
    context = browser.new_context(**PHONE)
    context.set_default_timeout(10_000)
    violations: list[object] = []
    context.expose_function("cspViolation", lambda v: violations.append(v))
    context.add_init_script(WATCH)
    page = context.new_page()
    page.on(
        "console",
        lambda m: (
            violations.append(m.text)
            if "Content Security Policy" in m.text or "unsafe-eval" in m.text
            else None
        ),
    )
    page.on("pageerror", lambda e: violations.append(f"page error: {e}"))
    yield page, violations
    context.close()


def _variants(server: str) -> list[str]:
    with urllib.request.urlopen(server + "/api/variants") as response:
        return [v["name"] for v in json.load(response)["variants"]]


def _settle(page) -> None:
    page.wait_for_load_state("networkidle")


def _record_coinche_deal(page) -> None:
    page.locator("[data-field=taker] input[type=radio]").first.check()
    page.locator("[data-field=bid]").get_by_role("radio", name="110", exact=True).check()
    page.locator("[data-field=trump] input[type=radio]").first.check()
    page.locator("input[name=taker_points]").fill("94")
    page.locator("[data-preview-explanation]").wait_for()  # the htmx preview answered
    page.locator("[data-save]").click()
    page.locator("[data-flash]").wait_for()


def test_no_page_violates_the_content_security_policy(watched, server):
    page, violations = watched
    seen: list[str] = []

    def visit(url: str) -> None:
        page.goto(url)
        _settle(page)
        seen.append(url)
        assert page.evaluate("document.querySelectorAll('script:not([src])').length") == 0

    visit(server + "/")
    for name in _variants(server):
        visit(f"{server}/new?variant={name}")
        visit(f"{server}/rules/{name}")
    # the new-game form's variant menu swaps its part by htmx
    visit(server + "/new")
    choose_variant(page, "coinche")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url("**/e/*")
    gid = page.url.rsplit("/", 1)[1]
    _record_coinche_deal(page)
    _record_coinche_deal(page)
    assert page.locator("#sheet tr.deal").count() == 2
    visit(f"{server}/e/{gid}")
    visit(f"{server}/e/{gid}/deals/1")
    page.locator("[data-preview-explanation]").wait_for()  # the edit form previews on load
    visit(f"{server}/g/{gid}")
    visit(f"{server}/g/{gid}?view=tv")
    visit(server + "/")
    # the play table: the start page, its htmx variant menu, a table and one move
    visit(server + "/play/")
    page.locator("select[name=variant]").select_option("coinche")
    _settle(page)
    page.select_option("select[name=bot]", "rules")  # quick answers: the page is the point
    page.click("[data-play-go]")
    page.wait_for_selector("[data-table]")
    table = page.locator("[data-table]")
    before = table.get_attribute("data-event")
    if table.get_attribute("data-phase") == "auction":
        page.locator("[data-call='PASS']").click()
    else:
        page.locator("[data-card]:not([aria-disabled=true])").first.click()
    page.wait_for_function(
        "e => document.querySelector('[data-table]').dataset.event != e", arg=before
    )
    key = page.url.rstrip("/").split("/play/")[1]
    visit(f"{server}/play/{key}")
    page.locator("[data-hint-button]").click()
    _settle(page)
    page.wait_for_timeout(2500)  # at least one poll of the game page's sheet happened meanwhile
    assert violations == [], violations
    assert len(seen) >= 10


def _sheet_requests(page, gid: str) -> list[float]:
    hits: list[float] = []
    page.on(
        "request", lambda r: hits.append(time.monotonic()) if f"/g/{gid}/sheet" in r.url else None
    )
    return hits


def _set_visibility(page, state: str) -> None:
    page.evaluate(
        """state => {
        Object.defineProperty(document, "visibilityState", {configurable: true,
                                                            get: () => state});
        Object.defineProperty(document, "hidden", {configurable: true,
                                                   get: () => state === "hidden"});
        document.dispatchEvent(new Event("visibilitychange"));
    }""",
        state,
    )


def test_the_live_page_polls_while_visible_and_stops_while_hidden(watched, server):
    page, violations = watched
    with urllib.request.urlopen(
        urllib.request.Request(
            server + "/api/games",
            data=b'{"variant": "coinche"}',
            headers={"Content-Type": "application/json"},
        )
    ) as response:
        gid = json.load(response)["id"]
    page.goto(f"{server}/g/{gid}")
    hits = _sheet_requests(page, gid)
    # (wait_for_timeout, not time.sleep: the sync API hands over events only while it waits)
    page.wait_for_timeout(5000)  # POLL_SECONDS is 2: two polls
    assert len(hits) >= 2, hits
    _set_visibility(page, "hidden")
    page.wait_for_timeout(300)
    count = len(hits)
    page.wait_for_timeout(5000)
    assert len(hits) == count, "the hidden page kept polling"
    shown = time.monotonic()
    _set_visibility(page, "visible")
    page.wait_for_timeout(1000)
    assert len(hits) > count and hits[count] - shown < 1, "no poll as soon as it shows again"
    page.wait_for_timeout(4500)
    assert len(hits) >= count + 3, "polling did not go on once visible"
    assert violations == [], violations
