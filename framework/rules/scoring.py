"""The score of one deal, and the match context a deal is scored in.

A variant's ``atout_score_deal`` hook turns a deal record into a :class:`DealScore`: what goes on
the score sheet in each of the variant's score columns (the teams ``NS`` and ``EW`` unless it
declares others), whether the contract was made, the points carried to the next deal
(a litige pot, Bulgarian hanging points) and one line that explains it. The simulator, the CLI
and the scorepad all score through that hook, so a played deal and a written one score the same.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, ClassVar, NamedTuple

from framework.core.messages import Message, join, lost_words, with_messages
from framework.core.seats import TEAMS, are_teams

__all__ = ["DealScore", "MatchContext", "UnknownScoreColumn"]


class UnknownScoreColumn(ValueError):
    """A score keyed by something that is not one of the variant's score columns
    (:attr:`Declaration.score_columns <framework.rules.declaration.Declaration.score_columns>`;
    the teams ``NS`` and ``EW`` unless it declares others): a seat, a misspelt key. Refused,
    never written down as 0. The kernel checks every score a variant's hook answers against the
    variant's columns, and reports this error as a
    :class:`~framework.core.errors.PluginError` naming the hook.

    :ivar field: what holds the key (``"points"``, ``"wins_match"``, ``"winner"``,
        ``"counts"``).
    :ivar key: the key.
    :ivar columns: the keys it may be.
    """

    def __init__(self, field: str, key: object, columns: Sequence[str] = TEAMS) -> None:
        super().__init__(
            f"{field} keyed by {key!r}, which is not a score column ({', '.join(columns)})"
        )
        self.field = field
        self.key = key
        self.columns = tuple(columns)


def zero_totals(columns: Sequence[str]) -> Mapping[str, int]:
    """The totals of a match before its first deal, 0 in each of ``columns`` (read-only)."""
    if tuple(columns) == TEAMS:
        return NO_TOTALS
    return MappingProxyType(dict.fromkeys(columns, 0))


#: A text for people, or a function of no arguments that makes it when it is first read.
LaterText = str | Callable[[], str]


def text_field(cls: type, name: str) -> None:
    """Make the field ``name`` of the frozen dataclass ``cls`` a text given as its value or as
    a function of no arguments that makes it, called once, when the field is first read: the
    instance keeps what it was given under ``"_" + name``, and the field reads it.

    Scoring and ending a match on every deal of a simulation, the kernel never reads their
    words: made eagerly, a Coinche score's explanation costs about 98,000 instructions more a
    deal (``benchmarks/kernel_callgrind.py``: 68,595 -> 166,979 per score), so
    :class:`DealScore` and :class:`~framework.rules.outcome.MatchOutcome` keep the function their
    maker gave and make the text when it is read. Every reader (the attribute, ``to_json``,
    equality, ``repr``, ``dataclasses.replace``, ``pickle``) sees the text. (Not a slotted
    class: Python 3.11's slotted frozen dataclass answers a write to such a field with a
    ``TypeError`` instead of ``FrozenInstanceError``.)
    """
    slot = "_" + name

    def read(obj: object) -> str:
        value: LaterText = getattr(obj, slot)
        if callable(value):
            value = value()
            object.__setattr__(obj, slot, value)  # (frozen: the one write, of the text)
        return value

    setattr(cls, name, property(read, doc=f"The {name} (made when first read)."))


#: The totals before a match's first deal (read-only: shared).
NO_TOTALS: Mapping[str, int] = MappingProxyType({"NS": 0, "EW": 0})


class MatchContext(NamedTuple):
    """Where a deal stands in its match when it is scored.

    :ivar totals: the score sheet's totals before this deal, by score column
        (``{"NS": int, "EW": int}`` for the teams).
    :ivar pot: points carried into this deal (litige pot, hanging points), 0 if none.
    :ivar number: this deal's number in the match, from 1.
    :ivar dealer: the seat that dealt it.
    """

    totals: Mapping[str, int] = NO_TOTALS
    pot: int = 0
    number: int = 1
    dealer: int = 3


#: A score's details when it gives none (read-only: shared by every such score).
_NO_DETAILS: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, init=False, eq=False)
class DealScore:
    """The score sheet's line for one deal.

    :param points: what each score column writes down (``{"NS": int, "EW": int}`` for the
        teams), after rounding, multipliers and pots; a column left out writes 0. The kernel
        refuses a score that writes points in something that is not one of the variant's
        columns (:class:`UnknownScoreColumn`, reported naming the hook), and writes every
        column, 0 where the score wrote none, in the columns' order; a score made outside a
        hook keeps the keys it was given, both teams when it names only teams or nothing
        (``DealScore({}, None)``: a variant with other columns reads it as 0 in each).
    :param made: whether the takers made their contract; None for a deal with no contract
        (thrown in, or a hand played without a bid).
    :param pot: the points carried out of this deal into the next one (0 when none hang).
    :param explanation: one line for a person: made or failed and why, multipliers, rounding;
        or a function of no arguments that makes it, called when the explanation is first read
        (a simulation never reads it, so its words cost nothing there: see :func:`text_field`).
        Read, it is always the text.
    :param wins_match: a score column (a team), or a group of columns, that wins the match
        outright with this deal (Bela's belot).
    :param can_end_match: False when this deal may not end the match (Bulgarian valat).
    :param details: the intermediate numbers (raw totals, announcements, multiplier), JSON-ready.
    """

    points: Mapping[str, int]
    #: whether the points name keys other than the teams (else they are ``NS`` and ``EW``,
    #: both): the kernel checks those against the variant's score columns
    names_others: ClassVar[bool] = False
    made: bool | None
    pot: int
    explanation: str  # (read through text_field below the class)
    wins_match: str | None
    can_end_match: bool
    details: Mapping[str, Any]

    def __init__(
        self,
        points: Mapping[str, int],
        made: bool | None,
        pot: int = 0,
        explanation: LaterText = "",
        wins_match: str | None = None,
        can_end_match: bool = True,
        details: Mapping[str, Any] = _NO_DETAILS,
    ) -> None:
        # The points as ints and the mappings as read-only copies; a score naming only teams
        # (every four-seat variant's), or nothing, writes both (TEAMS, unrolled).
        init = object.__setattr__  # (a frozen dataclass's own __init__ sets its fields so)
        if len(points) == ("NS" in points) + ("EW" in points):
            init(
                self,
                "points",
                MappingProxyType({"NS": int(points.get("NS", 0)), "EW": int(points.get("EW", 0))}),
            )
        else:
            init(self, "points", MappingProxyType({k: int(v) for k, v in points.items()}))
            init(self, "names_others", True)
        init(self, "made", made)
        # A field at its default is not written: the instance reads the class's default. Each
        # write costs about 1,200 instructions (object.__setattr__) and most scores leave these
        # three at their defaults (callgrind, a Coinche score: about 3,500 instructions less).
        if pot or type(pot) is not int:
            init(self, "pot", pot)
        if wins_match is not None:
            init(self, "wins_match", wins_match)
        if can_end_match is not True:
            init(self, "can_end_match", can_end_match)
        init(self, "details", MappingProxyType(dict(details)))
        init(self, "_explanation", explanation)

    def with_points(self, points: Mapping[str, int]) -> DealScore:
        """This score with ``points`` instead (its explanation kept as it was given)."""
        score: DealScore = object.__new__(DealScore)
        vars(score).update(vars(self))
        vars(score).pop("names_others", None)
        score._keep_points(points)
        return score

    def scored_alone(self) -> DealScore:
        """This score as a deal scored alone has it (:attr:`Rules.deals_alone
        <framework.core.options.Rules.deals_alone>`): carrying nothing out into the next deal,
        and saying so, each piece of its explanation that carries points
        (:func:`~framework.core.messages.carrying`) replaced by its words of them lost."""
        score: DealScore = object.__new__(DealScore)
        vars(score).update(vars(self))
        vars(score).pop("pot", None)  # (the class's default: 0)
        vars(score)["_explanation"] = lambda: lost_words(self.explanation)  # (read when shown)
        return score

    def _keep_points(self, points: Mapping[str, int]) -> None:
        """Set the points to ``points`` as they are (not both teams when they name one)."""
        object.__setattr__(self, "points", MappingProxyType(dict(points)))
        if not are_teams(points):
            object.__setattr__(self, "names_others", True)

    def _values(self) -> tuple[Any, ...]:
        return (
            self.points,
            self.made,
            self.pot,
            self.wins_match,
            self.can_end_match,
            self.details,
            self.explanation,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, DealScore):
            return NotImplemented
        return self._values() == other._values()

    __hash__ = None  # type: ignore[assignment]  # (its points are a mapping)

    def __repr__(self) -> str:
        return (
            f"DealScore(points={dict(self.points)!r}, made={self.made!r}, pot={self.pot!r}, "
            f"explanation={self.explanation!r}, wins_match={self.wins_match!r}, "
            f"can_end_match={self.can_end_match!r}, details={dict(self.details)!r})"
        )

    def __getstate__(self) -> tuple[Any, ...]:
        # The explanation made (a function, often a closure, does not pickle), the mappings
        # as dicts (a read-only view does not either).
        return (
            dict(self.points),
            self.made,
            self.pot,
            self.wins_match,
            self.can_end_match,
            dict(self.details),
            self.explanation,
        )

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        points, made, pot, wins_match, can_end_match, details, explanation = state
        DealScore.__init__(self, {}, made, pot, explanation, wins_match, can_end_match, details)
        self._keep_points(points)  # (as pickled: a score made by with_points may name one team)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "made": self.made,
            "points": dict(self.points),
            "pot": self.pot,
            "explanation": self.explanation,
        }
        if self.wins_match:
            out["wins_match"] = self.wins_match
        if not self.can_end_match:
            out["can_end_match"] = False
        if self.details:
            out["details"] = dict(self.details)
        return with_messages(out, "explanation")

    @classmethod
    def thrown_in(
        cls, words: str, pot: int = 0, carried: str = "", details: Mapping[str, Any] = _NO_DETAILS
    ) -> DealScore:
        """The score of a deal thrown in (nobody took, or everybody passed): nothing written
        in any column, no contract made or failed, ``pot`` points carried into the next deal.

        :param words: the variant's words for the deal thrown in ("thrown in: all four passed").
        :param carried: its words for what becomes of a pot, if any; joined after ``words``.
        :param details: the score's details, as for :class:`DealScore`.

        >>> s = DealScore.thrown_in("thrown in", 20, "20 still hang")
        >>> dict(s.points), s.made, s.pot, str(s.explanation)
        ({'NS': 0, 'EW': 0}, None, 20, 'thrown in; 20 still hang')
        """
        return cls({}, None, pot, join([words, carried]), details=details)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> DealScore:
        """Rebuild a score from :meth:`to_json` (the explanation as its message when the JSON
        has one, so it renders in any language).

        >>> s = DealScore({"NS": 162, "EW": 0}, True, explanation="made")
        >>> DealScore.from_json(s.to_json()) == s
        True

        :raises ValueError: for JSON that is not a stored score.
        """
        if not isinstance(data, Mapping) or not isinstance(data.get("points"), Mapping):
            raise ValueError("a stored score is an object with 'points'")
        explanation: str = str(data.get("explanation", ""))
        message = data.get("explanation_message")
        if message is not None:
            explanation = Message.from_json(message)
        made = data.get("made")
        return cls(
            points=data["points"],
            made=None if made is None else bool(made),
            pot=int(data.get("pot", 0)),
            explanation=explanation,
            wins_match=data.get("wins_match"),
            can_end_match=bool(data.get("can_end_match", True)),
            details=data.get("details") or {},
        )


text_field(DealScore, "explanation")
# What a score reads for a field its __init__ left at its default (not written: see there).
# (Set here, not as the fields' defaults, which would have to follow every field without one.)
for _field, _default in (("pot", 0), ("wins_match", None), ("can_end_match", True)):
    setattr(DealScore, _field, _default)
