"""The scorepad in a real browser, on a phone-sized screen."""

from __future__ import annotations

import re

import pytest
from browser_helpers import choose_variant
from playwright.sync_api import expect

pytestmark = pytest.mark.playwright


def start_game(page, server: str, ns: str = "Alice & Bob", ew: str = "Eux") -> str:
    page.goto(server + "/new")
    choose_variant(page, "coinche")
    page.fill("input[name=team_ns]", ns)
    page.fill("input[name=team_ew]", ew)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/e/[\w-]+$"))
    return page.url.rsplit("/", 1)[1]


def record(page, taker: str, bid: str, trump: str, points: str) -> None:
    page.locator("[data-field=taker]").get_by_role("radio", name=taker).check()
    page.locator("[data-field=bid]").get_by_role("radio", name=bid, exact=True).check()
    page.locator("[data-field=trump]").get_by_role("radio", name=trump).check()
    page.locator("input[name=taker_points]").fill(points)


def total(page, team: str) -> str:
    return page.locator(f"#sheet [data-total={team}]").inner_text()


def test_record_deals_on_a_phone_and_see_the_score(phone, server):
    start_game(phone, server)
    record(phone, "Alice & Bob", "110", "hearts", "94")
    # the score shows before saving
    preview = phone.locator("[data-preview-explanation]")
    preview.wait_for()
    assert "94" in preview.inner_text()
    phone.locator("[data-save]").click()
    phone.locator("[data-flash]").wait_for()
    assert "Saved deal 1" in phone.locator("[data-flash]").inner_text()
    assert (total(phone, "NS"), total(phone, "EW")) == ("0", "270")
    record(phone, "Eux", "80", "spades", "100")
    phone.locator("[data-save]").click()
    phone.wait_for_selector("#sheet [data-deal='2']")
    assert (total(phone, "NS"), total(phone, "EW")) == ("60", "450")
    assert phone.locator("#sheet tr.deal").count() == 2
    # nothing needs a wide screen
    width = phone.evaluate("document.documentElement.scrollWidth")
    assert width <= 390


def test_numbers_get_a_numeric_keyboard_and_fields_depend_on_each_other(phone, server):
    start_game(phone, server)
    assert phone.locator("input[name=taker_points]").get_attribute("inputmode") == "numeric"
    takers = phone.locator("[data-field=taker]")
    assert takers.is_visible()
    phone.get_by_label("Thrown in").check()
    assert takers.is_hidden()
    phone.locator("[data-save]").click()
    phone.wait_for_selector("#sheet [data-deal='1']")
    assert (total(phone, "NS"), total(phone, "EW")) == ("0", "0")


def test_live_page_updates_by_itself_on_a_second_phone(phone, spectator, server):
    start_game(phone, server)
    live_url = phone.locator("[data-qr]").get_attribute("data-url")
    spectator.goto(live_url)
    assert total(spectator, "EW") == "0"
    record(phone, "Alice & Bob", "110", "hearts", "94")
    phone.locator("[data-save]").click()
    phone.locator("[data-flash]").wait_for()
    # the spectator polls every 2 s: the new total shows without a reload
    expect(spectator.locator("#sheet [data-total=EW]")).to_have_text("270")
    assert spectator.locator("#sheet [data-deal='1']").count() == 1
    assert spectator.locator("#deal-form").count() == 0


def test_qr_code_carries_the_live_page_url(phone, spectator, server):
    gid = start_game(phone, server)
    figure = phone.locator("[data-qr]")
    url = figure.get_attribute("data-url")
    assert url == f"{server}/g/{gid}"
    image = figure.locator("img")
    assert phone.evaluate("img => img.complete && img.naturalWidth > 0", image.element_handle())
    qr = phone.request.get(server + image.get_attribute("src"))
    assert qr.ok and qr.headers["x-atout-url"] == url
    spectator.goto(url)
    assert spectator.locator("#sheet").count() == 1
    assert "Alice &amp; Bob" in spectator.content()


def test_the_edit_link_works_on_a_second_phone(phone, spectator, server):
    start_game(phone, server)
    phone.locator("details.edit-link > summary").click()
    edit_url = phone.locator("[data-edit-url]").input_value()
    spectator.goto(edit_url)
    assert "?t=" not in spectator.url  # the token leaves the address bar
    record(spectator, "Eux", "80", "spades", "100")
    spectator.locator("[data-save]").click()
    spectator.locator("[data-flash]").wait_for()
    expect(phone.locator("#sheet [data-total=EW]")).to_have_text("180")


def test_a_deal_can_be_recorded_with_the_keyboard_alone(phone, server):
    start_game(phone, server)
    phone.locator("[data-field=thrown_in] input").focus()
    phone.keyboard.press("Tab")  # the takers: first team
    phone.keyboard.press("Space")
    phone.keyboard.press("Tab")  # the bid: 80
    phone.keyboard.press("ArrowRight")  # 90
    phone.keyboard.press("ArrowRight")  # 100
    phone.keyboard.press("Tab")  # the trump: spades
    phone.keyboard.press("Space")
    phone.locator("input[name=taker_points]").wait_for()
    for _ in range(6):  # coinche, capot: move on to the points
        if phone.evaluate("document.activeElement.name") == "taker_points":
            break
        phone.keyboard.press("Tab")
    phone.keyboard.type("120")
    phone.keyboard.press("Enter")
    phone.wait_for_selector("#sheet [data-deal='1']")
    assert total(phone, "NS") == "220"


def test_dark_mode_follows_the_system(browser, server):
    context = browser.new_context(color_scheme="dark", viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(server + "/")
    background = page.evaluate("getComputedStyle(document.body).backgroundColor")
    channels = [int(x) for x in re.findall(r"\d+", background)[:3]]
    assert max(channels) < 60
    context.close()


def test_french_from_the_browser_language(browser, server):
    context = browser.new_context(locale="fr-FR")
    page = context.new_page()
    page.goto(server + "/")
    assert page.get_by_text("Nouvelle partie").count() >= 1
    context.close()


def test_add_one_announcement_row_keeps_what_was_typed(phone, server):
    start_game(phone, server)
    record(phone, "Alice & Bob", "110", "hearts", "94")
    phone.locator("[data-rare-fields] > summary").click()  # announcements are one tap away
    row = phone.locator("[data-item='0']")  # an item's few choices are buttons, one tap each
    row.locator("[data-field=announcements-0-team] label").filter(has_text="Alice & Bob").click()
    row.locator("[data-field=announcements-0-kind] label").filter(has_text="tierce").click()
    phone.locator("[data-add-row]").click()
    phone.locator("[data-item='1']").wait_for()
    assert phone.locator("input[name=taker_points]").input_value() == "94"
    kind = phone.locator("input[name=announcements-0-kind][value='\"tierce\"']")
    expect(kind).to_be_checked()


def test_a_row_added_while_the_preview_is_asked_is_not_lost(phone, server):
    # On a busy server "Add one" can still be on its way when the preview of what was typed
    # just before it leaves (300 ms after the last key): the preview must not cancel it.
    start_game(phone, server)
    record(phone, "Alice & Bob", "110", "hearts", "94")
    phone.locator("[data-preview-explanation]").wait_for()
    phone.locator("[data-rare-fields] > summary").click()
    held, dropped = [], []
    phone.route("**/form", lambda route: held.append(route))  # answered when the test says
    phone.on("requestfailed", lambda r: dropped.append(r.url))
    with phone.expect_request(lambda r: r.url.endswith("/form")):
        phone.locator("[data-add-row]").click()
    with phone.expect_response(lambda r: "/preview" in r.url):
        phone.locator("input[name=taker_points]").fill("95")  # a preview leaves meanwhile
    assert dropped == []
    with phone.expect_response(lambda r: r.url.endswith("/form")):
        held[0].continue_()
    expect(phone.locator("[data-item='1']")).to_have_count(1)
