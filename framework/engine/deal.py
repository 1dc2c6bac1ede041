"""The deal engine: a seeded deal, its auction and its play, as a log of events.

A :class:`Deal` starts from a dealer and the order of the shuffled deck; after that it changes
only through :meth:`Deal.apply` of an :class:`Event` (a call or a card played), the bots'
loops (:meth:`Deal.call_to_end`, :meth:`Deal.play_to_end`) or the bots' unchecked fast path
(:meth:`Deal.apply_call`, :meth:`Deal.apply_play`), so
:meth:`Deal.replay` rebuilds any state and :meth:`Deal.to_json` / :meth:`Deal.from_json`
round-trip it. Its state is read-only to callers: :attr:`Deal.hands`, :attr:`Deal.trick` and
:attr:`Deal.tricks` are tuples, and a deal has no attribute but those its constructor makes.

The variant's hooks are resolved once per deal: the deal pattern and the auction at the start,
the play rules when the contract is known, the declarations when first asked for, the record at
the end. Nothing on the path of a card calls a hook.

**Announcements are events of the deal.** Besides the calls and plays, :attr:`Deal.events`
holds, at the moment they are made:

- ``declare``: a combination a seat declares with its first card (tierce, carré, Weis);
- ``show``: after the first trick, the declarations that count, shown to the table;
- ``say``: a declaration made in play (belote, bela, cantes, stuk), just before the card that
  says it, or after the trick that makes it when no card of the seat says it.

They are derived from the hands and the tricks through the variant's announcement hooks when
someone reads the events (the hot path of a random deal never pays for them), and the deal
record reads the same declarations.

For search, :meth:`Deal.copy` is a cheap copy, ``InfoSet(deal, seat)`` is what one seat knows
(:class:`framework.engine.infoset.InfoSet`, a view built over the deal), and :meth:`InfoSet.sample`
builds a deal from it with the hidden hands filled in.

Every illegal action raises :class:`~framework.core.errors.RuleViolation` with a reason a player
understands, and changes nothing.
"""

from __future__ import annotations

import hashlib
import math
import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from itertools import repeat
from operator import itemgetter
from typing import TYPE_CHECKING, Any, Literal, TypeVar, cast

from framework.core.cards import Deck, bits
from framework.core.errors import NotationError, PluginError, RuleViolation
from framework.core.messages import KERNEL, CardCode, Message
from framework.core.options import Rules
from framework.core.seats import (
    FIXED_PARTNERS,
    called_sides,
    parse_seat_of,
    same_side,
    seat_word,
    side_names,
    table_sides,
)
from framework.engine._read import read
from framework.rules.announcements import Announcement
from framework.rules.auction import Auction, Call, Contract
from framework.rules.dealing import DealPattern, Packet, packet_positions
from framework.rules.phases import PHASE_KINDS, Phase, PhaseAction, PhaseTable
from framework.rules.play_plan import PlayPlan
from framework.rules.played import ANNOUNCEMENT_KINDS, Event, EventKind, PlayedDeal, Trick
from framework.rules.scoring import DealScore, MatchContext
from framework.rules.tricks import PlayRules

if TYPE_CHECKING:
    from framework.rules._fastpath import DealHooks
    from framework.rules.plugins import Variant

#: What a seat's chooser is given with its legal actions in :meth:`Deal.call_to_end` and
#: :meth:`Deal.play_to_end`: the seat's view of the deal (an
#: :class:`~framework.engine.infoset.InfoSet`, which reads this module, so it is not named here).
View = TypeVar("View")

_ = KERNEL.message
#: The phase actions whose value is cards.
_CARDS = frozenset({"take", "discard"})
_DEAL_OVER = _("the deal is over")
_NOT_OVER_YET = _("the deal is not over yet")

__all__ = ["Deal", "Stage"]

#: Where a deal stands: its auction, the phases between the auction and the play (when the
#: variant has any), the play, or over.
Stage = Literal["auction", "phases", "play", "over"]


class _Between:
    """The phases of one deal between its auction and its play, and what they did.

    Made when the auction ends with a contract and the variant answers ``atout_phases``; it no
    longer changes once play starts, so copies of the deal share it then.
    """

    __slots__ = (
        "at",
        "controlled",
        "controllers",
        "decisions",
        "discards",
        "phases",
        "shown",
        "talon",
        "talon_dealt",
    )

    def __init__(self, phases: tuple[Phase, ...], talon: int, seats: int) -> None:
        self.phases = phases
        #: the index of the phase under way (len(phases) once they are over)
        self.at = -1
        self.talon = talon
        self.talon_dealt = talon
        self.discards = 0
        self.decisions: tuple[tuple[int, str], ...] = ()
        self.controllers = tuple(range(seats))
        #: whether a seat plays another's hand
        self.controlled = False
        #: the seats whose hands are face up, as a bitmask of seats
        self.shown = 0


def _event_value(kind: str, value: Any) -> Any:
    """The value of a logged action as :attr:`Deal.events` gives it: a phase's action as the
    cards taken or discarded (bitmask), the contract named, or the decision's code."""
    if kind not in PHASE_KINDS:
        return value
    action: PhaseAction = value
    if kind == "name":
        return action.contract
    if kind == "decide":
        return action.code
    return action.cards


_Rotation = tuple[tuple[int, ...], tuple[int, ...], tuple[tuple[int, ...], ...]]


def _rotation(seats: int, sitting_out: int | None) -> _Rotation:
    """The seats that play a deal at a table of ``seats`` seats in which ``sitting_out`` sits
    out (None: nobody), the seat that plays after each, and per seat the seats of a trick it
    leads, in playing order."""
    active = tuple(s for s in range(seats) if s != sitting_out)
    nxt = list(range(seats))
    for i, s in enumerate(active):
        nxt[s] = active[(i + 1) % len(active)]
    orders = []
    for leader in range(seats):
        order = [leader]
        while len(order) < len(active):
            order.append(nxt[order[-1]])
        orders.append(tuple(order))
    return active, tuple(nxt), tuple(orders)


#: Per table size (2 to 6 seats), per seat sitting out (None: nobody): the seats that play,
#: each one's next seat and the seats of a trick each leads.
_ROTATIONS: dict[int, dict[int | None, _Rotation]] = {
    seats: {out: _rotation(seats, out) for out in (None, *range(seats))} for seats in range(2, 7)
}
#: Per table size: its default sides (framework.core.seats.table_sides), then the seats that
#: play, each one's next seat and the seats of a trick each leads when nobody sits out; and the
#: cards each seat holds before any is dealt.
_TABLES = {
    seats: ((table_sides(seats), *_ROTATIONS[seats][None]), (0,) * seats) for seats in range(2, 7)
}
#: Per number of seats, each seat playing its own hand (and each seat a side of its own).
_SELF_CONTROLLED = {n: tuple(range(n)) for n in range(2, 7)}
#: ``(seat, value)`` of a log entry ``(kind, seat, value)``.
_SEAT_AND_VALUE = itemgetter(1, 2)
_SIDE_KEYS: dict[tuple[tuple[int, ...], tuple[str, ...]], dict[int, str]] = {}
#: The keys of the play declarations on the first n tricks among a deal's derived values (made
#: once: the record asks for them on every deal).
_IN_PLAY = tuple(f"in_play:{n}" for n in range(33))


def _by_side(by_seat: Sequence[int], sides: tuple[int, ...]) -> tuple[int, ...]:
    """Per side (0 to the highest side of ``sides``), the sum of its seats' ``by_seat``."""
    if sides is FIXED_PARTNERS:
        return by_seat[0] + by_seat[2], by_seat[1] + by_seat[3]
    out = [0] * (max(sides) + 1)
    for seat, side in enumerate(sides):
        out[side] += by_seat[seat]
    return tuple(out)


def _side_keys(sides: tuple[int, ...], names: tuple[str, ...]) -> dict[int, str]:
    """Per side that has a seat, its key in ``PlayedDeal.card_points`` and ``tricks_won``: its
    seats' names joined (:func:`~framework.core.seats.side_names`; ``NS`` and ``EW`` for the
    four-seat teams)."""
    keys = _SIDE_KEYS.get((sides, names))
    if keys is None:
        keys = _SIDE_KEYS[sides, names] = {
            side: name for side, name in enumerate(side_names(sides, names)) if name
        }
    return keys


#: How a deck of some size is shuffled: the random bytes drawn, the steps two at a time as
#: (position, position - 1, radix, digits), and the last ones as the orders they make of the
#: positions below ``low`` (how many orders, each order's itemgetter, low; see _shuffle_plan).
_ShufflePlan = tuple[
    int,
    tuple[tuple[int, int, int, tuple[tuple[int, int], ...]], ...],
    int,
    tuple[Callable[[Sequence[int]], tuple[int, ...]], ...],
    int,
]
#: The positions below which the shuffle's last pairs of steps are one lookup (6: 720 orders).
_LOW = 6
_SHUFFLE_PLANS: dict[int, _ShufflePlan] = {}
#: A seat's cards of a deal, read from the deck order.
_Take = Callable[[Sequence[int]], tuple[int, ...]]
#: How packets are dealt: per seat, a function giving its cards from the deck order; the
#: talon's (None: no packet to the talon); the position after them (see _packet_layout).
_Layout = tuple[tuple[tuple[int, _Take], ...], _Take | None, int]
_LAYOUTS: dict[tuple[Any, ...], _Layout] = {}


def _taker(where: Sequence[int]) -> _Take:
    """A function giving the cards at positions ``where`` of the deck order."""
    # One position: a slice of one card (the deck order is a tuple).
    take = itemgetter(slice(where[0], where[0] + 1)) if len(where) == 1 else itemgetter(*where)
    return cast(_Take, take)


def _packet_layout(
    packets: tuple[int | Packet, ...],
    size: int,
    dealer: int,
    skip: int,
    at: int,
    held: tuple[int, ...],
) -> _Layout:
    """Where packets take their cards (:func:`~framework.rules.dealing.packet_positions`): per
    seat, a function giving its cards from the deck order, the talon's, and the position after
    the last card dealt. The same for every deal dealt the same way, so it is worked out once.
    """
    positions, talon, at = packet_positions(packets, size, dealer, skip, at, held)
    takes = tuple((seat, _taker(where)) for seat, where in positions.items())
    return takes, _taker(talon) if talon else None, at


def _shuffle_plan(size: int) -> _ShufflePlan:
    """How :func:`shuffled` shuffles a deck of ``size`` cards: the random bytes it draws; the
    Fisher–Yates steps paired: ``(i, i - 1, radix, digits)`` for the positions ``i`` and
    ``i - 1`` (both given: no subtraction per pair), whose two swap indices are
    ``digits[x % radix]`` for ``radix = (i + 1) * i``; and the last pairs' steps (the
    positions below ``_LOW``) as one lookup.

    Fisher–Yates takes ``j = x % (i + 1)``, then ``x //= i + 1``, for ``i`` from the top
    down; two steps at once take ``t = x % ((i + 1) * i)``, whose digits are ``t % (i + 1)``
    and ``t // (i + 1)``, then ``x //= (i + 1) * i``: the same indices, one division of the
    big number per pair and the digits looked up. An odd number of steps ends with ``i = 1``,
    paired with a swap of position 0 with itself (its digit is always 0). The steps of the
    pairs below ``_LOW`` only move the cards below it, so what they do is one of ``low!``
    orders of those ``low`` positions, picked by ``x % low!``: each is kept as the itemgetter
    that reads it from the deck order (720 of them for 32 cards, which the last three pairs'
    steps would cost about 5,000 instructions a deal to make, callgrind).
    """
    plan = _SHUFFLE_PLANS.get(size)
    if plan is None:
        nbytes = min(64, (int(math.lgamma(size + 1) / math.log(2)) + 64) // 8 + 1)
        pairs = []
        for i in range(size - 1, 0, -2):
            radix = (i + 1) * i
            pairs.append(
                (i, i - 1, radix, tuple((t % (i + 1), t // (i + 1)) for t in range(radix)))
            )
        above = tuple(pair for pair in pairs if pair[0] >= _LOW)
        below = [pair for pair in pairs if pair[0] < _LOW]
        low = below[0][0] + 1 if below else 0
        orders = []
        for t in range(math.factorial(low) if below else 0):
            order = list(range(low))
            for i, h, radix, digits in below:
                t, u = divmod(t, radix)
                j, k = digits[u]
                order[i], order[j] = order[j], order[i]
                order[h], order[k] = order[k], order[h]
            orders.append(itemgetter(*order))
        plan = _SHUFFLE_PLANS[size] = (nbytes, above, len(orders), tuple(orders), low)
    return plan


def shuffled(size: int, seed: int | None) -> list[int]:
    """A permutation of ``range(size)``: the order of a shuffled deck.

    The same seed gives the same order on every machine and Python version: the random bits
    are the BLAKE2b digest of the seed, consumed by a Fisher–Yates shuffle, with 64 bits more
    than ``log2(size!)`` so the bias is negligible. No seed: bits from the operating system.

    >>> shuffled(32, 1) == shuffled(32, 1) and sorted(shuffled(32, 1)) == list(range(32))
    True
    """
    nbytes, pairs, lows, orders, low = _SHUFFLE_PLANS.get(size) or _shuffle_plan(size)
    if seed is None:
        x = int.from_bytes(os.urandom(nbytes), "little")
    else:
        x = int.from_bytes(
            hashlib.blake2b(str(seed).encode(), digest_size=nbytes).digest(), "little"
        )
    order = list(range(size))
    for i, h, radix, digits in pairs:  # two Fisher–Yates steps each, h = i - 1 (_shuffle_plan)
        x, t = divmod(x, radix)
        j, k = digits[t]
        order[i], order[j] = order[j], order[i]
        order[h], order[k] = order[k], order[h]
    if lows:  # the last pairs' steps, as the order they make of the positions below low
        order[:low] = orders[x % lows](order)
    return order


class Deal:
    """One deal of a variant, from the shuffled deck to the deal record.

    Build it with :meth:`new` (seeded shuffle) or :meth:`from_json`; drive it with :meth:`call`
    and :meth:`play` (checked), or :meth:`apply` of events; read :attr:`current_seat`,
    :meth:`legal_calls`, :meth:`legal_plays`; when :attr:`is_over`, :meth:`record` and
    :meth:`score`.

    The state is read-only: properties return ints and tuples, and the only ways to change a
    deal are :meth:`call`, :meth:`play`, :meth:`apply`, the bots' loops and the unchecked fast
    path below.

    **The bots' loops.** :meth:`call_to_end` and :meth:`play_to_end` run the auction and the
    play to their ends, a chooser per seat picking from the legal calls or plays with the
    seat's information set; a choice outside them goes through the checks. They are
    :func:`~framework.bots.base.play_out`'s loops and the search bot's playouts.

    **The bots' unchecked fast path.** :meth:`apply_call` and :meth:`apply_play` skip every
    check: the caller has taken the call from :meth:`legal_calls` or the card from
    :meth:`legal_mask` for :attr:`current_seat`. Anything else corrupts the deal. Search
    code plays thousands of cards a second on :meth:`copy` of a deal through them.
    """

    __slots__ = (
        "_active",
        "_auction",
        "_avoid_tricks",
        "_best",
        "_between",
        "_call_log",
        "_called",
        "_context",
        "_contract",
        "_dealer",
        "_deck",
        "_derived",
        "_hands",
        "_hands_at_auction",
        "_hooks",
        "_key",
        "_lead",
        "_lead_owner",
        "_leader",
        "_leads",
        "_leads_first",
        "_legal_sides",
        "_next_active",
        "_next_card",
        "_opens",
        "_order",
        "_order_masks",
        "_orders",
        "_out",
        "_pattern",
        "_phase",
        "_play_rules",
        "_rules",
        "_seat_points",
        "_sides",
        "_start_hands",
        "_talon",
        "_trick",
        "_trick_order",
        "_trick_size",
        "_tricks",
        "_turn",
        "_turn_up",
        "_variant",
        "_won",
    )

    def __init__(
        self,
        variant: Variant,
        rules: Rules,
        dealer: int,
        order: Sequence[int],
        context: MatchContext | None = None,
        pattern: DealPattern | None = None,
    ) -> None:
        hooks = variant.hooks.for_deal(rules)
        if pattern is None:
            pattern = hooks.deal_pattern(rules)
            if sorted(order) != list(range(pattern.deck.size)):
                raise NotationError(
                    f"a deal needs each of the {pattern.deck.size} cards exactly once"
                )
        self._start(variant, hooks, rules, dealer, tuple(order), context, pattern)

    def _start(
        self,
        variant: Variant,
        hooks: DealHooks,
        rules: Rules,
        dealer: int,
        order: tuple[int, ...],
        context: MatchContext | None,
        pattern: DealPattern,
    ) -> None:
        """Deal the first packets and open the auction (``order``: the deck, checked)."""
        self._variant = variant
        # The hooks asked on this deal, as the variant's plugins stand when it starts.
        self._hooks = hook = hooks
        self._rules = rules
        self._dealer = dealer
        self._context = context or hook.first_contexts[dealer]  # (every column at 0)
        self._pattern: DealPattern = pattern
        self._deck = pattern.deck
        self._order = order
        self._order_masks: tuple[int, ...] | None = None  # (see _deal_packets)
        # The calls made, as plain ("call", seat, call) tuples. The cards played are not logged
        # one by one: the tricks say them (_actions_log), and the card path appends nothing.
        # Announcement events are derived from both (see ``_announcements``).
        self._call_log: list[tuple[EventKind, int, Any]] = []
        seats = len(hook.seats)
        table, empty = _TABLES[seats]
        self._hands = [0] * seats
        # The seat that sits out of the whole deal (DealPattern.sitting_out), or -1: it gets
        # no card, and the contract leaves it out.
        out = pattern.sitting_out
        self._out = -1 if out is None else (dealer + out) % seats
        # The cards the pattern's packets dealt to the talon (the talon is these and the cards
        # not dealt: Deal.talon).
        self._talon = 0
        self._next_card = 0
        self._turn_up: int | None = None
        self._deal_packets(self._pattern.before, self._out, empty)
        if self._pattern.turn_up == "table":
            self._turn_up = self._order[self._next_card]
            self._next_card += 1
        elif self._pattern.turn_up == "dealer":
            # The dealer receives the last card of the last round.
            self._turn_up = self._order[self._next_card - 1]
        self._auction: Auction = hook.auction(rules, dealer, self._turn_up, self._context)
        self._contract: Contract | None = None
        self._play_rules: PlayRules | None = None
        self._hands_at_auction: tuple[int, ...] = ()
        self._start_hands: tuple[int, ...] = ()
        self._tricks: list[Trick] = []
        self._trick: tuple[int, ...] = ()
        # The seats of the trick under way in playing order, all of them from its lead on (the
        # first len(_trick) have played); () between tricks.
        self._trick_order: tuple[int, ...] = ()
        self._best = 0
        self._key: tuple[int, ...] = ()
        self._leader = -1
        # The play plan (atout_play_plan): the talon's cards that lead the first tricks, in
        # order; the one leading the trick under way (-1: a seat leads it); whether the first
        # leader leads again after them (else their last winner); the hands laid face up
        # during play and after how many cards, as (seats bitmask, cards), or None; the seat
        # whose cards the talon's leads are (PlayPlan.talon_owner), or -1: nobody's.
        self._leads: tuple[int, ...] = ()
        self._lead = -1
        self._lead_owner = -1
        self._leads_first = True
        self._opens: tuple[int, int] | None = None
        # The seats that play to take as few tricks as they can (PlayPlan.avoid_tricks).
        self._avoid_tricks: tuple[int, ...] = ()
        self._turn: int | None = self._auction.turn
        self._phase: Stage = "auction"
        # The phases between the auction and the play, when the variant has any (None: none).
        self._between: _Between | None = None
        # Per seat, the tricks and card points it won (a side's are its seats').
        self._won = [0] * seats
        self._seat_points = [0] * seats
        self._trick_size = seats
        # Each seat's side (seats.same_side): who plays with whom, and which score column a
        # trick counts for.
        self._sides: tuple[int, ...]
        self._sides, self._active, self._next_active, self._orders = table
        if self._out >= 0:  # (no fixed partners at a table where one sits out of every deal)
            self._sides = _SELF_CONTROLLED[seats]
        # The sides the legal plays ask "is my side winning" by: the deal's sides, but every
        # seat alone while a called card hides the taker's partner (_call_partner); and that
        # card's mask until it is played (0: no partner hidden).
        self._legal_sides = self._sides
        self._called = 0
        # Derived, computed when first needed: the declarations (per seat), the counted ones,
        # the play declarations (the hook's answer on the whole deal) and the events.
        self._derived: dict[str, Any] = {}
        if self._auction.is_over:
            self._end_auction()

    # ---- construction -------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        variant: Variant,
        rules: Rules,
        dealer: int | None = None,
        seed: int | None = None,
        context: MatchContext | None = None,
    ) -> Deal:
        """A deal of a freshly shuffled deck; the same seed gives the same deal. The dealer is
        the table's last seat (``W`` of ``N E S W``) unless given."""
        hooks = variant.hooks.for_deal(rules)
        pattern = hooks.deal_pattern(rules)
        deal = cls.__new__(cls)
        deal._start(
            variant,
            hooks,
            rules,
            len(hooks.seats) - 1 if dealer is None else dealer,
            tuple(shuffled(pattern.deck.size, seed)),
            context,
            pattern,
        )
        return deal

    def _deal_packets(
        self, packets: tuple[int | Packet, ...], skip: int = -1, held: tuple[int, ...] = ()
    ) -> None:
        """Deal packets round the table from the seat after the dealer, filling hands only up
        to the hand size (the taker of a turn-up needs one card fewer)."""
        if not packets:
            return
        hands = self._hands
        key = (
            packets,
            self._pattern.hand_size,
            self._dealer,
            skip,
            self._next_card,
            held or tuple(map(int.bit_count, hands)),  # (the cards each seat holds already)
        )
        layout = _LAYOUTS.get(key)
        if layout is None:
            layout = _LAYOUTS[key] = _packet_layout(*key)
        takes, talon, self._next_card = layout
        # The masks of the deck order's cards, in one C call (an itemgetter of the order), so
        # that each seat's hand is the sum of its positions' masks: no Python call per card.
        # Made once per deal, for the packets dealt before and after the auction (about 5,000
        # instructions each time).
        masks = self._order_masks
        if masks is None:
            masks = self._order_masks = itemgetter(*self._order)(self._deck.card_masks)
        for seat, take in takes:
            hands[seat] |= sum(take(masks))
        if talon is not None:
            self._talon |= sum(talon(masks))

    def copy(self) -> Deal:
        """An independent copy of this deal, for search: playing on it leaves this one as it is.

        Cheap once play has started (a few list copies; the auction object and the phases are
        shared, since they no longer change); during the auction or the phases the copy is dealt
        again from the same deck order and the actions replayed (an auction or a phase is a
        variant's object, and a few actions cost less than copying it). Measured in
        ``benchmarks/kernel_bench.py`` (``copy_us``).
        """
        if self._phase == "auction" or self._phase == "phases":
            again = Deal.__new__(Deal)
            again._start(
                self._variant,
                self._hooks,
                self._rules,
                self._dealer,
                self._order,
                self._context,
                self._pattern,
            )
            for kind, seat, value in self._call_log:
                if kind == "call":
                    again.apply_call(seat, value)
                else:
                    again.apply_action(seat, value)
            return again
        new = Deal.__new__(Deal)
        new._variant = self._variant
        new._hooks = self._hooks
        new._rules = self._rules
        new._dealer = self._dealer
        new._context = self._context
        new._pattern = self._pattern
        new._deck = self._deck
        new._order = self._order
        new._order_masks = self._order_masks
        new._call_log = self._call_log  # (play has started: no call or action is added)
        new._hands = self._hands[:]
        new._next_card = self._next_card
        new._out = self._out
        new._turn_up = self._turn_up
        new._auction = self._auction
        new._contract = self._contract
        new._play_rules = self._play_rules
        new._hands_at_auction = self._hands_at_auction
        new._start_hands = self._start_hands
        new._talon = self._talon
        new._tricks = self._tricks[:]
        new._trick = self._trick
        new._trick_order = self._trick_order
        new._best = self._best
        new._key = self._key
        new._leader = self._leader
        new._leads = self._leads
        new._lead = self._lead
        new._lead_owner = self._lead_owner
        new._leads_first = self._leads_first
        new._opens = self._opens
        new._avoid_tricks = self._avoid_tricks
        new._turn = self._turn
        new._phase = self._phase
        new._between = self._between
        new._won = self._won[:]
        new._seat_points = self._seat_points[:]
        new._trick_size = self._trick_size
        new._sides = self._sides
        new._legal_sides = self._legal_sides
        new._called = self._called
        new._active = self._active
        new._next_active = self._next_active
        new._orders = self._orders
        derived = self._derived
        # The auction and the declarations (they depend only on the starting hands) are done:
        # a copy keeps them.
        new._derived = {
            k: derived[k] for k in ("calls", "declared", "in_order", "counted") if k in derived
        }
        return new

    # ---- state (read-only) --------------------------------------------------------------

    variant: Variant = read()
    """The variant played."""
    rules: Rules = read()
    """The rules of the game (preset and options)."""
    dealer: int = read()
    """The dealer's seat."""
    context: MatchContext = read()
    """Where the deal stands in its match (totals, pot, number)."""
    pattern: DealPattern = read()
    """How the cards are dealt."""
    deck: Deck = read()
    """The deck."""
    order: tuple[int, ...] = read()
    """The order of the shuffled deck the deal was dealt from."""

    @property
    def hands(self) -> tuple[int, ...]:
        """Every seat's cards now, as bitmasks indexed by seat (a copy)."""
        return tuple(self._hands)

    def hand(self, seat: int) -> int:
        """``seat``'s cards now, as a bitmask."""
        return self._hands[seat]

    turn_up: int | None = read()
    """The card turned face up by the deal pattern, or None."""

    @property
    def seats(self) -> tuple[str, ...]:
        """The table's seats, by name in playing order (the variant's ``Declaration.seats``,
        or its ``atout_table_shape`` under the deal's rules)."""
        return self._hooks.seats

    @property
    def sitting_out(self) -> int | None:
        """The seat that sits out of the whole deal (the deal pattern's ``sitting_out``: no
        card, no call, no play), or None."""
        return None if self._out < 0 else self._out

    contract: Contract | None = read()
    """The contract, once the auction produced one."""
    play_rules: PlayRules | None = read()
    """The contract's play rules (None during the auction and after a throw-in)."""
    start_hands: tuple[int, ...] = read()
    """Every seat's hand when play started (empty tuple before)."""

    @property
    def tricks(self) -> tuple[Trick, ...]:
        """The finished tricks, each ``(leader, cards in playing order, winner)``."""
        return tuple(self._tricks)

    trick: tuple[int, ...] = read()
    """The cards of the current trick, in playing order."""

    @property
    def trick_seats(self) -> tuple[int, ...]:
        """The seats that played the cards of :attr:`trick`."""
        return self._trick_order[: len(self._trick)]

    @property
    def leader(self) -> int | None:
        """The seat that led (or leads) the current trick; None before play."""
        if self._phase == "auction" or self._phase == "phases" or self._contract is None:
            return None
        return self._trick_order[0] if self._trick_order else self._turn

    @property
    def events(self) -> list[Event]:
        """The deal's log so far: every call, phase action, card and announcement, in order (a
        copy). A phase's action is ``("take", seat, cards)``, ``("discard", seat, cards)``,
        ``("name", seat, contract)`` or ``("decide", seat, code)``."""
        log = self._announcements()[0]
        if self._between is None:
            return [Event._make(e) for e in log]
        return [Event(k, s, _event_value(k, v)) for k, s, v in log]

    @property
    def actions(self) -> tuple[Event, ...]:
        """The calls, phase actions and cards only, in order: what :meth:`replay` needs
        (cheaper than :attr:`events`, which also derives the announcements)."""
        log = self._actions_log()
        if self._between is None:
            return tuple(Event._make(e) for e in log)
        return tuple(Event(k, s, _event_value(k, v)) for k, s, v in log)

    @property
    def phase_actions(self) -> tuple[tuple[int, PhaseAction], ...]:
        """The actions of the phases so far, as ``(seat, action)`` (empty for a variant with no
        phases): what each seat did between the auction and the play, with the variant's
        codes, words and what the action shows."""
        if self._between is None:
            return ()
        return tuple((s, v) for k, s, v in self._call_log if k != "call")

    phase: Stage = read()
    """``"auction"``, ``"phases"`` (between the auction and the play, when the variant has
    phases: :meth:`legal_actions`), ``"play"`` or ``"over"``."""

    @property
    def current_seat(self) -> int | None:
        """The seat to act, or None when the deal is over."""
        return self._turn

    @property
    def is_over(self) -> bool:
        """Whether the deal is finished (played out or thrown in)."""
        return self._phase == "over"

    @property
    def winning(self) -> tuple[int, int]:
        """The card winning the current trick and its seat (the trick must not be empty, unless
        a talon card that is a seat's leads it: :attr:`talon_owner`)."""
        if self._owned_lead_wins():
            return self._lead, self._lead_owner
        return self._trick[self._best], self._trick_order[self._best]

    def _owned_lead_wins(self) -> bool:
        """Whether the talon's card leading the trick under way is a seat's
        (:attr:`talon_owner`) and beats every card played to it so far."""
        lead = self._lead
        if lead < 0 or self._lead_owner < 0:
            return False
        trick = self._trick
        if not trick:
            return True
        key = self._play_rules.lead_keys[lead]  # type: ignore[union-attr]
        return key[lead] > key[trick[self._best]]

    def _winning_seat(self) -> int:
        """The seat of the card winning the current trick, or -1 when no card is on it."""
        if self._owned_lead_wins():
            return self._lead_owner
        return self._trick_order[self._best] if self._trick else -1

    def partner_wins(self, seat: int) -> bool:
        """Whether the legal plays count the card winning the current trick as ``seat``'s
        partner's: a seat on its side, the sides as the table knows them (while a called card
        hides the taker's partner, nobody's: see :meth:`sides_known_to`)."""
        winner = self._winning_seat()
        return winner >= 0 and same_side(self._legal_sides, winner, seat)

    def partner_wins_known(self, seat: int) -> bool:
        """Whether ``seat`` knows that the card winning the current trick is its partner's
        (:meth:`sides_known_to`): what a player of ``seat`` may count on."""
        winner = self._winning_seat()
        return winner >= 0 and same_side(
            self.sides_known_to(seat) if self._called else self._sides, winner, seat
        )

    def sides_known_to(self, seat: int) -> tuple[int, ...]:
        """The sides as ``seat`` knows them: the deal's :attr:`sides`, unless a called card
        (``Contract.called``) still hides the taker's partner from it. Until that card is
        played only the seat holding it knows the sides; to every other seat (the taker too,
        who knows only that its partner is not itself) every seat is alone. Once the card is
        played, or the deal is over, the sides are everyone's."""
        called = self._called
        if not called or self._phase == "over" or self._start_hands[seat] & called:
            return self._sides
        return self._legal_sides

    @property
    def event_count(self) -> int:
        """How many calls and cards the log holds (announcements not counted)."""
        return len(self._call_log) + len(self._tricks) * self._trick_size + len(self._trick)

    def following_seats(self, seat: int, count: int) -> tuple[int, ...]:
        """The ``count`` seats that play after ``seat`` in this deal (a seat sitting out
        skipped)."""
        out = []
        nxt = self._next_active
        for _ in range(count):
            seat = nxt[seat]
            out.append(seat)
        return tuple(out)

    trick_size: int = read()
    """Cards in a full trick: the number of seats playing this deal."""
    sides: tuple[int, ...] = read()
    """Each seat's side in this deal (:func:`framework.core.seats.same_side`): who plays with
    whom, and which side a seat's tricks count for. The whole truth, a called partner's
    included: a seat knows :meth:`sides_known_to`."""

    @property
    def talon(self) -> int:
        """The talon's cards now (bitmask): the cards the pattern dealt to the talon
        (:class:`~framework.rules.dealing.Packet`) and the cards left undealt, until a phase
        gives them to a seat (0 then)."""
        between = self._between
        if between is not None:
            return between.talon
        return self._talon | self._undealt()

    def _undealt(self) -> int:
        """The cards of the deck order not dealt so far (bitmask)."""
        masks = self._deck.card_masks
        out = 0
        for card in self._order[self._next_card :]:
            out |= masks[card]
        return out

    @property
    def talon_dealt(self) -> int:
        """The talon as dealt, before any seat took it (bitmask; during the auction, with the
        cards not dealt yet)."""
        between = self._between
        return self._talon | self._undealt() if between is None else between.talon_dealt

    @property
    def discards(self) -> int:
        """The cards discarded in the phases (bitmask)."""
        between = self._between
        return 0 if between is None else between.discards

    @property
    def decisions(self) -> tuple[tuple[int, str], ...]:
        """The decisions made in the phases, as ``(seat, code)`` in order."""
        between = self._between
        return () if between is None else between.decisions

    @property
    def controllers(self) -> tuple[int, ...]:
        """Per seat, the seat that plays its hand: itself, or a seat that a decision gave it to
        (open whist: the whister plays the passer's hand face up)."""
        between = self._between
        return tuple(range(len(self._hands))) if between is None else between.controllers

    @property
    def shown(self) -> tuple[int, ...]:
        """The seats whose hands are face up, seen by every seat (open whist)."""
        between = self._between
        shown = 0 if between is None else between.shown
        opens = self._opens
        if opens is not None and self.cards_played >= opens[1]:
            shown |= opens[0]
        if not shown:
            return ()
        return tuple(s for s in range(len(self._hands)) if shown >> s & 1)

    @property
    def cards_played(self) -> int:
        """How many cards the seats have played so far (a talon's card leading a trick is not
        one of them)."""
        return len(self._tricks) * self._trick_size + len(self._trick)

    @property
    def talon_leads(self) -> tuple[int, ...]:
        """The talon's cards turned so far to lead tricks (``atout_play_plan``), in order: the
        first leads the first trick, and so on (empty when the talon leads none)."""
        leads = self._leads
        if not leads:
            return ()
        return leads[: len(self._tricks) + 1]

    @property
    def lead(self) -> int | None:
        """The talon's card that leads the trick under way, or None when a seat leads it."""
        return None if self._lead < 0 else self._lead

    avoid_tricks: tuple[int, ...] = read()
    """The seats that play to take as few tricks as they can (``PlayPlan.avoid_tricks``, a
    bots' hint; every seat knows it from the contract); () before play."""

    @property
    def talon_owner(self) -> int | None:
        """The seat whose cards the talon's leading cards are (``PlayPlan.talon_owner``: the
        seat that sits out, whose talon card may take its trick), or None: nobody's."""
        return None if self._lead_owner < 0 else self._lead_owner

    @property
    def side_points(self) -> tuple[int, ...]:
        """Card points won so far by each side (:attr:`sides`; unscaled, last-trick bonus
        included): its seats' points."""
        return _by_side(self._seat_points, self._sides)

    @property
    def card_points(self) -> tuple[int, ...]:
        """Card points won so far per side (unscaled, last-trick bonus included): by NS and
        EW at four seats."""
        return _by_side(self._seat_points, self._sides)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks won so far per side: by NS and EW at four seats."""
        return _by_side(self._won, self._sides)

    @property
    def tricks_by_seat(self) -> tuple[int, ...]:
        """Tricks won so far by each seat."""
        return tuple(self._won)

    @property
    def points_by_seat(self) -> tuple[int, ...]:
        """Card points won so far by each seat (unscaled, last-trick bonus included)."""
        return tuple(self._seat_points)

    @property
    def hands_at_auction(self) -> tuple[int, ...]:
        """Every seat's hand during the auction (before the cards dealt after it)."""
        return self._hands_at_auction or tuple(self._hands)

    # ---- the auction --------------------------------------------------------------------

    def legal_calls(self, seat: int | None = None) -> list[Call]:
        """The calls ``seat`` (default: the seat to speak) may make now."""
        if self._phase != "auction":
            return []
        who = self._turn if seat is None else seat
        if who is None:
            return []
        calls = self._auction.legal_calls(who)
        if self._hooks.has_call_excludes:  # (calls a hand may not make: atout_call_excludes)
            hand, rules, excludes = self._hands[who], self._rules, self._hooks.call_excludes
            calls = [call for call in calls if not excludes(rules, call) & hand]
        return calls

    def call_excludes(self, call: Call) -> int:
        """The cards a seat may not hold to make ``call`` (``atout_call_excludes``, bitmask;
        0 when the call shows nothing): what every seat knows of the caller's hand."""
        hooks = self._hooks
        return hooks.call_excludes(self._rules, call) if hooks.has_call_excludes else 0

    def _check_call_hand(self, seat: int, call: Call) -> None:
        """Refuse ``call`` when ``seat`` holds a card that the call says it does not."""
        held = self.call_excludes(call) & self._hands[seat]
        if held:
            raise RuleViolation(
                _(
                    "{seat} may not call {call} holding {cards}",
                    seat=seat_word(seat, self.seats),
                    call=call.text,
                    cards=self._deck.format_mask(held),
                )
            )

    @property
    def calls(self) -> tuple[tuple[int, Call], ...]:
        """The auction so far, as ``(seat, call)``."""
        found: tuple[tuple[int, Call], ...] | None = self._derived.get("calls")
        if found is None:  # (kept when the auction ends: every call comes before the cards)
            found = tuple(map(_SEAT_AND_VALUE, self._call_log))
        return found

    def find_call(self, seat: int, text: str) -> Call:
        """The legal call of ``seat`` written ``text``, or a :class:`RuleViolation` that
        lists the calls allowed."""
        if self._phase != "auction":
            raise RuleViolation(_("the auction is over") if self._phase != "over" else _DEAL_OVER)
        found = self._auction.find(seat, text)
        if self._hooks.has_call_excludes:
            self._check_call_hand(seat, found)
        return found

    def call(self, text: str | Call, seat: int | None = None) -> Call:
        """Make a call; ``text`` in the variant's notation (``"PASS"``, ``"100H"``)."""
        who = self._turn if seat is None else seat
        if who is None:
            raise RuleViolation(_DEAL_OVER)
        self.apply(Event("call", who, text))
        value: Call = self._call_log[-1][2]
        return value

    def apply_call(self, seat: int, call: Call) -> None:
        """Make a call the caller has taken from :meth:`legal_calls` for ``seat``: the bots'
        unchecked fast path (:meth:`call` checks everything first)."""
        self._auction.apply(seat, call)
        self._call_log.append(("call", seat, call))
        self._turn = self._auction.turn
        if self._auction.is_over:
            self._end_auction()

    def call_to_end(
        self, choose: Sequence[Callable[[View, list[Call]], Call]], views: Sequence[View]
    ) -> None:
        """Run the auction to its end: ``choose[seat](views[seat], calls)`` picks each call of
        ``seat`` from its legal calls, ``views[seat]`` being the seat's information set. A
        call that is not one of the very objects offered goes through :meth:`call`, checked
        by its text (an illegal one raises :class:`RuleViolation` and changes nothing)."""
        auction = self._auction
        # (a variant whose calls depend on the hand: the deal's legal calls, filtered)
        legal_calls = self.legal_calls if self._hooks.has_call_excludes else auction.legal_calls
        apply = auction.apply
        log = self._call_log.append
        # apply_call's steps, inlined (a method call less per call). When the auction keeps the
        # base class's ``turn`` and ``is_over`` (the seat to speak in ``_turn``, over when it is
        # None), both are read from ``_turn``: two property calls less per call. A variant's
        # own properties are asked each time.
        kind = type(auction)
        plain = kind.turn is Auction.turn and kind.is_over is Auction.is_over
        while self._phase == "auction":
            seat = self._turn
            assert seat is not None
            calls = legal_calls(seat)
            call = choose[seat](views[seat], calls)
            # The very object offered takes the fast path. (A loop of `is`: any(map(is_, ...))
            # costs half as much again per call offered, and `in` would call Call.__eq__.)
            for offered in calls:
                if offered is call:
                    break
            else:
                self.call(call, seat)
                continue
            apply(seat, call)
            log(("call", seat, call))
            if plain:
                over = (turn := auction._turn) is None
            else:
                turn, over = auction.turn, auction.is_over
            self._turn = turn
            if over:
                self._end_auction()

    def _end_auction(self) -> None:
        self._hands_at_auction = tuple(self._hands)
        self._derived["calls"] = tuple(map(_SEAT_AND_VALUE, self._call_log))  # (seat, call)
        contract = self._auction.contract
        if contract is None:
            self._phase = "over"
            self._turn = None
            return
        if self._out >= 0:
            contract = self._leaving_out(contract)
        self._contract = contract
        if self._pattern.turn_up == "table" and self._turn_up is not None:
            self._hands[contract.taker] |= 1 << self._turn_up
        if contract.sitting_out is not None:
            self._hands[contract.sitting_out] = 0
        after = self._pattern.after
        if after:  # (most variants deal every card before the auction: no call then)
            self._deal_packets(after, -1 if contract.sitting_out is None else contract.sitting_out)
        hook = self._hooks
        if hook.has_phases:  # (a variant without phases asks nothing here)
            phases = hook.phases(self._rules, contract, self._dealer)
            if phases:
                self._between = _Between(phases, self._talon | self._undealt(), len(self._hands))
                self._phase = "phases"
                self._next_phase()
                return
        self._start_play()

    def _leaving_out(self, contract: Contract) -> Contract:
        """``contract`` leaving out the seat that sits out of the deal (the deal pattern's
        ``sitting_out``): said by the kernel when the variant's contract does not say it."""
        if contract.sitting_out == self._out:
            return contract
        if contract.sitting_out is not None:
            raise PluginError(  # (a plugin author's error: in English)
                self._variant.name,
                f"the contract leaves {self.seats[contract.sitting_out]} out, but "
                f"{self.seats[self._out]} sits out of the deal (atout_deal_pattern's sitting_out)",
            )
        return replace(contract, sitting_out=self._out)

    def _start_play(self) -> None:
        """Fix the contract and the sides, and open the play."""
        contract = self._contract
        assert contract is not None
        if self._out >= 0:  # (a contract named in a phase leaves the seat out too)
            contract = self._contract = self._leaving_out(contract)
        self._start_hands = tuple(self._hands)
        hook = self._hooks
        self._play_rules = hook.play_rules(self._rules, contract)
        if hook.has_sides:
            between = self._between
            sides = hook.sides(
                self._rules, contract, between.decisions if between else (), len(self._hands)
            )
            self._sides = sides  # (refused for a contract that calls a card)
            # The legal plays ask "is my side winning" by these sides too (a called card
            # hides them again below): not by the table's default ones of the auction.
            self._legal_sides = sides
        if contract.called is not None:
            self._call_partner(contract)
        seats = len(self._hands)
        self._active, self._next_active, self._orders = _ROTATIONS[seats][contract.sitting_out]
        self._trick_size = len(self._active)
        self._leader = hook.first_leader(
            self._rules, self._dealer, contract, seats, self._start_hands
        )
        self._turn = self._leader
        self._phase = "play"
        if hook.has_plan:  # (a variant that answers no play plan asks nothing here)
            self._plan_play(hook.play_plan(self._rules, contract, self.talon, seats))

    def _plan_play(self, plan: PlayPlan) -> None:
        """Take the play plan: the talon's cards that lead the first tricks (the talon's cards
        in the order dealt), the hands laid face up during play, the seats that play to take
        no trick."""
        self._avoid_tricks = plan.avoid_tricks
        if plan.talon_leads:
            talon = self.talon
            dealt = [card for card in self._order if talon >> card & 1]
            self._leads = tuple(dealt[: plan.talon_leads])
            self._lead = self._leads[0]
            self._leads_first = plan.after_talon == "first_leader"
            if plan.talon_owner is not None:  # (checked: the seat that sits out)
                self._lead_owner = plan.talon_owner
        if plan.shown:
            seats = 0
            for seat in plan.shown:
                seats |= 1 << seat
            self._opens = (seats, plan.shown_after)

    def _call_partner(self, contract: Contract) -> None:
        """The sides of a contract that calls a card (:func:`~framework.core.seats.called_sides`:
        the taker and the card's holder against the others), and the partner hidden.

        The rule of the legal plays while the partner is hidden: every seat plays alone, the
        card's holder too, so no "partner winning" step applies to anyone until the card is
        played. A seat that does not know its partner cannot be told it is winning; and a
        holder who could play otherwise would show who it is by its play. From the card on,
        the legal plays follow the deal's sides.
        """
        called = contract.called
        if type(called) is not int or not 0 <= called < self._deck.size:
            raise PluginError(
                self._variant.name,
                _(
                    "the contract {contract} calls {value}, which is not a card of its deck "
                    "(0 to {top})",
                    contract=contract.describe(self.seats),
                    value=repr(called),
                    top=self._deck.size - 1,
                ),
            )
        hands = self._hands
        seats = len(hands)
        holder = next((seat for seat in range(seats) if hands[seat] >> called & 1), None)
        self._sides = called_sides(contract.taker, holder, seats)
        self._legal_sides = tuple(range(seats))
        self._called = 1 << called

    # ---- the phases between the auction and the play -------------------------------------

    def _current_phase(self) -> Phase:
        between = self._between
        assert between is not None
        return between.phases[between.at]

    def _next_phase(self) -> None:
        """Begin the phases after the one that ended, until one has a seat to act; when none
        is left, start the play."""
        between = self._between
        assert between is not None and self._contract is not None
        while between.at + 1 < len(between.phases):
            between.at += 1
            phase = between.phases[between.at]
            phase.begin(
                PhaseTable(
                    self._deck,
                    self._dealer,
                    self._contract,
                    tuple(self._hands),
                    between.talon,
                    between.decisions,
                    self.seats,
                )
            )
            if phase.turn is not None:
                self._turn = phase.turn
                return
        between.at = len(between.phases)
        self._start_play()

    def legal_actions(self, seat: int | None = None) -> list[PhaseAction]:
        """The actions ``seat`` (default: the seat to act) may take now in the phase under way
        (empty outside the phases, or when it may not act)."""
        if self._phase != "phases":
            return []
        who = self._turn if seat is None else seat
        return [] if who is None else self._current_phase().legal_actions(who)

    def find_action(self, seat: int, text: str) -> PhaseAction:
        """The legal action of ``seat`` written ``text`` (its code; the cards of a discard),
        or a :class:`RuleViolation` that says why not."""
        if self._phase != "phases":
            raise RuleViolation(self._not_in_phases())
        return self._checked(seat, self._current_phase().find(seat, text))

    def _not_in_phases(self) -> Message:
        if self._phase == "auction":
            return _("the auction is not over")
        return _("the play has started") if self._phase == "play" else _DEAL_OVER

    def _checked(self, seat: int, action: PhaseAction) -> PhaseAction:
        """``action`` as the phase found it, refused when it cannot be done (the variant's
        phase is wrong: a plugin error naming it)."""
        fault = None
        if action.kind not in PHASE_KINDS:
            fault = f"an action of kind {action.kind!r}"
        elif action.kind == "take" and action.cards & ~self.talon:
            fault = f"a take of {self._deck.format_mask(action.cards)}, not in the talon"
        elif action.kind == "discard" and action.cards & ~self._hands[seat]:
            fault = f"a discard of {self._deck.format_mask(action.cards)}, not in the hand"
        elif action.kind == "name" and action.contract is None:
            fault = f"a name action {action.code!r} without a contract"
        if fault is not None:
            raise PluginError(
                self._variant.name,
                f"the phase {type(self._current_phase()).__name__} offers {fault}",
            )
        return action

    def act(self, action: str | PhaseAction, seat: int | None = None) -> PhaseAction:
        """Take an action of the phase under way (checked): its code as a player writes it
        (``"WHIST"``, the cards of a discard ``"7S 8H"``), or one of :meth:`legal_actions`.
        Returns the action taken."""
        who = self._turn if seat is None else seat
        if who is None:
            raise RuleViolation(_DEAL_OVER)
        if self._phase != "phases":
            raise RuleViolation(self._not_in_phases())
        found = self._resolve(None, who, action)
        self.apply_action(who, found)
        return found

    def _resolve(self, kind: str | None, seat: int, value: Any) -> PhaseAction:
        """The legal action of ``seat`` an event's value stands for: an action, its code, the
        cards taken or discarded (bitmask), the contract named; refused with the reason."""
        phase = self._current_phase()
        legal = phase.legal_actions(seat) if seat == phase.turn else []
        if isinstance(value, PhaseAction):
            found = next((a for a in legal if a == value), None)
            if found is None:
                found = phase.find(seat, value.code)
        elif isinstance(value, int) and kind == "take":
            found = next((a for a in legal if a.kind == "take" and a.cards == value), None)
            if found is None:  # (refused, with the actions allowed)
                found = phase.find(seat, self._deck.format_mask(value))
        elif isinstance(value, int):
            found = phase.find(seat, self._deck.format_mask(value))
        elif isinstance(value, Contract):
            found = next((a for a in legal if a.contract == value), None)
            if found is None:
                found = phase.find(seat, str(value))
        else:
            found = phase.find(seat, str(value))
        if kind is not None and found.kind != kind:
            raise RuleViolation(
                _(
                    "{seat} may not choose {action} now; choose one of: {actions}",
                    seat=seat_word(seat, self.seats),
                    action=kind,
                    actions=", ".join(a.code for a in legal),
                )
            )
        return self._checked(seat, found)

    def apply_action(self, seat: int, action: PhaseAction) -> None:
        """Take an action the caller has taken from :meth:`legal_actions` for ``seat``: the
        bots' unchecked fast path (:meth:`act` checks everything first)."""
        between = self._between
        assert between is not None
        phase = between.phases[between.at]
        phase.apply(seat, action)
        self._call_log.append((action.kind, seat, action))
        kind = action.kind
        if kind == "take":
            self._hands[seat] |= action.cards
            between.talon &= ~action.cards
        elif kind == "discard":
            self._hands[seat] &= ~action.cards
            between.discards |= action.cards
        elif kind == "name":
            self._contract = action.contract
        else:
            between.decisions = (*between.decisions, (seat, action.code))
            if action.plays_for:
                controllers = list(between.controllers)
                for hand in action.plays_for:
                    controllers[hand] = seat
                between.controllers = tuple(controllers)
                between.controlled = True
            for shown in action.shows:
                between.shown |= 1 << shown
        if action.ends_deal:  # (over without play: the contract and sides fixed all the same)
            between.at = len(between.phases)
            self._start_play()
            self._phase = "over"
            self._turn = None
        elif phase.turn is None:
            self._next_phase()
        else:
            self._turn = phase.turn

    def act_to_end(
        self,
        choose: Sequence[Callable[[View, list[PhaseAction]], PhaseAction]],
        views: Sequence[View],
    ) -> None:
        """Run the phases to their end: ``choose[seat](views[seat], actions)`` picks each action
        of ``seat`` from its legal actions. An action that is not one of the very objects
        offered goes through :meth:`act` (an illegal one raises :class:`RuleViolation` and
        changes nothing). Nothing to do for a deal with no phases."""
        while self._phase == "phases":
            seat = self._turn
            assert seat is not None
            actions = self.legal_actions(seat)
            action = choose[seat](views[seat], actions)
            for offered in actions:
                if offered is action:
                    self.apply_action(seat, action)
                    break
            else:
                self.act(action, seat)

    # ---- card play ----------------------------------------------------------------------

    def legal_mask(self) -> int:
        """The cards the seat to play may play, as a bitmask."""
        seat = self._turn
        if self._phase != "play" or seat is None:
            return 0
        hand = self._hands[seat]
        if self._lead >= 0:  # a trick the talon leads
            return self._play_rules.legal(hand, *self.trick_as_led(seat))  # type: ignore[union-attr]
        trick = self._trick
        if not trick:
            return hand
        # The partner is winning: the winning seat is on this seat's side (same_side, inlined:
        # the seat to play has not played, so it is not the winning seat; _play says it too),
        # the sides as the legal plays know them (partner_wins).
        sides = self._legal_sides
        return self._play_rules.legal(  # type: ignore[union-attr]
            hand, trick, trick[self._best], sides[self._trick_order[self._best]] == sides[seat]
        )

    def trick_as_led(self, seat: int) -> tuple[tuple[int, ...], int, bool]:
        """The trick under way as the legal-play function reads it: its cards, led card first
        (the talon's card, when one leads it), the card winning it (the talon's card until a
        seat plays: it sets the suit; while it beats every card played, when it is a seat's:
        :attr:`talon_owner`), and whether ``seat``'s side is winning it."""
        trick = self._trick
        lead = self._lead
        if lead >= 0:
            if not trick:
                return (lead,), lead, self.partner_wins(seat)
            if self._owned_lead_wins():
                return (lead, *trick), lead, self.partner_wins(seat)
            return (lead, *trick), trick[self._best], self.partner_wins(seat)
        return trick, trick[self._best], self.partner_wins(seat)

    def legal_plays(self) -> list[int]:
        """The cards the seat to play may play, lowest first."""
        return list(bits(self.legal_mask()))

    def check_play(self, seat: int, card: int) -> None:
        """Raise :class:`RuleViolation` if ``seat`` may not play ``card`` now."""
        name = CardCode(self._deck.format(card))
        if self._phase != "play":
            raise RuleViolation(
                _("cards are played after the auction")
                if self._phase == "auction"
                else _("the play has not started yet")
                if self._phase == "phases"
                else _DEAL_OVER
            )
        if seat != self._turn:
            raise RuleViolation(
                _(
                    "it is {turn}'s turn to play, not {seat}'s",
                    turn=seat_word(self._turn, self.seats),
                    seat=seat_word(seat, self.seats),
                )
                if self._turn is not None
                else _DEAL_OVER
            )
        if not self._hands[seat] >> card & 1:
            raise RuleViolation(
                _("{seat} does not hold {card}", seat=seat_word(seat, self.seats), card=name)
            )
        legal = self.legal_mask()
        if not legal >> card & 1:
            assert self._play_rules is not None
            reason = self._play_rules.reason(self._hands[seat], *self.trick_as_led(seat))
            raise RuleViolation(
                _(
                    "{seat} may not play {card}: {reason}; play {cards}",
                    seat=seat_word(seat, self.seats),
                    card=name,
                    reason=reason,
                    cards=self._deck.format_mask(legal),
                )
            )

    def can_play(self, seat: int, card: int) -> bool:
        """Whether ``seat`` may play ``card`` now."""
        try:
            self.check_play(seat, card)
        except RuleViolation:
            return False
        return True

    def play(self, card: int | str, seat: int | None = None) -> None:
        """Play a card (a small int or its name) for ``seat`` (default: the seat to play)."""
        if isinstance(card, str):
            card = self._deck.parse(card)
        who = self._turn if seat is None else seat
        if who is None:
            raise RuleViolation(_DEAL_OVER)
        self.check_play(who, card)
        self.apply_play(who, card)

    def apply_play(self, seat: int, card: int) -> int | None:
        """Play a card the caller has taken from :meth:`legal_mask` for the seat to play: the
        bots' unchecked fast path (:meth:`play` checks everything first). Returns the seat to
        play next (:attr:`current_seat`; None when the deal is over)."""
        turn = self._play_led(seat, card) if self._lead >= 0 else self._play(seat, card, None, ())
        if self._called >> card & 1:  # the called card: the partner is known
            self._legal_sides = self._sides
            self._called = 0
        return turn

    def play_to_end(
        self, choose: Sequence[Callable[[View, int], int]], views: Sequence[View]
    ) -> None:
        """Play the deal to its end: ``choose[seat](views[seat], legal)`` picks each card of
        ``seat`` from its legal plays (a bitmask), ``views[seat]`` being the seat's information set
        (an :class:`~framework.engine.infoset.InfoSet`). A card outside the legal plays raises the
        player-readable :class:`RuleViolation` of :meth:`check_play` and changes nothing.

        The card loop of :func:`~framework.bots.base.play_out` and of the search bot's playouts: a
        card costs no method call but the bot's, and the deal's state is current whenever a
        bot is asked.

        A hand that another seat plays (:attr:`controllers`: open whist) is chosen by that
        seat's ``choose``, given the hand's own seat's view (the hands face up are in every
        view).
        """
        seat = self._turn
        if self._phase != "play" or seat is None:
            return
        between = self._between
        if between is not None and between.controlled:
            choose = [choose[controller] for controller in between.controllers]
        # A card at a time (apply_play) through the tricks the talon leads, and while a called
        # card hides the taker's partner (until its card shows it).
        while self._lead >= 0 or self._called:
            legal = self.legal_mask()
            card = choose[seat](views[seat], legal)
            if not legal >> card & 1:
                self.check_play(seat, card)
            turn = self.apply_play(seat, card)
            if turn is None:
                return
            seat = turn
        legal = self.legal_mask()
        card = choose[seat](views[seat], legal)
        if not legal >> card & 1:
            self.check_play(seat, card)
        self._play(seat, card, choose, views)

    def _play(
        self,
        seat: int,
        card: int,
        choose: Sequence[Callable[[View, int], int]] | None,
        views: Sequence[View],
    ) -> int | None:
        """Play ``card`` for ``seat``; with ``choose`` (see :meth:`play_to_end`), then every
        card after it to the end of the deal. The one implementation of a card played.

        The trick under way lives in locals (the same values as the attributes, which are
        written before a bot is asked, so its information set is current): an attribute is
        read once per call, not once per card.
        """
        hands = self._hands
        trick = self._trick
        order = self._trick_order
        played = len(trick)
        best = self._best
        key = self._key
        top = key[trick[best]] if played else -1  # the winning card's key
        rules = self._play_rules
        assert rules is not None
        lead_keys = rules.lead_keys
        legal_of = rules.legal
        masks = self._deck.card_masks
        size = self._trick_size
        # What a trick's end reads, read once per call too.
        card_points = rules.points
        tricks = self._tricks
        won = self._won
        seat_points = self._seat_points
        sides = self._legal_sides
        while True:
            # The card is in the hand (taken from its legal plays): xor takes it out.
            hands[seat] ^= masks[card]
            trick += (card,)
            played += 1
            if played == 1:
                best = 0
                key = self._key = lead_keys[card]
                top = key[card]
                order = self._trick_order = self._orders[seat]
            elif key[card] > top:
                best = played - 1
                top = key[card]
            if played < size:
                seat = order[played]
                self._trick = trick
                self._best = best
                self._turn = seat
                if choose is None:
                    return seat
                # legal_mask's call: the winning seat on this seat's side is its partner.
                legal = legal_of(hands[seat], trick, trick[best], sides[order[best]] == sides[seat])
            else:
                winner = order[best]
                tricks.append((order[0], trick, winner))
                points = 0
                for c in trick:  # (a loop: cheaper than sum(map(...)) over a few cards)
                    points += card_points[c]
                self._trick = trick = ()
                self._trick_order = order = ()
                played = 0
                won[winner] += 1
                if hands[winner]:
                    turn: int | None = winner
                else:
                    points += rules.last_trick_bonus
                    turn = None
                    self._phase = "over"
                self._turn = turn
                seat_points[winner] += points
                if turn is None or choose is None:
                    return turn
                seat = turn
                legal = hands[seat]  # a lead: any card
            card = choose[seat](views[seat], legal)
            if not legal >> card & 1:
                self.check_play(seat, card)

    def _play_led(self, seat: int, card: int) -> int | None:
        """Play ``card`` for ``seat`` in a trick the talon leads (:class:`PlayPlan`): the
        talon's card sets the suit and wins nothing, unless it is a seat's card
        (:attr:`talon_owner`) and the best of the trick, which then takes it for that seat;
        otherwise the best card of a seat takes the trick. The next trick starts again from
        the first leader while the talon leads; after the last, the first leader or that
        trick's winner leads (the first leader when the talon's owner, who holds no card, won
        it). Returns the seat to play next."""
        hands = self._hands
        hands[seat] ^= self._deck.card_masks[card]
        rules = self._play_rules
        assert rules is not None
        key = rules.lead_keys[self._lead]
        trick = (*self._trick, card)
        if len(trick) == 1:
            self._trick_order = self._orders[seat]
            self._key = key
            best = 0
        else:
            best = self._best
            if key[card] > key[trick[best]]:
                best = len(trick) - 1
        order = self._trick_order
        if len(trick) < self._trick_size:
            self._trick, self._best = trick, best
            turn: int | None = order[len(trick)]
            self._turn = turn
            return turn
        winner = order[best]
        points = 0
        owner = self._lead_owner
        if owner >= 0:  # the talon's card is the owner's: it counts, and takes the trick if best
            points = rules.points[self._lead]
            if key[self._lead] > key[trick[best]]:
                winner = owner
        self._tricks.append((order[0], trick, winner))
        for c in trick:
            points += rules.points[c]
        self._trick, self._trick_order, self._best = (), (), 0
        self._won[winner] += 1
        done = len(self._tricks)
        if done < len(self._leads):
            self._lead = self._leads[done]
            turn = self._leader
        else:
            self._lead = -1
            turn = self._leader if self._leads_first or winner == owner else winner
        if not hands[order[0]]:  # (every seat that plays holds as many cards: the deal's end)
            points += rules.last_trick_bonus
            turn = None
            self._lead = -1
            self._phase = "over"
        self._seat_points[winner] += points
        self._turn = turn
        return turn

    # ---- announcements ------------------------------------------------------------------

    def declared(self) -> tuple[tuple[Announcement, ...], ...]:
        """What each seat declares with its first card (indexed by seat; empty before play).

        Found once per deal by the variant's ``atout_find_announcements`` hook on the hands
        held when play starts.
        """
        found: tuple[tuple[Announcement, ...], ...] | None = self._derived.get("declared")
        if found is None:
            contract = self._contract
            if contract is None:
                return ((),) * len(self._hands)
            found = self._hooks.declarations(self._rules, contract, self._start_hands)
            self._derived["declared"] = found
        return found

    def optional_announcements(self, seat: int) -> tuple[Announcement, ...]:
        """What ``seat`` may still keep quiet: its declarations the variant lets a player
        choose not to announce (``atout_announcement_optional``), until its first card."""
        if self._phase != "play" or self._hands[seat] != self._start_hands[seat]:
            return ()
        return tuple(
            a
            for a in self.declared()[seat]
            if self._variant.hooks.announcement_optional(self._rules, a)
        )

    def waive(self, seat: int, announcement: Announcement) -> None:
        """Keep ``announcement`` of ``seat`` quiet: it is not declared, shown or counted
        (:meth:`to_json` logs it as ``["waive", "S", {"kind": "tierce", ...}]`` before the
        seat's first card).

        Only before the seat's first card, and only where the variant lets a player choose
        (:meth:`optional_announcements`); bots never waive, so the deal's hot path is as it
        was. The declarations are worked out again here, not on every deal.
        """
        if announcement not in self.optional_announcements(seat):
            raise RuleViolation(
                _(
                    "{seat} cannot keep {announcement} quiet: it is not one the rules let "
                    "{seat} choose before the first card",
                    seat=seat_word(seat, self.seats),
                    announcement=announcement.shown,
                )
            )
        derived = self._derived
        declared = list(self.declared())
        declared[seat] = tuple(a for a in declared[seat] if a != announcement)
        for key in ("in_order", "counted", "events"):
            derived.pop(key, None)
        derived["declared"] = _Declared(declared, (*self._waived(), announcement))

    def _waived(self) -> tuple[Announcement, ...]:
        """The declarations kept quiet so far (:meth:`waive`)."""
        declared = self._derived.get("declared")
        return declared.waived if isinstance(declared, _Declared) else ()

    def _declared_in_order(self) -> tuple[Announcement, ...]:
        """Every declaration, in playing order from the first leader."""
        found: tuple[Announcement, ...] | None = self._derived.get("in_order")
        if found is None:
            declared = self.declared()
            found = ()
            for seat in _ROTATIONS[len(declared)][None][2][self._leader]:  # every seat
                found += declared[seat]
            self._derived["in_order"] = found
        return found

    def counted(self) -> tuple[Announcement, ...]:
        """The declarations that count, once the first trick is over (shown to the table)."""
        found: tuple[Announcement, ...] | None = self._derived.get("counted")
        if found is None:
            contract = self._contract
            # (the declarations in order as played() has just made them, else made here)
            declared = self._derived.get("in_order")
            if declared is None and contract is not None:
                declared = self._declared_in_order()
            found = (
                self._hooks.counted_announcements(self._rules, contract, declared)
                if contract is not None and declared
                else ()
            )
            self._derived["counted"] = found
        return found

    def _play_declarations(self, tricks: int) -> tuple[Announcement, ...]:
        """The variant's play declarations on the first ``tricks`` tricks."""
        key = _IN_PLAY[tricks] if tricks < len(_IN_PLAY) else f"in_play:{tricks}"
        found: tuple[Announcement, ...] | None = self._derived.get(key)
        if found is None:
            found = (
                ()
                if self._contract is None
                else self._hooks.play_declarations(
                    self._rules, self._contract, self._start_hands, tuple(self._tricks[:tricks])
                )
            )
            self._derived[key] = found
        return found

    # complexity: one pass over the log places three kinds of event (declared, shown, said), each
    # with its own timing rule; split, each part would walk the same log indexes again.
    def _announcements(self) -> tuple[list[tuple[EventKind, int, Any]], list[Announcement]]:
        """The log with the announcement events in place, and the play declarations said.

        Declarations: before each seat's first card. Shown: after the first trick. Said: the
        variant's play declarations are asked for at the start of play and after each trick;
        a declaration first found then is said just before the next card of it that its seat
        plays, or at once when the seat plays none of it any more.
        """
        stamp = (self.event_count, self._phase)
        cached = self._derived.get("events")
        if cached is not None and cached[0] == stamp:
            return cached[1], cached[2]
        log = self._actions_log()
        if self._contract is None or not self._start_hands:
            result: tuple[list[tuple[EventKind, int, Any]], list[Announcement]] = (log, [])
            self._derived["events"] = (stamp, *result)
            return result
        declared = self.declared()
        first_play = (
            next(i for i, e in enumerate(log) if e[0] == "play")
            if self._tricks or self._trick
            else len(log)
        )
        plays_done = len(log) - first_play
        size = self._trick_size
        done_tricks = len(self._tricks)
        # before[i]: events to put before log entry i; after the last entry: at the end.
        before: dict[int, list[tuple[EventKind, int, Any]]] = {}

        def put(i: int, event: tuple[EventKind, int, Any]) -> None:
            before.setdefault(i, []).append(event)

        # Declarations, with each seat's first card.
        for j in range(min(plays_done, size)):
            i = first_play + j
            seat = log[i][1]
            for a in declared[seat]:
                put(i, ("declare", seat, a))
        if done_tricks:
            for a in self.counted():
                put(first_play + size, ("show", a.seat, a))
        # Play declarations, as the cards say them.
        said: list[Announcement] = []
        seen: set[tuple[int, str, int]] = set()
        played_at: dict[int, int] = {log[i][2]: i for i in range(first_play, len(log))}
        for k in range(done_tricks + 1):
            point = first_play + k * size  # index of the first card after trick k
            for a in self._play_declarations(k):
                ident = (a.seat, a.kind, a.cards)
                if ident in seen:
                    continue
                seen.add(ident)
                # The seat's own cards of it played since it was found: the first says it.
                later = [
                    played_at[c]
                    for c in bits(a.cards & self._start_hands[a.seat])
                    if played_at.get(c, -1) >= point
                ]
                if later:
                    put(min(later), ("say", a.seat, a))
                    said.append(a)
                elif not a.cards & self._hands[a.seat]:
                    put(point, ("say", a.seat, a))
                    said.append(a)
                # else: not said yet; the seat says it with one of its cards still in hand.
        events: list[tuple[EventKind, int, Any]] = []
        for i, entry in enumerate(log):
            if i in before:
                events.extend(before[i])
            events.append(entry)
        if len(log) in before:
            events.extend(before[len(log)])
        result = (events, said)
        self._derived["events"] = (stamp, *result)
        return result

    def _actions_log(self) -> list[tuple[EventKind, int, Any]]:
        """The calls and the cards played, in order, as ``(kind, seat, value)``: the calls'
        log, then each trick's cards with the seats of its leader's playing order."""
        log = self._call_log[:]
        orders = self._orders
        plays: repeat[EventKind] = repeat("play")
        for leader, cards, _winner in self._tricks:
            log.extend(zip(plays, orders[leader], cards, strict=False))  # (repeat is endless)
        # The trick under way: its order's first len(trick) seats have played.
        log.extend(zip(plays, self._trick_order, self._trick, strict=False))
        return log

    def announcement_events(self) -> list[tuple[EventKind, int, Any]]:
        """The announcement events made so far, as ``(kind, seat, announcement)``."""
        return [e for e in self._announcements()[0] if e[0] in ANNOUNCEMENT_KINDS]

    # ---- the log ------------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Apply one event of the log; the only checked way the deal changes after it is dealt.

        A phase's action (``take``, ``discard``, ``name``, ``decide``) is given as the action,
        its code, the cards taken or discarded (bitmask) or the contract named. Announcement
        events (``declare``, ``show``, ``say``) are the kernel's own: applying one changes
        nothing (the deal makes them itself as the cards are played).
        """
        if event.kind == "call":
            call = event.value
            found = self.find_call(event.seat, call.text if isinstance(call, Call) else call)
            self.apply_call(event.seat, found)
        elif event.kind == "play":
            self.play(event.value, event.seat)
        elif event.kind in PHASE_KINDS:
            if self._phase != "phases":
                raise RuleViolation(self._not_in_phases())
            self.apply_action(event.seat, self._resolve(event.kind, event.seat, event.value))
        elif event.kind in ANNOUNCEMENT_KINDS:
            return
        else:
            raise NotationError(f"unknown event {event.kind!r}")

    def replay(self, events: Iterable[Event] | None = None) -> Deal:
        """A new deal with the same cards, rebuilt by applying ``events`` (default: this
        deal's own log)."""
        fresh = Deal(self._variant, self._rules, self._dealer, self._order, self._context)
        source = [Event._make(e) for e in self._actions_log()] if events is None else events
        for event in source:
            fresh.apply(event)
        return fresh

    def _format_value(self, kind: str, value: Any) -> Any:
        fmt = self._deck.format
        if kind == "call":
            return value.text
        if kind == "play":
            return fmt(value)
        if kind in PHASE_KINDS:  # (the cards taken or discarded; the code named or decided)
            action: PhaseAction = value
            return self._deck.format_mask(action.cards) if action.kind in _CARDS else action.code
        return {
            "kind": value.kind,
            "points": value.points,
            "cards": self._deck.format_mask(value.cards),
        }

    def to_json(self) -> dict[str, Any]:
        """The deal as JSON: rules, dealer, deck order and events (announcements included, as
        ``["declare", "N", {"kind": "tierce", "points": 20, "cards": "7H 8H 9H"}]``); and
        ``talon_leads``, the talon's cards turned so far to lead tricks, when any did."""
        fmt = self._deck.format
        names = self.seats
        out: dict[str, Any] = {
            "rules": self._rules.to_json(),
            "dealer": self.seats[self._dealer],
            "deck": " ".join(fmt(c) for c in self._order),
            "context": {
                "totals": dict(self._context.totals),
                "pot": self._context.pot,
                "number": self._context.number,
            },
            "events": [
                [kind, names[seat], self._format_value(kind, value)]
                for kind, seat, value in self._announcements()[0]
            ],
        }
        if self._leads:  # the talon's cards that led tricks (atout_play_plan), in order
            out["talon_leads"] = [fmt(c) for c in self.talon_leads]
        waived = self._waived()
        if waived:  # kept quiet by their players: said just before the seat's first card
            events = out["events"]
            for a in waived:
                name = names[a.seat]
                at = next(
                    (i for i, e in enumerate(events) if e[0] == "play" and e[1] == name),
                    len(events),
                )
                events.insert(at, ["waive", name, self._format_value("declare", a)])
        return out

    @classmethod
    def from_json(cls, variant: Variant, data: Mapping[str, Any]) -> Deal:
        """Rebuild a deal saved by :meth:`to_json`, checking every event again.

        The rules are restored from their snapshot (the stored option values, as the scorepad
        restores a game's rules), so a later change of a preset does not change a saved deal;
        a log without option values (older logs) resolves its preset and overrides. The
        announcement events of the log are made again by the deal and must match the stored
        ones; logs written before announcements were events (none stored) load as they are.
        """
        stored = data["rules"]
        if isinstance(stored, Mapping) and "options" in stored:
            rules = variant.rules_from_json(stored)
        else:
            rules = variant.rules(stored["preset"], stored.get("overrides") or {})
        names = variant.table(rules).seats
        dealer = parse_seat_of(data["dealer"], names)
        pattern = variant.hooks.deal_pattern(rules)
        order = pattern.deck.parse_many(data["deck"])
        ctx = data.get("context") or {}
        context = MatchContext(
            totals=ctx.get("totals", {"NS": 0, "EW": 0}),
            pot=ctx.get("pot", 0),
            number=ctx.get("number", 1),
            dealer=dealer,
        )
        deal = cls(variant, rules, dealer, order, context)
        stored_announcements = []
        for kind, seat, value in data["events"]:
            s = parse_seat_of(seat, names)
            if kind in ANNOUNCEMENT_KINDS:
                stored_announcements.append([kind, names[s], value])
                continue
            if kind == "waive":  # a declaration its player kept quiet (:meth:`waive`)
                found = [a for a in deal.declared()[s] if deal._format_value("declare", a) == value]
                if not found:
                    raise NotationError(f"the log's waived {value} is not one {names[s]} declares")
                deal.waive(s, found[0])
                continue
            if kind == "play":
                value = pattern.deck.parse(value)
            elif kind in _CARDS:
                value = pattern.deck.parse_mask(value)
            deal.apply(Event(kind, s, value))
        stored_leads = data.get("talon_leads")
        if stored_leads is not None:
            made_leads = [pattern.deck.format(c) for c in deal.talon_leads]
            if made_leads != list(stored_leads):
                raise NotationError(
                    f"the log's talon leads {list(stored_leads)} are not the ones its deck "
                    f"makes: {made_leads}"
                )
        if stored_announcements:
            made = [e for e in deal.to_json()["events"] if e[0] in ANNOUNCEMENT_KINDS]
            if made != stored_announcements:
                raise NotationError(
                    f"the log's announcements {stored_announcements} are not the ones its "
                    f"cards make: {made}"
                )
        return deal

    # ---- the end ------------------------------------------------------------------------

    def played(self) -> PlayedDeal:
        """The summary of the finished deal."""
        if self._phase != "over":
            raise RuleViolation(_NOT_OVER_YET)
        # (the auction's calls, kept when it ended: about 1,000 instructions less than the
        # property's call)
        calls = self._derived.get("calls") or self.calls
        contract = self._contract
        sides = self._sides
        seats = len(self._hands)
        if contract is None:
            nothing = dict.fromkeys(_side_keys(sides, self.seats).values(), 0)
            return PlayedDeal(
                None,
                self._dealer,
                tuple(self._hands),
                (),
                nothing,
                nothing.copy(),
                (),
                (),
                (),
                calls,
                self._turn_up,
                points_by_seat=(0,) * seats,
                sides=sides,
                controllers=_SELF_CONTROLLED[seats],
                talon=self.talon_dealt,
                tricks_by_seat=(0,) * seats,
            )
        tricks = tuple(self._tricks)
        scale = self._play_rules.points_scale if self._play_rules else 1
        points, won = self._seat_points, self._won
        if sides is FIXED_PARTNERS:  # the four-seat teams (the hot path of most variants)
            card_points = {
                "NS": (points[0] + points[2]) * scale,
                "EW": (points[1] + points[3]) * scale,
            }
            tricks_won = {"NS": won[0] + won[2], "EW": won[1] + won[3]}
        else:
            keys = _side_keys(sides, self.seats)
            side_points, side_won = _by_side(points, sides), _by_side(won, sides)
            card_points = {key: side_points[side] * scale for side, key in keys.items()}
            tricks_won = {key: side_won[side] for side, key in keys.items()}
        between = self._between
        # (_make of a tuple: a call of the named tuple's class costs about 2,200 instructions
        # more, callgrind, through type.__call__ and its generated __new__)
        return PlayedDeal._make(
            (
                contract,
                self._dealer,
                self._start_hands,
                tricks,
                card_points,
                tricks_won,
                self._declared_in_order(),
                self.counted(),
                self._play_declarations(len(tricks)),
                calls,
                self._turn_up,
                tuple(self._seat_points)
                if scale == 1
                else tuple(p * scale for p in self._seat_points),
                0 if between is None else between.discards,
                () if between is None else between.decisions,
                self._sides,
                _SELF_CONTROLLED[len(self._hands)] if between is None else between.controllers,
                self._talon
                if between is None and self._next_card == len(self._order)
                else self.talon_dealt,
                tuple(won),
            )
        )

    def record(self) -> dict[str, Any]:
        """The variant's deal record of this deal (what a table would write down)."""
        return self._hooks.make_record(self._rules, self.played())

    def score(self, record: Mapping[str, Any] | None = None) -> DealScore:
        """The score of this deal in its context (:attr:`context`), through the same path as a
        written record.

        The record is the variant's own (``atout_make_record``), so it is scored without being
        validated again; the conformance kit checks that it validates and scores the same.

        :param record: this deal's :meth:`record`, when the caller made it already (it is not
            made again).
        """
        if record is None:
            record = self.record()
        return self._hooks.score_deal(self._rules, record, self._context)


class _Declared(tuple[tuple[Announcement, ...], ...]):
    """Each seat's declarations after a waiver, with the ones kept quiet: one entry of the
    deal's derived values, so that :meth:`Deal.copy` keeps both at no cost to a copy of a deal
    without a waiver (the search bots copy deals thousands of times)."""

    waived: tuple[Announcement, ...]

    def __new__(
        cls, declared: Sequence[tuple[Announcement, ...]], waived: tuple[Announcement, ...]
    ) -> _Declared:
        new = super().__new__(cls, declared)
        new.waived = waived
        return new


def public_announcement(event: Event, viewer: int) -> Event:
    """The announcement event as ``viewer`` sees it: another seat's declaration without its
    cards until they are shown."""
    if event.kind == "declare" and event.seat != viewer:
        return Event("declare", event.seat, replace(event.value, cards=0))
    return event
