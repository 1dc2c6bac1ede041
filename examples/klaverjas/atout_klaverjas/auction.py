"""Klaverjas' trump making (NKU, Dutch club rules; pagat for the forced variant).

``choose_or_pass``: from the player after the dealer, each player in turn names a trump suit
or passes; the first to name one plays ("gaat"). If all four pass, the player after the dealer
must name a suit. ``forced``: the player after the dealer names a suit at once. A deal is
never thrown in. Whoever makes trumps, the player after the dealer leads (the kernel's default).
"""

from __future__ import annotations

from framework.api import (
    FRENCH_32 as DECK,
)
from framework.api import (
    PASS,
    Auction,
    Call,
    Contract,
    next_seat,
)

#: The takers need more than half of the points: 82 of 162 without roem (a bots' hint).
GOAL = ("points", 82)
SUIT_CALLS = tuple(Call(s, "bid", s, GOAL) for s in DECK.suits)


class TrumpMaking(Auction):
    """Name a suit or pass, once round the table; the first player is forced if all pass."""

    def __init__(self, dealer: int, forced: bool) -> None:
        self.first = next_seat(dealer)
        self._turn: int | None = self.first
        self._passes = 4 if forced else 0
        self._contract: Contract | None = None

    def legal_calls(self, seat: int) -> list[Call]:
        if seat != self._turn:
            return []
        if self._passes >= 4:  # everyone passed (or the forced variant): name a suit
            return list(SUIT_CALLS)
        return [PASS, *SUIT_CALLS]

    def apply(self, seat: int, call: Call) -> None:
        if call.kind == "pass":
            self._passes += 1
            self._turn = self.first if self._passes == 4 else next_seat(seat)
            return
        self._contract = Contract(call.text, seat, extra={"forced": self._passes >= 4})
        self._turn = None
