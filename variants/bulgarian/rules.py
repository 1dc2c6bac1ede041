"""Bulgarian Belot's card play and declarations, as tables and small pure functions.

Source: ``rules/bulgarian-bela-cuatrola.md`` §2.3 (card order and points), §2.4 (legal play,
S-HIT 3.1–3.3 = S-NIK ``ValidCardsService``, option BG3) and §2.5 (sequences, carrés, belot,
and how the teams' declarations are compared, options BG4–BG7). A card is ``suit * 8 + rank``
with ranks in natural order ``7 8 9 T J Q K A``; a hand is a bitmask.

The orders and card points are the belote family's (from the family's public module
:mod:`variants.belote`); what differs — no trumps doubled, all trumps worth 258, and the legal-play
duties — is here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache

from framework.api import (
    FRENCH_32 as DECK,
)
from framework.api import (
    Announcement,
    LegalSteps,
    PlayRules,
    Trick,
    best_combinations,
    find_runs,
    legal_steps,
    step,
)
from variants import belote
from variants.bulgarian.declaration import _

#: The contract ladder, lowest first (§2.2).
LADDER = ("C", "D", "H", "S", "NT", "AT")
SUITS = DECK.suits
#: The suits' names in reasons, by suit index: the deck's own words (kernel messages).
SUIT_NAMES = DECK.suit_names
SUIT_MASKS = DECK.suit_masks
SUIT_OF = DECK.suit_of
RANK_OF = DECK.rank_of
K, Q = DECK.ranks.index("K"), DECK.ranks.index("Q")

#: Card points of a whole deal as the table counts them, last trick included (§2.3). No trumps
#: is written as counted (130) and doubled by the scoring (260).
DEAL_POINTS = {"NT": 130, "AT": 258}
SUIT_DEAL_POINTS = 162
NT_SCALE = 2


def deal_points(contract: str) -> int:
    """Card points of a deal as counted from the cards: 162, 130 (NT) or 258 (AT)."""
    return DEAL_POINTS.get(contract, SUIT_DEAL_POINTS)


# ---- card order and points (§2.3) ----------------------------------------------------------


@lru_cache(maxsize=32)
def play_rules(denomination: str, overtrump_over_partner: bool = False) -> PlayRules:
    """The play rules of a contract: a suit letter, ``NT`` or ``AT``.

    >>> play_rules("NT").total_points * play_rules("NT").points_scale
    260
    >>> play_rules("AT").total_points, play_rules("H").total_points
    (258, 162)
    """
    if denomination == "NT":
        power, points, above = belote.card_tables(())
        return PlayRules(DECK, power, 0, points, belote.LAST_TRICK, _nt, NT_SCALE)
    if denomination == "AT":
        power, points, above = belote.card_tables(range(4))
        return PlayRules(DECK, power, 0, points, belote.LAST_TRICK, _at_steps(above))
    trump = SUITS.index(denomination)
    return belote.suit_contract_rules(
        trump, lambda above: _suit_steps(trump, above, overtrump_over_partner)
    )


# ---- legal play and its reasons (§2.4) -----------------------------------------------------
# One step function per contract kind (framework.rules.steps): each ``return`` is the step that
# decides, with its reason; the kernel compiles the masks alone into the hot path. The trick is
# never empty.


@legal_steps
def _nt(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
    # No trumps: follow suit if you can; no duty to beat.
    return step(
        hand & SUIT_MASKS[SUIT_OF[trick[0]]],
        "follow",
        _(
            "no trumps: you must follow suit ({suit}); you need not beat",
            suit=SUIT_NAMES[SUIT_OF[trick[0]]],
        ),
    ) or step(hand, "any_card", belote.nt_discard_reason(SUIT_NAMES[SUIT_OF[trick[0]]]))


def _at_steps(above: tuple[int, ...]) -> LegalSteps:
    @legal_steps
    def at(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
        # All trumps: follow, and beat the best card of the suit if you can, even your
        # partner's; with none of the suit, any card.
        follow = hand & SUIT_MASKS[SUIT_OF[trick[0]]]
        return (
            step(
                follow & above[best],
                "beat",
                _(
                    "all trumps: you must follow suit and beat {best} (even your partner's) "
                    "when you can",
                    best=DECK.format(best),
                )
                if partner_wins
                else belote.at_beat_reason(DECK.format(best)),
            )
            or step(
                follow,
                "follow",
                belote.at_follow_reason(SUIT_NAMES[SUIT_OF[trick[0]]], DECK.format(best)),
            )
            or step(hand, "any_card", belote.at_discard_reason(SUIT_NAMES[SUIT_OF[trick[0]]]))
        )

    return at


def _suit_steps(trump: int, above: tuple[int, ...], overtrump_over_partner: bool) -> LegalSteps:
    trumps = SUIT_MASKS[trump]
    plain = DECK.full & ~trumps

    @legal_steps
    def suit(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
        led = SUIT_OF[trick[0]]
        follow = hand & SUIT_MASKS[led]
        if led == trump:
            # Trumps led: follow, and beat the best trump if you can, even your partner's.
            return (
                step(
                    follow & above[best],
                    "overtrump",
                    _(
                        "trumps were led: you must beat {best} (even your partner's) when you can",
                        best=DECK.format(best),
                    )
                    if partner_wins
                    else _(
                        "trumps were led: you must beat {best} when you can", best=DECK.format(best)
                    ),
                )
                or step(
                    follow,
                    "follow",
                    _(
                        "trumps were led: you must follow with a trump; "
                        "nothing of yours beats {best}",
                        best=DECK.format(best),
                    ),
                )
                or step(hand, "any_card", belote.TRUMP_LEAD_DISCARD_REASON)
            )
        if follow:
            # A plain suit: follow, no duty to beat.
            return step(
                follow,
                "follow",
                _("you must follow suit ({suit}); you need not beat", suit=SUIT_NAMES[led]),
            )
        mine = hand & trumps
        if not mine:
            return step(hand, "any_card", belote.discard_reason(SUIT_NAMES[led]))
        ruffed = trumps >> best & 1
        if partner_wins:
            if overtrump_over_partner and ruffed:
                # BG3: you need not trump, but a trump must beat your partner's if it can.
                return step(
                    hand & plain | (mine & above[best] or mine),
                    "overtrump_partner",
                    lambda legal: (
                        _(
                            "your partner has trumped with {best}: discard or "
                            "trump, nothing of yours beats it",
                            best=DECK.format(best),
                        )
                        if not mine & above[best]
                        else _(
                            "your partner has trumped with {best}: discard, or trump higher",
                            best=DECK.format(best),
                        )
                        if hand & plain
                        else _(
                            "your partner has trumped with {best} and you hold only trumps: "
                            "you must trump higher",
                            best=DECK.format(best),
                        )
                    ),
                )
            # No duty to trump over a winning partner.
            return step(
                hand,
                "partner_winning",
                belote.partner_winning_reason(DECK.format(best))
                if hand & plain
                else _(
                    "your partner is winning with {best} and you hold only trumps: any of "
                    "them may be played",
                    best=DECK.format(best),
                ),
            )
        if ruffed:
            # Overtrump if you can, never undertrump.
            return step(
                mine & above[best],
                "overtrump",
                belote.overtrump_reason(SUIT_NAMES[led], DECK.format(best)),
            ) or step(
                hand,
                "any_card",
                _(
                    "you cannot overtrump {best}: any card may be played (no duty to undertrump)",
                    best=DECK.format(best),
                ),
            )
        # An opponent is winning with a plain card: you must trump.
        return step(mine, "trump", belote.trump_reason(SUIT_NAMES[led], SUIT_NAMES[trump]))

    return suit


# ---- declarations (§2.5) -------------------------------------------------------------------

SEQUENCE_KINDS = {3: "tierce", 4: "quarte"}  # 5 and more: "quinte"
#: Each declaration as a player says it (the value stays the record's code: ``"tierce"``):
#: the belote family's words, and Bulgarian Belot's belot.
KIND_WORDS = {**belote.SHARED_KIND_WORDS, "belot": _("belot")}
CARRE_POINTS = {"J": 200, "9": 150, "A": 100, "T": 100, "K": 100, "Q": 100}
BELOT_POINTS = 20


def sequence_points(length: int, seq8: int = 100) -> int:
    """Value of a sequence of ``length`` cards (BG5 ``seq8`` for all eight).

    >>> [sequence_points(n) for n in range(2, 9)], sequence_points(8, 120)
    ([0, 20, 50, 100, 100, 100, 100], 120)
    """
    if length < 3:
        return 0
    if length == 8:
        return seq8
    return (0, 0, 0, 20, 50)[length] if length < 5 else 100


def carre_points(rank: int) -> int:
    """Value of a carré of the natural rank index ``rank`` (7s and 8s are worth nothing)."""
    return CARRE_POINTS.get(DECK.ranks[rank], 0)


def sequence_kind(length: int) -> str:
    return SEQUENCE_KINDS.get(length, "quinte")


@dataclass(frozen=True)
class Declaration:
    """A sequence or a carré as the comparison sees it, from a played hand or a record.

    :param team: 0 (NS) or 1 (EW).
    :param shape: ``"run"`` or ``"set"``.
    :param points: its value.
    :param length: number of cards (4 for a carré).
    :param rank: the run's top rank or the carré's rank (natural rank index).
    :param cards: the cards it is made of (bitmask).
    """

    team: int
    shape: str
    points: int
    length: int
    rank: int
    cards: int


def run_cards(suit: int, top: int, length: int) -> int:
    """The cards of a run of ``length`` ending at rank ``top`` in ``suit``."""
    return sum(1 << (suit * 8 + r) for r in range(top - length + 1, top + 1))


def find_declarations(hand: int, overlap: str, seq8: int) -> list[tuple[str, int, int, int]]:
    """The sequences and carrés a hand declares: ``(shape, cards, rank, length)`` each.

    One card serves in one combination. BG4 ``choose``: the player picks, and the engine picks the
    disjoint set worth most (:func:`framework.rules.announcements.best_combinations`); ``carre``:
    the carrés are taken first and the sequences are what is left.
    """
    if overlap == "carre":
        out = []
        rest = hand
        for rank, mask in enumerate(DECK.rank_masks):
            if hand & mask == mask and carre_points(rank):
                out.append(("set", mask, rank, 4))
                rest &= ~mask
        for suit, top, length in find_runs(rest, DECK, 3):
            out.append(("run", run_cards(suit, top, length), top, length))
        return out
    combos = best_combinations(hand, DECK, lambda n: sequence_points(n, seq8), carre_points)
    return [(c.shape, c.cards, c.rank, c.length) for c in combos]


def _sequence_key(d: Declaration) -> tuple[int, int, int]:
    # Higher value, then longer, then higher top card; the suit does not matter (§2.5).
    return d.points, d.length, d.rank


def counted_declarations(
    declared: Sequence[Declaration], comparison: str, carre_rank: str
) -> list[Declaration]:
    """The declarations that score after the comparison of §2.5 (BG6, BG7).

    ``separate``: the team with the single best sequence scores all its sequences (none if the
    best sequences of the two teams tie exactly), and the team with the highest carré scores all
    its carrés. ``single_best``: only the team holding the best declaration of all scores, all
    of its sequences and carrés; at equal value a carré beats a sequence; an exact tie between
    the teams' best sequences scores nothing.
    """
    order = {DECK.ranks.index(r): i for i, r in enumerate(reversed(carre_rank))}

    def key(d: Declaration) -> tuple[int, ...]:
        if d.shape == "set":
            return (d.points, 1, order[d.rank], 0)
        return (d.points, 0, d.length, d.rank)

    def winner(
        items: Sequence[Declaration], by: Callable[[Declaration], tuple[int, ...]]
    ) -> int | None:
        best = [max((by(d) for d in items if d.team == t), default=None) for t in (0, 1)]
        if best[0] is None and best[1] is None:
            return None
        if best[1] is None or (best[0] is not None and best[0] > best[1]):
            return 0
        if best[0] is None or best[1] > best[0]:
            return 1
        return None  # an exact tie: nobody's count

    if comparison == "single_best":
        team = winner(declared, key)
        return [d for d in declared if d.team == team]
    runs = [d for d in declared if d.shape == "run"]
    sets = [d for d in declared if d.shape == "set"]
    run_team = winner(runs, _sequence_key)
    set_team = winner(sets, key)
    return [d for d in declared if (d.team == run_team if d.shape == "run" else d.team == set_team)]


def announcement_declaration(a: Announcement) -> Declaration:
    """The comparison's view of an :class:`Announcement` found in a played hand."""
    shape = "set" if a.kind == "carre" else "run"
    top = max(RANK_OF[c] for c in range(DECK.size) if a.cards >> c & 1)
    return Declaration(a.team, shape, a.points, a.cards.bit_count(), top, a.cards)


# ---- belot (§2.5) --------------------------------------------------------------------------


def belot_suits(denomination: str) -> tuple[int, ...]:
    """The suits whose K+Q make a belot: the trump suit, every suit in AT, none in NT."""
    if denomination == "NT":
        return ()
    if denomination == "AT":
        return tuple(range(4))
    return (SUITS.index(denomination),)


def find_belots(
    denomination: str, hands: Sequence[int], tricks: Sequence[Trick]
) -> list[tuple[int, int]]:
    """The belots declared in play: ``(seat, suit)`` each, in the order they were declared.

    A belot counts when its holder plays the first of K/Q of a belot suit with the other still
    in hand, and that card is led, follows the led suit, or (suit contract) is a trump — so a
    K or Q of all trumps thrown on another suit loses it. The engine always declares.
    """
    suits = belot_suits(denomination)
    if not suits:
        return []
    pairs = {s: (1 << (s * 8 + K)) | (1 << (s * 8 + Q)) for s in suits}
    holders = {
        s: seat for s, pair in pairs.items() for seat in range(4) if hands[seat] & pair == pair
    }
    found = []
    for leader, cards, _winner in tricks:
        led = SUIT_OF[cards[0]]
        for i, card in enumerate(cards):
            suit = SUIT_OF[card]
            seat = (leader + i) % 4
            if holders.get(suit) != seat or RANK_OF[card] not in (K, Q):
                continue
            del holders[suit]  # only the first of the two cards may declare it
            if denomination != "AT" or i == 0 or suit == led:
                found.append((seat, suit))
    return found
