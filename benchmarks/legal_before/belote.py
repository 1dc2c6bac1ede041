"""The belote family's card play: orders, card points and legal plays, as tables and masks.

Source: ``rules/coinche-and-french-belote.md`` §1.4 (order and card points), §1.5 (trick winner),
§1.6 (legal plays and their options). A card is ``suit * 8 + rank`` with ranks in natural order
``7 8 9 T J Q K A``; a hand is a bitmask.

:func:`play_rules` builds, once per contract kind and option set, the tables and the legal-play
closure the kernel keeps for the whole deal.
"""

from __future__ import annotations

from functools import lru_cache

from framework.api import (
    FRENCH_32 as DECK,
)
from framework.api import (
    PlayRules,
)

# Natural rank indices: 7=0 8=1 9=2 T=3 J=4 Q=5 K=6 A=7.
# Orders, lowest first. Trump: J > 9 > A > T > K > Q > 8 > 7; plain: A > T > K > Q > J > 9 > 8 > 7.
TRUMP_ORDER = ["7", "8", "Q", "K", "T", "A", "9", "J"]
PLAIN_ORDER = ["7", "8", "9", "J", "Q", "K", "T", "A"]

TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3, "8": 0, "7": 0}
PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2, "9": 0, "8": 0, "7": 0}
NT_POINTS = {**PLAIN_POINTS, "A": 19}
#: All-trumps card values (spec §1.4): ``14`` (S0, PAGAT, WIKI), ``13`` (FFB 2015), and
#: ``ffb2016``: every suit at its trump values (4 x 62 + 10 = 258), the counted points then
#: scaled to 162 (:func:`scaled_card_points`).
AT_POINTS: dict[int | str, dict[str, int]] = {
    14: {"J": 14, "9": 9, "A": 6, "T": 5, "K": 3, "Q": 1, "8": 0, "7": 0},
    13: {"J": 13, "9": 9, "A": 6, "T": 5, "K": 3, "Q": 2, "8": 0, "7": 0},
    "ffb2016": TRUMP_POINTS,
}
LAST_TRICK = 10  # dix de der
#: The card points of a whole deal, and of an all-trumps deal at full trump values.
DEAL_POINTS = 162
FULL_AT_POINTS = 4 * sum(TRUMP_POINTS.values()) + LAST_TRICK


def scaled_card_points(points: int, denomination: str, at_values: int | str) -> int:
    """A team's counted card points as a record writes them: out of 162.

    With ``at_values = ffb2016`` an all-trumps deal is played at full trump values, 258 in all,
    and its counted points (belote excluded) are multiplied by 162/258 before they are tested
    and scored, rounded to the nearest integer (the FFB 2016 text leaves the rounding unsaid;
    an exact half cannot happen, 258 / 162 reduces to 43 / 27). Any other deal is unchanged.

    >>> scaled_card_points(198, "AT", "ffb2016"), scaled_card_points(60, "AT", "ffb2016")
    (124, 38)
    >>> scaled_card_points(98, "H", "ffb2016"), scaled_card_points(98, "AT", 14)
    (98, 98)
    """
    if denomination != "AT" or at_values != "ffb2016":
        return points
    return (2 * points * DEAL_POINTS + FULL_AT_POINTS) // (2 * FULL_AT_POINTS)

SUITS = DECK.suits
SUIT_MASKS = DECK.suit_masks
SUIT_OF = DECK.suit_of
FULL = DECK.full


def _power(order: list[str]) -> list[int]:
    """Strength of each rank index within a suit, from a lowest-first order."""
    return [order.index(r) for r in DECK.ranks]


TRUMP_POWER = _power(TRUMP_ORDER)
PLAIN_POWER = _power(PLAIN_ORDER)


def _tables(trump_suits: tuple[int, ...], trump_order_suits: tuple[int, ...],
            points_by_suit: list[dict[str, int]]) -> tuple[tuple[int, ...], tuple[int, ...],
                                                             tuple[int, ...]]:
    """power, points and 'above' (same-suit cards that beat it) for each card."""
    power, points, above = [], [], []
    for card in range(32):
        suit, rank = SUIT_OF[card], DECK.rank_of[card]
        order = TRUMP_POWER if suit in trump_order_suits else PLAIN_POWER
        power.append(order[rank])
        points.append(points_by_suit[suit][DECK.ranks[rank]])
        mask = 0
        for other in range(8):
            if order[other] > order[rank]:
                mask |= 1 << (suit * 8 + other)
        above.append(mask)
    return tuple(power), tuple(points), tuple(above)


@lru_cache(maxsize=64)
def play_rules(denomination: str, undertrump: str, partner_ruff: str,
               overtrump_partner_on_trump_lead: bool, at_overtake_partner: bool,
               at_values: int | str) -> PlayRules:
    """The play rules of a contract: ``denomination`` is a suit letter, ``NT`` or ``AT``.

    :param undertrump: ``mandatory`` or ``optional`` (spec §1.6).
    :param partner_ruff: ``must_overtrump``, ``ffb2015`` or ``free``.
    :param at_values: 14, 13 or ``ffb2016``, the all-trumps card values.
    """
    if denomination == "NT":
        power, points, above = _tables((), (), [NT_POINTS] * 4)
        return PlayRules(DECK, power, 0, points, LAST_TRICK, _legal_nt(),
                         _explain_nt(), 1)
    if denomination == "AT":
        power, points, above = _tables((), (0, 1, 2, 3), [AT_POINTS[at_values]] * 4)
        return PlayRules(DECK, power, 0, points, LAST_TRICK,
                         _legal_at(above, at_overtake_partner),
                         _explain_at(above, at_overtake_partner))
    trump = SUITS.index(denomination)
    by_suit = [TRUMP_POINTS if s == trump else PLAIN_POINTS for s in range(4)]
    power, points, above = _tables((trump,), (trump,), by_suit)
    legal = _legal_suit(trump, above, undertrump == "mandatory", partner_ruff,
                        overtrump_partner_on_trump_lead)
    return PlayRules(DECK, power, SUIT_MASKS[trump], points, LAST_TRICK, legal,
                     _explain_suit(trump, above, legal, partner_ruff,
                                   overtrump_partner_on_trump_lead))


# ---- legal plays (spec §1.6) -------------------------------------------------------------


def _legal_nt():
    def legal(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
        # No trumps: follow suit if you can, nothing else.
        return hand & SUIT_MASKS[SUIT_OF[trick[0]]] or hand

    return legal


def _legal_at(above: tuple[int, ...], overtake_partner: bool):
    def legal(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
        # All trumps: follow suit, and beat the best card of the suit if you can.
        follow = hand & SUIT_MASKS[SUIT_OF[trick[0]]]
        if not follow:
            return hand
        if partner_wins and not overtake_partner:
            return follow
        return follow & above[best] or follow

    return legal


def _legal_suit(trump: int, above: tuple[int, ...], undertrump_mandatory: bool,
                partner_ruff: str, overtrump_partner: bool):
    trumps = SUIT_MASKS[trump]
    plain = FULL & ~trumps
    ruff_free = partner_ruff == "free"
    ruff_must_overtrump = partner_ruff == "must_overtrump"

    def legal(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
        led = SUIT_OF[trick[0]]
        follow = hand & SUIT_MASKS[led]
        if led == trump:
            # Trump led: follow, and overtrump the best trump if you can.
            if not follow:
                return hand
            if partner_wins and not overtrump_partner:
                return follow
            return follow & above[best] or follow
        if follow:
            return follow  # a plain suit: follow, no need to beat
        mine = hand & trumps
        if not mine:
            return hand
        ruffed = trumps >> best & 1
        if partner_wins:
            if not ruffed or ruff_free:
                return hand  # partner is master: no duty to trump
            higher = mine & above[best]
            others = hand & plain
            if ruff_must_overtrump:
                return others | (higher or mine)
            return mine if not others else others | higher  # ffb2015
        if not ruffed:
            return mine  # must ruff, any trump
        higher = mine & above[best]
        if higher:
            return higher  # must overtrump
        return mine if undertrump_mandatory else hand

    return legal


# ---- the reasons, said to a player -------------------------------------------------------


def _names(mask: int) -> str:
    return DECK.format_mask(mask)


def _explain_nt():
    def explain(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> str:
        led = SUIT_OF[trick[0]]
        if hand & SUIT_MASKS[led]:
            return f"no trumps: you must follow suit ({SUITS[led]})"
        return f"no trumps: you have no {SUITS[led]}, any card may be played"

    return explain


def _explain_at(above: tuple[int, ...], overtake_partner: bool):
    def explain(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> str:
        led = SUIT_OF[trick[0]]
        follow = hand & SUIT_MASKS[led]
        if not follow:
            return f"all trumps: you have no {SUITS[led]}, any card may be played"
        if partner_wins and not overtake_partner:
            return f"all trumps: you must follow suit ({SUITS[led]}); your partner is winning"
        if follow & above[best]:
            return (f"all trumps: you must follow suit and beat {DECK.format(best)} "
                    "when you can")
        return f"all trumps: you must follow suit ({SUITS[led]}); nothing of yours beats " \
            f"{DECK.format(best)}"

    return explain


def _explain_suit(trump: int, above: tuple[int, ...], legal, partner_ruff: str,
                  overtrump_partner: bool):
    trumps = SUIT_MASKS[trump]
    t = SUITS[trump]

    def explain(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> str:
        led = SUIT_OF[trick[0]]
        follow = hand & SUIT_MASKS[led]
        allowed = legal(hand, trick, best, partner_wins)
        b = DECK.format(best)
        if led == trump:
            if not follow:
                return "trumps were led and you have none: any card may be played"
            higher = follow & above[best]
            if higher and partner_wins and not overtrump_partner:
                return f"trumps were led: you must follow with a trump; your partner's {b} " \
                    "need not be beaten"
            if higher:
                return f"trumps were led: you must overtrump {b} when you can"
            return f"trumps were led: you must follow with a trump ({b} cannot be beaten)"
        if follow:
            return f"you must follow suit ({SUITS[led]})"
        mine = hand & trumps
        if not mine:
            return f"you have no {SUITS[led]} and no trump: any card may be played"
        ruffed = trumps >> best & 1
        if partner_wins:
            if not hand & ~trumps:  # nothing but trumps: "need not trump" would mislead
                if allowed == hand:
                    return f"your partner is winning with {b} and you hold only trumps: " \
                        "any card may be played"
                return f"your partner has trumped with {b} and you hold only trumps: " \
                    "you must overtrump"
            if allowed == hand:
                return f"your partner is winning with {b}: you need not trump"
            if partner_ruff == "must_overtrump":
                return (f"your partner has trumped with {b}: discard, or trump higher "
                        "if you can")
            return f"your partner has trumped with {b}: a lower trump only from a hand " \
                "of nothing but trumps"
        if not ruffed:
            return f"you have no {SUITS[led]}: you must trump ({t})"
        if mine & above[best]:
            return f"you have no {SUITS[led]} and {b} is winning: you must overtrump"
        if allowed == mine:
            return f"you cannot overtrump {b}: you must still play a trump (undertrump)"
        return f"you cannot overtrump {b}: any card may be played"

    return explain
