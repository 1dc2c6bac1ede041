"""The Content-Security-Policy in a real browser: no page of the scorepad or of the play table
triggers a ``securitypolicyviolation`` (an inline script, an eval by htmx, an injected style),
and the pages still work under it: a deal is previewed and saved, the live page polls while it is
visible and stops while it is hidden, a move on the play table is answered."""

from __future__ import annotations

import json
import urllib.request

import pytest
from browser_helpers import choose_variant, settle
from conftest import CEILING_MS, PHONE

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
    context.set_default_timeout(CEILING_MS)
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
        settle(page)
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
    with page.expect_response(lambda r: f"/g/{gid}/sheet" in r.url):
        pass  # the live sheet's next poll, and its swap
    settle(page)
    visit(f"{server}/g/{gid}?view=tv")
    visit(server + "/")
    # the play table: the start page, its htmx variant menu, a table and one move
    visit(server + "/play/")
    choose_variant(page, "coinche", part="#play-variant-part")
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
    page.locator("[data-hint]").wait_for()
    settle(page)
    assert violations == [], violations
    assert len(seen) >= 10


#: the page clock's start (Unix seconds): any time will do
START = 1_800_000_000


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
    polls: list[str] = []
    page.on("request", lambda r: polls.append(r.url) if f"/g/{gid}/sheet" in r.url else None)

    def one_poll() -> None:
        """The page's clock moves on by one period (POLL_SECONDS, 2): one poll leaves; wait
        for its answer, then let htmx's settle timer (20 ms) run if the answer was swapped."""
        with page.expect_response(lambda r: f"/g/{gid}/sheet" in r.url):
            page.clock.run_for(2_000)
        page.clock.run_for(50)
        settle(page)

    # The page's timers run on a clock the test moves, paused from the start: no wall-clock
    # waiting, and the same polls on an idle or a busy machine.
    page.clock.install(time=START)
    page.clock.pause_at(START + 1)
    page.goto(f"{server}/g/{gid}")
    assert polls == []
    one_poll()
    one_poll()
    assert len(polls) == 2
    _set_visibility(page, "hidden")
    page.clock.run_for(20_000)  # ten periods, hidden
    # showing the page again asks at once; a poll sent while hidden would come before it
    with page.expect_response(lambda r: f"/g/{gid}/sheet" in r.url):
        _set_visibility(page, "visible")
    page.clock.run_for(50)
    settle(page)
    assert len(polls) == 3, "the hidden page kept polling"
    one_poll()
    one_poll()
    assert len(polls) == 5, "polling did not go on once visible"
    assert violations == [], violations
