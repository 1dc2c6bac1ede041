"""A deal as a variant reads it: its events (:class:`Event`) and, once finished, the summary it
turns into its deal record (:class:`PlayedDeal`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, NamedTuple

from framework.core.seats import FIXED_PARTNERS
from framework.rules.announcements import Announcement
from framework.rules.auction import Call, Contract

__all__ = ["ANNOUNCEMENT_KINDS", "Event", "PlayedDeal", "Trick"]

EventKind = Literal["call", "play", "declare", "show", "say", "take", "discard", "name", "decide"]

#: A trick played: ``(leader, cards in playing order, winner)``.
Trick = tuple[int, tuple[int, ...], int]

#: The event kinds the kernel derives from the hands and tricks (never applied by a player).
ANNOUNCEMENT_KINDS = frozenset({"declare", "show", "say"})


class Event(NamedTuple):
    """One event of a deal.

    :ivar kind: ``"call"`` or ``"play"`` (what a player does); ``"take"``, ``"discard"``,
        ``"name"`` or ``"decide"`` (an action of a phase between the auction and the play:
        :mod:`framework.rules.phases`); or one of the announcement kinds the kernel logs as
        they are made: ``"declare"``, ``"show"``, ``"say"``.
    :ivar seat: who acted.
    :ivar value: the :class:`~framework.rules.auction.Call`, the card (a small int), the cards
        taken or discarded (a bitmask), the :class:`~framework.rules.auction.Contract` named,
        the code of a decision, or the :class:`~framework.rules.announcements.Announcement`.
    """

    kind: EventKind
    seat: int
    value: Any


class PlayedDeal(NamedTuple):
    """The summary of a finished deal that a variant turns into its deal record.

    :ivar contract: the contract played, or None when the deal was thrown in.
    :ivar dealer: the dealer's seat.
    :ivar hands: each seat's hand when play started (bitmasks; 0 for a seat sitting out).
    :ivar tricks: every trick as ``(leader, cards in playing order, winner)``.
    :ivar card_points: card points won per side, last-trick bonus included, scaled
        (``{"NS": 98, "EW": 64}``), keyed by the names of each side's seats joined
        (:func:`~framework.core.seats.side_names`: ``NS`` and ``EW`` for the four-seat teams).
    :ivar tricks_won: tricks won per side, keyed the same way.
    :ivar declared: every combination declared at the first trick.
    :ivar counted: the declared combinations that count, after the comparison.
    :ivar play_declarations: declarations made in play that count (belote, cantes).
    :ivar calls: the auction, as ``(seat, call)``.
    :ivar turn_up: the turned-up card, if any.
    :ivar points_by_seat: card points won by each seat (scaled), one per seat of the table.
    :ivar discards: the cards discarded in the phases after the auction (bitmask).
    :ivar decisions: the decisions made in those phases, as ``(seat, code)`` in order.
    :ivar sides: each seat's side in the deal (:func:`~framework.rules.hookspecs.atout_sides`).
    :ivar controllers: per seat, the seat that played its hand (itself, or a seat that plays
        it face up: open whist).
    :ivar talon: the talon as dealt, a bitmask: the cards the pattern dealt to the talon and
        those no packet dealt, before any seat took them (0 when every card is dealt to a hand).
    :ivar tricks_by_seat: tricks won by each seat, one per seat of the table (empty for a
        summary made by hand without them).
    """

    contract: Contract | None
    dealer: int
    hands: tuple[int, ...]
    tricks: tuple[Trick, ...]
    card_points: Mapping[str, int]
    tricks_won: Mapping[str, int]
    declared: tuple[Announcement, ...]
    counted: tuple[Announcement, ...]
    play_declarations: tuple[Announcement, ...]
    calls: tuple[tuple[int, Call], ...]
    turn_up: int | None = None
    points_by_seat: tuple[int, ...] = (0, 0, 0, 0)
    discards: int = 0
    decisions: tuple[tuple[int, str], ...] = ()
    sides: tuple[int, ...] = FIXED_PARTNERS
    controllers: tuple[int, ...] = (0, 1, 2, 3)
    talon: int = 0
    tricks_by_seat: tuple[int, ...] = ()

    @property
    def partner(self) -> int | None:
        """The taker's partner by its called card (``Contract.called``): the seat that held
        the card when play started; None when no card was called, or the taker played alone
        (it held the card itself, or no seat did)."""
        contract = self.contract
        if contract is None or contract.called is None:
            return None
        for seat, hand in enumerate(self.hands):
            if hand >> contract.called & 1:
                return None if seat == contract.taker else seat
        return None

    @property
    def revealed(self) -> int | None:
        """The index of the trick in which the called card (``Contract.called``) was played,
        showing every seat who plays with whom; None when no card was called or it was never
        played."""
        contract = self.contract
        if contract is None or contract.called is None:
            return None
        for index, (_leader, cards, _winner) in enumerate(self.tricks):
            if contract.called in cards:
                return index
        return None

    @property
    def capot(self) -> str | None:
        """The side that took every trick, if one did (``NS`` or ``EW`` at four seats)."""
        tricks = len(self.tricks)  # (read once: every deal's record asks)
        if tricks:
            for team, won in self.tricks_won.items():
                if won == tricks:
                    return team
        return None
