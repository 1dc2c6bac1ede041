"""What a place does with a record field lives in that place, found by the field's kind: the
scorepad's form widget (scorepad.widgets) and the kit's bad values (framework.kit.fuzz). The
record schema (framework.rules.schema) keeps reading, describing and summing up a record."""

from __future__ import annotations

import doctest
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import pytest

import framework.rules.schema as schema
import scorepad.widgets
from framework.core.cards import FRENCH_32
from framework.core.errors import RecordError
from framework.kit.fuzz import BadValues, bad_values
from framework.rules.schema import (
    BooleanField,
    CardField,
    Choice,
    ChoiceField,
    CountsField,
    Field,
    IntegerField,
    ItemsField,
    SeatField,
    SuitField,
    TeamField,
)
from scorepad.widgets import Widget, draws, parse_record, widget_of

KINDS: list[Field] = [
    ChoiceField("bet", "Bet", (Choice("a", "A"), Choice("b", "B"))),
    ChoiceField("many", "Many", tuple(Choice(n, str(n)) for n in range(13))),
    TeamField("taker", "Takers"),
    SeatField("seat", "Seat"),
    SuitField("trump", "Trump", FRENCH_32),
    CardField("top", "Top card", FRENCH_32),
    IntegerField("points", "Points", 0, 162),
    BooleanField("capot", "Capot"),
    CountsField("belote", "Belote", of=TeamField("team", "Team"), most=1),
    CountsField("belotes", "Belotes", of=TeamField("team", "Team"), most=4),
    ItemsField("announcements", "Announcements", items=(TeamField("team", "Team"),)),
]


def test_the_schema_s_field_kinds_carry_no_form_and_no_bad_values():
    for kind in (type(f) for f in KINDS):
        for name in ("from_form", "bad_values", "widget", "form_parts", "limit_at"):
            assert not hasattr(kind, name), f"{kind.__name__}.{name}"
    for name in ("parse_form", "item_rows", "encode", "read_whole_number"):
        assert not hasattr(schema, name), name


def test_every_built_in_kind_has_its_widget_by_kind():
    names = [widget_of(f).name for f in KINDS]
    assert names == [
        "buttons",
        "select",
        "buttons",
        "buttons",
        "buttons",
        "card",
        "integer",
        "boolean",
        "single",
        "counts",
        "items",
    ]


@dataclass(frozen=True)
class Score(Field):
    """A kind a plugin declares: a score written as "12-3"."""

    kind = "score"

    def read(self, value: Any, where: str, clean: Mapping[str, Any]) -> Any:
        if not isinstance(value, str) or value.count("-") != 1:
            raise RecordError(where, "is a score such as 12-3")
        return value

    def allows(self, value: Any) -> bool:
        return isinstance(value, str)


@dataclass(frozen=True)
class Unregistered(Field):
    def read(self, value: Any, where: str, clean: Mapping[str, Any]) -> Any:
        return value

    def allows(self, value: Any) -> bool:
        return True


@draws(Score)
class ScoreWidget(Widget[Score]):
    NAME = "score"

    def parse(self, form: Mapping[str, str], name: str) -> Any:
        return f"{form.get(name + '-us', '0')}-{form.get(name + '-them', '0')}"


@bad_values.register
def _(field: Score) -> BadValues:
    return [("12", True), (12, True)]


def test_a_plugin_s_own_kind_registers_its_widget_and_its_bad_values():
    score = Score("score", "Score")
    assert widget_of(score).name == "score"
    assert parse_record([score], {"score-us": "12", "score-them": "3"}) == {"score": "12-3"}
    assert bad_values(score) == [("12", True), (12, True)]
    for value, _must in bad_values(score):
        with pytest.raises(RecordError):
            score.read(value, "score", {})


def test_a_kind_with_no_widget_is_refused_by_name_and_fuzzed_with_what_no_field_takes():
    odd = Unregistered("odd", "Odd")
    with pytest.raises(LookupError, match=r"Unregistered.*scorepad\.widgets\.draws"):
        widget_of(odd)
    assert bad_values(odd) == [([], True), ({}, True)]


def test_a_subclass_of_a_kind_is_drawn_and_fuzzed_as_its_kind():
    @dataclass(frozen=True, init=False)
    class Partner(SeatField):
        pass

    partner = Partner("partner", "Partner")
    assert widget_of(partner).name == "buttons"
    assert bad_values(partner) == bad_values(SeatField("seat", "Seat"))


def test_the_widgets_doctests_pass():
    assert doctest.testmod(scorepad.widgets).failed == 0
