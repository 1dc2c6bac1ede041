"""How a variant deals its cards: :class:`DealPattern`, the answer of ``atout_deal_pattern``, and
where its packets go (:func:`packet_positions`, which the engine's dealing reads too)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from framework.core.cards import Deck
from framework.core.messages import KERNEL

_ = KERNEL.message

__all__ = ["DealPattern"]


@dataclass(frozen=True)
class DealPattern:
    """How the cards are dealt, in packets, in playing order from the seat after the dealer.

    :param deck: the deck used.
    :param hand_size: the cards each seat holds when play starts.
    :param before: packet sizes dealt round the table before the auction (Coinche: 3, 2, 3).
    :param after: packet sizes dealt after the auction until every hand is full (French
        Belote's completion: 3, the taker getting only what it lacks).
    :param turn_up: ``"none"``; ``"table"``: the next card is turned face up after the first
        packets and goes to the taker (French Belote); ``"dealer"``: the dealer's last card is
        shown to all and stays in the dealer's hand (Cuatrola's trump).
    :param clockwise: whether the cards go round a real table clockwise (counter-clockwise,
        the default, is the belote family's way). Seats are named in playing order, so the
        engine plays the same either way; a picture of the table turns.
    """

    deck: Deck
    hand_size: int
    before: tuple[int, ...]
    after: tuple[int, ...] = ()
    turn_up: Literal["none", "table", "dealer"] = "none"
    clockwise: bool = False

    def fault(self, seat_may_sit_out: bool = False, seats: int = 4) -> str | None:
        """Why this pattern cannot be dealt to a table of ``seats`` seats, in a plugin
        author's words (the count that is wrong), or None when it can. The kernel refuses a
        variant whose ``atout_deal_pattern`` answers such a pattern when it loads.

        Refused: a hand or a packet of less than one card; more cards dealt than the deck has
        (before the auction, with the turned-up card, or after it, whoever takes); a seat that
        starts play with another number of cards than ``hand_size`` (with
        ``seat_may_sit_out``, also when any one seat sits out). Cards left undealt are allowed.

        >>> from framework.core.cards import FRENCH_32
        >>> DealPattern(FRENCH_32, 8, (3, 2, 3)).fault() is None
        True
        >>> print(DealPattern(FRENCH_32, 10, (3, 4, 3)).fault())
        dealing 40 cards before the auction, but the deck has 32
        >>> DealPattern(FRENCH_32, 10, (3, 4, 3)).fault(seats=3) is None  # two kept back
        True
        """
        size, deck = self.hand_size, self.deck.size
        if size < 1:
            return _("hand_size {n}: a hand holds at least one card", n=size)
        for packet in (*self.before, *self.after):
            if packet < 1:
                return _("a packet of {n} cards: a packet deals at least one", n=packet)
        dealer = seats - 1  # (the first packet goes to seat 0)
        dealt, at = packet_positions(self.before, size, dealer, -1, 0, (0,) * seats)
        at += self.turn_up == "table"  # (the turned-up card, taken after the auction)
        if at > deck:
            return _(
                "dealing {n} cards before the auction, but the deck has {size}", n=at, size=deck
            )
        held = tuple(len(dealt.get(seat, ())) for seat in range(seats))
        for out in (-1, *(range(seats) if seat_may_sit_out else ())):
            for taker in (seat for seat in range(seats) if seat != out):
                hands = [0 if seat == out else n for seat, n in enumerate(held)]
                hands[taker] += self.turn_up == "table"
                more, end = packet_positions(self.after, size, dealer, out, at, hands)
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
    packets: tuple[int, ...], size: int, dealer: int, skip: int, at: int, held: Sequence[int]
) -> tuple[dict[int, list[int]], int]:
    """Where packets dealt round the table from the seat after ``dealer`` take their cards:
    per seat, its positions in the deck order, and the position after the last card dealt.
    Packets go to every seat but ``skip``, each hand filled only up to ``size`` (``held``: the
    cards each seat holds already, one count per seat of the table); the deck order is read
    from ``at``.

    >>> _packet_positions((3, 4, 3), 10, 2, -1, 0, (0, 0, 0))[1]  # three hands of ten
    30
    """
    counts = list(held)
    seats = len(counts)
    positions: dict[int, list[int]] = {}
    for packet in packets:
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
    return positions, at
