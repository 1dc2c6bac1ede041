"""Announcements (déclarations) and belote-rebelote of the belote family.

Source: ``rules/coinche-and-french-belote.md`` §1.7 (belote-rebelote) and §1.8 (announcements).

* Sequences: at least 3 consecutive cards of one suit in the natural order 7 8 9 T J Q K A,
  whatever the trump. Tierce 20, quarte 50, quinte (5 or more) 100; a run of 6–8 counts once, as
  100.
* Carrés: suit and all-trumps contracts J 200, 9 150, A T K Q 100; no-trumps A 200, T 150,
  K Q J 100, nines ``nt_carre_9`` (100 FFB, 0 S0); 8 and 7 nothing.
* One card serves in one combination: a hand declares the disjoint set of combinations with the
  highest total (:func:`framework.rules.announcements.best_combinations`).
* Between teams, each team's best combination is ranked by :func:`combination_key` (value; a
  carré beats a sequence of equal value; optionally the longer sequence; the higher top card;
  in a suit contract a trump sequence). The team with the better best combination scores all of
  its own; the other team scores none; an exact tie scores nothing.
* Belote-rebelote: K and Q of trump in one starting hand, 20; in all-trumps one per suit; none in
  no-trumps.

Two paths use the same comparison: the engine's declarations (:class:`Announcement` built from a
hand) and the items of a deal record (``{"team", "kind", "high"}`` for a sequence, ``{"team",
"kind": "carre", "rank"}`` for a carré), which a record scorer turns into :class:`Announcement`
with :func:`record_announcements`. Scoring always uses the record's list.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any

from framework.api import (
    FRENCH_32 as DECK,
)
from framework.api import (
    TEAMS,
    Announcement,
    Combination,
    Rules,
    best_combinations,
    find_runs,
)
from variants.belote.declaration import _

__all__ = [
    "BELOTE_POINTS",
    "KINDS",
    "announcement_points",
    "belote_teams",
    "belotes",
    "carre_points",
    "combination_key",
    "counted",
    "counting_team",
    "declarations",
    "hand_combinations",
    "max_belotes",
    "record_announcements",
    "record_counting_team",
    "record_item",
    "record_points",
    "run_kind",
    "run_points",
]

#: Record kinds, in the words of the rules.
KINDS = ("tierce", "quarte", "quinte", "carre")
#: The shortest run of each sequence kind.
RUN_LENGTH = {"tierce": 3, "quarte": 4, "quinte": 5}
BELOTE_POINTS = 20

#: Carré values in suit and all-trumps contracts (FFB, S0); 8 and 7 are worth nothing.
CARRE_POINTS = {"J": 200, "9": 150, "A": 100, "T": 100, "K": 100, "Q": 100}
#: Carré values in no-trumps (nines: option ``nt_carre_9``).
CARRE_POINTS_NT = {"A": 200, "T": 150, "K": 100, "Q": 100, "J": 100}

_RANKS = DECK.ranks  # natural order 7 8 9 T J Q K A
_SUITS = DECK.suits
_KING = _RANKS.index("K")
# Per cards of one suit (a byte: bit r for rank r): whether they hold three in a row.
_HAS_RUN = tuple(bool(cards & (cards >> 1) & (cards >> 2)) for cards in range(256))
_QUEEN = _RANKS.index("Q")


def run_points(length: int) -> int:
    """The value of a run of ``length`` cards (§1.8): a run of 6–8 counts once, as 100.

    >>> [run_points(n) for n in range(2, 9)]
    [0, 20, 50, 100, 100, 100, 100]
    """
    if length >= 5:
        return 100
    return {3: 20, 4: 50}.get(length, 0)


#: The kinds of combination every game of the family's cards announces, as a player says them
#: (the value stays the record's code: ``"tierce"``); a game adds its own (Bela's sixte, a belot).
SHARED_KIND_WORDS = {
    "tierce": _("tierce"),
    "quarte": _("quarte"),
    "quinte": _("quinte"),
    "carre": _("carre"),
}

#: A carré as a player reads it, with its accent, in forms and as an announcement's words (its
#: kind stays the word "carre", whose English text is also its code in deal events).
CARRE_LABEL = _("carré")

#: Each kind as a player says it.
KIND_WORDS = {**SHARED_KIND_WORDS, "belote": _("belote")}

#: The kinds as a player reads them.
KIND_LABELS = {**KIND_WORDS, "carre": CARRE_LABEL}


def run_kind(length: int) -> str:
    """The record kind of a run: ``tierce``, ``quarte``, or ``quinte`` for 5 cards or more.

    >>> run_kind(3), run_kind(7)
    ('tierce', 'quinte')
    """
    return "tierce" if length == 3 else "quarte" if length == 4 else "quinte"


def carre_points(rank: str, denomination: str, nt_carre_9: int) -> int:
    """The value of a carré of ``rank`` in a contract (``S H D C``, ``NT`` or ``AT``).

    >>> carre_points("J", "H", 100), carre_points("J", "NT", 100), carre_points("9", "NT", 0)
    (200, 100, 0)
    """
    if denomination == "NT":
        return nt_carre_9 if rank == "9" else CARRE_POINTS_NT.get(rank, 0)
    return CARRE_POINTS.get(rank, 0)


def combination_key(
    is_carre: bool,
    points: int,
    length: int,
    top_rank: int,
    trump_run: bool,
    seq_length_tiebreak: bool,
) -> tuple[int, ...]:
    """The comparison key of one combination; between teams the higher key wins (§1.8).

    1. value; 2. at equal value a carré beats a sequence; 3. the longer sequence (only with
    ``seq_length_tiebreak``); 4. the higher top card in natural order (``top_rank`` is an index
    into ``7 8 9 T J Q K A``); 5. a trump sequence (only in a suit contract).

    >>> combination_key(True, 100, 4, 7, False, False) > combination_key(False, 100, 5, 7, True,
    ...                                                                   False)
    True
    """
    return (
        points,
        int(is_carre),
        length if seq_length_tiebreak and not is_carre else 0,
        top_rank,
        int(trump_run),
    )


def _trump_suit(denomination: str) -> int:
    return _SUITS.index(denomination) if denomination in _SUITS else -1


@lru_cache(maxsize=8192)
def hand_combinations(hand: int, denomination: str, nt_carre_9: int) -> tuple[Combination, ...]:
    """The disjoint combinations a hand declares in a contract: the highest total (§1.8).

    >>> [(c.shape, c.length, c.points) for c in hand_combinations(
    ...     DECK.parse_mask("JS JH JD JC 9S TS QS 7H"), "H", 100)]
    [('set', 4, 200)]
    """
    return tuple(
        best_combinations(
            hand,
            DECK,
            run_points,
            lambda rank: carre_points(_RANKS[rank], denomination, nt_carre_9),
        )
    )


def declarations(
    seat: int, hand: int, denomination: str, nt_carre_9: int, seq_length_tiebreak: bool
) -> tuple[Announcement, ...]:
    """What ``seat`` declares with its first card: its best combinations, as announcements.

    Each announcement's ``kind`` is a record kind (``tierce quarte quinte carre``) and its
    ``key`` is :func:`combination_key`.
    """
    # The hand as its four suits, a byte each: ints below 256 exist once in the interpreter,
    # while each operation on the whole hand (up to 32 bits: an int of two digits) makes a new
    # int, several times slower.
    suits = hand.to_bytes(4, "little")
    spades, hearts, diamonds, clubs = suits
    if spades & hearts & diamonds & clubs:  # a carré
        return _declarations(seat, hand, denomination, nt_carre_9, seq_length_tiebreak)
    # Most hands hold neither three cards in a row nor four of a rank: answer those at once.
    if not (_HAS_RUN[spades] or _HAS_RUN[hearts] or _HAS_RUN[diamonds] or _HAS_RUN[clubs]):
        return ()
    # No carré: every whole run counts, and a suit's runs depend on that suit's cards alone,
    # so the hand declares its suits' declarations, each worked out once.
    out: tuple[Announcement, ...] = ()
    for suit, cards in enumerate(suits):
        if _HAS_RUN[cards]:
            out += _suit_declarations(seat, suit, cards, denomination, seq_length_tiebreak)
    return out


@lru_cache(maxsize=16384)
def _suit_declarations(
    seat: int, suit: int, cards: int, denomination: str, seq_length_tiebreak: bool
) -> tuple[Announcement, ...]:
    """:func:`declarations` of the ``cards`` of ``suit`` (a byte: bit r for rank r) in a hand
    without a carré (kept: the announcements are frozen): every whole run, found without a
    search (whole runs share no card), so a deal's first sight of a suit's cards costs little
    too."""
    trump = _trump_suit(denomination)
    return tuple(
        _run_announcement(seat, suit, top, length, suit == trump, seq_length_tiebreak)
        for suit, top, length in find_runs(cards << (suit * 8), DECK, RUN_LENGTH["tierce"])
    )


def _run_announcement(
    seat: int, suit: int, top: int, length: int, trump_run: bool, seq_length_tiebreak: bool
) -> Announcement:
    """The announcement of a run of ``length`` cards of ``suit`` up to the rank ``top``."""
    points = run_points(length)
    return Announcement(
        seat,
        KIND_WORDS[run_kind(length)],
        points,
        ((1 << length) - 1) << (suit * 8 + top - length + 1),
        combination_key(False, points, length, top, trump_run, seq_length_tiebreak),
    )


def _declarations(
    seat: int, hand: int, denomination: str, nt_carre_9: int, seq_length_tiebreak: bool
) -> tuple[Announcement, ...]:
    trump = _trump_suit(denomination)
    out = []
    for comb in hand_combinations(hand, denomination, nt_carre_9):
        if comb.shape == "set":
            out.append(
                Announcement(
                    seat,
                    KIND_WORDS["carre"],
                    comb.points,
                    comb.cards,
                    combination_key(True, comb.points, 4, comb.rank, False, seq_length_tiebreak),
                    KIND_LABELS["carre"],
                )
            )
        else:
            out.append(
                _run_announcement(
                    seat, comb.suit, comb.rank, comb.length, comb.suit == trump, seq_length_tiebreak
                )
            )
    return tuple(out)


def counting_team(declared: Sequence[Announcement]) -> int | None:
    """The team (0 = NS, 1 = EW) whose announcements count, or None (nobody declared, or the two
    best combinations tie exactly).

    Each team's best combination is compared by its ``key``; the winner scores all of its own.
    """
    best: list[tuple[int, ...] | None] = [None, None]
    for ann in declared:
        team = ann.seat % 2
        mine = best[team]
        if mine is None or ann.key > mine:
            best[team] = ann.key
    ns, ew = best
    if ns is None and ew is None:
        return None
    if ew is None or (ns is not None and ns > ew):
        return 0
    if ns is None or ew > ns:
        return 1
    return None


def counted(declared: Sequence[Announcement]) -> tuple[Announcement, ...]:
    """The declarations that score: every one of the :func:`counting_team`'s, none of the
    other team's."""
    team = counting_team(declared)
    if team is None:
        return ()
    out = []
    for a in declared:  # (a loop, not a generator: asked twice a deal, by the record and score)
        if a.seat % 2 == team:
            out.append(a)
    return tuple(out)


# ---- belote-rebelote (§1.7) --------------------------------------------------------------


def max_belotes(denomination: str) -> int:
    """How many belotes a contract can hold: 1 in a suit, 4 in all-trumps, 0 in no-trumps."""
    return 0 if denomination == "NT" else 4 if denomination == "AT" else 1


def belotes(denomination: str, hands: Sequence[int]) -> tuple[Announcement, ...]:
    """The belotes of a deal: a player holding K and Q of a trump suit in the starting hand.

    >>> [(a.seat, a.points) for a in belotes("H", [0, DECK.parse_mask("KH QH"), 0, 0])]
    [(1, 20)]
    """
    pairs = _BELOTE_PAIRS.get(denomination, ())
    out = []
    for pair in pairs:
        for seat, hand in enumerate(hands):
            if hand & pair == pair:
                out.append(_BELOTES[seat, pair])
                break  # (one hand at most holds both cards)
    return tuple(out)


def _pair(suit: int) -> int:
    return (1 << (suit * 8 + _KING)) | (1 << (suit * 8 + _QUEEN))


#: Per contract, the K-Q pairs that make a belote (every suit in all trumps, none in no trumps).
_BELOTE_PAIRS = {
    **{s: (_pair(i),) for i, s in enumerate(_SUITS)},
    "AT": tuple(_pair(i) for i in range(4)),
}
#: Each seat's belote of each pair, made once (announcements are frozen).
_BELOTES = {
    (seat, pair): Announcement(seat, KIND_WORDS["belote"], BELOTE_POINTS, pair)
    for seat in range(4)
    for pair in _BELOTE_PAIRS["AT"]
}


def belote_teams(declarations_: Sequence[Announcement]) -> list[str]:
    """The record's ``belote`` list (``["NS", "NS"]``) from belote declarations."""
    teams = []
    for a in declarations_:  # (a loop, not a generator: a record is made on every deal)
        if a.kind == "belote":
            teams.append(TEAMS[a.seat % 2])
    if len(teams) > 1:
        teams.sort(key=TEAMS.index)
    return teams


# ---- announcements in a deal record ------------------------------------------------------


def record_item(ann: Announcement) -> dict[str, Any]:
    """The record item of a declared combination: ``{"team", "kind", "high"}`` for a sequence
    (with ``"length"`` for a run of 6 or more cards), ``{"team", "kind": "carre", "rank"}``.
    """
    team = TEAMS[ann.seat % 2]
    top = ann.cards.bit_length() - 1
    if ann.kind == "carre":
        return {"team": team, "kind": "carre", "rank": _RANKS[DECK.rank_of[top]]}
    item: dict[str, Any] = {"team": team, "kind": ann.kind, "high": DECK.format(top)}
    length = ann.cards.bit_count()
    if length > 5:
        item["length"] = length
    return item


def record_announcements(
    items: Sequence[Mapping[str, Any]],
    denomination: str,
    nt_carre_9: int,
    seq_length_tiebreak: bool,
) -> tuple[Announcement, ...]:
    """The validated items of a record as announcements (``seat`` = the team's index 0/1),
    ready for :func:`counting_team` / :func:`counted`."""
    # Each item read once into its values; the announcement of the same values in the same
    # contract is the same (announcements are frozen), so it is worked out once and kept.
    out = []
    for item in items:  # (a loop, not a generator: a score is made on every deal)
        out.append(
            _record_announcement(
                item["team"],
                item["kind"],
                item.get("high"),
                item.get("rank"),
                item.get("length"),
                denomination,
                nt_carre_9,
                seq_length_tiebreak,
            )
        )
    return tuple(out)


@lru_cache(maxsize=4096)
def _record_announcement(
    team_code: str,
    kind: str,
    high: str | None,
    rank_code: str | None,
    length: int | None,
    denomination: str,
    nt_carre_9: int,
    seq_length_tiebreak: bool,
) -> Announcement:
    """One validated record item as an announcement: a carré of ``rank_code``, or a run of
    ``kind`` (or of ``length`` cards) up to the card ``high``."""
    team = TEAMS.index(team_code)
    if kind == "carre":
        assert rank_code is not None  # (a validated carré names its rank)
        rank = _RANKS.index(rank_code)
        pts = carre_points(rank_code, denomination, nt_carre_9)
        return Announcement(
            team,
            "carre",
            pts,
            DECK.rank_masks[rank],
            combination_key(True, pts, 4, rank, False, seq_length_tiebreak),
        )
    assert high is not None  # (a validated sequence names its high card)
    top = DECK.parse(high)
    if length is None:
        length = RUN_LENGTH[kind]
    pts = run_points(length)
    cards = ((1 << length) - 1) << (top - length + 1)
    return Announcement(
        team,
        kind,
        pts,
        cards,
        combination_key(
            False,
            pts,
            length,
            DECK.rank_of[top],
            DECK.suit_of[top] == _trump_suit(denomination),
            seq_length_tiebreak,
        ),
    )


def record_counting_team(
    items: Sequence[Mapping[str, Any]],
    denomination: str,
    nt_carre_9: int,
    seq_length_tiebreak: bool,
) -> str | None:
    """Which team's announcements count, decided from a record's validated list alone:
    ``"NS"``, ``"EW"``, or None (nothing declared, or an exact tie).

    >>> record_counting_team([{"team": "NS", "kind": "quinte", "high": "AH"},
    ...                       {"team": "EW", "kind": "carre", "rank": "9"}], "S", 100, False)
    'EW'
    """
    team = counting_team(record_announcements(items, denomination, nt_carre_9, seq_length_tiebreak))
    return None if team is None else TEAMS[team]


def record_points(
    items: Sequence[Mapping[str, Any]],
    denomination: str,
    nt_carre_9: int,
    seq_length_tiebreak: bool,
) -> dict[str, int]:
    """The announcement points each team scores from a record's validated list: all of the
    counting team's combinations, nothing for the other.

    >>> record_points([{"team": "NS", "kind": "quinte", "high": "AH"},
    ...                {"team": "NS", "kind": "tierce", "high": "9S"},
    ...                {"team": "EW", "kind": "quarte", "high": "KD"}], "S", 100, False)
    {'NS': 120, 'EW': 0}
    """
    points = {"NS": 0, "EW": 0}
    if items:
        declared = record_announcements(items, denomination, nt_carre_9, seq_length_tiebreak)
        for ann in counted(declared):
            points[TEAMS[ann.seat % 2]] += ann.points
    return points


def announcement_points(rules: Rules, record: Mapping[str, Any]) -> dict[str, int]:
    """The announcement points each team scores from a taking game's record (its
    ``announcements`` list, decided by :func:`record_points`), none in a game played without
    announcements."""
    if not rules.announcements:
        return {"NS": 0, "EW": 0}
    return record_points(
        record.get("announcements") or (),
        record["trump"],
        rules.nt_carre_9,
        rules.seq_length_tiebreak,
    )
