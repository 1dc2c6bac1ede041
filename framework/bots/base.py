"""Bots: players for the simulator, the duel, the play table and tests, behind one interface.

A :class:`Bot` answers two questions: which call to make (from the legal calls the auction
offers) and which card to play (from the legal plays, a bitmask). It is given an
:class:`~framework.engine.infoset.InfoSet` — what its seat knows — never the deal itself, so no bot
can look at another seat's cards. :func:`play_out` drives a deal to its end with one bot per seat.

Three bots ship with the kernel, none knowing any variant: :class:`RandomBot` (uniform over the
legal actions), :class:`~framework.bots.rulebot.RuleBot` (bids from hand strength, plays master
cards, trumps when it should) and :class:`~framework.bots.search.SearchBot` (determinized search:
the hidden hands sampled from the information set, each legal action played out in every
sample, the action with the best expected deal score chosen). ``SearchBot`` is the bot that
plays for a person (:data:`STRONGEST`).

Writing a bot: subclass :class:`Bot`, implement :meth:`Bot.choose_call` and
:meth:`Bot.choose_card`, and read only the information set. Seed any randomness from
:meth:`InfoSet.seed` (so the same situation gets the same answer), and for search build whole
deals with :meth:`InfoSet.sample`, play them forward on :meth:`Deal.copy` with the unchecked
:meth:`Deal.apply_play` and score them with :meth:`Deal.score`.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence
from math import floor

from framework.core.cards import bits
from framework.engine.deal import Deal
from framework.engine.infoset import InfoSet
from framework.rules.auction import Call
from framework.rules.phases import PhaseAction

__all__ = ["Bot", "RandomBot", "plain_action", "play_out"]


class Bot(ABC):
    """A player. It sees only its seat's :class:`~framework.engine.infoset.InfoSet`."""

    name: str = "bot"

    @abstractmethod
    def choose_call(self, info: InfoSet, calls: Sequence[Call]) -> Call:
        """Pick one of ``calls`` (never empty) for ``info.seat``."""

    @abstractmethod
    def choose_card(self, info: InfoSet, legal: int) -> int:
        """Pick one card of the bitmask ``legal`` (never 0) for ``info.seat``."""

    def choose_action(self, info: InfoSet, actions: Sequence[PhaseAction]) -> PhaseAction:
        """Pick one of ``actions`` (never empty), the legal actions of a phase between the
        auction and the play, for ``info.seat``. By default the kernel's plain choice
        (:func:`plain_action`)."""
        return plain_action(info, actions)


def plain_action(info: InfoSet, actions: Sequence[PhaseAction]) -> PhaseAction:
    """A phase's action chosen knowing no variant: of discards, the weakest cards (the
    contract's trumps kept, then the fewest card points, then the lowest in their suits);
    otherwise the first action offered (a variant puts the prudent one first)."""
    discards = [a for a in actions if a.kind == "discard"]
    contract = info.contract
    if not discards or contract is None:
        return actions[0]
    rules = info.variant.hooks.play_rules(info.rules, contract)

    def weight(action: PhaseAction) -> tuple[int, int, int]:
        cards = action.cards
        power = 0
        points = 0
        for card in bits(cards):
            power += rules.power[card]
            points += rules.points[card]
        return (cards & rules.trumps).bit_count(), points, power

    return min(discards, key=weight)


class RandomBot(Bot):
    """Uniformly random among the legal calls and the legal plays, from its own seeded RNG
    (a fresh bot with the same seed makes the same choices: the choice depends only on the
    legal actions, which the seat sees)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._random = self.rng.random

    def choose_call(self, info: InfoSet, calls: Sequence[Call]) -> Call:
        return calls[floor(self._random() * len(calls))]  # (floor: see choose_card)

    def choose_action(self, info: InfoSet, actions: Sequence[PhaseAction]) -> PhaseAction:
        return actions[floor(self._random() * len(actions))]

    def choose_card(self, info: InfoSet, legal: int) -> int:
        count = legal.bit_count()
        if count == 1:
            # A forced card (38% of a random Coinche deal's cards): the draw is made all the
            # same, so that the bot's later choices stay as they were, but not used (callgrind:
            # 700 instructions less a forced card, 140 more another).
            self._random()
            return legal.bit_length() - 1
        # floor, not int(): the same n for a product >= 0, and no call of the int type.
        n = floor(self._random() * count)
        while n:
            legal &= legal - 1
            n -= 1
        return (legal & -legal).bit_length() - 1


def play_out(deal: Deal, bots: Sequence[Bot]) -> Deal:
    """Play ``deal`` to its end, ``bots[seat]`` acting for each seat; returns the deal.

    Each bot sees only its seat's :class:`~framework.engine.infoset.InfoSet`. A bot's choice is
    checked (an illegal one raises the player-readable
    :class:`~framework.core.errors.RuleViolation`); the checks are the engine's own legal sets,
    computed once per decision.
    """
    if len(bots) == 4:
        # (Written out: a list comprehension is a function call of its own in each of these.)
        views = [InfoSet(deal, 0), InfoSet(deal, 1), InfoSet(deal, 2), InfoSet(deal, 3)]
        north, east, south, west = bots
        calls = [north.choose_call, east.choose_call, south.choose_call, west.choose_call]
        cards = [north.choose_card, east.choose_card, south.choose_card, west.choose_card]
    else:  # a table of 2, 3, 5 or 6 seats
        views = [InfoSet(deal, seat) for seat in range(len(bots))]
        calls = [bot.choose_call for bot in bots]
        cards = [bot.choose_card for bot in bots]
    deal.call_to_end(calls, views)
    if deal.phase == "phases":  # (take the talon, discard, name the game, decide)
        deal.act_to_end([bot.choose_action for bot in bots], views)
    # Card play is the hot path: the deal's own card loop, one legal set per card.
    deal.play_to_end(cards, views)
    return deal
