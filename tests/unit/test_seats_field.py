"""A record field with one answer per seat (framework.rules.schema.SeatsField): read and
refused naming the seat, summed up, described, fuzzed by the kit, and drawn and read back by
the scorepad's form, one answer per seat."""

from __future__ import annotations

import pytest

from framework.core.errors import RecordError
from framework.kit.fuzz import bad_values
from framework.rules.schema import Choice, ChoiceField, IntegerField, SeatsField
from scorepad.forms import form_fields
from scorepad.widgets import parse_record, widget_of

TRICKS = SeatsField(
    "tricks", "Tricks", of=IntegerField("n", "Tricks", 0, 10), seats=("N", "E", "S")
)
CALLS = SeatsField(
    "whist",
    "Whist",
    of=ChoiceField("call", "Call", (Choice("whist", "Whist"), Choice("pass", "Pass"))),
    seats=("N", "E", "S"),
)


def test_an_answer_per_seat_in_playing_order():
    assert TRICKS.read({"S": 1, "n": 6, "E": 3}, "tricks", {}) == {"N": 6, "E": 3, "S": 1}
    assert TRICKS.read({"E": None, "S": 2}, "tricks", {}) == {"S": 2}
    assert CALLS.read({"E": "WHIST"}, "whist", {}) == {"E": "whist"}


@pytest.mark.parametrize(
    ("value", "where", "reason"),
    [
        ([6, 3, 1], "tricks", 'is an object of seats, e.g. "N": …, "E": …'),
        ({"W": 1}, "tricks", "'W' is not a seat here; seats: N E S"),
        ({"E": 11}, "tricks.E", "11 is not between 0 and 10"),
    ],
)
def test_a_wrong_answer_names_the_seat(value, where, reason):
    with pytest.raises(RecordError) as caught:
        TRICKS.read(value, "tricks", {})
    assert (caught.value.field, caught.value.reason) == (where, reason)


def test_summed_up_and_described():
    said = [(w.kind, w.text) for w in TRICKS.words({"N": 6, "E": 4})]
    assert said == [
        ("label", "Tricks"),
        ("sep", ": "),
        ("seat", "N"),
        ("sep", " "),
        ("code", "6"),
        ("sep", ", "),
        ("seat", "E"),
        ("sep", " "),
        ("code", "4"),
    ]
    called = [(w.kind, w.text) for w in CALLS.words({"E": "whist"})]
    assert called[-1] == ("label", "Whist")  # a choice in its words, translated where shown
    described = TRICKS.describe()
    assert described["kind"] == "seats" and described["seats"] == ["N", "E", "S"]
    assert described["of"]["kind"] == "integer"
    assert TRICKS.allows({"N": 3}) and not TRICKS.allows({"W": 3}) and not TRICKS.allows([])


def test_the_kit_s_bad_values_are_refused():
    for value, must in bad_values(TRICKS):
        assert must
        with pytest.raises(RecordError):
            TRICKS.read(value, "tricks", {})


def test_the_form_draws_one_answer_per_seat_and_reads_them_back():
    assert widget_of(TRICKS).name == "seats"
    (drawn,) = form_fields([TRICKS], {"tricks": {"N": 6, "E": 3}})
    (row,) = drawn.parts
    assert [(f.name, f.value) for f in row] == [
        ("tricks-0-N", 6),
        ("tricks-0-E", 3),
        ("tricks-0-S", None),
    ]
    form = {"tricks-0-N": "6", "tricks-0-E": "0", "tricks-0-S": "", "whist-0-E": '"whist"'}
    assert parse_record([TRICKS, CALLS], form) == {
        "tricks": {"N": 6, "E": 0},
        "whist": {"E": "whist"},
    }
    assert parse_record([TRICKS], {"tricks-0-N": ""}) == {}
