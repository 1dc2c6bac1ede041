"""The play table in a real browser: a short match of every installed variant, played by tapping.

At every step the test rebuilds the deal from the server's database (the engine's own view) and
checks the page against it: the playable cards are exactly the legal ones, every other card
carries a reason, the calls offered are the legal calls, the actions of a phase after the
auction (take the talon, discard, name the game, whist or pass) are the legal actions. Every
response the browser receives is kept and checked afterwards: none holds a card of another seat
that was not yet shown.
"""

from __future__ import annotations

import os
import random
import re
import shutil
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest
from browser_helpers import choose_variant
from conftest import CEILING_MS
from sqlalchemy import select
from sqlmodel import Session

from framework.core.cards import bits
from framework.core.seats import S
from framework.engine.infoset import InfoSet
from framework.engine.match import Match
from framework.rules.plugins import variant_names
from scorepad import play as tables
from scorepad.db import make_engine
from scorepad.models import Deal as DealRow
from scorepad.models import Game
from scorepad.security import hash_token

pytestmark = pytest.mark.playwright

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


#: Short matches: a low target, Klaverjas's fixed number of deals cut to one, Préférence's pools
#: (its match ends when every pool reaches their size) of one point.
SHORT = {
    "klaverjas": {"opt-deals": "1", "opt-target": "1"},
    "preference": {"opt-pool_size": "1"},
}


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, str]]:
    """A real ``atout serve`` and the URL of its database (the test reads the engine's state)."""
    db = tmp_path_factory.mktemp("play") / "play.sqlite3"
    url = f"sqlite:///{db}"
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    atout = shutil.which("atout", path=str(Path(sys.executable).parent))
    command = [atout, "serve"] if atout else [sys.executable, "-m", "scorepad"]
    process = subprocess.Popen(
        [*command, "--port", str(port), "--db", url, "--public-url", base],
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
                raise RuntimeError("atout serve did not start") from None
            time.sleep(0.1)
    yield base, url
    process.terminate()
    process.wait(timeout=10)


class Engine:
    """The server's state, read from its database as the engine rebuilds it."""

    def __init__(self, url: str) -> None:
        self.engine = make_engine(url)

    def table(self, key: str) -> tables.Table:
        with Session(self.engine) as session:
            return tables.load(session, key)

    def deals(self, key: str) -> tuple[Game, list[DealRow]]:
        with Session(self.engine) as session:
            game = session.scalars(
                select(Game).where(Game.kind == "play", Game.token_hash == hash_token(key))
            ).one()
            rows = list(
                session.scalars(
                    select(DealRow).where(DealRow.game_id == game.id).order_by(DealRow.number)
                )
            )
            return game, rows


def key_of(page) -> str:
    return page.url.rstrip("/").split("/play/")[1].split("?")[0]


def table_state(page) -> tuple[int, int, str]:
    t = page.locator("[data-table]")
    return (
        int(t.get_attribute("data-deal")),
        int(t.get_attribute("data-event")),
        t.get_attribute("data-phase"),
    )


def wait_for_change(page, before: tuple[int, int, str]) -> None:
    page.wait_for_function(
        "([d, e]) => { const t = document.querySelector('[data-table]');"
        " return t && (t.dataset.deal != d || t.dataset.event != e); }",
        arg=[before[0], before[1]],
    )


def start(page, base: str, name: str, extra: dict[str, str] | None = None) -> None:
    page.goto(base + "/play/")
    choose_variant(page, name, part="#play-variant-part")
    for field, value in (extra or {"opt-target": "1"}).items():
        box = page.locator(f"[name='{field}']")
        if not box.is_visible():
            page.locator("details.house-rules summary").tap()
        box.fill(value)
    page.select_option("select[name=bot]", "rules")
    page.click("[data-play-go]")
    page.wait_for_selector("[data-table]")


def check_hand(page, engine: Engine, key: str) -> set[str]:
    """The page's hand against the engine's: same cards, playable = legal, reasons. The hand
    is the person's own, or on its turn the hand they play face up for another seat (open
    whist); a discard's cards are all to pick from (the discard is checked by :func:`act`)."""
    table = engine.table(key)
    deal = table.deal
    deck = deal.deck
    turn = deal.current_seat
    mine = deal.phase == "play" and turn is not None and deal.controllers[turn] == S
    hand = {deck.format(c) for c in bits(deal.hand(turn if mine else S))}
    shown = set(page.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)"))
    assert shown == hand
    if page.locator("[data-discard-form]").count():
        return set()
    playable = set(
        page.locator("[data-card]:not([aria-disabled=true])").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        )
    )
    legal = {deck.format(c) for c in bits(deal.legal_mask())} if mine else set()
    assert playable == legal
    reasons = page.locator("[data-card][aria-disabled=true]").evaluate_all(
        "els => els.map(e => document.getElementById(e.getAttribute('aria-describedby'))"
        ".textContent.trim())"
    )
    assert all(len(r) > 5 for r in reasons), reasons
    # no card is disabled the way a button cannot be focused or tapped
    assert page.locator("[data-card][disabled]").count() == 0
    return legal


def tap_call(page, engine: Engine, key: str, rng: random.Random) -> None:
    deal = engine.table(key).deal
    legal = {c.text for c in deal.legal_calls(S)}
    offered = set(page.locator("[data-call]").evaluate_all("els => els.map(e => e.dataset.call)"))
    assert offered == legal
    choice = "PASS" if "PASS" in legal and rng.random() < 0.6 else rng.choice(sorted(legal))
    button = page.locator(f"[data-call='{choice}']")
    if not button.is_visible():
        # a bid of the level-then-denomination picker: first its level
        group = button.locator("xpath=ancestor::*[@data-level-bids]")
        level = group.get_attribute("data-level-bids")
        page.locator(f"[data-level='{level}']").tap()
        assert button.is_visible()
    before = table_state(page)
    button.tap()
    wait_for_change(page, before)


def act(page, engine: Engine, key: str, rng: random.Random) -> None:
    """A phase after the auction: the page offers exactly the person's legal actions (a
    discard as that many cards to pick, any other action as a button); one is taken at
    random."""
    deal = engine.table(key).deal
    legal = deal.legal_actions(S)
    assert legal, f"the page asks the person in the phases out of turn: {deal.current_seat}"
    discards = [a for a in legal if a.kind == "discard"]
    before = table_state(page)
    if discards:
        form = page.locator("[data-discard-form]")
        assert int(form.get_attribute("data-count")) == bin(discards[0].cards).count("1")
        choice = rng.choice(discards)
        for c in bits(choice.cards):
            form.locator(f"[data-card='{deal.deck.format(c)}']").tap()
        form.locator("[data-discard]").tap()
    else:
        offered = page.locator("[data-act]").evaluate_all("els => els.map(e => e.dataset.act)")
        assert sorted(offered) == sorted(a.code for a in legal)
        page.locator(f"[data-act='{rng.choice(sorted(offered))}']").tap()
    wait_for_change(page, before)


def hidden_cards_never_sent(engine: Engine, key: str, responses: list[tuple[str, str]]) -> None:
    """No response showed a card that its seat had not yet shown (or that nobody held yet)."""
    game, rows = engine.deals(key)
    table = engine.table(key)
    variant = table.variant
    from framework.engine.deal import Deal

    by_number = {r.number: r for r in rows}
    checked = 0
    for _url, body in responses:
        found = re.search(r'data-deal="(\d+)" data-event="(\d+)"', body)
        if not found:
            continue
        number, event = int(found.group(1)), int(found.group(2))
        row = by_number[number]
        full = Deal.from_json(
            variant,
            {
                "rules": game.rules,
                "dealer": variant.info.seats[row.dealer],
                "deck": row.deck,
                "context": row.context,
                "events": row.events,
            },
        )
        then = full.replay(full.actions[:event])
        deck = then.deck
        seen = then.hand(S)
        for _, cards, _ in then.tricks:
            for c in cards:
                seen |= 1 << c
        for c in then.trick:
            seen |= 1 << c
        if then.turn_up is not None:
            seen |= 1 << then.turn_up
        info = InfoSet(then, S)
        for cards in info.known():  # announcements shown or said, hands laid face up
            seen |= cards
        seen |= info.talon | info.discards  # the talon and the discards this seat has seen
        for c in info.talon_leads:  # the talon's cards turned face up to lead a trick
            seen |= 1 << c
        text = body.replace(key, "")
        text = re.sub(r'name="_csrf" value="[^"]*"', "", text)
        text = re.sub(r'"X-CSRF-Token": "[^"]*"', "", text)
        # the codes of calls and of a phase's actions set aside (Préférence's bid of nine
        # spades is 9S, the nine of spades' code) ...
        text = re.sub(r'(?:data-call|data-act)="[^"]*"', "", text)
        text = re.sub(r'name="(?:call|value)" value="[^"]*"', "", text)
        # ... and the explanations and summaries of scored deals, which write a contract in
        # the notation (Préférence's "7H by N: 6 tricks", docs/variants/preference.md §13)
        text = re.sub(r'<tr class="explain">.*?</tr>', "", text, flags=re.S)
        text = re.sub(r"<p [^>]*data-(?:explanation|record-summary)>.*?</p>", "", text, flags=re.S)
        for c in bits(deck.full & ~seen):
            code = deck.format(c)
            found = re.search(rf"(?<![\w-]){code}(?![\w-])", text)
            assert not found, (code, number, event, text[found.start() - 300 : found.end() + 80])
            assert deck.card_name(c) not in text, (deck.card_name(c), number, event)
            assert deck.card_face(c) not in text, (deck.card_face(c), number, event)
        checked += 1
    assert checked > 0


def play_match(
    page,
    base: str,
    served_url: str,
    name: str,
    seed: int,
    extra: dict[str, str] | None = None,
    reload_once: bool = True,
    max_deals: int = 30,
) -> dict[str, int]:
    engine = Engine(served_url)
    rng = random.Random(seed)
    responses: list[tuple[str, str]] = []

    def keep(response) -> None:
        if (
            "/play/" in response.url
            and response.request.method in ("GET", "POST")
            and response.status == 200
        ):
            responses.append((response.url, response.text()))

    page.on("response", keep)
    start(page, base, name, extra)
    key = key_of(page)
    reloaded = not reload_once
    taps = 0
    deals = 0
    refused_once = False
    while True:
        deal_no, event, phase = table_state(page)
        if phase == "over":
            deals += 1
            assert page.locator("[data-deal-score]").is_visible()
            assert page.locator("[data-explanation]").count() == 1
            if page.locator("[data-match-over]").count():
                break
            assert deals < max_deals
            before = table_state(page)
            page.locator("[data-next-deal]").tap()
            taps += 1
            wait_for_change(page, before)
            continue
        legal = check_hand(page, engine, key)
        if phase == "auction":
            tap_call(page, engine, key, rng)
            taps += 1
            continue
        if phase == "phases":
            act(page, engine, key, rng)
            taps += 1
            continue
        if not reloaded and page.locator("[data-played]").count() >= 1:
            played = sorted(
                page.locator("[data-played]").evaluate_all("els => els.map(e => e.dataset.played)")
            )
            page.reload()
            page.wait_for_selector("[data-table]")
            assert table_state(page) == (deal_no, event, phase)
            assert (
                sorted(
                    page.locator("[data-played]").evaluate_all(
                        "els => els.map(e => e.dataset.played)"
                    )
                )
                == played
            )
            reloaded = True
            continue
        refused = page.locator("[data-card][aria-disabled=true]")
        if not refused_once and refused.count():
            card = refused.first
            card.tap(force=True)  # a tap like any other: the page answers it
            status = page.locator("[data-status]").inner_text()
            assert card.locator("[data-card-name]").text_content() in status
            assert table_state(page) == (deal_no, event, phase)  # nothing was sent
            refused_once = True
        choice = rng.choice(sorted(legal))
        before = table_state(page)
        page.locator(f"[data-card='{choice}']").tap()
        taps += 1
        wait_for_change(page, before)
    # The final score is what Match computes from the deals' records.
    game, rows = engine.deals(key)
    table = engine.table(key)
    match = Match(
        table.variant,
        table.rules,
        game.first_dealer,
        [r.record for r in rows if r.record is not None],
    )
    assert match.outcome.over
    # the head's totals: a column alone (a team), or a player's group of columns in a row
    groups: dict[str, list[str]] = {}
    for column in table.variant.info.score_columns:
        groups.setdefault(column.group or column.key, []).append(column.key)
    for group, keys in groups.items():
        if len(keys) == 1:
            shown = page.locator(f"[data-total='{keys[0]}']").inner_text()
        else:
            shown = page.locator(f"[data-group-totals='{group}']").inner_text()
        assert shown == " · ".join(str(match.totals[k]) for k in keys)
    hidden_cards_never_sent(engine, key, responses)
    page.remove_listener("response", keep)
    return {"taps": taps, "deals": deals}


@pytest.mark.parametrize("name", variant_names())
def test_a_short_match_of_every_variant_by_tapping_only_offered_calls_and_playable_cards(
    served, phone, name
):
    base, url = served
    result = play_match(
        phone, base, url, name, seed=len(name), extra=SHORT.get(name, {"opt-target": "1"})
    )
    assert result["deals"] >= 1


def test_one_deal_at_a_desktop_viewport_and_by_keyboard(served, browser):
    base, url = served
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.set_default_timeout(CEILING_MS)
    page = context.new_page()
    try:
        engine = Engine(url)
        start(page, base, "coinche", {"opt-target": "1"})
        key = key_of(page)
        while table_state(page)[2] == "auction":
            before = table_state(page)
            page.locator("[data-call='PASS']").focus()
            page.keyboard.press("Enter")
            wait_for_change(page, before)
        while table_state(page)[2] == "play":
            legal = check_hand(page, engine, key)
            cards = page.locator("[data-card]")
            first = cards.first
            first.focus()
            # arrow keys walk the hand; Enter plays the focused card
            codes = cards.evaluate_all("els => els.map(e => e.dataset.card)")
            target = next(i for i, c in enumerate(codes) if c in legal)
            for _ in range(target):
                page.keyboard.press("ArrowRight")
            assert page.evaluate("document.activeElement.dataset.card") == codes[target]
            assert page.evaluate(
                "document.activeElement.querySelector('[data-card-name]').textContent"
            ) == engine.table(key).deal.deck.card_name(
                engine.table(key).deal.deck.parse(codes[target])
            )
            before = table_state(page)
            page.keyboard.press("Enter")
            wait_for_change(page, before)
        assert page.locator("[data-deal-score]").is_visible()
        assert (
            page.locator("[data-record-summary]").count() == 1
            or page.locator("[data-contract]").inner_text().strip() != ""
        )
    finally:
        context.close()


def test_the_bid_picker_shows_one_level_at_a_time(served, browser):
    base, _url = served
    context = browser.new_context(**PHONE)
    page = context.new_page()
    try:
        for _attempt in range(20):
            start(page, base, "coinche", {"opt-target": "1"})
            if page.locator("[data-levels]").count():
                break
        levels = page.locator("[data-level]")
        assert levels.count() >= 2
        levels.nth(1).tap()
        shown = page.locator("[data-level-bids]:visible")
        assert shown.count() == 1
        assert shown.get_attribute("data-level-bids") == "1"
        assert levels.nth(1).get_attribute("aria-pressed") == "true"
    finally:
        context.close()
