"""The standings of a team event: match points, then total points, then points difference; or,
when the event ranks by boards, the sum of the board differences first.

A table's result is its two teams' totals (the match's final score, or the sum of its fixed
number of deals): the higher total wins, equal totals draw. A win, a draw and a loss are worth
:class:`MatchPoints` (2, 1 and 0 unless the event says otherwise). A bye is scored as the event
chooses (:class:`ByeRule`): a win with the round's average points (the mean of every seated
team's total that round, rounded to the nearest whole point, halves up; against it the same, so
a bye moves no difference), a win with a fixed score, or nothing at all (not even a round
played). Teams are ranked by :data:`TIE_BREAKS` in order, best first; teams equal on all of them
share a rank (1, 2, 2, 4) and are listed by their number in the event.

An event on boards may rank by them instead (:data:`RANKINGS`, :func:`tie_breaks`): each team's
exact sum of its board differences (:func:`scorepad.events.boards.board_ranking`'s total) goes
first, then the same three; the sums are exact fractions, so two teams whose sums show the same
whole number may still rank apart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal, get_args

from scorepad.events import EventError
from scorepad.events.pairing import Round
from scorepad.i18n import DOMAIN

_ = DOMAIN.message

__all__ = [
    "BYES",
    "RANKINGS",
    "TIE_BREAKS",
    "ByeKind",
    "ByeRule",
    "MatchPoints",
    "RoundResult",
    "Standing",
    "nearest",
    "standings",
    "tie_breaks",
]

#: what ranks the teams, in order: the page shows this order
TIE_BREAKS = ("match_points", "points", "difference")
#: what an event may rank its teams by first: match points (:data:`TIE_BREAKS`), or the sum of
#: the board differences (an event on boards), then the same
RANKINGS = ("match_points", "boards")
#: how a bye scores (:class:`ByeRule`)
ByeKind = Literal["average", "fixed", "none"]
BYES: tuple[ByeKind, ...] = get_args(ByeKind)


def tie_breaks(ranking: str) -> tuple[str, ...]:
    """What ranks the teams under ``ranking`` (one of :data:`RANKINGS`), in order.

    >>> tie_breaks("boards")
    ('boards', 'match_points', 'points', 'difference')
    """
    return ("boards", *TIE_BREAKS) if ranking == "boards" else TIE_BREAKS


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

    kind: ByeKind = "average"
    points: int = 0
    against: int = 0

    def __post_init__(self) -> None:
        if self.kind not in BYES:
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
    #: the exact sum of its board differences (0 unless the event ranks by boards)
    boards: Fraction = Fraction(0)

    @property
    def difference(self) -> int:
        return self.points - self.against

    @property
    def boards_shown(self) -> int:
        """The sum of its board differences as the pages show it, a whole number."""
        return nearest(self.boards)

    def key(self, order: Sequence[str] = TIE_BREAKS) -> tuple[Fraction, ...]:
        """The ranking key by the tie-breaks ``order``, best first when sorted ascending."""
        return tuple(-Fraction(getattr(self, name)) for name in order)


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
    boards: Sequence[Fraction] | None = None,
) -> tuple[Standing, ...]:
    """Every team's line, best first.

    :param teams: how many teams the event has (withdrawn ones keep their line).
    :param results: the rounds played, each with its tables' totals.
    :param boards: ranking by boards: each team's sum of its board differences, in team order
        (ranked first, :func:`tie_breaks`); None: by match points.
    """
    if boards is not None and len(boards) != teams:
        raise ValueError(f"{len(boards)} board sums for {teams} teams")
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
            Fraction(0) if boards is None else boards[team],
        )
        for team, line in enumerate(lines)
    ]
    order = tie_breaks("match_points" if boards is None else "boards")
    unranked.sort(key=lambda s: (s.key(order), s.team))
    ranked: list[Standing] = []
    for place, line in enumerate(unranked, 1):
        tied = ranked and ranked[-1].key(order) == line.key(order)
        ranked.append(replace(line, rank=ranked[-1].rank if tied else place))
    return tuple(ranked)
