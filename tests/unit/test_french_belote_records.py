"""French Belote's deal record (spec §3, §4 scorepad inputs): the form description and the
validation of each field, with the field named in the error."""

import pytest

from framework.core.errors import RecordError
from framework.rules.plugins import load_variant


@pytest.fixture(scope="module")
def fb():
    return load_variant("french-belote")


GOOD = {
    "taker": "NS",
    "round": 1,
    "trump": "H",
    "turn_up": "JH",
    "taker_points": 98,
    "capot": None,
    "belote": ["NS"],
}


def refused(fb, record, preset="maison", **overrides):
    with pytest.raises(RecordError) as info:
        fb.hooks.validate_record(fb.rules(preset, overrides), record)
    return info.value


def test_a_complete_record_is_normalised_to_canonical_spellings(fb):
    clean = fb.hooks.validate_record(
        fb.rules("classic"),
        {
            "taker": "sn",
            "round": 2,
            "trump": "♠",
            "turn_up": "10h",
            "taker_points": 90,
            "belote": ["we"],
        },
    )
    assert clean == {
        "taker": "NS",
        "round": 2,
        "trump": "S",
        "turn_up": "TH",
        "taker_points": 90,
        "capot": None,
        "belote": ["EW"],
    }


def test_round_and_turn_up_are_optional(fb):
    clean = fb.hooks.validate_record(fb.rules(), {"taker": "EW", "trump": "D", "taker_points": 0})
    assert clean == {"taker": "EW", "trump": "D", "taker_points": 0, "capot": None, "belote": []}


def test_a_thrown_in_record_has_no_other_field(fb):
    assert fb.hooks.validate_record(fb.rules(), {"thrown_in": True}) == {"thrown_in": True}
    assert refused(fb, {"thrown_in": True, "taker": "NS"}).field == "taker"
    assert refused(fb, {"thrown_in": "yes"}).field == "thrown_in"


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"taker": None}, "taker", "is missing"),
        ({"taker": "XX"}, "taker", "not one of NS or EW"),
        ({"round": 3}, "round", "not one of 1 or 2"),
        ({"trump": None}, "trump", "is missing"),
        ({"trump": "Z"}, "trump", "not one of"),
        (
            {"trump": "NT", "round": 1, "turn_up": None, "belote": []},
            "trump",
            "only be named in round 2",
        ),
        ({"turn_up": "ZZ"}, "turn_up", "not a card"),
        ({"trump": "S"}, "trump", "turned-up suit H"),
        ({"round": 2}, "trump", "another suit than the turned-up H"),
        ({"taker_points": None}, "taker_points", "is missing"),
        ({"taker_points": 163}, "taker_points", "between 0 and 162"),
        ({"taker_points": "12"}, "taker_points", "not a whole number"),
        ({"capot": "NS", "taker_points": 150}, "taker_points", "they have 162"),
        ({"capot": "EW", "taker_points": 12}, "taker_points", "the takers have 0"),
        ({"capot": "both"}, "capot", "not one of"),
        ({"belote": ["NS", "EW"]}, "belote", "at most 1 when trump is hearts ♥"),
        ({"belote": ["XX"]}, "belote.0", "not one of NS or EW"),
        ({"belote": "NS"}, "belote", "is a list"),
        ({"bid": 80}, "bid", "French Belote has no bids"),
        ({"coinche": "coinche"}, "coinche", "no coinche"),
        ({"tricks": 3}, "record", "fields: thrown_in, taker, round"),
    ],
)
def test_a_bad_field_is_named_with_the_reason(fb, change, field, words):
    record = {k: v for k, v in {**GOOD, **change}.items() if v is not None or k == "capot"}
    error = refused(fb, record)
    assert error.field == field
    assert words in error.reason


def test_no_trumps_and_all_trumps_are_refused_when_round2_nt_at_is_off(fb):
    error = refused(fb, {"taker": "NS", "trump": "NT", "taker_points": 90}, "classic")
    assert error.field == "trump" and "round2_nt_at" in error.reason


def test_round2_any_suit_accepts_the_turned_up_suit_in_round_two(fb):
    record = {**GOOD, "round": 2}
    clean = fb.hooks.validate_record(fb.rules("classic", {"round2_any_suit": True}), record)
    assert clean["trump"] == "H"


def test_no_trumps_has_no_belote_and_all_trumps_at_most_four(fb):
    nt = {"taker": "NS", "round": 2, "trump": "NT", "taker_points": 90}
    assert refused(fb, {**nt, "belote": ["NS"]}).field == "belote"
    at = {**nt, "trump": "AT", "belote": ["NS", "NS", "EW", "EW"]}
    assert fb.hooks.validate_record(fb.rules(), at)["belote"] == ["NS", "NS", "EW", "EW"]
    assert refused(fb, {**at, "belote": ["NS"] * 5}).field == "belote"


def test_a_capot_needs_no_card_points(fb):
    clean = fb.hooks.validate_record(fb.rules(), {"taker": "NS", "trump": "H", "capot": "EW"})
    assert clean["taker_points"] == 0 and clean["capot"] == "EW"


def test_announcements_are_refused_when_the_option_is_off(fb):
    record = {**GOOD, "announcements": [{"team": "NS", "kind": "tierce", "high": "KS"}]}
    assert refused(fb, record).field == "announcements"


def test_announcements_are_checked_item_by_item_when_the_option_is_on(fb):
    base = {
        **GOOD,
        "announcements": [
            {"team": "NS", "kind": "tierce", "high": "KS"},
            {"team": "EW", "kind": "carre", "rank": "9"},
        ],
    }
    clean = fb.hooks.validate_record(fb.rules("classic", {"announcements": True}), base)
    assert clean["announcements"] == base["announcements"]
    bad = {**GOOD, "announcements": [{"team": "NS", "kind": "tierce", "high": "8S"}]}
    assert refused(fb, bad, announcements=True).field == "announcements.0.high"
    bad = {**GOOD, "announcements": [{"team": "NS", "kind": "carre", "rank": "8"}]}
    assert refused(fb, bad, announcements=True).field == "announcements.0.rank"


def test_the_form_lists_the_fields_in_order_with_nt_at_only_where_allowed(fb):
    names = [f.name for f in fb.hooks.record_fields(fb.rules("maison"))]
    assert names == [
        "thrown_in",
        "taker",
        "round",
        "trump",
        "turn_up",
        "taker_points",
        "capot",
        "belote",
    ]
    trump = {f.name: f for f in fb.hooks.record_fields(fb.rules("maison"))}["trump"]
    assert [c.value for c in trump.choices] == ["S", "H", "D", "C", "NT", "AT"]
    trump = {f.name: f for f in fb.hooks.record_fields(fb.rules("classic"))}["trump"]
    assert [c.value for c in trump.choices] == ["S", "H", "D", "C"]
    announced = fb.rules("classic", {"announcements": True})
    with_ann = [f.name for f in fb.hooks.record_fields(announced)]
    assert with_ann[-1] == "announcements"
