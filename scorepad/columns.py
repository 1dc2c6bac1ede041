"""The score sheet's columns and seats as a game shows them, for any shape of table.

A variant declares its seats (``VariantInfo.seats``, in playing order) and its score columns
(``VariantInfo.score_columns``: key, label, group); the scorepad draws one column per score
column and never names a variant. A column is shown by its words: a **team column** (a key of
the two-team view ``VariantInfo.teams`` of four-seat games, ``NS`` and ``EW``) by the name the
table gave that team, a column keyed by a seat's name by that player's name, any other by the
variant's label. A **group** is a seat's name (a score
per player: pool, mountain and whists): it is shown by that player's name, else the seat's,
and the consecutive columns of one group share one header.

>>> cols = (Column("N.pool", "pool", "N"), Column("N.mountain", "mountain", "N"))
>>> [(g.key, g.name, [c.key for c in g.columns]) for g in groups(cols, {"N": "Anne"})]
[('N', 'Anne', ['N.pool', 'N.mountain'])]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from framework.core.messages import Seat, message_of
from framework.core.seats import table_sides

__all__ = [
    "Column",
    "Group",
    "columns_of",
    "groups",
    "plays_as_two_teams",
    "team_keys",
    "team_seats",
]


@dataclass(frozen=True)
class Column:
    """A score column as the sheet shows it.

    :param key: the code of its points and totals (``NS``, ``N.pool``).
    :param label: its words: the team's name for a team column, else the variant's label (a
        message rendered in the reader's language).
    :param group: the seat whose group it is in, or ``""``.
    """

    key: str
    label: str
    group: str = ""

    @property
    def names_its_group(self) -> bool:
        """Whether the label names its group's player itself (a seat parameter, "{seat} pool"):
        the column is then said by its label alone, not after the player's name as well ("Anne
        pool", not "Anne Anne pool").

        >>> from framework.core.messages import Message
        >>> Column("N.pool", Message("{seat} pool", {"seat": Seat(0)}), "N").names_its_group
        True
        >>> Column("N.pool", "pool", "N").names_its_group
        False
        """
        label = message_of(self.label)
        params = label.params.values() if label is not None else ()
        return bool(self.group) and any(
            isinstance(p, Seat) and str(p) == self.group for p in params
        )


@dataclass(frozen=True)
class Group:
    """Consecutive columns of one group (``key`` ``""``: columns in no group), with the name
    its header shows (the player's name, else the seat's; ``""`` for no group)."""

    key: str
    name: str
    columns: tuple[Column, ...]


def team_keys(info: Any) -> tuple[str, ...]:
    """The variant's team columns: the keys of its two-team view that are score columns
    (``("NS", "EW")`` for the four-seat games; none when it scores per player)."""
    keys = {c.key for c in info.score_columns}
    return tuple(team for team in info.teams if team in keys)


def plays_as_two_teams(info: Any) -> bool:
    """Whether the variant is a game of two teams of two: its score columns are exactly its two
    teams and it has four seats (an event's tables, its pairings and its board slips are such
    games)."""
    keys = tuple(c.key for c in info.score_columns)
    return len(info.teams) == 2 and keys == tuple(info.teams) and len(info.seats) == 4


def team_seats(info: Any) -> tuple[tuple[str, ...], ...]:
    """Each team's seats (in the order of ``info.teams``), by the table's sides
    (:func:`framework.core.seats.table_sides`): ``(("N", "S"), ("E", "W"))`` at four seats.

    >>> from types import SimpleNamespace
    >>> team_seats(SimpleNamespace(teams=("NS", "EW"), seats=("N", "E", "S", "W")))
    (('N', 'S'), ('E', 'W'))
    """
    sides = table_sides(len(info.seats))
    return tuple(
        tuple(seat for seat, side in zip(info.seats, sides, strict=True) if side == team)
        for team in range(len(info.teams))
    )


def columns_of(
    info: Any, teams: Mapping[str, str], players: Mapping[str, str] | None = None
) -> tuple[Column, ...]:
    """The variant's score columns in its order: a team column named as the table named the
    team, a player's own column (its key a seat's name) by the player's name, any other by the
    variant's label."""
    named = players or {}
    return tuple(
        Column(c.key, teams.get(c.key) or named.get(c.key) or c.label, c.group or "")
        for c in info.score_columns
    )


def groups(columns: Sequence[Column], players: Mapping[str, str]) -> tuple[Group, ...]:
    """The columns cut into runs of one group, each named by its player (else its seat)."""
    out: list[Group] = []
    for column in columns:
        if out and out[-1].key == column.group:
            last = out[-1]
            out[-1] = Group(last.key, last.name, (*last.columns, column))
        else:
            name = players.get(column.group) or column.group
            out.append(Group(column.group, name, (column,)))
    return tuple(out)
