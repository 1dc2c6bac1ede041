"""Bots: players for the simulator, the duel, the play table and tests, behind one interface.

A :class:`Bot` answers two questions: which call to make (from the legal calls the auction
offers) and which card to play (from the legal plays, a bitmask). It is given an
:class:`~framework.infoset.InfoSet` — what its seat knows — never the deal itself, so no bot can
look at another seat's cards. :func:`play_out` drives a deal to its end with one bot per seat.

Three bots ship with the kernel, none knowing any variant: :class:`RandomBot` (uniform over the
legal actions), :class:`~framework.rulebot.RuleBot` (bids from hand strength, plays master
cards, trumps when it should) and :class:`~framework.search.SearchBot` (determinized search:
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

import functools
import inspect
import random
import warnings
from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from math import floor
from typing import Any

from framework.auction import Call
from framework.deal import Deal
from framework.errors import RuleViolation
from framework.infoset import InfoSet

__all__ = ["BOTS", "Bot", "RandomBot", "make_bot", "play_out"]

#: The default of the built-in bots' third parameter: a call of the new form.
_NEW: Any = object()


def _old_call(bot: object, method: str, deal: Any, seat: Any) -> InfoSet:
    """``bot.method(deal, seat, x)``, the bot API before information sets: warn, and answer
    with the seat's information set."""
    warnings.warn(
        f"{type(bot).__name__}.{method}(deal, seat, ...) is the bot API before "
        f"information sets; call {method}(deal.infoset(seat), ...) (see the plugin "
        "guide, 'Bots written for the first API')",
        DeprecationWarning,
        stacklevel=3,
    )
    if not isinstance(deal, Deal):
        raise TypeError(
            f"{type(bot).__name__}.{method}: give an InfoSet and the legal "
            f"{'calls' if method == 'choose_call' else 'plays'}"
        )
    return deal.infoset(int(seat))


class DealView:
    """What a bot written for the first bot API (``choose_card(deal, seat, legal)``) receives
    in place of the deal: its seat's :class:`~framework.infoset.InfoSet` under the deal's old
    method names. ``hand(seat)`` answers only for the bot's own seat: a bot sees no other
    hand. Every other attribute is the information set's."""

    def __init__(self, info: InfoSet) -> None:
        self._info = info

    def hand(self, seat: int) -> int:
        """The bot's own hand; another seat's raises :class:`RuleViolation`."""
        if seat != self._info.seat:
            raise RuleViolation("a bot sees only its own hand")
        return self._info.hand

    def partner_wins(self, seat: int | None = None) -> bool:
        """Whether the bot's partner is winning the trick."""
        return self._info.partner_wins()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._info, name)


def _adapt_old(method: str, old: Callable[..., Any]) -> Callable[..., Any]:
    """A new-form method around an old-form ``old(self, deal, seat, x)``."""

    @functools.wraps(old)
    def new(self: Bot, info: Any, x: Any, legacy: Any = _NEW) -> Any:
        if legacy is not _NEW:  # called in the old form too: (deal, seat, x)
            return old(self, info, x, legacy)
        return old(self, DealView(info), info.seat, x)

    return new


class Bot(ABC):
    """A player. It sees only its seat's :class:`~framework.infoset.InfoSet`.

    A subclass written for the first bot API, ``choose_call(self, deal, seat, calls)`` and
    ``choose_card(self, deal, seat, legal)``, keeps working with a ``DeprecationWarning`` when
    the class is defined: it is called with a :class:`DealView` of its information set as
    ``deal``. The built-in bots also still accept a call in the old form, with a warning.
    """

    name: str = "bot"

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for method in ("choose_call", "choose_card"):
            fn = cls.__dict__.get(method)
            if fn is None or not inspect.isfunction(fn):
                continue
            params = list(inspect.signature(fn).parameters.values())[1:]
            positional = [
                p for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)
            ]
            if len(positional) == 3 and positional[2].default is inspect.Parameter.empty:
                warnings.warn(
                    f"{cls.__qualname__}.{method}(self, deal, seat, ...) is the bot "
                    f"API before information sets; write {method}(self, info, ...) "
                    "(see the plugin guide, 'Bots written for the first API')",
                    DeprecationWarning,
                    stacklevel=2,
                )
                setattr(cls, method, _adapt_old(method, fn))

    @abstractmethod
    def choose_call(self, info: InfoSet, calls: Sequence[Call]) -> Call:
        """Pick one of ``calls`` (never empty) for ``info.seat``."""

    @abstractmethod
    def choose_card(self, info: InfoSet, legal: int) -> int:
        """Pick one card of the bitmask ``legal`` (never 0) for ``info.seat``."""


class RandomBot(Bot):
    """Uniformly random among the legal calls and the legal plays, from its own seeded RNG
    (a fresh bot with the same seed makes the same choices: the choice depends only on the
    legal actions, which the seat sees)."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self._random = self.rng.random

    def choose_call(self, info: InfoSet, calls: Sequence[Call], legacy: Any = _NEW) -> Call:
        if legacy is not _NEW:  # the first bot API: (deal, seat, calls)
            info, calls = _old_call(self, "choose_call", info, calls), legacy
        return calls[floor(self._random() * len(calls))]  # (floor: see choose_card)

    def choose_card(self, info: InfoSet, legal: int, legacy: Any = _NEW) -> int:
        if legacy is not _NEW:  # the first bot API: (deal, seat, legal)
            info, legal = _old_call(self, "choose_card", info, legal), legacy
        # floor, not int(): the same n for a product >= 0, and no call of the int type.
        n = floor(self._random() * legal.bit_count())
        while n:
            legal &= legal - 1
            n -= 1
        return (legal & -legal).bit_length() - 1


def play_out(deal: Deal, bots: Sequence[Bot]) -> Deal:
    """Play ``deal`` to its end, ``bots[seat]`` acting for each seat; returns the deal.

    Each bot sees only its seat's :meth:`~framework.deal.Deal.infoset`. A bot's choice is
    checked (an illegal one raises the player-readable
    :class:`~framework.errors.RuleViolation`); the checks are the engine's own legal sets,
    computed once per decision.
    """
    # (Written out: a list comprehension is a function call of its own in each of the three.
    # The views are Deal.infoset's, made here: a method call less per seat.)
    views = [InfoSet(deal, 0), InfoSet(deal, 1), InfoSet(deal, 2), InfoSet(deal, 3)]
    north, east, south, west = bots
    deal.call_to_end(
        [north.choose_call, east.choose_call, south.choose_call, west.choose_call], views
    )
    # Card play is the hot path: the deal's own card loop, one legal set per card.
    deal.play_to_end(
        [north.choose_card, east.choose_card, south.choose_card, west.choose_card], views
    )
    return deal


def make_bot(
    name: str, seed: int | None = None, budget: int | None = None, time_cap: float | None = None
) -> Bot:
    """A bot by name: one of :data:`BOTS`.

    :param seed: the bot's seed (the search bot mixes it with each information set's).
    :param budget: for the search bot, sampled deals per decision (its default when None).
    :param time_cap: for the search bot, seconds a decision may take at most (for
        interactive play; results then depend on the machine's speed).
    """
    from framework.errors import AtoutError

    try:
        factory = BOTS[name]
    except KeyError:
        raise AtoutError(f"no bot {name!r}; bots: {', '.join(BOTS)}") from None
    if name == "search":
        from framework.search import SearchBot

        return SearchBot(seed, budget=budget, time_cap=time_cap)
    return factory(seed)


def _rule_bot(seed: int | None) -> Bot:
    from framework.rulebot import RuleBot

    return RuleBot(seed)


def _search_bot(seed: int | None) -> Bot:
    from framework.search import SearchBot

    return SearchBot(seed)


BOTS: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "rules": _rule_bot,
    "search": _search_bot,
}
"""The bots by name, as ``--bot`` reads them."""

#: The strongest bot of :data:`BOTS`: the default wherever a bot plays for or with a person
#: (``atout play``, the scorepad's play table).
STRONGEST = "search"
