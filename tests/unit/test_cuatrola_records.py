"""Cuatrola's deal record (spec §4.8): validation field by field, normalisation, the form
description, and the record written for a hand played in the engine."""

import pytest
from cuatrola_helpers import VARIANT, deal_with, rules

from framework.core.errors import RecordError
from framework.rules.scoring import MatchContext


def valid(record, totals=None, **overrides):
    context = MatchContext(totals=totals or {"NS": 0, "EW": 0})
    return VARIANT.hooks.validate_record(rules(**overrides), record, context)


def refused(record, field, words="", totals=None, **overrides):
    with pytest.raises(RecordError) as err:
        valid(record, totals, **overrides)
    assert err.value.field == field, str(err.value)
    assert words in err.value.reason, str(err.value)


NONE = {"bet": "none", "trump": "O", "ns_points": 78, "ew_points": 52}
SOLO = {
    "bet": "solo",
    "declarer": "E",
    "trump": "B",
    "ns_points": 47,
    "ew_points": 62,
    "dead_points": 21,
}


def test_a_no_bet_record_needs_only_one_pairs_points():
    assert valid({"bet": "none", "trump": "o", "ew_points": 52}) == {
        "bet": "none",
        "declarer": None,
        "trump": "O",
        "ns_points": 78,
        "ew_points": 52,
        "cantes": [],
    }


def test_a_solo_with_the_dead_hand_needs_only_one_pairs_points():
    clean = valid(
        {"bet": "solo", "declarer": "e", "trump": "B", "ns_points": 47, "dead_points": 21}
    )
    assert clean["ew_points"] == 62 and clean["declarer"] == "E"


def test_a_cuatrola_record_is_the_declarers_tricks():
    assert valid({"bet": "cuatrola", "declarer": "N", "tricks": 4}) == {
        "bet": "cuatrola",
        "declarer": "N",
        "trump": None,
        "tricks": 4,
    }


@pytest.mark.parametrize("trump", [{}, {"trump": None}])
def test_a_cuatrola_or_quintola_needs_no_trump(trump):
    # the docs say trump is optional there: absent or null, preview, Save and the CLI agree
    for bet in ("cuatrola", "quintola"):
        clean = valid({"bet": bet, "declarer": "E", "tricks": 5, **trump})
        assert clean == {"bet": bet, "declarer": "E", "trump": None, "tricks": 5}
        assert VARIANT.hooks.score(rules(), clean).points


def test_the_normalised_record_validates_to_itself():
    for record in (NONE, SOLO, {"bet": "quintola", "declarer": "W", "trump": "C", "tricks": 5}):
        clean = valid(record)
        assert valid(clean) == clean


@pytest.mark.parametrize(
    ("record", "field", "words"),
    [
        ({"trump": "O"}, "bet", "missing"),
        ({**NONE, "bet": "grande"}, "bet", "not one of"),
        ({**NONE, "declarer": "N"}, "declarer", "does not apply when bet is No bet (1)"),
        ({**SOLO, "declarer": None}, "declarer", "is missing"),
        ({**SOLO, "declarer": "X"}, "declarer", "not one of"),
        ({**NONE, "trump": "H"}, "trump", "not one of"),
        ({"bet": "none", "ns_points": 78}, "trump", "missing"),
        ({"bet": "none", "trump": "O"}, "ns_points", "missing"),
        ({**NONE, "ns_points": 80}, "ew_points", "NS 80 + EW 52 = 132, but the hand is worth 130"),
        ({**NONE, "ns_points": 131}, "ns_points", "not between 0 and 130"),
        ({**NONE, "ns_points": "78"}, "ns_points", "not a whole number"),
        ({"bet": "none", "trump": "O", "ns_points": 126}, "ns_points", "impossible"),
        ({**SOLO, "ew_points": 63}, "ew_points", "worth 109 (with the dead hand's 21)"),
        ({**SOLO, "dead_points": 10}, "dead_points", "not between 11 and 54"),
        (
            {"bet": "solo", "declarer": "E", "trump": "B", "ns_points": 47},
            "ew_points",
            "give both pairs' points, or the dead hand's points",
        ),
        (
            {"bet": "solo", "declarer": "E", "trump": "B", "ns_points": 10, "ew_points": 20},
            "ew_points",
            "a solo is worth 76 to 119",
        ),
        ({**SOLO, "tricks": 4}, "tricks", "does not apply when bet is Solo (2)"),
        ({**NONE, "dead_points": 21}, "dead_points", "does not apply when bet is No bet (1)"),
        ({"bet": "cuatrola", "declarer": "N"}, "tricks", "missing"),
        ({"bet": "cuatrola", "declarer": "N", "tricks": 6}, "tricks", "not between 0 and 5"),
        (
            {"bet": "quintola", "declarer": "N", "tricks": 5, "ns_points": 90},
            "ns_points",
            "does not apply when bet is Quintola (5)",
        ),
        (
            {
                "bet": "quintola",
                "declarer": "N",
                "tricks": 5,
                "cantes": [{"team": "NS", "suit": "O"}],
            },
            "cantes",
            "does not apply when bet is Quintola",
        ),
        ({**NONE, "capot": True}, "record", "'capot' is not a field"),
        ({"thrown_in": True, "bet": "none"}, "bet", "a thrown-in deal has no other field"),
        ({"thrown_in": "yes"}, "thrown_in", "not true or false"),
    ],
)
def test_a_bad_record_names_the_field_and_the_reason(record, field, words):
    refused(record, field, words)


def test_a_record_is_an_object():
    refused([], "record", "JSON object")


def test_exact_11_a_bet_that_would_pass_11_is_refused():
    refused(
        {"bet": "cuatrola", "declarer": "S", "tricks": 4},
        "bet",
        "NS have 8: a cuatrola (4) would take them past 11",
        totals={"NS": 8, "EW": 5},
    )
    assert valid({"bet": "cuatrola", "declarer": "S", "tricks": 4}, totals={"NS": 7, "EW": 5})
    assert valid(
        {"bet": "cuatrola", "declarer": "S", "tricks": 4},
        totals={"NS": 8, "EW": 5},
        exact_finish=False,
    )


# ---- cantes ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("cantes", "field", "words"),
    [
        ("C", "cantes", "is a list"),
        (["C"], "cantes.0", "is an object"),
        ([{"team": "NS"}], "cantes.0.suit", "missing"),
        ([{"team": "XX", "suit": "C"}], "cantes.0.team", "not one of"),
        ([{"team": "NS", "suit": "H"}], "cantes.0.suit", "not one of"),
        (
            [{"team": "NS", "suit": "C", "points": 20}],
            "cantes.0.points",
            "is not a field here (fields: team, suit)",
        ),
        (
            [{"team": "NS", "suit": "C"}, {"team": "EW", "suit": "C"}],
            "cantes.1.suit",
            "already sung",
        ),
    ],
)
def test_a_bad_cante_names_its_place_in_the_list(cantes, field, words):
    refused({**NONE, "cantes": cantes}, field, words)


def test_a_pair_that_took_no_trick_cannot_sing():
    refused(
        {"bet": "none", "trump": "O", "ns_points": 130, "cantes": [{"team": "EW", "suit": "C"}]},
        "cantes.0.team",
        "EW took no trick",
    )


def test_forty_first_the_40_must_come_before_the_pairs_20s():
    cantes = [{"team": "NS", "suit": "C"}, {"team": "NS", "suit": "O"}]
    assert valid({**NONE, "cantes": cantes})["cantes"] == cantes
    refused({**NONE, "cantes": cantes}, "cantes.1.suit", "40 is sung first", forty_first=True)
    other_pair = [{"team": "EW", "suit": "C"}, {"team": "NS", "suit": "O"}]
    assert valid({**NONE, "cantes": other_pair}, forty_first=True)


def test_solo_cantes_soloist_refuses_the_defenders_cantes():
    record = {**SOLO, "cantes": [{"team": "NS", "suit": "C"}]}
    assert valid(record)["cantes"] == [{"team": "NS", "suit": "C"}]
    refused(record, "cantes.0.team", "only the soloist sings", solo_cantes="soloist")


# ---- the form description --------------------------------------------------------------------


def test_the_record_fields_describe_every_key_for_the_form():
    fields = {f.name: f for f in VARIANT.hooks.record_fields(rules())}
    assert set(fields) == {
        "bet",
        "declarer",
        "trump",
        "ns_points",
        "ew_points",
        "dead_points",
        "cantes",
        "tricks",
        "thrown_in",
    }
    assert fields["tricks"].only_when == {"bet": ["cuatrola", "quintola"]}
    assert fields["dead_points"].condition == {"bet": ["solo"]}
    assert [f.name for f in fields["cantes"].items] == ["team", "suit"]
    assert fields["bet"].describe()["choices"][0] == {"value": "none", "label": "No bet (1)"}


# ---- the record of a played hand -------------------------------------------------------------

HANDS = {  # dealer W: N is forehand; W's last card (AO) makes oros trump
    "N": "KC NC 3B NB JO",
    "E": "NE KE JB NO 3E",
    "S": "AC JC AE AB KO",
    "W": "JE 3C KB 3O AO",
}


def test_a_played_solo_writes_the_dead_hand_and_the_cantes():
    deal = deal_with(HANDS)
    for call in ("SOLO", "PASS", "PASS", "PASS"):
        deal.call(call)  # N's solo: S sits out with AC JC AE AB KO (11+2+11+11+4 = 39)
    while not deal.is_over:
        deal.play(deal.legal_plays()[-1])
    record = deal.record()
    assert record["bet"] == "solo" and record["declarer"] == "N"
    assert record["dead_points"] == 39
    assert record["ns_points"] + record["ew_points"] == 130 - 39
    assert valid(record) == record
    assert deal.score() == VARIANT.hooks.score(rules(), record, deal.context)
