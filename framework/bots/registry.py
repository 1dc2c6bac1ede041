"""The bots by name, as ``--bot`` and the scorepad choose them, and the strongest of them."""

from __future__ import annotations

from collections.abc import Callable

from framework.bots.base import Bot, RandomBot
from framework.bots.rulebot import RuleBot
from framework.bots.search import SearchBot
from framework.core.errors import AtoutError

__all__ = ["BOTS", "make_bot"]


def make_bot(
    name: str, seed: int | None = None, budget: int | None = None, time_cap: float | None = None
) -> Bot:
    """A bot by name: one of :data:`BOTS`.

    :param seed: the bot's seed (the search bot mixes it with each information set's).
    :param budget: for the search bot, sampled deals per decision (its default when None).
    :param time_cap: for the search bot, seconds a decision may take at most (for
        interactive play; results then depend on the machine's speed).
    """
    try:
        factory = BOTS[name]
    except KeyError:
        raise AtoutError(f"no bot {name!r}; bots: {', '.join(BOTS)}") from None
    if name == "search":
        return SearchBot(seed, budget=budget, time_cap=time_cap)
    return factory(seed)


BOTS: dict[str, Callable[[int | None], Bot]] = {
    "random": RandomBot,
    "rules": RuleBot,
    "search": SearchBot,
}
"""The bots by name, as ``--bot`` reads them."""

#: The strongest bot of :data:`BOTS`: the default wherever a bot plays for or with a person
#: (``atout play``, the scorepad's play table).
STRONGEST = "search"
