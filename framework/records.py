"""Deal records, the first form: a :class:`RecordField` description and a hand-written validator.

A deal record is a JSON object in the variant's documented format (team keys ``NS``/``EW``, cards
and seats in the notation contract). A variant now declares its record once, as a
:class:`framework.schema.RecordSchema` (hook ``atout_record_schema``), from which the kernel
validates, the scorepad builds its form and the kit fuzzes.

This module keeps the first form working for plugins written against it (deprecated: a
``DeprecationWarning`` when such a variant loads): ``atout_record_fields`` returning
:class:`RecordField` s and ``atout_validate_record`` validating by hand with the helpers below.
:meth:`RecordField.to_field` turns a description into the field kind that draws it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal

from framework.errors import NotationError, RecordError
from framework.schema import (
    BooleanField,
    CardField,
    Choice,
    ChoiceField,
    CountsField,
    Field,
    IntegerField,
    ItemsField,
    TeamField,
    Word,
    suit_symbol,
)
from framework.seats import SEATS, TEAMS

if TYPE_CHECKING:
    from framework.cards import Deck

__all__ = [
    "Choice",
    "RecordField",
    "field_bool",
    "field_choice",
    "field_int",
    "field_team_counts",
    "require_object",
    "thrown_in_record",
]

FieldKind = Literal["choice", "integer", "boolean", "counts", "items"]


@dataclass(frozen=True)
class RecordField:
    """One field of a variant's deal record, described for forms, docs and validation messages.

    :param name: the JSON key.
    :param label: a short label for a form (English; the scorepad translates known labels).
    :param kind: ``choice`` (one of ``choices``), ``integer`` (``minimum``..``maximum`` by
        ``step``), ``boolean``, ``counts`` (a list of values from ``choices`` that may repeat,
        e.g. ``["NS", "NS"]`` for two belotes), or ``items`` (a list of objects whose fields
        are ``items``, e.g. announcements).
    :param choices: the allowed values of a choice or counts field.
    :param required: whether the key must be present (otherwise ``default`` is used).
    :param default: the value used when the field is absent.
    :param minimum: for integer fields.
    :param maximum: for integer fields.
    :param step: for integer fields.
    :param help: one line shown under the field.
    :param items: the fields of each item of an ``items`` field.
    :param shown_when: show this field in a form only when another field has one of these
        values: ``{"bid": ["capot"]}``. Validation does not depend on it.
    :param complement: for an integer field of one team's points, the total the two teams
        share (162): the other team has ``complement`` minus this, and a form shows it.
    """

    name: str
    label: str
    kind: FieldKind
    choices: tuple[Choice, ...] = ()
    required: bool = True
    default: Any = None
    minimum: int | None = None
    maximum: int | None = None
    step: int = 1
    help: str = ""
    items: tuple[RecordField, ...] = ()
    shown_when: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    complement: int | None = None

    def describe(self) -> dict[str, Any]:
        """A JSON-ready description, for docs and clients."""
        out: dict[str, Any] = {
            "name": self.name,
            "label": self.label,
            "kind": self.kind,
            "required": self.required,
        }
        if self.choices:
            out["choices"] = [{"value": c.value, "label": c.label} for c in self.choices]
        if not self.required:
            out["default"] = self.default
        for key in ("minimum", "maximum"):
            if getattr(self, key) is not None:
                out[key] = getattr(self, key)
        if self.kind == "integer":
            out["step"] = self.step
        if self.help:
            out["help"] = self.help
        if self.items:
            out["items"] = [f.describe() for f in self.items]
        if self.shown_when:
            out["shown_when"] = {k: list(v) for k, v in self.shown_when.items()}
        if self.complement is not None:
            out["complement"] = self.complement
        return out

    def to_field(self, deck: Deck | None = None) -> Field:
        """The field kind (:mod:`framework.schema`) that draws and fuzzes this description.

        A choice of team keys becomes a :class:`~framework.schema.TeamField`; a choice with at
        least two suits of ``deck`` among its values a :class:`~framework.schema.SuitField`
        (so that a form and a score sheet show team names and suit symbols).
        """
        common: dict[str, Any] = {
            "required": self.required,
            "default": self.default,
            "help": self.help,
            "shown_when": dict(self.shown_when),
        }
        if self.kind == "choice":
            values = [c.value for c in self.choices]
            if values and set(values) <= {*TEAMS, None} and set(values) & set(TEAMS):
                nobody = next((c.label for c in self.choices if c.value is None), None)
                if nobody is not None:
                    return TeamField(self.name, self.label, nobody=nobody, **common)
                return (
                    TeamField(self.name, self.label, **common)
                    if set(values) == set(TEAMS)
                    else ChoiceField(self.name, self.label, tuple(self.choices), **common)
                )
            if (
                deck is not None
                and len(values) >= len(deck.suits)
                and set(values) <= set(deck.names)
            ):
                ranks = [r for r in deck.ranks if any(v[:-1] == r for v in values)]
                return CardField(self.name, self.label, deck, ranks=ranks, **common)
            if deck is not None and len(set(values) & set(deck.suits)) >= 2:
                return _LegacySuitField(
                    self.name, self.label, tuple(self.choices), deck=deck, **common
                )
            return ChoiceField(self.name, self.label, tuple(self.choices), **common)
        if self.kind == "integer":
            return IntegerField(
                self.name,
                self.label,
                self.minimum or 0,
                self.maximum if self.maximum is not None else 10**9,
                step=self.step,
                complement=self.complement,
                **common,
            )
        if self.kind == "boolean":
            return BooleanField(self.name, self.label, **common)
        if self.kind == "counts":
            of = RecordField("value", self.label, "choice", self.choices).to_field(deck)
            assert isinstance(of, ChoiceField)
            return CountsField(self.name, self.label, of=of, most=self.maximum or 4, **common)
        return ItemsField(
            self.name, self.label, items=tuple(f.to_field(deck) for f in self.items), **common
        )


@dataclass(frozen=True)
class _LegacySuitField(ChoiceField):
    """A choice of the first form whose values include suits: its own choices and labels,
    shown with the deck's suit symbols."""

    deck: Deck | None = field(default=None, compare=False)

    def symbol(self, value: Any) -> str:
        if self.deck is not None and value in self.deck.suits:
            return suit_symbol(self.deck, self.deck.suits.index(value))
        return ""

    def words(self, value: Any) -> list[Word]:
        symbol = self.symbol(value)
        if symbol:
            return [Word("suit", self.label_of(value), symbol, value)]
        return super().words(value)


TEAM_CHOICES = tuple(Choice(t, t) for t in TEAMS)
SEAT_CHOICES = tuple(Choice(s, s) for s in SEATS)


def require_object(record: Any) -> Mapping[str, Any]:
    """Check that a record is a JSON object."""
    if not isinstance(record, Mapping):
        raise RecordError("record", "a deal record is a JSON object")
    return record


def field_choice(
    record: Mapping[str, Any],
    name: str,
    choices: Sequence[Any],
    *,
    default: Any = ...,
    path: str = "",
) -> Any:
    """Read a field that must be one of ``choices`` (case-insensitive for text)."""
    where = path + name
    if name not in record:
        if default is ...:
            raise RecordError(where, "is missing")
        return default
    value = record[name]
    if isinstance(value, str):
        for c in choices:
            if isinstance(c, str) and c.upper() == value.strip().upper():
                return c
    elif value in choices and not isinstance(value, bool):
        return value
    elif value is None and None in choices:
        return None
    shown = ", ".join("null" if c is None else str(c) for c in choices)
    raise RecordError(where, f"{value!r} is not one of {shown}")


def field_int(
    record: Mapping[str, Any],
    name: str,
    minimum: int,
    maximum: int,
    *,
    step: int = 1,
    default: Any = ...,
    path: str = "",
) -> int:
    """Read a whole number between ``minimum`` and ``maximum`` (a multiple of ``step``)."""
    where = path + name
    if name not in record:
        if default is ...:
            raise RecordError(where, "is missing")
        number: int = default
        return number
    value = record[name]
    if isinstance(value, bool) or not isinstance(value, int):
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        else:
            raise RecordError(where, f"{value!r} is not a whole number")
    if not minimum <= value <= maximum:
        raise RecordError(where, f"{value} is not between {minimum} and {maximum}")
    if (value - minimum) % step:
        raise RecordError(where, f"{value} is not a multiple of {step}")
    return value


def field_bool(record: Mapping[str, Any], name: str, *, default: Any = ..., path: str = "") -> bool:
    """Read true or false."""
    where = path + name
    if name not in record:
        if default is ...:
            raise RecordError(where, "is missing")
        flag: bool = default
        return flag
    value = record[name]
    if not isinstance(value, bool):
        raise RecordError(where, f"{value!r} is not true or false")
    return value


def _is_empty(value: Any) -> bool:
    """An answer a form sends for a question left blank."""
    return value is None or value is False or (isinstance(value, list | str | dict) and not value)


def thrown_in_record(record: Mapping[str, Any]) -> dict[str, bool] | None:
    """``{"thrown_in": True}`` when the record says the deal was thrown in, else None.

    Every variant accepts ``{"thrown_in": true}`` for a deal nobody took. Such a deal has no
    other answer: another field that is not empty (null, false, ``[]``, ``""`` — what a form
    sends for a blank question) is refused by name.

    >>> thrown_in_record({"thrown_in": True, "taker": None}), thrown_in_record({"bid": 80})
    ({'thrown_in': True}, None)
    """
    if not field_bool(record, "thrown_in", default=False):
        return None
    for key, value in record.items():
        if key != "thrown_in" and not _is_empty(value):
            raise RecordError(key, "a thrown-in deal has no other field")
    return {"thrown_in": True}


def field_team_counts(
    record: Mapping[str, Any], name: str, most: int, *, path: str = ""
) -> list[str]:
    """Read a list of team keys that may repeat (belotes), at most ``most`` long."""
    where = path + name
    value = record.get(name, [])
    if value is None:
        return []
    if not isinstance(value, list):
        raise RecordError(where, 'is a list of teams, e.g. ["NS"]')
    if len(value) > most:
        raise RecordError(where, f"at most {most} allowed")
    out = []
    for i, item in enumerate(value):
        try:
            out.append(TEAMS[_parse_team(item)])
        except NotationError as exc:
            raise RecordError(f"{where}.{i}", str(exc)) from None
    return sorted(out, key=TEAMS.index)


def _parse_team(value: Any) -> int:
    from framework.seats import parse_team

    if not isinstance(value, str):
        raise NotationError(f"{value!r} is not a team; use NS or EW")
    return parse_team(value)
