"""Rule options, presets and the resolved rules of a game.

Where rule books disagree, a variant declares an :class:`Option`; named bundles of option values
are :class:`Preset` s. :func:`resolve_rules` applies a preset and then any house-rule overrides,
validating every value, into a frozen :class:`Rules` that a game keeps for its whole life (a
later change to a preset never rescores an old game).
"""

from __future__ import annotations

import keyword
import math
from collections.abc import Mapping
from dataclasses import dataclass, field, make_dataclass
from functools import cache
from itertools import pairwise
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar, cast

from framework.core.errors import OptionError
from framework.core.messages import KERNEL
from framework.core.untrusted import InputError, parse_int

_ = KERNEL.message
_YES, _NO = _("yes"), _("no")

__all__ = ["Option", "Preset", "Rules"]

#: Names of :class:`Rules` itself; an option may not be called so (nor a Python keyword).
RESERVED_NAMES = frozenset(
    {
        "variant",
        "preset",
        "options",
        "overrides",
        "match_deals",
        "deals_alone",
        "to_json",
        "option_names",
        *keyword.kwlist,
    }
)

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


@dataclass(frozen=True)
class Option:
    """One rule option of a variant.

    :param name: the key used in presets, on the command line (``--option name=value``) and in
        stored games; ``snake_case``.
    :param default: the value when no preset sets it; its type is the option's type (bool, int
        or str).
    :param doc: one sentence: the rule it changes, and the sources behind each value.
    :param choices: for a str or int option with a closed set of values, those values in the
        order players see them: a tuple, or, where players have words for them, a mapping of
        each value to its words (``{"trick": _("In a trick"), "hand": _("In the hand")}``), so
        that a value is written once. Kept as given: a tuple, or a read-only mapping.
    :param minimum: for an int option, the smallest value allowed.
    :param maximum: for an int option, the largest value allowed.
    :param label: the option's name for players ("Partner's trick: must you trump?"); the
        scorepad shows it, and the sources stay in ``doc`` (shown on the rules page).
    :param help: one sentence for players: what the option changes, without sources.
    """

    name: str
    default: Any
    doc: str
    # not hashed (a mapping cannot be); equal options still hash alike
    choices: tuple[Any, ...] | Mapping[Any, str] | None = field(default=None, hash=False)
    minimum: int | None = None
    maximum: int | None = None
    label: str = ""
    help: str = ""

    def __post_init__(self) -> None:
        # a copy the declaration cannot change afterwards
        if isinstance(self.choices, Mapping):
            object.__setattr__(self, "choices", MappingProxyType(dict(self.choices)))
        elif self.choices is not None:
            object.__setattr__(self, "choices", tuple(self.choices))

    @property
    def title(self) -> str:
        """The label for players, else the name in words (``partner_ruff`` -> "Partner ruff").

        >>> Option("partner_ruff", True, "").title
        'Partner ruff'
        """
        return self.label or self.name.replace("_", " ").capitalize()

    def value_label(self, value: Any) -> str:
        """A value in players' words: its words in ``choices``, else yes/no for a bool, else the
        value.

        >>> str(Option("x", True, "").value_label(False)), Option("y", 3, "").value_label(4)
        ('no', '4')
        >>> Option("z", "a", "", choices={"a": "Always", "b": "Never"}).value_label("b")
        'Never'
        """
        words = self.choices if isinstance(self.choices, Mapping) else {}
        if isinstance(value, bool):
            return words.get(value, _YES if value else _NO)
        return words.get(value, str(value))

    @property
    def kind(self) -> str:
        """``"bool"``, ``"int"`` or ``"str"``."""
        return type(self.default).__name__

    def check(self, value: Any) -> Any:
        """Return ``value`` if it is valid for this option, else raise :class:`OptionError`.

        A closed set of choices may mix numbers and words (``at_values``: 14, 13 or
        ``"ffb2016"``): a listed choice is valid whatever the option's type.
        """
        if self.choices is not None and any(
            value == c and type(value) is type(c) for c in self.choices
        ):
            return value
        kind = self.kind
        if kind == "bool":
            if not isinstance(value, bool):
                raise self._refused(_("{value} is not true or false", value=repr(value)))
        elif kind == "int":
            # JSON has one kind of number: 3.0 is the whole number 3, as the kernel reads every
            # whole number of untrusted input (framework.core.untrusted.check_int)
            if isinstance(value, float) and math.isfinite(value) and value.is_integer():
                value = int(value)
            if isinstance(value, bool) or not isinstance(value, int):
                raise self._refused(_("{value} is not a whole number", value=repr(value)))
            if self.minimum is not None and value < self.minimum:
                raise self._refused(
                    _("{value} is below {minimum}", value=value, minimum=self.minimum)
                )
            if self.maximum is not None and value > self.maximum:
                raise self._refused(
                    _("{value} is above {maximum}", value=value, maximum=self.maximum)
                )
        elif not isinstance(value, str):
            raise self._refused(_("{value} is not text", value=repr(value)))
        if self.choices is not None and value not in self.choices:
            raise self._refused(
                _("{value} is not one of {choices}", value=repr(value), choices=self._allowed())
            )
        return value

    def _refused(self, why: str) -> OptionError:
        """The error for a bad value of this option: "option NAME: why"."""
        return OptionError(
            _("option {option}: {reason}", option=self.name, reason=why), why, self.name
        )

    def _allowed(self) -> str:
        """The choices for an error message; a long run of evenly spaced numbers in short."""
        values = list(self.choices or ())
        numbers = all(isinstance(v, int) and not isinstance(v, bool) for v in values)
        if numbers and len(values) > 6 and len({b - a for a, b in pairwise(values)}) == 1:
            return f"{values[0]}, {values[1]}, ..., {values[-1]}"
        return ", ".join(str(c) for c in values)

    def parse(self, text: str) -> Any:
        """Parse a value written on the command line or in a form."""
        kind = self.kind
        raw = text.strip()
        if kind == "bool":
            if raw.lower() in _TRUE:
                return True
            if raw.lower() in _FALSE:
                return False
            raise self._refused(_("{value} is not true or false", value=repr(text)))
        if kind == "int":
            if self.choices is not None and raw in self.choices:  # a word among numbers
                return raw
            try:
                number = parse_int(raw, self.name)
            except InputError as exc:
                raise self._refused(exc.reason) from None
            return self.check(number)
        return self.check(raw)

    def read(self, value: Any) -> Any:
        """A value as given: text from a command line or a form parsed (:meth:`parse`) for a
        bool or int option, anything else (JSON, a preset, a text option's text) checked as it
        is (:meth:`check`).

        >>> number, text = Option("x", 3, ""), Option("y", "a", "")
        >>> number.read("4"), number.read(4), text.read(" b")
        (4, 4, ' b')
        """
        return (
            self.parse(value)
            if isinstance(value, str) and self.kind != "str"
            else self.check(value)
        )

    @property
    def pattern(self) -> str | None:
        """For a text option of a kind of its own (a subclass whose :meth:`check` takes text of
        one form), exactly the values it takes, as a regular expression anchored with ``^``
        and ``$`` (JSON Schema's ``pattern``: the scorepad's API document describes the option
        with it); None, the default: any text."""
        return None

    def describe(self) -> dict[str, Any]:
        """A JSON-ready description (for ``atout variants --json`` and the docs)."""
        out: dict[str, Any] = {
            "name": self.name,
            "type": self.kind,
            "default": self.default,
            "doc": self.doc,
        }
        if self.choices is not None:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        pattern = self.pattern  # (a property a subclass may work out: read once)
        if pattern is not None:
            out["pattern"] = pattern
        return out


@dataclass(frozen=True)
class Preset:
    """A named bundle of option values, e.g. the FFB rules or a seed app's house rules.

    :param name: the preset's key (``"ffb"``).
    :param doc: one line saying whose rules these are.
    :param values: the options this preset sets; the others keep their defaults.
    :param title: its name for players ("Club rules"); the key when empty.
    :param description: one or two sentences for players: how this game plays, without the
        sources (those stay in ``doc``, shown on the rules page).
    """

    name: str
    doc: str
    values: Mapping[str, Any] = field(default_factory=dict)
    title: str = ""
    description: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "values", MappingProxyType(dict(self.values)))


def _no_overrides() -> Mapping[str, Any]:
    return MappingProxyType({})


@dataclass(frozen=True, slots=True, repr=False)
class Rules:
    """The resolved rules of one game: variant, preset and every option value. Immutable.

    A variant's rules are an instance of a subclass made for its options
    (:func:`rules_class`), each option a field of it: a rule reads its option as an attribute,
    ``rules.undertrump`` (a slot, the cheapest read there is: about 15 ns, against 35 for a
    subscript of a mapping). :attr:`options` is every value as a read-only mapping, for listing
    and storing them. Two rules are equal when their variant, preset and option values are.

    :param variant: the variant's name.
    :param preset: the preset the values started from.
    :param overrides: the options set on top of the preset (house rules), as given.
    :param match_deals: a setting of the match, the kernel's own (no variant declares it): the match
        ends after this many deals, whether or not a target is reached, the highest total
        winning and equal totals a draw (:func:`framework.rules.outcome.after_deals`); the variant's
        ``atout_match_outcome`` is then not asked. None (the default): the match ends when
        that hook says. Stored in the snapshot only when set, so a snapshot without it reads
        as a match to the variant's end.
    :param deals_alone: a setting of the match, the kernel's own too: each deal is scored
        alone, in the context of a match's first deal (every score column at 0, no pot) with
        its own number and dealer, as ``atout duel`` scores a deal; nothing it leaves (a pot
        of a thrown-in or disputed deal) is carried into the next one. The totals still add
        up the deals. Duplicate boards are played so: every table's board ``n`` is then the
        same deal scored the same way. False (the default): a deal is scored in its match.
        Stored in the snapshot only when set.
    """

    variant: str
    preset: str
    overrides: Mapping[str, Any] = field(default_factory=_no_overrides, compare=False)
    match_deals: int | None = None
    deals_alone: bool = False

    #: The option names, in the variant's order (set on each variant's class).
    option_names: ClassVar[tuple[str, ...]] = ()

    if TYPE_CHECKING:  # an option: its value, whatever its type

        def __getattr__(self, name: str) -> Any: ...

    @property
    def options(self) -> Mapping[str, Any]:
        """Every option's value by name, in the variant's order (a read-only copy)."""
        return MappingProxyType({name: getattr(self, name) for name in self.option_names})

    def __repr__(self) -> str:
        extra = "".join(f", {k}={v!r}" for k, v in self.overrides.items())
        if self.match_deals is not None:
            extra += f", match_deals={self.match_deals}"
        if self.deals_alone:
            extra += ", deals_alone=True"
        return f"Rules({self.variant}/{self.preset}{extra})"

    def __reduce__(self) -> tuple[Any, ...]:
        # A variant's class is made at run time, so pickle names the function that makes it.
        return (
            make_rules,
            (
                self.variant,
                self.preset,
                dict(self.options),
                dict(self.overrides),
                self.match_deals,
                self.deals_alone,
            ),
        )

    def to_json(self) -> dict[str, Any]:
        """The rules as stored with a game: a snapshot that never changes afterwards
        (``match_deals`` and ``deals_alone`` only when set)."""
        out: dict[str, Any] = {
            "variant": self.variant,
            "preset": self.preset,
            "options": dict(self.options),
            "overrides": dict(self.overrides),
        }
        if self.match_deals is not None:
            out["match_deals"] = self.match_deals
        if self.deals_alone:
            out["deals_alone"] = True
        return out


#: The match setting :attr:`Rules.match_deals`, checked as an option is (in the options' words).
MATCH_DEALS = Option("match_deals", 1, "The match ends after this many deals.", minimum=1)


def check_match_deals(value: Any) -> int | None:
    """``value`` as :attr:`Rules.match_deals`: None, or a whole number of at least 1 (text from a
    command line or a form is parsed).

    >>> check_match_deals(None), check_match_deals(12), check_match_deals("3")
    (None, 12, 3)

    :raises OptionError: naming ``match_deals`` and the reason.
    """
    if value is None:
        return None
    checked: int = MATCH_DEALS.read(value)
    return checked


#: The match setting :attr:`Rules.deals_alone`, checked as an option is (in the options' words).
DEALS_ALONE = Option("deals_alone", False, "Each deal is scored alone: nothing is carried over.")


def check_deals_alone(value: Any) -> bool:
    """``value`` as :attr:`Rules.deals_alone`: None (False), or true or false (text from a
    command line or a form is parsed: yes/no, on/off, 1/0).

    >>> check_deals_alone(None), check_deals_alone(True), check_deals_alone("no")
    (False, True, False)

    :raises OptionError: naming ``deals_alone`` and the reason.
    """
    if value is None:
        return False
    checked: bool = DEALS_ALONE.read(value)
    return checked


@cache
def rules_class(variant: str, names: tuple[str, ...]) -> type[Rules]:
    """The :class:`Rules` of a variant with the options ``names``: a frozen, slotted dataclass
    with one keyword-only field per option (made once per variant and names)."""
    made = make_dataclass(
        "Rules",
        [(name, Any) for name in names],
        bases=(Rules,),
        frozen=True,
        slots=True,
        kw_only=True,
        repr=False,
        namespace={"option_names": names, "__module__": __name__},
    )
    return cast(type[Rules], made)


def make_rules(
    variant: str,
    preset: str,
    values: Mapping[str, Any],
    overrides: Mapping[str, Any] | None = None,
    match_deals: int | None = None,
    deals_alone: bool = False,
) -> Rules:
    """The rules of ``variant`` with every option's value in ``values`` (checked already), and
    the match settings ``match_deals`` and ``deals_alone`` (checked already:
    :func:`check_match_deals`, :func:`check_deals_alone`)."""
    cls = rules_class(variant, tuple(values))
    return cls(
        variant, preset, MappingProxyType(dict(overrides or {})), match_deals, deals_alone, **values
    )


def resolve_rules(
    variant: str,
    options: Mapping[str, Option],
    presets: Mapping[str, Preset],
    preset: str | None,
    overrides: Mapping[str, Any] | None = None,
    match_deals: Any = None,
    deals_alone: Any = None,
) -> Rules:
    """Apply a preset, then house-rule overrides, to the option defaults.

    :param preset: a preset name, or None for the variant's first (default) preset.
    :param overrides: option values on top of the preset; str values are parsed (command line
        and forms), other values are checked as they are.
    :param match_deals: the match setting :attr:`Rules.match_deals` (None: the match ends at the
        variant's end), parsed and checked as an override is.
    :param deals_alone: the match setting :attr:`Rules.deals_alone` (None: False), parsed and
        checked as an override is.
    :raises OptionError: for an unknown preset or option, or a bad value.
    """
    if preset is None:
        if not presets:
            raise OptionError(_("{variant} has no preset", variant=variant))
        preset = next(iter(presets))
    if preset not in presets:
        known = ", ".join(presets)
        raise OptionError(
            _(
                "{variant} has no preset {preset}; presets: {known}",
                variant=variant,
                preset=repr(preset),
                known=known,
            )
        )
    values = {name: opt.default for name, opt in options.items()}
    for name, value in presets[preset].values.items():
        values[name] = options[name].check(value)
    checked: dict[str, Any] = {}
    for name, value in (overrides or {}).items():
        if name not in options:
            known = ", ".join(sorted(options))
            raise OptionError(
                _(
                    "{variant} has no option {name}; options: {known}",
                    variant=variant,
                    name=repr(name),
                    known=known,
                )
            )
        checked[name] = options[name].read(value)
    values.update(checked)
    return make_rules(
        variant,
        preset,
        values,
        checked,
        check_match_deals(match_deals),
        check_deals_alone(deals_alone),
    )
