"""What happens between the auction and the play: phases, as a deal's events.

A variant whose taker picks up a talon, discards, names the game after seeing it, or whose other
seats decide something (whist or pass) answers ``atout_phases`` with a list of :class:`Phase` s;
the deal runs them in order after the auction, then plays. Like an
:class:`~framework.rules.auction.Auction`, a phase is a small state machine: it says whose turn
it is (:attr:`Phase.turn`), which actions that seat may take (:meth:`Phase.legal_actions`, each a
:class:`PhaseAction` with the variant's code and words) and records the one taken
(:meth:`Phase.apply`). :meth:`Phase.find` reads an action written by a player, a bot or a saved
log, and refuses anything else with a :class:`~framework.core.errors.RuleViolation` whose reason a
player understands.

An action is one of four kinds, each a deal event ``(kind, seat, value)``:

- ``take``: the talon goes to a seat's hand (value: the cards, a bitmask);
- ``discard``: cards leave a seat's hand, face down (value: the cards, a bitmask);
- ``name``: the seat names the contract it plays, which may change it (value: the
  :class:`~framework.rules.auction.Contract`);
- ``decide``: a decision the variant declares for a seat, with its own code and words (value:
  the code, ``"WHIST"``, ``"PASS"``). A decision may give the deciding seat another seat's hand
  to play (:attr:`PhaseAction.plays_for`) and lay hands face up for everyone
  (:attr:`PhaseAction.shows`): open whist.

The kernel applies what an action does (the cards move, the contract changes, the hands are
shown); a phase only says what may be done. Four ready-made phases cover the usual steps:
:class:`TakeTalon`, :class:`Discard`, :class:`NameContract` and :class:`Decide`; a variant with a
step they do not fit subclasses :class:`Phase`.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Literal

from framework.core.cards import Deck, bits
from framework.core.errors import NotationError, RuleViolation
from framework.core.messages import KERNEL, CardCode, Seat
from framework.core.seats import SEATS, seat_word
from framework.rules.auction import Contract

_ = KERNEL.message

__all__ = [
    "PHASE_KINDS",
    "Decide",
    "Discard",
    "NameContract",
    "Phase",
    "PhaseAction",
    "PhaseKind",
    "PhaseTable",
    "TakeTalon",
]

PhaseKind = Literal["take", "discard", "name", "decide"]
#: The kinds of a phase's actions, which are also the kinds of their deal events.
PHASE_KINDS: frozenset[str] = frozenset({"take", "discard", "name", "decide"})


@dataclass(frozen=True)
class PhaseAction:
    """One action a seat may take in a phase.

    :param kind: ``take``, ``discard``, ``name`` or ``decide``.
    :param code: what a player types and the deal log holds, upper case: the variant's code of
        a decision (``"WHIST"``) or of a named contract (``"7S"``); ``TAKE`` for
        :class:`TakeTalon`; for ``discard``, the cards in the deck's notation (``"7S 10H"``,
        lowest card first).
    :param label: the player's words (a string, or a message of the variant's catalog).
    :param cards: ``take``, ``discard``: the cards (bitmask).
    :param contract: ``name``: the contract named.
    :param public: ``take``, ``discard``: the cards are shown to every seat (a talon turned face
        up before it is taken); otherwise only the seat that takes or discards them sees them.
    :param plays_for: ``decide``: the seats whose hands the deciding seat plays from now on
        (open whist: the whister plays the passer's hand).
    :param shows: ``decide``: the seats whose hands are laid face up, seen by every seat for
        the rest of the deal.
    :param ends_deal: the deal ends with this action, without play (Préférence: when both
        defenders pass, the declarer's game counts as made); the phases left are not run.
    """

    kind: PhaseKind
    code: str
    label: str
    cards: int = 0
    contract: Contract | None = None
    public: bool = False
    plays_for: tuple[int, ...] = ()
    shows: tuple[int, ...] = ()
    ends_deal: bool = False

    def __str__(self) -> str:
        return self.code


@dataclass(frozen=True)
class PhaseTable:
    """The deal as a phase begins: what the kernel tells it (:meth:`Phase.begin`).

    :param deck: the deck (to read and write cards).
    :param dealer: the dealer's seat.
    :param contract: the contract as it stands (the auction's, or as a ``name`` changed it).
    :param hands: every seat's cards, as bitmasks indexed by seat.
    :param talon: the talon's cards (bitmask; 0 once taken, or when the deal has none).
    :param decisions: the decisions made so far in the deal, as ``(seat, code)``.
    :param seats: the table's seat names, in playing order (how a refusal names a seat).
    """

    deck: Deck
    dealer: int
    contract: Contract
    hands: tuple[int, ...]
    talon: int
    decisions: tuple[tuple[int, str], ...] = ()
    seats: tuple[str, ...] = SEATS

    def seat(self, seat: int) -> Seat:
        """``seat`` as a message names it at this table."""
        return seat_word(seat, self.seats)


class Phase(ABC):
    """One step between the auction and the play, a state machine like
    :class:`~framework.rules.auction.Auction`.

    The kernel calls :meth:`begin` when the deal reaches the phase, then, while :attr:`turn` is
    a seat, offers that seat :meth:`legal_actions` and records the chosen one with
    :meth:`apply`. A phase over at once (no seat has anything to do) is passed.

    A subclass keeps the seat to act in ``_turn`` (None when the phase is over) or overrides
    :attr:`turn`; :attr:`table` is the deal as the phase began.
    """

    _turn: int | None = None
    table: PhaseTable

    def begin(self, table: PhaseTable) -> None:
        """Start the phase on the deal as it stands (the kernel calls it once, first)."""
        self.table = table

    @property
    def turn(self) -> int | None:
        """The seat to act, or None when the phase is over."""
        return self._turn

    @property
    def is_over(self) -> bool:
        return self.turn is None

    @abstractmethod
    def legal_actions(self, seat: int) -> list[PhaseAction]:
        """The actions ``seat`` may take now (empty when it may not act)."""

    @abstractmethod
    def apply(self, seat: int, action: PhaseAction) -> None:
        """Record an action already known to be legal."""

    def find(self, seat: int, text: str) -> PhaseAction:
        """The legal action of ``seat`` written ``text`` (its code, any case), or a
        :class:`RuleViolation` that lists the actions allowed."""
        legal = self._legal_or_refuse(seat)
        wanted = " ".join(text.upper().split())
        for action in legal:
            if action.code == wanted:
                return action
        shown = ", ".join(a.code for a in legal[:12]) + (", …" if len(legal) > 12 else "")
        raise RuleViolation(
            _(
                "{seat} may not choose {action} now; choose one of: {actions}",
                seat=self.table.seat(seat),
                action=repr(text),
                actions=shown,
            )
        )

    def _legal_or_refuse(self, seat: int) -> list[PhaseAction]:
        legal = self.legal_actions(seat) if seat == self.turn else []
        if legal:
            return legal
        if self.turn is None:
            raise RuleViolation(_("{seat} may not act now", seat=self.table.seat(seat)))
        raise RuleViolation(
            _(
                "{seat} may not act now; it is {turn}'s turn",
                seat=self.table.seat(seat),
                turn=self.table.seat(self.turn),
            )
        )


def cards_code(deck: Deck, cards: int) -> str:
    """The code of a take or discard of ``cards``: the cards in the deck's notation, lowest
    first (``"7S 10H"``)."""
    return deck.format_mask(cards)


class TakeTalon(Phase):
    """``seat`` takes the talon into its hand: one action, ``take``, code ``TAKE``.

    :param seat: who takes it (the declarer).
    :param label: the words of the action (default: "take the talon").
    :param public: the talon is shown to every seat as it is taken.
    """

    def __init__(self, seat: int, label: str | None = None, public: bool = False) -> None:
        self.seat = seat
        self.label = label if label is not None else _("take the talon")
        self.public = public

    def begin(self, table: PhaseTable) -> None:
        super().begin(table)
        self._turn = self.seat if table.talon else None

    def legal_actions(self, seat: int) -> list[PhaseAction]:
        if seat != self._turn:
            return []
        talon = self.table.talon
        return [PhaseAction("take", "TAKE", self.label, cards=talon, public=self.public)]

    def apply(self, seat: int, action: PhaseAction) -> None:
        self._turn = None


#: Why some cards may not be discarded from a hand: ``refuse(hand, cards)`` answers the reason in
#: the player's words, or None when the discard is allowed.
DiscardRule = Callable[[int, int], "str | None"]


class Discard(Phase):
    """``seat`` discards ``count`` cards of its hand, face down, in one action.

    :param seat: who discards.
    :param count: how many cards.
    :param refuse: the variant's rule of what may not be discarded: ``refuse(hand, cards)``
        gives the reason in the player's words ("you may not discard a jack"), or None when the
        discard is allowed. None: any ``count`` cards.
    :param label: the words of an action, given the cards' notation (default: "discard
        {cards}").

    The legal actions are every allowed set of ``count`` cards (66 for 2 of 12): a phase for
    far larger discards subclasses :class:`Phase`. :meth:`find` reads the cards in any order
    and gives the reason for a refusal.
    """

    def __init__(
        self,
        seat: int,
        count: int,
        refuse: DiscardRule | None = None,
        label: Callable[[str], str] | None = None,
    ) -> None:
        if count < 1:
            raise ValueError(f"a discard of {count} cards: discard at least one")
        self.seat = seat
        self.count = count
        self.refuse = refuse
        self.label = label

    def begin(self, table: PhaseTable) -> None:
        super().begin(table)
        self._turn = self.seat
        self._legal: list[PhaseAction] | None = None

    def _action(self, cards: int) -> PhaseAction:
        code = cards_code(self.table.deck, cards)
        words = self.label(code) if self.label else _("discard {cards}", cards=code)
        return PhaseAction("discard", code, words, cards=cards)

    def legal_actions(self, seat: int) -> list[PhaseAction]:
        if seat != self._turn:
            return []
        if self._legal is None:
            hand = self.table.hands[seat]
            masks = self.table.deck.card_masks
            refuse = self.refuse
            found = []
            for chosen in combinations(bits(hand), self.count):
                cards = 0
                for card in chosen:
                    cards |= masks[card]
                if refuse is None or refuse(hand, cards) is None:
                    found.append(self._action(cards))
            self._legal = found
        return self._legal

    def find(self, seat: int, text: str) -> PhaseAction:
        """The discard of the cards written in ``text`` (any order), or the reason it is
        refused: not ``count`` cards, a card not held, or the variant's rule."""
        if seat != self._turn:
            self._legal_or_refuse(seat)
        deck = self.table.deck
        try:
            cards = deck.parse_many(text)
        except NotationError as exc:
            raise RuleViolation(str(exc)) from exc
        if len(cards) != self.count:
            raise RuleViolation(
                _(
                    "{seat} discards {n} cards, not {given}",
                    seat=self.table.seat(seat),
                    n=self.count,
                    given=len(cards),
                )
            )
        hand = self.table.hands[seat]
        mask = 0
        for card in cards:
            if not hand >> card & 1:
                raise RuleViolation(
                    _(
                        "{seat} does not hold {card}",
                        seat=self.table.seat(seat),
                        card=CardCode(deck.format(card)),
                    )
                )
            mask |= deck.card_masks[card]
        reason = self.refuse(hand, mask) if self.refuse is not None else None
        if reason is not None:
            raise RuleViolation(
                _(
                    "{seat} may not discard {cards}: {reason}",
                    seat=self.table.seat(seat),
                    cards=cards_code(deck, mask),
                    reason=reason,
                )
            )
        return self._action(mask)

    def apply(self, seat: int, action: PhaseAction) -> None:
        self._turn = None


class NameContract(Phase):
    """``seat`` names the contract it plays, one of ``choices`` (each a ``name`` action with
    its :attr:`PhaseAction.contract`): the game named after seeing the talon."""

    def __init__(self, seat: int, choices: Sequence[PhaseAction]) -> None:
        for choice in choices:
            if choice.kind != "name" or choice.contract is None:
                raise ValueError(f"{choice.code}: a choice of NameContract names a contract")
        self.seat = seat
        self.choices = list(choices)

    def begin(self, table: PhaseTable) -> None:
        super().begin(table)
        self._turn = self.seat if self.choices else None

    def legal_actions(self, seat: int) -> list[PhaseAction]:
        return self.choices if seat == self._turn else []

    def apply(self, seat: int, action: PhaseAction) -> None:
        self._turn = None


#: Whose turn it is in a :class:`Decide` phase and what that seat may choose, given the deal as
#: the phase began (the contract as named) and the decisions made so far in the phase
#: (``(seat, code)``); None when the phase is over.
Asker = Callable[
    [PhaseTable, tuple[tuple[int, str], ...]], "tuple[int, Sequence[PhaseAction]] | None"
]
#: What one seat may choose in :meth:`Decide.in_turn`: ``choices(table, seat, made)``.
Choices = Callable[[PhaseTable, int, tuple[tuple[int, str], ...]], Sequence[PhaseAction]]


class Decide(Phase):
    """Decisions the variant declares: ``ask(table, made)`` says who decides next and the
    ``decide`` actions on offer, given the deal as the phase began (:class:`PhaseTable`: the
    contract as named, the decisions of earlier phases) and the decisions already made in this
    phase (None: the phase is over).

    :meth:`in_turn` builds the common case: each of some seats once, in order.
    """

    def __init__(self, ask: Asker) -> None:
        self.ask = ask

    @classmethod
    def in_turn(cls, seats: Sequence[int], choices: Choices) -> Decide:
        """Each of ``seats`` decides once, in this order, among ``choices(table, seat, made)``
        (``made``: the decisions before it in this phase); a seat offered nothing is passed
        over."""
        order = tuple(seats)

        def ask(
            table: PhaseTable, made: tuple[tuple[int, str], ...]
        ) -> tuple[int, Sequence[PhaseAction]] | None:
            # The seats after the last one that decided, in order.
            start = order.index(made[-1][0]) + 1 if made else 0
            for seat in order[start:]:
                offered = choices(table, seat, made)
                if offered:
                    return seat, offered
            return None

        return cls(ask)

    def begin(self, table: PhaseTable) -> None:
        super().begin(table)
        self._made: tuple[tuple[int, str], ...] = ()
        self._next()

    def _next(self) -> None:
        asked = self.ask(self.table, self._made)
        if asked is None:
            self._turn, self._offered = None, []
            return
        seat, offered = asked
        for action in offered:
            if action.kind != "decide":
                raise ValueError(f"{action.code}: a Decide phase offers decide actions")
        self._turn, self._offered = seat, list(offered)

    def legal_actions(self, seat: int) -> list[PhaseAction]:
        return self._offered if seat == self._turn else []

    def apply(self, seat: int, action: PhaseAction) -> None:
        self._made = (*self._made, (seat, action.code))
        self._next()

    @property
    def made(self) -> tuple[tuple[int, str], ...]:
        """The decisions made in this phase, as ``(seat, code)``."""
        return self._made
