"""A person at the table: what one seat sees of a deal, the bots moving round it, and hints.

The terminal game (``atout play``) and the scorepad's play table share this module, so the two
show the same hand, the same legal cards with the same reasons and the same calls. It knows no
variant: the cards' words come from the deck, the rules from the deal's resolved hooks.

:func:`seat_view` is everything one seat may know at a moment of the deal, and nothing more:
its own hand, the calls made, the cards played, the turned-up card, the contract. The other
seats' hands never enter it, so whatever is built from a view cannot show them.
:func:`advance` lets the bots act until the person must (or the deal ends); :func:`hint` asks a
bot what it would do in the person's place.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TypeVar

from framework.bots.base import Bot
from framework.bots.registry import make_bot
from framework.core.cards import Deck, bits
from framework.core.errors import RuleViolation
from framework.core.messages import KERNEL
from framework.core.seats import SEATS, partner, same_side, side_names
from framework.engine.deal import Deal
from framework.engine.infoset import InfoSet
from framework.rules.auction import Call, Contract
from framework.rules.phases import PHASE_KINDS, PhaseAction
from framework.rules.played import ANNOUNCEMENT_KINDS, Event
from framework.rules.tricks import PlayRules

__all__ = [
    "SEAT_WORDS",
    "CallMenu",
    "CardChoice",
    "Hint",
    "SeatView",
    "ShownContract",
    "SteadyBot",
    "actor",
    "advance",
    "bot_move",
    "call_label",
    "call_menu",
    "call_short",
    "call_words",
    "contract_level",
    "denomination_label",
    "describe_call",
    "describe_call_short",
    "describe_event",
    "describe_phase_event",
    "hand_holder",
    "hand_order",
    "hint",
    "level_words",
    "seat_view",
    "seat_word",
    "shown_contract",
    "sides_seen",
    "table_bot",
    "waits_for",
]

log = logging.getLogger("atout.table")
_C = TypeVar("_C")
_ = KERNEL.message

#: Seats in words, for a person (the notation stays ``N E S W``).
SEAT_WORDS = (_("North"), _("East"), _("South"), _("West"))

#: Above this many bids at once, calls are offered as a level, then a denomination.
_FLAT_BIDS = 12


def sides_seen(deal: Deal, me: int | None) -> tuple[int, ...]:
    """The deal's sides as the person at ``me`` knows them (:meth:`Deal.sides_known_to`: a
    called partner hidden until its card is played); all of them for nobody's words."""
    return deal.sides if me is None else deal.sides_known_to(me)


def seat_word(
    seat: int,
    me: int | None = None,
    sides: tuple[int, ...] | None = None,
    names: tuple[str, ...] = SEATS,
) -> str:
    """A seat in words, ``"you"`` for ``me`` and ``"your partner (North)"`` for a seat on its
    side: by the deal's ``sides`` when given (:attr:`Deal.sides`), else the seat opposite. A
    seat is named by its name at the table (``names``, the variant's), in words where that name
    is a compass point: the ``S`` of a three-seat ``N E S`` table is South too.

    >>> str(seat_word(2, names=("N", "E", "S"))), seat_word(1, names=("A", "B"))
    ('South', 'B')
    """
    name = names[seat]
    word = SEAT_WORDS[SEATS.index(name)] if name in SEATS else name
    if me is not None and seat == me:
        return _("you")
    if me is not None and (seat == partner(me) if sides is None else same_side(sides, seat, me)):
        return _("your partner ({seat})", seat=word)
    return word


# ---- cards and calls in words --------------------------------------------------------------


def _suit_order(deck: Deck, suits: Sequence[int], first: int | None) -> list[int]:
    """The suits of a hand in display order: the trump suit first, then the deck's order with
    colours alternating where the hand allows it."""
    left = [s for s in suits if s != first]
    out = [first] if first is not None and first in suits else []
    while left:
        last = deck.suit_colour(out[-1]) if out else None
        pick = next((s for s in left if deck.suit_colour(s) != last), left[0])
        out.append(pick)
        left.remove(pick)
    return out


def hand_order(deck: Deck, hand: int, rules: PlayRules | None = None) -> list[int]:
    """The cards of ``hand`` sorted by suit (trumps first), highest first within a suit: by
    the contract's card order once there is one, by the deck's natural order before."""
    trump_suit = None
    if rules is not None and rules.trumps:
        trumps = rules.trumps
        trump_suit = next((s for s, m in enumerate(deck.suit_masks) if m & trumps == m), None)
    suits = sorted({deck.suit_of[c] for c in bits(hand)})
    power = rules.power if rules is not None else deck.rank_of
    out: list[int] = []
    for suit in _suit_order(deck, suits, trump_suit):
        out.extend(sorted(bits(hand & deck.suit_masks[suit]), key=lambda c: -power[c]))
    return out


def denomination_label(deck: Deck, denomination: str) -> str:
    """A contract kind for a person: the suit's symbol, or the kind itself (``NT``, ``AT``)."""
    if denomination in deck.suits:
        return deck.suit_symbol(deck.suits.index(denomination))
    return denomination


def _without_denomination(call: Call) -> str:
    """A bid's text less its denomination (``"CAPOT S"`` -> ``"capot"``, ``"90H"`` -> ``"90"``):
    the short form of its level (:func:`level_words` asks the variant for its words)."""
    text = call.text
    den = call.denomination or ""
    if den and text.endswith(den):
        text = text[: -len(den)]
    return text.strip().lower()


def call_label(deck: Deck, call: Call) -> str:
    """A call for a person: ``"90 ♥"``, ``"capot ♠"``, ``"♣"``, ``"pass"``; a double as the
    variant writes it."""
    if call.kind == "pass":
        return _("pass")
    if call.kind != "bid" or not call.denomination:
        return call.text.lower()
    den = denomination_label(deck, call.denomination)
    level = _without_denomination(call)
    return f"{level} {den}" if level else den


def call_short(deal: Deal, call: Call) -> str:
    """A call drawn on a button or a bubble: the short form (:func:`call_label`: ``"90 ♥"``,
    ``"♣"``, ``"pass"``) when its level is a number or nothing; a call said with a word (take,
    capot, solo, kontra) in the variant's words (:func:`call_words`), which its catalog
    translates."""
    level = _without_denomination(call)
    if call.kind == "pass" or (
        call.kind == "bid" and call.denomination and (not level or level.isdigit())
    ):
        return call_label(deal.deck, call)
    return call_words(deal, call)


@dataclass(frozen=True)
class CallMenu:
    """The legal calls of one seat, arranged for buttons.

    :param others: calls shown as buttons of their own (pass, doubles, single bids), in order.
    :param levels: when many bids name the same denominations at several goals (80 to 160
        and every trick, in six denominations): ``(level label, bids of that level)`` in the
        order offered, each bid to be picked by its denomination; else empty and every bid is
        in ``others``.
    """

    others: tuple[Call, ...]
    levels: tuple[tuple[str, tuple[Call, ...]], ...] = ()


def call_menu(deal: Deal, calls: Sequence[Call]) -> CallMenu:
    """Arrange ``calls`` as a level-then-denomination picker when there are many bids that
    repeat denominations at several goals; otherwise one button per call. A level is headed by
    the variant's words for its bids less their denomination (:func:`level_words`). A bid of
    no goal or no denomination (a misère among the levels) is a button of its own."""
    groups: dict[tuple[str, int], list[Call]] = {}
    others: list[Call] = []  # (the calls no level holds, in their order)
    for c in calls:
        if c.kind == "bid" and c.goal is not None and c.denomination:
            groups.setdefault(c.goal, []).append(c)
        else:
            others.append(c)
    grouped = len(calls) - len(others)
    repeated = len({c.denomination for cs in groups.values() for c in cs}) < grouped
    if grouped <= _FLAT_BIDS or len(groups) < 2 or not repeated:
        return CallMenu(tuple(calls))
    levels = tuple((level_words(deal, cs[0]), tuple(cs)) for cs in groups.values())
    return CallMenu(tuple(others), levels)


def level_words(deal: Deal, bid: Call) -> str:
    """The level of a bid as a heading (``"80"``, ``"capot"``): the variant's words
    (:func:`call_words`) for the bid less its denomination (``CAPOT`` of ``CAPOT S``), which its
    call vocabulary may translate; the kernel's default writes the text in lower case. A bid
    that is its denomination alone is headed by its goal's count."""
    text, den = bid.text, bid.denomination or ""
    head = text[: -len(den)].strip() if den and text.endswith(den) else text
    if not head:
        return str(bid.goal[1]) if bid.goal else ""
    return call_words(deal, Call(head, "bid", None, bid.goal, bid.alone))


def contract_level(deal: Deal, view: SeatView) -> str:
    """The level of the contract in play, in the variant's words: a named contract's name (the
    level of the taker's bid that made it, :func:`level_words`: "capot", "кинтола"), else its
    number ("110"), else "" (a contract that is its denomination alone)."""
    c = view.contract
    if c is None:
        return ""
    if c.name:
        bid = next(
            (call for seat, call in reversed(view.calls) if seat == c.taker and call.kind == "bid"),
            None,
        )
        return level_words(deal, bid) if bid is not None else c.name
    return "" if c.value is None else str(c.value)


class ShownContract(NamedTuple):
    """The contract in play as a player is shown it (:func:`shown_contract`)."""

    #: its level and its kind (``"110 ♥"``, ``"capot ♠"``, ``"♣"``), or a named kind's label
    #: alone (:class:`~framework.rules.auction.ContractKind`: Préférence's ``"misère"``)
    words: str
    #: the seat shown as its taker; None for a kind no seat takes (``has_taker``: a raspasy)
    taker: int | None


def shown_contract(deal: Deal, view: SeatView) -> ShownContract | None:
    """The contract in play in a player's words, with its taker (None before there is one);
    its kind is asked of the variant once."""
    c = view.contract
    if c is None:
        return None
    kind = deal.variant.hooks.contract_kind(deal.rules, c)
    taker = None if kind is not None and not kind.has_taker else c.taker
    if kind is not None and c.name is not None and kind.name == c.name:
        return ShownContract(kind.label, taker)
    level = contract_level(deal, view)
    denomination = denomination_label(deal.deck, c.denomination)
    words = (
        _("{level} {denomination}", level=level, denomination=denomination)
        if level
        else denomination
    )
    return ShownContract(words, taker)


def call_words(deal: Deal, call: Call) -> str:
    """A call in the variant's words (``"110 hearts"``), from its call vocabulary hook
    (:meth:`framework.rules.plugins.VariantHooks.call_label`); :func:`call_label` is the short form
    drawn on a button (``"110 ♥"``)."""
    return deal.variant.hooks.call_label(deal.rules, call)


def describe_call(deal: Deal, seat: int, call: Call, me: int | None = None) -> str:
    """A call said to a person: ``"West: 110 hearts"``."""
    return _(
        "{seat}: {call}",
        seat=seat_word(seat, me, sides_seen(deal, me), deal.seats),
        call=call_words(deal, call),
    )


def describe_call_short(deal: Deal, seat: int, call: Call, me: int | None = None) -> str:
    """A call in the fewest words, for the line of calls so far: ``"West: 110 ♥"``,
    ``"you: pass"`` (the partner is named by the seat alone; :func:`describe_call` says it all)."""
    who = _("you") if me is not None and seat == me else seat_word(seat, names=deal.seats)
    return _("{seat}: {call}", seat=who, call=call_short(deal, call))


def _cards_words(deal: Deal, cards: int) -> str:
    """Cards in words, ``"queen of spades, king of spades"``, in the reader's language."""
    said = ""
    for c in bits(cards):
        name = deal.deck.card_name(c)
        said = _("{first}, {then}", first=said, then=name) if said else name
    return said


def _action_label(deal: Deal, event: Event) -> str:
    """The variant's words of a name or decide event: the label of the action it logs (a
    message, said in the reader's language)."""
    for seat, action in deal.phase_actions:
        if seat == event.seat and action.kind == event.kind:
            value = action.contract if action.kind == "name" else action.code
            if value == event.value:
                return action.label
    return str(event.value)


def describe_phase_event(deal: Deal, event: Event, me: int | None = None) -> str:
    """A phase's event said to a person: ``"West takes the talon"``, ``"you discard seven of
    spades, ace of hearts"``, ``"East: whist"`` (the variant's words of a decision or a game).
    Cards another seat took or discarded unseen (an event of 0 cards) are not named."""
    who = seat_word(event.seat, me, sides_seen(deal, me), deal.seats)
    you = me is not None and event.seat == me
    if event.kind not in ("take", "discard"):
        return _("{seat}: {call}", seat=who, call=_action_label(deal, event))
    if not event.value:
        if event.kind == "discard":
            return _("{seat} discards", seat=who)
        return (
            _("{seat} take the talon", seat=who) if you else _("{seat} takes the talon", seat=who)
        )
    cards = _cards_words(deal, event.value)
    said = {  # by the kind of the event and whether the person made it
        ("take", True): _("{seat} take the talon: {cards}", seat=who, cards=cards),
        ("take", False): _("{seat} takes the talon: {cards}", seat=who, cards=cards),
        ("discard", True): _("{seat} discard {cards}", seat=who, cards=cards),
        ("discard", False): _("{seat} discards {cards}", seat=who, cards=cards),
    }
    return said[event.kind, you]


def describe_event(deal: Deal, event: Event, me: int | None = None) -> str:
    """One event said to a person: ``"West: 90 ♥"``, ``"your partner (North) plays jack of
    hearts"``, ``"East: whist"``."""
    if event.kind == "call":
        return describe_call(deal, event.seat, event.value, me)
    if event.kind in PHASE_KINDS:
        return describe_phase_event(deal, event, me)
    who = seat_word(event.seat, me, sides_seen(deal, me), deal.seats)
    you = me is not None and event.seat == me
    if event.kind in ANNOUNCEMENT_KINDS:
        what = event.value.shown
        if event.kind != "declare" or you:
            cards = ""
            for c in bits(event.value.cards):  # "queen of spades, king of spades", each word
                name = deal.deck.card_name(c)  # in the reader's language
                cards = _("{first}, {then}", first=cards, then=name) if cards else name
            if cards:
                what = _("{kind} ({cards})", kind=what, cards=cards)
        if event.kind == "declare":
            return (
                _("{seat} declare {what}", seat=who, what=what)
                if you
                else _("{seat} declares {what}", seat=who, what=what)
            )
        if event.kind == "show":
            return (
                _("{seat} show {what}", seat=who, what=what)
                if you
                else _("{seat} shows {what}", seat=who, what=what)
            )
        return (
            _("{seat} say {what}", seat=who, what=what)
            if you
            else _("{seat} says {what}", seat=who, what=what)
        )
    card = deal.deck.card_name(event.value)
    return (
        _("{seat} play {card}", seat=who, card=card)
        if you
        else _("{seat} plays {card}", seat=who, card=card)
    )


# ---- one seat's view -------------------------------------------------------------------------


@dataclass(frozen=True)
class CardChoice:
    """A card of the seat's hand: whether it may be played now, and why (not)."""

    card: int
    legal: bool
    reason: str


@dataclass(frozen=True)
class SeatView:
    """What ``seat`` knows of the deal now, and what it may do.

    :param hand: the seat's cards in display order, each with whether it may be played.
    :param reason: the rule deciding the legal cards now ("you must follow suit"), or why no
        card may be played ("it is West's turn").
    :param calls: the auction so far, ``(seat, call)``.
    :param legal_calls: the calls the seat may make now.
    :param trick: the current trick, ``(seat, card)`` in playing order.
    :param last_trick: the last finished trick ``(cards as (seat, card), winner)``, or None.
    :param tricks_won: tricks taken by each side of the deal, by its name
        (:func:`~framework.core.seats.side_names`: ``{"NS": n, "EW": n}`` at four seats).
    :param turn_up: the turned-up card everybody has seen, or None.
    """

    seat: int
    phase: str
    turn: int | None
    dealer: int
    event_count: int
    hand: tuple[CardChoice, ...]
    reason: str
    calls: tuple[tuple[int, Call], ...]
    legal_calls: tuple[Call, ...]
    contract: Contract | None
    trick: tuple[tuple[int, int], ...]
    leader: int | None
    last_trick: tuple[tuple[tuple[int, int], ...], int] | None
    tricks_won: dict[str, int]
    turn_up: int | None
    sitting_out: int | None = None
    played: frozenset[int] = field(default_factory=frozenset)
    #: the log as this seat saw it (another seat's declaration without its cards)
    events: tuple[Event, ...] = ()
    #: the announcements seen so far: ``declare``, ``show`` and ``say`` events, in order
    announcements: tuple[Event, ...] = ()
    #: the actions the seat may take now in a phase after the auction (take, discard, name,
    #: decide), with the variant's codes and words
    legal_actions: tuple[PhaseAction, ...] = ()
    #: the talon as the seat has seen it (bitmask; 0 when unseen)
    talon: int = 0
    #: the seat whose cards ``hand`` holds: the seat's own, or in play the hand it plays face
    #: up for another on that hand's turn (open whist); None in play while another seat acts
    holder: int | None = None
    #: the talon's card turned face up that leads the trick under way (its suit is the suit
    #: led; it wins nothing), or None when a seat leads it
    lead: int | None = None
    #: the seats whose hands lie face up, seen by every seat (open whist, a misère's catchers)
    shown: tuple[int, ...] = ()
    #: the seat whose cards the talon's leading cards are (``PlayPlan.talon_owner``: the seat
    #: sitting out, whose card may take the trick), or None: nobody's
    talon_owner: int | None = None

    @property
    def legal_cards(self) -> list[int]:
        return [c.card for c in self.hand if c.legal]

    @property
    def my_turn(self) -> bool:
        """Whether the seat acts now: its turn (unless another plays its hand: open whist), or
        the turn of the hand it plays for another."""
        return self.turn is not None and self.turn == self.holder


def _tricks_by_seat(deal: Deal) -> list[list[tuple[int, int]]]:
    """The cards played, as tricks of ``(seat, card)``, the current one last (maybe empty)."""
    size = deal.trick_size
    tricks: list[list[tuple[int, int]]] = [[]]
    for kind, seat, value in deal.actions:
        if kind != "play":
            continue
        if len(tricks[-1]) == size:
            tricks.append([])
        tricks[-1].append((seat, value))
    if len(tricks[-1]) == size:
        tricks.append([])
    return tricks


def _not_now(deal: Deal, seat: int) -> str:
    if deal.phase == "auction":
        return _("cards are played after the auction")
    if deal.phase == "phases":
        return _("the play has not started yet")
    if deal.phase == "over":
        return _("the deal is over")
    turn = deal.current_seat
    assert turn is not None
    sides = deal.sides_known_to(seat)
    return (
        _("it is {seat}'s turn", seat=seat_word(turn, seat, sides, deal.seats))
        if not same_side(sides, turn, seat)
        else _("it is your partner's turn")
    )


def seat_view(deal: Deal, seat: int) -> SeatView:
    """Everything ``seat`` may know of ``deal`` now (never another seat's hand): built from
    the seat's :class:`~framework.engine.infoset.InfoSet` and its legal plays."""
    info = InfoSet(deal, seat)
    events = tuple(info.events)
    deck = deal.deck
    rules = deal.play_rules
    # a hand the seat plays face up for another (open whist) is its hand while that one plays
    holder = hand_holder(deal, seat)
    acts = actor(deal)  # (the seat that acts now; in play, it plays the current seat's hand)
    hand_mask = deal.hand(holder)
    tricks = _tricks_by_seat(deal)
    current = tuple(tricks[-1])
    finished = tricks[:-1]
    played = frozenset(c for t in tricks for _seat, c in t)
    legal = 0
    if deal.phase == "play" and acts == seat:  # (then the hand it holds is the one to play)
        legal = deal.legal_mask()
        if (deal.trick or deal.lead is not None) and rules is not None:
            reason = rules.reason(hand_mask, *deal.trick_as_led(holder))
        else:
            reason = _("you lead: any card may be played")
    else:
        reason = _not_now(deal, seat)
    hand = tuple(
        CardChoice(c, bool(legal >> c & 1), reason) for c in hand_order(deck, hand_mask, rules)
    )
    last = None
    if finished:
        cards = tuple(finished[-1])
        winner = deal.tricks[len(finished) - 1][2]
        last = (cards, winner)
    # the tricks won by each side as the seat knows the sides (a called partner hidden until
    # its card is played: each seat's own tricks)
    known = deal.sides_known_to(seat)
    counts = [0] * (max(known) + 1)
    for who, count in enumerate(deal.tricks_by_seat):
        counts[known[who]] += count
    won = {
        name: count
        for name, count in zip(side_names(known, deal.seats), counts, strict=True)
        if name
    }
    calls = info.calls
    contract = deal.contract
    return SeatView(
        seat=seat,
        phase=deal.phase,
        turn=deal.current_seat,
        dealer=deal.dealer,
        event_count=deal.event_count,
        hand=hand,
        reason=reason,
        calls=calls,
        legal_calls=tuple(deal.legal_calls(seat)),
        contract=contract,
        trick=current,
        leader=current[0][0] if current else (deal.current_seat if deal.phase == "play" else None),
        last_trick=last,
        tricks_won=won,
        turn_up=deal.turn_up,
        # (the contract's; before one, the deal pattern's: known from the deal on)
        sitting_out=contract.sitting_out if contract is not None else deal.sitting_out,
        played=played,
        events=events,
        announcements=tuple(e for e in events if e.kind in ANNOUNCEMENT_KINDS),
        legal_actions=tuple(deal.legal_actions(seat)),
        talon=info.talon,
        holder=holder if deal.phase != "play" or acts in (seat, None) else None,
        lead=deal.lead,
        shown=deal.shown,
        talon_owner=deal.talon_owner,
    )


# ---- bots round the person -----------------------------------------------------------------


class SteadyBot(Bot):
    """A bot for a person's table: ``bot``'s choices, and ``fallback``'s for a decision where
    ``bot`` fails (a bug in a bot must not stop a person's game); each failure is logged."""

    def __init__(self, bot: Bot, fallback: Bot) -> None:
        self.bot = bot
        self.fallback = fallback
        self.name = bot.name

    @property
    def last_reason(self) -> str:
        return str(getattr(self.bot, "last_reason", "") or "")

    def choose_call(self, info: InfoSet, calls: Sequence[Call]) -> Call:
        return self._steady(self.bot.choose_call, self.fallback.choose_call, "call", info, calls)

    def choose_action(self, info: InfoSet, actions: Sequence[PhaseAction]) -> PhaseAction:
        mine, theirs = self.bot.choose_action, self.fallback.choose_action
        return self._steady(mine, theirs, "act", info, actions)

    def choose_card(self, info: InfoSet, legal: int) -> int:
        return self._steady(self.bot.choose_card, self.fallback.choose_card, "play", info, legal)

    def _steady(
        self, mine: Callable[..., _C], theirs: Callable[..., _C], verb: str, *args: Any
    ) -> _C:
        """``bot``'s choice (``mine``), else, the failure logged (``verb``: what it failed to
        do), the fallback's (``theirs``) of the same decision."""
        try:
            return mine(*args)
        except Exception:
            log.exception(
                "bot %s failed to %s; the %s bot %ss instead",
                self.bot.name,
                verb,
                self.fallback.name,
                verb,
            )
            return theirs(*args)


#: Seconds a bot may think over one decision at a person's table (the search bot stops sampling
#: then): a tap waits for up to three decisions.
TABLE_TIME_CAP = 0.3


def table_bot(name: str, seed: int) -> Bot:
    """The bot ``name`` as it plays at a person's table: its thinking time capped
    (:data:`TABLE_TIME_CAP`), and the rule bot standing in for a decision it fails
    (:class:`SteadyBot`)."""
    return SteadyBot(make_bot(name, seed, time_cap=TABLE_TIME_CAP), make_bot("rules", seed))


def waits_for(deal: Deal, seat: int) -> bool:
    """Whether the deal waits for ``seat``: it acts now (:func:`actor`: its turn, or in play
    the turn of a hand it plays for another; not the turn of its own hand that another seat
    plays, open whist), or it may make a call out of turn."""
    if deal.is_over:
        return False
    if actor(deal) == seat:
        return True
    return deal.phase == "auction" and bool(deal.legal_calls(seat))


def actor(deal: Deal) -> int | None:
    """The seat that acts now: the seat to act, or in play the seat that plays its hand (a
    hand played face up by another seat: open whist)."""
    seat = deal.current_seat
    if seat is None or deal.phase != "play":
        return seat
    return deal.controllers[seat]


def hand_holder(deal: Deal, seat: int) -> int:
    """The hand ``seat`` plays from now: in play, the seat to play when ``seat`` plays that
    hand for it (a hand played face up by another seat: open whist), else its own."""
    turn = deal.current_seat
    if turn is not None and turn != seat and actor(deal) == seat:
        return turn
    return seat


def bot_move(deal: Deal, seat: int, bot: Bot) -> Event:
    """Let ``bot`` act for ``seat`` (the seat to act; in play, the hand it plays, whoever
    controls it); returns the event applied."""
    if deal.phase == "phases":
        actions = deal.legal_actions(seat)
        action = bot.choose_action(InfoSet(deal, seat), actions)
        _take(seat, action, actions, deal.apply_action, deal.act)
    elif deal.phase == "auction":
        calls = deal.legal_calls(seat)
        call = bot.choose_call(InfoSet(deal, seat), calls)
        _take(seat, call, calls, deal.apply_call, deal.call)
    else:
        legal = deal.legal_mask()
        card = bot.choose_card(InfoSet(deal, seat), legal)
        if not legal >> card & 1:
            deal.check_play(seat, card)
        deal.apply_play(seat, card)
    return deal.actions[-1]


def _take(
    seat: int,
    choice: _C,
    offered: Sequence[_C],
    apply: Callable[[int, _C], None],
    checked: Callable[[_C, int], object],
) -> None:
    """A bot's call or action: applied unchecked when it is one of the very objects offered,
    else through the deal's checks (an illegal one raises :class:`RuleViolation`)."""
    if any(o is choice for o in offered):
        apply(seat, choice)
    else:
        checked(choice, seat)


def advance(
    deal: Deal, me: int, bot_for: Callable[[Deal, int], Bot], stop_out_of_turn: bool = True
) -> list[Event]:
    """Let the bots act until ``me`` must (its turn, or with ``stop_out_of_turn`` a call it may
    make out of turn, such as a double the auction allows at any time: the person then calls,
    or lets the seat to speak go on with :func:`bot_move`) or the deal ends; returns the events
    they made.

    :param bot_for: ``bot_for(deal, seat)``: the bot acting for ``seat`` now (a fresh one may be
        seeded from the deal's state, so a replay makes the same moves).
    """
    made: list[Event] = []
    while not deal.is_over:
        seat = deal.current_seat
        who = actor(deal)
        assert seat is not None and who is not None
        if who == me or (stop_out_of_turn and waits_for(deal, me)):
            break
        made.append(bot_move(deal, seat, bot_for(deal, who)))
    return made


@dataclass(frozen=True)
class Hint:
    """What a bot would do in the seat's place, and why.

    :param call: the call it would make (in the auction), else None.
    :param card: the card it would play (in play), else None.
    :param why: the reason, said to a person.
    :param action: the action it would take (in a phase after the auction), else None.
    """

    call: Call | None
    card: int | None
    why: str
    action: PhaseAction | None = None


def _why_card(deal: Deal, seat: int, card: int) -> str:
    """Why a card is a sensible play, from the trick as everybody sees it."""
    rules = deal.play_rules
    assert rules is not None
    deck = deal.deck
    trumps = rules.trumps
    is_trump = bool(trumps >> card & 1)
    legal = deal.legal_mask()
    if legal & (legal - 1) == 0:
        return _("it is the only card you may play")
    if seat in deal.avoid_tricks:
        return _why_duck(deal, seat, card)
    if not deal.trick and deal.lead is None:
        played = 0
        for _leader, cards, _winner in deal.tricks:
            for c in cards:
                played |= 1 << c
        unseen = deck.full & ~played & ~deal.hand(seat)
        higher = [
            o
            for o in bits(unseen & deck.suit_masks[deck.suit_of[card]])
            if rules.power[o] > rules.power[card]
        ]
        if not higher:
            return (
                _("it is the master trump: it draws the opponents' trumps")
                if is_trump
                else _("it is the master card of its suit: it should win the trick")
            )
        return _("a low lead keeps your strong cards for later")
    led, best, _partner = deal.trick_as_led(seat)  # (a talon's card may lead it)
    key = rules.keys[deck.suit_of[led[0]]]
    wins = key[card] > key[best] or not deal.trick  # (the talon's card wins nothing)
    if deal.partner_wins(seat) and not wins:
        return (
            _("your partner is winning the trick: give points")
            if rules.points[card]
            else _("your partner is winning the trick")
        )
    if wins:
        last = len(deal.trick) == deal.trick_size - 1
        if is_trump and not (trumps >> best & 1):
            return _("it trumps the trick")
        return (
            _("it wins the trick with the cheapest winning card")
            if last
            else _("it wins the trick")
        )
    return _("you cannot win this trick: it throws the cheapest card")


def _why_duck(deal: Deal, seat: int, card: int) -> str:
    """Why a card is a sensible play for a seat that plays to take no trick (the play plan's
    ``avoid_tricks``: a misère's declarer, a raspasy's players)."""
    if not deal.trick:  # (a lead, or the first card to a talon's card, which takes nothing)
        return _("you play to take no trick: a low card")
    rules = deal.play_rules
    assert rules is not None
    led, best, _partner = deal.trick_as_led(seat)
    key = rules.keys[deal.deck.suit_of[led[0]]]
    if key[card] <= key[best]:
        return _("you play to take no trick: it stays under the winning card")
    return _("you play to take no trick, but every card you may play wins this one")


def hint(deal: Deal, seat: int, bot: Bot) -> Hint:
    """Ask ``bot`` what it would do for ``seat`` now, without changing the deal.

    :raises RuleViolation: when the seat has nothing to do now.
    """
    if deal.phase == "auction":
        calls = deal.legal_calls(seat)
        if not calls:
            raise RuleViolation(_not_now(deal, seat))
        call = bot.choose_call(InfoSet(deal, seat), calls)
        label = call_words(deal, call)
        why = getattr(bot, "last_reason", "") or (
            _("your hand is not strong enough to bid")
            if call.kind == "pass"
            else _("your hand is worth {call}", call=label)
        )
        return Hint(call, None, why)
    if deal.phase == "phases":
        actions = deal.legal_actions(seat)
        if not actions:
            raise RuleViolation(_not_now(deal, seat))
        action = bot.choose_action(InfoSet(deal, seat), actions)
        why = getattr(bot, "last_reason", "") or _(
            "the computer would choose {action}", action=action.label
        )
        return Hint(None, None, why, action)
    seat = hand_holder(deal, seat)  # or the hand it plays for another (open whist)
    if deal.phase != "play" or deal.current_seat != seat:
        raise RuleViolation(_not_now(deal, seat))
    card = bot.choose_card(InfoSet(deal, seat), deal.legal_mask())
    why = getattr(bot, "last_reason", "") or _why_card(deal, seat, card)
    return Hint(None, card, why)
