"""Board slips (duplicate): the hands of each board, dealt from the event's seed, written one
hand to a slip so that whoever sorts a board's cards into its pockets sees one hand at a time.

A board's deck order is the kernel's shuffle (:func:`framework.engine.deal.shuffled`) of a seed
made from the event's seed, the round and the board (:func:`board_seed`), so every table of a
round plays the same hands, and no two boards of an event are alike. Board ``k`` is dealt by
the seat :func:`scorepad.games.board_dealer` names (the dealer moves on one seat a board, from
the last seat: W at four), the same at every table, and the same dealer deals the deal a
table's game on boards records as board ``k`` (in whatever order the table plays its boards),
whatever the variant's own rotation. The slips are for any count
of seats the variant declares.

A slip holds a seat's cards in **packets**, in the order the variant's deal pattern deals them
(:class:`~framework.rules.dealing.DealPattern`): the cards dealt before the auction (phase 1),
then, when the pattern deals more after the auction to every seat alike (packets of 5, then 3),
the cards dealt then (phase 2), kept apart until the auction ends. When what a seat gets after
the auction depends on who takes (a turned-up card that goes to the taker, who gets one card
fewer), the rest of the deck is the board's **stock** slip instead, in the order it is dealt:
the turned-up card first, then the cards the dealer deals after the auction, top first. A
pattern that shows the dealer's last card (a trump shown to all) marks it on the dealer's slip.

Nothing here names a card game: the pattern says it all.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from framework.engine.deal import shuffled
from framework.rules.dealing import DealPattern, packet_positions
from scorepad.games import board_dealer

__all__ = ["Packet", "Slip", "board_order", "board_seed", "board_slips"]

#: the seats of the four-seat games (an event's tables), when a caller does not say
FOUR = 4


def board_seed(seed: int, round_number: int, board: int) -> int:
    """The shuffle's seed of one board of one round of an event whose seed is ``seed``.

    >>> board_seed(7, 1, 1) == board_seed(7, 1, 1) != board_seed(7, 1, 2)
    True
    """
    digest = hashlib.blake2b(f"atout-board:{seed}:{round_number}:{board}".encode(), digest_size=8)
    return int.from_bytes(digest.digest(), "big")


def board_order(seed: int, round_number: int, board: int, size: int) -> tuple[int, ...]:
    """The deck order of a board (``size``: the deck's card count), the same at every table."""
    return tuple(shuffled(size, board_seed(seed, round_number, board)))


@dataclass(frozen=True)
class Packet:
    """Cards dealt together: ``phase`` 1 before the auction, 2 after it; ``cards`` in the deck's
    order (a hand's packet, sorted) or in the order they are dealt (the stock, top first)."""

    phase: int
    cards: tuple[int, ...]


@dataclass(frozen=True)
class Slip:
    """One slip of a board: a seat's hand (``seat`` 0, 1, ...) or the stock (``seat`` None).

    ``shown`` is a card of this slip everyone sees: the dealer's last card when the pattern
    shows it, the stock's turned-up card (its first card)."""

    board: int
    dealer: int
    seat: int | None
    packets: tuple[Packet, ...]
    shown: int | None = None

    @property
    def cards(self) -> tuple[int, ...]:
        return tuple(c for p in self.packets for c in p.cards)


def _dealt_after(
    pattern: DealPattern, dealer: int, at: int, held: tuple[int, ...], taker: int
) -> tuple[dict[int, list[int]], int]:
    """Each seat's positions dealt after the auction when ``taker`` takes (``held``: the cards
    each seat holds before, ``at``: the first position after the first packets), and the
    position after the last card dealt."""
    hands = list(held)
    if pattern.turn_up == "table":
        hands[taker] += 1  # the turned-up card goes to the taker
        at += 1
    positions, _talon, end = packet_positions(
        pattern.after, pattern.hand_size, dealer, -1, at, hands
    )
    return positions, end


def board_slips(
    pattern: DealPattern, seed: int, round_number: int, board: int, seats: int = FOUR
) -> tuple[Slip, ...]:
    """The slips of one board at a table of ``seats`` seats: one per seat in playing order (N,
    E, S, W at four), then the stock's when the pattern deals after the auction according to
    the taker (or holds a talon).

    Every card of the board's deck that the deal uses is on exactly one slip; cards a pattern
    leaves undealt are on none.
    """
    order = board_order(seed, round_number, board, pattern.deck.size)
    dealer = board_dealer(board, seats)
    first, talon, at = packet_positions(
        pattern.before, pattern.hand_size, dealer, -1, 0, (0,) * seats
    )
    held = tuple(len(first.get(seat, ())) for seat in range(seats))
    by_taker = [_dealt_after(pattern, dealer, at, held, taker) for taker in range(seats)]
    # the same cards to every seat whoever takes (or nothing after the auction): a hand's
    # second packet is on its slip; else the rest of the deck is the stock's slip
    alike = pattern.turn_up != "table" and all(found == by_taker[0] for found in by_taker)
    shown: int | None = None
    if pattern.turn_up == "dealer":
        shown = order[first[dealer][-1]]  # the dealer's last card of the last round

    def sorted_cards(positions: list[int]) -> tuple[int, ...]:
        return tuple(sorted(order[p] for p in positions))

    slips: list[Slip] = []
    for seat in range(seats):
        packets = [Packet(1, sorted_cards(first.get(seat, [])))]
        second = by_taker[0][0].get(seat) if alike else None
        if second:
            packets.append(Packet(2, sorted_cards(second)))
        slips.append(Slip(board, dealer, seat, tuple(packets), shown if seat == dealer else None))
    if talon or not alike:
        # the talon, and what is dealt after the auction as the taker decides: the stock, in
        # the order it is dealt
        rest = order[at : max(end for _positions, end in by_taker)] if not alike else ()
        stock = tuple(order[p] for p in talon) + rest
        turned = rest[0] if pattern.turn_up == "table" else None
        slips.append(Slip(board, dealer, None, (Packet(2, stock),), turned))
    return tuple(slips)
