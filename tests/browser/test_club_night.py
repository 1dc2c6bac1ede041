"""A club night in phones' browsers (390×844): the director makes an event of 8 teams and runs
3 Swiss rounds of 4 tables from the director's page, two tables' scorers keep their score from
the table cards' edit links, the other two tables record through the API, and a phone watches
the wall update by itself. No pair meets twice and the wall's standings are those computed here
from the tables' totals. axe-core checks every page of the event, light and dark."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest
from browser_helpers import choose_variant, settle
from conftest import CEILING_MS, PHONE
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.playwright

AXE = (
    Path(__file__).resolve().parents[2]
    / ".cache"
    / "axe"
    / "node_modules"
    / "axe-core"
    / "axe.min.js"
)
TEAMS = [f"Team {i}; P{i}a, P{i}b; Club {i % 2}" for i in range(1, 9)]
#: a deal recorded through the API: (taker, bid, points of the takers)
API_DEALS = [
    {"taker": "NS", "bid": 110, "trump": "H", "taker_points": 94},
    {"taker": "EW", "bid": 80, "trump": "S", "taker_points": 120},
]


def api(server: str, path: str, body: dict | None = None, token: str | None = None) -> dict:
    request = urllib.request.Request(
        server + path,
        data=None if body is None else json.dumps(body).encode(),
        headers={"Content-Type": "application/json"}
        | ({"Authorization": f"Bearer {token}"} if token else {}),
        method="GET" if body is None else "POST",
    )
    with urllib.request.urlopen(request) as response:
        return json.load(response)


def new_event(page: Page, server: str) -> str:
    """The director makes the event on the form; answers the director page's address."""
    page.goto(server + "/events/new")
    page.locator("input[name=name]").fill("Concours du jeudi")
    choose_variant(page, "coinche")
    page.locator("input[name=match_deals]").fill("2")
    page.locator("textarea[name=teams]").fill("\n".join(TEAMS))
    page.locator("input[name=rounds]").fill("3")
    page.locator("input[name=pairing][value=swiss]").check()
    page.get_by_role("button", name="Create the event").click()
    page.locator("[data-director-link]").wait_for()
    return page.url


def record_on_page(page: Page, taker: int, bid: str, points: str) -> None:
    """A scorer records a deal on the table's game page, as at the table."""
    page.locator("[data-field=taker] input[type=radio]").nth(taker).check()
    page.locator("[data-field=bid]").get_by_role("radio", name=bid, exact=True).check()
    page.locator("[data-field=trump] input[type=radio]").first.check()
    page.locator("input[name=taker_points]").fill(points)
    page.locator("[data-preview-explanation]").wait_for()  # the htmx preview answered
    page.locator("[data-save]").click()
    page.locator("[data-notice=saved]").wait_for()


def standings_by_hand(results: list[tuple[int, int, int, int]]) -> list[int]:
    line = {t: [0, 0, 0] for t in range(8)}
    for a, b, pa, pb in results:
        for me, mine, theirs in ((a, pa, pb), (b, pb, pa)):
            line[me][0] += 2 if mine > theirs else 1 if mine == theirs else 0
            line[me][1] += mine
            line[me][2] += theirs
    return sorted(line, key=lambda t: (-line[t][0], -line[t][1], -(line[t][1] - line[t][2]), t))


def test_a_club_night_of_8_teams_and_3_swiss_rounds_on_phones(browser, server):
    contexts = [browser.new_context(**PHONE) for _ in range(4)]
    director, scorer1, scorer2, wall = (c.new_page() for c in contexts)
    for page in (director, scorer1, scorer2, wall):
        page.set_default_timeout(CEILING_MS)
    try:
        director_url = new_event(director, server)
        eid = re.search(r"/events/([^/]+)/director", director_url)[1]
        wall.goto(f"{server}/events/{eid}")
        met: set[frozenset[int]] = set()
        results = []
        for number in (1, 2, 3):
            director.locator("[data-start-round]").click()
            expect(director.locator("[data-current-round]")).to_have_attribute(
                "data-round-state", "playing"
            )
            director.locator("[data-print-cards]").click()
            director.locator("[data-card]").first.wait_for()
            links = {
                int(card.get_attribute("data-card")): card.locator("[data-edit-link]").inner_text()
                for card in director.locator("[data-card]").all()
            }
            assert sorted(links) == [1, 2, 3, 4]
            # tables 1 and 2: their scorers open the card's link and play two deals
            for scorer, table in ((scorer1, 1), (scorer2, 2)):
                scorer.goto(links[table])
                record_on_page(scorer, 0, "110", "94")
                # the wall shows the table's score within the poll (its own signal: the row)
                expect(wall.locator(f'#wall [data-table="{table}"] [data-totals]')).to_be_visible()
                record_on_page(scorer, 1, "80", str(100 + 10 * number))
            # tables 3 and 4 through the API with their cards' tokens
            for table in (3, 4):
                gid, token = re.search(r"/e/([^?]+)\?t=(.+)$", links[table]).groups()
                for deal in API_DEALS:
                    api(server, f"/api/games/{gid}/deals", deal, token)
            event = api(server, f"/events/{eid}/export.json")
            played = event["rounds"][number - 1]
            for table in played["tables"]:
                assert table["state"] == "finished"
                pair = frozenset(table["teams"])
                assert pair not in met
                met.add(pair)
                results.append((*table["teams"], *table["totals"]))
            # the wall saw every table finish, by itself
            expect(wall.locator('#wall [data-state="finished"]')).to_have_count(4)
            director.locator("[data-back]").click()
            director.locator("[data-close-round]").click()
            director.locator("[data-done]").wait_for()
            expect(director.locator("[data-done]")).not_to_have_class("error-text")
        expect(wall.locator("#wall [data-event-over]")).to_be_visible()
        shown = [
            int(row.get_attribute("data-team"))
            for row in wall.locator("#wall [data-standings] tbody tr").all()
        ]
        assert shown == standings_by_hand(results)
        assert len(met) == 12
        # nothing sideways at a phone's width
        for page in (director, wall):
            assert (
                page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
            )
    finally:
        for context in contexts:
            context.close()


def test_a_scorer_on_boards_chooses_the_board_played_from_the_list(browser, server):
    made = api(
        server,
        "/api/events",
        {"name": "Duplicate", "variant": "coinche", "teams": [{"name": f"T{i}"} for i in range(4)],
         "rounds": 1, "round": {"deals": 3}, "pairing": "swiss", "boards": True},
    )  # fmt: skip
    eid, token = made["id"], made["director_token"]
    api(server, f"/api/events/{eid}/rounds/1/start", {}, token)
    request = urllib.request.Request(
        f"{server}/api/events/{eid}/tables", headers={"Authorization": f"Bearer {token}"}
    )
    with urllib.request.urlopen(request) as response:
        table = json.load(response)["tables"][0]
    context = browser.new_context(**PHONE)
    page = context.new_page()
    page.set_default_timeout(CEILING_MS)
    try:
        page.goto(table["urls"]["edit"])
        board = page.get_by_label("Board", exact=True)
        expect(board).to_have_value("1")  # the first board not recorded
        board.select_option("2")  # the table played board 2 first (N deals it)
        record_on_page(page, 0, "110", "94")
        expect(page.locator('[data-deal="1"] [data-board="2"]')).to_be_visible()
        # the list now offers boards 1 and 3, the first chosen
        expect(page.get_by_label("Board", exact=True).locator("option")).to_have_count(2)
        expect(page.get_by_label("Board", exact=True)).to_have_value("1")
        game = api(server, f"/api/games/{table['game_id']}")
        assert [(d["board"], d["dealer"]) for d in game["deals"]] == [(2, "N")]
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["viewport"]["width"]
    finally:
        context.close()


def _event_pages(
    page: Page, server: str, proposed: Callable[[], None] = lambda: None
) -> dict[str, str]:
    """Every page of an event of 5 teams played on boards and ranked by them, made on its form:
    round 1 played and closed, round 2 under way (``proposed`` is called on the director's page
    while round 2 is proposed)."""
    page.goto(server + "/events/new")
    page.locator("input[name=name]").fill("Duplicate")
    choose_variant(page, "coinche")
    page.locator("input[name=match_deals]").fill("1")
    page.locator("textarea[name=teams]").fill("\n".join(f"T{i}; A{i}, B{i}" for i in range(5)))
    page.locator("input[name=rounds]").fill("2")
    page.locator("input[name=boards]").check()
    # ranked by the sum of board differences: the standings show that column too
    page.locator("input[name=ranking][value=boards]").check()
    page.get_by_role("button", name="Create the event").click()
    page.locator("[data-director-link]").wait_for()
    director = page.url.split("&made=")[0]
    eid = re.search(r"/events/([^/]+)/director", director)[1]
    page.locator("[data-start-round]").click()
    page.locator("[data-print-cards]").click()
    page.locator("[data-card]").first.wait_for()
    for card in page.locator("[data-edit-link]").all():
        gid, token = re.search(r"/e/([^?]+)\?t=(.+)$", card.inner_text()).groups()
        api(server, f"/api/games/{gid}/deals", API_DEALS[0], token)
    page.goto(director)
    page.locator("[data-close-round]").click()
    page.locator("[data-start-round]").wait_for()
    proposed()
    page.locator("[data-start-round]").click()
    expect(page.locator("[data-current-round]")).to_have_attribute("data-round-state", "playing")
    token = director.split("t=")[1]
    correct = page.locator("[data-correct]").first.get_attribute("href")  # the director's
    return {
        "correcting": correct,
        "new": "/events/new",
        "director": director.removeprefix(server),
        "wall": f"/events/{eid}",
        "wall tv": f"/events/{eid}?view=tv",
        "slips": f"/events/{eid}/slips?round=2&t={token}",
        "boards": f"/events/{eid}/boards/1",
        "results": f"/events/{eid}/results",
    }


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_serious_or_critical_violation_on_the_event_pages(browser, server, scheme):
    if not AXE.exists():
        pytest.fail(f"axe-core is needed at {AXE}: scripts/test installs it (npm)")
    context = browser.new_context(**PHONE, color_scheme=scheme, bypass_csp=True)
    page = context.new_page()
    try:
        found = {}

        def check(kind: str) -> None:
            settle(page)
            page.add_script_tag(path=str(AXE))
            result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
            bad = [
                (v["id"], v["impact"], [n["target"] for n in v["nodes"]][:3])
                for v in result["violations"]
                if v["impact"] in ("serious", "critical")
            ]
            if bad:
                found[kind] = bad
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, kind

        def change_pairing() -> None:
            """The form that changes the proposed pairing, open, then refused under a table."""
            page.locator("[data-change-pairing] summary").click()
            check("pairing form")
            first = page.locator('select[name="tables.1.teams"]').first
            page.locator('select[name="tables.0.teams"]').first.select_option(
                first.input_value()
            )  # one team at two tables
            page.locator("[data-change-pairing-submit]").click()
            page.locator("[data-field-error]").wait_for()
            check("pairing refused")

        pages = _event_pages(page, server, change_pairing)
        for kind, url in pages.items():
            page.goto(server + url)
            check(kind)
        page.goto(server + pages["director"])
        page.locator("[data-print-cards]").click()
        page.locator("[data-card]").first.wait_for()
        check("cards")
        assert found == {}, found
    finally:
        context.close()
