"""Bots: players for the simulator and for tests, behind one small interface.

A :class:`Bot` answers two questions: which call to make (from the legal calls the auction
offers) and which card to play (from the legal plays, a bitmask). :func:`play_out` drives a deal
to its end with one bot per seat. Two bots ship with the kernel: :class:`RandomBot` (uniform over
the legal actions) and :class:`RuleBot` (bids from hand strength, plays master cards, trumps when
it should). Both know no variant: they read the calls' kinds and goals and the deal's play rules.
A stronger bot implements the same two methods.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Sequence

from framework.auction import Call
from framework.deal import Deal

__all__ = ["BOTS", "Bot", "RandomBot", "make_bot", "play_out"]


class Bot(ABC):
    """A player. Stateless between deals; may keep an RNG."""

    name: str = "bot"

    @abstractmethod
    def choose_call(self, deal: Deal, seat: int, calls: Sequence[Call]) -> Call:
        """Pick one of ``calls`` (never empty) for ``seat``."""

    @abstractmethod
    def choose_card(self, deal: Deal, seat: int, legal: int) -> int:
        """Pick one card of the bitmask ``legal`` (never 0) for ``seat``."""


class RandomBot(Bot):
    """Uniformly random among the legal calls and the legal plays."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._random = self.rng.random

    def choose_call(self, deal: Deal, seat: int, calls: Sequence[Call]) -> Call:
        return calls[int(self.rng.random() * len(calls))]

    def choose_card(self, deal: Deal, seat: int, legal: int) -> int:
        n = int(self._random() * legal.bit_count())
        while n:
            legal &= legal - 1
            n -= 1
        return (legal & -legal).bit_length() - 1


def play_out(deal: Deal, bots: Sequence[Bot]) -> Deal:
    """Play ``deal`` to its end, ``bots[seat]`` acting for each seat; returns the deal.

    A bot's choice is checked (an illegal one raises the player-readable
    :class:`~framework.errors.RuleViolation`); the checks are the engine's own legal sets,
    computed once per decision.
    """
    while deal.phase == "auction":
        seat = deal.current_seat
        assert seat is not None
        calls = deal.legal_calls(seat)
        call = bots[seat].choose_call(deal, seat, calls)
        if any(c is call for c in calls):
            deal.apply_call(seat, call)
        else:
            deal.call(call, seat)
    # Card play is the hot path: bound methods in locals, one legal set per card.
    legal_mask = deal.legal_mask
    apply_play = deal.apply_play
    choose = [bot.choose_card for bot in bots]
    seat = deal.current_seat
    while seat is not None:
        legal = legal_mask()
        card = choose[seat](deal, seat, legal)
        if not legal >> card & 1:
            deal.check_play(seat, card)
        apply_play(seat, card)
        seat = deal.current_seat
    return deal


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name: one of :data:`BOTS`."""
    from framework.errors import AtoutError

    try:
        factory = BOTS[name]
    except KeyError:
        raise AtoutError(f"no bot {name!r}; bots: {', '.join(BOTS)}") from None
    return factory(seed)


def _rule_bot(seed: int | None) -> Bot:
    from framework.rulebot import RuleBot

    return RuleBot(seed)


BOTS = {"random": RandomBot, "rules": _rule_bot}

#: The strongest bot of :data:`BOTS`: the default wherever a bot plays for or with a person
#: (``atout play``, the scorepad's play table).
STRONGEST = "rules"
