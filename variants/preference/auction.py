"""Préférence's bids and auction (``docs/variants/preference.md`` §3).

The ladder runs by level, then ♠ < ♣ < ♦ < ♥ < no trumps, from 6S to 10NT, with the misère
between 8NT and 9S (OPENPREF). The first hand speaks first; speaking goes round the active seats
in playing order, skipping those who passed; a pass is final. The misère may be a player's first
call only, and after it he may only pass (``misere_first_bid_only``). A player senior to the
holder of the standing bid may hold it instead of raising (``hold_bid``); a misère is never held.
While a raspasy streak is open, the first bid must reach the level ``raspasy_exit`` says. The
auction ends with a declarer and his bid, or, when all pass, with raspasy.
"""

from __future__ import annotations

from collections.abc import Sequence

from framework.api import PASS, Auction, Call, Contract, RuleViolation, Seat
from variants.preference.declaration import _, numbers

#: The denominations of a game, lowest first, and the levels.
DENOMINATIONS = ("S", "C", "D", "H", "NT")
LEVELS = (6, 7, 8, 9, 10)
MISERE = "MISERE"
RASPASY = "RASPASY"
#: The ladder, lowest first: 25 game bids and the misère after 8NT (§3, OPENPREF).
LADDER: tuple[str, ...] = tuple(
    [f"{level}{d}" for level in (6, 7, 8) for d in DENOMINATIONS]
    + [MISERE]
    + [f"{level}{d}" for level in (9, 10) for d in DENOMINATIONS]
)
RANK = {bid: i for i, bid in enumerate(LADDER)}
#: The card suits' symbols a player may type for a denomination (``6♠``).
SYMBOLS = {"♠": "S", "♣": "C", "♦": "D", "♥": "H"}

#: The value of each level (§7: the pool a made contract writes); a misère is worth 10.
VALUES = {6: 2, 7: 4, 8: 6, 9: 8, 10: 10}
MISERE_VALUE = 10


def normal_bid(text: str) -> str:
    """A bid or contract as written by a player, in the ladder's notation (``6♠`` -> ``6S``,
    ``misère`` -> ``MISERE``); unchanged when it is not one."""
    wanted = "".join(text.split()).upper()
    for symbol, letter in SYMBOLS.items():
        wanted = wanted.replace(symbol, letter)
    if wanted in ("MISÈRE", "МИЗЕР"):
        return MISERE
    if wanted.endswith("БК"):
        wanted = wanted[:-2] + "NT"
    return wanted


def level_of(bid: str) -> int:
    """The level of a game bid (``7NT`` -> 7)."""
    return int(bid[:-2] if bid.endswith("NT") else bid[:-1])


def denomination_of(bid: str) -> str:
    """The denomination of a game bid (``7NT`` -> ``NT``, ``6S`` -> ``S``)."""
    return "NT" if bid.endswith("NT") else bid[-1]


def bid_call(bid: str) -> Call:
    """The call of a bid, with its goal for the bots (the tricks a game needs)."""
    if bid == MISERE:
        return Call(MISERE, "bid", "NT", None, alone=True)
    return Call(bid, "bid", denomination_of(bid), ("tricks", level_of(bid)), alone=True)


CALLS = {bid: bid_call(bid) for bid in LADDER}


def exit_level(raspasy_exit: str, streak: int) -> int:
    """The least level of a first bid after ``streak`` raspasy in a row (§8.4): 6 when none."""
    if streak <= 0:
        return 6
    levels = numbers(raspasy_exit)
    return levels[min(streak, len(levels)) - 1]


class PreferenceAuction(Auction):
    """The auction of one deal.

    :param order: the active seats from the first hand, in playing order (three seats).
    :param hold_bid: a senior hand may hold the standing bid.
    :param misere_first_only: the misère only as a first call, then only pass.
    :param least_level: the least level of a game bid (``raspasy_exit`` after raspasy; 6).
    :param sitting_out: the four-handed dealer, who sits out (the contract says so).
    """

    def __init__(
        self,
        order: Sequence[int],
        *,
        hold_bid: bool = True,
        misere_first_only: bool = True,
        least_level: int = 6,
        sitting_out: int | None = None,
    ) -> None:
        self.order = tuple(order)
        self.sitting_out = sitting_out
        self.hold_bid = hold_bid
        self.misere_first_only = misere_first_only
        self.least_level = least_level
        self._turn: int | None = self.order[0]
        self.passed: set[int] = set()
        self.spoken: set[int] = set()
        self.misere_bidders: set[int] = set()
        self.standing: str | None = None
        self.holder: int | None = None

    def _senior(self, a: int, b: int) -> bool:
        return self.order.index(a) < self.order.index(b)

    def _refusal(self, seat: int, bid: str) -> str | None:
        """Why ``seat`` may not bid ``bid`` now (None: it may)."""
        if bid == MISERE:
            if self.misere_first_only and seat in self.spoken:
                return _("misere may only be your first call")
            if self.standing is None and self.least_level > 8:
                return _(
                    "{least}S is needed after raspasy (raspasy_exit {least}); {bid} is too low",
                    least=self.least_level,
                    bid=bid,
                )
        elif seat in self.misere_bidders and self.misere_first_only:
            return _("after misere you may only pass")
        elif self.standing is None and level_of(bid) < self.least_level:
            return _(
                "{least}S is needed after raspasy (raspasy_exit {least}); {bid} is too low",
                least=self.least_level,
                bid=bid,
            )
        if self.standing is None:
            return None
        if RANK[bid] > RANK[self.standing]:
            return None
        if (
            bid == self.standing
            and self.hold_bid
            and bid != MISERE
            and self.holder is not None
            and self._senior(seat, self.holder)
        ):
            return None
        if bid == self.standing and bid != MISERE and self.hold_bid:
            return _(
                "{bid} is not higher than the standing {standing}, and only a senior hand may "
                "hold it",
                bid=bid,
                standing=self.standing,
            )
        return _(
            "{bid} is not higher than the standing {standing}", bid=bid, standing=self.standing
        )

    def legal_calls(self, seat: int) -> list[Call]:
        if seat != self._turn:
            return []
        return [PASS] + [CALLS[b] for b in LADDER if self._refusal(seat, b) is None]

    def apply(self, seat: int, call: Call) -> None:
        self.spoken.add(seat)
        if call.kind == "pass":
            self.passed.add(seat)
        else:
            self.standing = call.text
            self.holder = seat
            if call.text == MISERE:
                self.misere_bidders.add(seat)
        left = [s for s in self.order if s not in self.passed]
        if not left or (len(left) == 1 and self.holder == left[0]):
            self._turn = None
            return
        i = self.order.index(seat)
        for step in range(1, len(self.order) + 1):
            nxt = self.order[(i + step) % len(self.order)]
            if nxt not in self.passed:
                self._turn = nxt
                return

    def find(self, seat: int, text: str) -> Call:
        """The call, or a :class:`RuleViolation` saying why a bid is not allowed now."""
        wanted = normal_bid(text)
        if wanted == "HOLD" and self.standing is not None:
            wanted = self.standing
        if seat == self._turn and wanted in RANK:
            why = self._refusal(seat, wanted)
            if why is not None:
                raise RuleViolation(
                    _("{seat} may not call {call}: {why}", seat=Seat(seat), call=wanted, why=why)
                )
        return super().find(seat, wanted)

    @property
    def contract(self) -> Contract | None:
        """The bid won (its ``extra["bid"]``), or raspasy when all passed."""
        if self._turn is not None:
            return None
        if self.holder is None:
            return Contract(
                "NT",
                self.order[0],
                name="raspasy",
                sitting_out=self.sitting_out,
                extra={"bid": RASPASY},
            )
        bid = self.standing
        assert bid is not None
        if bid == MISERE:
            return Contract(
                "NT",
                self.holder,
                name="misere",
                sitting_out=self.sitting_out,
                extra={"bid": MISERE},
            )
        return Contract(
            denomination_of(bid),
            self.holder,
            level_of(bid),
            sitting_out=self.sitting_out,
            extra={"bid": bid},
        )


def contract_refusal(bid: str, named: str) -> str | None:
    """Why ``named`` may not be the contract after winning with ``bid`` (§4): a game at least
    as high as the bid, never the misère; after a misère, the misère."""
    if bid == MISERE:
        return None if named == MISERE else _("after a misere bid the contract is the misere")
    if named == MISERE:
        return _("misere is not a game; name {bid} or higher", bid=bid)
    if named not in RANK:
        return _("{named} is not a contract; contracts run 6S ... 10NT", named=named)
    if RANK[named] < RANK[bid]:
        return _("{named} is lower than your bid {bid}; name {bid} or higher", named=named, bid=bid)
    return None


def contracts_after(bid: str) -> list[str]:
    """The contracts the declarer may name after winning with ``bid``."""
    return [c for c in LADDER if contract_refusal(bid, c) is None]
