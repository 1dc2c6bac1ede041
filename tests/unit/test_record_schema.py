"""The record schema (framework.rules.schema): field kinds read and describe values, and refuse
the kit's bad values (framework.kit.fuzz); limits and conditions that depend on another field are
data; a reason names the other field by its label and its value in words."""

from __future__ import annotations

import doctest
import json

import pytest

import framework.rules.schema
from framework.core.cards import FRENCH_32, SPANISH_20
from framework.core.errors import RecordError
from framework.kit.fuzz import bad_values
from framework.rules.schema import (
    CardField,
    Choice,
    ChoiceField,
    CountsField,
    Depends,
    IntegerField,
    ItemsField,
    RecordSchema,
    SeatField,
    SuitField,
    TeamField,
    thrown_in_field,
)
from framework.rules.scoring import MatchContext

TRUMP = SuitField(
    "trump", "Trump", FRENCH_32, extra=(Choice("NT", "no trumps"), Choice("AT", "all trumps"))
)
BELOTE = CountsField(
    "belote",
    "Belote",
    of=TeamField("team", "Team"),
    required=False,
    default=[],
    most=Depends("trump", {"NT": 0, "AT": 4}, otherwise=1),
)
SCHEMA = RecordSchema(
    [
        TeamField("taker", "Takers"),
        TRUMP,
        IntegerField("points", "Points", 0, Depends("trump", {"NT": 130}, otherwise=162)),
        BELOTE,
        ChoiceField(
            "bet",
            "Bet",
            (Choice("none", "No bet"), Choice("solo", "Solo")),
            required=False,
            default="none",
        ),
        IntegerField("dead", "Dead hand", 11, 54, required=False, only_when={"bet": ["solo"]}),
        CardField("turn_up", "Turned-up card", FRENCH_32, required=False, rare=True),
    ],
    title="a test record",
    not_fields={"bid": "there are no bids here"},
)


def valid(**record):
    return SCHEMA.validate(record, MatchContext())


def refused(**record) -> RecordError:
    with pytest.raises(RecordError) as info:
        valid(**record)
    return info.value


def test_the_module_doctests_pass():
    assert doctest.testmod(framework.rules.schema).failed == 0


def test_a_record_is_read_field_by_field_with_defaults_and_spellings():
    assert valid(taker="sn", trump="♥", points=90, belote=["we"], turn_up="10h") == {
        "taker": "NS",
        "trump": "H",
        "points": 90,
        "belote": ["EW"],
        "bet": "none",
        "turn_up": "TH",
    }


def test_a_limit_that_depends_on_another_field_is_said_in_words():
    assert (
        refused(taker="NS", trump="H", points=90, belote=["NS", "EW"]).reason
        == "at most 1 when trump is hearts ♥ (not 2)"
    )
    assert (
        refused(taker="NS", trump="NT", points=90, belote=["NS"]).reason
        == "none when trump is no trumps (not 1)"
    )
    assert valid(taker="NS", trump="AT", points=90, belote=["NS"] * 4)["belote"] == ["NS"] * 4
    error = refused(taker="NS", trump="NT", points=140)
    assert (error.field, error.reason) == (
        "points",
        "140 is not between 0 and 130 when trump is no trumps",
    )


def test_a_field_that_applies_only_when_another_has_a_value():
    assert valid(taker="NS", trump="S", points=60, bet="solo", dead=20)["dead"] == 20
    assert "dead" not in valid(taker="NS", trump="S", points=60)
    error = refused(taker="NS", trump="S", points=60, dead=20)
    assert (error.field, error.reason) == ("dead", "does not apply when bet is No bet")


@pytest.mark.parametrize(
    ("value", "words"),
    [
        ("9 5", "not a whole number"),
        ("95", "not a whole number"),
        (True, "not a whole number"),
        (1.5, "not a whole number"),
        (10**30, "digits"),
    ],
)
def test_a_number_is_a_json_number(value, words):
    assert words in refused(taker="NS", trump="S", points=value).reason


@pytest.mark.parametrize("text", ["N\x00S", "\ud800", "N" * 500])
def test_text_from_outside_is_checked_before_it_is_read(text):
    error = refused(taker=text, trump="S", points=60)
    assert error.field == "taker"
    assert len(error.reason) < 200


def test_keys_that_are_not_fields():
    assert refused(taker="NS", trump="S", points=60, bid=80).field == "bid"
    assert valid(taker="NS", trump="S", points=60, bid=None)  # blank: a question not asked
    error = refused(taker="NS", trump="S", points=60, colour="H")
    assert error.field == "record" and "'colour' is not a field of a test record" in error.reason


def test_the_thrown_in_answer_stands_alone():
    assert valid(thrown_in=True) == {"thrown_in": True}
    assert refused(thrown_in=True, taker="NS").reason == "a thrown-in deal has no other field"


def test_a_thrown_in_box_hides_every_other_field_while_it_is_ticked():
    # the rule of the answer above, said once: a form shows no question a thrown-in deal refuses
    schema = RecordSchema(
        [
            SeatField("dealer", "Dealer", required=False),
            thrown_in_field("Thrown in", "all passed"),
            TeamField("taker", "Takers"),
            ChoiceField("kind", "Kind", (Choice("a", "A"), Choice("b", "B"))),
            IntegerField("n", "N", 0, 9, only_when={"kind": ["b"]}),
            IntegerField("m", "M", 0, 9, required=False, shown_when={"kind": ["a"]}),
        ]
    )
    shown = {f.name: dict(f.shown_when) for f in schema.fields}
    assert shown == {
        "dealer": {"thrown_in": [False]},
        "thrown_in": {},
        "taker": {"thrown_in": [False]},
        "kind": {"thrown_in": [False]},
        "n": {},  # its own condition: on a field hidden with the rest
        "m": {"kind": ["a"]},
    }
    # a schema without the box asks every question whatever is ticked
    assert not RecordSchema([TeamField("taker", "Takers")]).fields[0].shown_when


def test_a_card_of_the_deck_and_only_of_the_ranks_offered():
    high = CardField("high", "Top card", FRENCH_32, ranks=("9", "T", "J", "Q", "K", "A"))
    schema = RecordSchema([high])
    assert schema.validate({"high": "k♦"}, MatchContext()) == {"high": "KD"}
    with pytest.raises(RecordError, match="not one of the cards here"):
        schema.validate({"high": "7H"}, MatchContext())
    assert high.describe()["ranks"][1] == {"value": "T", "label": "10"}


def test_a_deck_without_symbols_shows_letters():
    suit = SuitField("trump", "Trump", SPANISH_20)
    assert suit.symbol("O") == "" and suit.label_of("O") == "coins"
    assert [w.kind for w in suit.words("O")] == ["suit"]


def test_items_read_each_field_and_leave_defaults_out():
    items = ItemsField(
        "ann",
        "Announcements",
        items=(
            TeamField("team", "Team"),
            ChoiceField("kind", "Kind", (Choice("run", "run"),)),
            IntegerField("length", "Length", 3, 8, required=False, default=3),
        ),
    )
    schema = RecordSchema([items])
    assert schema.validate(
        {"ann": [{"team": "ew", "kind": "run", "length": 3}]}, MatchContext()
    ) == {"ann": [{"team": "EW", "kind": "run"}]}
    with pytest.raises(RecordError) as info:
        schema.validate({"ann": [{"team": "NS", "kind": "run", "colour": 1}]}, MatchContext())
    assert info.value.field == "ann.0.colour"
    assert schema.label_of("ann.0.kind") == "Announcements 1 Kind"


def test_a_dependency_on_a_later_field_is_a_declaration_error():
    with pytest.raises(ValueError, match="declared before it"):
        RecordSchema([BELOTE, TRUMP])


def test_the_description_is_json_and_carries_the_hints():
    described = json.loads(json.dumps(SCHEMA.describe()))
    by_name = {f["name"]: f for f in described}
    assert by_name["belote"]["most"] == {
        "field": "trump",
        "otherwise": 1,
        "limits": [{"value": "NT", "limit": 0}, {"value": "AT", "limit": 4}],
    }
    assert by_name["turn_up"]["rare"] is True and by_name["turn_up"]["kind"] == "card"
    assert by_name["dead"]["only_when"] == {"bet": ["solo"]}
    assert by_name["taker"]["teams"] is True
    assert by_name["trump"]["choices"][1] == {"value": "H", "label": "hearts", "symbol": "♥"}
    assert SeatField("s", "Seat").describe()["seats"] is True


def test_every_kind_gives_bad_values_that_it_refuses():
    for f in SCHEMA.fields:
        for value, must in bad_values(f):
            if not must:
                continue
            record = {"taker": "NS", "trump": "S", "points": 60, "bet": "solo", f.name: value}
            with pytest.raises(RecordError):
                SCHEMA.validate(record, MatchContext())


def test_every_missing_field_is_named_not_only_the_first():
    with pytest.raises(RecordError) as caught:
        valid()
    assert [(e.field, e.reason) for e in caught.value.all] == [
        ("taker", "is missing"),
        ("trump", "is missing"),
        ("points", "is missing"),
    ]
    assert (caught.value.field, caught.value.reason) == ("taker", "is missing")


def test_a_wrong_value_ends_the_reading_after_the_missing_fields_before_it():
    with pytest.raises(RecordError) as caught:
        valid(trump="X", points=3)
    assert [e.field for e in caught.value.all] == ["taker", "trump"]
    with pytest.raises(RecordError) as caught:
        valid(taker="NS", trump="X")
    assert [e.field for e in caught.value.all] == ["trump"]
