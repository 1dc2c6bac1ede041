"""Coinche's auction: bids 80 to ``max_bid`` by tens in any denomination, capot, coinche and
surcoinche.

Source: ``rules/coinche-and-french-belote.md`` §2.2–2.3. Calls: ``PASS``, ``80H`` … ``160AT``
(a number and a denomination: ``S H D C``, and ``NT``/``AT`` with ``nt_at``), ``CAPOT H``,
``COINCHE``, ``SURCOINCHE``.

* Denominations are not ranked: an overcall needs a higher number (jump bids allowed); a capot
  ranks above every number and cannot itself be overcalled. Anyone may bid, the partner of the
  current bidder included; passing does not stop a player from bidding later.
* Four passes with no bid throw the deal in; three passes after a bid end the auction.
* A capot ends the auction at once with ``capot_ends_auction``.
* An opponent of the bidder may coinche the standing bid (a capot only with
  ``capot_coinchable``): on his turn (``coinche_timing = in_turn``) or at any time
  (``any_time``, out of turn). After a coinche there are no more bids: the bidding team speaks in
  playing order from the seat after the coincher (the coincher's partner does not speak), and
  either may surcoinche; two passes leave the contract coinched.
"""

from __future__ import annotations

from functools import lru_cache

from framework.api import (
    PASS,
    Auction,
    Call,
    Contract,
    next_seat,
)

COINCHE = Call("COINCHE", "double")
SURCOINCHE = Call("SURCOINCHE", "redouble")
_CAPOT_VALUE = 1_000  # ranks above every number

SUIT_DENOMINATIONS = ("S", "H", "D", "C")


def denominations(nt_at: bool) -> tuple[str, ...]:
    """The contract kinds that may be bid."""
    return SUIT_DENOMINATIONS + (("NT", "AT") if nt_at else ())


@lru_cache(maxsize=32)
def _calls(max_bid: int, nt_at: bool) -> tuple[dict[int, tuple[Call, ...]], dict[str, int]]:
    """Per standing value, the bids that overcall it (numbers then capots); and each bid's
    value, by its text (unique among the bids, and a string's hash is kept: a call's own hash
    is recomputed from all its fields). Built once per option set."""
    dens = denominations(nt_at)
    numbers = [
        Call(f"{v}{d}", "bid", d, ("points", v)) for v in range(80, max_bid + 1, 10) for d in dens
    ]
    capots = [Call(f"CAPOT {d}", "bid", d, ("tricks", 8)) for d in dens]
    value = {c.text: c.goal[1] for c in numbers if c.goal}
    value.update({c.text: _CAPOT_VALUE for c in capots})
    above: dict[int, tuple[Call, ...]] = {}
    for standing in [0, *range(80, max_bid + 1, 10)]:
        above[standing] = tuple(c for c in numbers if value[c.text] > standing) + tuple(capots)
    above[_CAPOT_VALUE] = ()
    return above, value


@lru_cache(maxsize=32)
def _offers(
    max_bid: int, nt_at: bool
) -> tuple[dict[str, int], dict[int, tuple[tuple[Call, ...], tuple[Call, ...]]]]:
    """Each bid's value by its text (see :func:`_calls`); and per standing value, the calls of
    the seat to speak before a coinche: pass and the overcalls, then the same with the coinche
    (copied into a list per turn, not built again from its parts). Both in one cache lookup
    per auction."""
    above, value = _calls(max_bid, nt_at)
    return value, {
        standing: ((PASS, *bids), (PASS, *bids, COINCHE)) for standing, bids in above.items()
    }


#: The contract of an auction's end, one object per distinct contract (a contract is frozen:
#: every deal with the same one shares it, and a random deal makes one per deal).
_contract = lru_cache(maxsize=4096)(Contract)


class CoincheAuction(Auction):
    """The §2.3 state machine of one deal's auction.

    :param dealer: the dealer; the seat after him speaks first.
    """

    def __init__(
        self,
        dealer: int,
        max_bid: int = 160,
        nt_at: bool = True,
        capot_ends_auction: bool = False,
        capot_coinchable: bool = True,
        coinche_any_time: bool = False,
    ) -> None:
        self._value, self._offers = _offers(max_bid, nt_at)
        self._capot_ends = capot_ends_auction
        self._capot_coinchable = capot_coinchable
        self._any_time = coinche_any_time
        self._turn: int | None = next_seat(dealer)
        self.bid: Call | None = None
        self.bidder: int | None = None
        self.level = 0
        self._standing = 0  # the standing bid's value (0 before any bid)
        self.coincher: int | None = None
        self.passes = 0
        self._speakers: list[int] = []

    # ---- state ------------------------------------------------------------------------

    @property
    def standing_value(self) -> int:
        """The value of the standing bid (0 before any bid; capot above every number)."""
        return self._standing

    def can_coinche(self, seat: int) -> bool:
        """Whether ``seat`` may coinche the standing bid now (turn aside)."""
        bid = self.bid
        return (
            self._turn is not None
            and self.level == 0
            and bid is not None
            and self.bidder is not None
            and (seat - self.bidder) % 2 == 1
            and (self._capot_coinchable or self._value[bid.text] != _CAPOT_VALUE)
        )

    def legal_calls(self, seat: int) -> list[Call]:
        if self._turn is None:
            return []
        if self.level:
            return [PASS, SURCOINCHE] if seat == self._turn else []
        if seat != self._turn:
            return [COINCHE] if self._any_time and self.can_coinche(seat) else []
        # The seat to speak may coinche a standing bid of the other team (can_coinche).
        standing = self._standing
        coinche = (
            standing
            and (seat - (self.bidder or 0)) & 1
            and (self._capot_coinchable or standing != _CAPOT_VALUE)
        )
        return list(self._offers[standing][1 if coinche else 0])

    def apply(self, seat: int, call: Call) -> None:
        if self.level:
            if call is SURCOINCHE or call.kind == "redouble":
                self.level = 2
                self._turn = None
                return
            self._speakers.pop(0)
            self._turn = self._speakers[0] if self._speakers else None
            return
        if call.kind == "pass":
            self.passes += 1
            if self.passes == (3 if self.bid is not None else 4):
                self._turn = None
                return
        elif call.kind == "double":
            self.level = 1
            self.coincher = seat
            # The bidding team speaks, in playing order from the seat after the coincher.
            self._speakers = [next_seat(seat), next_seat(next_seat(next_seat(seat)))]
            self._turn = self._speakers[0]
            return
        else:
            self.bid = call
            self.bidder = seat
            self._standing = self._value[call.text]
            self.passes = 0
            if self._capot_ends and self._standing == _CAPOT_VALUE:
                self._turn = None
                return
        self._turn = (seat + 1) & 3  # next_seat(seat), inlined: a call of every deal's calls

    @property
    def contract(self) -> Contract | None:
        if self._turn is not None or self.bid is None or self.bidder is None:
            return None
        value = self._standing
        if value == _CAPOT_VALUE:
            return _contract(self.bid.denomination or "", self.bidder, None, "capot", self.level)
        return _contract(self.bid.denomination or "", self.bidder, value, None, self.level)
