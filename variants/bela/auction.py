"""Croatian Bela's trump call: one round, each seat calls a suit or says "dalje" (pass).

Source: ``rules/bulgarian-bela-cuatrola.md`` §3.2. The first hand (the seat after the dealer)
speaks first; the first suit called is trump and ends the call, with no suit ranking, no
overcall and no double. If the three seats before the dealer pass, the dealer must call
("mus", OPT-HR1); with ``mus`` off the dealer may pass too and the deal is thrown in.

Calls: ``PASS`` (also accepted as ``DALJE``) and the suit letters ``S H D C``.
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
    RuleViolation,
    Seat,
    next_seat,
)
from variants.bela.declaration import _

#: The caller's team must end with more than half the points (82 of 162 before declarations).
GOAL = ("points", 82)
SUIT_CALLS = tuple(Call(s, "bid", s, GOAL) for s in DECK.suits)


class BelaAuction(Auction):
    """The one-round trump call of one deal.

    >>> a = BelaAuction(dealer=3, mus=True)
    >>> for text in ("PASS", "dalje", "PASS"):
    ...     _ = a.call(a.turn, text)
    >>> SEATS[a.turn], [c.text for c in a.legal_calls(a.turn)]
    ('W', ['S', 'H', 'D', 'C'])
    >>> _ = a.call(3, "H"); str(a.contract)
    'H by W'
    """

    def __init__(self, dealer: int, mus: bool) -> None:
        self.dealer = dealer
        self.mus = mus
        self._turn: int | None = next_seat(dealer)
        self._contract: Contract | None = None

    def legal_calls(self, seat: int) -> list[Call]:
        if seat != self._turn:
            return []
        if seat == self.dealer and self.mus:
            return list(SUIT_CALLS)  # mus: the dealer may not pass
        return [PASS, *SUIT_CALLS]

    def find(self, seat: int, text: str) -> Call:
        """As :meth:`Auction.find`, with "dalje" for pass and a player-readable mus rule."""
        wanted = " ".join(str(text).upper().split())
        if wanted == "DALJE":
            wanted = PASS.text
        if wanted == PASS.text and seat == self.dealer == self._turn and self.mus:
            raise RuleViolation(
                _(
                    "{seat} deals and the three others passed: the dealer must "
                    "call trump (mus); call S, H, D or C",
                    seat=Seat(seat),
                )
            )
        return super().find(seat, wanted)

    def apply(self, seat: int, call: Call) -> None:
        if call.kind == "pass":
            self._turn = None if seat == self.dealer else next_seat(seat)
            return
        self._contract = Contract(call.text, seat, extra={"dealer": self.dealer})
        self._turn = None
