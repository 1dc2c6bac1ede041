"""Croatian Bela's deal record (docs/variants/bela.md): normalisation, and one RecordError per
bad field naming that field."""

import pytest
from bela_helpers import VARIANT, rules

from framework.core.errors import RecordError
from framework.rules.scoring import MatchContext

BASE = {"trump": "H", "caller": "E", "caller_points": 95}


def validate(record, **overrides):
    return VARIANT.hooks.validate_record(rules(**overrides), record, MatchContext())


def refused(record, **overrides) -> RecordError:
    with pytest.raises(RecordError) as info:
        validate(record, **overrides)
    return info.value


def test_a_record_is_normalised_with_defaults_and_canonical_spellings():
    clean = validate(
        {
            "trump": "h",
            "caller": "e",
            "caller_points": 95,
            "declarations": [
                {"team": "we", "kind": "TIERCE", "high": "K♠"},
                {"team": "NS", "kind": "carre", "rank": "10"},
            ],
            "bela": ["ew"],
        }
    )
    assert clean == {
        "trump": "H",
        "caller": "E",
        "caller_points": 95,
        "stiglja": None,
        "declarations": [
            {"team": "EW", "kind": "tierce", "high": "KS"},
            {"team": "NS", "kind": "carre", "rank": "T"},
        ],
        "bela": ["EW"],
        "belot": None,
    }
    assert validate(clean) == clean


def test_the_opponents_card_points_give_the_callers():
    assert validate({"caller": "E", "opponents_points": 67})["caller_points"] == 95


def test_stiglja_gives_the_card_points():
    assert validate({"caller": "E", "stiglja": "EW"})["caller_points"] == 162
    assert validate({"caller": "E", "stiglja": "NS"})["caller_points"] == 0


def test_a_belot_record_needs_nothing_else():
    assert validate({"belot": "ns"}) == {"belot": "NS"}


def test_the_trump_suit_may_be_left_out():
    assert validate({"caller": "S", "caller_points": 80})["trump"] is None


@pytest.mark.parametrize(
    ("record", "field", "words"),
    [
        ({"trump": "H", "caller_points": 95}, "caller", "missing"),
        ({**BASE, "caller": "X"}, "caller", "not one of"),
        ({**BASE, "trump": "NT"}, "trump", "not one of"),
        ({"trump": "H", "caller": "E"}, "caller_points", "missing"),
        ({**BASE, "caller_points": 163}, "caller_points", "between 0 and 162"),
        ({**BASE, "caller_points": "95"}, "caller_points", "whole number"),
        ({**BASE, "opponents_points": 60}, "opponents_points", "not 162"),
        ({**BASE, "stiglja": "NS"}, "stiglja", "not 95"),
        ({**BASE, "stiglja": "XX"}, "stiglja", "not one of null, NS or EW"),
        ({**BASE, "belot": "both"}, "belot", "not one of null, NS or EW"),
        ({**BASE, "bela": ["NS", "EW"]}, "bela", "at most 1"),
        ({**BASE, "bela": "NS"}, "bela", "list"),
        ({**BASE, "declarations": "tierce"}, "declarations", "list"),
        ({**BASE, "declarations": ["tierce"]}, "declarations.0", "object"),
        (
            {**BASE, "declarations": [{"kind": "tierce", "high": "KS"}]},
            "declarations.0.team",
            "Which team declared it?",
        ),
        (
            {**BASE, "declarations": [{"team": "NS", "kind": "terca", "high": "KS"}]},
            "declarations.0.kind",
            "not one of",
        ),
        (
            {**BASE, "declarations": [{"team": "NS", "kind": "tierce"}]},
            "declarations.0.high",
            "Which card tops the tierce?",
        ),
        (
            {**BASE, "declarations": [{"team": "NS", "kind": "quarte", "high": "9S"}]},
            "declarations.0.high",
            "lowest top card is TS",
        ),
        (
            {**BASE, "declarations": [{"team": "NS", "kind": "tierce", "high": "KX"}]},
            "declarations.0.high",
            "not a card",
        ),
        (
            {**BASE, "declarations": [{"team": "NS", "kind": "carre"}]},
            "declarations.0.rank",
            "A carré of which rank?",
        ),
        (
            {**BASE, "declarations": [{"team": "NS", "kind": "carre", "rank": "8"}]},
            "declarations.0.rank",
            "not a declaration",
        ),
        (
            {**BASE, "declarations": [{"team": "NS", "kind": "carre", "rank": "Z"}]},
            "declarations.0.rank",
            "not one of A, K, Q, J, T or 9",
        ),
        (
            {**BASE, "declarations": [{"team": "NS", "kind": "tierce", "high": "KS", "seat": "E"}]},
            "declarations.0.seat",
            "does not play for NS",
        ),
        (
            {
                **BASE,
                "declarations": [
                    {"team": "NS", "kind": "quarte", "high": "KH"},
                    {"team": "EW", "kind": "tierce", "high": "AH"},
                ],
            },
            "declarations.1",
            "QH KH is already in NS quarte to KH",
        ),
        (
            {
                **BASE,
                "declarations": [
                    {"team": "NS", "kind": "carre", "rank": "J"},
                    {"team": "NS", "kind": "tierce", "high": "JH"},
                ],
            },
            "declarations.1",
            "JH is already in NS carre of J",
        ),
        (
            {
                **BASE,
                "bela": ["EW"],
                "declarations": [{"team": "NS", "kind": "tierce", "high": "KH"}],
            },
            "bela",
            "needs KH and QH",
        ),
        (
            {
                "caller": "E",
                "caller_points": 95,
                "declarations": [
                    {"team": "NS", "kind": "tierce", "high": "KS"},
                    {"team": "EW", "kind": "tierce", "high": "KD"},
                ],
            },
            "trump",
            "needed to break the tie",
        ),
        (
            {
                **BASE,
                "declarations": [
                    {"team": "NS", "kind": "tierce", "high": "KS"},
                    {"team": "EW", "kind": "tierce", "high": "KD"},
                ],
            },
            "declarations",
            "give the seat",
        ),
        ({**BASE, "dealer": "Q"}, "dealer", "not one of"),
        ({**BASE, "caller_point": 95}, "record", "not a field"),
        ({"thrown_in": True, "caller": "N"}, "caller", "thrown-in"),
        ({"thrown_in": "yes"}, "thrown_in", "true or false"),
    ],
)
def test_a_bad_field_is_refused_with_its_name_and_the_reason(record, field, words):
    error = refused(record)
    assert error.field == field
    assert words in error.reason


def test_with_two_way_cards_a_carre_and_a_sequence_of_one_team_may_share_a_card():
    record = {
        **BASE,
        "declarations": [
            {"team": "NS", "kind": "carre", "rank": "J"},
            {"team": "NS", "kind": "tierce", "high": "JH"},
        ],
    }
    assert len(validate(record, card_in_two_declarations=True)["declarations"]) == 2
    error = refused(
        {
            **BASE,
            "declarations": [
                {"team": "NS", "kind": "carre", "rank": "J", "seat": "N"},
                {"team": "NS", "kind": "tierce", "high": "JH", "seat": "S"},
            ],
        },
        card_in_two_declarations=True,
    )
    assert error.field == "declarations.1"


def test_equal_sequences_with_seats_validate_and_keep_the_seats():
    record = {
        **BASE,
        "declarations": [
            {"team": "NS", "kind": "tierce", "high": "KS", "seat": "n"},
            {"team": "EW", "kind": "tierce", "high": "KD", "seat": "W"},
        ],
        "dealer": "S",
    }
    clean = validate(record)
    assert [d["seat"] for d in clean["declarations"]] == ["N", "W"] and clean["dealer"] == "S"


def test_the_form_describes_every_field_of_the_record():
    names = [f.name for f in VARIANT.hooks.record_fields(rules())]
    assert names == [
        "trump",
        "caller",
        "caller_points",
        "opponents_points",
        "stiglja",
        "declarations",
        "bela",
        "belot",
        "dealer",
    ]
    items = next(f for f in VARIANT.hooks.record_fields(rules()) if f.name == "declarations").items
    assert [f.name for f in items] == ["team", "kind", "high", "rank", "seat"]


def test_the_belote_familys_question_is_said_in_the_variants_languages():
    """Bela asks the family's "Which card tops the tierce?" (one msgid, in the belote family's
    catalog, which the variant's stack carries): in Croatian wherever the variant is shown
    with its own catalogs (the CLI's --lang), the kind in Bela's words."""
    from framework.core.messages import KERNEL, Translator, error_words

    error = refused({**BASE, "declarations": [{"team": "NS", "kind": "tierce"}]})
    croatian = Translator("hr", [*VARIANT.translations, KERNEL])
    assert croatian.render(error_words(error)).endswith("Koja je najviša karta u nizu (terca)?")
