"""How a variant deals its cards: :class:`DealPattern`, the answer of ``atout_deal_pattern``, its
:class:`Packet` to one seat or to the talon, and where its packets go (:func:`packet_positions`,
which the engine's dealing reads too)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from framework.core.cards import Deck
from framework.core.messages import KERNEL

_ = KERNEL.message

__all__ = ["DealPattern", "Packet"]

#: Where :attr:`Packet.to` sends a packet that goes to no hand.
TALON: Literal["talon"] = "talon"


@dataclass(frozen=True)
class Packet:
    """A packet dealt to one place rather than round the table: to the talon (the undealt cards
    kept as a zone of the deal: talon, widow, skat, stock), or to one seat.

    :param cards: how many cards (at least one).
    :param to: ``"talon"``, or a seat counted from the dealer in playing order: 0 the dealer,
        1 the seat after it, and so on (a seat's packet fills its hand only up to the hand
        size, as a round does).

    >>> Packet(2), Packet(1, to=0)
    (Packet(cards=2, to='talon'), Packet(cards=1, to=0))
    """

    cards: int
    to: int | Literal["talon"] = TALON


@dataclass(frozen=True)
class DealPattern:
    """How the cards are dealt, in packets, in playing order from the seat after the dealer.

    A packet written as a number is a round: that many cards to each seat in turn, from the
    seat after the dealer, each hand filled only up to ``hand_size``. A :class:`Packet` goes
    to one place: the talon, or one seat. Whatever no packet deals is left in the stock; once
    the packets after the auction are dealt, the cards left join the talon. So the talon
    (``Deal.talon``, ``PlayedDeal.talon``) holds the talon's packets and the cards never dealt.

    :param deck: the deck used.
    :param hand_size: the cards each seat holds when play starts.
    :param before: packets dealt before the auction (Coinche: rounds of 3, 2, 3; a three-hand
        game with a talon of two: ``(2, 2, Packet(2), 2, 2, 2)``, or rounds whose leftover
        two cards are the talon).
    :param after: packets dealt after the auction until every hand is full (French Belote's
        completion: a round of 3, the taker getting only what it lacks); a seat sitting out
        gets none.
    :param turn_up: ``"none"``; ``"table"``: the next card is turned face up after the first
        packets and goes to the taker (French Belote); ``"dealer"``: the dealer's last card is
        shown to all and stays in the dealer's hand (Cuatrola's trump).
    :param clockwise: whether the cards go round a real table clockwise (counter-clockwise,
        the default, is the belote family's way). Seats are named in playing order, so the
        engine plays the same either way; a picture of the table turns.
    :param talon_face_up: the talon's cards are dealt face up: every seat sees them from the
        deal on (by default nobody sees them until a phase of the deal shows them).
    :param sitting_out: a seat that sits out of every deal, counted from the dealer as
        :attr:`Packet.to` counts (0: the dealer, as in four-handed Préférence), or None: it gets
        no card, and the deal's contract leaves it out (``Contract.sitting_out``), so it neither
        plays nor is asked to act; the auction is the variant's to keep it out of. The seat
        turns with the dealer, so each deal another player sits out. Such a table has no fixed
        partners: every seat is a side of its own until the variant's ``atout_sides`` says.
    """

    deck: Deck
    hand_size: int
    before: tuple[int | Packet, ...]
    after: tuple[int | Packet, ...] = ()
    turn_up: Literal["none", "table", "dealer"] = "none"
    clockwise: bool = False
    talon_face_up: bool = False
    sitting_out: int | None = None

    def out_of(self, dealer: int, seats: int) -> int:
        """The seat that sits out of a deal dealt by ``dealer`` at a table of ``seats`` seats,
        or -1 for none.

        >>> from framework.core.cards import FRENCH_32
        >>> DealPattern(FRENCH_32, 10, (2,) * 5, sitting_out=0).out_of(3, 4)
        3
        """
        return -1 if self.sitting_out is None else (dealer + self.sitting_out) % seats

    # complexity: one check for each way a pattern can be wrong (listed in the docstring), each
    # with its own words for the plugin author; one function keeps them in the order they are said.
    def fault(self, seat_may_sit_out: bool = False, seats: int = 4) -> str | None:
        """Why this pattern cannot be dealt to a table of ``seats`` seats, in a plugin
        author's words (the count that is wrong), or None when it can. The kernel refuses a
        variant whose ``atout_deal_pattern`` answers such a pattern when it loads.

        Refused: a hand or a packet of less than one card; a packet to a seat the table does
        not have; more cards dealt than the deck has (before the auction, with the turned-up
        card, or after it, whoever takes); a seat that starts play with another number of
        cards than ``hand_size`` (with ``seat_may_sit_out``, also when any one seat sits out);
        the dealer's card turned up when the last packet before the auction is not a round.
        Cards left undealt are allowed: they are the talon. A seat that sits out of every
        deal (``sitting_out``) must be a seat of the table, and holds no card.

        >>> from framework.core.cards import FRENCH_32
        >>> DealPattern(FRENCH_32, 8, (3, 2, 3)).fault() is None
        True
        >>> print(DealPattern(FRENCH_32, 10, (3, 4, 3)).fault())
        dealing 40 cards before the auction, but the deck has 32
        >>> DealPattern(FRENCH_32, 10, (3, 4, 3)).fault(seats=3) is None  # two kept back
        True
        >>> print(DealPattern(FRENCH_32, 10, (5, Packet(4), 5)).fault(seats=3))
        dealing 34 cards before the auction, but the deck has 32
        >>> four_dealer_out = DealPattern(FRENCH_32, 10, (2, Packet(2), 2, 2, 2, 2), sitting_out=0)
        >>> four_dealer_out.fault(seats=4) is None  # three hands of ten, the dealer none
        True
        """
        size, deck = self.hand_size, self.deck.size
        if size < 1:
            return _("hand_size {n}: a hand holds at least one card", n=size)
        for packet in (*self.before, *self.after):
            count = packet.cards if isinstance(packet, Packet) else packet
            if count < 1:
                return _("a packet of {n} cards: a packet deals at least one", n=count)
            to = packet.to if isinstance(packet, Packet) else TALON
            if to != TALON and not (isinstance(to, int) and 0 <= to < seats):
                return _(
                    "a packet to seat {n} after the dealer: a table of {seats} seats counts "
                    "0 (the dealer) to {last}",
                    n=repr(to),
                    seats=seats,
                    last=seats - 1,
                )
        if self.turn_up == "dealer" and self.before and isinstance(self.before[-1], Packet):
            return _("turn_up dealer: the last packet before the auction is a round")
        if self.sitting_out is not None and not (
            isinstance(self.sitting_out, int) and 0 <= self.sitting_out < seats
        ):
            return (  # (a plugin author's error: in English, as play plans' are)
                f"sitting_out {self.sitting_out!r}: a table of {seats} seats counts 0 (the "
                f"dealer) to {seats - 1}"
            )
        dealer = seats - 1  # (the first packet goes to seat 0)
        out_of_deal = self.out_of(dealer, seats)
        dealt, _talon, at = packet_positions(
            self.before, size, dealer, out_of_deal, 0, (0,) * seats
        )
        at += self.turn_up == "table"  # (the turned-up card, taken after the auction)
        if at > deck:
            return _(
                "dealing {n} cards before the auction, but the deck has {size}", n=at, size=deck
            )
        held = tuple(len(dealt.get(seat, ())) for seat in range(seats))
        outs = (
            (out_of_deal,)
            if out_of_deal >= 0
            else (-1, *(range(seats) if seat_may_sit_out else ()))
        )
        for out in outs:
            for taker in (seat for seat in range(seats) if seat != out):
                hands = [0 if seat == out else n for seat, n in enumerate(held)]
                hands[taker] += self.turn_up == "table"
                more, _talon, end = packet_positions(self.after, size, dealer, out, at, hands)
                if end > deck:
                    return _("dealing {n} cards, but the deck has {size}", n=end, size=deck)
                for seat in range(seats):
                    count = hands[seat] + len(more.get(seat, ()))
                    if seat != out and count != size:
                        return _(
                            "a seat starts play with {n} cards, not hand_size {size}",
                            n=count,
                            size=size,
                        )
        return None


def packet_positions(
    packets: tuple[int | Packet, ...],
    size: int,
    dealer: int,
    skip: int,
    at: int,
    held: Sequence[int],
) -> tuple[dict[int, list[int]], list[int], int]:
    """Where packets dealt from the seat after ``dealer`` take their cards: per seat, its
    positions in the deck order; the talon's positions; and the position after the last card
    dealt. Packets go to every seat but ``skip``, each hand filled only up to ``size``
    (``held``: the cards each seat holds already, one count per seat of the table); the deck
    order is read from ``at``.

    >>> packet_positions((3, 4, 3), 10, 2, -1, 0, (0, 0, 0))[2]  # three hands of ten
    30
    >>> seats, talon, end = packet_positions((1, Packet(2), Packet(1, 0)), 2, 1, -1, 0, (0, 0))
    >>> seats, talon, end
    ({0: [0], 1: [1, 4]}, [2, 3], 5)
    """
    counts = list(held)
    seats = len(counts)
    positions: dict[int, list[int]] = {}
    talon: list[int] = []
    for packet in packets:
        if isinstance(packet, Packet):
            if packet.to == TALON:
                talon.extend(range(at, at + packet.cards))
                at += packet.cards
                continue
            seat = (dealer + packet.to) % seats
            need = min(packet.cards, size - counts[seat])
            if seat != skip and need > 0:
                positions.setdefault(seat, []).extend(range(at, at + need))
                counts[seat] += need
                at += need
            continue
        seat = dealer
        for _ in range(seats):
            seat = seat + 1 if seat + 1 < seats else 0  # the next seat
            if seat == skip:
                continue
            need = min(packet, size - counts[seat])
            if need > 0:
                positions.setdefault(seat, []).extend(range(at, at + need))
                counts[seat] += need
                at += need
    return positions, talon, at
