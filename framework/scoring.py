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
from typing import Any

from framework.messages import Message, with_messages

__all__ = ["DealScore", "MatchContext"]


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


class _Explanation:
    """The :attr:`DealScore.explanation` field: text, or a function of no arguments that makes
    it, called once, when the explanation is first read (then kept).

    A simulation scores thousands of deals whose words nobody reads; a variant that gives a
    function makes them only for the deals that are shown. Every reader (the attribute,
    :meth:`DealScore.to_json`, equality, ``repr``, ``dataclasses.replace``) sees the text.
    """

    def __get__(self, score: DealScore | None, owner: type | None = None) -> str:
        if score is None:  # the class attribute: the field's default
            return ""
        text = score.__dict__["_explanation"]
        if callable(text):
            text = score.__dict__["_explanation"] = text()
        return text  # type: ignore[no-any-return]

    def __set__(self, score: DealScore, text: str | Callable[[], str]) -> None:
        score.__dict__["_explanation"] = text


@dataclass(frozen=True)
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

    points: Mapping[str, int]
    made: bool | None
    pot: int = 0
    explanation: _Explanation = _Explanation()
    wins_match: str | None = None
    can_end_match: bool = True
    details: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        points = self.points
        object.__setattr__(self, "points", MappingProxyType(  # TEAMS, unrolled: once a deal
            {"NS": int(points.get("NS", 0)), "EW": int(points.get("EW", 0))}))
        object.__setattr__(self, "details", MappingProxyType(dict(self.details)))

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"made": self.made, "points": dict(self.points), "pot": self.pot,
                               "explanation": self.explanation}
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
        return cls(points=data["points"], made=None if made is None else bool(made),
                   pot=int(data.get("pot", 0)), explanation=explanation,
                   wins_match=data.get("wins_match"),
                   can_end_match=bool(data.get("can_end_match", True)),
                   details=data.get("details") or {})
