"""Seats and teams, in the notation contract of ``design.md``.

Seats ``N E S W`` are small ints 0–3 named in **playing order**: E plays after N, S after E, W
after S. At a real table play goes counter-clockwise; the names follow play, not the compass.

Who plays with whom is a deal's **sides**: a tuple giving each seat's side, a small int that
indexes the score columns. The four-seat games play :data:`FIXED_PARTNERS`: the seats opposite
each other on one side, so side 0 is ``NS`` and side 1 is ``EW`` (a seat's team is ``seat % 2``).
Two seats play together when they are on the same side (:func:`same_side`); the engine asks
"is my side winning this trick" through the deal's sides, never "is the seat opposite".

>>> SEATS[next_seat(N)], SEATS[partner(E)], TEAMS[team_of(W)]
('E', 'W', 'EW')
"""

from __future__ import annotations

from framework.core.errors import NotationError
from framework.core.messages import KERNEL

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
    "next_seat",
    "parse_seat",
    "parse_team",
    "partner",
    "previous_seat",
    "same_side",
    "team_of",
]

N, E, S, W = 0, 1, 2, 3
SEATS = ("N", "E", "S", "W")
TEAMS = ("NS", "EW")
#: The sides of the four-seat games: N and S on side 0 (``NS``), E and W on side 1 (``EW``).
FIXED_PARTNERS = (0, 1, 0, 1)


def same_side(sides: tuple[int, ...], a: int, b: int) -> bool:
    """Whether two different seats play on one side in a deal whose sides are ``sides``.

    >>> same_side(FIXED_PARTNERS, N, S), same_side(FIXED_PARTNERS, N, E)
    (True, False)
    >>> same_side((0, 1, 1), 1, 2), same_side((0, 1, 1), 0, 0)  # one against two
    (True, False)
    """
    return a != b and sides[a] == sides[b]


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


def parse_seat(text: str) -> int:
    """Parse ``N``, ``E``, ``S`` or ``W`` (any case)."""
    key = str(text).strip().upper()
    if key not in SEATS:
        raise NotationError(_("{text} is not a seat; use N, E, S or W", text=repr(text)))
    return SEATS.index(key)


def parse_team(text: str) -> int:
    """Parse ``NS`` or ``EW`` (any case, ``SN`` and ``WE`` too)."""
    key = str(text).strip().upper()
    if key in ("NS", "SN"):
        return 0
    if key in ("EW", "WE"):
        return 1
    raise NotationError(_("{text} is not a team; use NS or EW", text=repr(text)))
