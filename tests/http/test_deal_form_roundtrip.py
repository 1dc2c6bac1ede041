"""Every deal of a whole match of every installed variant survives the deal form.

Each deal, as the engine recorded it, is opened in the edit form and saved again as a browser
without JavaScript would submit the form: the record, its score and the totals must not change.
So every value a variant can record can also be shown, and typed, in the form. And the "Add one"
button of a list field always draws one more row.
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from match_helpers import as_json, play_match, variant_presets
from scorepad_helpers import bearer, csrf, login
from werkzeug.datastructures import MultiDict

from framework.core.errors import OptionError, RecordError
from framework.core.messages import Names, Translator
from framework.core.seats import SEATS
from framework.engine.deal import Deal
from framework.engine.match import Match
from framework.rules.plugins import load_variant, variant_names
from scorepad import widgets


class FormReader(HTMLParser):
    """The controls a browser would submit from the form ``form_id`` (no JavaScript: every
    field is shown and enabled)."""

    def __init__(self, form_id: str) -> None:
        super().__init__(convert_charrefs=True)
        self.form_id = form_id
        self.inside = False
        self.action = ""
        self.data: list[tuple[str, str]] = []
        self.select: str | None = None
        self.options: list[tuple[str, bool]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v if v is not None else "" for k, v in attrs}
        if tag == "form" and a.get("id") == self.form_id:
            self.inside, self.action = True, a.get("action", "")
        if not self.inside or "disabled" in a:
            return
        if tag == "input" and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("radio", "checkbox"):
                if "checked" in a:
                    self.data.append((a["name"], a.get("value", "on")))
            elif kind not in ("submit", "button", "reset"):
                self.data.append((a["name"], a.get("value", "")))
        elif tag == "select":
            self.select, self.options = a.get("name"), []
        elif tag == "option" and self.select is not None:
            self.options.append((a.get("value", ""), "selected" in a))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form" and self.inside:
            self.inside = False
        elif tag == "select" and self.select is not None:
            chosen = [v for v, selected in self.options if selected] or [
                v for v, _ in self.options[:1]
            ]
            if chosen:
                self.data.append((self.select, chosen[-1]))
            self.select = None


def read_form(page: str, form_id: str = "deal-form") -> tuple[str, MultiDict]:
    reader = FormReader(form_id)
    reader.feed(page)
    assert reader.action, f"no form #{form_id} on the page"
    return reader.action, MultiDict(reader.data)


@pytest.mark.parametrize(("name", "preset", "seed"), variant_presets())
def test_every_deal_of_a_match_is_saved_unchanged_from_its_edit_form(client, name, preset, seed):
    variant = load_variant(name)
    rules = variant.rules(preset)
    match = play_match(variant, rules, seed % 4, seed)
    # the page says the deck's suits and cards in words ("called clubs"), the record keeps codes
    deck = variant.info.deck
    in_words = Translator(
        "en",
        variant.translations,
        Names(
            cards={deck.format(c): str(deck.card_name(c)) for c in range(deck.size)},
            suits={code: str(deck.suit_name(i)) for i, code in enumerate(deck.suits)},
        ),
    )
    created = client.post(
        "/api/games", json={"variant": name, "preset": preset, "first_dealer": SEATS[seed % 4]}
    )
    gid, token = created.json["id"], created.json["edit_token"]
    for record in match.records:
        assert (
            client.post(f"/api/games/{gid}/deals", headers=bearer(token), json=record).status_code
            == 201
        )
    login(client, gid, token)
    before = client.get(f"/api/games/{gid}").json
    for number in range(1, len(match.records) + 1):
        page = client.get(f"/e/{gid}/deals/{number}")
        assert page.status_code == 200
        action, data = read_form(page.get_data(as_text=True))
        assert action == f"/e/{gid}/deals/{number}"
        preview = client.post(f"/e/{gid}/preview", data=data).get_data(as_text=True)
        explanation = match.scores[number - 1].explanation
        assert "data-preview-explanation" in preview, (number, preview)
        shown = re.search(r"data-preview-explanation>([^<]*)<", preview).group(1)
        assert html.unescape(shown) == in_words.render(explanation)
        saved = client.post(action, data=data)
        assert saved.status_code == 303, (
            number,
            match.records[number - 1],
            saved.get_data(as_text=True)[-3000:],
        )
    after = client.get(f"/api/games/{gid}").json
    assert after["version"] == before["version"] + len(match.records)
    assert [d["record"] for d in after["deals"]] == as_json(match.records)
    for key in ("deals", "totals", "pot", "over", "winner", "result"):
        assert after[key] == before[key]


def rows_of(page: str, field: str) -> list[str]:
    box = re.search(rf'data-field="{field}".*?data-add-row', page, re.S)
    assert box is not None
    return re.findall(r'data-item="(\d+)"', box.group(0))


@pytest.mark.parametrize("filled", [False, True])
def test_add_one_draws_one_more_row_even_when_the_rows_shown_are_empty(client, new_game, filled):
    gid, token, _ = new_game(variant="coinche")
    login(client, gid, token)
    form = {
        "_csrf": csrf(client),
        "expected_number": "1",
        "taker": '"NS"',
        "bid": "80",
        "trump": '"S"',
        "taker_points": "100",
        "_add": "announcements",
    }
    form["announcements-0-kind"] = '"tierce"' if filled else ""
    shown = client.post(f"/e/{gid}/form", data=form).get_data(as_text=True)
    assert rows_of(shown, "announcements") == ["0", "1"]
    form.update({"announcements-1-kind": "", "announcements-1-team": ""})
    again = client.post(f"/e/{gid}/form", data=form).get_data(as_text=True)
    assert rows_of(again, "announcements") == ["0", "1", "2"]
    # without JavaScript the button submits the whole form: the same rows come back
    page = client.post(f"/e/{gid}/deals", data=form).get_data(as_text=True)
    assert rows_of(page, "announcements") == ["0", "1", "2"]


def all_may_pass(variant, rules) -> bool:
    """Whether every player may pass in this variant's auction, throwing the deal in (probed
    on a few deals)."""
    for seed in range(3):
        deal = Deal.new(variant, rules, seed % 4, seed)
        while deal.phase == "auction":
            passes = [c for c in deal.legal_calls(deal.current_seat) if c.kind == "pass"]
            if not passes:
                break
            deal.apply_call(deal.current_seat, passes[0])
        if deal.is_over and deal.contract is None:
            return True
    return False


def rule_sets(variant) -> list[tuple[str, dict[str, Any]]]:
    """Every preset, as is and with each of its yes/no options turned the other way."""
    out = []
    for preset in variant.presets:
        base = variant.rules(preset)
        out.append((preset, {}))
        for name, option in variant.options.items():
            if option.kind == "bool":
                out.append((preset, {name: not base.options[name]}))
    return out


@pytest.mark.parametrize("name", variant_names())
def test_a_deal_all_players_passed_can_be_entered_in_the_deal_form(name):
    variant = load_variant(name)
    missing = []
    for preset, overrides in rule_sets(variant):
        try:
            rules = variant.rules(preset, overrides)
        except OptionError:
            continue  # options that do not go together
        if not all_may_pass(variant, rules):
            continue
        specs = variant.hooks.record_fields(rules)
        record = widgets.parse_record(specs, {"thrown_in": "on"})
        try:
            clean, score = Match(variant, rules).check(record)
        except RecordError as exc:
            missing.append(f"{preset} {overrides}: {record} -> {exc}")
            continue
        assert clean == {"thrown_in": True}
        assert score.points == {"NS": 0, "EW": 0}
    assert not missing, "the form cannot record a thrown-in deal:\n" + "\n".join(missing)
