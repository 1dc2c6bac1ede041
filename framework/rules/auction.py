"""Calls, contracts and the auction interface.

The kernel runs an auction without knowing its rules: a variant's ``atout_auction`` hook returns
an :class:`Auction`, a small state machine that says whose turn it is, which calls each seat may
make, and the :class:`Contract` it ends with (or None for a throw-in). Calls are identified by
their text in the variant's notation (``"PASS"``, ``"100H"``, ``"COINCHE"``), so a call typed by a
player, sent by a bot or read back from a saved deal goes through the same check.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Literal

from framework.core.errors import RuleViolation
from framework.core.messages import KERNEL, Seat
from framework.core.seats import SEATS

_ = KERNEL.message

__all__ = ["Auction", "Call", "Contract", "ContractKind"]

CallKind = Literal["pass", "bid", "double", "redouble"]


@dataclass(frozen=True)
class Call:
    """One call of an auction.

    :param text: the call in the variant's notation, upper case (``"PASS"``, ``"110H"``,
        ``"CAPOT S"``, ``"COINCHE"``, ``"TAKE"``, ``"SOLO"``). Unique among the legal calls.
    :param kind: ``pass``, ``bid`` (any call that names or takes a contract), ``double``
        (coinche, kontra) or ``redouble`` (surcoinche, rekontra).
    :param denomination: for a bid, the contract kind it names: a suit letter, ``NT`` or ``AT``;
        None when the bid does not choose one (a Cuatrola bet plays the turned trump).
    :param goal: for a bid, what the takers must reach, as a bots' hint:
        ``("points", n)`` card points, or ``("tricks", n)`` tricks.
    :param alone: for a bid, True when the bidder plays it alone (the partner sits out), a
        bots' hint.
    """

    text: str
    kind: CallKind = "bid"
    denomination: str | None = None
    goal: tuple[str, int] | None = None
    alone: bool = False

    def __str__(self) -> str:
        return self.text


PASS = Call("PASS", "pass")


@dataclass(frozen=True)
class Contract:
    """What the auction produced: the contract the deal is played in.

    :param denomination: a suit letter of the deck (that suit is trump), ``NT``, ``AT``, or
        the code of another of the variant's :class:`ContractKind` s.
    :param taker: the seat that won the auction (the declarer, the caller, the soloist).
    :param value: the points bid, or None where a variant's bids carry no number.
    :param name: a named contract when there is one (``"capot"``, ``"solo"``, ``"cuatrola"``).
    :param doubled: 0, 1 (coinche, kontra), 2 (surcoinche, rekontra) or higher where a variant
        allows it (3: Bulgarian surkontra); the multiplier is ``2 ** doubled``.
    :param sitting_out: a seat that does not play this deal (Cuatrola's declarer's partner).
    :param extra: anything else the variant's scoring needs (French Belote's taking round).
    :param called: a card the taker calls (Schafkopf's called ace, Tarot's called king), or
        None: the seat that holds it when play starts is the taker's partner, hidden from the
        other seats until the card is played; a taker who holds it, or a card no seat holds,
        plays alone against the others. The kernel makes such a deal's sides
        (:func:`~framework.core.seats.called_sides`), never the variant's ``atout_sides``.
    """

    denomination: str
    taker: int
    value: int | None = None
    name: str | None = None
    doubled: int = 0
    sitting_out: int | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    called: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "extra", MappingProxyType(dict(self.extra)))

    @property
    def taking_team(self) -> int:
        return self.taker % 2

    def __str__(self) -> str:
        return self.describe(SEATS)

    def describe(self, seats: tuple[str, ...]) -> str:
        """The contract in words, its taker named by the table's ``seats``
        (``str(contract)`` at a table of ``N E S W``: ``"100 H by N doubled"``; a seat beyond
        them by its number)."""
        what = self.name.upper() if self.name else (str(self.value) if self.value else "")
        dbl = (
            ("", " doubled", " redoubled")[self.doubled]
            if self.doubled < 3
            else " x" + str(1 << self.doubled)
        )
        by = seats[self.taker] if self.taker < len(seats) else f"seat {self.taker}"
        return f"{what}{' ' if what else ''}{self.denomination} by {by}{dbl}"


@dataclass(frozen=True)
class ContractKind:
    """One kind of contract a variant plays, as ``atout legal --contract`` reads it and a form
    or a table offers it (:func:`~framework.rules.hookspecs.atout_contract_kinds`).

    :param code: what a player types, upper case: a suit letter of the deck (that suit is
        trump), ``NT``, ``AT``, or the variant's own (a Jass ``OBE``, ``UNDE``).
    :param label: its words for a player (``"hearts"``, ``"no trumps"``, ``"Obenabe"``).
    :param name: the :attr:`Contract.name` a contract of this kind carries, if any. A contract
        that carries it is shown to a player by this kind's ``label`` alone ("misère", not
        "misère NT").
    :param has_taker: False for a kind no seat takes: the deal everyone plays for himself when
        all passed (Préférence's raspasy, Skat's Ramsch). Its contract's
        :attr:`Contract.taker` is then only the seat the auction ended on: a player is shown
        the contract with no taker, and no seat as its taker.

    >>> ContractKind("OBE", "Obenabe", name="obenabe").contract(2).name
    'obenabe'
    """

    code: str
    label: str
    name: str | None = None
    has_taker: bool = True

    def contract(self, taker: int) -> Contract:
        """A contract of this kind taken by ``taker``, as the play queries use it."""
        return Contract(self.code, taker, name=self.name)


class Auction(ABC):
    """The state machine of one auction, built by the variant's ``atout_auction`` hook.

    The kernel asks :attr:`turn` who speaks, offers :meth:`legal_calls` to that seat (a bot or a
    person), and passes the chosen call to :meth:`call`. A call out of turn (a coinche where a
    preset allows it) is offered by :meth:`legal_calls` for that seat.

    A subclass keeps the seat to speak in ``_turn`` and the finished contract in ``_contract``
    (or overrides :attr:`turn` / :attr:`contract` to derive them).
    """

    _turn: int | None = None
    _contract: Contract | None = None

    @property
    def turn(self) -> int | None:
        """The seat to speak, or None when the auction is over."""
        return self._turn

    @abstractmethod
    def legal_calls(self, seat: int) -> list[Call]:
        """The calls ``seat`` may make now (empty when it may not speak)."""

    @abstractmethod
    def apply(self, seat: int, call: Call) -> None:
        """Record a call already known to be legal."""

    @property
    def contract(self) -> Contract | None:
        """The contract once the auction is over; None while it runs and after a throw-in."""
        return self._contract

    @property
    def is_over(self) -> bool:
        return self.turn is None

    def find(self, seat: int, text: str) -> Call:
        """The legal call of ``seat`` written ``text``, or a :class:`RuleViolation` that lists
        the calls allowed."""
        wanted = " ".join(text.upper().split())
        legal = self.legal_calls(seat)
        for call in legal:
            if call.text == wanted:
                return call
        if not legal:
            if self.turn is None:
                raise RuleViolation(_("{seat} may not call now", seat=Seat(seat)))
            raise RuleViolation(
                _(
                    "{seat} may not call now; it is {turn}'s turn",
                    seat=Seat(seat),
                    turn=Seat(self.turn),
                )
            )
        shown = ", ".join(c.text for c in legal[:12]) + (", …" if len(legal) > 12 else "")
        raise RuleViolation(
            _(
                "{seat} may not call {call} now; legal calls: {calls}",
                seat=Seat(seat),
                call=repr(text),
                calls=shown,
            )
        )

    def call(self, seat: int, text: str) -> Call:
        """Check and record a call written as text; returns the call."""
        found = self.find(seat, text)
        self.apply(seat, found)
        return found
