"""Klaverjas card play and roem, as tables and pure functions over bitmasks.

Sources (see ``README.md``): pagat.com "Klaverjassen" (the Amsterdam game, with notes on
Rotterdam), the NKU tournament rules, and the Rotterdam rule as the Dutch clubs state it ("if
you cannot follow suit you must trump, your partner's trick too, undertrumping if need be").

Card order and card points are the belote family's (jack and nine of trumps on top: 162 points
with the last trick), so they are taken from the belote family's public module
(:func:`variants.belote.card_tables`); the legal plays are Klaverjas' own:

- Follow suit if you can. When trumps are led, beat the best trump if you can (both rules).
- Cannot follow, holding trumps: **Rotterdam** — you must trump, even your partner's trick, and
  beat the best trump if you can; if you cannot beat it you still play a trump (undertrump).
  **Amsterdam** — if your partner is winning the trick you may play any card; otherwise you
  must trump, and beat the best trump if you can; if you cannot, you may not undertrump unless
  you hold nothing but trumps.
- Cannot follow, no trumps: any card.

A card is ``suit * 8 + rank`` (ranks ``7 8 9 T J Q K A``); a hand is a bitmask.

>>> from framework.api import FRENCH_32 as D
>>> rules = play_rules("H", trump_partner=True, undertrump_only_if_forced=False)
>>> D.format_mask(rules.legal(D.parse_mask("7H AS"), (D.parse("KS"), D.parse("TS")),
...                           D.parse("KS"), False))
'AS'
>>> D.format_mask(rules.legal(D.parse_mask("7H 8C"), (D.parse("KS"), D.parse("AS")),
...                           D.parse("AS"), True))
'7H'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from framework.api import (
    FRENCH_32 as DECK,
)
from framework.api import (
    Announcement,
    PlayRules,
    best_combinations,
    legal_steps,
    step,
)
from variants.belote import LAST_TRICK, card_tables

from atout_klaverjas.declaration import _

SUITS = DECK.suits
SUIT_MASKS = DECK.suit_masks
SUIT_OF = DECK.suit_of
RANKS = DECK.ranks
FULL = DECK.full

#: Card points of a deal: 152 in the cards and 10 for the last trick.
TOTAL = 162
#: The bonus for taking all eight tricks ("pit", "mars").
PIT_BONUS = 100
#: Roem for consecutive cards of one suit (natural order 7 8 9 T J Q K A), by length.
RUN_ROEM = {3: 20, 4: 50}
#: Roem for four cards of one rank; four jacks are worth 200.
SET_ROEM = 100
JACKS_ROEM = 200
#: King and queen of trumps held by one player.
STUK_ROEM = 20
_JACK = RANKS.index("J")


@lru_cache(maxsize=16)
def play_rules(trump: str, trump_partner: bool, undertrump_only_if_forced: bool) -> PlayRules:
    """The play rules of a deal with ``trump`` as trumps.

    :param trump_partner: Rotterdam (True): a player who cannot follow must trump even when
        the partner is winning the trick; Amsterdam (False): not then.
    :param undertrump_only_if_forced: Amsterdam (True): a player who cannot beat the best trump
        discards another suit rather than undertrump, when they can; Rotterdam (False): they
        still play a trump.
    """
    t = SUITS.index(trump)
    trumps = SUIT_MASKS[t]
    power, points, same_suit_above = card_tables((t,))
    # The trumps that beat each card (none for a card that is not a trump).
    above = tuple(a if trumps >> c & 1 else 0 for c, a in enumerate(same_suit_above))

    # One step function (framework.rules.steps): each ``return`` is the step that decides the legal
    # plays, with its reason; the kernel compiles the masks alone into the hot path.
    @legal_steps
    def klaverjas(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
        led = SUIT_OF[trick[0]]
        follow = hand & SUIT_MASKS[led]
        if led == t:
            return (
                (
                    step(
                        follow & above[best],
                        "overtrump",
                        lambda legal: _(
                            "trumps were led: you must beat {best}; play {cards}",
                            best=DECK.format(best),
                            cards=DECK.format_mask(legal),
                        ),
                    )
                    or step(
                        follow,
                        "follow",
                        lambda legal: _(
                            "trumps were led: you must follow suit, nothing of "
                            "yours beats {best}; play {cards}",
                            best=DECK.format(best),
                            cards=DECK.format_mask(legal),
                        ),
                    )
                )
                if follow
                else step(
                    hand, "any_card", _("trumps were led and you have none: any card may be played")
                )
            )
        if follow:
            return step(
                follow,
                "follow",
                lambda legal: _(
                    "you must follow suit; play {cards}", cards=DECK.format_mask(legal)
                ),
            )
        mine = hand & trumps
        if not mine:
            return step(
                hand, "any_card", _("you cannot follow and hold no trump: any card may be played")
            )
        if partner_wins and not trump_partner:
            return step(
                hand,
                "partner_winning",
                _(
                    "you cannot follow and your partner is "
                    "winning the trick: any card may be played"
                ),
            )
        if not trumps >> best & 1:
            # nobody has trumped yet: trump
            return step(
                mine,
                "trump",
                lambda legal: (
                    _(
                        "you cannot follow: you must trump, even your partner's "
                        "trick; play {cards}",
                        cards=DECK.format_mask(legal),
                    )
                    if partner_wins
                    else _(
                        "you cannot follow: you must trump; play {cards}",
                        cards=DECK.format_mask(legal),
                    )
                ),
            )
        higher = mine & above[best]
        if higher:
            return step(
                higher,
                "overtrump",
                lambda legal: _(
                    "you cannot follow: you must overtrump {best}; play {cards}",
                    best=DECK.format(best),
                    cards=DECK.format_mask(legal),
                ),
            )
        if undertrump_only_if_forced:
            return step(
                hand & ~trumps,
                "no_undertrump",
                lambda legal: _(
                    "you may not undertrump {best} while you hold another suit; play {cards}",
                    best=DECK.format(best),
                    cards=DECK.format_mask(legal),
                ),
            ) or step(
                mine,
                "undertrump",
                lambda legal: _(
                    "you cannot overtrump {best} and hold only trumps: "
                    "you must undertrump; play {cards}",
                    best=DECK.format(best),
                    cards=DECK.format_mask(legal),
                ),
            )
        return step(
            mine,
            "undertrump",
            lambda legal: _(
                "you cannot overtrump {best}: you must still play a trump "
                "(undertrump); play {cards}",
                best=DECK.format(best),
                cards=DECK.format_mask(legal),
            ),
        )

    return PlayRules(DECK, power, trumps, points, LAST_TRICK, klaverjas)


# ---- roem --------------------------------------------------------------------------------


def _run_roem(length: int) -> int:
    return RUN_ROEM.get(min(length, 4), 0)


def _set_roem(rank: int) -> int:
    return JACKS_ROEM if rank == _JACK else SET_ROEM


def trick_roem(cards: Sequence[int]) -> int:
    """Roem in the four cards of one trick: a run of 3 (20) or 4 (50) of one suit, or four
    of a kind (100, jacks 200).

    >>> trick_roem(DECK.parse_many("7H 8H 9H AS"))
    20
    >>> trick_roem(DECK.parse_many("JH JS JD JC"))
    200
    >>> trick_roem(DECK.parse_many("7H 9H 8S TH"))
    0
    """
    mask = 0
    for card in cards:
        mask |= 1 << card
    found = best_combinations(mask, DECK, _run_roem, _set_roem)
    return sum(c.points for c in found)


#: Each kind of roem as a player says it (the value stays the record's code: ``"run"``).
KIND_WORDS = {"run": _("run"), "four": _("four"), "stuk": _("stuk"), "roem": _("roem")}


def hand_roem(seat: int, hand: int) -> list[Announcement]:
    """Roem held in one hand: the best disjoint runs (3: 20, 4 or more: 50) and fours of a
    kind (100, jacks 200)."""
    return [
        Announcement(
            seat,
            KIND_WORDS["run" if c.shape == "run" else "four"],
            c.points,
            c.cards,
            (c.points, c.rank),
        )
        for c in best_combinations(hand, DECK, _run_roem, _set_roem)
    ]


def stuk(trump: str, hands: Sequence[int]) -> list[Announcement]:
    """Stuk: the king and queen of trumps in one player's hand, 20 roem for that team."""
    pair = 1 << DECK.card("K", trump) | 1 << DECK.card("Q", trump)
    return [
        Announcement(seat, KIND_WORDS["stuk"], STUK_ROEM, pair)
        for seat, hand in enumerate(hands)
        if hand & pair == pair
    ]


def roem_in_tricks(tricks: Sequence[tuple[int, tuple[int, ...], int]]) -> list[Announcement]:
    """Roem of every trick, for the player who wins the trick."""
    out = []
    for _leader, cards, winner in tricks:
        points = trick_roem(cards)
        if points:
            mask = 0
            for card in cards:
                mask |= 1 << card
            out.append(Announcement(winner, KIND_WORDS["roem"], points, mask))
    return out


def roem_by_team(declarations: Sequence[Announcement]) -> dict[str, int]:
    """Roem per team key."""
    totals = {"NS": 0, "EW": 0}
    for a in declarations:
        totals[("NS", "EW")[a.team]] += a.points
    return totals
