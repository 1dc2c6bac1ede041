"""The score of one deal, and the match context a deal is scored in.

A variant's ``atout_score_deal`` hook turns a deal record into a :class:`DealScore`: what goes on
the score sheet for each team, whether the contract was made, the points carried to the next deal
(a litige pot, Bulgarian hanging points) and one line that explains it. The simulator, the CLI
and the scorepad all score through that hook, so a played deal and a written one score the same.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, TypeVar

from framework.messages import Message, with_messages

__all__ = ["DealScore", "MatchContext"]

_F = TypeVar("_F")


def made_frozen(cls: type[_F], fields: dict[str, Any]) -> _F:
    """An instance of the frozen dataclass ``cls`` whose ``__dict__`` is ``fields``: every
    field, each already in its final form, in a dict the caller has just made and gives up.

    For the objects the kernel makes on every deal from values it has just made itself (a
    played deal's summary, a match's state and context): the generated ``__init__`` makes one
    ``object.__setattr__`` call per field, and a ``__post_init__`` copies the mappings again.
    (A dict literal, not keyword arguments: a call's keywords are gathered into a dict one by
    one, about 9,000 instructions for a played deal's twelve fields against 4,000.)
    """
    new = object.__new__(cls)
    _set_attribute(new, "__dict__", fields)
    return new


_set_attribute = object.__setattr__  # (a frozen dataclass's own __setattr__ refuses)


@dataclass(frozen=True)
class MatchContext:
    """Where a deal stands in its match when it is scored.

    :param totals: the score sheet's totals before this deal, ``{"NS": int, "EW": int}``.
    :param pot: points carried into this deal (litige pot, hanging points), 0 if none.
    :param number: this deal's number in the match, from 1.
    :param dealer: the seat that dealt it.
    """

    totals: Mapping[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    pot: int = 0
    number: int = 1
    dealer: int = 3

    def __post_init__(self) -> None:
        object.__setattr__(self, "totals", MappingProxyType(dict(self.totals)))


class Lazy:
    """A field of a frozen dataclass given as its value or as a function of no arguments that
    makes it, called once, when the field is first read (then kept): a score's explanation
    (:attr:`DealScore.explanation`), a match outcome's reason, a played deal's counted
    declarations.

    A simulation scores thousands of deals and ends thousands of matches whose words nobody
    reads, and most variants' records never read the counted declarations; a caller that gives
    a function makes them only when they are read. Every reader (the attribute, ``to_json``,
    equality, ``repr``, ``dataclasses.replace``) sees the value.
    """

    def __init__(self, name: str) -> None:
        self._key = "_" + name  # where the instance keeps the value (or its function)

    @classmethod
    def attach(cls, owner: type, name: str) -> None:
        """Make field ``name`` of the dataclass ``owner`` such a field (its value kept in the
        instance's ``__dict__`` under ``"_" + name``). The value must not itself be callable.

        ``owner``'s instances pickle and copy with every such field's value made first (a
        function, often a closure, does not pickle).
        """
        setattr(owner, name, cls(name))
        setattr(owner, "__getstate__", _made_state)  # noqa: B010 (object types it otherwise)

    def __get__(self, obj: object | None, owner: type | None = None) -> Any:
        if obj is None:  # read on the class: the descriptor itself
            return self
        value = obj.__dict__[self._key]
        if callable(value):
            value = obj.__dict__[self._key] = value()
        return value

    def __set__(self, obj: object, value: Any) -> None:
        obj.__dict__[self._key] = value


def _made_state(obj: object) -> dict[str, Any]:
    """The state ``pickle`` and ``copy`` take of an instance with :class:`Lazy` fields: its
    ``__dict__``, each lazy field's value made."""
    for name, value in vars(type(obj)).items():
        if isinstance(value, Lazy):
            getattr(obj, name)
    return obj.__dict__


#: A score's details when it gives none (read-only: shared by every such score).
_NO_DETAILS: Mapping[str, Any] = MappingProxyType({})


@dataclass(frozen=True, init=False)
class DealScore:
    """The score sheet's line for one deal.

    :param points: what each team writes down, ``{"NS": int, "EW": int}``, after rounding,
        multipliers and pots.
    :param made: whether the takers made their contract; None for a deal with no contract
        (thrown in, or a hand played without a bid).
    :param pot: the points carried out of this deal into the next one (0 when none hang).
    :param explanation: one line for a person: made or failed and why, multipliers, rounding;
        or a function of no arguments that makes it, called when the explanation is first read
        (a simulation never reads it, so its words cost nothing there). Read, it is always the
        text.
    :param wins_match: a team that wins the match outright with this deal (Bela's belot).
    :param can_end_match: False when this deal may not end the match (Bulgarian valat).
    :param details: the intermediate numbers (raw totals, announcements, multiplier), JSON-ready.
    """

    # The fields, in the order of the constructor's parameters; their defaults are the
    # constructor's (written by hand below: the kernel makes a score on every deal).
    points: Mapping[str, int]
    made: bool | None
    pot: int
    explanation: str  # (a Lazy: see below the class)
    wins_match: str | None
    can_end_match: bool
    details: Mapping[str, Any]

    def __init__(
        self,
        points: Mapping[str, int],
        made: bool | None,
        pot: int = 0,
        explanation: str | Callable[[], str] = "",
        wins_match: str | None = None,
        can_end_match: bool = True,
        details: Mapping[str, Any] = _NO_DETAILS,
    ) -> None:
        # One update of the instance's __dict__, not the generated frozen __init__'s
        # object.__setattr__ per field and a __post_init__ setting two fields again: both
        # teams' points as ints and the mappings as read-only copies all the same.
        self.__dict__.update(
            points=MappingProxyType(
                {
                    "NS": int(points.get("NS", 0)),  # TEAMS, unrolled
                    "EW": int(points.get("EW", 0)),
                }
            ),
            made=made,
            pot=pot,
            _explanation=explanation,  # (Lazy reads it there)
            wins_match=wins_match,
            can_end_match=can_end_match,
            details=MappingProxyType(dict(details)),
        )

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


Lazy.attach(DealScore, "explanation")
