"""Cuatrola's card play: card order, card points, legal plays and cantes, as tables and masks.

Source: ``rules/bulgarian-bela-cuatrola.md`` §4.3 (order and points), §4.4 (legal plays, options
OPT-ES4 and OPT-ES5), §4.5 (cantes, OPT-ES6) and SEED-4 (``seeds/004_34b4a9aa36ed5262.txt``).

A card is ``suit * 5 + rank`` in the 20-card Spanish deck, ranks in natural order ``J N K 3 A``,
which is also the order of strength in every suit (A > 3 > K > N > J). A hand is a bitmask.
:func:`play_rules` builds, once per trump suit and option set, the tables and the legal-play
closure the kernel keeps for the whole deal.

>>> r = play_rules(0, "any", False)
>>> DECK.format_mask(r.legal(DECK.parse_mask("JO 3O AC"), (DECK.parse("KO"),),
...                          DECK.parse("KO"), False))
'3O'
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from framework.api import (
    SPANISH_20 as DECK,
)
from framework.api import (
    Announcement,
    CardCode,
    LegalSteps,
    PlayRules,
    SuitCode,
    Trick,
    legal_steps,
    partner,
    step,
)
from variants.cuatrola.declaration import _

#: Card points by rank letter (SEED-4: A 11, 3 10, K 4, N 3, J 2); 30 a suit, 120 the deck.
POINTS = {"A": 11, "3": 10, "K": 4, "N": 3, "J": 2}
#: "Diez de últimas": the last trick is worth 10 more, so a four-player hand is worth 130.
LAST_TRICK = 10
#: A cante (knight and king of one suit in one hand) is worth 20, or 40 in trumps.
CANTE, CANTE_TRUMP = 20, 40

SUITS = DECK.suits
SUIT_MASKS = DECK.suit_masks
SUIT_OF = DECK.suit_of
#: Strength within a suit: the natural rank order J N K 3 A is already the order of play.
POWER = tuple(DECK.rank_of)
CARD_POINTS = tuple(POINTS[DECK.ranks[DECK.rank_of[c]]] for c in range(DECK.size))
#: ABOVE[c]: the cards of c's suit that beat c.
ABOVE = tuple(SUIT_MASKS[SUIT_OF[c]] & ~((2 << c) - 1) for c in range(DECK.size))
#: The knight and king of each suit: the pair a cante shows.
CANTE_PAIRS = tuple(DECK.parse_mask(f"N{s} K{s}") for s in SUITS)

#: A cante as a player says it (the record keeps the code ``"cante"``).
CANTE_WORD = _("cante")


def hand_points(hand: int) -> int:
    """Card points of a set of cards (a dead hand, a trick).

    >>> hand_points(DECK.parse_mask("3E KB JC NO JE"))
    21
    """
    total = 0
    while hand:
        low = hand & -hand
        total += CARD_POINTS[low.bit_length() - 1]
        hand ^= low
    return total


def cante_points(suit: int, trump: int) -> int:
    """What a cante in ``suit`` is worth: 40 in trumps, 20 otherwise."""
    return CANTE_TRUMP if suit == trump else CANTE


@lru_cache(maxsize=32)
def play_rules(trump: int, cannot_overtrump: str, partner_exemption: bool) -> PlayRules:
    """The play rules of a hand with ``trump`` (a suit index) as trumps.

    :param cannot_overtrump: OPT-ES4: ``any`` (a player who cannot beat a ruff plays any card)
        or ``undertrump`` (must still play a lower trump).
    :param partner_exemption: OPT-ES5: when true, a player whose partner is winning the trick
        must only follow suit (no duty to head the trick, to trump or to overtrump).
    """
    return PlayRules(
        DECK,
        POWER,
        SUIT_MASKS[trump],
        CARD_POINTS,
        LAST_TRICK,
        _steps(trump, cannot_overtrump == "undertrump", partner_exemption),
    )


# ---- legal plays and their reasons (spec §4.4) -------------------------------------------
# One step function (framework.rules.steps): each ``return`` is the step that decides, with its
# reason; the kernel compiles the masks alone into the hot path.


def _steps(trump: int, undertrump: bool, exempt: bool) -> LegalSteps:
    trumps = SUIT_MASKS[trump]

    @legal_steps
    def cuatrola(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
        led = SUIT_OF[trick[0]]
        follow = hand & SUIT_MASKS[led]
        if follow:
            if exempt and partner_wins:
                return step(
                    follow,
                    "partner_winning",
                    _(
                        "you must follow suit ({suit}); your partner is winning with {best}",
                        suit=SuitCode(SUITS[led]),
                        best=CardCode(DECK.format(best)),
                    ),
                )
            if led != trump and trumps >> best & 1:
                # "asistir": after a ruff there is no need to head the trick
                return step(
                    follow,
                    "follow",
                    _(
                        "you must follow suit ({suit}); {best} has "
                        "trumped, so you need not beat it",
                        suit=SuitCode(SUITS[led]),
                        best=CardCode(DECK.format(best)),
                    ),
                )
            # "montar", trump leads included
            return step(
                follow & ABOVE[best],
                "beat",
                _(
                    "you must follow suit ({suit}) and beat {best} when you can (montar)",
                    suit=SuitCode(SUITS[led]),
                    best=CardCode(DECK.format(best)),
                ),
            ) or step(
                follow,
                "follow",
                _(
                    "you must follow suit ({suit}); nothing of yours beats {best}",
                    suit=SuitCode(SUITS[led]),
                    best=CardCode(DECK.format(best)),
                ),
            )
        mine = hand & trumps
        if not mine:
            return step(
                hand,
                "any_card",
                _(
                    "you have no {suit} and no trump ({trump}): any card may be played",
                    suit=SuitCode(SUITS[led]),
                    trump=SuitCode(SUITS[trump]),
                ),
            )
        if exempt and partner_wins:
            return step(
                hand,
                "partner_winning",
                _(
                    "you have no {suit} and your partner is winning with {best}: any "
                    "card may be played",
                    suit=SuitCode(SUITS[led]),
                    best=CardCode(DECK.format(best)),
                ),
            )
        if trumps >> best & 1:
            # "montar el fallo": beat the ruff if you can; otherwise any card (OPT-ES4).
            return step(
                mine & ABOVE[best],
                "overtrump",
                _(
                    "you have no {suit} and {best} has trumped: you must trump higher",
                    suit=SuitCode(SUITS[led]),
                    best=CardCode(DECK.format(best)),
                ),
            ) or (
                step(
                    mine,
                    "undertrump",
                    _(
                        "you cannot beat the trump {best}: you must still play a trump",
                        best=CardCode(DECK.format(best)),
                    ),
                )
                if undertrump
                else step(
                    hand,
                    "any_card",
                    _(
                        "you cannot beat the trump {best}: any card may be played",
                        best=CardCode(DECK.format(best)),
                    ),
                )
            )
        # "fallar": no card of the suit led, so trump
        return step(
            mine,
            "trump",
            _(
                "you have no {suit}: you must trump ({trump})",
                suit=SuitCode(SUITS[led]),
                trump=SuitCode(SUITS[trump]),
            ),
        )

    return cuatrola


# ---- cantes (spec §4.5) ------------------------------------------------------------------


def sung_cantes(
    hands: Sequence[int],
    tricks: Sequence[Trick],
    trump: int,
    singers: frozenset[int] | None = None,
) -> list[Announcement]:
    """The cantes a side sings when it always sings as soon as it may.

    After each trick, the side that won it may sing one cante: a knight and king of a suit not
    sung yet, both still in one player's hand. It sings the 40 (trumps) when it can, else the
    first 20 in suit order. Only the seats in ``singers`` may sing (None: every seat); a seat
    that sits out holds no cards and never sings.

    :param hands: each seat's hand when play started.
    :param tricks: every trick as ``(leader, cards, winner)``.
    :return: the cantes in the order sung (``kind="cante"``, ``key=(trick number,)``).
    """
    held = list(hands)
    sung = 0  # bitmask of suits sung
    order = (trump, *(s for s in range(len(SUITS)) if s != trump))
    out: list[Announcement] = []
    for number, (_leader, cards, winner) in enumerate(tricks, 1):
        played = 0
        for card in cards:
            played |= 1 << card
        for seat in range(4):
            held[seat] &= ~played
        seats = [s for s in (winner, partner(winner)) if singers is None or s in singers]
        done = False
        for suit in order:
            if sung >> suit & 1:
                continue
            pair = CANTE_PAIRS[suit]
            for seat in seats:
                if held[seat] & pair == pair:
                    out.append(
                        Announcement(seat, CANTE_WORD, cante_points(suit, trump), pair, (number,))
                    )
                    sung |= 1 << suit
                    done = True
                    break
            if done:
                break
    return out


def cante_suit(cante: Announcement) -> int:
    """The suit of a cante."""
    return SUIT_OF[(cante.cards & -cante.cards).bit_length() - 1]
