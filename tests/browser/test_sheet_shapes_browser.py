"""A score sheet of another shape on a phone (issue 20, item 5): the test variant ``pools`` of
``tests/http/shape_plugin.py`` at three seats named A, B and C (everyone alone; a pool, a
mountain and whists on each other player: four columns a player, twelve in all; with
``POOLS_SEATS="N E S W"``, twenty) kept from the new-game page to the settlement by tapping,
every page fitting a 390-pixel screen."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_helpers import choose_variant, settle
from conftest import _free_port
from playwright.sync_api import expect

pytestmark = pytest.mark.playwright

NAMES = {"A": "Anne", "B": "Léa", "C": "Paul"}
#: Préférence's decisions the person answers: never the open whist, where the person would
#: play another seat's hand (the play table does not offer that yet)
CLOSED = ("PASS", "WHIST", "HALF", "CLOSED")


@pytest.fixture(scope="module")
def pools_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``atout serve`` with the test variant ``pools`` installed (``pools_serve.py``)."""
    db = tmp_path_factory.mktemp("pools") / "scorepad.sqlite3"
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    script = Path(__file__).with_name("pools_serve.py")
    process = subprocess.Popen(
        [sys.executable, str(script), "--port", str(port), "--db", f"sqlite:///{db}"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=dict(os.environ),
    )
    deadline = time.monotonic() + 30
    while True:
        try:
            urllib.request.urlopen(base + "/", timeout=1).close()
            break
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            if time.monotonic() > deadline or process.poll() is not None:
                process.kill()
                raise RuntimeError("the pools server did not start") from None
            time.sleep(0.1)  # the server's own start, before any page exists to wait on
    yield base
    process.terminate()
    process.wait(timeout=10)


def fits(page, width: int = 390) -> None:
    """Nothing scrolls sideways: neither the page nor the sheet inside it."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width, page.url
    assert page.evaluate(
        "[...document.querySelectorAll('.sheet-wrap')].every(w => w.scrollWidth <= w.clientWidth)"
    ), page.url


def record(page, winner: str, points: int, number: int) -> None:
    page.locator("[data-field=winner]").get_by_role("radio", name=winner, exact=True).check()
    page.locator("input[name=points]").fill(str(points))
    page.locator("[data-save]").click()
    page.wait_for_selector(f"#sheet [data-deal='{number}']")
    settle(page)


def test_a_sheet_per_player_from_the_new_game_page_to_the_settlement(
    phone, spectator, pools_server
):
    phone.goto(pools_server + "/new")
    choose_variant(phone, "pools")
    # one name per seat of the variant, no team names
    expect(phone.locator("[data-seats] input[name^=player_]")).to_have_count(3)
    expect(phone.locator("input[name=team_ns]")).to_have_count(0)
    for seat, name in NAMES.items():
        phone.fill(f"input[name=player_{seat}]", name)
    phone.fill("input[name=target]", "8")
    fits(phone)
    phone.get_by_role("button", name="Start the game").click()
    phone.wait_for_url(re.compile(r"/e/[\w-]+$"))
    record(phone, "A", 5, 1)
    # a header per player over their four columns; the totals by player on the scoreboard
    heads = phone.locator("#sheet th[scope=colgroup]")
    expect(heads).to_have_text(list(NAMES.values()))
    expect(phone.locator("#sheet th[data-column]")).to_have_count(12)
    expect(phone.locator("#sheet [data-group=B] [data-total='B.mountain']")).to_have_text("5")
    expect(phone.locator("#sheet [data-points='A.pool']")).to_have_text("5")
    fits(phone)
    gid = phone.url.rsplit("/", 1)[-1]
    spectator.goto(f"{pools_server}/g/{gid}")
    record(phone, "C", 2, 2)
    # the live page follows: a chart of one line per column, fitting the phone
    expect(spectator.locator("[data-chart] polyline")).to_have_count(12)
    fits(spectator)
    record(phone, "A", 4, 3)
    # the match is over: the winner by name and the settlement, summing to zero
    expect(phone.locator("#sheet .winner")).to_contain_text("Anne wins!")
    rows = phone.locator("#sheet [data-settlement] tr")
    expect(rows).to_have_count(3)
    shown = {
        rows.nth(i).locator("th").inner_text(): int(rows.nth(i).locator("td").inner_text())
        for i in range(3)
    }
    assert shown == {"Anne": 99, "Léa": -68, "Paul": -31}
    fits(phone)
    expect(spectator.locator("#sheet [data-settlement]")).to_be_visible()
    fits(spectator)


def _changed(page, event: str | None) -> None:
    """Wait for the table to answer a tap: a new event count (the page's own signal)."""
    page.wait_for_function(
        "old => { const t = document.querySelector('#table');"
        " return t && t.getAttribute('data-event') !== old && !document.querySelector("
        "'.htmx-request, .htmx-settling, .htmx-swapping'); }",
        arg=event,
    )


def test_a_preference_deal_played_by_tapping_talon_and_discard_included(phone, pools_server):
    """Préférence on a phone: the person bids, and when they take the talon they tap it, tap
    two cards to discard and name the game; as a defender they answer whist or pass; every
    card is a tap; deals go on until the person has taken the talon and discarded."""
    phone.goto(pools_server + "/play/")
    choose_variant(phone, "preference", "#play-variant-part")
    phone.locator("form button[type=submit]").last.click()
    phone.wait_for_url(re.compile(r"/play/[\w-]+$"))
    took = discarded = decided = False
    for _ in range(400):
        settle(phone)
        table = phone.locator("#table")
        event = table.get_attribute("data-event")
        where = phone.locator("[data-seat]")
        # three seats round the table; the match's players are nobody's partner
        assert where.count() == 3 and "partner" not in phone.locator("[data-totals]").inner_text()
        fits(phone)
        if phone.locator("[data-deal-end]").count():
            if took and discarded:
                break
            phone.locator("[data-next-deal]").click()
        elif phone.locator("[data-discard-form]").count():
            count = int(phone.locator("[data-discard-form]").get_attribute("data-count"))
            expect(phone.locator("[data-status]")).to_contain_text(f"Choose {count} cards")
            for pick in phone.locator("[data-discard-form] label.card").all()[-count:]:
                pick.click()
            phone.locator("[data-discard]").click()
            discarded = True
        elif phone.locator("[data-act-kind=take]").count():
            phone.locator("[data-act-kind=take]").click()
            took = True
            _changed(phone, event)
            expect(phone.locator("[data-talon-card]")).to_have_count(2)  # seen by the taker
            continue
        elif phone.locator("[data-act]").count():
            buttons = phone.locator("[data-act]")
            if phone.locator("[data-act-kind=decide]").count():
                # whist or pass, in the variant's words (not the open whist: the play table
                # does not let the person play another seat's hand yet)
                decided = True
                expect(phone.locator("[data-status]")).to_contain_text("?")
                buttons = phone.locator(", ".join(f"[data-act={c}]" for c in CLOSED))
            buttons.first.click()
        elif phone.locator("[data-levels]").count():
            # the person bids ten at once, so that they take the talon: tap the level, then
            # the trump
            level = phone.locator("[data-level]").filter(has_text=re.compile(r"^\s*10\s*$"))
            level = level if level.count() else phone.locator("[data-level]").last
            index = level.first.get_attribute("data-level")
            level.first.click()
            phone.locator(f"[data-level-bids='{index}'] [data-call]").first.click()
        elif phone.locator("[data-call-form] [data-call]").count():
            # the person bids ten at once, so that they take the talon
            ten = phone.locator("[data-call-form] [data-call^='10']")
            (ten if ten.count() else phone.locator("[data-call-form] [data-call]")).first.click()
        else:
            phone.locator("[data-hand] .card:not([aria-disabled=true])").first.click()
        _changed(phone, event)
    else:
        raise AssertionError(f"took the talon: {took}, discarded: {discarded}")
    assert took and discarded, (took, decided)
