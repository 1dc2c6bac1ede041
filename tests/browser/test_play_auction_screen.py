"""The play table's auction on a phone (390×844): the hand and every call button on one screen,
the calls so far in one line, each said once."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from framework.rules.plugins import variant_names

pytestmark = pytest.mark.playwright

#: a short match of every variant (Klaverjas plays a fixed number of deals)
SHORT = {"klaverjas": {"opt-deals": "3"}}


def start_play(page: Page, server: str, name: str) -> None:
    """A new game against the computer, waiting for the variant's part of the form first."""
    page.goto(server + "/play/")
    menu = page.locator("select[name=variant]")
    if menu.input_value() != name:
        old = page.locator("#play-variant-part").element_handle()
        menu.select_option(name)
        page.wait_for_function("part => !part.isConnected", arg=old)
    for field, value in SHORT.get(name, {}).items():
        box = page.locator(f"[name='{field}']")
        if not box.is_visible():
            page.locator("details.house-rules summary").tap()
        box.fill(value)
    page.click("[data-play-go]")
    page.wait_for_selector("[data-table]")


def state(page: Page) -> tuple[str, str, str, str]:
    table = page.locator("[data-table]")
    return tuple(
        table.get_attribute(a) for a in ("data-deal", "data-event", "data-phase", "data-my-turn")
    )


def tap_and_wait(page: Page, target) -> None:
    """Tap, then wait for the table's own answer (its deal or event number changes)."""
    deal, event, _, _ = state(page)
    target.tap()
    page.wait_for_function(
        "([d, e]) => { const t = document.querySelector('[data-table]');"
        " return t && (t.dataset.deal != d || t.dataset.event != e); }",
        arg=[deal, event],
    )


def play_until(page: Page, server: str, name: str, reached, what: str, limit: int) -> None:
    """Play on (passing, the first playable card, the next deal, a new match) until
    ``reached(page, phase, mine)``; fail saying the person was never ``what``."""
    start_play(page, server, name)
    for _step in range(limit):
        _deal, _event, phase, mine = state(page)
        if reached(page, phase, mine):
            return
        if phase == "over":
            if page.locator("[data-match-over]").count():
                start_play(page, server, name)
                continue
            tap_and_wait(page, page.locator("[data-next-deal]"))
        elif page.locator("[data-call]").count():  # a call while the others play (out of turn)
            tap_and_wait(page, page.locator("[data-wait], [data-call='PASS']").first)
        else:
            tap_and_wait(page, page.locator("[data-card]:not([aria-disabled=true])").first)
    pytest.fail(f"{name}: the person was never {what}")


def to_my_call(page: Page, server: str, name: str, limit: int = 120) -> None:
    """Play on until the person is asked to call."""
    play_until(
        page,
        server,
        name,
        lambda p, phase, mine: (
            phase == "auction" and mine == "true" and p.locator("[data-call]").count() > 0
        ),
        "asked to call",
        limit,
    )


def inside(page: Page, locator) -> list[str]:
    """The elements of ``locator`` drawn outside the screen (a scroll away or cut off)."""
    width, height = page.viewport_size["width"], page.viewport_size["height"]
    out = []
    for i in range(locator.count()):
        box = locator.nth(i).bounding_box()
        if box is None:
            continue  # not drawn (a level's bids not chosen)
        right, bottom = box["x"] + box["width"], box["y"] + box["height"]
        if box["x"] < 0 or box["y"] < 0 or right > width or bottom > height:
            out.append(locator.nth(i).inner_text())
    return out


@pytest.mark.parametrize("name", variant_names())
def test_during_the_auction_the_hand_and_every_call_fit_one_phone_screen(phone, server, name):
    to_my_call(phone, server, name)
    assert inside(phone, phone.locator("[data-card]")) == [], "a card is off screen"
    # every call button (and every level of the bid picker, each level's bids in turn)
    assert inside(phone, phone.locator("[data-call]:visible, [data-wait]")) == []
    levels = phone.locator("[data-level]")
    for i in range(levels.count()):
        assert inside(phone, levels.nth(i)) == []
        levels.nth(i).tap()
        assert inside(phone, phone.locator("[data-call]:visible")) == [], levels.nth(i).inner_text()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390


@pytest.mark.parametrize("name", ["coinche", "bulgarian-belot"])
def test_the_calls_so_far_are_one_line_and_said_once(phone, server, name):
    to_my_call(phone, server, name)
    calls = phone.locator("[data-calls] li")
    assert calls.count() >= 1
    line = phone.locator("[data-calls]")
    heights = {round(calls.nth(i).bounding_box()["y"]) for i in range(calls.count())}
    assert len(heights) == 1, "the calls wrap onto a second line"
    assert line.bounding_box()["height"] < 2 * calls.first.bounding_box()["height"]
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390, "the page got wider"
    # the newest call is in view (the line scrolls to it)
    assert inside(phone, calls.last.locator("span[aria-hidden]")) == []
    # said once: no second list of the same calls ("East: 90 hearts" twice)
    expect(phone.locator("[data-since]")).to_have_count(0)
    text = phone.locator("[data-table]").evaluate(
        "t => { const c = t.cloneNode(true);"
        " c.querySelectorAll('.visually-hidden, [hidden], details:not([open]) > :not(summary)')"
        ".forEach(e => e.remove()); return c.textContent; }"
    )
    for i in range(calls.count()):
        short = calls.nth(i).locator("span[aria-hidden]").inner_text()
        assert text.count(short) == 1, short


CODE = re.compile(r"(?<![\w-])(?:[7-9TJQKA][SHDC]|\([SHDC]\))(?![\w-])")


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_refused_card_says_why_with_suits_and_cards_in_words(phone, server, lang):
    start_play(phone, server, "coinche")
    phone.goto(phone.url + f"?lang={lang}")
    for _step in range(200):
        _deal, _event, phase, mine = state(phone)
        refused = phone.locator("[data-card][aria-disabled=true]")
        if phase == "play" and mine == "true" and refused.count():
            break
        if phase == "over":
            tap_and_wait(phone, phone.locator("[data-next-deal]"))
        elif phone.locator("[data-call]").count():
            tap_and_wait(phone, phone.locator("[data-wait], [data-call='PASS']").first)
        else:
            tap_and_wait(phone, phone.locator("[data-card]:not([aria-disabled=true])").first)
    else:
        pytest.fail("no refused card in 200 moves")
    card = refused.first
    card.tap(force=True)  # the page answers it: the card's name and the rule, in words
    status = phone.locator("[data-status]")
    expect(status).to_contain_text(card.locator("[data-card-name]").text_content())
    said = status.inner_text()
    assert not CODE.search(said), said
    assert inside(phone, status) == [] and inside(phone, phone.locator("[data-card]")) == []
