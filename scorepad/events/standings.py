"""The standings of a team event: match points, then total points, then points difference.

A table's result is its two teams' totals (the match's final score, or the sum of its fixed
number of deals): the higher total wins, equal totals draw. A win, a draw and a loss are worth
:class:`MatchPoints` (2, 1 and 0 unless the event says otherwise). A bye is scored as the event
chooses (:class:`ByeRule`): a win with the round's average points (the mean of every seated
team's total that round, rounded to the nearest whole point, halves up; against it the same, so
a bye moves no difference), a win with a fixed score, or nothing at all (not even a round
played). Teams are ranked by :data:`TIE_BREAKS` in order, best first; teams equal on all of them
share a rank (1, 2, 2, 4) and are listed by their number in the event.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from scorepad.events import EventError
from scorepad.events.pairing import Round
from scorepad.i18n import DOMAIN

_ = DOMAIN.message

__all__ = [
    "TIE_BREAKS",
    "ByeRule",
    "MatchPoints",
    "RoundResult",
    "Standing",
    "nearest",
    "standings",
]

#: what ranks the teams, in order: the page shows this order
TIE_BREAKS = ("match_points", "points", "difference")


def nearest(value: Fraction) -> int:
    """``value`` rounded to the nearest whole number, halves away from zero (exact: no float).

    >>> nearest(Fraction(5, 2)), nearest(Fraction(-5, 2)), nearest(Fraction(7, 3))
    (3, -3, 2)
    """
    whole = (abs(value.numerator) * 2 + value.denominator) // (2 * value.denominator)
    return whole if value >= 0 else -whole


@dataclass(frozen=True)
class MatchPoints:
    """What a win, a draw and a loss are worth in the standings."""

    win: int = 2
    draw: int = 1
    loss: int = 0


@dataclass(frozen=True)
class ByeRule:
    """How a bye scores: ``"average"`` (a win with the round's average points), ``"fixed"``
    (a win with ``points`` for and ``against`` against) or ``"none"`` (nothing)."""

    kind: Literal["average", "fixed", "none"] = "average"
    points: int = 0
    against: int = 0

    def __post_init__(self) -> None:
        if self.kind not in ("average", "fixed", "none"):
            raise EventError(
                "bye", _("{value} is not average, fixed or none", value=repr(self.kind))
            )


@dataclass(frozen=True)
class RoundResult:
    """A played round and its tables' totals, in the order of its tables: ``(first side's
    total, second side's total)``."""

    round: Round
    totals: tuple[tuple[int, int], ...]

    def __post_init__(self) -> None:
        if len(self.totals) != len(self.round.tables):
            raise EventError(
                "totals",
                _(
                    "one result per table: {tables} expected, {given} given",
                    given=len(self.totals),
                    tables=len(self.round.tables),
                ),
            )

    def average(self) -> int:
        """The mean of every seated team's total this round, rounded (0 with no table)."""
        scores = [s for pair in self.totals for s in pair]
        return nearest(Fraction(sum(scores), len(scores))) if scores else 0


@dataclass(frozen=True)
class Standing:
    """One team's line in the standings."""

    rank: int
    team: int
    played: int = 0
    won: int = 0
    drawn: int = 0
    lost: int = 0
    match_points: int = 0
    points: int = 0
    against: int = 0
    byes: int = 0

    @property
    def difference(self) -> int:
        return self.points - self.against

    def key(self) -> tuple[int, ...]:
        """The ranking key, best first when sorted ascending."""
        return tuple(-getattr(self, name) for name in TIE_BREAKS)


class _Line:
    def __init__(self) -> None:
        self.counts = {"played": 0, "won": 0, "drawn": 0, "lost": 0, "byes": 0}
        self.match_points = self.points = self.against = 0

    def add(self, outcome: str, worth: int, points: int, against: int) -> None:
        self.counts["played"] += 1
        self.counts[outcome] += 1
        self.match_points += worth
        self.points += points
        self.against += against


def standings(
    teams: int,
    results: Sequence[RoundResult],
    match_points: MatchPoints = MatchPoints(),
    bye: ByeRule = ByeRule(),
) -> tuple[Standing, ...]:
    """Every team's line, best first.

    :param teams: how many teams the event has (withdrawn ones keep their line).
    :param results: the rounds played, each with its tables' totals.
    """
    lines = [_Line() for _ in range(teams)]
    for result in results:
        for table, (first, second) in zip(result.round.tables, result.totals, strict=True):
            for team, mine, theirs in ((table.first, first, second), (table.second, second, first)):
                if mine > theirs:
                    lines[team].add("won", match_points.win, mine, theirs)
                elif mine == theirs:
                    lines[team].add("drawn", match_points.draw, mine, theirs)
                else:
                    lines[team].add("lost", match_points.loss, mine, theirs)
        for team in result.round.byes:
            lines[team].counts["byes"] += 1
            if bye.kind == "average":
                average = result.average()
                lines[team].add("won", match_points.win, average, average)
            elif bye.kind == "fixed":
                lines[team].add("won", match_points.win, bye.points, bye.against)
    unranked = [
        Standing(
            0,
            team,
            line.counts["played"],
            line.counts["won"],
            line.counts["drawn"],
            line.counts["lost"],
            line.match_points,
            line.points,
            line.against,
            line.counts["byes"],
        )
        for team, line in enumerate(lines)
    ]
    unranked.sort(key=lambda s: (s.key(), s.team))
    ranked: list[Standing] = []
    for place, line in enumerate(unranked, 1):
        tied = ranked and ranked[-1].key() == line.key()
        ranked.append(replace(line, rank=ranked[-1].rank if tied else place))
    return tuple(ranked)
