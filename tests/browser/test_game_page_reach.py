"""What a table reaches from the top of the game page on a phone (390×844): sharing the live
score in one tap (a QR code a phone reads across the table), a link in a chosen language."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from conftest import PHONE
from playwright.sync_api import Page, expect
from test_table_screen import api, in_view, new_game

pytestmark = pytest.mark.playwright

DEAL = {"taker": "NS", "bid": 80, "trump": "H", "taker_points": 100}


def with_deals(server: str, count: int) -> dict:
    game = new_game(server, "coinche")
    for i in range(count):  # the teams take in turn: no one reaches the target
        deal = {**DEAL, "taker": ("NS", "EW")[i % 2]}
        api(server, f"/api/games/{game['id']}/deals", deal, game["edit_token"])
    return game


def decode_qr(page: Page, image, tmp_path) -> str:
    """What a QR reader (Debian's zbarimg) reads from the code as the screen draws it."""
    assert shutil.which("zbarimg"), "zbarimg is needed: apt-get install zbar-tools"
    shot = tmp_path / "qr.png"
    image.screenshot(path=str(shot))
    found = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(shot)], capture_output=True, text=True, timeout=30
    )
    return found.stdout.strip()


def test_the_live_score_is_shared_in_one_tap_from_the_top(phone, server, tmp_path):
    game = with_deals(server, 8)
    phone.goto(game["urls"]["edit"])
    button = phone.locator("[data-share-button]")
    assert in_view(phone, button) and phone.evaluate("window.scrollY") == 0
    button.tap()
    qr = phone.locator("[data-share-qr]")
    expect(qr).to_be_visible()
    phone.wait_for_function("img => img.complete && img.naturalWidth > 0", arg=qr.element_handle())
    assert in_view(phone, qr), "the QR code needs a scroll"
    box = qr.bounding_box()
    assert box["width"] >= 300 and box["height"] >= 300, box  # read from across a table
    live = game["urls"]["live"]
    assert decode_qr(phone, qr, tmp_path) == live
    link = phone.locator("[data-share-url]")
    assert in_view(phone, link) and link.inner_text() == live
    assert phone.evaluate("window.scrollY") == 0
    # the same code stays at the end of the sheet
    end = phone.locator("[data-qr]")
    assert end.get_attribute("data-url") == live
    assert end.evaluate(
        "e => document.querySelector('#sheet').compareDocumentPosition(e)"
        " & Node.DOCUMENT_POSITION_FOLLOWING"
    )


def test_a_link_with_lang_opens_in_that_language_and_remembers_it(browser, server):
    context = browser.new_context(**PHONE, locale="en-GB")
    page = context.new_page()
    try:
        game = with_deals(server, 1)
        page.goto(game["urls"]["live"] + "?lang=fr")
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(page.locator(".langs summary")).to_have_text("Français")
        page.goto(server + "/new")  # no ?lang= now: French is remembered
        expect(page.locator("html")).to_have_attribute("lang", "fr")
        expect(page.get_by_role("heading", level=1)).to_have_text("Nouvelle partie")
        # the switch still wins, and leaves the page without the ?lang=
        page.goto(server + "/new?lang=hr")
        page.locator(".langs summary").tap()
        page.locator(".langs a[hreflang=es]").tap()
        page.wait_for_url(server + "/new")
        expect(page.locator("html")).to_have_attribute("lang", "es")
    finally:
        context.close()
