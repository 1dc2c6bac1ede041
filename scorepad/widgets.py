"""The deal form's widget for each field kind of a record schema (:mod:`framework.rules.schema`).

A widget says which template draws a field (``pages/fields/<name>.html``), what the template draws
inside it (a counts field's (choice, count) pairs, an items field's rows), how many entries a
record being typed allows, and how a submitted form is read back into the field's value. The
widget is found by the field's kind, its class, the nearest registered kind first (a
:class:`~framework.rules.schema.SuitField` is drawn as a choice); a plugin that declares a kind of
its own registers its widget, and ships its template::

    @draws(ScoreField)
    class ScoreWidget(Widget[ScoreField]):
        NAME = "score"
        def parse(self, form, name): ...

Form names: a field ``name``; an item's field ``name-<i>-<sub>``; a counts field one number per
choice, ``name-<j>`` (or, when it allows one entry in all, ``name`` = the choice); a card
``name-rank`` and ``name-suit`` (or ``name`` = the card, from the grid of an item's row). Choice
values travel JSON-encoded (``"NS"``, ``110``, ``null``), so a choice keeps its type.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, Generic, TypeVar

from framework.core.messages import KERNEL
from framework.core.untrusted import InputError, JSONError, check_text, load_json, parse_int
from framework.rules.schema import (
    MISSING,
    BooleanField,
    CardField,
    ChoiceField,
    CountsField,
    Depends,
    Field,
    IntegerField,
    ItemsField,
    SeatsField,
    quoted,
    same,
    values_text,
)

__all__ = [
    "Widget",
    "draws",
    "encode",
    "item_rows",
    "parse_record",
    "read_whole_number",
    "widget_of",
]

F = TypeVar("F", bound=Field)


def encode(value: Any) -> str:
    """A value as it travels in a form or a ``data-`` attribute: JSON, so it keeps its type.

    >>> encode("NS"), encode(110), encode(None)
    ('"NS"', '110', 'null')
    """
    return json.dumps(value)


def read_whole_number(text: str) -> int | None:
    """A whole number typed in a form (ASCII digits, an optional sign), or None.

    A space inside is not a thousands separator here: ``"9 5"`` is not 95.

    >>> read_whole_number(" 95 "), read_whole_number("9 5"), read_whole_number("٣"), \
read_whole_number("1" * 40)
    (95, None, None, None)
    """
    text = text.strip()
    if not text or any(ch.isspace() for ch in text):
        return None
    try:
        return parse_int(text, "")
    except InputError:
        return None


class Widget(Generic[F]):
    """How the deal form draws one field and reads it back; the base reads the form's text."""

    #: the name of the template that draws the kind: ``pages/fields/<NAME>.html``
    NAME: ClassVar[str] = ""

    def __init__(self, spec: F) -> None:
        self.spec = spec

    @property
    def name(self) -> str:
        """The name of the template that draws this field (a kind may draw some fields another
        way)."""
        return self.NAME

    def parse(self, form: Mapping[str, str], name: str) -> Any:
        """The value a submitted form gives (form name ``name``), or :data:`MISSING` for an
        answer left blank. A value the form cannot read is passed on as text, so that the
        field's reading names what is wrong with it."""
        raw = form.get(name, "")
        return MISSING if raw.strip() == "" else raw

    def parts(self, value: Any) -> list[Any]:
        """What the template draws inside the field for a value (nothing, but for some kinds)."""
        return []

    def limit(self, record: Mapping[str, Any]) -> int | None:
        """How many entries a (partial) record allows, for a field with such a limit."""
        return None


_WIDGETS: dict[type[Field], type[Widget[Any]]] = {}


def draws(kind: type[F]) -> Callable[[type[Widget[F]]], type[Widget[F]]]:
    """Register a widget class as the one that draws the field kind ``kind`` (and its
    subclasses, unless one registers its own)."""

    def register(widget: type[Widget[F]]) -> type[Widget[F]]:
        _WIDGETS[kind] = widget
        return widget

    return register


def widget_of(spec: Field) -> Widget[Any]:
    """The widget that draws ``spec``: its kind's, or the nearest registered base kind's."""
    for kind in type(spec).__mro__:
        widget = _WIDGETS.get(kind)
        if widget is not None:
            return widget(spec)
    raise LookupError(
        f"no form widget draws the field kind {type(spec).__name__}: "
        "register one with scorepad.widgets.draws"
    )


@draws(ChoiceField)
class ChoiceWidget(Widget[ChoiceField]):
    """A row of big buttons, or a drop-down for a long list."""

    #: choice fields with at most this many choices are drawn as a row of big buttons
    BUTTONS_UP_TO: ClassVar[int] = 12

    @property
    def name(self) -> str:
        return "buttons" if len(self.spec.choices) <= self.BUTTONS_UP_TO else "select"

    def parse(self, form: Mapping[str, str], name: str) -> Any:
        """The choice a form's button or menu sent; a value none of them sends (a forged or
        stale form) is refused with the choices in the words the form shows, their labels,
        where a record sent as JSON is told their codes (the field's reading)."""
        raw = form.get(name, "")
        if raw == "":
            return MISSING
        try:  # a JSON scalar as the form wrote it; a 5,000-deep "[" must not raise
            value = load_json(raw, name, max_bytes=1000, max_depth=1)
        except JSONError:
            value = check_text(raw[:1000], name, max_length=1000)
        else:
            value = raw if isinstance(value, list | dict) else value
        spec = self.spec
        if spec.lookup(value) is MISSING and spec.refusal(value) is None:  # (read() says why)
            raise InputError(  # the kernel's words, as the field's own reading says them
                name,
                KERNEL.message(
                    "{value} is not one of {choices}",
                    value=quoted(value),
                    choices=values_text(spec.values, spec.label_of),
                ),
            )
        return value


@draws(CardField)
class CardWidget(Widget[CardField]):
    """A rank-and-suit picker; in an item's row, one tap on a grid of the deck."""

    NAME = "card"

    def parse(self, form: Mapping[str, str], name: str) -> Any:
        whole = form.get(name, "").strip()
        if whole:  # a card sent whole, as text or JSON-encoded ('"JH"')
            if whole.startswith('"'):
                try:
                    decoded = json.loads(whole)
                except ValueError:
                    return whole
                return decoded if isinstance(decoded, str) else whole
            return whole
        rank = form.get(name + "-rank", "").strip()
        suit = form.get(name + "-suit", "").strip()
        if not rank and not suit:
            return MISSING
        return rank + suit  # half a card: the field's reading says it is not a card


@draws(IntegerField)
class IntegerWidget(Widget[IntegerField]):
    """A number (with the other team's points, for a field with a complement)."""

    NAME = "integer"

    def parse(self, form: Mapping[str, str], name: str) -> Any:
        raw = form.get(name, "")
        if raw.strip() == "":
            return MISSING
        number = read_whole_number(raw)
        return raw.strip() if number is None else number


@draws(BooleanField)
class BooleanWidget(Widget[BooleanField]):
    """A box."""

    NAME = "boolean"

    def parse(self, form: Mapping[str, str], name: str) -> Any:
        return form.get(name) in ("on", "true", "1")


@draws(CountsField)
class CountsWidget(Widget[CountsField]):
    """A count per choice; one choice (none or a team) when the field never holds more than one
    entry in all."""

    @property
    def name(self) -> str:
        return "single" if self.spec.maximum <= 1 else "counts"

    def parts(self, value: Any) -> list[Any]:
        seen = list(value) if isinstance(value, list) else []
        return [(c, sum(1 for v in seen if same(v, c.value))) for c in self.spec.of.choices]

    def limit(self, record: Mapping[str, Any]) -> int:
        """The largest limit while the field it depends on is not given (the page's script
        narrows it as the form is filled in)."""
        most = self.spec.most
        if isinstance(most, Depends):
            return most.at(record) if most.field in record else self.spec.maximum
        return int(most)

    def parse(self, form: Mapping[str, str], name: str) -> Any:
        of = self.spec.of
        if form.get(name, ""):  # the one-choice widget: at most one entry in all
            return [widget_of(of).parse(form, name)]
        values: list[Any] = []
        for j, choice in enumerate(of.choices):
            count = read_whole_number(form.get(f"{name}-{j}", "")) or 0
            values.extend([choice.value] * max(0, min(count, self.spec.maximum)))
        return values


@draws(ItemsField)
class ItemsWidget(Widget[ItemsField]):
    """One compact row per item, each drawn with its fields' widgets."""

    NAME = "items"

    def parts(self, value: Any) -> list[Any]:
        rows = list(value) if isinstance(value, list) else []
        return [row if isinstance(row, Mapping) else {} for row in rows]

    def parse(self, form: Mapping[str, str], name: str) -> Any:
        rows = []
        for i in item_rows(form, name):
            if form.get(f"{name}-{i}-_remove"):
                continue
            row = parse_record(self.spec.items, form, prefix=f"{name}-{i}-")
            row = {k: v for k, v in row.items() if v not in (None, "", [], False)}
            if row:
                rows.append(row)
        return rows


@draws(SeatsField)
class SeatsWidget(Widget[SeatsField]):
    """One answer per seat, side by side, each drawn with the answer's own widget (named
    ``<field>-0-<seat>``: the one row of the field's per-seat subfields)."""

    NAME = "seats"

    def parts(self, value: Any) -> list[Any]:
        return [dict(value) if isinstance(value, Mapping) else {}]

    def parse(self, form: Mapping[str, str], name: str) -> Any:
        row = parse_record(self.spec.subfields, form, prefix=f"{name}-0-")
        answered = {seat: v for seat, v in row.items() if v is not None and v != ""}  # (0 is one)
        return answered if answered else MISSING


def item_rows(form: Mapping[str, str], name: str) -> list[int]:
    """The row indexes present in a submitted form for the items field ``name``."""
    rows = set()
    start = name + "-"
    for key in form:
        if key.startswith(start):
            head = key[len(start) :].split("-", 1)[0]
            if head.isascii() and head.isdigit() and len(head) <= 3:
                rows.add(int(head))
    return sorted(rows)


def parse_record(
    fields: Sequence[Field], form: Mapping[str, str], prefix: str = ""
) -> dict[str, Any]:
    """The record a submitted form gives (answers left blank left out, so defaults apply; a
    field hidden by its condition left out too, with or without JavaScript)."""
    record: dict[str, Any] = {}
    for f in fields:
        value = widget_of(f).parse(form, prefix + f.name)
        if value is not MISSING:
            record[f.name] = value
    hidden: set[str] = set()
    changed = True
    while changed:  # until stable, so a field hidden by a hidden field is hidden too
        changed = False
        for f in fields:
            if f.name not in hidden and f.condition and not _shown_in(f.condition, record, hidden):
                hidden.add(f.name)
                record.pop(f.name, None)
                changed = True
    return record


def _shown_in(
    condition: Mapping[str, Sequence[Any]], record: Mapping[str, Any], hidden: set[str]
) -> bool:
    for controller, values in condition.items():
        if controller in hidden:
            return False
        current = encode(record.get(controller))
        if all(encode(v) != current for v in values):
            return False
    return True
