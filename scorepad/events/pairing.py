"""The pairings of a team event: who meets whom each round, and on which side of the table.

Teams are numbered 0..n-1 (their order in the event). A round is a set of tables, each holding
two teams, the first sitting on the variant's first side (NS), and at most one team with the bye
(more than one only in a round-robin whose teams withdrew, see :func:`without`). Three systems:

- **Swiss** (:func:`swiss_round`): teams in standings order; the best unpaired team meets the
  next one it has not met (so within its score group first; a team that cannot be paired there
  floats down to the next group: the Monrad pairing used by card and bridge clubs).
- **Round-robin** (:func:`round_robin`): every pair once; n - 1 rounds for an even n (the
  circle method), n rounds with one bye each for an odd n (the polygon method).
- **Random without repeats** (:func:`random_round`): a seeded shuffle paired the same way.

What every round of the Swiss and random systems keeps, in this order of priority:

1. an odd count of active teams gives one bye, to a team among those with the fewest byes
   (never twice to one team while another has none), the lowest ranked first;
2. no two teams meet twice, while a pairing without a repeat exists;
3. each team's sides stay balanced within one (as many rounds on the first side as on the
   second, give or take one), while a pairing that keeps it exists; then the order above.

Sides: in a pair, the team that has sat more often on the first side sits second; at equal
counts, the one that sat first last time sits second (the sides alternate), else the better
ranked sits first. A round-robin keeps every team within one: for an even n its sides are
chosen over each two rounds (the two rounds' tables form even cycles, coloured in two: one
colour sits first, then second); for an odd n every team alternates strictly, its bye aside.

The search is exact (depth-first with memory of the sets of teams found unpairable) within a
budget of :data:`SEARCH_BUDGET` steps per attempt; past it the next, looser attempt is made.
"""

from __future__ import annotations

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from scorepad.events import EventError
from scorepad.i18n import DOMAIN

_ = DOMAIN.message
_n = DOMAIN.plural

__all__ = [
    "PAIRINGS",
    "SEARCH_BUDGET",
    "Round",
    "Table",
    "check_rounds",
    "most_rounds",
    "random_round",
    "round_robin",
    "swiss_round",
    "without",
]

#: how an event may pair its teams, round by round
PAIRINGS = ("swiss", "round-robin", "random")
#: the most search steps one attempt at a round's pairing takes before a looser attempt
SEARCH_BUDGET = 20_000


@dataclass(frozen=True)
class Table:
    """Two teams at a table: ``first`` on the variant's first side (NS), ``second`` on the
    other."""

    first: int
    second: int

    @property
    def teams(self) -> frozenset[int]:
        return frozenset((self.first, self.second))


@dataclass(frozen=True)
class Round:
    """A round's tables, in table order (table 1 first), and the teams with a bye."""

    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()

    @property
    def playing(self) -> frozenset[int]:
        """The teams seated at a table this round."""
        return frozenset(t for table in self.tables for t in (table.first, table.second))


def most_rounds(teams: int) -> int:
    """The most rounds an event of ``teams`` teams can play without a repeat: n - 1 for an
    even n, n for an odd n (one bye each).

    >>> most_rounds(8), most_rounds(7)
    (7, 7)
    """
    return teams - 1 if teams % 2 == 0 else teams


def check_rounds(system: str, teams: int, rounds: int) -> None:
    """Refuse a format that cannot be played.

    :param system: one of :data:`PAIRINGS`.
    :raises EventError: naming ``teams``, ``rounds`` or ``pairing``.

    >>> check_rounds("round-robin", 6, 4)
    Traceback (most recent call last):
    ...
    scorepad.events.EventError: a round-robin of 6 teams has 5 rounds, not 4
    """
    if system not in PAIRINGS:
        raise EventError(
            "pairing", _("{value} is not swiss, round-robin or random", value=repr(system))
        )
    if teams < 2:
        raise EventError("teams", _("an event needs at least 2 teams, not {n}", n=teams))
    most = most_rounds(teams)
    if system == "round-robin" and rounds != most:
        raise EventError(
            "rounds",
            _n(
                "a round-robin of {n} team has {most} rounds, not {rounds}",
                "a round-robin of {n} teams has {most} rounds, not {rounds}",
                n=teams,
                most=most,
                rounds=rounds,
            ),
        )
    if not 1 <= rounds <= most:
        raise EventError(
            "rounds",
            _n(
                "{n} team can play 1 to {most} rounds without meeting twice, not {rounds}",
                "{n} teams can play 1 to {most} rounds without meeting twice, not {rounds}",
                n=teams,
                most=most,
                rounds=rounds,
            ),
        )


# ---- history -------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Past:
    """What earlier rounds say about each team: who it met, its side balance (+1 per round on
    the first side, -1 on the second), its last side and its byes."""

    met: frozenset[frozenset[int]]
    balance: dict[int, int]
    last: dict[int, int]
    byes: dict[int, int]

    @classmethod
    def of(cls, history: Sequence[Round]) -> _Past:
        met: set[frozenset[int]] = set()
        balance: dict[int, int] = {}
        last: dict[int, int] = {}
        byes: dict[int, int] = {}
        for past in history:
            for table in past.tables:
                met.add(table.teams)
                for team, side in ((table.first, 1), (table.second, -1)):
                    balance[team] = balance.get(team, 0) + side
                    last[team] = side
            for team in past.byes:
                byes[team] = byes.get(team, 0) + 1
        return cls(frozenset(met), balance, last, byes)

    def seated(self, a: int, b: int) -> Table:
        """``a`` and ``b`` at a table, the sides chosen as the module says (``a`` ranked
        better)."""
        key_a = (self.balance.get(a, 0), self.last.get(a, 0))
        key_b = (self.balance.get(b, 0), self.last.get(b, 0))
        return Table(b, a) if key_a > key_b else Table(a, b)

    def sides_clash(self, a: int, b: int) -> bool:
        """Whether one of ``a`` and ``b`` must leave the balance of one (both sat more on the
        same side)."""
        x, y = self.balance.get(a, 0), self.balance.get(b, 0)
        return x * y > 0

    def fresh_partners(self, teams: Collection[int]) -> dict[int, frozenset[int]]:
        """Each of ``teams`` with those of them it has not met (itself left out): sets made
        once a round, so the search asks a set, not a function, for each pair it looks at."""
        everyone = frozenset(teams)
        met: dict[int, set[int]] = {team: {team} for team in everyone}
        for pair in self.met:
            a, b = tuple(pair)
            if a in everyone and b in everyone:
                met[a].add(b)
                met[b].add(a)
        return {team: everyone.difference(met[team]) for team in everyone}

    def balanced(self, partners: Mapping[int, frozenset[int]]) -> dict[int, frozenset[int]]:
        """``partners`` without the pairs whose sides clash (:meth:`sides_clash`: both teams
        sat more on the same side)."""
        leaning: dict[int, set[int]] = {1: set(), -1: set()}
        for team in partners:
            x = self.balance.get(team, 0)
            if x:
                leaning[1 if x > 0 else -1].add(team)
        out = {}
        for team, others in partners.items():
            x = self.balance.get(team, 0)
            out[team] = others.difference(leaning[1 if x > 0 else -1]) if x else others
        return out


# ---- the search ----------------------------------------------------------------------------


class _OutOfBudget(Exception):
    pass


def _pairs(
    order: Sequence[int], partners: Mapping[int, frozenset[int]], budget: int
) -> list[tuple[int, int]] | None:
    """A pairing of all of ``order`` (an even count) where each team meets one of its
    ``partners``: the first unpaired team meets the first partner after it, backtracking as
    needed; ``None`` if there is none. :raises _OutOfBudget: past ``budget`` steps."""
    rank = {team: i for i, team in enumerate(order)}
    dead: set[frozenset[int]] = set()
    steps = 0

    def pair(left: tuple[int, ...]) -> list[tuple[int, int]] | None:
        nonlocal steps
        if not left:
            return []
        key = frozenset(left)
        if key in dead:
            return None
        # a team no one left may meet: no pairing of these
        if any(partners[a].isdisjoint(key) for a in left):
            dead.add(key)
            return None
        head, rest = left[0], left[1:]
        mine = partners[head]
        for i, other in enumerate(rest):
            steps += 1
            if steps > budget:
                raise _OutOfBudget
            if other in mine:
                found = pair(rest[:i] + rest[i + 1 :])
                if found is not None:
                    return [(head, other), *found]
        dead.add(key)
        return None

    return pair(tuple(sorted(order, key=rank.__getitem__)))


def _round(order: Sequence[int], past: _Past, bye_order: Sequence[int]) -> Round:
    """The round of the active teams ``order`` (best first): the bye from ``bye_order`` (the
    candidates, the first choice first) when the count is odd, then the pairs, under the
    strictest of the module's rules that can be kept."""
    fewest = min((past.byes.get(t, 0) for t in order), default=0)
    candidates: list[int | None] = (
        [t for t in bye_order if past.byes.get(t, 0) == fewest] if len(order) % 2 else [None]
    )

    def fresh(a: int, b: int) -> bool:
        return frozenset((a, b)) not in past.met

    fresh_partners = past.fresh_partners(order)
    balanced_partners = past.balanced(fresh_partners)
    for partners in (balanced_partners, fresh_partners):
        for bye in candidates:
            rest = [t for t in order if t != bye]
            try:
                found = _pairs(rest, partners, SEARCH_BUDGET)
            except _OutOfBudget:
                continue
            if found is not None:
                return _made(found, bye, past)
    # a repeat cannot be avoided: the best unpaired team meets the next one, repeats last
    bye = candidates[0]
    rest = [t for t in order if t != bye]
    pairs: list[tuple[int, int]] = []
    while rest:
        head = rest.pop(0)
        other = min(rest, key=lambda b: (not fresh(head, b), past.sides_clash(head, b)))
        rest.remove(other)
        pairs.append((head, other))
    return _made(pairs, bye, past)


def _made(pairs: list[tuple[int, int]], bye: int | None, past: _Past) -> Round:
    return Round(tuple(past.seated(a, b) for a, b in pairs), () if bye is None else (bye,))


def _active(teams: Collection[int], withdrawn: Collection[int]) -> list[int]:
    gone = set(withdrawn)
    return [t for t in teams if t not in gone]


# ---- the three systems ---------------------------------------------------------------------


def swiss_round(
    ranking: Sequence[int], history: Sequence[Round], withdrawn: Collection[int] = ()
) -> Round:
    """The next Swiss round.

    :param ranking: every team, best first (the standings; for round 1, the event's seeding).
    :param history: the rounds played so far.
    :param withdrawn: teams that left the event (they are not paired).
    """
    order = _active(ranking, withdrawn)
    return _round(order, _Past.of(history), list(reversed(order)))


def random_round(
    teams: int, history: Sequence[Round], seed: int, withdrawn: Collection[int] = ()
) -> Round:
    """The next round of random pairings without repeats: the same seed and history give the
    same round.

    :param teams: how many teams the event has.
    :param seed: the event's seed.
    """
    rng = random.Random(f"atout-event:{seed}:{len(history) + 1}")
    order = _active(range(teams), withdrawn)
    rng.shuffle(order)
    return _round(order, _Past.of(history), order)


def round_robin(teams: int, rounds: int) -> tuple[Round, ...]:
    """Every round of a round-robin.

    :raises EventError: unless ``rounds`` is n - 1 (even n) or n (odd n).

    >>> [r.tables for r in round_robin(3, 3)]  # doctest: +NORMALIZE_WHITESPACE
    [(Table(first=1, second=2),), (Table(first=2, second=0),), (Table(first=0, second=1),)]
    """
    check_rounds("round-robin", teams, rounds)
    if teams % 2:
        return _polygon(teams)
    # circle method: team 0 stays, the others turn one place a round
    ring = list(range(teams))
    schedule: list[list[tuple[int, int]]] = []
    for _ in range(teams - 1):
        schedule.append([(ring[i], ring[teams - 1 - i]) for i in range(teams // 2)])
        ring = [ring[0], ring[-1], *ring[1:-1]]
    made: list[Round] = []
    for start in range(0, len(schedule), 2):
        made.extend(_two_rounds(schedule[start : start + 2]))
    return tuple(made)


def _polygon(teams: int) -> tuple[Round, ...]:
    """An odd count's round-robin: in round r team r has the bye and the teams k places either
    side of it meet (r + k and r - k, for k = 1 .. (n - 1) / 2), r + k on the first side when k
    is odd. A team's distance k to the round's bye changes by one each round, so its side
    alternates every round it plays."""
    made = []
    for r in range(teams):
        tables = []
        for k in range(1, (teams - 1) // 2 + 1):
            ahead, behind = (r + k) % teams, (r - k) % teams
            tables.append(Table(ahead, behind) if k % 2 else Table(behind, ahead))
        made.append(Round(tuple(tables), (r,)))
    return tuple(made)


def _two_rounds(rounds: list[list[tuple[int, int]]]) -> list[Round]:
    """Sides for one or two consecutive rounds of an even count's round-robin: the union of
    their tables is a set of even cycles, coloured in two (neighbours differ); colour 0 sits
    first in the first round and second in the next."""
    neighbours: dict[int, list[int]] = {}
    for pairs in rounds:
        for a, b in pairs:
            neighbours.setdefault(a, []).append(b)
            neighbours.setdefault(b, []).append(a)
    colour: dict[int, int] = {}
    for start in sorted(neighbours):
        if start in colour:
            continue
        colour[start] = 0
        stack = [start]
        while stack:
            team = stack.pop()
            for other in neighbours[team]:
                if other not in colour:
                    colour[other] = 1 - colour[team]
                    stack.append(other)
    made = []
    for index, pairs in enumerate(rounds):
        made.append(
            Round(tuple(Table(a, b) if colour[a] == index else Table(b, a) for a, b in pairs))
        )
    return made


def without(scheduled: Round, withdrawn: Collection[int]) -> Round:
    """A scheduled round-robin round once ``withdrawn`` teams left: their tables are not
    played and their opponents have a bye (the schedule stands: pairing them again would meet
    a team twice).

    >>> without(Round((Table(0, 1), Table(2, 3))), {1})
    Round(tables=(Table(first=2, second=3),), byes=(0,))
    """
    gone = set(withdrawn)
    tables = tuple(t for t in scheduled.tables if not t.teams & gone)
    idle = [
        t
        for table in scheduled.tables
        if table.teams & gone
        for t in (table.first, table.second)
        if t not in gone
    ]
    byes = tuple(sorted({*(t for t in scheduled.byes if t not in gone), *idle}))
    return Round(tables, byes)
