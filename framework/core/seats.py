"""Seats and teams, in the notation contract of ``design.md``.

Seats ``N E S W`` are small ints 0–3 named in **playing order**: E plays after N, S after E, W
after S. At a real table play goes counter-clockwise; the names follow play, not the compass.

Who plays with whom is a deal's **sides**: a tuple giving each seat's side, a small int that
indexes the score columns. The four-seat games play :data:`FIXED_PARTNERS`: the seats opposite
each other on one side, so side 0 is ``NS`` and side 1 is ``EW`` (a seat's team is ``seat % 2``).
Two seats play together when they are on the same side (:func:`same_side`); the engine asks
"is my side winning this trick" through the deal's sides, never "is the seat opposite".

**A table of n seats.** A variant names its seats (``Declaration.seats``, 2 to 6 names in
playing order); a seat is still its index. :func:`seat_after` and :func:`seat_before` count
round a table of ``n`` seats, :func:`table_sides` gives its default sides (the four-seat teams
at four seats, every seat alone otherwise) and :func:`parse_seat_of` reads a seat by the
table's names. The four-seat helpers below (:func:`next_seat`, :func:`partner`, ...) stay for
code that only ever plays four seats.

>>> SEATS[next_seat(N)], SEATS[partner(E)], TEAMS[team_of(W)]
('E', 'W', 'EW')
"""

from __future__ import annotations

from collections.abc import Mapping

from framework.core.errors import NotationError
from framework.core.messages import KERNEL, Seat

_ = KERNEL.message

__all__ = [
    "FIXED_PARTNERS",
    "SEATS",
    "TEAMS",
    "E",
    "N",
    "S",
    "W",
    "are_partners",
    "are_teams",
    "called_sides",
    "next_seat",
    "parse_seat",
    "parse_seat_of",
    "parse_team",
    "partner",
    "previous_seat",
    "same_side",
    "seat_after",
    "seat_before",
    "seat_word",
    "side_names",
    "table_sides",
    "team_named",
    "team_of",
]

N, E, S, W = 0, 1, 2, 3
SEATS = ("N", "E", "S", "W")
TEAMS = ("NS", "EW")
#: The sides of the four-seat games: N and S on side 0 (``NS``), E and W on side 1 (``EW``).
FIXED_PARTNERS = (0, 1, 0, 1)


def are_teams(points: Mapping[str, int]) -> bool:
    """Whether ``points`` (by score column) are the two teams', ``NS`` and ``EW``, and nothing
    else: a four-seat game's score sheet."""
    return len(points) == 2 and "NS" in points and "EW" in points


def same_side(sides: tuple[int, ...], a: int, b: int) -> bool:
    """Whether two different seats play on one side in a deal whose sides are ``sides``.

    >>> same_side(FIXED_PARTNERS, N, S), same_side(FIXED_PARTNERS, N, E)
    (True, False)
    >>> same_side((0, 1, 1), 1, 2), same_side((0, 1, 1), 0, 0)  # one against two
    (True, False)
    """
    return a != b and sides[a] == sides[b]


def seat_after(seat: int, seats: int) -> int:
    """The seat that plays after ``seat`` at a table of ``seats`` seats.

    >>> seat_after(2, 3), seat_after(1, 2), seat_after(3, 4) == next_seat(3)
    (0, 0, True)
    """
    return seat + 1 if seat + 1 < seats else 0


def seat_before(seat: int, seats: int) -> int:
    """The seat that plays before ``seat`` at a table of ``seats`` seats.

    >>> seat_before(0, 3), seat_before(0, 6)
    (2, 5)
    """
    return seat - 1 if seat else seats - 1


def table_sides(seats: int) -> tuple[int, ...]:
    """The sides of a table of ``seats`` seats when its variant says nothing else: the
    four-seat teams (:data:`FIXED_PARTNERS`) at four seats, every seat alone otherwise.

    >>> table_sides(4), table_sides(3)
    ((0, 1, 0, 1), (0, 1, 2))
    """
    return FIXED_PARTNERS if seats == 4 else tuple(range(seats))


def called_sides(taker: int, holder: int | None, seats: int) -> tuple[int, ...]:
    """The sides of a deal whose taker calls a card (``Contract.called``): the taker and the
    seat holding the card (``holder``) on side 0, the others on side 1; the taker alone when
    it holds the card itself or no seat does (``holder`` None).

    >>> called_sides(0, 2, 4), called_sides(1, 1, 5), called_sides(3, None, 4)
    ((0, 1, 0, 1), (1, 0, 1, 1, 1), (1, 1, 1, 0))
    """
    return tuple(0 if seat in (taker, holder) else 1 for seat in range(seats))


def side_names(sides: tuple[int, ...], names: tuple[str, ...]) -> tuple[str, ...]:
    """Per side index, its name: the names of its seats joined in seat order (a side with no
    seat has none: ``""``). The four-seat teams are ``NS`` and ``EW``.

    >>> side_names(FIXED_PARTNERS, SEATS)
    ('NS', 'EW')
    >>> side_names((0, 1, 2, 0, 1, 2), ("A", "B", "C", "D", "E", "F"))
    ('AD', 'BE', 'CF')
    """
    count = max(sides) + 1 if sides else 0
    return tuple(
        "".join(name for name, side in zip(names, sides, strict=True) if side == index)
        for index in range(count)
    )


def next_seat(seat: int) -> int:
    """The seat that plays after ``seat``."""
    return (seat + 1) % 4


def previous_seat(seat: int) -> int:
    """The seat that plays before ``seat`` (it cuts the cards for the dealer)."""
    return (seat + 3) % 4


def partner(seat: int) -> int:
    return (seat + 2) % 4


def are_partners(a: int, b: int) -> bool:
    """Whether two different seats play in one team of the four-seat games
    (:func:`same_side` of :data:`FIXED_PARTNERS`).

    >>> are_partners(N, S), are_partners(N, E), are_partners(N, N)
    (True, False, False)
    """
    return same_side(FIXED_PARTNERS, a, b)


def team_of(seat: int) -> int:
    """0 for N and S, 1 for E and W."""
    return seat % 2


def team_named(name: str | None) -> str | None:
    """The four-seat team (``NS`` or ``EW``) that ``name`` names, by one of its seats or as
    itself: a record's taker or declarer; None for anything else (a record's empty declarer).

    >>> team_named("W"), team_named("S"), team_named("EW"), team_named(None)
    ('EW', 'NS', 'EW', None)
    """
    if name in TEAMS:
        return name
    return TEAMS[SEATS.index(name) % 2] if name in SEATS else None


def parse_seat(text: str) -> int:
    """Parse ``N``, ``E``, ``S`` or ``W`` (any case)."""
    key = str(text).strip().upper()
    if key not in SEATS:
        raise NotationError(_("{text} is not a seat; use N, E, S or W", text=repr(text)))
    return SEATS.index(key)


def seat_word(seat: int, names: tuple[str, ...]) -> Seat:
    """``seat`` as a message parameter at a table whose seats are ``names``: the four-seat
    tables' :class:`~framework.core.messages.Seat` as it always was, another table's with its
    name.

    >>> str(seat_word(1, SEATS)), str(seat_word(1, ("A", "B")))
    ('E', 'B')
    """
    return Seat(seat) if names == SEATS else Seat(seat, names[seat])


def parse_seat_of(text: str, names: tuple[str, ...]) -> int:
    """Parse a seat by the table's ``names`` (any case); the four-seat names as
    :func:`parse_seat`.

    >>> parse_seat_of("b", ("A", "B")), parse_seat_of("W", SEATS)
    (1, 3)
    """
    if names == SEATS:
        return parse_seat(text)
    key = str(text).strip().upper()
    for index, name in enumerate(names):
        if name.upper() == key:
            return index
    raise NotationError(
        _("{text} is not a seat; use {seats}", text=repr(text), seats=", ".join(names))
    )


def parse_team(text: str) -> int:
    """Parse ``NS`` or ``EW`` (any case, ``SN`` and ``WE`` too)."""
    key = str(text).strip().upper()
    if key in ("NS", "SN"):
        return 0
    if key in ("EW", "WE"):
        return 1
    raise NotationError(_("{text} is not a team; use NS or EW", text=repr(text)))
