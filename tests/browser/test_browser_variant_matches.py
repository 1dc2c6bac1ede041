"""A short match of every built-in variant, kept on a phone through the forms.

The engine plays the match (rule bots, a lowered target so that a few deals end it; a variant
without a target, Préférence whose match ends when the pools are full, plays the kernel's match
of a fixed number of deals); the test starts the game with the new-game form (the teams' names,
or a name per seat), then types each deal record into the deal form — filled
generically from the record and the variant's record fields, never from knowledge of a variant —
and checks the preview, the saved explanation, the running totals and the winner, while a second
phone watches the live page reach the same sheet.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from browser_helpers import choose_variant
from playwright.sync_api import Locator, Page, expect

from framework.bots.base import play_out
from framework.bots.registry import make_bot
from framework.core.messages import Names, Translator
from framework.engine.deal import Deal
from framework.engine.match import Match
from framework.rules.plugins import Variant, load_variant
from framework.rules.schema import Field as RecordField
from scorepad.widgets import widget_of

pytestmark = pytest.mark.playwright

BUILT_IN = ("bela", "bulgarian-belot", "coinche", "cuatrola", "french-belote", "preference")
SHORT = range(3, 7)  # deals in the match
#: the players' names of a variant scored per player (the teams are "Nous" and "Eux")
PLAYERS = ("Anne", "Léa", "Paul", "Marc", "Inès", "Hugo")


def short_match(variant: Variant) -> tuple[str, int, Match]:
    """A match of the default preset that ends in 3 to 6 deals, and the new-game field that
    makes it so: a lowered ``target``, or for a variant without one ``match_deals`` (the
    kernel's match of a fixed number of deals); one with a thrown-in deal if the first seeds
    give one."""
    if "target" in variant.options:
        base = variant.rules().options["target"]
        settings = [("target", max(1, base // d)) for d in (3, 4, 5, 6, 8, 10)]
    else:
        settings = [("match_deals", n) for n in SHORT]
    seats = range(len(variant.info.seats))
    found = None
    for field, value in settings:
        rules = (
            variant.rules(None, {"target": value})
            if field == "target"
            else variant.rules(None, None, value)
        )
        for seed in range(30):
            match = Match(variant, rules)
            while not match.outcome.over and len(match.records) < SHORT.stop:
                n = len(match.records) + 1
                deal = Deal.new(variant, rules, match.dealer, seed * 100 + n, match.context())
                play_out(deal, [make_bot("rules", seed * 400 + n * 4 + s) for s in seats])
                match.add(json.loads(json.dumps(deal.record())))
            if match.outcome.over and len(match.records) in SHORT:
                if {"thrown_in": True} in match.records:
                    return field, value, match
                found = found or (field, value, match)
        if found:
            return found
    raise AssertionError(f"no short match of {variant.name} found")


def encode(value: Any) -> str:
    """A choice value as the form carries it (JSON)."""
    return json.dumps(value)


def choose(box: Locator, name: str, spec: RecordField, value: Any) -> None:
    """Pick ``value`` in a choice field, whether drawn as buttons or as a menu."""
    radios = box.locator(f"input[type=radio][name='{name}']")
    if radios.count():
        wanted = encode(value)
        if value is None and not any(c.value is None for c in spec.choices):
            wanted = ""  # the "none" button of an optional field
        radios.and_(box.locator(f"[value='{wanted}']")).check()
    else:
        box.locator(f"select[name='{name}']").select_option("" if value is None else encode(value))


def fill_field(page: Page, spec: RecordField, value: Any, prefix: str = "") -> None:
    """Type one record field into the deal form (its ``data-field`` box)."""
    name = prefix + spec.name
    box = page.locator(f"#deal-form [data-field='{name}']")
    folded = page.locator("#deal-form details[data-rare-fields]:not([open])")
    if (
        value not in (None, False, [], spec.default)
        and folded.count()
        and folded.locator(f"[data-field='{name}']").count()
    ):
        folded.locator("summary").click()  # a rare field: one tap opens them
    if not box.is_visible():  # hidden by another field's value: not part of this record
        return
    widget = widget_of(spec).name
    if widget in ("buttons", "select"):
        choose(box, name, spec, value)
    elif widget == "integer":
        box.locator(f"input[name='{name}']").fill("" if value is None else str(value))
    elif widget == "boolean":
        box.locator(f"input[name='{name}']").set_checked(bool(value))
    elif widget == "card":  # one tap on the deck's grid (an item's row), or rank and suit
        grid = box.locator(f"input[name='{name}']")
        if grid.count():
            if value:
                grid.and_(box.locator(f"[value='{value}']")).check()
            return
        rank, suit = (value[:-1], value[-1]) if value else ("", "")
        box.locator(f"input[name='{name}-rank'][value='{rank}']").check()
        if suit:
            box.locator(f"input[name='{name}-suit'][value='{suit}']").check()
    elif widget == "single":  # at most one entry in all: none, or one choice
        wanted = encode(value[0]) if value else ""
        box.locator(f"input[name='{name}'][value='{wanted}']").check()
    elif widget == "counts":
        for j, c in enumerate(spec.choices):
            count = sum(1 for v in value or [] if encode(v) == encode(c.value))
            box.locator(f"input[name='{name}-{j}'][value='{count}']").check()
    elif widget == "items":
        for i, row in enumerate(value or []):
            if not box.locator(f"[data-item='{i}']").count():  # fill a row, then add one
                box.locator("[data-add-row]").click()
                box.locator(f"[data-item='{i}']").wait_for()
            for sub in spec.items:
                fill_field(page, sub, row.get(sub.name), prefix=f"{name}-{i}-")
    elif widget == "seats":  # one answer per seat, side by side, each its answer's widget
        for sub in spec.subfields:  # (a seat the record does not answer for is left blank)
            if (value or {}).get(sub.name) is not None:
                fill_field(page, sub, value[sub.name], prefix=f"{name}-0-")
    else:
        raise AssertionError(f"a record field drawn by an unknown widget: {widget}")


def fill_record(page: Page, specs: Sequence[RecordField], record: Mapping[str, Any]) -> None:
    for spec in specs:  # in form order: a field that shows another one comes first
        fill_field(page, spec, record.get(spec.name, None if spec.required else spec.default))


def totals(page: Page) -> dict[str, int]:
    return json.loads(page.locator("#sheet [data-totals]").get_attribute("data-totals"))


#: how the scorepad renders the variants' words for the game start_game creates
def sheet_names(variant: Variant) -> Translator:
    """The sheet's words in English: the teams by the names given at the start, the deck's
    suits and cards in words (a stored explanation's "called H" reads "called hearts")."""
    deck = variant.info.deck
    teams = variant.info.scores_teams
    return Translator(
        "en",
        variant.translations,
        Names(
            {"NS": "Nous", "EW": "Eux"} if teams else {},
            seats={} if teams else dict(enumerate(PLAYERS[: len(variant.info.seats)])),
            cards={deck.format(c): str(deck.card_name(c)) for c in range(deck.size)},
            suits={code: str(deck.suit_name(i)) for i, code in enumerate(deck.suits)},
        ),
    )


def start_game(page: Page, server: str, variant: Variant, field: str, value: int) -> str:
    """A new game from the new-game form: the match's end (``target`` or ``match_deals``), the
    two teams' names, or a name per seat when the variant scores per player."""
    page.goto(server + "/new")
    choose_variant(page, variant.name)
    expect(page.locator("#variant-part")).to_contain_text(variant.info.summary[:30])
    page.fill(f"input[name={field}]", str(value))
    if variant.info.scores_teams:
        page.fill("input[name=team_ns]", "Nous")
        page.fill("input[name=team_ew]", "Eux")
    else:
        for seat, name in zip(variant.info.seats, PLAYERS, strict=False):
            page.fill(f"input[name=player_{seat}]", name)
    page.get_by_role("button", name="Start the game").click()
    page.wait_for_url(re.compile(r"/e/[\w-]+$"))
    return page.url.rsplit("/", 1)[1]


@pytest.mark.parametrize("name", BUILT_IN)
def test_a_short_match_is_kept_on_a_phone_through_the_deal_form(phone, spectator, server, name):
    variant = load_variant(name)
    field, value, match = short_match(variant)
    rules = match.rules
    specs = variant.hooks.record_fields(rules)
    words = sheet_names(variant)
    start_game(phone, server, variant, field, value)
    game = phone.locator("#game").inner_text()
    assert (f"Target: {value}" if field == "target" else f"Deals to play: {value}") in game, game
    spectator.goto(phone.locator("[data-qr]").get_attribute("data-url"))

    replay = Match(variant, rules)
    teams = variant.info.scores_teams
    for number, record in enumerate(match.records, 1):
        # the dealer by seat, or by the name of the player sitting there
        dealer = (
            f"Dealer: {variant.info.seats[replay.dealer]}"
            if teams
            else f"{PLAYERS[replay.dealer]} deals"
        )
        score = replay.add(record)
        form = phone.locator("#deal-form")
        assert f"Record deal {number}" in form.locator("h2").inner_text()
        assert dealer in form.locator("h2").inner_text()
        fill_record(phone, specs, record)
        # the score shows before saving
        # ... in the table's words: the teams (or the players) by the names given at the start
        expect(phone.locator("[data-preview-explanation]")).to_have_text(
            words.render(score.explanation)
        )
        points = json.loads(
            phone.locator("[data-preview-points]").get_attribute("data-preview-points")
        )
        assert points == score.points
        phone.locator("[data-save]").click()
        phone.locator(f"#sheet [data-deal='{number}']").wait_for()
        assert phone.locator("[data-flash]").inner_text().startswith(f"Saved deal {number}:")
        assert words.render(score.explanation) in phone.locator("[data-flash]").inner_text()
        saved = phone.locator(
            f"#sheet tr.deal[data-deal='{number}'] + tr.explain [data-explanation]"
        )
        assert saved.inner_text() == words.render(score.explanation)
        assert totals(phone) == replay.totals
    assert replay.outcome == match.outcome
    winner = match.outcome.winner or ""
    assert phone.locator("#sheet [data-winner]").get_attribute("data-winner") == winner
    assert phone.locator("#deal-form").count() == 0  # a finished match takes no more deals
    # the second phone reached the same sheet by itself
    expect(spectator.locator("#sheet [data-winner]")).to_have_attribute("data-winner", winner)
    assert totals(spectator) == match.totals
    assert spectator.locator("#sheet tr.deal").count() == len(match.records)
