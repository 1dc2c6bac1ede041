"""Bulgarian Belot's auction: the ranked ladder with kontra and rekontra.

Source: ``rules/bulgarian-bela-cuatrola.md`` §2.2 (the state machine, options BG1 and BG2).
The forehand (the seat after the dealer) speaks first. A bid names a contract above the current
one (``C < D < H < S < NT < AT``) and resets the doubling; the other team may say KONTRA (x2),
the bidding team then REKONTRA (x4) and, where BG2 allows it, the other team SURKONTRA (x8).
Four passes before any bid throw the deal in; three passes after a call end the auction.
"""

from __future__ import annotations

from framework.api import (
    PASS,
    Auction,
    Call,
    Contract,
    next_seat,
)
from variants.bulgarian.rules import LADDER, SUIT_DEAL_POINTS

#: A bid's goal for the bots: more than half of the card points (NT doubled: 260; AT: 258).
GOALS = {"NT": 131, "AT": 130}

BIDS = tuple(Call(d, "bid", d, ("points", GOALS.get(d, SUIT_DEAL_POINTS // 2 + 1))) for d in LADDER)
#: The doubling calls by level: the call that raises the multiplier to 2, 4 and 8.
DOUBLES = (Call("KONTRA", "double"), Call("REKONTRA", "redouble"), Call("SURKONTRA", "redouble"))


class BulgarianAuction(Auction):
    """The §2.2 state machine.

    :param dealer: the dealer's seat; the seat after it speaks first.
    :param max_double: BG2, the highest multiplier (1, 2, 4 or 8).
    :param overbid_after_double: BG1, whether a new contract may be bid over a double.
    """

    def __init__(self, dealer: int, max_double: int = 4, overbid_after_double: bool = True) -> None:
        self._turn: int | None = next_seat(dealer)
        self.max_level = max_double.bit_length() - 1  # 1 -> 0, 2 -> 1, 4 -> 2, 8 -> 3
        self.overbid_after_double = overbid_after_double
        self.current: int | None = None  # index of the contract in LADDER
        self.declarer: int | None = None
        self.level = 0  # 0 plain, 1 kontra, 2 rekontra, 3 surkontra
        self.passes = 0
        self._contract: Contract | None = None

    @property
    def multiplier(self) -> int:
        return 1 << self.level

    def legal_calls(self, seat: int) -> list[Call]:
        if seat != self._turn:
            return []
        calls = [PASS]
        if self.level == 0 or self.overbid_after_double:
            start = 0 if self.current is None else self.current + 1
            calls.extend(BIDS[start:])
        if self.current is not None and self.level < self.max_level:
            assert self.declarer is not None
            bidders = seat % 2 == self.declarer % 2
            # Kontra and surkontra are the opponents', rekontra the bidding team's.
            if bidders == (self.level % 2 == 1):
                calls.append(DOUBLES[self.level])
        return calls

    def apply(self, seat: int, call: Call) -> None:
        if call.kind == "pass":
            self.passes += 1
        else:
            self.passes = 0
            if call.kind == "bid":
                self.current = LADDER.index(call.text)
                self.declarer = seat
                self.level = 0
            else:
                self.level += 1
        if self.current is None and self.passes == 4:
            self._turn = None  # all passed: thrown in
        elif self.current is not None and self.passes == 3:
            assert self.declarer is not None
            self._contract = Contract(LADDER[self.current], self.declarer, doubled=self.level)
            self._turn = None
        else:
            self._turn = next_seat(seat)
