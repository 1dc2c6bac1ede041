"""A deal with an announcement on a phone (390×844): counted taps and scrolls.

A typical announcement (a tierce; Cuatrola's cante) costs at most four taps more than the plain
deal and no scroll: "More" (in the Save bar), the team, the kind, the top card (one tap on the
deck's grid). A tap
on a control off the screen would be a scroll the player has to make: it is counted, and must
stay at zero. Run with ``-s`` to see the counts per variant.
"""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Page, expect
from test_table_screen import TYPICAL, api, control, in_view, new_game

pytestmark = pytest.mark.playwright

#: the items field and a typical announcement in it: (subfield, JSON value) in tapping order
ANNOUNCEMENT = {
    "coinche": ("announcements", [("team", "NS"), ("kind", "tierce"), ("high", "KH")]),
    "bela": ("declarations", [("team", "NS"), ("kind", "tierce"), ("high", "KH")]),
    "bulgarian-belot": ("announcements", [("team", "NS"), ("kind", "tierce"), ("high", "KS")]),
    "cuatrola": ("cantes", [("team", "NS"), ("suit", "O")]),
}


#: the deal an announcement is added to, where it is not the typical one (a cante is sung
#: only in a hand scored by points: a no-bet hand)
BASE = {**TYPICAL, "cuatrola": [("bet", "none"), ("trump", "O"), ("ns_points", 70)]}


class Counter:
    """Taps, keys and scrolls a player makes: a control off the screen costs a scroll."""

    def __init__(self, page: Page) -> None:
        self.page, self.taps, self.keys, self.scrolls = page, 0, 0, 0
        self.off_screen: list[str] = []

    def tap(self, target) -> None:
        if not in_view(self.page, target):
            self.scrolls += 1
            self.off_screen.append(target.inner_text())
        target.tap()
        self.taps += 1

    def type(self, target, text: str) -> None:
        self.tap(target)
        target.press_sequentially(text)
        self.keys += len(text)


def plain_deal(page: Page, count: Counter, name: str) -> None:
    for field, value in BASE[name]:
        target = control(page, field, value)
        if target.evaluate("e => e.tagName") == "INPUT":
            count.type(target, str(value))
        else:
            count.tap(target)


def announce(page: Page, count: Counter, name: str) -> None:
    items, steps = ANNOUNCEMENT[name]
    count.tap(page.locator("[data-open-rare]"))  # "More", in the Save bar
    for sub, value in steps:
        box = page.locator(f"#deal-form [data-field='{items}-0-{sub}']")
        radio = box.locator(
            f"input[type=radio][value='{json.dumps(value)}'], input[type=radio][value='{value}']"
        )
        expect(radio).to_have_count(1)
        count.tap(radio.locator("xpath=.."))


@pytest.mark.parametrize("name", sorted(ANNOUNCEMENT))
def test_a_typical_announcement_is_at_most_four_taps_more_and_needs_no_scroll(phone, server, name):
    plain = Counter(phone)
    phone.goto(new_game(server, name)["urls"]["edit"])
    plain_deal(phone, plain, name)
    expect(phone.locator("[data-preview-points]")).to_be_visible()
    plain.tap(phone.locator("[data-save]"))
    phone.locator("[data-notice=saved]").wait_for()

    counted = Counter(phone)  # the same deal, with an announcement, in a game of its own
    game = new_game(server, name)
    phone.goto(game["urls"]["edit"])
    plain_deal(phone, counted, name)
    announce(phone, counted, name)
    expect(phone.locator("[data-preview-points]")).to_be_visible()
    counted.tap(phone.locator("[data-save]"))
    phone.locator("[data-notice=saved]").wait_for()
    print(
        f"\n{name}: plain deal {plain.taps} taps, {plain.keys} keys, {plain.scrolls} scrolls; "
        f"with an announcement {counted.taps} taps, {counted.keys} keys, "
        f"{counted.scrolls} scrolls"
    )
    assert counted.scrolls == 0 and plain.scrolls == 0, (plain.off_screen, counted.off_screen)
    assert counted.taps - plain.taps <= 4
    items, steps = ANNOUNCEMENT[name]
    record = api(server, f"/api/games/{game['id']}")["deals"][0]["record"]
    assert record[items][0] == {**record[items][0], **dict(steps)}


def test_a_sequence_without_its_top_card_is_asked_in_the_players_words(phone, server):
    game = new_game(server, "coinche")
    phone.goto(game["urls"]["edit"])
    count = Counter(phone)
    plain_deal(phone, count, "coinche")
    count.tap(phone.locator("[data-open-rare]"))
    row = "#deal-form [data-field='announcements-0-{}']"
    count.tap(phone.locator(row.format("team")).locator("input[value='\"NS\"']").locator(".."))
    count.tap(phone.locator(row.format("kind")).locator("input[value='\"tierce\"']").locator(".."))
    expect(phone.locator("[data-preview-error]")).to_contain_text("Which card tops the tierce?")
    phone.locator("[data-save]").tap()
    expect(phone.locator("[data-errors]")).to_contain_text("Which card tops the tierce?")
    expect(phone.locator("[data-field-error='announcements-0-high']")).to_have_text(
        "Which card tops the tierce?"
    )
