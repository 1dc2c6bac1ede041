"""The Préférence score sheet (``docs/variants/preference.md`` §10, §11, §13): what one deal
writes, as score columns; the pools closed and the help past a full pool; the settlement.

Each player has a pool (*пуля*), a mountain (*гора*) and the whists he writes on each other
player (*висты*). The score columns are ``X.pool``, ``X.mountain`` and ``X.whists.Y`` for each
seat ``X`` and each other seat ``Y``, grouped by ``X``: 12 columns for three players, 20 for four.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from framework.api import Rules
from variants.preference.declaration import SEATS_3, SEATS_4

T = TypeVar("T")


def table_seats(players: int) -> tuple[str, ...]:
    """The seats of a match of ``players`` players, in playing order."""
    return SEATS_4 if players == 4 else SEATS_3


def from_after(seats: Sequence[T], seat: T) -> tuple[T, ...]:
    """``seats`` in playing order from the one after ``seat``, ``seat`` last.

    >>> from_after(("N", "E", "S", "W"), "S")
    ('W', 'N', 'E', 'S')
    """
    i = seats.index(seat)
    return (*seats[i + 1 :], *seats[: i + 1])


def pool_key(seat: str) -> str:
    return f"{seat}.pool"


def mountain_key(seat: str) -> str:
    return f"{seat}.mountain"


def whists_key(writer: str, on: str) -> str:
    """The column of the whists ``writer`` writes on ``on``."""
    return f"{writer}.whists.{on}"


def column_keys(seats: Sequence[str]) -> list[tuple[str, str]]:
    """Every score column as (key, group), grouped by player: pool, mountain, then the whists
    on each other player in playing order."""
    out = []
    for seat in seats:
        out.append((pool_key(seat), seat))
        out.append((mountain_key(seat), seat))
        out.extend((whists_key(seat, other), seat) for other in seats if other != seat)
    return out


@dataclass
class Written:
    """What one deal writes on the sheet: points in pools and mountains, whists by writer and
    by the player written on. Amounts are never zero (a zero is left out)."""

    pool: dict[str, int] = field(default_factory=dict)
    mountain: dict[str, int] = field(default_factory=dict)
    whists: dict[str, dict[str, int]] = field(default_factory=dict)

    def add_pool(self, seat: str, amount: int) -> None:
        if amount:
            self.pool[seat] = self.pool.get(seat, 0) + amount

    def add_mountain(self, seat: str, amount: int) -> None:
        if amount:
            self.mountain[seat] = self.mountain.get(seat, 0) + amount

    def add_whists(self, writer: str, on: str, amount: int) -> None:
        if amount:
            row = self.whists.setdefault(writer, {})
            row[on] = row.get(on, 0) + amount

    def to_json(self) -> dict[str, Any]:
        """The spec's form (§13): ``{"pool": {"N": 2}, "mountain": {}, "whists": {"E": {"N":
        6}}}``."""
        return {
            "pool": dict(self.pool),
            "mountain": dict(self.mountain),
            "whists": {w: dict(row) for w, row in self.whists.items()},
        }

    def columns(self) -> dict[str, int]:
        """The amounts keyed by score column."""
        out = {pool_key(s): v for s, v in self.pool.items()}
        out.update({mountain_key(s): v for s, v in self.mountain.items()})
        for writer, row in self.whists.items():
            out.update({whists_key(writer, on): v for on, v in row.items()})
        return out


def pools_of(totals: Mapping[str, int], seats: Iterable[str]) -> dict[str, int]:
    """Each player's pool in the sheet's totals."""
    return {s: int(totals.get(pool_key(s), 0)) for s in seats}


def write_pool(
    rules: Rules,
    written: Written,
    seat: str,
    amount: int,
    pools: dict[str, int],
    order: Sequence[str],
) -> list[tuple[str, int]]:
    """Write ``amount`` into ``seat``'s pool, with help past a full pool (§10): the player writes
    into his own pool up to ``pool_size``, the rest into other open pools (``help_to``: the next
    in playing order after his seat, or the fullest, the earlier in ``order`` on a tie), each up
    to its size, and ``pool_point_whists`` whists on the owner for each point; what no open pool
    takes stays in his own pool. ``pools`` (the pools so far) is updated.

    :param order: the table's seats from the first hand.
    :return: the help written, as (owner, points) in order.
    """
    size = rules.pool_size
    own = max(0, min(amount, size - pools[seat]))
    rest = amount - own
    written.add_pool(seat, own)
    pools[seat] += own
    helped: list[tuple[str, int]] = []
    seats = list(pools)
    while rest > 0:
        open_pools = [s for s in seats if s != seat and pools[s] < size]
        if not open_pools:
            break
        if rules.help_to == "fullest":
            target = max(open_pools, key=lambda s: (pools[s], -order.index(s)))
        else:
            target = next(s for s in from_after(seats, seat) if s in open_pools)
        given = min(rest, size - pools[target])
        written.add_pool(target, given)
        written.add_whists(seat, target, given * rules.pool_point_whists)
        pools[target] += given
        rest -= given
        helped.append((target, given))
    if rest:
        written.add_pool(seat, rest)
        pools[seat] += rest
    return helped


def pools_closed(rules: Rules, totals: Mapping[str, int], seats: Iterable[str]) -> bool:
    """Whether every pool has reached ``pool_size`` (the match is over, §10)."""
    return all(p >= rules.pool_size for p in pools_of(totals, seats).values())


def _round_half_away(numerator: int, denominator: int) -> int:
    """``numerator / denominator`` to the nearest integer, an exact half away from zero."""
    sign = -1 if numerator < 0 else 1
    return sign * ((2 * abs(numerator) + denominator) // (2 * denominator))


def settle(rules: Rules, totals: Mapping[str, int], seats: Sequence[str]) -> dict[str, int]:
    """The settlement (§11): each player's result in whists, integers that sum to zero.

    ``a = pool_point_whists x pool - 10 x mountain``; the transfer to ``i`` from ``j`` is
    ``round((a_i - a_j) / n) + whists(i on j) - whists(j on i)``, an exact half rounded away
    from zero; a player's result is the sum of his transfers.
    """
    n = len(seats)
    a = {
        s: rules.pool_point_whists * int(totals.get(pool_key(s), 0))
        - 10 * int(totals.get(mountain_key(s), 0))
        for s in seats
    }
    result = dict.fromkeys(seats, 0)
    for x, i in enumerate(seats):
        for j in seats[x + 1 :]:
            t = (
                _round_half_away(a[i] - a[j], n)
                + int(totals.get(whists_key(i, j), 0))
                - int(totals.get(whists_key(j, i), 0))
            )
            result[i] += t
            result[j] -= t
    return result
