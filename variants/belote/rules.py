"""The belote family's card play: orders, card points and legal plays, as tables and masks.

Source: ``rules/coinche-and-french-belote.md`` §1.4 (order and card points), §1.5 (trick winner),
§1.6 (legal plays and their options). A card is ``suit * 8 + rank`` with ranks in natural order
``7 8 9 T J Q K A``; a hand is a bitmask.

:func:`play_rules` builds, once per contract kind and option set, the tables and the legal-play
closure the kernel keeps for the whole deal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from functools import lru_cache

from framework.api import (
    FRENCH_32 as DECK,
)
from framework.api import (
    CardCode,
    LegalSteps,
    Message,
    PlayRules,
    SuitCode,
    legal_steps,
    step,
)
from variants.belote.declaration import _

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


def round_score(points: int, rounding: str) -> int:
    """One team's deal score rounded to the nearest ten (the option ``rounding``): ``half_up``,
    5 going up; ``six_up``, 5 going down and 6 up; ``none``, to the point.

    >>> round_score(185, "half_up"), round_score(185, "six_up"), round_score(186, "six_up")
    (190, 180, 190)
    >>> round_score(67, "half_up"), round_score(184, "half_up"), round_score(67, "none")
    (70, 180, 67)
    """
    if rounding == "half_up":
        return (points + 5) // 10 * 10
    if rounding == "six_up":
        return (points + 4) // 10 * 10
    return points


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


#: Each card's power, points and ``above`` mask: see :func:`card_tables`.
CardTables = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def card_tables(
    trump_suits: Iterable[int], points_by_suit: Sequence[Mapping[str, int]] | None = None
) -> CardTables:
    """The power, the points and the ``above`` mask (the same-suit cards that beat it) of each
    card of the 32-card deck: the trump order (J 9 A T K Q 8 7) in ``trump_suits``, the plain
    order (A T K Q J 9 8 7) elsewhere. ``points_by_suit`` gives each suit's card points; by
    default trump points in the trump suits and plain points elsewhere.

    >>> power, points, above = card_tables((0,))
    >>> DECK.format_mask(above[DECK.parse("9S")]), points[DECK.parse("9S")]
    ('JS', 14)
    """
    trumps = frozenset(trump_suits)
    if points_by_suit is None:
        points_by_suit = [TRUMP_POINTS if s in trumps else PLAIN_POINTS for s in range(4)]
    power, points, above = [], [], []
    for card in range(32):
        suit, rank = SUIT_OF[card], DECK.rank_of[card]
        order = TRUMP_POWER if suit in trumps else PLAIN_POWER
        power.append(order[rank])
        points.append(points_by_suit[suit][DECK.ranks[rank]])
        mask = 0
        for other in range(8):
            if order[other] > order[rank]:
                mask |= 1 << (suit * 8 + other)
        above.append(mask)
    return tuple(power), tuple(points), tuple(above)


@lru_cache(maxsize=64)
def play_rules(
    denomination: str,
    undertrump: str,
    partner_ruff: str,
    overtrump_partner_on_trump_lead: bool,
    at_overtake_partner: bool,
    at_values: int | str,
) -> PlayRules:
    """The play rules of a contract: ``denomination`` is a suit letter, ``NT`` or ``AT``.

    :param undertrump: ``mandatory`` or ``optional`` (spec §1.6).
    :param partner_ruff: ``must_overtrump``, ``ffb2015`` or ``free``.
    :param at_values: 14, 13 or ``ffb2016``, the all-trumps card values.
    """
    if denomination == "NT":
        power, points, above = card_tables((), [NT_POINTS] * 4)
        return PlayRules(DECK, power, 0, points, LAST_TRICK, _nt)
    if denomination == "AT":
        power, points, above = card_tables(range(4), [AT_POINTS[at_values]] * 4)
        return PlayRules(DECK, power, 0, points, LAST_TRICK, _at_steps(above, at_overtake_partner))
    trump = SUITS.index(denomination)
    return suit_contract_rules(
        trump,
        lambda above: _suit_steps(
            trump, above, undertrump == "mandatory", partner_ruff, overtrump_partner_on_trump_lead
        ),
    )


def suit_contract_rules(trump: int, steps_of: Callable[[tuple[int, ...]], LegalSteps]) -> PlayRules:
    """The play rules of a contract with the trump suit ``trump`` (a suit index): the family's
    trump and plain orders and card points, and the legal plays that ``steps_of`` builds from
    each card's ``above`` mask (the same-suit cards that beat it)."""
    power, points, above = card_tables((trump,))
    return PlayRules(DECK, power, SUIT_MASKS[trump], points, LAST_TRICK, steps_of(above))


# ---- the reasons of the family's legal-play rules, said once --------------------------------
# The same rule has the same words in every game of the family's cards: a game standing alone
# (Bela, Bulgarian Belot) gives them to its steps too (its catalog base, variants.belote.words,
# loads the family's catalog). Each takes its suit and card already shown as the game shows them
# (a SuitCode or the deck's suit name, a CardCode or the card's notation).


def follow_reason(suit: str) -> Message:
    """A plain suit was led and the player holds it."""
    return _("you must follow suit ({suit})", suit=suit)


def trump_reason(suit: str, trump: str) -> Message:
    """Out of the suit led, an opponent winning with a plain card: the player must trump.

    >>> print(trump_reason("spades", "hearts"))
    you have no spades: you must trump (hearts)
    """
    return _("you have no {suit}: you must trump ({trump})", suit=suit, trump=trump)


def overtrump_reason(suit: str, best: str) -> Message:
    """Out of the suit led, a trump winning: the player must beat it (and can)."""
    return _("you have no {suit} and {best} is winning: you must overtrump", suit=suit, best=best)


def discard_reason(suit: str) -> Message:
    """Out of the suit led and of trumps: any card."""
    return _("you have no {suit} and no trump: any card may be played", suit=suit)


def partner_winning_reason(best: str) -> Message:
    """Out of the suit led, the partner winning: no duty to trump (said to a hand that holds
    something else than trumps)."""
    return _("your partner is winning with {best}: you need not trump", best=best)


#: Trumps were led and the player holds none: any card.
TRUMP_LEAD_DISCARD_REASON = _("trumps were led and you have none: any card may be played")


def nt_discard_reason(suit: str) -> Message:
    """No trumps, out of the suit led: any card."""
    return _("no trumps: you have no {suit}, any card may be played", suit=suit)


def at_beat_reason(best: str) -> Message:
    """All trumps: the player holds the suit led and can beat its best card."""
    return _("all trumps: you must follow suit and beat {best} when you can", best=best)


def at_follow_reason(suit: str, best: str) -> Message:
    """All trumps: the player holds the suit led but nothing that beats its best card."""
    return _(
        "all trumps: you must follow suit ({suit}); nothing of yours beats {best}",
        suit=suit,
        best=best,
    )


def at_discard_reason(suit: str) -> Message:
    """All trumps, out of the suit led: any card."""
    return _("all trumps: you have no {suit}, any card may be played", suit=suit)


# ---- legal plays and their reasons (spec §1.6), one step function per contract kind ---------
# Each ``return`` is the step that decides, with its reason (framework.rules.steps): the kernel
# compiles the masks alone into the hot path and the reasons into the explanation.


@legal_steps
def _nt(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
    # No trumps: follow suit if you can, nothing else.
    return step(
        hand & SUIT_MASKS[SUIT_OF[trick[0]]],
        "follow",
        _("no trumps: you must follow suit ({suit})", suit=SuitCode(SUITS[SUIT_OF[trick[0]]])),
    ) or step(hand, "any_card", nt_discard_reason(SuitCode(SUITS[SUIT_OF[trick[0]]])))


def _at_steps(above: tuple[int, ...], overtake_partner: bool) -> LegalSteps:
    @legal_steps
    def at(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
        # All trumps: follow suit, and beat the best card of the suit if you can.
        follow = hand & SUIT_MASKS[SUIT_OF[trick[0]]]
        if not follow:
            return step(hand, "any_card", at_discard_reason(SuitCode(SUITS[SUIT_OF[trick[0]]])))
        if partner_wins and not overtake_partner:
            return step(
                follow,
                "partner_winning",
                _(
                    "all trumps: you must follow suit ({suit}); your partner is winning",
                    suit=SuitCode(SUITS[SUIT_OF[trick[0]]]),
                ),
            )
        return step(
            follow & above[best], "beat", at_beat_reason(CardCode(DECK.format(best)))
        ) or step(
            follow,
            "follow",
            at_follow_reason(SuitCode(SUITS[SUIT_OF[trick[0]]]), CardCode(DECK.format(best))),
        )

    return at


def _cannot_beat_trump(best: int) -> str:
    return _(
        "trumps were led: you must follow with a trump ({best} cannot be beaten)",
        best=CardCode(DECK.format(best)),
    )


def _partner_master(best: int, others: int) -> str:
    """No duty to trump over a partner who is master; "need not trump" would mislead a hand of
    nothing but trumps."""
    if others:
        return partner_winning_reason(CardCode(DECK.format(best)))
    return _(
        "your partner is winning with {best} and you hold only trumps: any card may be played",
        best=CardCode(DECK.format(best)),
    )


def _suit_steps(
    trump: int,
    above: tuple[int, ...],
    undertrump_mandatory: bool,
    partner_ruff: str,
    overtrump_partner: bool,
) -> LegalSteps:
    trumps = SUIT_MASKS[trump]
    plain = FULL & ~trumps
    ruff_free = partner_ruff == "free"
    ruff_must_overtrump = partner_ruff == "must_overtrump"

    # complexity: the legal-play rule of a trump contract is one decision tree (trump led or
    # not; follow, partner winning, overtrump, undertrump, discard); each leaf is a step with its
    # reason, and radon counts each option's test.
    @legal_steps
    def suit(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
        led = SUIT_OF[trick[0]]
        follow = hand & SUIT_MASKS[led]
        if led == trump:
            # Trump led: follow, and overtrump the best trump if you can.
            if not follow:
                return step(hand, "any_card", TRUMP_LEAD_DISCARD_REASON)
            if partner_wins and not overtrump_partner:
                return step(
                    follow,
                    "partner_winning",
                    lambda legal: (
                        _(
                            "trumps were led: you must follow with a trump; "
                            "your partner's {best} need not be beaten",
                            best=CardCode(DECK.format(best)),
                        )
                        if legal & above[best]
                        else _cannot_beat_trump(best)
                    ),
                )
            return step(
                follow & above[best],
                "overtrump",
                _(
                    "trumps were led: you must overtrump {best} when you can",
                    best=CardCode(DECK.format(best)),
                ),
            ) or step(follow, "follow", _cannot_beat_trump(best))
        if follow:
            # A plain suit: follow, no need to beat.
            return step(follow, "follow", follow_reason(SuitCode(SUITS[led])))
        mine = hand & trumps
        if not mine:
            return step(hand, "any_card", discard_reason(SuitCode(SUITS[led])))
        ruffed = trumps >> best & 1
        if partner_wins:
            if not ruffed or ruff_free:
                # Partner is master: no duty to trump.
                return step(hand, "partner_winning", _partner_master(best, hand & plain))
            higher = mine & above[best]
            others = hand & plain
            if ruff_must_overtrump:
                return step(
                    others | (higher or mine),
                    "overtrump_partner",
                    lambda legal: (
                        _partner_master(best, others)
                        if legal == hand
                        else _(
                            "your partner has trumped with {best}: discard, or trump higher "
                            "if you can",
                            best=CardCode(DECK.format(best)),
                        )
                        if others
                        else _(
                            "your partner has trumped with {best} and you hold only trumps: "
                            "you must overtrump",
                            best=CardCode(DECK.format(best)),
                        )
                    ),
                )
            # ffb2015
            return step(
                mine if not others else others | higher,
                "no_undertrump_partner",
                lambda legal: (
                    _partner_master(best, others)
                    if legal == hand
                    else _(
                        "your partner has trumped with {best}: a lower trump only from a "
                        "hand of nothing but trumps",
                        best=CardCode(DECK.format(best)),
                    )
                ),
            )
        if not ruffed:
            return step(mine, "trump", trump_reason(SuitCode(SUITS[led]), SuitCode(SUITS[trump])))
        return step(
            mine & above[best],
            "overtrump",
            overtrump_reason(SuitCode(SUITS[led]), CardCode(DECK.format(best))),
        ) or (
            step(
                mine,
                "undertrump",
                _(
                    "you cannot overtrump {best}: you must still play a trump (undertrump)",
                    best=CardCode(DECK.format(best)),
                ),
            )
            if undertrump_mandatory
            else step(
                hand,
                "any_card",
                _(
                    "you cannot overtrump {best}: any card may be played",
                    best=CardCode(DECK.format(best)),
                ),
            )
        )

    return suit
