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
