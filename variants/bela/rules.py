"""Croatian Bela's rules as tables and small pure functions: card play and declarations.

Source: ``rules/bulgarian-bela-cuatrola.md`` §3.3 (card order and points, the belote tables, from
the family's public module :mod:`variants.belote`), §3.4 (legal plays, options HR2–HR4) and §3.5
(declarations and their single-best comparison, options HR5, HR7, HR8).

A card is ``suit * 8 + rank`` with ranks in natural order ``7 8 9 T J Q K A``; a hand is a
bitmask. :func:`play_rules` builds once per trump suit and option set the tables and the legal
play closure the kernel keeps for the whole deal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from framework.api import (
    FRENCH_32 as DECK,
)
from framework.api import (
    TEAMS,
    Announcement,
    CardCode,
    LegalSteps,
    Message,
    PlayRules,
    RecordError,
    SuitCode,
    Team,
    best_combinations,
    find_runs,
    find_sets,
    legal_steps,
    step,
)
from variants import belote
from variants.bela.declaration import _

SUITS = DECK.suits
#: The suits' names in reasons, by suit index: the deck's own words (kernel messages).
SUIT_NAMES = DECK.suit_names
SUIT_MASKS = DECK.suit_masks
SUIT_OF = DECK.suit_of
RANK_OF = DECK.rank_of

#: Card points of a deal, last trick included (§3.3), and the štiglja bonus (§3.6).
TOTAL_POINTS = 162
STIGLJA_BONUS = 90
BELA_POINTS = 20
#: The trump suit's king and queen (bela), per trump suit.
BELA_MASKS = tuple(DECK.parse_mask(f"K{s} Q{s}") for s in SUITS)

# ---- card play (§3.3, §3.4) ----------------------------------------------------------------


def _led_words(led: int, trump: int) -> str:
    """ "trumps were led" or "hearts were led", for a reason."""
    if led == trump:
        return _("trumps were led")
    return _("{suit} were led", suit=SUIT_NAMES[led])


def legal_steps_of(
    trump: int, above: Sequence[int], must_head: bool, trump_partner: bool, undertrump: bool
) -> LegalSteps:
    """The legal plays of §3.4 for one trump suit and the options HR2–HR4, with their reasons:
    one step function (:mod:`framework.rules.steps`), each ``return`` the step that decides.

    >>> rules = play_rules("H", True, True, True)
    >>> hand = DECK.parse_mask("7S AS 9H")
    >>> DECK.format_mask(rules.legal(hand, (DECK.parse("TS"),), DECK.parse("TS"), True))
    'AS'
    >>> print(rules.reason(hand, (DECK.parse("TS"),), DECK.parse("TS"), True))
    spades were led: you must follow and beat TS if you can even though your partner is winning
    """
    trumps = SUIT_MASKS[trump]
    suit_masks = SUIT_MASKS
    suit_of = SUIT_OF

    @legal_steps
    def bela(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
        led = suit_of[trick[0]]
        follow = hand & suit_masks[led]
        ruffed = trumps >> best & 1 and led != trump
        if follow:
            # Follow suit; head the trick when the suit is trump (always) or a plain suit
            # nobody has trumped (HR2), even over a partner.
            if not ruffed and (must_head or led == trump):
                return step(
                    follow & above[best],
                    "beat",
                    _(
                        "{led}: you must follow and beat {best} if you can even though "
                        "your partner is winning",
                        led=_led_words(led, trump),
                        best=CardCode(DECK.format(best)),
                    )
                    if partner_wins
                    else _(
                        "{led}: you must follow and beat {best} if you can",
                        led=_led_words(led, trump),
                        best=CardCode(DECK.format(best)),
                    ),
                ) or step(
                    follow,
                    "follow",
                    _(
                        "{led}: you must follow suit ({suit}); nothing of yours beats {best}",
                        led=_led_words(led, trump),
                        suit=SUIT_NAMES[led],
                        best=CardCode(DECK.format(best)),
                    ),
                )
            if ruffed:
                return step(
                    follow,
                    "follow",
                    _(
                        "you must follow suit ({suit}); the trick is "
                        "trumped, so you need not beat it",
                        suit=SUIT_NAMES[led],
                    ),
                )
            return step(follow, "follow", belote.follow_reason(SUIT_NAMES[led]))
        mine = hand & trumps
        if not mine:
            return step(hand, "any_card", belote.discard_reason(SUIT_NAMES[led]))
        if partner_wins and not trump_partner:
            return step(
                hand,
                "partner_winning",
                _(
                    "you have no {suit} and your partner is winning: any card may be played",
                    suit=SUIT_NAMES[led],
                ),
            )
        if ruffed:
            # Overtrump if you can; else under-trump (HR4) or play anything.
            return step(
                mine & above[best],
                "overtrump",
                _(
                    "you have no {suit} and {best} is winning: you must overtrump (even "
                    "though your partner is winning)",
                    suit=SUIT_NAMES[led],
                    best=CardCode(DECK.format(best)),
                )
                if partner_wins
                else belote.overtrump_reason(SUIT_NAMES[led], CardCode(DECK.format(best))),
            ) or (
                step(
                    mine,
                    "undertrump",
                    _(
                        "you cannot beat {best}: you must still play a trump ({trump}), a "
                        "lower one",
                        best=CardCode(DECK.format(best)),
                        trump=SUIT_NAMES[trump],
                    ),
                )
                if undertrump
                else step(
                    hand,
                    "any_card",
                    _(
                        "you cannot beat {best}: any card may be played",
                        best=CardCode(DECK.format(best)),
                    ),
                )
            )
        return step(
            mine,
            "trump",
            _(
                "you have no {suit}: you must trump ({trump}) (even though your partner "
                "is winning)",
                suit=SUIT_NAMES[led],
                trump=SUIT_NAMES[trump],
            )
            if partner_wins
            else belote.trump_reason(SUIT_NAMES[led], SUIT_NAMES[trump]),
        )

    return bela


@lru_cache(maxsize=64)
def play_rules(trump: str, must_head: bool, trump_partner: bool, undertrump: bool) -> PlayRules:
    """The play rules of a deal with trump suit ``trump`` (a suit letter) and options
    HR2 ``must_head``, HR3 ``trump_partner``, HR4 ``undertrump``. Cached: built once."""
    suit = SUITS.index(trump)
    return belote.suit_contract_rules(
        suit, lambda above: legal_steps_of(suit, above, must_head, trump_partner, undertrump)
    )


# ---- declarations (§3.5) -------------------------------------------------------------------

#: Sequence kinds by length, and their points. A run of 8 is a belot, not a sequence.
SEQUENCE_KINDS = {3: "tierce", 4: "quarte", 5: "quinte", 6: "sixte", 7: "septieme"}
SEQUENCE_LENGTHS = {kind: n for n, kind in SEQUENCE_KINDS.items()}
SEQUENCE_POINTS = {3: 20, 4: 50, 5: 100, 6: 100, 7: 100}
#: Carrés by rank letter; four 7s or four 8s are no declaration.
CARRE_POINTS = {"J": 200, "9": 150, "A": 100, "T": 100, "K": 100, "Q": 100}
CARRE_RANKS = tuple(r for r in reversed(DECK.ranks) if r in CARRE_POINTS)


@dataclass(frozen=True)
class Declaration:
    """One declaration (zvanje), as a table writes it or a hand holds it.

    :param team: 0 (NS) or 1 (EW).
    :param kind: ``tierce quarte quinte sixte septieme`` (sequences), ``carre`` or ``belot``.
    :param points: what it is worth.
    :param length: cards in it.
    :param top: the rank index (natural order) of its top card, or of a carré.
    :param suit: the suit of a sequence or belot; -1 for a carré.
    :param seat: the declaring seat, or None when the record does not say.
    """

    team: int
    kind: str
    points: int
    length: int
    top: int
    suit: int
    seat: int | None = None

    @property
    def cards(self) -> int:
        """The cards it is made of (bitmask)."""
        if self.kind == "carre":
            return DECK.rank_masks[self.top]
        low = self.top - self.length + 1
        return ((1 << self.length) - 1) << (self.suit * 8 + low)

    def describe(self) -> Message:
        """``"EW quarte to KH"``, ``"NS carre of J"`` (a message: the team is a parameter, the
        kind its words, the top card and the suit their codes, which a page says in its deck's
        words: "quarte de EW à roi de cœur")."""
        team = Team(TEAMS[self.team])
        if self.kind == "carre":
            return _("{team} carre of {rank}", team=team, rank=DECK.ranks[self.top])
        if self.kind == "belot":
            return _("{team} belot in {suit}", team=team, suit=SuitCode(SUITS[self.suit]))
        top = CardCode(DECK.ranks[self.top] + SUITS[self.suit])
        return _("{team} {kind} to {card}", team=team, kind=KIND_WORDS[self.kind], card=top)


def sequence(team: int, length: int, top: int, suit: int, seat: int | None = None) -> Declaration:
    return Declaration(
        team, SEQUENCE_KINDS[length], SEQUENCE_POINTS[length], length, top, suit, seat
    )


def carre(team: int, rank: int, seat: int | None = None) -> Declaration:
    return Declaration(team, "carre", CARRE_POINTS[DECK.ranks[rank]], 4, rank, -1, seat)


def belot(team: int, suit: int, points: int, seat: int | None = None) -> Declaration:
    """A belot (eight cards of one suit) counted as a declaration worth ``points`` (HR5)."""
    return Declaration(team, "belot", points, 8, 7, suit, seat)


def hand_belot(hand: int) -> int | None:
    """The suit of which ``hand`` holds all eight cards, or None.

    >>> hand_belot(DECK.suit_masks[3]), hand_belot(DECK.parse_mask("7S 8S"))
    (3, None)
    """
    for suit, mask in enumerate(SUIT_MASKS):
        if hand & mask == mask:
            return suit
    return None


def hand_declarations(hand: int, seat: int, two_way: bool) -> list[Declaration]:
    """The sequences and carrés a hand declares (not the belot: see :func:`hand_belot`).

    :param two_way: HR8: a card may serve in a carré and a sequence at once; otherwise the
        disjoint set of combinations of highest value (:func:`best_combinations`).

    >>> hand = DECK.parse_mask("JS JH JD JC QC KC 9H TH")
    >>> [str(d.describe()) for d in hand_declarations(hand, 0, False)]
    ['NS carre of J']
    >>> [str(d.describe()) for d in hand_declarations(hand, 0, True)]
    ['NS carre of J', 'NS tierce to JH', 'NS tierce to KC']
    """
    team = seat % 2
    if two_way:
        found = [
            carre(team, r, seat) for r in find_sets(hand, DECK) if DECK.ranks[r] in CARRE_POINTS
        ]
        found += [
            sequence(team, n, top, suit, seat)
            for suit, top, n in find_runs(hand, DECK, 3)
            if n in SEQUENCE_KINDS
        ]
        return found
    combos = best_combinations(
        hand,
        DECK,
        lambda n: SEQUENCE_POINTS.get(n, 0),
        lambda r: CARRE_POINTS.get(DECK.ranks[r], 0),
    )
    return [
        carre(team, c.rank, seat)
        if c.shape == "set"
        else sequence(team, c.length, c.rank, c.suit, seat)
        for c in combos
    ]


def comparison_key(
    decl: Declaration, trump: int | None, equal_value: str
) -> tuple[int, int, int, int, int]:
    """The single-best comparison of §3.5, steps 1–4: points; at equal points a carré against a
    sequence (HR7), the longer sequence; the higher top card; a sequence in trump. A belot (HR5
    ``points``) is above everything. ``trump`` None: step 4 unknown (counted as 0)."""
    if decl.kind == "belot":
        shape = 2
    elif decl.kind == "carre":
        shape = 1 if equal_value == "carre" else 0
    else:
        shape = 0 if equal_value == "carre" else 1
    in_trump = int(trump is not None and decl.kind != "carre" and decl.suit == trump)
    return (decl.points, shape, decl.length, decl.top, in_trump)


def winning_team(
    decls: Iterable[Declaration], trump: int | None, equal_value: str, first_hand: int | None
) -> int | None:
    """The team whose single best declaration is the best of the deal (§3.5), or None when no
    one declared. Step 5 of the tie-break: the seat earlier in playing order from the first
    hand (the seat after the dealer) wins.

    :param trump: the trump suit index, or None if the record does not give it.
    :param first_hand: the seat after the dealer, or None if unknown.
    :raises RecordError: when the tie-break needs the trump suit, or the seats, and they are
        not given.
    """
    best: dict[int, tuple[tuple[int, ...], list[Declaration]]] = {}
    for decl in decls:
        key = comparison_key(decl, trump, equal_value)
        held = best.get(decl.team)
        if held is None or key > held[0]:
            best[decl.team] = (key, [decl])
        elif key == held[0]:
            held[1].append(decl)
    if not best:
        return None
    if len(best) == 1:
        return next(iter(best))
    (key0, tops0), (key1, tops1) = best[0], best[1]
    if key0 != key1:
        return 0 if key0 > key1 else 1
    if trump is None:  # equal sequences of two suits: the one in trump would win
        raise RecordError(
            "trump",
            _(
                "needed to break the tie between {first} and {second} (a sequence in trump wins)",
                first=tops0[0].describe(),
                second=tops1[0].describe(),
            ),
        )
    unknown = [d for d in tops0 + tops1 if d.seat is None]
    if unknown or first_hand is None:
        raise RecordError(
            "declarations",
            _(
                "{first} and {second} are equal: give the seat of each (the seat earlier in "
                "playing order from the first hand wins)",
                first=tops0[0].describe(),
                second=tops1[0].describe(),
            ),
        )

    def order(d: Declaration) -> int:
        assert d.seat is not None and first_hand is not None
        return (d.seat - first_hand) % 4

    first = min(tops0 + tops1, key=order)
    return first.team


#: Each declaration (zvanje) as a player says it; the value stays the record's code. Tierce,
#: quarte, quinte and carre are the belote family's words.
KIND_WORDS = {
    **belote.SHARED_KIND_WORDS,
    "sixte": _("sixte"),
    "septieme": _("septieme"),
    "belot": _("belot"),
    "bela": _("bela"),
}

#: The kinds as a player reads them: "carré" with its accent (the family's), in forms and as an
#: announcement's words.
KIND_LABELS = {**KIND_WORDS, "carre": belote.CARRE_LABEL}


def to_announcement(decl: Declaration, trump: int, equal_value: str) -> Announcement:
    """The kernel's form of a seat's declaration; ``key`` is :func:`comparison_key`."""
    assert decl.seat is not None
    cards = SUIT_MASKS[decl.suit] if decl.kind == "belot" else decl.cards
    return Announcement(
        decl.seat,
        KIND_WORDS.get(decl.kind, decl.kind),
        decl.points,
        cards,
        comparison_key(decl, trump, equal_value),
        KIND_LABELS.get(decl.kind, ""),
    )


def from_announcement(a: Announcement) -> Declaration:
    """The declaration behind an announcement made by :func:`to_announcement`."""
    top = a.cards.bit_length() - 1
    if a.kind == "carre":
        return carre(a.team, RANK_OF[top], a.seat)
    if a.kind == "belot":
        return belot(a.team, SUIT_OF[top], a.points, a.seat)
    return sequence(a.team, a.cards.bit_count(), RANK_OF[top], SUIT_OF[top], a.seat)
