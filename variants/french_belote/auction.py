"""French Belote's taking: two rounds around the table over the turned-up card.

Source: ``rules/coinche-and-french-belote.md`` §3.2. In round 1, from the seat after the dealer,
each player says ``TAKE`` (the turned-up suit is trump) or ``PASS``. If all four pass, round 2
goes round again: ``TAKE S`` … names another suit (the turned-up suit too with
``round2_any_suit``; ``TAKE NT`` / ``TAKE AT`` with ``round2_nt_at``) or ``PASS`` ("deux").
The first take ends the taking; four more passes throw the deal in.
"""

from __future__ import annotations

from framework.api import (
    FRENCH_32,
    PASS,
    Auction,
    Call,
    Contract,
    next_seat,
)

__all__ = ["TakingAuction", "round2_denominations"]

#: What the takers aim at, as a bots' hint: more than half of the 162 card points.
GOAL = ("points", 82)


def round2_denominations(turn_up_suit: str, any_suit: bool, nt_at: bool) -> tuple[str, ...]:
    """The contracts a player may name in round 2.

    >>> round2_denominations("H", False, False)
    ('S', 'D', 'C')
    >>> round2_denominations("H", True, True)
    ('S', 'H', 'D', 'C', 'NT', 'AT')
    """
    suits = tuple(s for s in FRENCH_32.suits if any_suit or s != turn_up_suit)
    return suits + (("NT", "AT") if nt_at else ())


class TakingAuction(Auction):
    """The two taking rounds of one deal.

    :param dealer: the dealer's seat; the seat after it speaks first in both rounds.
    :param turn_up: the turned-up card (a small int of the French deck).
    :param any_suit: option ``round2_any_suit``.
    :param nt_at: option ``round2_nt_at``.
    """

    def __init__(self, dealer: int, turn_up: int, any_suit: bool, nt_at: bool) -> None:
        self.dealer = dealer
        self.turn_up = turn_up
        suit = FRENCH_32.suits[FRENCH_32.suit_of[turn_up]]
        self.turn_up_suit = suit
        self.round = 1
        self._passes = 0
        self._turn: int | None = next_seat(dealer)
        self._contract: Contract | None = None
        self._round1 = (Call("TAKE", "bid", suit, GOAL), PASS)
        named = round2_denominations(suit, any_suit, nt_at)
        self._round2 = (*(Call(f"TAKE {d}", "bid", d, GOAL) for d in named), PASS)

    @property
    def thrown_in(self) -> bool:
        """True when both rounds passed out: the deal is void."""
        return self._turn is None and self._contract is None

    def legal_calls(self, seat: int) -> list[Call]:
        if seat != self._turn:
            return []
        return list(self._round1 if self.round == 1 else self._round2)

    def apply(self, seat: int, call: Call) -> None:
        if call.kind == "pass":
            self._passes += 1
            if self._passes == 4:
                self._passes = 0
                if self.round == 2:
                    self._turn = None  # thrown in
                    return
                self.round = 2
            self._turn = next_seat(seat)
            return
        assert call.denomination is not None
        self._contract = Contract(call.denomination, seat, extra={"round": self.round})
        self._turn = None
