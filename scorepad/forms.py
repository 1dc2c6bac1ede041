"""The deal form, built from the variant's record description.

:func:`form_fields` turns ``variant.hooks.record_fields(rules)``
(:class:`framework.records.RecordField`) into what the template draws, with the current
values; :func:`parse_record` turns the submitted
form back into a deal record. Nothing here knows a variant: any plugin that describes its record
gets a working form.

Form names: a field ``name``; an item's field ``name-<i>-<sub>``; a counts field one number per
choice, ``name-<j>``. Choice values travel JSON-encoded (``"NS"``, ``110``, ``null``), so a choice
keeps its type. A field hidden by ``shown_when`` (its controlling field has another value) is left
out of the record, with or without JavaScript.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from framework.records import RecordField
from framework.seats import TEAMS

__all__ = ["FormField", "encode", "field_id", "form_fields", "item_rows", "parse_record",
           "rows_to_add"]

#: choice fields with at most this many choices are drawn as a row of big buttons
BUTTONS_UP_TO = 12


def encode(value: Any) -> str:
    """A choice value as it travels in a form.

    >>> encode("NS"), encode(110), encode(None)
    ('"NS"', '110', 'null')
    """
    return json.dumps(value)


def field_id(name: str) -> str:
    """The form name of a record field path (``announcements.0.kind`` -> ``announcements-0-kind``).
    """
    return name.replace(".", "-")


@dataclass
class FormField:
    """One field as drawn: its description, its form name and its current value(s)."""

    spec: RecordField
    name: str
    value: Any = None
    #: for ``counts``: (choice, count) pairs; for ``items``: a list of rows of FormFields
    parts: list[Any] = field(default_factory=list)

    @property
    def kind(self) -> str:
        return self.spec.kind

    @property
    def widget(self) -> str:
        if self.spec.kind == "choice":
            return "buttons" if len(self.spec.choices) <= BUTTONS_UP_TO else "select"
        return self.spec.kind

    @property
    def shown_when(self) -> str:
        """The ``shown_when`` condition, JSON-encoded for the page's script ('' if none)."""
        if not self.spec.shown_when:
            return ""
        prefix = self.name[:len(self.name) - len(self.spec.name)]
        return json.dumps({prefix + field_id(k): [encode(v) for v in vals]
                           for k, vals in self.spec.shown_when.items()})

    def is_selected(self, choice_value: Any) -> bool:
        return (self.value is not None and encode(choice_value) == encode(self.value)) \
            or (self.value is None and choice_value is None)

    @property
    def text(self) -> str:
        """The value of an integer field as typed."""
        return "" if self.value is None else str(self.value)


def _initial(spec: RecordField, record: Mapping[str, Any] | None) -> Any:
    if record is not None and spec.name in record:
        return record[spec.name]
    return None if spec.required else spec.default


def form_fields(specs: Sequence[RecordField], record: Mapping[str, Any] | None = None,
                extra_rows: Mapping[str, int] | None = None, prefix: str = "") -> list[FormField]:
    """The form's fields with values from ``record`` (a stored record, or the one being typed).

    :param extra_rows: for ``items`` fields, how many empty rows to add (at least one row is
        always drawn when the list is empty).
    """
    out = []
    for spec in specs:
        name = prefix + spec.name
        value = _initial(spec, record)
        ff = FormField(spec, name, value)
        if spec.kind == "counts":
            seen = list(value or []) if isinstance(value, list) else []
            ff.parts = [(c, sum(1 for v in seen if encode(v) == encode(c.value)))
                        for c in spec.choices]
        elif spec.kind == "items":
            rows = list(value or []) if isinstance(value, list) else []
            add = (extra_rows or {}).get(spec.name, 0)
            if not rows:
                add = max(add, 1)
            rows += [{}] * add
            ff.parts = [form_fields(spec.items, row if isinstance(row, Mapping) else {},
                                    prefix=f"{name}-{i}-") for i, row in enumerate(rows)]
        out.append(ff)
    return out


def item_rows(form: Mapping[str, str], name: str) -> list[int]:
    """The row indexes present in a submitted form for the items field ``name``."""
    rows = set()
    start = name + "-"
    for key in form:
        if key.startswith(start):
            head = key[len(start):].split("-", 1)[0]
            if head.isdigit():
                rows.add(int(head))
    return sorted(rows)


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


def _decode_choice(raw: str) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        return raw  # the variant's validation names the bad value


def _parse_integer(raw: str) -> Any:
    text = raw.strip().replace(" ", "")
    if text.lstrip("-").isdigit():
        return int(text)
    return text  # the variant's validation says it is not a whole number


def _shown(spec: RecordField, record: Mapping[str, Any], hidden: set[str]) -> bool:
    for controller, values in spec.shown_when.items():
        if controller in hidden:
            return False
        if controller in record:
            current = encode(record[controller])
            if all(encode(v) != current for v in values):
                return False
        elif None not in values:
            return False
    return True


def parse_record(specs: Sequence[RecordField], form: Mapping[str, str],
                 prefix: str = "") -> dict[str, Any]:
    """The deal record from a submitted form (empty answers left out, so defaults apply)."""
    record: dict[str, Any] = {}
    for spec in specs:
        name = prefix + spec.name
        if spec.kind == "choice":
            raw = form.get(name, "")
            if raw != "":
                record[spec.name] = _decode_choice(raw)
        elif spec.kind == "integer":
            raw = form.get(name, "")
            if raw.strip() != "":
                record[spec.name] = _parse_integer(raw)
        elif spec.kind == "boolean":
            record[spec.name] = form.get(name) in ("on", "true", "1")
        elif spec.kind == "counts":
            values: list[Any] = []
            for j, choice in enumerate(spec.choices):
                raw = form.get(f"{name}-{j}", "").strip()
                count = int(raw) if raw.isdigit() else 0
                values.extend([choice.value] * min(count, 16))
            record[spec.name] = values
        elif spec.kind == "items":
            rows = []
            for i in item_rows(form, name):
                if form.get(f"{name}-{i}-_remove"):
                    continue
                row = parse_record(spec.items, form, prefix=f"{name}-{i}-")
                row = {k: v for k, v in row.items() if v not in (None, "", [], False)}
                if row:
                    rows.append(row)
            record[spec.name] = rows
    hidden: set[str] = set()
    for spec in specs:  # in form order, so a field hidden by a hidden field is hidden too
        if spec.shown_when and not _shown(spec, record, hidden):
            hidden.add(spec.name)
            record.pop(spec.name, None)
    return record


def team_label(value: Any, teams: Mapping[str, str]) -> str | None:
    """A team's name for a choice whose value is a team key (else None)."""
    if isinstance(value, str) and value in TEAMS:
        return teams.get(value, value)
    return None
