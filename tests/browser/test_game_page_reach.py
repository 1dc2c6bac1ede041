"""What a table reaches from the top of the game page on a phone (390×844): sharing the live
score in one tap (a QR code a phone reads across the table), a link in a chosen language."""

from __future__ import annotations

import shutil
import subprocess

import pytest
from conftest import PHONE
from playwright.sync_api import Page, expect
from test_table_screen import TYPICAL, api, control, in_view, new_game

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


def totals(server: str, game: dict) -> dict:
    return api(server, f"/api/games/{game['id']}")["totals"]


def test_the_last_deal_is_edited_from_the_top_and_the_edit_is_confirmed_with_undo(phone, server):
    game = with_deals(server, 3)
    before = totals(server, game)
    phone.goto(game["urls"]["edit"])
    edit = phone.locator("[data-edit-last]")
    assert in_view(phone, edit) and phone.evaluate("window.scrollY") == 0
    expect(phone.locator("[data-last-deal]")).to_contain_text("Anne & Paul")  # deal 3: NS took
    edit.tap()
    phone.wait_for_url(f"**/e/{game['id']}/deals/3")
    points = phone.locator("input[name=taker_points]")
    points.fill("130")
    expect(phone.locator("[data-preview-points]")).to_be_visible()
    phone.locator("[data-save]").tap()
    notice = phone.locator("[data-notice=edited]")
    notice.wait_for()
    assert in_view(phone, notice) and "deal 3" in notice.inner_text()
    after = totals(server, game)
    assert after != before
    assert phone.locator("#glance .g-score").all_inner_texts() == [
        str(after["NS"]),
        str(after["EW"]),
    ]
    undo = phone.locator("[data-undo-edit]")
    assert in_view(phone, undo)
    undo.tap()
    phone.locator("[data-notice=edited]").wait_for()
    assert totals(server, game) == before
    # and Undo again puts the edit back
    phone.locator("[data-undo-edit]").tap()
    expect(phone.locator("#glance .g-score").first).to_have_text(str(after["NS"]))
    assert totals(server, game) == after


def test_every_sheet_line_has_a_clear_edit(phone, server):
    game = with_deals(server, 3)
    phone.goto(game["urls"]["edit"])
    rows = phone.locator("#sheet tr.deal")
    assert rows.count() == 3
    for number in (1, 2, 3):
        edit = phone.locator(f"#sheet [data-edit-deal='{number}']")
        expect(edit).to_have_text("Edit")
        expect(edit).to_be_visible()
    phone.locator("#sheet [data-edit-deal='1']").tap()
    phone.wait_for_url(f"**/e/{game['id']}/deals/1")
    expect(phone.locator("#deal-form h2")).to_contain_text("Edit deal 1")


def test_after_a_conflict_with_a_second_phone_the_preview_previews_what_is_filled(phone, server):
    game = with_deals(server, 1)
    phone.goto(game["urls"]["edit"])
    form = phone.locator("#deal-form")
    form.locator("[data-field=taker]").get_by_role("radio", name="Léa & Marc").check()
    form.locator("[data-field=bid]").get_by_role("radio", name="90", exact=True).check()
    form.locator("[data-field=trump]").get_by_role("radio", name="spades").check()
    form.locator("input[name=taker_points]").fill("120")
    expect(phone.locator("[data-preview-points]")).to_be_visible()
    api(server, f"/api/games/{game['id']}/deals", DEAL, game["edit_token"])  # the other phone
    phone.locator("[data-save]").tap()
    expect(phone.locator("[data-form-message]")).to_contain_text("Someone else recorded a deal")
    expect(phone.locator("input[name=taker_points]")).to_have_value("120")
    preview = phone.locator("[data-preview-points]")
    expect(preview).to_be_visible()
    assert in_view(phone, phone.locator("[data-preview]"))


def test_a_deal_just_saved_is_edited_from_its_saved_line(phone, server):
    game = with_deals(server, 1)
    phone.goto(game["urls"]["edit"])
    for name, value in TYPICAL["coinche"]:
        target = control(phone, name, value)
        target.tap()
        if target.evaluate("e => e.tagName") == "INPUT":
            target.press_sequentially(str(value))
    phone.locator("[data-save]").tap()
    phone.locator("[data-notice=saved]").wait_for()
    edit = phone.locator("[data-edit-last]")
    expect(edit).to_have_count(1)  # the saved line is the last deal's line: said once
    assert in_view(phone, edit) and in_view(phone, phone.locator("[data-undo-notice]"))
    edit.tap()
    phone.wait_for_url(f"**/e/{game['id']}/deals/2")
