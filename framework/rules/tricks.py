"""Tricks: the play rules of one contract as plain data, and the trick winner.

A variant's ``atout_play_rules`` hook returns a :class:`PlayRules` once per deal; the kernel keeps
it for every card of the deal. Winning is data (a strength per card and the set of trumps), legal
play is one pure function over bitmasks, so the hot path never calls a hook.

The trick winner, for every game of this family: the highest trump if any trump was played, else
the highest card of the suit led; a card of another suit never wins.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from framework.core.cards import Deck
from framework.core.messages import KERNEL
from framework.rules.steps import Decision, LegalSteps

__all__ = ["LegalPlays", "PlayRules"]

_ = KERNEL.message
#: The reason when the trick is empty, in every game: any card may lead.
LEAD = _("you lead: any card may be played")

#: ``legal(hand, trick, best, partner_wins) -> mask``: the cards of ``hand`` (a bitmask) that may
#: be played to ``trick`` (the cards played so far, led card first, never empty), where ``best``
#: is the card currently winning the trick and ``partner_wins`` says whether it belongs to the
#: player's partner. The kernel handles the empty trick itself (any card may lead).
LegalPlays = Callable[[int, tuple[int, ...], int, bool], int]

_TRUMP_BONUS = 1000


@dataclass(frozen=True)
class PlayRules:
    """How cards are played and counted in one contract.

    :param deck: the deck.
    :param power: per card, its strength within its suit (higher beats lower).
    :param trumps: bitmask of the trump cards (0 in no-trumps and all-trumps contracts).
    :param points: per card, its card points.
    :param last_trick_bonus: points for the last trick (dix de der).
    :param steps: the legal plays and their reasons, one step function
        (:func:`~framework.rules.steps.legal_steps`): the kernel plays with its compiled hot
        path (:attr:`legal`) and tells a player the step that decided (:meth:`decision`).
    :param points_scale: a factor applied to counted card points (Bulgarian no-trumps doubles
        them); card points in records and tricks are reported after scaling.
    """

    deck: Deck
    power: tuple[int, ...]
    trumps: int
    points: tuple[int, ...]
    last_trick_bonus: int
    steps: LegalSteps
    points_scale: int = 1
    #: the legal-play function, :data:`LegalPlays`: ``steps.legal``, kept as a field so that the
    #: hot path reads it in one attribute lookup.
    legal: LegalPlays = field(init=False, repr=False, compare=False)
    # keys[led_suit][card]: the card's rank in a trick led in that suit; -1 never wins.
    keys: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)
    # lead_keys[card]: keys[suit of card], the row of a trick that card leads (one lookup a trick).
    lead_keys: tuple[tuple[int, ...], ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        deck = self.deck
        keys = []
        for led in range(len(deck.suits)):
            row = []
            for card in range(deck.size):
                if self.trumps >> card & 1:
                    row.append(_TRUMP_BONUS + self.power[card])
                elif deck.suit_of[card] == led:
                    row.append(self.power[card])
                else:
                    row.append(-1)
            keys.append(tuple(row))
        object.__setattr__(self, "legal", self.steps.legal)
        object.__setattr__(self, "keys", tuple(keys))
        object.__setattr__(
            self, "lead_keys", tuple(keys[deck.suit_of[card]] for card in range(deck.size))
        )

    def beats(self, card: int, best: int, led_suit: int) -> bool:
        """Whether ``card`` beats ``best`` in a trick led in ``led_suit``."""
        key = self.keys[led_suit]
        return key[card] > key[best]

    def winner(self, trick: Sequence[int]) -> int:
        """The position (0-based) in ``trick`` of the card that wins it."""
        key = self.keys[self.deck.suit_of[trick[0]]]
        best = 0
        for i in range(1, len(trick)):
            if key[trick[i]] > key[trick[best]]:
                best = i
        return best

    def best_of(self, trick: Sequence[int]) -> int:
        """The card currently winning a (possibly unfinished) trick."""
        return trick[self.winner(trick)]

    def reason(self, hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> str:
        """Why the legal plays are what they are, for a player (usually a
        :class:`~framework.core.messages.Message` in the variant's catalog)."""
        return self.decision(hand, trick, best, partner_wins).reason

    def decision(
        self, hand: int, trick: tuple[int, ...], best: int, partner_wins: bool
    ) -> Decision:
        """The step that decides the legal plays of a position, its reason and the plays (the
        step ``"lead"`` for an empty trick)."""
        if not trick:
            return Decision("lead", LEAD, hand)
        return self.steps.decide(hand, trick, best, partner_wins)

    def trick_points(self, trick: Sequence[int]) -> int:
        """Card points of the cards of a trick (without the last-trick bonus or scale)."""
        pts = self.points
        return sum(pts[c] for c in trick)

    @property
    def total_points(self) -> int:
        """The deck's card points plus the last trick, before scaling (162 in belote)."""
        return sum(self.points) + self.last_trick_bonus
