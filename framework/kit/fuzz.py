"""Bad values for every field of a deal record, found by the field's kind.

The conformance kit sends each field of a variant's record the values this module gives for its
kind, and checks that the variant refuses them with a :class:`~framework.core.errors.RecordError`
(or, for a value that need not be refused, still scores the record). :func:`bad_values`
dispatches on the field's class, its nearest registered kind first (a
:class:`~framework.rules.schema.SuitField` gets the values of a choice); a plugin that declares a
field kind of its own registers its values from its tests::

    from framework.kit.fuzz import BadValues, bad_values

    @bad_values.register
    def _(field: ScoreField) -> BadValues:
        return [(-1, True), ("lots", True)]
"""

from __future__ import annotations

from functools import singledispatch
from typing import Any

from framework.rules.schema import (
    MISSING,
    BooleanField,
    CardField,
    ChoiceField,
    CountsField,
    Field,
    IntegerField,
    ItemsField,
    SeatsField,
    TeamField,
)

__all__ = ["BadValues", "bad_values"]

#: ``(value, must_be_refused)`` pairs: a value that need not be refused (a lenient reading) must
#: still score when accepted.
BadValues = list[tuple[Any, bool]]


@singledispatch
def bad_values(field: Field) -> BadValues:
    """Values that are wrong for ``field``; for a kind with none registered, what no field takes
    (a list or an object where a field wants something else)."""
    return [([], True), ({}, True)]


@bad_values.register
def _choice(field: ChoiceField) -> BadValues:
    wrong: tuple[Any, ...] = (123456, "no such value", [], {})
    return [(v, True) for v in wrong if field.lookup(v) is MISSING]


@bad_values.register
def _team(field: TeamField) -> BadValues:
    return [*_choice(field), ("XX", True)]


@bad_values.register
def _card(field: CardField) -> BadValues:
    return [(42, True), ("no such card", True), ("", True), ([], True), ({}, True)]


@bad_values.register
def _integer(field: IntegerField) -> BadValues:
    step = max(field.step, 1)
    return [
        ("12", True),
        ("9 5", True),
        (1.5, True),
        (True, True),
        ([], True),
        ({}, True),
        (field.most + step, True),
        (field.minimum - step, True),
    ]


@bad_values.register
def _boolean(field: BooleanField) -> BadValues:
    return [("maybe", True), (2, True), ([], True)]


@bad_values.register
def _counts(field: CountsField) -> BadValues:
    wrong: BadValues = [(5, True), ({"NS": 1}, True)]
    wrong += [([v], True) for v, must in bad_values(field.of) if must and isinstance(v, str)]
    if field.of.values:
        wrong.append(([field.of.values[0]] * (field.maximum + 1), True))
    return wrong


@bad_values.register
def _items(field: ItemsField) -> BadValues:
    wrong: BadValues = [(42, True), ("text", True), (["x"], True)]
    wrong += [([{sub.name: "XX"}], True) for sub in field.items if isinstance(sub, TeamField)]
    return wrong


@bad_values.register
def _seats(field: SeatsField) -> BadValues:
    wrong: BadValues = [(42, True), ("text", True), ([], True), ({"??": None}, True)]
    if field.seats:
        seat = field.seats[0]
        wrong += [({seat: v}, must) for v, must in bad_values(field.of) if must]
    return wrong
