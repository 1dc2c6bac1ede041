"""Structured messages: a rule's words as a gettext message id with parameters.

A rule that speaks (a score explanation, an end-of-match reason, a record error, an auction or
legal-play reason, a record label) returns a :class:`Message` rather than a finished English
string. The place that shows it picks the language and the names: the CLI renders English (or
``--lang``), the scorepad renders the page's language and writes "Anne & Paul" where the rule said
``NS``.

**A message is its English text.** :class:`Message` is a ``str`` subclass (the same shape as
``markupsafe.Markup``): its string value is the English rendering, exactly what the rule wrote
before messages existed ("NS made 110"). Everything that takes a string takes a message, and
everything that takes a message takes a plain string: a plain string is shown as it is, in every
language. Only the places that show text to a person look further (:func:`render`).

**How a variant uses it.** A plugin package declares its catalog once and uses the domain's
``_`` to write its words; the English text is the msgid, with ``{named}`` placeholders::

    from framework.api import CardCode, Domain, Seat, Team

    DOMAIN = Domain.beside(__file__, "atout_myvariant")
    _ = DOMAIN.message            # the extraction keyword: pybabel extract -k _
    _n = DOMAIN.plural            # -k _n:1,2
    _p = DOMAIN.contextual        # -k _p:1c,2  (pgettext: one English word, two meanings)
    _np = DOMAIN.contextual_plural  # -k _np:1c,2,3  (npgettext: the same, with a count)

    LABEL = _("Taker")            # a label: a message with no parameters
    _("{team} made {points} (bid {bid})", team=Team("NS"), points=110, bid=100)
    _n("{n} trick", "{n} tricks", n=3)          # ngettext: the count is the parameter ``n``
    _("{seat} may not play {card}", seat=Seat(2), card=CardCode("JS"))

and names ``DOMAIN`` as the ``catalog`` of its declaration (``atout_declare``) so that the CLI and
the scorepad find ``locale/<lang>/LC_MESSAGES/atout_myvariant.mo``. Parameters are ints (shown
with the locale's digits and grouping: 1001 reads "1.001" in Croatian), :class:`Number` (a
decimal number with its count of decimals: ``Number(0.25, 2)`` reads "0,25" in French), strings
(shown as they are), :class:`CardCode` and :class:`SuitCode` (a card's or a suit's notation: a
string in English and when stored, its words where the page names the deck's cards),
:class:`Team` and :class:`Seat` (the renderer substitutes the game's team and player names) and
other messages (rendered in the same language; this is how pieces compose, see :func:`join`).

**Rendering.** ``str(msg)`` is English with ``NS``/``EW``/``N``; :meth:`Translator.render`
renders in a language with names; :meth:`Message.to_json` / :meth:`Message.from_json` store it
(``{"id", "params"}`` plus ``"domain"``, for a plural ``"plural"`` and for a message with a
gettext context ``"context"``). A placeholder is only
ever a name (``{team}``): no attribute access, no format specs, so a translation cannot reach
into the parameters; ``{{`` and ``}}`` are literal braces.
"""

from __future__ import annotations

import gettext
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any, TypeAlias

__all__ = [
    "KERNEL",
    "CardCode",
    "Domain",
    "Message",
    "Names",
    "Number",
    "Param",
    "Seat",
    "SuitCode",
    "Team",
    "Translator",
    "carrying",
    "error_words",
    "join",
    "message_of",
    "render",
    "with_messages",
]

_TEAMS = ("NS", "EW")
_SEATS = ("N", "E", "S", "W")
_FIELD = re.compile(r"\{\{|\}\}|\{([A-Za-z_][A-Za-z0-9_]*)\}")


@dataclass(frozen=True)
class Team:
    """A team parameter: ``Team("NS")``; shown as ``NS`` in English, as the team's name on a
    score sheet that has one."""

    code: str

    def __post_init__(self) -> None:
        if self.code not in _TEAMS:
            raise ValueError(f"team must be NS or EW, not {self.code!r}")

    def __str__(self) -> str:
        return self.code


@dataclass(frozen=True)
class Seat:
    """A seat parameter: ``Seat(2)`` (0 = N, playing order); shown as ``S`` in English, as the
    player's name where the table named its players. A table whose variant names its seats
    otherwise gives the seat's name: ``Seat(1, "B")`` (a table has at most six seats)."""

    index: int
    name: str = ""

    def __post_init__(self) -> None:
        if not (isinstance(self.index, int) and 0 <= self.index < 6):
            raise ValueError(f"seat must be 0-5, not {self.index!r}")
        if not self.name and self.index >= 4:
            raise ValueError(f"seat {self.index} of a table of more than four seats has a name")

    def __str__(self) -> str:
        return self.name or _SEATS[self.index]


class CardCode(str):
    """A card parameter: its notation, ``CardCode("7H")``. It is a string (the English text, a
    stored message and the command line show the notation); a page that names the deck's cards
    (:attr:`Names.cards`) shows the card's name, "seven of hearts", in its language."""

    __slots__ = ()


class SuitCode(str):
    """A suit parameter: its notation, ``SuitCode("H")``; shown as ``H`` in English, as the
    suit's name ("hearts") on a page that names the deck's suits (:attr:`Names.suits`)."""

    __slots__ = ()


@dataclass(frozen=True)
class Number:
    """A number with a fixed count of decimals (seconds, a rate, a mean margin): shown as
    ``f"{value:.{digits}f}"`` in English (``+`` before a positive value with ``sign``), with the
    locale's decimal sign and grouping in another language (``1 234,50`` in French).

    >>> str(Number(1234.5, 2)), str(Number(0.04, 1, sign=True)), str(Number(-2.25, 1))
    ('1234.50', '+0.0', '-2.2')
    """

    value: float
    digits: int = 0
    sign: bool = False

    def __post_init__(self) -> None:
        if not (isinstance(self.digits, int) and 0 <= self.digits <= 12):
            raise ValueError(f"digits must be 0-12, not {self.digits!r}")
        if isinstance(self.value, bool) or not isinstance(self.value, int | float):
            raise ValueError(f"a Number's value is an int or a float, not {self.value!r}")

    def __str__(self) -> str:
        return f"{self.value:{'+' if self.sign else ''}.{self.digits}f}"


#: A parameter value; a :class:`Message` is a ``str``, so messages nest.
Param: TypeAlias = int | str | Team | Seat | Number


def _format(template: str, values: Mapping[str, str]) -> str:
    """Substitute ``{name}`` fields; an unknown field stays as written (a translation with a typo
    shows its typo rather than raising on a player's page).

    >>> _format("{team} made {points} {{sic}}", {"team": "NS", "points": "110"})
    'NS made 110 {sic}'
    """
    out = []
    for literal, name in _pieces(template):
        out.append(literal)
        if name is not None:
            found = values.get(name)
            out.append("{" + name + "}" if found is None else found)
    return "".join(out)


@lru_cache(maxsize=4096)
def _pieces(template: str) -> tuple[tuple[str, str | None], ...]:
    """A template split once into (literal text, field name or None) pieces: rendering a score
    sheet reads the same few templates thousands of times."""
    pieces: list[tuple[str, str | None]] = []
    literal, at = [], 0
    for match in _FIELD.finditer(template):
        literal.append(template[at : match.start()])
        at = match.end()
        token = match.group(0)
        if token in ("{{", "}}"):
            literal.append(token[0])
        else:
            pieces.append(("".join(literal), match.group(1)))
            literal = []
    literal.append(template[at:])
    pieces.append(("".join(literal), None))
    return tuple(pieces)


_Pieces: TypeAlias = tuple[tuple[str, str | None], ...]


@lru_cache(maxsize=4096)
def _form(id: str, plural: str | None) -> tuple[frozenset[str], _Pieces, _Pieces]:
    """A message's field names and the pieces of its singular and plural English templates,
    found once: a deal's score builds several messages."""
    one = _pieces(id)
    other = one if plural is None else _pieces(plural)
    return (frozenset(name for _, name in one + other if name is not None), one, other)


class Message(str):
    """A rule's words: English msgid template + parameters; its ``str`` value is the English text.

    Built as ``Message(id, params, domain=..., plural=...)``: ``id`` is the English text with
    ``{named}`` placeholders (the gettext msgid); ``params`` the values of the placeholders;
    ``domain`` the gettext domain (catalog) that translates it, :data:`KERNEL` by default;
    ``plural`` the English plural form, and then ``params["n"]`` is the count (ngettext);
    ``context`` the gettext context (msgctxt) that tells apart two meanings of one English text
    ("clubs" of the French deck and of the Spanish deck, bastos), as ``pgettext`` does.
    """

    id: str
    params: Mapping[str, Param]
    domain: str = "atout"  # (class defaults: an instance stores only what differs)
    plural: str | None = None
    context: str | None = None
    #: "lower": rendered in lower case in every language (:meth:`lower`)
    case: str | None = None

    def __new__(
        cls,
        id: str,
        params: Mapping[str, Param] | None = None,
        *,
        domain: str = "atout",
        plural: str | None = None,
        context: str | None = None,
    ) -> Message:
        return cls._make(id, dict(params) if params else {}, domain, plural, context)

    @classmethod
    def _make(
        cls,
        id: str,
        params: dict[str, Param],
        domain: str,
        plural: str | None,
        context: str | None = None,
    ) -> Message:
        """The message of ``params``, a dict of its own (kept as it is, not copied)."""
        for value in params.values():
            if type(value) not in _PARAM_TYPES:
                _check_params(params)
                break
        fields, one, other = _form(id, plural)
        if plural is not None and not isinstance(params.get("n"), int):
            raise TypeError(f"plural message {id!r} needs an int parameter 'n'")
        if not fields <= params.keys():
            missing = fields - params.keys()
            raise TypeError(f"message {id!r} lacks parameters: {', '.join(sorted(missing))}")
        pieces = one if plural is None or params["n"] == 1 else other
        if len(pieces) == 1:  # no field
            english = pieces[0][0]
        else:  # every field has its parameter (checked above)
            out = []
            for literal, name in pieces:
                out.append(literal)
                if name is not None:
                    out.append(str(params[name]))
            english = "".join(out)
        self = str.__new__(cls, english)
        self.id = id
        self.params = params
        if domain != "atout":
            self.domain = domain
        if plural is not None:
            self.plural = plural
        if context is not None:
            self.context = context
        return self

    @classmethod
    def _raw(cls, id: str, params: dict[str, Param], english: str, domain: str) -> Message:
        """The message whose English text is ``english``, unchecked: for the kernel's own
        compositions (:func:`join`), whose parameters and text are known to be right."""
        self = str.__new__(cls, english)
        self.id = id
        self.params = params
        if domain != "atout":
            self.domain = domain
        return self

    def lower(self) -> Message:
        """The same words in lower case, in every language: a label inside a sentence ("when
        contract is hearts"). ``str.lower`` would give plain English text.

        >>> m = Message("Contract").lower()
        >>> str(m), m.to_json()["case"]
        ('contract', 'lower')
        """
        out = Message._raw(self.id, dict(self.params), str.lower(self), self.domain)
        if self.plural is not None:
            out.plural = self.plural
        if self.context is not None:
            out.context = self.context
        out.case = "lower"
        return out

    def __repr__(self) -> str:
        context = "" if self.context is None else f", context={self.context!r}"
        return f"Message({self.id!r}, {self.params!r}, domain={self.domain!r}{context})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (
            _rebuild,
            (self.id, dict(self.params), self.domain, self.plural, self.context, self.case),
        )

    def to_json(self) -> dict[str, Any]:
        """The stored form: ``{"id", "params", "domain"}`` (+ ``"plural"``), JSON-ready.

        Team and seat parameters are ``{"team": "NS"}`` and ``{"seat": "S"}``; a message
        parameter is its own JSON form.

        >>> Message("{team} made {points}", {"team": Team("NS"), "points": 110}).to_json()
        {'id': '{team} made {points}', 'params': {'team': {'team': 'NS'}, 'points': 110}, \
'domain': 'atout'}
        """
        out: dict[str, Any] = {
            "id": self.id,
            "params": {k: _param_json(v) for k, v in self.params.items()},
            "domain": self.domain,
        }
        if self.plural is not None:
            out["plural"] = self.plural
        if self.context is not None:
            out["context"] = self.context
        if self.case is not None:
            out["case"] = self.case
        return out

    @classmethod
    def from_json(cls, data: Any) -> Message:
        """Rebuild a message from :meth:`to_json`; ValueError naming what is wrong otherwise."""
        if not isinstance(data, Mapping) or not isinstance(data.get("id"), str):
            raise ValueError("a message is an object with a string 'id'")
        params = data.get("params", {})
        if not isinstance(params, Mapping):
            raise ValueError("message 'params' must be an object")
        domain = data.get("domain", "atout")
        plural, context = data.get("plural"), data.get("context")
        if not isinstance(domain, str) or not all(
            v is None or isinstance(v, str) for v in (plural, context)
        ):
            raise ValueError("message 'domain', 'plural' and 'context' must be strings")
        try:
            made = cls(
                data["id"],
                {str(k): _param_from_json(v) for k, v in params.items()},
                domain=domain,
                plural=plural,
                context=context,
            )
        except TypeError as exc:
            raise ValueError(str(exc)) from None
        if data.get("case") is None:
            return made
        if data["case"] != "lower":
            raise ValueError("message 'case' is 'lower' or absent")
        return made.lower()


#: The parameter types checked by one set lookup (anything else by :func:`_check_params`).
_PARAM_TYPES: frozenset[type] = frozenset(
    {int, str, Team, Seat, Number, Message, CardCode, SuitCode}
)


def _check_params(params: Mapping[str, Any]) -> None:
    """Raise TypeError for a parameter that is not an int, str, Team, Seat, Number or Message."""
    for key, value in params.items():
        if not isinstance(value, (int, str, Team, Seat, Number)) or isinstance(value, bool):
            raise TypeError(
                f"message parameter {key!r}: {type(value).__name__} is not an "
                "int, str, Team, Seat, Number or Message"
            )


def _rebuild(
    id: str,
    params: dict[str, Param],
    domain: str,
    plural: str | None,
    context: str | None = None,
    case: str | None = None,
) -> Message:
    made = Message(id, params, domain=domain, plural=plural, context=context)
    return made.lower() if case == "lower" else made


def _param_json(value: Param) -> Any:
    if isinstance(value, Message):
        return value.to_json()
    if isinstance(value, Team):
        return {"team": value.code}
    if isinstance(value, Seat):
        if value.index < 4 and value.name in ("", _SEATS[value.index]):
            return {"seat": _SEATS[value.index]}
        return {"seat": value.name, "index": value.index}
    if isinstance(value, Number):
        out: dict[str, Any] = {"number": value.value, "digits": value.digits}
        if value.sign:
            out["sign"] = True
        return out
    return value if isinstance(value, int) else str(value)


def _param_from_json(value: Any) -> Param:
    if isinstance(value, bool) or not isinstance(value, (int, str, Mapping)):
        raise ValueError(f"message parameter {value!r} is not an int, string or object")
    if not isinstance(value, Mapping):
        return value
    if set(value) == {"team"}:
        try:
            return Team(value["team"])
        except ValueError as exc:
            raise ValueError(str(exc)) from None
    if set(value) == {"seat"}:
        if value["seat"] not in _SEATS:
            raise ValueError(f"seat must be one of N E S W, not {value['seat']!r}")
        return Seat(_SEATS.index(value["seat"]))
    if set(value) == {"seat", "index"}:  # a seat of a table that names its seats
        name, index = value["seat"], value["index"]
        if not isinstance(name, str) or not name or not isinstance(index, int):
            raise ValueError(f"a named seat is a name and an index, not {dict(value)!r}")
        return Seat(index, name)
    if "number" in value and set(value) <= {"number", "digits", "sign"}:
        number, digits, sign = value["number"], value.get("digits", 0), value.get("sign", False)
        if not isinstance(sign, bool) or not isinstance(digits, int) or isinstance(digits, bool):
            raise ValueError("a number parameter has int 'digits' and bool 'sign'")
        try:
            return Number(number, digits, sign)
        except ValueError as exc:
            raise ValueError(str(exc)) from None
    return Message.from_json(value)


def with_messages(out: dict[str, Any], *keys: str) -> dict[str, Any]:
    """Put beside each English text ``out[key]`` its message's JSON as ``out[key + "_message"]``
    (when it is a message): how JSON outputs keep their English strings and add id and params.

    >>> with_messages({"reason": Message("{team} win", {"team": Team("NS")})}, "reason")
    {'reason': 'NS win', 'reason_message': {'id': '{team} win', 'params': {'team': {'team': \
'NS'}}, 'domain': 'atout'}}
    """
    for key in keys:
        found = message_of(out.get(key))
        if found is not None:
            out[key] = str(found)
            out[f"{key}_message"] = found.to_json()
    return out


def message_of(value: object) -> Message | None:
    """The message behind a text or an exception (its first argument), or None for plain text.

    >>> message_of(ValueError(Message("no"))).id, message_of("plain")
    ('no', None)
    """
    if isinstance(value, BaseException):
        value = getattr(value, "reason", value.args[0] if value.args else None)
    return value if isinstance(value, Message) else None


def error_words(exc: BaseException) -> str:
    """An error's words: its message when it has one (shown in the reader's language), else
    its text.

    >>> error_words(ValueError(Message("no"))).id, error_words(KeyError("x"))
    ('no', "'x'")
    """
    return message_of(exc) or str(exc)


@dataclass(frozen=True)
class Domain:
    """A plugin's gettext catalog: its domain name and the directory holding
    ``<lang>/LC_MESSAGES/<name>.mo``. Its :meth:`message` and :meth:`plural` are the ``_`` and
    ``_n`` a plugin writes its words with.

    :param name: the gettext domain, unique among installed plugins (``atout_<plugin>``).
    :param directory: the locale directory; :meth:`beside` gives a package's own.
    :param codes: the parameters of this catalog's messages that hold a suit's or a card's
        notation, by name (``{"trump": SuitCode}``). A stored message keeps the notation as plain
        text (its JSON is the same); rendered, such a parameter given as plain text is read as the
        code it is, so a page that names the deck's suits and cards shows their words.
    """

    name: str
    directory: Path
    codes: Mapping[str, type[SuitCode] | type[CardCode]] = field(
        default_factory=dict, compare=False, hash=False
    )

    @classmethod
    def beside(
        cls,
        module_file: str,
        name: str,
        codes: Mapping[str, type[SuitCode] | type[CardCode]] | None = None,
    ) -> Domain:
        """The catalog ``name`` of the package that holds ``module_file``: its ``locale`` folder,
        where a plugin ships ``<lang>/LC_MESSAGES/<name>.mo``. A plugin names its catalog once,
        ``DOMAIN = Domain.beside(__file__, "atout_quick")``, and writes its words with
        ``_ = DOMAIN.message``.

        >>> Domain.beside("/site/atout_quick/declaration.py", "atout_quick").directory.name
        'locale'
        """
        return cls(name, Path(module_file).parent / "locale", dict(codes or {}))

    def message(self, id: str, **params: Param) -> Message:
        """A message of this domain: ``_("{team} made {points}", team=Team("NS"), points=110)``."""
        return Message._make(id, params, self.name, None)

    def plural(self, singular: str, plural: str, **params: Param) -> Message:
        """A message with a plural form, chosen by the count ``n``: ``_n("{n} trick",
        "{n} tricks", n=3)``."""
        return Message._make(singular, params, self.name, plural)

    def contextual(self, context: str, id: str, **params: Param) -> Message:
        """A message whose English text has other meanings elsewhere (gettext's ``pgettext``):
        ``_p("Spanish deck", "clubs")`` is translated apart from the French deck's "clubs"."""
        return Message._make(id, params, self.name, None, context)

    def contextual_plural(
        self, context: str, singular: str, plural: str, **params: Param
    ) -> Message:
        """A plural message in a gettext context (``npgettext``): ``_np("contracts", "{n} made",
        "{n} made", n=2)`` agrees with contracts where ``_n("{n} made", ...)`` counts deals."""
        return Message._make(singular, params, self.name, plural, context)

    def languages(self) -> list[str]:
        """The languages this catalog has a compiled translation for."""
        if not self.directory.is_dir():
            return []
        return sorted(
            p.name
            for p in self.directory.iterdir()
            if (p / "LC_MESSAGES" / f"{self.name}.mo").is_file()
        )


#: The kernel's own words (how messages join, the kernel's legal-play and record wording).
#: The kernel's catalog, one for every package of ``framework``: ``framework/locale``.
KERNEL = Domain("atout", Path(__file__).parent.parent / "locale")
_ = KERNEL.message


def join(parts: Sequence[str], separator: str = "; ") -> str:
    """Several pieces shown as one line ("made: NS 90; +20 hanging points").

    Each ``"; "`` joint is itself a kernel message (``"{first}; {then}"``) so a language can
    write its own punctuation (French puts a space before the semicolon). Empty parts are left
    out; one part is returned as it is.

    >>> str(join([Message("a"), "", Message("b"), "c"]))
    'a; b; c'
    """
    kept = [p for p in parts if p]
    if not kept:
        return ""
    if separator != "; ":
        return separator.join(kept)
    out = kept[-1]
    for part in reversed(kept[:-1]):
        # The message _JOINT of (part, out), built without the checks: a score makes a few
        # of these on every deal.
        out = Message._raw(_JOINT, {"first": part, "then": out}, f"{part}; {out}", "atout")
    return out


#: The msgid of the kernel message that joins two pieces of a line.
_JOINT = _("{first}; {then}", first="", then="").id


class _Carrying(Message):
    """Words of points a deal carries into the next (:func:`carrying`), with the words of the
    same points lost when the deal is scored alone."""

    lost: str


def carrying(words: Message, lost: Message) -> Message:
    """``words`` of points a deal leaves for the next ("NS's 81 go to the pot (81)", "91
    hang"), knowing ``lost``: the same points' words when the deal is scored alone ("NS's 81
    are lost (a deal scored alone leaves no pot)").

    A variant says both and never asks whether the deal is scored alone: the kernel, which
    drops the pot of such a deal (:attr:`Rules.deals_alone
    <framework.core.options.Rules.deals_alone>`), shows ``lost`` there (:func:`lost_words`).
    Read, stored or rendered, the result is ``words``.

    >>> m = carrying(Message("{n} hang", {"n": 91}), Message("{n} are lost", {"n": 91}))
    >>> str(m), m.to_json()["id"], str(lost_words(join([Message("a tie"), m])))
    ('91 hang', '{n} hang', 'a tie; 91 are lost')
    """
    out = _Carrying._raw(words.id, dict(words.params), str.__str__(words), words.domain)
    assert isinstance(out, _Carrying)  # (_raw makes its class's instance)
    for name in ("plural", "context", "case"):
        if name in vars(words):
            setattr(out, name, vars(words)[name])
    out.lost = lost
    return out


def lost_words(text: str) -> str:
    """``text`` as a deal scored alone says it: each piece made by :func:`carrying`, however
    deep in the message, replaced by its words of the points lost; any other text as it is."""
    if isinstance(text, _Carrying):
        return text.lost
    if not isinstance(text, Message):
        return text
    params = {k: lost_words(v) if isinstance(v, Message) else v for k, v in text.params.items()}
    if all(params[k] is v for k, v in text.params.items()):
        return text
    return _rebuild(text.id, params, text.domain, text.plural, text.context, text.case)


@dataclass(frozen=True)
class Names:
    """The names a score sheet gives its teams and players, for team and seat parameters.

    :param teams: ``{"NS": "Anne & Paul", ...}``; a team left out keeps its code.
    :param seats: ``{0: "Anne", ...}`` by seat index; a seat left out keeps its letter.
    :param cards: ``{"7H": "seven of hearts", ...}``, the words for :class:`CardCode`
        parameters; a card left out keeps its notation.
    :param suits: ``{"H": "hearts", ...}``, the words for :class:`SuitCode` parameters.
    """

    teams: Mapping[str, str] = field(default_factory=dict)
    seats: Mapping[int, str] = field(default_factory=dict)
    cards: Mapping[str, str] = field(default_factory=dict)
    suits: Mapping[str, str] = field(default_factory=dict)


@lru_cache(maxsize=512)
def _catalog(name: str, directory: str, lang: str) -> gettext.NullTranslations:
    return gettext.translation(name, directory, languages=[lang], fallback=True)


@lru_cache(maxsize=64)
def _locale(lang: str) -> Any:
    """The Babel locale of a language code, parsed once (None when Babel does not know it)."""
    from babel import Locale  # display only; English needs no Babel
    from babel.core import UnknownLocaleError

    try:
        return Locale.parse(lang)
    except (ValueError, LookupError, UnknownLocaleError):
        return None


@lru_cache(maxsize=4096)
def _decimal(english: str, digits: int, sign: bool, lang: str) -> str:
    """A :class:`Number` (given as its English text, so every language shows the same rounding)
    in the locale's decimal pattern with exactly ``digits`` decimals."""
    import copy
    from decimal import Decimal

    from babel.numbers import get_plus_sign_symbol

    locale = _locale(lang)
    if locale is None:
        return english
    pattern = copy.copy(locale.decimal_formats[None])
    pattern.frac_prec = (digits, digits)
    out = str(pattern.apply(Decimal(english), locale))
    if sign and not english.startswith("-"):
        out = get_plus_sign_symbol(locale) + out
    return out


@lru_cache(maxsize=8192)
def _number(value: int, lang: str) -> str:
    """An int formatted for ``lang`` by Babel, remembered: a score sheet shows the same few
    hundred numbers over and over, and Babel's formatting costs about 100 µs a call (it was
    most of the time of rendering an explanation in French, benchmarks/messages_bench.py)."""
    from babel.numbers import format_decimal

    locale = _locale(lang)
    if locale is None:
        return str(value)
    return str(format_decimal(value, locale=locale))


class Translator:
    """Renders messages in one language, with a table's names.

    :param lang: a language code (``fr``, ``hr``, ``pt_BR``); ``en`` is the source language and
        renders exactly as ``str()`` does.
    :param domains: the catalogs to look in (the kernel's is always included); a message of a
        domain not listed, or an id its catalog lacks, is shown in English.
    :param names: team and player names substituted for team and seat parameters.
    """

    def __init__(
        self, lang: str = "en", domains: Iterable[Domain] = (), names: Names | None = None
    ) -> None:
        self.lang = lang
        self.names = names or Names()
        self._domains = {d.name: d for d in (KERNEL, *domains)}

    def with_names(self, names: Names) -> Translator:
        """The same language and catalogs with other names."""
        return Translator(self.lang, self._domains.values(), names)

    def _translations(self, domain: str) -> gettext.NullTranslations | None:
        found = self._domains.get(domain)
        if found is None or self.lang == "en":
            return None
        return _catalog(found.name, str(found.directory), self.lang)

    def gettext(self, domain: str, msgid: str, context: str | None = None) -> str:
        """The translation of ``msgid`` (in gettext ``context``) in ``domain``, or ``msgid``."""
        catalog = self._translations(domain)
        if not catalog:
            return msgid
        return catalog.pgettext(context, msgid) if context else catalog.gettext(msgid)

    def ngettext(
        self, domain: str, singular: str, plural: str, n: int, context: str | None = None
    ) -> str:
        """The plural form of this language for count ``n``."""
        catalog = self._translations(domain)
        if not catalog:
            return singular if n == 1 else plural
        if context:
            return catalog.npgettext(context, singular, plural, n)
        return catalog.ngettext(singular, plural, n)

    def number(self, value: int) -> str:
        """An int for display: the locale's grouping (``1.001`` in Croatian) and minus sign;
        plain in English."""
        if self.lang == "en":
            return str(value)
        return _number(value, self.lang)

    def render(self, text: object) -> str:
        """Render a message (or show a plain string, or anything else, as it is)."""
        if not isinstance(text, Message):
            return "" if text is None else str(text)
        if text.plural is not None:
            n = text.params["n"]
            assert isinstance(n, int)
            template = self.ngettext(text.domain, text.id, text.plural, n, text.context)
        else:
            template = self.gettext(text.domain, text.id, text.context)
        params = text.params
        domain = self._domains.get(text.domain)
        if domain is not None and domain.codes:  # notations stored as plain text: read as codes
            codes = domain.codes
            params = {
                k: codes[k](v) if k in codes and type(v) is str else v for k, v in params.items()
            }
        out = _format(template, {k: self._param(v) for k, v in params.items()})
        return out.lower() if text.case == "lower" else out

    __call__ = render

    def _param(self, value: Param) -> str:
        if isinstance(value, Message):
            return self.render(value)
        if isinstance(value, Team):
            return self.names.teams.get(value.code) or value.code
        if isinstance(value, Seat):
            return self.names.seats.get(value.index) or str(value)
        if isinstance(value, int):
            return self.number(value)
        if isinstance(value, Number):
            english = str(value)
            if self.lang == "en" or not math.isfinite(value.value):
                return english
            return _decimal(english, value.digits, value.sign, self.lang)
        if isinstance(value, CardCode):
            return self.names.cards.get(value) or str(value)
        if isinstance(value, SuitCode):
            return self.names.suits.get(value) or str(value)
        return str(value)


def render(
    text: object, lang: str = "en", domains: Iterable[Domain] = (), names: Names | None = None
) -> str:
    """Render one text in ``lang``: a shortcut for ``Translator(lang, domains, names)(text)``."""
    return Translator(lang, domains, names).render(text)
