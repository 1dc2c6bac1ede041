"""Information sets: what one seat knows of a deal, and deals sampled from it for search.

A bot never receives the :class:`~framework.engine.deal.Deal`: it receives an :class:`InfoSet`, a
read-only view of the deal from one seat. It shows the seat's own cards, the calls, the cards
played, the turned-up card, the announcements made in the open (another seat's declaration
without its cards until they are shown), and the number of cards each seat holds — never
another seat's cards. What a bot does therefore depends only on what its seat knows; the
no-peeking test (``tests/unit/test_bots.py``) deals the hidden cards in many arrangements
consistent with one information set and checks that each bot makes the same choice.

For search, :meth:`InfoSet.sample` fills the hidden hands in consistently with what is known:

- the cards played, and each seat's number of cards;
- the voids and other holdings revealed by the play: a seat cannot hold a card that would have
  made one of its past plays illegal (not following suit, not trumping, not overtrumping —
  read generically from the variant's legal-play function, never from a variant's rules);
- cards shown (counted declarations) and said (belote), the turned-up card (with the taker,
  or the dealer);
- the declarations made: a sampled deal whose own declarations differ from those seen is
  dealt again (a few times, then accepted);
- a partner sitting out, and cards still to be dealt after the auction;
- a partner hidden by a called card (``Contract.called``): the card is dealt like any hidden
  card, so each sampled deal's sides follow its sampled holder (:attr:`InfoSet.sides` are the
  seat's own knowledge; the plays excluded nothing by sides, every seat playing alone until
  the card is played).

A sampled deal is a whole :class:`~framework.engine.deal.Deal` at the same point of play (same
calls, same cards played), so search code plays it forward with the kernel's own rules
(:meth:`Deal.copy`, :meth:`Deal.apply_play`, :meth:`Deal.score`).
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from framework.core.cards import Deck, bits
from framework.core.errors import RuleViolation
from framework.core.options import Rules
from framework.core.seats import same_side
from framework.engine._read import read
from framework.engine.deal import Deal, Stage, public_announcement
from framework.rules.auction import Call, Contract
from framework.rules.dealing import DealPattern, packet_positions
from framework.rules.phases import PHASE_KINDS, PhaseAction
from framework.rules.played import ANNOUNCEMENT_KINDS, Event, Trick
from framework.rules.scoring import MatchContext
from framework.rules.tricks import PlayRules

if TYPE_CHECKING:
    from framework.rules.plugins import Variant

__all__ = ["InfoSet"]

# How many times a sampled deal is dealt again when its declarations differ from those seen.
_DECLARATION_TRIES = 6
# How many times a constrained deal of the hidden cards is attempted before relaxing.
_DEAL_TRIES = 20


class InfoSet:
    """What one seat knows of a deal: a live, read-only view (it follows the deal as it goes).

    Get it with ``InfoSet(deal, seat)``. Every property answers from the seat's point of view;
    nothing in it reveals a card the seat has not seen. Cards are small ints and sets of cards
    bitmasks, as everywhere in the kernel.
    """

    __slots__ = ("_deal", "_excluded", "_kept_plan", "_seat")

    def __init__(self, deal: Deal, seat: int) -> None:
        self._deal = deal
        self._seat = seat
        # What excluded() and _plan() worked out, with the point of the deal they were worked
        # out at (None: not yet). Two slots, not a dict: play_out makes four views a deal,
        # which most bots never ask (callgrind, simulate: about 600 instructions a deal less).
        self._excluded: tuple[tuple[int, str], tuple[int, ...]] | None = None
        self._kept_plan: _Plan | None = None

    # ---- the game ------------------------------------------------------------------------

    @property
    def seat(self) -> int:
        """The seat this view belongs to."""
        return self._seat

    variant: Variant = read("_deal")
    rules: Rules = read("_deal")
    deck: Deck = read("_deal")
    pattern: DealPattern = read("_deal")
    dealer: int = read("_deal")
    context: MatchContext = read("_deal")
    """The match context the deal is scored in."""

    # ---- where the deal is ---------------------------------------------------------------

    phase: Stage = read("_deal")
    current_seat: int | None = read("_deal")
    """The seat to act now (None when the deal is over)."""

    @property
    def hand(self) -> int:
        """The seat's own cards now (bitmask)."""
        return self._deal.hand(self._seat)

    @property
    def hand_at_auction(self) -> int:
        """The seat's cards during the auction."""
        return self._deal.hands_at_auction[self._seat]

    @property
    def start_hand(self) -> int:
        """The seat's cards when play started (its hand now, during the auction)."""
        start = self._deal.start_hands
        return start[self._seat] if start else self._deal.hand(self._seat)

    seats: tuple[str, ...] = read("_deal")
    """The table's seats, by name in playing order."""

    @property
    def hand_sizes(self) -> tuple[int, ...]:
        """How many cards each seat holds now (what anyone at the table can count)."""
        return tuple(map(int.bit_count, self._deal.hands))

    @property
    def talon_size(self) -> int:
        """How many cards the talon holds now (what anyone at the table can count)."""
        return self._deal.talon.bit_count()

    calls: tuple[tuple[int, Call], ...] = read("_deal")
    """The auction so far, as ``(seat, call)``."""

    def legal_calls(self) -> list[Call]:
        """The calls the seat may make now (empty when it may not speak)."""
        return self._deal.legal_calls(self._seat)

    def legal_mask(self) -> int:
        """The cards the seat may play now, as a bitmask (0 when it is not its turn)."""
        d = self._deal
        return d.legal_mask() if d.current_seat == self._seat else 0

    contract: Contract | None = read("_deal")
    play_rules: PlayRules | None = read("_deal")
    turn_up: int | None = read("_deal")
    """The card turned face up, seen by everyone (None when the pattern turns none)."""
    tricks: tuple[Trick, ...] = read("_deal")
    """The finished tricks, each ``(leader, cards in playing order, winner)``."""
    trick: tuple[int, ...] = read("_deal")
    """The cards of the current trick."""
    trick_seats: tuple[int, ...] = read("_deal")
    """Who played the cards of :attr:`trick`."""
    trick_size: int = read("_deal")
    winning: tuple[int, int] = read("_deal")
    """The card winning the current trick and its seat (the trick must not be empty)."""
    avoid_tricks: tuple[int, ...] = read("_deal")
    """The seats that play to take as few tricks as they can (a bots' hint of the contract's
    play plan: a misère's declarer, every seat of a raspasy)."""

    @property
    def sides(self) -> tuple[int, ...]:
        """Each seat's side in the deal as the seat knows them (:meth:`Deal.sides_known_to`):
        while a called card hides the taker's partner, every seat alone, except to the seat
        that holds the card."""
        return self._deal.sides_known_to(self._seat)

    def partner_wins(self) -> bool:
        """Whether the seat knows its partner is winning the current trick."""
        return self._deal.partner_wins_known(self._seat)

    # ---- the phases after the auction ----------------------------------------------------

    def legal_actions(self) -> list[PhaseAction]:
        """The actions of the phase under way the seat may take now (empty when it may not)."""
        return self._deal.legal_actions(self._seat)

    decisions: tuple[tuple[int, str], ...] = read("_deal")
    """The decisions made in the phases, as ``(seat, code)`` (every seat hears them)."""
    controllers: tuple[int, ...] = read("_deal")
    """Per seat, the seat that plays its hand (:attr:`Deal.controllers`)."""
    shown: tuple[int, ...] = read("_deal")
    """The seats whose hands are face up (their cards are in :meth:`known`)."""

    def _sees(self, seat: int, action: PhaseAction) -> bool:
        """Whether this seat saw the cards of ``seat``'s take or discard ``action``."""
        return seat == self._seat or action.public

    @property
    def talon(self) -> int:
        """The talon's cards as this seat knows them (bitmask): all of them when the deal
        pattern deals it face up, else those it took or saw shown as they were taken; 0 when it
        has not seen them."""
        d = self._deal
        seen = d.talon_dealt if d.pattern.talon_face_up else 0
        for seat, action in self._deal.phase_actions:
            if action.kind == "take" and self._sees(seat, action):
                seen |= action.cards
        return seen

    @property
    def discards(self) -> int:
        """The discarded cards this seat knows: its own discards, and any discarded face up."""
        seen = 0
        for seat, action in self._deal.phase_actions:
            if action.kind == "discard" and self._sees(seat, action):
                seen |= action.cards
        return seen

    lead: int | None = read("_deal")
    """The talon's card that leads the trick under way (:attr:`Deal.lead`), or None."""
    talon_leads: tuple[int, ...] = read("_deal")
    """The talon's cards turned face up so far to lead tricks (:attr:`Deal.talon_leads`), seen
    by every seat."""
    talon_owner: int | None = read("_deal")
    """The seat whose cards the talon's leading cards are (:attr:`Deal.talon_owner`: they may
    take their tricks for it), or None: nobody's."""

    @property
    def played(self) -> int:
        """Every card played so far (bitmask), the current trick included, and the talon's
        cards turned to lead tricks (out of play, seen by all)."""
        out = 0
        for c in self._deal.talon_leads:
            out |= 1 << c
        for _, cards, _ in self._deal.tricks:
            for c in cards:
                out |= 1 << c
        for c in self._deal.trick:
            out |= 1 << c
        return out

    @property
    def events(self) -> list[Event]:
        """The log as the seat saw it: calls, phase actions, cards and announcements (another
        seat's declaration without its cards; another seat's take or discard as 0, its cards
        unseen, unless they were shown)."""
        events = [public_announcement(e, self._seat) for e in self._deal.events]
        if not self._deal.phase_actions:
            return events
        hidden = {
            i
            for i, (seat, action) in enumerate(self._deal.phase_actions)
            if action.kind in ("take", "discard") and not self._sees(seat, action)
        }
        out = []
        n = -1
        for e in events:
            if e.kind in PHASE_KINDS:
                n += 1
                if n in hidden:
                    e = Event(e.kind, e.seat, 0)
            out.append(e)
        return out

    @property
    def announcements(self) -> list[Event]:
        """The announcement events seen so far (``declare``, ``show``, ``say``)."""
        return [e for e in self.events if e.kind in ANNOUNCEMENT_KINDS]

    def known(self) -> tuple[int, ...]:
        """Per seat, the cards the seat is known to hold now: its own hand for this seat;
        for the others, cards shown or said and not played yet, and the turned-up card with
        whoever holds it."""
        d = self._deal
        out = [0] * len(d.seats)
        out[self._seat] = d.hand(self._seat)
        for seat in d.shown:  # hands face up
            out[seat] = d.hand(seat)
        for e in self.announcements:
            if e.kind != "declare":
                out[e.seat] |= e.value.cards
        turn_up = d.turn_up
        if turn_up is not None:
            holder = None
            sitting = None if d.contract is None else d.contract.sitting_out
            if d.pattern.turn_up == "dealer":
                holder = d.dealer if d.dealer != sitting else None  # out of play with it
            elif d.contract is not None:
                holder = d.contract.taker
            if holder is not None:
                out[holder] |= 1 << turn_up
        return tuple(
            h & d.hand(s) if s == self._seat else h & ~self.played for s, h in enumerate(out)
        )

    def _stamp(self) -> tuple[int, str]:
        return self._deal.event_count, self._deal.phase

    # complexity: it replays the deal once (calls, then every trick with a talon's leading cards),
    # asking the legal-play function pairwise at each card; the replay's state is its locals,
    # kept in one loop because bots ask this on every decision (determinized search).
    def excluded(self) -> tuple[int, ...]:
        """Per seat, cards it cannot hold now, as the auction and the play revealed: a card its
        calls say it did not hold (``atout_call_excludes``: a seat that took no card after the
        auction holds none of them), and a card that, held with the card it played, would have
        made that play illegal (it did not follow, trump or overtrump). Read from the variant's
        legal-play function, pairwise."""
        cached = self._excluded
        if cached is not None and cached[0] == self._stamp():
            out_cached: tuple[int, ...] = cached[1]
            return out_cached
        d = self._deal
        out = [0] * len(d.seats)
        me = self._seat
        took = {seat for seat, action in d.phase_actions if action.kind == "take"}
        for seat, call in d.calls:  # (what a call shows of the caller's hand)
            if seat != me and seat not in took:
                out[seat] |= d.call_excludes(call) & ~d.hand(me)
        rules = d.play_rules
        if rules is not None:
            # The sides each play was legal by (Deal.partner_wins): the deal's, but every seat
            # alone before a called card is played.
            called = d.contract.called if d.contract is not None else None
            sides = d.sides if called is None else tuple(range(len(d.seats)))
            played = self.played
            unknown = d.deck.full & ~played & ~d.hand(self._seat)
            keys = rules.keys
            suit_of = d.deck.suit_of
            legal = rules.legal
            trick: list[int] = []
            seats: list[int] = []
            best = 0
            size = d.trick_size
            # The talon's cards leading the first tricks: each is that trick's led card, and
            # a seat's card when the talon's leads have an owner (Deal.talon_owner).
            leads = d.talon_leads
            owner = d.talon_owner
            done = 0
            for kind, seat, card in d.actions:
                if kind != "play":
                    continue
                lead = leads[done] if done < len(leads) else -1
                if lead >= 0 and seat != self._seat:
                    top = trick[best] if trick else lead
                    by = seats[best] if trick else -1
                    if owner is not None and (
                        not trick or rules.beats(lead, top, rules.deck.suit_of[lead])
                    ):
                        top, by = lead, owner
                    pw = by >= 0 and same_side(sides, by, seat)
                    t = (lead, *trick)
                    cbit = 1 << card
                    for x in bits(unknown & ~out[seat]):
                        if not legal(cbit | 1 << x, t, top, pw) & cbit:
                            out[seat] |= 1 << x
                elif trick and seat != self._seat:
                    top = trick[best]
                    pw = same_side(sides, seats[best], seat)
                    t = tuple(trick)
                    cbit = 1 << card
                    for x in bits(unknown & ~out[seat]):
                        if not legal(cbit | 1 << x, t, top, pw) & cbit:
                            out[seat] |= 1 << x
                trick.append(card)
                seats.append(seat)
                if card == called:
                    sides = d.sides
                if len(trick) == 1:
                    best = 0
                else:
                    key = keys[suit_of[trick[0] if lead < 0 else lead]]
                    if key[card] > key[trick[best]]:
                        best = len(trick) - 1
                if len(trick) == size:
                    trick, seats, best = [], [], 0
                    done += 1
        result = tuple(out)
        self._excluded = (self._stamp(), result)
        return result

    # ---- seeding and serialising ----------------------------------------------------------

    def key(self) -> bytes:
        """A fingerprint of everything the seat knows: two views with the same key cannot be
        told apart by the seat. Bots seed their randomness on it."""
        d = self._deal
        fmt = d.deck.format
        names = d.seats
        parts: list[str] = [
            d.variant.name,
            repr(sorted(d.rules.to_json()["options"].items())),
            names[self._seat],
            names[d.dealer],
            repr(sorted(d.context.totals.items())),
            str(d.context.pot),
            str(d.context.number),
            d.deck.format_mask(self.hand_at_auction),
            d.deck.format_mask(self.start_hand),
            "" if d.turn_up is None else fmt(d.turn_up),
        ]
        if d.pattern.talon_face_up:  # (the talon seen by all)
            parts.append(f"talon{d.deck.format_mask(d.talon_dealt)}")
        if d.talon_leads:  # (turned face up to lead tricks)
            parts.append(f"leads{d.deck.format_mask(sum(1 << c for c in d.talon_leads))}")
        start = d.start_hands
        for seat in d.shown:  # (hands face up: their cards when play started, or now before)
            parts.append(f"shown{seat}{d.deck.format_mask(start[seat] if start else d.hand(seat))}")
        for e in self.events:
            if e.kind == "call":
                parts.append(f"c{e.seat}{e.value.text}")
            elif e.kind == "play":
                parts.append(f"p{e.seat}{fmt(e.value)}")
            elif e.kind in PHASE_KINDS:
                parts.append(f"{e.kind}{e.seat}{e.value}")
            else:
                a = e.value
                parts.append(f"{e.kind}{e.seat}{a.kind}{a.points}{a.cards}{a.key}")
        return hashlib.blake2b("|".join(parts).encode(), digest_size=16).digest()

    def seed(self, salt: int = 0) -> int:
        """An integer seed from :meth:`key` and ``salt`` (a bot's own seed)."""
        return int.from_bytes(
            hashlib.blake2b(
                self.key() + salt.to_bytes(8, "little", signed=True), digest_size=8
            ).digest(),
            "little",
        )

    # complexity: a flat JSON document of a view: each key is None or its value (no contract yet,
    # no turned-up card, no trick), and radon counts every such choice.
    def to_json(self) -> dict[str, Any]:
        """The view as JSON, for a table that shows a seat its game."""
        d = self._deal
        fmt = d.deck.format
        contract = d.contract
        names = d.seats
        out: dict[str, Any] = {
            "seat": names[self._seat],
            "dealer": names[d.dealer],
            "phase": d.phase,
            "to_act": None if d.current_seat is None else names[d.current_seat],
            "hand": d.deck.format_mask(self.hand),
            "hand_sizes": dict(zip(names, self.hand_sizes, strict=True)),
            "turn_up": None if d.turn_up is None else fmt(d.turn_up),
            "calls": [[names[s], c.text] for s, c in self.calls],
            "contract": None if contract is None else contract.describe(names),
            "tricks": [
                {"leader": names[lead], "cards": [fmt(c) for c in cards], "winner": names[win]}
                for lead, cards, win in d.tricks
            ],
            "trick": [[names[s], fmt(c)] for s, c in zip(d.trick_seats, d.trick, strict=True)],
            "announcements": [
                [
                    e.kind,
                    names[e.seat],
                    {
                        "kind": e.value.kind,
                        "points": e.value.points,
                        "cards": d.deck.format_mask(e.value.cards),
                    },
                ]
                for e in self.announcements
            ],
        }
        # A talon no phase touched: what the seat saw of it (during the auction the cards not
        # dealt yet may be dealt after it: a talon only if dealt face up).
        shows_talon = d.phase != "auction" or d.pattern.talon_face_up
        if shows_talon and d.talon_dealt and not d.phase_actions:
            out["talon"] = d.deck.format_mask(self.talon)
        if d.phase_actions:
            out["talon"] = d.deck.format_mask(self.talon)
            out["discards"] = d.deck.format_mask(self.discards)
            out["decisions"] = [[names[seat], code] for seat, code in d.decisions]
            out["shown"] = {names[seat]: d.deck.format_mask(d.hand(seat)) for seat in d.shown}
            out["controllers"] = [names[seat] for seat in d.controllers]
        elif d.shown:  # (hands laid open during play, with no phase before it)
            out["shown"] = {names[seat]: d.deck.format_mask(d.hand(seat)) for seat in d.shown}
        if d.talon_leads:  # the talon's cards turned to lead tricks, in order
            out["talon_leads"] = [fmt(c) for c in d.talon_leads]
            out["lead"] = None if d.lead is None else fmt(d.lead)
            if d.talon_owner is not None:  # (the leads are that seat's cards)
                out["talon_owner"] = names[d.talon_owner]
        if d.current_seat == self._seat:
            if d.phase == "phases":
                out["legal_actions"] = [[a.code, str(a.label)] for a in self.legal_actions()]
            if d.phase == "auction":
                out["legal_calls"] = [c.text for c in self.legal_calls()]
            elif d.phase == "play":
                out["legal"] = d.deck.format_mask(self.legal_mask())
        return out

    # ---- sampling ------------------------------------------------------------------------

    def sample(self, rng: random.Random) -> Deal:
        """A whole deal consistent with this view, the hidden cards dealt at random.

        The deal is at the same point (same calls, same cards played, same seat to act); this
        seat's cards, the cards played and everything shown are where they are, and the other
        cards are dealt to the hidden hands (and to the cards not dealt yet) respecting
        :meth:`known` and :meth:`excluded`. The same ``rng`` state gives the same deal.
        Measured in ``benchmarks/kernel_bench.py`` (``sample_us``).
        """
        plan = self._plan()
        world = self._deal_world(plan, rng)
        if self._deal.phase in ("auction", "phases"):
            return world  # no announcement is made before play
        want = plan.announcements
        for _ in range(_DECLARATION_TRIES - 1):
            seen = [
                public_announcement(Event._make(e), self._seat) for e in world.announcement_events()
            ]
            if seen == want:
                break
            world = self._deal_world(plan, rng)
        return world

    # complexity: what every sampled deal shares (played, known, excluded cards, each seat's
    # hand size, the talon), gathered in one pass so the sampler's inner loop reads plain ints.
    def _plan(self) -> _Plan:
        """What every sampled deal of this view shares, computed once per point of the deal."""
        cached = self._kept_plan
        if cached is not None and cached.stamp == self._stamp():
            plan: _Plan = cached
            return plan
        d = self._deal
        me = self._seat
        actions = d.actions
        seats = len(d.seats)
        played_by = [0] * seats
        for e in actions:
            if e.kind == "play":
                played_by[e.seat] |= 1 << e.value
        played = 0
        for mask in played_by:
            played |= mask
        known = self.known()
        excluded = self.excluded()
        sizes = self.hand_sizes
        hands = [0] * seats
        hands[me] = d.hand(me)
        need = [0] * seats
        taken = hands[me]
        for s in range(seats):
            if s != me:
                hands[s] = known[s]
                need[s] = max(0, sizes[s] - known[s].bit_count())
                taken |= known[s]
        turn_up = d.turn_up
        # This seat's own cards of the auction are never anyone else's (even discarded).
        pool = d.deck.full & ~played & ~taken & ~d.hands_at_auction[me]
        if turn_up is not None and (
            (d.pattern.turn_up == "table" and d.phase == "auction")
            or (
                d.pattern.turn_up == "dealer"
                and d.contract is not None
                and d.contract.sitting_out == d.dealer
            )
        ):
            pool &= ~(1 << turn_up)  # on the table, or out of play with a dealer sitting out
        if d.pattern.talon_face_up:
            pool &= ~d.talon  # (seen by all where it lies)
        for c in d.talon_leads:  # (turned face up in the talon, leading their tricks)
            pool &= ~(1 << c)
        # The phases: the talon and the discards this seat saw are out of the pool (its own
        # discards; the talon it took). A talon shown as another seat took it is in that
        # seat's hand or among its hidden discards.
        take = discard = None
        shown_talon = 0
        for seat, action in d.phase_actions:
            if action.kind == "take":
                seen = self._sees(seat, action)
                take = (seat, action.cards if seen else None, action.cards.bit_count())
                if seen and seat != me:
                    shown_talon |= action.cards
            elif action.kind == "discard":
                seen = self._sees(seat, action)
                discard = (seat, action.cards if seen else None, action.cards.bit_count())
                if seen:
                    pool &= ~action.cards
        cards = list(bits(pool))
        allowed = {
            c: tuple(
                s
                for s in range(seats)
                if need[s]
                and not excluded[s] >> c & 1
                and (take is None or not shown_talon >> c & 1 or s == take[0])
            )
            for c in cards
        }
        announcements = self.announcements if d.phase != "auction" else []
        plan = _Plan(
            self._stamp(),
            actions,
            played_by,
            tuple(hands),
            tuple(need),
            pool,
            cards,
            allowed,
            excluded,
            announcements,
            take,
            discard,
        )
        self._kept_plan = plan
        return plan

    def _deal_world(self, plan: _Plan, rng: random.Random) -> Deal:
        for _ in range(_DEAL_TRIES):
            world = self._try_world(plan, rng, relaxed=False)
            if world is not None:
                return world
        relaxed = self._try_world(plan, rng, relaxed=True)
        assert relaxed is not None
        return relaxed

    def _try_world(self, plan: _Plan, rng: random.Random, relaxed: bool) -> Deal | None:
        """A sampled deal, or None when the variant refuses the discard it needs (a card it
        may not discard): ``relaxed``, the first discard it allows instead."""
        d = self._deal
        dealt = _distribute(plan, rng)
        rest = plan.pool
        hands = list(plan.hands)
        for s, cards in enumerate(dealt):
            hands[s] |= cards
            rest &= ~cards
        starts = [hand | played for hand, played in zip(hands, plan.played_by, strict=True)]
        discarded = 0
        if plan.take is not None:
            # The taker's cards are its hand at the auction and the talon, less what it
            # discarded: the cards left over (rest) are the hidden discards, and a talon it did
            # not see is any of the taker's cards.
            taker, talon, size = plan.take
            if plan.discard is not None:
                known, count = plan.discard[1], plan.discard[2]
                if known is not None:
                    discarded = known
                else:
                    spare = list(bits(rest))
                    rng.shuffle(spare)
                    for c in spare[:count]:
                        discarded |= 1 << c
                rest &= ~discarded
            total = starts[taker] | discarded
            if talon is None:
                pick = list(bits(total))
                rng.shuffle(pick)
                talon = 0
                for c in pick[:size]:
                    talon |= 1 << c
            starts[taker] = total & ~talon
            rest |= talon
        talon = d.talon if d.pattern.talon_face_up else 0  # (seen by all, where it was)
        order = _order_for(d, self._seat, starts, talon, rest, rng, d.talon_leads)
        world = Deal(d.variant, d.rules, d.dealer, order, d.context, d.pattern)
        apply_call = world.apply_call
        apply_play = world.apply_play
        for kind, seat, value in plan.actions:
            if kind == "call":
                apply_call(seat, value)
            elif kind == "play":
                apply_play(seat, value)
            elif kind == "take":
                world.apply(Event(kind, seat, world.talon))
            elif kind == "discard":
                try:
                    world.apply(Event(kind, seat, discarded))
                except RuleViolation:
                    if not relaxed:
                        return None
                    world.apply_action(seat, world.legal_actions(seat)[0])
            else:
                world.apply(Event(kind, seat, value))
        return world


@dataclass(slots=True)
class _Plan:
    """The parts of a sample shared by every sampled deal of one view at one point."""

    stamp: tuple[int, str]
    actions: tuple[Event, ...]
    played_by: list[int]
    hands: tuple[int, ...]
    need: tuple[int, ...]
    pool: int
    cards: list[int]
    allowed: dict[int, tuple[int, ...]]
    excluded: tuple[int, ...]
    announcements: list[Event]
    #: the take of the talon, if any: (taker, the talon if this seat saw it, its size)
    take: tuple[int, int | None, int] | None
    #: the discard, if any: (seat, the cards if this seat saw them, how many)
    discard: tuple[int, int | None, int] | None


def _distribute(plan: _Plan, rng: random.Random) -> list[int]:
    """Deal the plan's hidden cards to the seats' needs (the rest stay undealt), avoiding the
    excluded cards, the most constrained cards first; relaxes the constraints when they cannot
    all be met (a sample is always produced)."""
    cards = plan.cards
    need = plan.need
    allowed = plan.allowed
    total_need = sum(need)
    places = tuple(range(len(need)))
    for attempt in range(_DEAL_TRIES + 1):
        strict = attempt < _DEAL_TRIES
        if strict:
            order = sorted(cards, key=lambda c: (len(allowed[c]), rng.random()))
        else:
            order = cards[:]
            rng.shuffle(order)
        room = list(need)
        dead = len(cards) - total_need
        out = [0] * len(need)
        ok = True
        for c in order:
            seats = allowed[c] if strict else places
            total = dead
            for s in seats:
                total += room[s]
            if total <= 0:
                ok = False
                break
            r = rng.random() * total
            pick = -1
            for s in seats:
                w = room[s]
                if r < w:
                    pick = s
                    break
                r -= w
            if pick < 0:
                dead -= 1
                continue
            room[pick] -= 1
            out[pick] |= 1 << c
        if ok and not any(room):
            return out
    return out


# complexity: it builds a deck order that the deal's pattern deals back as given: packets
# before and after the auction, a seat sitting out, the turned-up card, the talon's leads; one
# case for each part of DealPattern.
def _order_for(
    d: Deal,
    me: int,
    starts: Sequence[int],
    talon: int,
    rest: int,
    rng: random.Random,
    leads: Sequence[int] = (),
) -> list[int]:
    """A deck order that deals ``starts`` (each seat's cards when play starts, or now during
    the auction) and ``talon`` through the deal's pattern, the cards of ``rest`` left in the
    stock (the cards still to be dealt, and those of a seat sitting out); ``leads``, the
    talon's cards turned to lead tricks, are the talon's first cards, in that order."""
    pattern = d.pattern
    dealer = d.dealer
    contract = d.contract
    size = pattern.hand_size
    seats = len(starts)
    out = pattern.out_of(dealer, seats)  # (a seat sitting out of the deal: dealt nothing)
    first, talon_first, at = packet_positions(pattern.before, size, dealer, out, 0, (0,) * seats)
    counts = [len(first.get(s, ())) for s in range(seats)]
    turn_up = d.turn_up
    table = turn_up is not None and pattern.turn_up == "table"
    in_auction = contract is None
    sitting = None if contract is None else contract.sitting_out
    stock = list(bits(rest))
    rng.shuffle(stock)
    to_talon = list(bits(talon & ~sum(1 << c for c in leads)))
    rng.shuffle(to_talon)
    to_talon[:0] = leads
    before: list[list[int]] = [[] for _ in range(seats)]
    after: list[list[int]] = [[] for _ in range(seats)]
    for s in range(seats):
        cards = starts[s]
        if table:
            cards &= ~(1 << turn_up)  # type: ignore[operator]
        if in_auction:
            b, a = list(bits(cards)), []
        elif s == me:
            held = d.hands_at_auction[me]
            b, a = list(bits(held)), list(bits(cards & ~held))
        elif s == sitting:
            # Its cards were taken away: any cards of the stock (its last one the turned-up
            # card when the dealer sits out).
            shown = pattern.turn_up == "dealer" and s == dealer and turn_up is not None
            b = [stock.pop() for _ in range(min(counts[s] - shown, len(stock)))]
            if shown:
                b.append(turn_up)  # type: ignore[arg-type]
            a = []
        else:
            pool = list(bits(cards))
            rng.shuffle(pool)
            if pattern.turn_up == "dealer" and s == dealer and turn_up in pool:
                pool.remove(turn_up)
                pool.insert(0, turn_up)
            b, a = pool[: counts[s]], pool[counts[s] :]
        rng.shuffle(b)
        rng.shuffle(a)
        if pattern.turn_up == "dealer" and s == dealer and turn_up in b:
            b.remove(turn_up)
            b.append(turn_up)  # the dealer's last card dealt
        before[s], after[s] = b, a
    order = [-1] * d.deck.size

    def fill(positions: Sequence[int], cards: list[int]) -> None:
        for position in positions:
            order[position] = cards.pop(0) if cards else stock.pop()

    for s, positions in first.items():
        fill(positions, before[s])
    fill(talon_first, to_talon)
    if table:
        order[at] = turn_up  # type: ignore[assignment]
        at += 1
    if contract is not None:
        have = list(counts)
        if table:
            have[contract.taker] += 1
        if sitting is not None:
            have[sitting] = 0
        skip = -1 if sitting is None else sitting
        more, talon_more, at = packet_positions(pattern.after, size, dealer, skip, at, have)
        for s, positions in more.items():
            fill(positions, after[s])
        fill(talon_more, to_talon)
    # The cards no packet deals: the rest of the talon (the cards left once play starts), the
    # stock, and any card of a hand no packet took.
    left = to_talon + stock
    for s in range(seats):
        left.extend(before[s])
        left.extend(after[s])
    order[at:] = left
    return order
