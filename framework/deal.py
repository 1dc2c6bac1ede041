"""The deal engine: a seeded deal, its auction and its play, as a log of events.

A :class:`Deal` starts from a dealer and the order of the shuffled deck; after that it changes
only through :meth:`Deal.apply` of an :class:`Event` (a call or a card played), so
:meth:`Deal.replay` rebuilds any state and :meth:`Deal.to_json` / :meth:`Deal.from_json` round-trip
it. The variant's hooks are resolved once per deal: the deal pattern and the auction at the start,
the play rules when the contract is known, the record at the end. Nothing on the path of a card
calls a hook.

Every illegal action raises :class:`~framework.errors.RuleViolation` with a reason a player
understands, and changes nothing.
"""

from __future__ import annotations

import hashlib
import math
import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

from framework.announcements import Announcement
from framework.auction import Auction, Call, Contract
from framework.cards import Deck, bits
from framework.errors import NotationError, RuleViolation
from framework.options import Rules
from framework.scoring import DealScore, MatchContext
from framework.seats import SEATS, TEAMS, W, are_partners, next_seat, parse_seat
from framework.tricks import PlayRules

if TYPE_CHECKING:
    from framework.plugins import Variant

__all__ = ["Deal", "DealPattern", "Event", "PlayedDeal"]


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
    """

    deck: Deck
    hand_size: int
    before: tuple[int, ...]
    after: tuple[int, ...] = ()
    turn_up: Literal["none", "table", "dealer"] = "none"


class Event(NamedTuple):
    """One action in a deal: a call of the auction or a card played.

    :ivar kind: ``"call"`` or ``"play"``.
    :ivar seat: who acted.
    :ivar value: the :class:`~framework.auction.Call` or the card (a small int).
    """

    kind: Literal["call", "play"]
    seat: int
    value: Any


@dataclass(frozen=True)
class PlayedDeal:
    """The summary of a finished deal that a variant turns into its deal record.

    :param contract: the contract played, or None when the deal was thrown in.
    :param dealer: the dealer's seat.
    :param hands: each seat's hand when play started (bitmasks; 0 for a seat sitting out).
    :param tricks: every trick as ``(leader, cards in playing order, winner)``.
    :param card_points: card points won per team, last-trick bonus included, scaled
        (``{"NS": 98, "EW": 64}``).
    :param tricks_won: tricks won per team.
    :param declared: every combination declared at the first trick.
    :param counted: the declared combinations that count, after the comparison.
    :param play_declarations: declarations made in play that count (belote, cantes).
    :param calls: the auction, as ``(seat, call)``.
    :param turn_up: the turned-up card, if any.
    """

    contract: Contract | None
    dealer: int
    hands: tuple[int, ...]
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]
    card_points: Mapping[str, int]
    tricks_won: Mapping[str, int]
    declared: tuple[Announcement, ...]
    counted: tuple[Announcement, ...]
    play_declarations: tuple[Announcement, ...]
    calls: tuple[tuple[int, Call], ...]
    turn_up: int | None = None
    points_by_seat: tuple[int, ...] = field(default=(0, 0, 0, 0))

    @property
    def capot(self) -> str | None:
        """The team that took every trick, if one did."""
        for team in TEAMS:
            if self.tricks and self.tricks_won[team] == len(self.tricks):
                return team
        return None


_DEFAULT_CONTEXTS = tuple(MatchContext(dealer=seat) for seat in range(4))
_SHUFFLE_BYTES: dict[int, int] = {}


def shuffled(size: int, seed: int | None) -> list[int]:
    """A permutation of ``range(size)``: the order of a shuffled deck.

    The same seed gives the same order on every machine and Python version: the random bits
    are the BLAKE2b digest of the seed, consumed by a Fisher–Yates shuffle, with 64 bits more
    than ``log2(size!)`` so the bias is negligible. No seed: bits from the operating system.

    >>> shuffled(32, 1) == shuffled(32, 1) and sorted(shuffled(32, 1)) == list(range(32))
    True
    """
    nbytes = _SHUFFLE_BYTES.get(size)
    if nbytes is None:
        nbytes = _SHUFFLE_BYTES[size] = min(64, (int(math.lgamma(size + 1) / math.log(2))
                                                 + 64) // 8 + 1)
    if seed is None:
        x = int.from_bytes(os.urandom(nbytes), "little")
    else:
        x = int.from_bytes(hashlib.blake2b(str(seed).encode(), digest_size=nbytes).digest(),
                           "little")
    order = list(range(size))
    for i in range(size - 1, 0, -1):
        x, j = divmod(x, i + 1)
        order[i], order[j] = order[j], order[i]
    return order


class Deal:
    """One deal of a variant, from the shuffled deck to the deal record.

    Build it with :meth:`new` (seeded shuffle) or :meth:`from_json`; drive it with :meth:`call`
    and :meth:`play` (or :meth:`apply` of events); read :attr:`current_seat`,
    :meth:`legal_calls`, :meth:`legal_plays`; when :attr:`is_over`, :meth:`record` and
    :meth:`score`.
    """

    def __init__(self, variant: Variant, rules: Rules, dealer: int, order: Sequence[int],
                 context: MatchContext | None = None, pattern: DealPattern | None = None) -> None:
        self.variant = variant
        self.rules = rules
        self.dealer = dealer
        self.context = context or _DEFAULT_CONTEXTS[dealer]
        hook = variant.resolved
        self.pattern: DealPattern = pattern or hook.atout_deal_pattern(rules=rules)
        self.deck = deck = self.pattern.deck
        self.order = tuple(order)
        if pattern is None and sorted(order) != list(range(deck.size)):
            raise NotationError(f"a deal needs each of the {deck.size} cards exactly once")
        # The log, as plain (kind, seat, value) tuples: cheap to append on the card path.
        self._log: list[tuple[str, int, Any]] = []
        self.hands = [0, 0, 0, 0]
        self._next_card = 0
        self.turn_up: int | None = None
        self._deal_packets(self.pattern.before)
        if self.pattern.turn_up == "table":
            self.turn_up = self.order[self._next_card]
            self._next_card += 1
        elif self.pattern.turn_up == "dealer":
            # The dealer receives the last card of the last round.
            self.turn_up = self.order[self._next_card - 1]
        self.auction: Auction = hook.atout_auction(rules=rules, dealer=dealer,
                                                   turn_up=self.turn_up, context=self.context)
        self.contract: Contract | None = None
        self.play_rules: PlayRules | None = None
        self.start_hands: tuple[int, ...] = ()
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.trick: list[int] = []
        self._trick_seats: list[int] = []
        self._best = 0
        self._leader = -1
        self._turn: int | None = self.auction.turn
        self._phase = "auction"
        self._won = [0, 0]
        self._points = [0, 0]
        self._seat_points = [0, 0, 0, 0]
        self._trick_size = 4
        if self.auction.is_over:
            self._end_auction()

    # ---- construction -------------------------------------------------------------------

    @classmethod
    def new(cls, variant: Variant, rules: Rules, dealer: int = W, seed: int | None = None,
            context: MatchContext | None = None) -> Deal:
        """A deal of a freshly shuffled deck; the same seed gives the same deal."""
        pattern = variant.resolved.atout_deal_pattern(rules=rules)
        return cls(variant, rules, dealer, shuffled(pattern.deck.size, seed), context, pattern)

    def _deal_packets(self, packets: Iterable[int], skip: int = -1) -> None:
        """Deal packets round the table from the seat after the dealer, filling hands only up
        to the hand size (the taker of a turn-up needs one card fewer)."""
        size = self.pattern.hand_size
        order = self.order
        for packet in packets:
            seat = self.dealer
            for _ in range(4):
                seat = next_seat(seat)
                if seat == skip:
                    continue
                need = min(packet, size - self.hands[seat].bit_count())
                for _ in range(need):
                    self.hands[seat] |= 1 << order[self._next_card]
                    self._next_card += 1

    # ---- state --------------------------------------------------------------------------

    @property
    def events(self) -> list[Event]:
        """The deal's log so far: every call and card, in order (a copy)."""
        return [Event._make(e) for e in self._log]

    @property
    def phase(self) -> str:
        """``"auction"``, ``"play"`` or ``"over"``."""
        return self._phase

    @property
    def current_seat(self) -> int | None:
        """The seat to act, or None when the deal is over."""
        return self._turn

    @property
    def is_over(self) -> bool:
        return self._phase == "over"

    def hand(self, seat: int) -> int:
        return self.hands[seat]

    @property
    def winning(self) -> tuple[int, int]:
        """The card winning the current trick and its seat (the trick must not be empty)."""
        return self.trick[self._best], self._trick_seats[self._best]

    def partner_wins(self, seat: int) -> bool:
        """Whether the card winning the current trick is ``seat``'s partner's."""
        return bool(self.trick) and are_partners(self._trick_seats[self._best], seat)

    @property
    def event_count(self) -> int:
        """How many calls and cards the log holds (cheaper than ``len(events)``)."""
        return len(self._log)

    @property
    def trick_size(self) -> int:
        """Cards in a full trick: the number of seats playing this deal."""
        return self._trick_size

    # ---- the auction --------------------------------------------------------------------

    def legal_calls(self, seat: int | None = None) -> list[Call]:
        """The calls ``seat`` (default: the seat to speak) may make now."""
        if self._phase != "auction":
            return []
        return self.auction.legal_calls(self._turn if seat is None else seat)

    def call(self, text: str | Call, seat: int | None = None) -> Call:
        """Make a call; ``text`` in the variant's notation (``"PASS"``, ``"100H"``)."""
        who = self._turn if seat is None else seat
        if who is None:
            raise RuleViolation("the deal is over")
        self.apply(Event("call", who, text))
        return self._log[-1][2]

    def apply_call(self, seat: int, call: Call) -> None:
        """Make a call the caller has taken from :meth:`legal_calls` for ``seat`` (the bots'
        fast path; :meth:`call` checks everything first)."""
        self.auction.apply(seat, call)
        self._log.append(("call", seat, call))
        self._turn = self.auction.turn
        if self.auction.is_over:
            self._end_auction()

    def _end_auction(self) -> None:
        contract = self.auction.contract
        if contract is None:
            self._phase = "over"
            self._turn = None
            return
        self.contract = contract
        if self.pattern.turn_up == "table" and self.turn_up is not None:
            self.hands[contract.taker] |= 1 << self.turn_up
        if contract.sitting_out is not None:
            self.hands[contract.sitting_out] = 0
        self._deal_packets(self.pattern.after, skip=-1 if contract.sitting_out is None
                           else contract.sitting_out)
        self.start_hands = tuple(self.hands)
        hook = self.variant.resolved
        self.play_rules = hook.atout_play_rules(rules=self.rules, contract=contract)
        self._active = [s for s in range(4) if s != contract.sitting_out]
        self._next_active = {s: self._active[(i + 1) % len(self._active)]
                             for i, s in enumerate(self._active)}
        self._trick_size = len(self._active)
        self._leader = hook.atout_first_leader(rules=self.rules, dealer=self.dealer,
                                               contract=contract)
        self._turn = self._leader
        self._phase = "play"

    # ---- card play ----------------------------------------------------------------------

    def legal_mask(self) -> int:
        """The cards the seat to play may play, as a bitmask."""
        seat = self._turn
        if self._phase != "play" or seat is None:
            return 0
        hand = self.hands[seat]
        trick = self.trick
        if not trick:
            return hand
        best_seat = self._trick_seats[self._best]
        return self.play_rules.legal(  # type: ignore[union-attr]
            hand, tuple(trick), trick[self._best],
            best_seat != seat and (best_seat ^ seat) & 1 == 0)  # are_partners, inlined: per card

    def legal_plays(self) -> list[int]:
        """The cards the seat to play may play, lowest first."""
        return list(bits(self.legal_mask()))

    def check_play(self, seat: int, card: int) -> None:
        """Raise :class:`RuleViolation` if ``seat`` may not play ``card`` now."""
        name = self.deck.format(card)
        if self._phase != "play":
            raise RuleViolation("cards are played after the auction" if self._phase == "auction"
                                else "the deal is over")
        if seat != self._turn:
            raise RuleViolation(f"it is {SEATS[self._turn]}'s turn to play, not {SEATS[seat]}'s"
                                if self._turn is not None else "the deal is over")
        if not self.hands[seat] >> card & 1:
            raise RuleViolation(f"{SEATS[seat]} does not hold {name}")
        legal = self.legal_mask()
        if not legal >> card & 1:
            assert self.play_rules is not None
            reason = self.play_rules.reason(self.hands[seat], tuple(self.trick),
                                            self.trick[self._best], self.partner_wins(seat))
            raise RuleViolation(f"{SEATS[seat]} may not play {name}: {reason}; play "
                                + self.deck.format_mask(legal))

    def can_play(self, seat: int, card: int) -> bool:
        try:
            self.check_play(seat, card)
        except RuleViolation:
            return False
        return True

    def play(self, card: int | str, seat: int | None = None) -> None:
        """Play a card (a small int or its name) for ``seat`` (default: the seat to play)."""
        if isinstance(card, str):
            card = self.deck.parse(card)
        who = self._turn if seat is None else seat
        if who is None:
            raise RuleViolation("the deal is over")
        self.check_play(who, card)
        self.apply_play(who, card)

    def apply_play(self, seat: int, card: int) -> None:
        """Play a card the caller has checked is in :meth:`legal_mask` for the seat to play
        (the bots' fast path; :meth:`play` checks everything first)."""
        self.hands[seat] &= ~(1 << card)
        self._log.append(("play", seat, card))
        trick = self.trick
        trick.append(card)
        seats = self._trick_seats
        seats.append(seat)
        if len(trick) == 1:
            self._best = 0
            self._key = self.play_rules.keys[self.deck.suit_of[card]]  # type: ignore[union-attr]
        elif self._key[card] > self._key[trick[self._best]]:
            self._best = len(trick) - 1
        if len(trick) < self._trick_size:
            self._turn = self._next_active[seat]
            return
        rules = self.play_rules
        assert rules is not None
        winner = seats[self._best]
        self.tricks.append((seats[0], tuple(trick), winner))
        table = rules.points
        points = 0
        for c in trick:
            points += table[c]
        self.trick = []
        self._trick_seats = []
        self._won[winner & 1] += 1
        if self.hands[winner]:
            self._turn = winner
        else:
            points += rules.last_trick_bonus
            self._turn = None
            self._phase = "over"
        self._points[winner & 1] += points
        self._seat_points[winner] += points

    # ---- the log ------------------------------------------------------------------------

    def apply(self, event: Event) -> None:
        """Apply one event of the log; the only way the deal changes after it is dealt."""
        if event.kind == "call":
            if self._phase != "auction":
                raise RuleViolation("the auction is over" if self._phase == "play"
                                    else "the deal is over")
            call = event.value
            found = self.auction.find(event.seat, call.text if isinstance(call, Call) else call)
            self.apply_call(event.seat, found)
        elif event.kind == "play":
            self.play(event.value, event.seat)
        else:
            raise NotationError(f"unknown event {event.kind!r}")

    def replay(self, events: Iterable[Event] | None = None) -> Deal:
        """A new deal with the same cards, rebuilt by applying ``events`` (default: this
        deal's own log)."""
        fresh = Deal(self.variant, self.rules, self.dealer, self.order, self.context)
        for event in self.events if events is None else list(events):
            fresh.apply(event)
        return fresh

    def to_json(self) -> dict[str, Any]:
        """The deal as JSON: rules, dealer, deck order and events."""
        fmt = self.deck.format
        return {
            "rules": self.rules.to_json(),
            "dealer": SEATS[self.dealer],
            "deck": " ".join(fmt(c) for c in self.order),
            "context": {"totals": dict(self.context.totals), "pot": self.context.pot,
                        "number": self.context.number},
            "events": [[kind, SEATS[seat], value.text if kind == "call" else fmt(value)]
                       for kind, seat, value in self._log],
        }

    @classmethod
    def from_json(cls, variant: Variant, data: Mapping[str, Any]) -> Deal:
        """Rebuild a deal saved by :meth:`to_json`, checking every event again."""
        stored = data["rules"]
        rules = variant.rules(stored["preset"], stored.get("overrides") or {})
        dealer = parse_seat(data["dealer"])
        pattern = variant.resolved.atout_deal_pattern(rules=rules)
        order = pattern.deck.parse_many(data["deck"])
        ctx = data.get("context") or {}
        context = MatchContext(totals=ctx.get("totals", {"NS": 0, "EW": 0}),
                               pot=ctx.get("pot", 0), number=ctx.get("number", 1), dealer=dealer)
        deal = cls(variant, rules, dealer, order, context)
        for kind, seat, value in data["events"]:
            s = parse_seat(seat)
            deal.apply(Event(kind, s, value if kind == "call" else pattern.deck.parse(value)))
        return deal

    # ---- the end ------------------------------------------------------------------------

    def played(self) -> PlayedDeal:
        """The summary of the finished deal."""
        if not self.is_over:
            raise RuleViolation("the deal is not over yet")
        calls = tuple((seat, value) for kind, seat, value in self._log if kind == "call")
        contract = self.contract
        if contract is None:
            return PlayedDeal(None, self.dealer, tuple(self.hands), (), {"NS": 0, "EW": 0},
                              {"NS": 0, "EW": 0}, (), (), (), calls, self.turn_up)
        hook = self.variant.resolved
        rules = self.rules
        declared: list[Announcement] = []
        seat = self._leader
        for _ in range(4):
            if seat != contract.sitting_out:
                declared.extend(hook.atout_find_announcements(
                    rules=rules, contract=contract, seat=seat, hand=self.start_hands[seat]) or ())
            seat = next_seat(seat)
        counted = hook.atout_counted_announcements(rules=rules, contract=contract,
                                                   declared=tuple(declared)) if declared else ()
        tricks = tuple(self.tricks)
        in_play = hook.atout_play_declarations(rules=rules, contract=contract,
                                               hands=self.start_hands, tricks=tricks) or ()
        scale = self.play_rules.points_scale if self.play_rules else 1
        return PlayedDeal(
            contract, self.dealer, self.start_hands, tricks,
            {"NS": self._points[0] * scale, "EW": self._points[1] * scale},
            {"NS": self._won[0], "EW": self._won[1]},
            tuple(declared), tuple(counted), tuple(in_play), calls, self.turn_up,
            tuple(p * scale for p in self._seat_points))

    def record(self) -> dict[str, Any]:
        """The variant's deal record of this deal (what a table would write down)."""
        return dict(self.variant.resolved.atout_make_record(rules=self.rules, played=self.played()))

    def score(self) -> DealScore:
        """The score of this deal, through the same path as a written record."""
        return self.variant.score(self.rules, self.record(), self.context)
