"""The deal form, built from the variant's record schema (:mod:`framework.rules.schema`).

:func:`form_fields` turns the schema's fields into what the templates draw, with the current
values; :func:`~scorepad.widgets.parse_record` turns the submitted form back into a deal record.
Nothing here knows a variant or a field kind: each field is drawn by its kind's widget
(:mod:`scorepad.widgets`, a template ``pages/fields/<widget>.html``), which also reads the field's
form value back, so any plugin that declares its record gets a working form. A field hidden by its
condition (``shown_when``/``only_when``) is left out of the record, with or without JavaScript.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from framework.core.errors import RecordError
from framework.core.messages import Names
from framework.rules.schema import CountsField, Depends, Field, SeatField, TeamField
from scorepad.widgets import encode, item_rows, widget_of

__all__ = [
    "FieldErrors",
    "FormField",
    "choice_name",
    "field_id",
    "form_fields",
    "rows_to_add",
    "seat_name",
]


class FieldErrors(dict[str, Any]):
    """A record's faults by form field id (each field's reason), and :attr:`asked`: the ids
    whose reason is the variant's own question for the field ("Which card tops the tierce?"),
    which the form's summary says alone, without the field's name."""

    def __init__(self, faults: Sequence[RecordError]) -> None:
        super().__init__({field_id(e.field): e.reason for e in faults})
        self.asked = {field_id(e.field) for e in faults if e.asked}


def field_id(name: str) -> str:
    """The form name of a record field path (``announcements.0.kind`` ->
    ``announcements-0-kind``)."""
    return name.replace(".", "-")


@dataclass
class FormField:
    """One field as drawn: its description, its form name and its current value(s)."""

    spec: Field
    name: str
    value: Any = None
    #: for counts: (choice, count) pairs; for items: a list of rows of FormFields
    parts: list[Any] = field(default_factory=list)
    #: for counts: how many entries the record being typed allows in all
    limit: int | None = None

    @property
    def kind(self) -> str:
        return self.spec.kind

    @property
    def widget(self) -> str:
        """The name of the template that draws the field: its kind's widget's."""
        return widget_of(self.spec).name

    @property
    def template(self) -> str:
        """The template that draws this field's widget."""
        return f"pages/fields/{self.widget}.html"

    @property
    def rare(self) -> bool:
        return self.spec.rare

    @property
    def shown_when(self) -> str:
        """The field's condition, JSON-encoded for the page's script ('' if none)."""
        condition = self.spec.condition
        if not condition:
            return ""
        prefix = self.name[: len(self.name) - len(self.spec.name)]
        return json.dumps(
            {prefix + field_id(k): [encode(v) for v in vals] for k, vals in condition.items()}
        )

    @property
    def most(self) -> str:
        """A counts field's limit that depends on another field, JSON-encoded for the page's
        script: ``{"field": form name, "limits": {encoded value: n}, "otherwise": n}``."""
        most = getattr(self.spec, "most", None)
        if not isinstance(most, Depends):
            return ""
        prefix = self.name[: len(self.name) - len(self.spec.name)]
        return json.dumps(
            {
                "field": prefix + field_id(most.field),
                "otherwise": most.otherwise,
                "limits": {encode(k): v for k, v in most.limits.items()},
            }
        )

    @property
    def hidden(self) -> bool:
        """Drawn hidden: the record shown allows none of it (a belote in no trumps)."""
        return self.limit == 0

    @property
    def text(self) -> str:
        """The value of an integer field as typed."""
        return "" if self.value is None else str(self.value)

    @property
    def card(self) -> tuple[str, str]:
        """A card field's (rank, suit) as drawn ('' for a part not chosen)."""
        value = self.value if isinstance(self.value, str) else ""
        deck = getattr(self.spec, "deck", None)
        if deck is not None and value:
            try:
                card = deck.parse(value)
            except ValueError:
                return "", ""
            return deck.ranks[deck.rank_of[card]], deck.suits[deck.suit_of[card]]
        return "", ""


def _initial(spec: Field, record: Mapping[str, Any] | None) -> Any:
    if record is not None and spec.name in record:
        return record[spec.name]
    return None if spec.required else spec.default


def form_fields(
    specs: Sequence[Field],
    record: Mapping[str, Any] | None = None,
    extra_rows: Mapping[str, int] | None = None,
    prefix: str = "",
) -> list[FormField]:
    """The form's fields with values from ``record`` (a stored record, or the one being typed).

    :param extra_rows: for items fields, how many empty rows to add (at least one row is
        always drawn when the list is empty).
    """
    out = []
    for spec in specs:
        name = prefix + spec.name
        value = _initial(spec, record)
        widget = widget_of(spec)
        ff = FormField(spec, name, value, limit=widget.limit(record or {}))
        parts = widget.parts(value)
        if spec.subfields:  # rows of fields: at least one row, and more on request
            add = (extra_rows or {}).get(spec.name, 0)
            if not parts:
                add = max(add, 1)
            rows = [*parts, *([{}] * add)]
            parts = [
                form_fields(spec.subfields, row, prefix=f"{name}-{i}-")
                for i, row in enumerate(rows)
            ]
        ff.parts = parts
        out.append(ff)
    return out


def rows_to_add(form: Mapping[str, str], name: str, record: Mapping[str, Any]) -> dict[str, int]:
    """The ``extra_rows`` that draw every row of the items field ``name`` the form showed (empty
    ones included, which the record leaves out) plus one: what "Add one" asks for.

    >>> rows_to_add({"ann-0-kind": "", "ann-1-kind": ""}, "ann", {"ann": []})
    {'ann': 3}
    >>> rows_to_add({"ann-0-kind": '"tierce"'}, "ann", {"ann": [{"kind": "tierce"}]})
    {'ann': 1}
    """
    shown = [i for i in item_rows(form, name) if not form.get(f"{name}-{i}-_remove")]
    kept = record.get(name)
    kept_rows = len(kept) if isinstance(kept, list) else 0
    return {name: max(len(shown), 1) - kept_rows + 1}


def choice_name(
    spec: Field, value: Any, names: Names | None, seats: Sequence[str] = ()
) -> str | None:
    """The name the table gave a choice of a field whose values are seats or teams (a
    :class:`~framework.rules.schema.SeatField` or :class:`~framework.rules.schema.TeamField`): the
    player's ("Anne") or the team's ("Anne & Paul"); None for any other field or a seat given no
    name, whose choice then shows its own label (the seat's name). ``seats``: the variant's seat
    names, in playing order. The record keeps the code."""
    if isinstance(spec, CountsField):  # a count per team (belotes): its choices are teams
        spec = spec.of
    if names is None or not isinstance(spec, SeatField | TeamField) or not isinstance(value, str):
        return None
    if value in names.teams:
        return names.teams.get(value) or None
    return seat_name(names, seats, value)


def seat_name(names: Names | None, seats: Sequence[str], seat: str) -> str | None:
    """The name the table gave the player at ``seat`` (one of ``seats``, the variant's seat
    names in playing order: ``names`` keeps players by seat index); None for a seat given no
    name, or no seat."""
    if names is None or seat not in seats:
        return None
    return names.seats.get(list(seats).index(seat)) or None
