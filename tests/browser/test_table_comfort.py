"""The scorepad at a real card table: one hand on a phone, a small screen, light or dark."""

from __future__ import annotations

import re

import pytest
from browser_helpers import choose_variant
from playwright.sync_api import expect

pytestmark = pytest.mark.playwright


def start_game(page, server: str) -> None:
    page.goto(server + "/new")
    choose_variant(page, "coinche")
    page.fill("input[name=team_ns]", "Anne & Paul")
    page.fill("input[name=team_ew]", "Léa & Marc")
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/e/[\w-]+$"))


def test_the_other_teams_points_show_as_the_takers_points_are_typed(phone, server):
    start_game(phone, server)
    rest = phone.locator("output[data-rest-for=taker_points]")
    expect(rest).to_have_text("")
    phone.locator("input[name=taker_points]").fill("110")
    expect(rest).to_have_text("The other team: 52")
    phone.locator("input[name=taker_points]").fill("200")  # not a number of points: nothing
    expect(rest).to_have_text("")


def test_preview_and_save_are_on_screen_without_scrolling(phone, server):
    start_game(phone, server)
    height = phone.viewport_size["height"]
    for selector in ("[data-preview]", "[data-save]"):
        box = phone.locator(selector).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, selector


def test_suit_buttons_show_coloured_symbols_and_are_big_enough(phone, server):
    start_game(phone, server)
    hearts = phone.locator("[data-field=trump] label.pill").filter(has_text="hearts")
    symbol = hearts.locator(".suit")
    assert symbol.inner_text() == "♥"
    assert symbol.evaluate("e => getComputedStyle(e).color") != hearts.locator("> span").evaluate(
        "e => getComputedStyle(e).color"
    )
    box = hearts.bounding_box()
    assert box["height"] >= 44 and box["width"] >= 44


def test_the_saved_row_says_what_the_deal_was(phone, server):
    start_game(phone, server)
    phone.locator("[data-field=taker]").get_by_role("radio", name="Anne & Paul").check()
    phone.locator("[data-field=bid]").get_by_role("radio", name="100", exact=True).check()
    phone.locator("[data-field=trump]").get_by_role("radio", name="hearts").check()
    phone.locator("input[name=taker_points]").fill("110")
    phone.locator("[data-save]").click()
    phone.wait_for_selector("#sheet [data-deal='1']")
    expect(phone.locator("#sheet [data-summary]")).to_have_text("Anne & Paul · 100 · ♥ hearts")


def test_nothing_scrolls_sideways_on_a_320_pixel_screen(browser, server):
    context = browser.new_context(
        viewport={"width": 320, "height": 640},
        is_mobile=True,
        has_touch=True,
        color_scheme="dark",
        locale="fr-FR",
    )
    page = context.new_page()
    try:
        page.goto(server + "/new")
        choose_variant(page, "coinche")
        page.locator("[data-new-game-form] button[type=submit]").click()
        page.wait_for_url(re.compile(r"/e/[\w-]+$"))
        for url in (page.url, server + "/", server + "/new"):
            page.goto(url)
            assert page.evaluate("document.documentElement.scrollWidth") <= 320, url
    finally:
        context.close()
