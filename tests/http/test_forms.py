"""The deal form is built from any variant's record description (no variant named here but in
the fixtures): every field kind round-trips between a record and a submitted form."""

from __future__ import annotations

import pytest

from framework.core.cards import FRENCH_32
from framework.rules.schema import (
    BooleanField,
    CardField,
    Choice,
    ChoiceField,
    CountsField,
    Depends,
    IntegerField,
    ItemsField,
    SuitField,
    TeamField,
)
from scorepad.forms import form_fields
from scorepad.widgets import encode, parse_record

SPECS = (
    BooleanField("passed", "Passed", required=False, default=False),
    TeamField("side", "Side", shown_when={"passed": [False]}),
    ChoiceField(
        "level",
        "Level",
        (Choice(1, "one"), Choice(2, "two"), Choice("max", "max"), Choice(None, "none")),
        shown_when={"passed": [False]},
    ),
    IntegerField("points", "Points", 0, 162, shown_when={"level": [1, 2]}),
    CountsField("bonus", "Bonus", of=TeamField("team", "Team"), most=4, required=False, default=[]),
    ItemsField(
        "extras",
        "Extras",
        required=False,
        default=[],
        items=(
            TeamField("team", "Team"),
            IntegerField(
                "size", "Size", 3, 8, required=False, default=3, shown_when={"team": ["NS"]}
            ),
            CardField("top", "Top card", FRENCH_32, required=False),
        ),
    ),
    SuitField("trump", "Trump", FRENCH_32, nobody="none"),
    CountsField(
        "one", "One only", of=TeamField("team", "Team"), most=1, required=False, default=[]
    ),
)


def submitted(record):
    """The form a browser would send for ``record`` (what the widget templates draw)."""
    form = {}

    def put(f):
        if f.widget == "boolean":
            if f.value:
                form[f.name] = "on"
        elif f.widget in ("buttons", "select"):
            form[f.name] = "" if f.value is None and f.spec.required else encode(f.value)
        elif f.widget == "integer":
            form[f.name] = f.text
        elif f.widget == "card":
            form[f.name + "-rank"], form[f.name + "-suit"] = f.card
        elif f.widget == "single":
            chosen = [c.value for c, count in f.parts if count]
            form[f.name] = encode(chosen[0]) if chosen else ""
        elif f.widget == "counts":
            for j, (_choice, count) in enumerate(f.parts):
                form[f"{f.name}-{j}"] = str(count)
        elif f.widget == "items":
            for row in f.parts:
                for sub in row:
                    put(sub)

    for f in form_fields(SPECS, record):
        put(f)
    return form


def test_every_kind_round_trips_through_the_form():
    record = {
        "passed": False,
        "side": "EW",
        "level": 2,
        "points": 97,
        "bonus": ["NS", "EW", "EW"],
        "extras": [{"team": "NS", "size": 5}, {"team": "EW", "top": "TH"}],
        "trump": "H",
        "one": ["EW"],
    }
    assert parse_record(SPECS, submitted(record)) == record


def test_choice_values_keep_their_type():
    record = parse_record(SPECS, {"side": '"NS"', "level": "1", "points": "12"})
    assert record["level"] == 1
    record = parse_record(SPECS, {"side": '"NS"', "level": '"max"'})
    assert record["level"] == "max"


def test_hidden_fields_are_left_out_even_when_sent():
    record = parse_record(SPECS, {"passed": "on", "side": '"NS"', "level": "1", "points": "40"})
    assert record == {"passed": True, "bonus": [], "extras": [], "one": []}


def test_a_field_hidden_by_a_hidden_field_is_hidden_too():
    # points depends on level, which is hidden when passed
    record = parse_record(SPECS, {"passed": "on", "points": "40"})
    assert "points" not in record


def test_empty_answers_are_left_out_so_defaults_apply():
    assert parse_record(SPECS, {"side": "", "points": " "}) == {
        "passed": False,
        "bonus": [],
        "extras": [],
        "one": [],
    }


def test_text_in_a_number_field_goes_to_the_validation_as_typed():
    record = parse_record(SPECS, {"side": '"NS"', "level": "1", "points": "12a"})
    assert record["points"] == "12a"


@pytest.mark.parametrize("typed", ["9 5", "٩٥", "９５", "9" * 40, "+-1"])
def test_a_number_is_ascii_digits_without_spaces_inside(typed):
    record = parse_record(SPECS, {"side": '"NS"', "level": "1", "points": typed})
    assert record["points"] == typed.strip()  # not a number: the validation refuses it


def test_a_card_is_picked_as_a_rank_and_a_suit():
    form = {"extras-0-team": '"EW"', "extras-0-top-rank": "K", "extras-0-top-suit": "D"}
    assert parse_record(SPECS, form)["extras"] == [{"team": "EW", "top": "KD"}]
    half = {"extras-0-team": '"EW"', "extras-0-top-rank": "K"}
    assert parse_record(SPECS, half)["extras"] == [{"team": "EW", "top": "K"}]


def test_a_limit_that_depends_on_another_field_is_drawn_for_the_record_shown():
    specs = (
        SuitField(
            "trump",
            "Trump",
            FRENCH_32,
            extra=(Choice("NT", "no trumps"), Choice("AT", "all trumps")),
        ),
        CountsField(
            "belote",
            "Belote",
            of=TeamField("team", "Team"),
            most=Depends("trump", {"NT": 0, "AT": 4}, otherwise=1),
        ),
    )
    for trump, limit in (("H", 1), ("AT", 4), ("NT", 0)):
        belote = form_fields(specs, {"trump": trump})[1]
        assert belote.limit == limit
        assert (
            belote.most == '{"field": "trump", "otherwise": 1, "limits": '
            '{"\\"NT\\"": 0, "\\"AT\\"": 4}}'
        )
    assert form_fields(specs, {})[1].limit == 4  # the page's script narrows it


def test_empty_and_removed_item_rows_are_dropped():
    form = {
        "extras-0-team": '"EW"',
        "extras-1-team": "",
        "extras-1-size": "",
        "extras-2-team": '"NS"',
        "extras-2-size": "4",
        "extras-2-_remove": "on",
    }
    assert parse_record(SPECS, form)["extras"] == [{"team": "EW"}]


def test_item_field_shown_when_uses_its_own_row():
    form = {"extras-0-team": '"EW"', "extras-0-size": "6"}
    assert parse_record(SPECS, form)["extras"] == [{"team": "EW"}]


def test_form_always_offers_one_empty_row_and_more_on_request():
    [items] = [f for f in form_fields(SPECS) if f.kind == "items"]
    assert len(items.parts) == 1
    [items] = [
        f
        for f in form_fields(SPECS, {"extras": [{"team": "NS"}]}, {"extras": 1})
        if f.kind == "items"
    ]
    assert len(items.parts) == 2
    assert items.parts[1][0].name == "extras-1-team"


def test_shown_when_is_encoded_with_the_row_prefix_for_the_script():
    [items] = [f for f in form_fields(SPECS) if f.kind == "items"]
    size = items.parts[0][1]
    assert size.shown_when == '{"extras-0-team": ["\\"NS\\""]}'


def test_counts_cannot_explode():
    assert len(parse_record(SPECS, {"bonus-0": "100000"})["bonus"]) == 4
