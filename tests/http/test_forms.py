"""The deal form is built from any variant's record description (no variant named here but in
the fixtures): every field kind round-trips between a record and a submitted form."""

from __future__ import annotations

from framework.records import Choice, RecordField
from scorepad.forms import encode, form_fields, parse_record

TEAMS = (Choice("NS", "NS"), Choice("EW", "EW"))
SPECS = (
    RecordField("passed", "Passed", "boolean", required=False, default=False),
    RecordField("side", "Side", "choice", TEAMS, shown_when={"passed": [False]}),
    RecordField("level", "Level", "choice", (Choice(1, "one"), Choice(2, "two"),
                                             Choice("max", "max"), Choice(None, "none")),
                shown_when={"passed": [False]}),
    RecordField("points", "Points", "integer", minimum=0, maximum=162,
                shown_when={"level": [1, 2]}),
    RecordField("bonus", "Bonus", "counts", TEAMS, required=False, default=[]),
    RecordField("extras", "Extras", "items", required=False, default=[], items=(
        RecordField("team", "Team", "choice", TEAMS),
        RecordField("size", "Size", "integer", required=False, default=3, minimum=3,
                    maximum=8, shown_when={"team": ["NS"]}),
    )),
)


def submitted(record):
    """The form a browser would send for ``record`` (what the template draws)."""
    form = {}
    for f in form_fields(SPECS, record):
        if f.kind == "boolean":
            if f.value:
                form[f.name] = "on"
        elif f.kind == "choice":
            form[f.name] = "" if f.value is None and f.spec.required else encode(f.value)
        elif f.kind == "integer":
            form[f.name] = f.text
        elif f.kind == "counts":
            for j, (_choice, count) in enumerate(f.parts):
                form[f"{f.name}-{j}"] = str(count)
        elif f.kind == "items":
            for row in f.parts:
                for sub in row:
                    if sub.kind == "choice":
                        form[sub.name] = "" if sub.value is None else encode(sub.value)
                    else:
                        form[sub.name] = sub.text
    return form


def test_every_kind_round_trips_through_the_form():
    record = {"passed": False, "side": "EW", "level": 2, "points": 97,
              "bonus": ["NS", "EW", "EW"],
              "extras": [{"team": "NS", "size": 5}, {"team": "EW"}]}
    assert parse_record(SPECS, submitted(record)) == record


def test_choice_values_keep_their_type():
    record = parse_record(SPECS, {"side": '"NS"', "level": "1", "points": "12"})
    assert record["level"] == 1
    record = parse_record(SPECS, {"side": '"NS"', "level": '"max"'})
    assert record["level"] == "max"


def test_hidden_fields_are_left_out_even_when_sent():
    record = parse_record(SPECS, {"passed": "on", "side": '"NS"', "level": "1",
                                  "points": "40"})
    assert record == {"passed": True, "bonus": [], "extras": []}


def test_a_field_hidden_by_a_hidden_field_is_hidden_too():
    # points depends on level, which is hidden when passed
    record = parse_record(SPECS, {"passed": "on", "points": "40"})
    assert "points" not in record


def test_empty_answers_are_left_out_so_defaults_apply():
    assert parse_record(SPECS, {"side": "", "points": " "}) == {
        "passed": False, "bonus": [], "extras": []}


def test_text_in_a_number_field_goes_to_the_variant_validation_as_typed():
    record = parse_record(SPECS, {"side": '"NS"', "level": "1", "points": "12a"})
    assert record["points"] == "12a"


def test_empty_and_removed_item_rows_are_dropped():
    form = {"extras-0-team": '"EW"', "extras-1-team": "", "extras-1-size": "",
            "extras-2-team": '"NS"', "extras-2-size": "4", "extras-2-_remove": "on"}
    assert parse_record(SPECS, form)["extras"] == [{"team": "EW"}]


def test_item_field_shown_when_uses_its_own_row():
    form = {"extras-0-team": '"EW"', "extras-0-size": "6"}
    assert parse_record(SPECS, form)["extras"] == [{"team": "EW"}]


def test_form_always_offers_one_empty_row_and_more_on_request():
    [items] = [f for f in form_fields(SPECS) if f.kind == "items"]
    assert len(items.parts) == 1
    [items] = [f for f in form_fields(SPECS, {"extras": [{"team": "NS"}]}, {"extras": 1})
               if f.kind == "items"]
    assert len(items.parts) == 2
    assert items.parts[1][0].name == "extras-1-team"


def test_shown_when_is_encoded_with_the_row_prefix_for_the_script():
    [items] = [f for f in form_fields(SPECS) if f.kind == "items"]
    size = items.parts[0][1]
    assert size.shown_when == '{"extras-0-team": ["\\"NS\\""]}'


def test_counts_cannot_explode():
    assert len(parse_record(SPECS, {"bonus-0": "100000"})["bonus"]) == 16
