"""Boards (duplicate): every table plays the same hands, and a board's result is compared only
with the tables that held the same side of it.

For a board and a side, a table's difference is that side's score there minus the mean of the
same side's scores at every other table that played the board (a board held by one table has
no difference). Differences are exact fractions (:class:`fractions.Fraction`: a mean of three
scores is often a third); they are added exactly, and only the figure shown is rounded to a
whole point (:func:`scorepad.events.standings.nearest`: halves away from zero). A thrown-in
board counts with the scores its record gives (no one scored: 0 and 0). Ranking by the sum of
differences is an option of the event: :func:`board_ranking`, best first, equal sums sharing
a rank.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from scorepad.events import EventError
from scorepad.events.standings import nearest
from scorepad.i18n import DOMAIN

_ = DOMAIN.message

__all__ = ["BoardLine", "BoardScore", "Comparison", "board_ranking", "board_totals", "compare"]


@dataclass(frozen=True)
class BoardScore:
    """A board's result at one table: the teams by side and each side's score."""

    board: int
    table: int
    first: int
    second: int
    first_score: int
    second_score: int


@dataclass(frozen=True)
class Comparison:
    """One side of one board at one table, against the same side at the other tables."""

    board: int
    table: int
    side: int  # 0: the first side, 1: the second
    team: int
    score: int
    others: Fraction | None  # the mean of the other tables' scores on this side
    difference: Fraction | None

    @property
    def shown(self) -> int | None:
        """The difference as the page shows it, a whole number."""
        return None if self.difference is None else nearest(self.difference)


def compare(scores: Sequence[BoardScore]) -> tuple[Comparison, ...]:
    """Each board's comparison, by board, then table, then side.

    :raises EventError: naming ``boards`` when a table has two results for one board.

    >>> made = compare([BoardScore(1, 1, 0, 1, 100, 62), BoardScore(1, 2, 2, 3, 80, 82),
    ...                 BoardScore(1, 3, 4, 5, 0, 162)])
    >>> [(c.table, c.side, str(c.difference)) for c in made]
    [(1, 0, '60'), (1, 1, '-60'), (2, 0, '30'), (2, 1, '-30'), (3, 0, '-90'), (3, 1, '90')]
    """
    by_board: dict[int, dict[int, BoardScore]] = {}
    for score in scores:
        tables = by_board.setdefault(score.board, {})
        if score.table in tables:
            raise EventError(
                "boards",
                _(
                    "table {table} has two results for board {board}",
                    table=score.table,
                    board=score.board,
                ),
            )
        tables[score.table] = score
    made: list[Comparison] = []
    for board in sorted(by_board):
        tables = by_board[board]
        marks = [
            {t: (s.first_score, s.second_score)[side] for t, s in tables.items()} for side in (0, 1)
        ]
        for table in sorted(tables):
            held = tables[table]
            for side, mark in enumerate(marks):
                others = (
                    Fraction(sum(mark.values()) - mark[table], len(mark) - 1)
                    if len(mark) > 1
                    else None
                )
                made.append(
                    Comparison(
                        board,
                        table,
                        side,
                        (held.first, held.second)[side],
                        mark[table],
                        others,
                        None if others is None else mark[table] - others,
                    )
                )
    return tuple(made)


@dataclass(frozen=True)
class BoardLine:
    """A team's line in the ranking by boards: the exact sum of its differences."""

    rank: int
    team: int
    boards: int
    total: Fraction

    @property
    def shown(self) -> int:
        return nearest(self.total)


def board_totals(teams: int, comparisons: Sequence[Comparison]) -> tuple[list[Fraction], list[int]]:
    """Each team's exact sum of its boards' differences and how many boards made it, in team
    order (boards without a comparison add nothing): what the standings rank by first when
    the event ranks by boards."""
    totals = [Fraction(0)] * teams
    boards = [0] * teams
    for c in comparisons:
        if c.difference is not None:
            totals[c.team] += c.difference
            boards[c.team] += 1
    return totals, boards


def board_ranking(teams: int, comparisons: Sequence[Comparison]) -> tuple[BoardLine, ...]:
    """Every team ranked by the sum of its boards' differences, best first (boards without a
    comparison add nothing)."""
    totals, boards = board_totals(teams, comparisons)
    order = sorted(range(teams), key=lambda t: (-totals[t], t))
    lines: list[BoardLine] = []
    for place, team in enumerate(order, 1):
        tied = lines and lines[-1].total == totals[team]
        lines.append(BoardLine(lines[-1].rank if tied else place, team, boards[team], totals[team]))
    return tuple(lines)
