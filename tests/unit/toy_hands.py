"""A toy whose option changes its deal: ``hand``, the cards dealt to each of its four seats in
one round (stacked on toy_game.py: its auction, play and scoring). Its 32 cards deal hands of
up to eight; a larger hand cannot be dealt, and the kernel refuses the option's value (issue
20, item 1's check, for values a user gives). Its preset ``seven`` deals seven each."""

from __future__ import annotations

import toy_game

from framework.api import DealPattern, Declaration, Option, Preset, hookimpl
from framework.core.cards import FRENCH_32 as DECK


@hookimpl
def atout_bases() -> list[object]:
    return [toy_game]


@hookimpl
def atout_declare() -> Declaration:
    return Declaration(
        title="Toy hands",
        options=(Option("hand", 8, "The cards dealt to each seat.", minimum=1, maximum=16),),
        presets=(Preset("seven", "Seven each.", {"hand": 7}),),
    )


@hookimpl
def atout_deal_pattern(rules) -> DealPattern:
    return DealPattern(DECK, rules.hand, (rules.hand,))
