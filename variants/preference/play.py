"""Préférence's card play (``docs/variants/preference.md`` §5): follow suit; if you cannot, trump;
if you have neither, any card. There is no duty to beat a card already played. Only tricks count
(no card points). A no-trump game, a misère and raspasy have no trumps.

>>> r = play_rules(DECK.suits.index("H"))
>>> DECK.format_mask(r.legal(DECK.parse_mask("7S JS 8H AD"), (DECK.parse("KS"),),
...                          DECK.parse("KS"), False))
'7S JS'
>>> DECK.format_mask(r.legal(DECK.parse_mask("9H QH AC"), (DECK.parse("KS"),),
...                          DECK.parse("KS"), False))
'9H QH'
"""

from __future__ import annotations

from functools import lru_cache

from framework.api import FRENCH_32 as DECK
from framework.api import LegalSteps, PlayRules, legal_steps, step
from variants.preference.declaration import _

SUIT_MASKS = DECK.suit_masks
SUIT_OF = DECK.suit_of
#: Strength within a suit: the natural order 7 8 9 T J Q K A.
POWER = tuple(DECK.rank_of)
#: No card points: only tricks count.
NO_POINTS = (0,) * DECK.size
#: A suit's name in the refusals ("you have clubs").
SUIT_NAMES = {
    "S": _("spades"),
    "C": _("clubs"),
    "D": _("diamonds"),
    "H": _("hearts"),
}
#: A game's denomination in words: its trump suit, or no trumps.
DENOMINATION_WORDS = {**SUIT_NAMES, "NT": _("no trumps")}


def _or_list(mask: int) -> str:
    """The cards of ``mask`` as a choice: "7S or JS", "7S JS or KS"."""
    cards = DECK.format_mask(mask).split()
    if len(cards) == 1:
        return cards[0]
    return _("{cards} or {last}", cards=" ".join(cards[:-1]), last=cards[-1])


@lru_cache(maxsize=8)
def play_rules(trump: int | None) -> PlayRules:
    """The play rules with ``trump`` (a suit index) as trumps, or None for no trumps."""
    trumps = SUIT_MASKS[trump] if trump is not None else 0
    return PlayRules(DECK, POWER, trumps, NO_POINTS, 0, _steps(trumps))


def _steps(trumps: int) -> LegalSteps:
    @legal_steps
    def preference(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
        led = SUIT_OF[trick[0]]
        follow = hand & SUIT_MASKS[led]
        if follow:
            return step(
                follow,
                "follow",
                lambda legal: _(
                    "you have {suit}: follow suit with {cards}",
                    suit=SUIT_NAMES[DECK.suits[led]],
                    cards=_or_list(legal),
                ),
            )
        mine = hand & trumps
        if mine:
            return step(
                mine,
                "trump",
                lambda legal: _(
                    "you have no {suit}: you must trump ({cards})",
                    suit=SUIT_NAMES[DECK.suits[led]],
                    cards=DECK.format_mask(legal).replace(" ", ", "),
                ),
            )
        return step(
            hand,
            "any_card",
            _(
                "you have no {suit} and no trump: any card may be played",
                suit=SUIT_NAMES[DECK.suits[led]],
            ),
        )

    return preference
