"""A variant's deal record, declared once: field kinds as classes, and the schema made of them.

A variant lists its record's fields, each an instance of a field kind (the shape of attrs or
pydantic field types); from that one declaration

- the kernel validates a record (:meth:`RecordSchema.validate`), raising
  :class:`~framework.core.errors.RecordError` that names the field and a reason a player reads;
- the scorepad builds its deal form, parses what the form sends and writes a deal's summary;
- the conformance kit (:mod:`framework.kit.conformance`) sends bad values to every field.

Each field kind knows how to **read** a JSON value (:meth:`Field.read`), **describe** itself to a
form or a client (:meth:`Field.describe`) and say its part of a deal's summary
(:meth:`Field.words`). A variant writes code only for the rules that span several fields and that
data cannot say: the ``check`` function of its schema.

What a place does with a field lives in that place, found by the field's kind (its class): the
scorepad's form widget for each kind (:mod:`scorepad.widgets`) and the kit's bad values for each
kind (:mod:`framework.kit.fuzz`); a plugin that declares a kind of its own registers its own.

Layout hints, read by a form that knows no variant:

- ``rare=True``: a field a typical deal does not need (announcements, capot): a form may fold it
  away, one tap from view.
- ``shown_when={"bet": ["solo"]}``: the field is shown only while another field has one of these
  values (the form hides it and leaves it out of the record); validation ignores it.
- ``only_when={...}``: like ``shown_when``, and validation also refuses a value given while the
  condition does not hold ("does not apply when Bet is Cuatrola"); ``required`` then applies only
  while it holds.
- a limit that depends on another field is a :class:`Depends`: how many belotes a contract allows
  (``Depends("trump", {"NT": 0, "AT": 4}, otherwise=1)``), the most card points a contract has.
- a :class:`CardField` is a card of the variant's deck (a form shows a rank-and-suit picker); a
  :class:`SuitField` a suit of the deck (a form shows its symbol).

Untrusted numbers and text (a form's digits, a JSON string) are read with ASCII digits only, a
bounded length, and no NUL or lone surrogate.
"""

from __future__ import annotations

import copy
import json
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import KW_ONLY, dataclass, field, replace
from itertools import pairwise
from typing import TYPE_CHECKING, Any, ClassVar

from framework.core.errors import NotationError, RecordError
from framework.core.messages import KERNEL, error_words, join
from framework.core.seats import SEATS, TEAMS, parse_seat, parse_team
from framework.core.untrusted import (
    check_int,
    check_text,
)

if TYPE_CHECKING:
    from framework.core.cards import Deck
    from framework.rules.scoring import MatchContext

__all__ = [
    "DEALER",
    "THROWN_IN",
    "WHEN_PLAYED",
    "BooleanField",
    "CardField",
    "Choice",
    "ChoiceField",
    "CountsField",
    "Depends",
    "Field",
    "IntegerField",
    "ItemsField",
    "RecordSchema",
    "SeatField",
    "SeatsField",
    "SuitField",
    "TeamField",
    "thrown_in_field",
]

_ = KERNEL.message  # a reason is a message: its English text, translated where it is shown

#: The key of the thrown-in answer every variant accepts: ``{"thrown_in": true}``.
THROWN_IN = "thrown_in"
#: The key of a record's dealer, for a variant whose record may name who dealt (a seat's
#: name; the match's dealer of the deal when left out): ``{"dealer": "S"}``. Where the dealer
#: is fixed in advance (duplicate boards), a record naming another is refused.
DEALER = "dealer"
#: Longest text value read from a record (a choice, a card).
MAX_TEXT = 64


class _Missing:
    """The value of a field a record leaves out."""

    _instance: _Missing | None = None

    def __new__(cls) -> _Missing:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "MISSING"

    def __bool__(self) -> bool:
        return False


MISSING: Any = _Missing()


def same(a: Any, b: Any) -> bool:
    """Equal values of the same JSON type (``1`` is not ``true``, ``[]`` is ``[]``): what
    comparing their JSON texts says, without encoding.

    >>> same(1, True), same([], []), same(None, None), same("H", "H")
    (False, True, True, True)
    """
    return type(a) is type(b) and a == b


# ---- reading untrusted text (through framework.core.untrusted, the one reader) ------------------


def _clean_text(value: str, where: str) -> str:
    """Text from outside, stripped; NUL, lone surrogates, control characters and over-long
    text refused."""
    return check_text(value, where, max_length=MAX_TEXT).strip()


# ---- choices and limits --------------------------------------------------------------------


@dataclass(frozen=True)
class Choice:
    """One allowed value of a choice field, with its label for a form."""

    value: Any
    label: str


@dataclass(frozen=True)
class Depends:
    """A limit that depends on the value of another field, declared as data so a form reads it.

    :param field: the name of the field it depends on (declared before this one).
    :param limits: the limit for each value of that field.
    :param otherwise: the limit for any other value (the field absent included).

    >>> belotes = Depends("trump", {"NT": 0, "AT": 4}, otherwise=1)
    >>> belotes.at({"trump": "H"}), belotes.at({"trump": "AT"}), belotes.most
    (1, 4, 4)
    """

    field: str
    limits: Mapping[Any, int]
    otherwise: int

    def at(self, record: Mapping[str, Any]) -> int:
        """The limit for a (normalised) record."""
        value = record.get(self.field)
        for key, limit in self.limits.items():
            if same(key, value):
                return limit
        return self.otherwise

    @property
    def most(self) -> int:
        """The largest limit, whatever the other field says."""
        return max([self.otherwise, *self.limits.values()])

    @property
    def least(self) -> int:
        return min([self.otherwise, *self.limits.values()])

    def describe(self) -> dict[str, Any]:
        return {
            "field": self.field,
            "otherwise": self.otherwise,
            "limits": [{"value": k, "limit": v} for k, v in self.limits.items()],
        }


Limit = int | Depends


def _limit_at(limit: Limit | None, record: Mapping[str, Any]) -> int | None:
    return limit.at(record) if isinstance(limit, Depends) else limit


def _limit_most(limit: Limit | None) -> int | None:
    return limit.most if isinstance(limit, Depends) else limit


def _limit_json(limit: Limit | None) -> Any:
    return limit.describe() if isinstance(limit, Depends) else limit


# ---- words of a deal's summary -------------------------------------------------------------


@dataclass(frozen=True)
class Word:
    """One piece of a deal's summary, for the place that shows it to pick its words.

    ``kind`` is ``label`` (a label to translate), ``team`` (a team key, shown by the team's
    name), ``seat`` (a seat letter, shown by the player's name where the table gave one),
    ``suit`` (``text`` is the suit's name, ``symbol`` its symbol, ``code`` its letter), ``card``
    (``text`` the rank as players write it, ``symbol`` the suit's symbol, ``code`` the card),
    ``code`` (a value shown as is), ``count`` (``text`` a number) or ``sep`` (``text`` a
    separator such as ": ").
    """

    kind: str
    text: str
    symbol: str = ""
    code: str = ""


# ---- the field kinds -----------------------------------------------------------------------


@dataclass(frozen=True)
class Field(ABC):
    """One field of a deal record. Subclasses are the field kinds.

    :param name: the JSON key.
    :param label: a short label for a form, in English (the place that shows it translates).
    :param required: whether the key must be present (otherwise ``default`` is used).
    :param default: the value used when the field is absent (or null).
    :param help: one line shown under the field.
    :param rare: a field a typical deal does not need; a form may fold it away.
    :param shown_when: a form shows the field only while another field has one of these values
        (``{"bet": ["solo"]}``); validation ignores it.
    :param only_when: like ``shown_when``, and a value given while the condition does not hold
        is refused; ``required`` applies only while it holds.
    :param missing: what a required field left out is told, as a question to the player
        ("Which card tops the tierce?"): a message, or a function of the fields read so far
        (the item's, for a field of an item) that returns one; default "is missing".
    """

    name: str
    label: str
    _: KW_ONLY
    required: bool = True
    default: Any = None
    help: str = ""
    rare: bool = False
    shown_when: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    only_when: Mapping[str, Sequence[Any]] = field(default_factory=dict)
    missing: str | Callable[[Mapping[str, Any]], str] = ""

    #: the kind's name in :meth:`describe` (``choice``, ``integer``...).
    kind: ClassVar[str] = ""

    # -- the shape every kind shares

    @property
    def condition(self) -> Mapping[str, Sequence[Any]]:
        """When a form shows the field: ``only_when`` or ``shown_when`` (empty: always)."""
        return self.only_when or self.shown_when

    @property
    def null_is_value(self) -> bool:
        """Whether JSON null is one of the field's values (else null counts as left out)."""
        return False

    def holds(self, condition: Mapping[str, Sequence[Any]], record: Mapping[str, Any]) -> bool:
        """Whether a ``shown_when``/``only_when`` condition holds for a (normalised) record."""
        for other, values in condition.items():
            current = record.get(other)
            if not any(same(v, current) for v in values):
                return False
        return True

    def read_in(self, record: Mapping[str, Any], clean: Mapping[str, Any], path: str = "") -> Any:
        """The field's normalised value in ``record`` (its default when left out).

        :param clean: the fields read so far, normalised (what a :class:`Depends` reads).
        :return: the value, or :data:`MISSING` for a field that does not apply
            (``only_when``) and is left out of the normal form.
        :raises RecordError: naming the field (``path`` + name) and the reason.
        """
        where = path + self.name
        value = record.get(self.name, MISSING)
        if value is None and not self.null_is_value:
            value = MISSING
        if self.only_when and not self.holds(self.only_when, clean):
            # left out, null or the default (cantes: []) is what "does not apply" looks like
            if value is not MISSING and not same(value, self.default):
                raise RecordError(
                    where,
                    _("does not apply when {condition}", condition=_when(self.only_when, clean)),
                )
            return MISSING
        if value is MISSING:
            if self.required:
                said = self.missing(clean) if callable(self.missing) else self.missing
                raise RecordError(where, said or self.missing_reason(), asked=bool(said))
            return self.default
        return self.read(value, where, clean)

    def is_empty(self, value: Any) -> bool:
        """An answer a form sends for a question left blank (null, false, ``[]``, ``""``)."""
        return (
            value is None or value is False or (isinstance(value, list | str | dict) and not value)
        )

    def missing_reason(self) -> str:
        return _("is missing")

    def value_text(self, value: Any) -> str:
        """A value in words, for a reason ("hearts", not "H")."""
        return _shown(value)

    # -- what each kind says

    @abstractmethod
    def read(self, value: Any, where: str, clean: Mapping[str, Any]) -> Any:
        """Read a value given for the field (not null unless :attr:`null_is_value`); return it
        normalised, or raise :class:`RecordError` naming ``where``."""

    @abstractmethod
    def allows(self, value: Any) -> bool:
        """Whether a normalised value is one a form built from this field can show."""

    def problems(self) -> list[str]:
        """What is wrong with the declaration itself, for the kit ("lists no choices")."""
        return []

    @property
    def subfields(self) -> tuple[Field, ...]:
        """The fields inside this one (an item's fields)."""
        return ()

    def words(self, value: Any) -> list[Word]:
        """The field's part of a deal's summary (empty: nothing to say)."""
        return [Word("label", self.label)] if not self.is_empty(value) else []

    def describe(self) -> dict[str, Any]:
        """A JSON-ready description, for forms, docs and clients."""
        out: dict[str, Any] = {
            "name": self.name,
            "label": self.label,
            "kind": self.kind,
            "required": self.required,
        }
        if not self.required:
            out["default"] = self.default
        if self.help:
            out["help"] = self.help
        if self.rare:
            out["rare"] = True
        if self.shown_when:
            out["shown_when"] = {k: list(v) for k, v in self.shown_when.items()}
        if self.only_when:
            out["only_when"] = {k: list(v) for k, v in self.only_when.items()}
            out["shown_when"] = out["only_when"]
        out.update(self._describe())
        return out

    def _describe(self) -> dict[str, Any]:
        return {}


class Scope(dict[str, Any]):
    """The fields of a record (or of an item) read so far, normalised, and the fields they
    belong to, so that a reason can name another field by its label and its value in words."""

    def __init__(self, fields: Mapping[str, Field]) -> None:
        super().__init__()
        self.fields = fields


def _when(condition: Mapping[str, Sequence[Any]], clean: Mapping[str, Any]) -> str:
    """``trump is hearts ♥``: the fields a condition or a limit depends on, in words."""
    fields = clean.fields if isinstance(clean, Scope) else {}
    parts: list[str] = []
    for name in condition:
        other = fields.get(name)
        value = clean.get(name)
        if other is None:
            parts.append(_("{field} is {value}", field=name, value=_shown(value)))
        elif value is None:
            parts.append(_("{field} is not given", field=other.label.lower()))
        else:
            parts.append(
                _("{field} is {value}", field=other.label.lower(), value=other.value_text(value))
            )
    return parts[0] if len(parts) == 1 else join(parts, ", ")


def _shown(value: Any) -> str:
    return "null" if value is None else str(value)


def values_text(values: Sequence[Any], shown: Callable[[Any], str] | None = None) -> str:
    """Choice values in words (each as ``shown`` writes it: its code by default); four or more
    whole numbers in steps read as a range.

    >>> str(values_text([80, 90, 100, 110, "capot"])), str(values_text(["NS", "EW"]))
    ('80 to 110 by 10 or capot', 'NS or EW')
    """
    shown = shown or _shown
    numbers = [v for v in values if isinstance(v, int) and not isinstance(v, bool)]
    steps = {b - a for a, b in pairwise(numbers)}
    if len(numbers) >= 4 and len(steps) == 1 and steps != {0}:
        step = steps.pop()
        span = (
            _("{low} to {high} by {step}", low=numbers[0], high=numbers[-1], step=step)
            if step != 1
            else _("{low} to {high}", low=numbers[0], high=numbers[-1])
        )
        rest = [shown(v) for v in values if v not in numbers]
        return _join_or([span, *rest])
    return _join_or([shown(v) for v in values])


def suit_symbol(deck: Deck, suit: int) -> str:
    """A suit's symbol in the deck ("♥"), or "" for a deck drawn with letters."""
    return deck.suit_symbols[suit] if deck.suit_symbols else ""


def _join_or(words: Sequence[str]) -> str:
    """``a, b or c`` (the last joint a kernel message: each language says its "or")."""
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    head = words[0]
    for word in words[1:-1]:
        head = _("{first}, {then}", first=head, then=word)
    return _("{first} or {last}", first=head, last=words[-1])


@dataclass(frozen=True)
class ChoiceField(Field):
    """One of a list of values (text is matched without regard to case or surrounding spaces).

    :param choices: the allowed values with their labels, in form order; a choice whose value is
        None makes JSON null one of the answers ("no capot").
    :param aliases: other spellings read as a value (``{"10": "T"}``).
    :param refused: values that are understood but not allowed here, with the reason
        (``{"NT": "no trumps is not played in these rules (option nt_at)"}``).
    """

    choices: tuple[Choice, ...] = ()
    _: KW_ONLY
    aliases: Mapping[str, Any] = field(default_factory=dict)
    refused: Mapping[str, str] = field(default_factory=dict)

    kind: ClassVar[str] = "choice"

    @property
    def values(self) -> list[Any]:
        return [c.value for c in self.choices]

    @property
    def null_is_value(self) -> bool:
        return None in self.values

    def lookup(self, value: Any) -> Any:
        """The choice value ``value`` stands for, or :data:`MISSING`."""
        if isinstance(value, str):
            key = value.strip().upper()
            for c in self.choices:
                if isinstance(c.value, str) and c.value.upper() == key:
                    return c.value
            for alias, target in self.aliases.items():
                if alias.upper() == key:
                    return target
            return MISSING
        if isinstance(value, bool):
            return value if any(c.value is value for c in self.choices) else MISSING
        if isinstance(value, float) and value.is_integer():
            value = int(value)
        for c in self.choices:
            if not isinstance(c.value, bool) and type(c.value) is type(value) and c.value == value:
                return c.value
        return MISSING

    def read(self, value: Any, where: str, clean: Mapping[str, Any]) -> Any:
        if isinstance(value, str):
            value = _clean_text(value, where)
        found = self.lookup(value)
        if found is MISSING:
            why = self.refusal(value)
            if why is not None:
                raise RecordError(where, why)
            raise RecordError(
                where,
                _(
                    "{value} is not one of {choices}",
                    value=quoted(value),
                    choices=values_text(self.values),
                ),
            )
        return found

    def allows(self, value: Any) -> bool:
        return any(type(c.value) is type(value) and c.value == value for c in self.choices)

    def refusal(self, value: Any) -> str | None:
        """Why ``value`` is refused here when it is one of :attr:`refused` (matched as a code
        is, whatever its case and surrounding spaces), else None."""
        if isinstance(value, str):
            key = value.strip().upper()
            for refused, why in self.refused.items():
                if refused.upper() == key:
                    return why
        return None

    def label_of(self, value: Any) -> str:
        for c in self.choices:
            if same(c.value, value):
                return c.label
        return _shown(value)

    def value_text(self, value: Any) -> str:
        return self.label_of(value)

    def symbol(self, value: Any) -> str:
        """The symbol a form shows with a choice ("♥"), or ""."""
        return ""

    def problems(self) -> list[str]:
        out = [] if self.choices else ["lists no choices"]
        out += [
            f"has a choice {c.value!r} without a label"
            for c in self.choices
            if not isinstance(c.label, str) or not c.label.strip()
        ]
        return out

    def is_code(self, value: Any) -> bool:
        """A value whose label is the value itself, a short code ("N"): said with the field's
        label."""
        return isinstance(value, str) and len(value) <= 3 and self.label_of(value) == value

    def words(self, value: Any) -> list[Word]:
        if self.is_empty(value):
            return []
        if self.is_code(value):
            return [Word("label", self.label), Word("sep", ": "), Word("code", value)]
        return [Word("label", self.label_of(value))]

    def _describe(self) -> dict[str, Any]:
        return {"choices": [{"value": c.value, "label": c.label} for c in self.choices]}


def quoted(value: Any, limit: int = 40) -> str:
    """A value quoted back in a reason, as JSON writes it (cut when long)."""
    try:
        text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= limit else text[: limit - 5] + "…" + text[-4:]


def _team_choices(optional: str | None) -> tuple[Choice, ...]:
    teams = tuple(Choice(t, t) for t in TEAMS)
    return (Choice(None, optional), *teams) if optional else teams


@dataclass(frozen=True, init=False)
class TeamField(ChoiceField):
    """A team: ``NS`` or ``EW`` (``SN``, ``WE`` and any case read too); a form shows the teams'
    names.

    :param nobody: the label of a "no team" answer (JSON null), e.g. ``"no"`` for a capot field;
        None when a team must be named.
    """

    def __init__(self, name: str, label: str, *, nobody: str | None = None, **kw: Any) -> None:
        if nobody is not None:
            kw.setdefault("required", False)
        super().__init__(name, label, _team_choices(nobody), **kw)

    def lookup(self, value: Any) -> Any:
        if isinstance(value, str) and value.strip():
            try:
                return TEAMS[parse_team(value.strip())]
            except NotationError:
                return MISSING
        return super().lookup(value)

    def is_code(self, value: Any) -> bool:
        return False

    def _describe(self) -> dict[str, Any]:
        return {**super()._describe(), "teams": True}

    def words(self, value: Any) -> list[Word]:
        return [] if value is None else [Word("team", value)]


@dataclass(frozen=True, init=False)
class SeatField(ChoiceField):
    """A seat: ``N E S W`` (any case)."""

    def __init__(self, name: str, label: str, *, seats: Sequence[Choice] = (), **kw: Any) -> None:
        super().__init__(name, label, tuple(seats) or tuple(Choice(s, s) for s in SEATS), **kw)

    def lookup(self, value: Any) -> Any:
        if isinstance(value, str) and value.strip() and value.strip().upper() in SEATS:
            found = SEATS[parse_seat(value.strip())]
            return found if found in self.values else MISSING
        return super().lookup(value)

    def words(self, value: Any) -> list[Word]:
        if value in TEAMS:
            return [Word("team", value)]
        if value in SEATS:
            return [Word("label", self.label), Word("sep", ": "), Word("seat", value)]
        return [Word("label", self.label), Word("sep", ": "), Word("code", _shown(value))]

    def _describe(self) -> dict[str, Any]:
        return {**super()._describe(), "seats": True}


@dataclass(frozen=True, init=False)
class SuitField(ChoiceField):
    """A suit of the variant's deck, read in the deck's notation (a suit symbol too), shown with
    its symbol; ``extra`` choices (``NT``, ``AT``) may follow the suits.

    :param deck: the variant's deck.
    :param names: each suit's name for people (``{"H": "hearts"}``); default: the deck's
        ``suit_names`` (else the letter).
    :param extra: choices that are not suits (no trumps, all trumps), after the suits.
    :param nobody: the label of a "no suit" answer (JSON null), or None.
    """

    deck: Deck = field(default=None, compare=False)  # type: ignore[assignment]

    def __init__(
        self,
        name: str,
        label: str,
        deck: Deck,
        *,
        names: Mapping[str, str] | None = None,
        extra: Sequence[Choice] = (),
        nobody: str | None = None,
        **kw: Any,
    ) -> None:
        words = names if names is not None else dict(zip(deck.suits, deck.suit_names, strict=False))
        suits = tuple(Choice(s, words.get(s, s)) for s in deck.suits)
        choices = ((Choice(None, nobody),) if nobody else ()) + suits + tuple(extra)
        if nobody is not None:
            kw.setdefault("required", False)
        super().__init__(name, label, choices, **kw)
        object.__setattr__(self, "deck", deck)

    kind: ClassVar[str] = "choice"

    def lookup(self, value: Any) -> Any:
        if isinstance(value, str) and value.strip():
            found = super().lookup(value)
            if found is not MISSING:
                return found
            try:
                return self.deck.suits[self.deck.suit_index(value)]
            except NotationError:
                return MISSING
        return super().lookup(value)

    def symbol(self, value: Any) -> str:
        if value in self.deck.suits:
            return suit_symbol(self.deck, self.deck.suits.index(value))
        return ""

    def value_text(self, value: Any) -> str:
        symbol = self.symbol(value)
        return f"{self.label_of(value)} {symbol}".strip() if symbol else self.label_of(value)

    def words(self, value: Any) -> list[Word]:
        if value is None:
            return []
        if value in self.deck.suits:
            return [Word("suit", self.label_of(value), self.symbol(value), value)]
        return [Word("label", self.label_of(value))]

    def _describe(self) -> dict[str, Any]:
        out = super()._describe()
        for c in out["choices"]:
            if c["value"] in self.deck.suits:
                c["symbol"] = self.symbol(c["value"])
        out["suits"] = True
        return out


@dataclass(frozen=True, init=False)
class CardField(Field):
    """A card of the variant's deck, in the deck's notation (``JH``; ``10H`` and ``J♥`` read
    too). A form shows it as a rank-and-suit picker (form names ``<name>-rank`` and
    ``<name>-suit``).

    :param deck: the variant's deck.
    :param ranks: the ranks a form offers (default: all of the deck's); reading accepts only
        cards of these ranks.
    """

    deck: Deck = field(default=None, compare=False)  # type: ignore[assignment]
    ranks: tuple[str, ...] = ()

    kind: ClassVar[str] = "card"

    def __init__(
        self, name: str, label: str, deck: Deck, *, ranks: Sequence[str] = (), **kw: Any
    ) -> None:
        super().__init__(name, label, **kw)
        object.__setattr__(self, "deck", deck)
        object.__setattr__(self, "ranks", tuple(ranks) or deck.ranks)

    def read(self, value: Any, where: str, clean: Mapping[str, Any]) -> Any:
        if not isinstance(value, str):
            raise RecordError(
                where,
                _(
                    "{value} is not a card, e.g. {card}",
                    value=quoted(value),
                    card=self.deck.names[-1],
                ),
            )
        try:
            card = self.deck.parse(_clean_text(value, where))
        except NotationError as exc:
            raise RecordError(where, error_words(exc)) from None
        rank = self.deck.ranks[self.deck.rank_of[card]]
        if rank not in self.ranks:
            raise RecordError(
                where,
                _(
                    "a {rank} is not one of the cards here: {ranks}",
                    rank=rank,
                    ranks=" ".join(self.ranks),
                ),
            )
        return self.deck.format(card)

    def allows(self, value: Any) -> bool:
        return isinstance(value, str) and value in self.deck.names and value[:-1] in self.ranks

    def symbol_of(self, suit: str) -> str:
        """A suit's symbol for the picker ("" for a deck drawn with letters)."""
        return suit_symbol(self.deck, self.deck.suits.index(suit))

    def rank_text(self, rank: str) -> str:
        """A rank as players write it (``T`` is ``10`` where the deck reads ``10``)."""
        spelled = [a for a, r in self.deck.aliases.items() if r == rank and a.isdigit()]
        return spelled[0] if spelled else rank

    def words(self, value: Any) -> list[Word]:
        if not isinstance(value, str) or value not in self.deck.names:
            return super().words(value)
        card = self.deck.parse(value)
        suit = self.deck.suit_of[card]
        return [
            Word("label", self.label),
            Word("sep", ": "),
            Word(
                "card",
                self.rank_text(self.deck.ranks[self.deck.rank_of[card]]),
                suit_symbol(self.deck, suit),
                value,
            ),
        ]

    def value_text(self, value: Any) -> str:
        if isinstance(value, str) and value in self.deck.names:
            card = self.deck.parse(value)
            symbol = suit_symbol(self.deck, self.deck.suit_of[card])
            if symbol:
                return self.rank_text(self.deck.ranks[self.deck.rank_of[card]]) + symbol
        return _shown(value)

    def _describe(self) -> dict[str, Any]:
        return {
            "ranks": [{"value": r, "label": self.rank_text(r)} for r in self.ranks],
            "suits": [
                {"value": s, "symbol": suit_symbol(self.deck, i)}
                for i, s in enumerate(self.deck.suits)
            ],
        }


@dataclass(frozen=True)
class IntegerField(Field):
    """A whole number from ``minimum`` to ``maximum`` by ``step``.

    :param minimum: the least value.
    :param maximum: the largest value: a number, or a :class:`Depends` on another field (the
        most card points of a contract).
    :param step: values are ``minimum`` plus a multiple of ``step``.
    :param complement: for one team's points, the total the two teams share (162): the other
        team has ``complement`` minus this, and a form shows it.
    """

    minimum: int = 0
    maximum: Limit = 0
    _: KW_ONLY
    step: int = 1
    complement: int | None = None

    kind: ClassVar[str] = "integer"

    @property
    def most(self) -> int:
        """The largest value, whatever another field says."""
        return int(_limit_most(self.maximum) or 0)

    def read(self, value: Any, where: str, clean: Mapping[str, Any]) -> Any:
        value = check_int(value, where)
        high = _limit_at(self.maximum, clean)
        assert high is not None
        if not self.minimum <= value <= high:
            why: str = ""
            if isinstance(self.maximum, Depends) and value > high:
                why = _(" when {condition}", condition=_when({self.maximum.field: ()}, clean))
            raise RecordError(
                where,
                _(
                    "{value} is not between {minimum} and {maximum}{when}",
                    value=value,
                    minimum=self.minimum,
                    maximum=high,
                    when=why,
                ),
            )
        if (value - self.minimum) % self.step:
            raise RecordError(
                where, _("{value} is not a multiple of {step}", value=value, step=self.step)
            )
        return value

    def allows(self, value: Any) -> bool:
        return (
            isinstance(value, int)
            and not isinstance(value, bool)
            and self.minimum <= value <= self.most
            and (value - self.minimum) % self.step == 0
        )

    def is_empty(self, value: Any) -> bool:
        return value is None or value == ""

    def words(self, value: Any) -> list[Word]:
        return []  # the explanation states the points

    def _describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"minimum": self.minimum, "maximum": self.most, "step": self.step}
        if isinstance(self.maximum, Depends):
            out["maximum_by"] = self.maximum.describe()
        if self.complement is not None:
            out["complement"] = self.complement
        return out


@dataclass(frozen=True)
class BooleanField(Field):
    """True or false."""

    kind: ClassVar[str] = "boolean"

    def read(self, value: Any, where: str, clean: Mapping[str, Any]) -> Any:
        if not isinstance(value, bool):
            raise RecordError(where, _("{value} is not true or false", value=quoted(value)))
        return value

    def allows(self, value: Any) -> bool:
        return isinstance(value, bool)

    def words(self, value: Any) -> list[Word]:
        return [Word("label", self.label)] if value is True else []


#: The ``shown_when`` of a record field that a thrown-in deal leaves out: the field is shown
#: while the :func:`thrown_in_field` box is not ticked.
WHEN_PLAYED: Mapping[str, Sequence[Any]] = {THROWN_IN: [False]}


def thrown_in_field(label: str, help: str, **hints: Any) -> BooleanField:
    """The box of a deal record that says the deal was thrown in (``THROWN_IN``), not ticked
    unless said; ticking it hides (and leaves out) every other field of the record (the schema
    shows them :data:`WHEN_PLAYED`).

    :param label: the variant's words for a thrown-in deal ("Thrown in", "All passed").
    :param help: when a deal is thrown in under the variant's rules, for players.
    :param hints: more hints for the form (``rare=True``).
    """
    return BooleanField(THROWN_IN, label, required=False, default=False, help=help, **hints)


def _hidden_when_thrown_in(fields: tuple[Field, ...]) -> tuple[Field, ...]:
    """``fields``, where a :func:`thrown_in_field` box is one of them, with every other field
    shown :data:`WHEN_PLAYED`: a thrown-in deal is ``{"thrown_in": true}`` with no other answer,
    so a form hides the rest while the box is ticked. A field with a condition of its own
    (``shown_when``, ``only_when``) keeps it: it depends on a field hidden with the rest.
    """
    if not any(f.name == THROWN_IN for f in fields):
        return fields
    return tuple(
        f if f.name == THROWN_IN or f.shown_when or f.only_when else _shown_when(f, WHEN_PLAYED)
        for f in fields
    )


def _shown_when(f: Field, when: Mapping[str, Sequence[Any]]) -> Field:
    """A copy of ``f`` shown ``when``. (Not :func:`dataclasses.replace`: the kinds with a
    constructor of their own, such as :class:`SuitField`, take other arguments than their
    attributes.)"""
    shown = copy.copy(f)
    object.__setattr__(shown, "shown_when", when)
    return shown


@dataclass(frozen=True)
class CountsField(Field):
    """A list of values of another field that may repeat (``["NS", "NS"]``: two belotes), at
    most ``most`` in all; the normal form is sorted in the order of the choices.

    :param of: the field each entry is read with (a :class:`TeamField`).
    :param most: the most entries in all: a number, or a :class:`Depends` on another field (a
        suit contract has one belote, all trumps four, no trumps none).
    """

    of: ChoiceField = None  # type: ignore[assignment]
    most: Limit = 1

    kind: ClassVar[str] = "counts"

    @property
    def choices(self) -> tuple[Choice, ...]:
        return self.of.choices

    @property
    def maximum(self) -> int:
        return int(_limit_most(self.most) or 0)

    def read(self, value: Any, where: str, clean: Mapping[str, Any]) -> Any:
        if not isinstance(value, list):
            example = json.dumps([self.of.values[0]]) if self.of.values else "[]"
            raise RecordError(where, _("is a list, e.g. {example}", example=example))
        out = [self.of.read(item, f"{where}.{i}", clean) for i, item in enumerate(value)]
        limit = _limit_at(self.most, clean)
        assert limit is not None
        if len(out) > limit:
            when: str = ""
            if isinstance(self.most, Depends):
                when = _(" when {condition}", condition=_when({self.most.field: ()}, clean))
            raise RecordError(
                where,
                _("none{when} (not {count})", when=when, count=len(out))
                if limit == 0
                else _(
                    "at most {limit}{when} (not {count})", limit=limit, when=when, count=len(out)
                ),
            )
        order = self.of.values
        return sorted(out, key=order.index)

    def allows(self, value: Any) -> bool:
        return (
            isinstance(value, list)
            and len(value) <= self.maximum
            and all(self.of.allows(v) for v in value)
        )

    def problems(self) -> list[str]:
        return self.of.problems() if isinstance(self.of, ChoiceField) else ["has no `of` field"]

    def words(self, value: Any) -> list[Word]:
        if not isinstance(value, list) or not value:
            return []
        out = [Word("label", self.label), Word("sep", ": ")]
        first = True
        for c in self.of.choices:
            n = sum(1 for v in value if same(v, c.value))
            if not n:
                continue
            if not first:
                out.append(Word("sep", ", "))
            first = False
            out += self.of.words(c.value)
            if n > 1:
                out.append(Word("count", f" ×{n}"))
        return out

    def _describe(self) -> dict[str, Any]:
        return {
            "choices": [{"value": c.value, "label": c.label} for c in self.of.choices],
            "maximum": self.maximum,
            "most": _limit_json(self.most),
        }


@dataclass(frozen=True)
class ItemsField(Field):
    """A list of objects whose keys are ``items`` (announcements). An item's normal form leaves
    out an optional key whose value is its default.

    :param items: the fields of each item, in form order.
    :param most: the most items, or None.
    """

    items: tuple[Field, ...] = ()
    most: int | None = None
    example: str = ""

    kind: ClassVar[str] = "items"

    def read(self, value: Any, where: str, clean: Mapping[str, Any]) -> Any:
        if not isinstance(value, list):
            raise RecordError(
                where, "is a list" + (f", e.g. {self.example}" if self.example else "")
            )
        if self.most is not None and len(value) > self.most:
            raise RecordError(
                where, _("at most {limit} (not {count})", limit=self.most, count=len(value))
            )
        return [self.read_item(item, f"{where}.{i}") for i, item in enumerate(value)]

    def read_item(self, item: Any, where: str) -> dict[str, Any]:
        """One item, normalised."""
        if not isinstance(item, Mapping):
            raise RecordError(
                where,
                "is an object" + (f" such as {self.example.strip('[]')}" if self.example else ""),
            )
        names = [f.name for f in self.items]
        for key in item:
            if key not in names:
                raise RecordError(
                    f"{where}.{key}" if isinstance(key, str) else where,
                    _("is not a field here (fields: {fields})", fields=", ".join(names)),
                )
        out = Scope({f.name: f for f in self.items})
        for f in self.items:
            value = f.read_in(item, out, where + ".")
            if value is MISSING or (not f.required and same(value, f.default)):
                continue
            out[f.name] = value
        return dict(out)

    def problems(self) -> list[str]:
        return [] if self.items else ["describes no item"]

    @property
    def subfields(self) -> tuple[Field, ...]:
        return self.items

    def allows(self, value: Any) -> bool:
        if not isinstance(value, list):
            return False
        for item in value:
            if not isinstance(item, Mapping) or set(item) - {f.name for f in self.items}:
                return False
            if not all(f.allows(item[f.name]) for f in self.items if f.name in item):
                return False
        return True

    def words(self, value: Any) -> list[Word]:
        if not isinstance(value, list) or not value:
            return []
        out = [Word("label", self.label), Word("sep", ": ")]
        first = True
        for item in value:
            if not isinstance(item, Mapping):
                continue
            said: list[Word] = []
            for sub in self.items:
                if (
                    sub.name in item
                    and isinstance(sub, ChoiceField)
                    and not isinstance(sub, SeatField)
                    and not sub.is_code(item[sub.name])
                ):
                    said += [w for w in sub.words(item[sub.name]) if w.kind != "sep"]
                    said.append(Word("sep", " "))
            if said:
                if not first:
                    out.append(Word("sep", ", "))
                first = False
                out += said[:-1]
        return out if not first else []

    def _describe(self) -> dict[str, Any]:
        out: dict[str, Any] = {"items": [f.describe() for f in self.items]}
        if self.most is not None:
            out["most"] = self.most
        return out


@dataclass(frozen=True)
class SeatsField(Field):
    """One answer per seat, keyed by the seat's name (``{"N": 6, "E": 3, "S": 1}``: the tricks
    each player took, each defender's call): for a table where each player has his own number
    or choice. Each answer is read by ``of``; a seat not among ``seats`` is refused, naming it;
    the normal form lists the seats given, in playing order (a seat left out is not answered).

    :param of: the field each seat's answer is read with (its name and label are not shown).
    :param seats: the seats that may be answered for, in playing order (the variant's).
    """

    _: KW_ONLY
    of: Field = None  # type: ignore[assignment]
    seats: tuple[str, ...] = ()

    kind: ClassVar[str] = "seats"

    def read(self, value: Any, where: str, clean: Mapping[str, Any]) -> Any:
        if not isinstance(value, Mapping):
            example = ", ".join(f'"{s}": …' for s in self.seats[:2])
            raise RecordError(where, _("is an object of seats, e.g. {example}", example=example))
        given: dict[str, Any] = {}
        for seat, answer in value.items():
            name = seat.strip().upper() if isinstance(seat, str) else seat
            if name not in self.seats:
                raise RecordError(
                    where,
                    _(
                        "{seat} is not a seat here; seats: {seats}",
                        seat=quoted(seat),
                        seats=" ".join(self.seats),
                    ),
                )
            given[name] = answer
        return {
            seat: self.of.read(given[seat], f"{where}.{seat}", clean)
            for seat in self.seats
            if given.get(seat) is not None
        }

    def allows(self, value: Any) -> bool:
        return isinstance(value, Mapping) and all(
            seat in self.seats and self.of.allows(answer) for seat, answer in value.items()
        )

    def is_empty(self, value: Any) -> bool:
        return value is None or value == {}

    @property
    def subfields(self) -> tuple[Field, ...]:
        """One field per seat: ``of`` named and labelled by the seat."""
        return tuple(replace(self.of, name=seat, label=seat) for seat in self.seats)

    def words(self, value: Any) -> list[Word]:
        if not isinstance(value, Mapping) or not value:
            return []
        out = [Word("label", self.label), Word("sep", ": ")]
        for i, (seat, answer) in enumerate(value.items()):
            if i:
                out.append(Word("sep", ", "))
            said = (
                Word("label", self.of.label_of(answer))  # a choice in its words ("whist")
                if isinstance(self.of, ChoiceField) and not self.of.is_code(answer)
                else Word("code", _shown(answer))
            )
            out += [Word("seat", seat), Word("sep", " "), said]
        return out

    def _describe(self) -> dict[str, Any]:
        return {"seats": list(self.seats), "of": self.of.describe()}


# ---- the schema ----------------------------------------------------------------------------

#: A variant's rules that span several fields: takes the normalised record and the match so
#: far, raises RecordError, returns the record (possibly changed) or None to keep it.
Check = Callable[[dict[str, Any], "MatchContext"], "Mapping[str, Any] | None"]


class RecordSchema:
    """A variant's deal record: its fields in form order and the rules that span several.

    :param fields: the fields, in form order. A field named ``thrown_in`` (a
        :class:`BooleanField`) is the box of a deal nobody took; every schema accepts
        ``{"thrown_in": true}`` with no other answer, whether the form shows it or not.
    :param check: the rules data cannot say, run on the normalised record (not on a thrown-in
        deal).
    :param not_fields: keys that are not fields here but that a record may hold elsewhere,
        with the reason a value is refused (``{"bid": "French Belote has no bids"}``); a blank
        value (null, ``[]``, ``""``, false) is left out.
    :param title: the record's name in a reason ("a Coinche deal record").
    """

    def __init__(
        self,
        fields: Iterable[Field],
        check: Check | None = None,
        *,
        not_fields: Mapping[str, str] | None = None,
        title: str = "this record",
    ) -> None:
        self.fields = _hidden_when_thrown_in(tuple(fields))
        self.check = check
        self.not_fields = dict(not_fields or {})
        self.title = title
        self.by_name = {f.name: f for f in self.fields}
        if len(self.by_name) != len(self.fields):
            raise ValueError(f"record fields repeat a name: {[f.name for f in self.fields]}")
        self._link(self.fields)

    def _link(self, fields: Sequence[Field]) -> None:
        """Check that each field's condition and limits name a field declared before it."""
        seen: set[str] = set()
        for f in fields:
            depends = [k for k in f.only_when] + [
                d.field
                for d in (getattr(f, "most", None), getattr(f, "maximum", None))
                if isinstance(d, Depends)
            ]
            for name in depends:
                if name not in seen:
                    raise ValueError(
                        f"record field {f.name!r} depends on {name!r}, which is "
                        "not a field declared before it"
                    )
            if f.shown_when and f.only_when:
                raise ValueError(f"record field {f.name!r} has both shown_when and only_when")
            seen.add(f.name)
            if isinstance(f, ItemsField):
                self._link(f.items)

    def __iter__(self) -> Any:
        return iter(self.fields)

    def __len__(self) -> int:
        return len(self.fields)

    def field_at(self, path: str) -> Field | None:
        """The field of a dotted path (``announcements.0.kind``; ``-`` read as ``.``)."""
        parts = path.replace("-", ".").split(".")
        found = self.by_name.get(parts[0])
        if isinstance(found, ItemsField) and len(parts) >= 3 and parts[1].isdigit():
            return {f.name: f for f in found.items}.get(parts[2], found)
        return found

    def label_of(self, path: str) -> str:
        """A field path in words: its label; for an item's field, the item's number and the
        field's label ("Announcements 2 Kind")."""
        parts = path.replace("-", ".").split(".")
        top = self.by_name.get(parts[0])
        if top is None:
            return path
        if isinstance(top, ItemsField) and len(parts) >= 3 and parts[1].isdigit():
            sub = {f.name: f for f in top.items}.get(parts[2])
            return f"{top.label} {int(parts[1]) + 1} {sub.label if sub else parts[2]}"
        return top.label

    def describe(self) -> list[dict[str, Any]]:
        return [f.describe() for f in self.fields]

    def _refuse_other_keys(self, record: Mapping[str, Any]) -> None:
        """Refuse a key that is not a field of the record: the variant's reason where it names
        one (``not_fields``; such a key left blank passes), else the list of the fields."""
        for key, value in record.items():
            if key in self.by_name or key == THROWN_IN:
                continue
            if key in self.not_fields:
                if _blank(value):
                    continue  # what a form or a program sends for a question not asked
                raise RecordError(key, self.not_fields[key])
            raise RecordError(
                "record",
                _(
                    "{key} is not a field of {record} (fields: {fields})",
                    key=quoted(key),
                    record=self.title,
                    fields=", ".join(self.by_name),
                ),
            )

    def validate(self, record: Any, context: MatchContext) -> dict[str, Any]:
        """The normalised record, or :class:`RecordError` naming the first bad field."""
        if not isinstance(record, Mapping):
            raise RecordError("record", _("a deal record is a JSON object"))
        self._refuse_other_keys(record)
        thrown = record.get(THROWN_IN, False)
        if thrown is not False and thrown is not None:
            if thrown is not True:
                raise RecordError(
                    THROWN_IN, _("{value} is not true or false", value=quoted(thrown))
                )
            for key, value in record.items():
                if key != THROWN_IN and not _blank(value):
                    raise RecordError(key, _("a thrown-in deal has no other field"))
            return {THROWN_IN: True}
        clean = Scope(self.by_name)
        # Every missing field is named, not only the first: the reading goes on past one (a
        # field that depends on it then does not apply); a wrong value stops it.
        missing: list[RecordError] = []
        for f in self.fields:
            if f.name == THROWN_IN:
                continue
            try:
                value = f.read_in(record, clean)
            except RecordError as exc:
                if record.get(f.name) is None:
                    missing.append(exc)
                    continue
                if not missing:
                    raise
                raise RecordError.together([*missing, exc]) from None
            if value is not MISSING:
                clean[f.name] = value
        if missing:
            raise RecordError.together(missing)
        if self.check is not None:
            checked = self.check(dict(clean), context)
            if checked is not None:
                return dict(checked)
        return dict(clean)

    def words(self, record: Mapping[str, Any]) -> list[list[Word]]:
        """A deal's summary: for each field that says something (not empty, not its default),
        its words."""
        out = []
        team_seen = False
        for f in self.fields:
            if f.name not in record:
                continue
            value = record[f.name]
            if f.is_empty(value) or (not f.required and same(value, f.default)):
                continue
            said = f.words(value)
            if [w.kind for w in said] == ["team"]:
                if team_seen:  # the first team field alone, a later one by its label
                    said = [Word("label", f.label), Word("sep", ": "), *said]
                team_seen = True
            if said:
                out.append(said)
        return out


def _blank(value: Any) -> bool:
    return value is None or value is False or (isinstance(value, list | str | dict) and not value)
