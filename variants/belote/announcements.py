"""Announcements (déclarations) and belote-rebelote of the belote family.

Source: ``rules/coinche-and-french-belote.md`` §1.7 (belote-rebelote) and §1.8 (announcements).

* Sequences: at least 3 consecutive cards of one suit in the natural order 7 8 9 T J Q K A,
  whatever the trump. Tierce 20, quarte 50, quinte (5 or more) 100; a run of 6–8 counts once, as
  100.
* Carrés: suit and all-trumps contracts J 200, 9 150, A T K Q 100; no-trumps A 200, T 150,
  K Q J 100, nines ``nt_carre_9`` (100 FFB, 0 S0); 8 and 7 nothing.
* One card serves in one combination: a hand declares the disjoint set of combinations with the
  highest total (:func:`framework.announcements.best_combinations`).
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
    NotationError,
    RecordError,
    best_combinations,
    parse_team,
)

__all__ = [
    "BELOTE_POINTS",
    "KINDS",
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
    "validate_announcements",
    "validate_belote",
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
# Bit c set where cards c, c+1, c+2 of one suit can start a run (ranks 7 to Q).
_RUN3_ENDS = sum(1 << (suit * 8 + rank) for suit in range(4) for rank in range(6))
_QUEEN = _RANKS.index("Q")


def run_points(length: int) -> int:
    """The value of a run of ``length`` cards (§1.8): a run of 6–8 counts once, as 100.

    >>> [run_points(n) for n in range(2, 9)]
    [0, 20, 50, 100, 100, 100, 100]
    """
    if length >= 5:
        return 100
    return {3: 20, 4: 50}.get(length, 0)


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


def combination_key(is_carre: bool, points: int, length: int, top_rank: int, trump_run: bool,
                    seq_length_tiebreak: bool) -> tuple[int, ...]:
    """The comparison key of one combination; between teams the higher key wins (§1.8).

    1. value; 2. at equal value a carré beats a sequence; 3. the longer sequence (only with
    ``seq_length_tiebreak``); 4. the higher top card in natural order (``top_rank`` is an index
    into ``7 8 9 T J Q K A``); 5. a trump sequence (only in a suit contract).

    >>> combination_key(True, 100, 4, 7, False, False) > combination_key(False, 100, 5, 7, True,
    ...                                                                   False)
    True
    """
    return (points, int(is_carre), length if seq_length_tiebreak and not is_carre else 0,
            top_rank, int(trump_run))


def _trump_suit(denomination: str) -> int:
    return _SUITS.index(denomination) if denomination in _SUITS else -1


@lru_cache(maxsize=8192)
def hand_combinations(hand: int, denomination: str, nt_carre_9: int) -> tuple[Combination, ...]:
    """The disjoint combinations a hand declares in a contract: the highest total (§1.8).

    >>> [(c.shape, c.length, c.points) for c in hand_combinations(
    ...     DECK.parse_mask("JS JH JD JC 9S TS QS 7H"), "H", 100)]
    [('set', 4, 200)]
    """
    return tuple(best_combinations(
        hand, DECK, run_points,
        lambda rank: carre_points(_RANKS[rank], denomination, nt_carre_9)))


def declarations(seat: int, hand: int, denomination: str, nt_carre_9: int,
                 seq_length_tiebreak: bool) -> tuple[Announcement, ...]:
    """What ``seat`` declares with its first card: its best combinations, as announcements.

    Each announcement's ``kind`` is a record kind (``tierce quarte quinte carre``) and its
    ``key`` is :func:`combination_key`.
    """
    # Most hands hold neither three cards in a row nor four of a rank: answer those at once.
    if not (hand & (hand >> 1) & (hand >> 2) & _RUN3_ENDS
            or hand & (hand >> 8) & (hand >> 16) & (hand >> 24)):
        return ()
    trump = _trump_suit(denomination)
    out = []
    for comb in hand_combinations(hand, denomination, nt_carre_9):
        if comb.shape == "set":
            out.append(Announcement(seat, "carre", comb.points, comb.cards, combination_key(
                True, comb.points, 4, comb.rank, False, seq_length_tiebreak)))
        else:
            out.append(Announcement(seat, run_kind(comb.length), comb.points, comb.cards,
                                    combination_key(False, comb.points, comb.length, comb.rank,
                                                    comb.suit == trump, seq_length_tiebreak)))
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
    return tuple(a for a in declared if a.seat % 2 == team)


# ---- belote-rebelote (§1.7) --------------------------------------------------------------


def max_belotes(denomination: str) -> int:
    """How many belotes a contract can hold: 1 in a suit, 4 in all-trumps, 0 in no-trumps."""
    return 0 if denomination == "NT" else 4 if denomination == "AT" else 1


def belotes(denomination: str, hands: Sequence[int]) -> tuple[Announcement, ...]:
    """The belotes of a deal: a player holding K and Q of a trump suit in the starting hand.

    >>> [(a.seat, a.points) for a in belotes("H", [0, DECK.parse_mask("KH QH"), 0, 0])]
    [(1, 20)]
    """
    suits = range(4) if denomination == "AT" else (
        (_SUITS.index(denomination),) if denomination in _SUITS else ())
    out = []
    for suit in suits:
        pair = (1 << (suit * 8 + _KING)) | (1 << (suit * 8 + _QUEEN))
        for seat, hand in enumerate(hands):
            if hand & pair == pair:
                out.append(Announcement(seat, "belote", BELOTE_POINTS, pair))
    return tuple(out)


def belote_teams(declarations_: Sequence[Announcement]) -> list[str]:
    """The record's ``belote`` list (``["NS", "NS"]``) from belote declarations."""
    return sorted((TEAMS[a.seat % 2] for a in declarations_ if a.kind == "belote"),
                  key=TEAMS.index)


def validate_belote(record: Mapping[str, Any], denomination: str) -> list[str]:
    """Read the record's ``belote`` list (teams, repeated for several belotes in all-trumps).

    :raises RecordError: on a bad team, or more belotes than the contract holds.
    """
    value = record.get("belote", [])
    if value is None:
        return []
    if not isinstance(value, list):
        raise RecordError("belote", 'is a list of teams, e.g. ["NS"]')
    most = max_belotes(denomination)
    out = []
    for i, item in enumerate(value):
        out.append(_team(item, f"belote.{i}"))
    if len(out) > most:
        if most == 0:
            raise RecordError("belote", "there is no belote in a no-trumps contract")
        raise RecordError("belote", f"a {denomination} contract has at most {most} belote"
                          + ("s" if most > 1 else ""))
    return sorted(out, key=TEAMS.index)


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


def _team(value: Any, where: str) -> str:
    if not isinstance(value, str):
        raise RecordError(where, f"{value!r} is not a team; use NS or EW")
    try:
        return TEAMS[parse_team(value)]
    except NotationError as exc:
        raise RecordError(where, str(exc)) from None


def _item(raw: Any, where: str, denomination: str, nt_carre_9: int) -> tuple[dict[str, Any], int]:
    """One announcement item, normalised, and the cards it is made of."""
    if not isinstance(raw, Mapping):
        raise RecordError(where, 'is an object such as {"team": "NS", "kind": "tierce", '
                          '"high": "KH"}')
    if "team" not in raw:
        raise RecordError(where + ".team", "is missing")
    team = _team(raw["team"], where + ".team")
    kind = raw.get("kind")
    if not isinstance(kind, str) or kind.strip().lower() not in KINDS:
        raise RecordError(where + ".kind", f"{kind!r} is not one of {', '.join(KINDS)}")
    kind = kind.strip().lower()
    if kind == "carre":
        unknown = set(raw) - {"team", "kind", "rank"}
        if unknown:
            raise RecordError(where + "." + sorted(unknown)[0], "a carré has only a rank")
        rank = raw.get("rank")
        if rank is None:
            raise RecordError(where + ".rank", "is missing")
        name = "T" if str(rank).strip().upper() == "10" else str(rank).strip().upper()
        if name not in _RANKS:
            raise RecordError(where + ".rank", f"{rank!r} is not a rank; use one of "
                              + " ".join(_RANKS))
        if carre_points(name, denomination, nt_carre_9) == 0:
            raise RecordError(where + ".rank",
                              f"a carré of {name} scores nothing in a {denomination} contract")
        return {"team": team, "kind": kind, "rank": name}, DECK.rank_masks[_RANKS.index(name)]
    unknown = set(raw) - {"team", "kind", "high", "length"}
    if unknown:
        raise RecordError(where + "." + sorted(unknown)[0], "a sequence has a high card "
                          "(and a length for 6 cards or more)")
    high = raw.get("high")
    if high is None:
        raise RecordError(where + ".high", "is missing")
    try:
        top = DECK.parse(str(high))
    except NotationError as exc:
        raise RecordError(where + ".high", str(exc)) from None
    length = RUN_LENGTH[kind]
    if "length" in raw:
        value = raw["length"]
        if kind != "quinte" or isinstance(value, bool) or not isinstance(value, int) \
                or not 5 <= value <= 8:
            raise RecordError(where + ".length", "a length is given only for a quinte, 5 to 8")
        length = value
    top_rank = DECK.rank_of[top]
    if top_rank < length - 1:
        raise RecordError(where + ".high", f"a {kind} of {length} cards cannot end at "
                          f"{DECK.format(top)}")
    cards = 0
    for r in range(top_rank - length + 1, top_rank + 1):
        cards |= 1 << (top - top_rank + r)
    item: dict[str, Any] = {"team": team, "kind": kind, "high": DECK.format(top)}
    if length > 5:
        item["length"] = length
    return item, cards


def validate_announcements(record: Mapping[str, Any], denomination: str, nt_carre_9: int,
                           enabled: bool) -> list[dict[str, Any]]:
    """Read the record's ``announcements`` list, normalised.

    Checks each item, and that no card serves twice within one team's announcements. Across
    teams an overlap is impossible at a real table too, but it is not refused: ``design.md``'s
    own example record (NS tierce to KH, EW carré of jacks) shares the JH.

    :param enabled: the game's ``announcements`` option; when off the list must be empty.
    :raises RecordError: naming the item field at fault (``announcements.1.high``).
    """
    value = record.get("announcements", [])
    if value is None:
        return []
    if not isinstance(value, list):
        raise RecordError("announcements", "is a list of announcements")
    if value and not enabled:
        raise RecordError("announcements", "this game is played without announcements")
    out: list[dict[str, Any]] = []
    used = {"NS": 0, "EW": 0}
    for i, raw in enumerate(value):
        item, cards = _item(raw, f"announcements.{i}", denomination, nt_carre_9)
        team = item["team"]
        if cards & used[team]:
            raise RecordError(f"announcements.{i}", "uses " + DECK.format_mask(cards & used[team])
                              + f", already in another announcement of {team}")
        used[team] |= cards
        out.append(item)
    return out


def record_announcements(items: Sequence[Mapping[str, Any]], denomination: str,
                         nt_carre_9: int, seq_length_tiebreak: bool
                         ) -> tuple[Announcement, ...]:
    """The validated items of a record as announcements (``seat`` = the team's index 0/1),
    ready for :func:`counting_team` / :func:`counted`."""
    trump = _trump_suit(denomination)
    out = []
    for item in items:
        team = TEAMS.index(item["team"])
        if item["kind"] == "carre":
            rank = _RANKS.index(item["rank"])
            pts = carre_points(item["rank"], denomination, nt_carre_9)
            out.append(Announcement(team, "carre", pts, DECK.rank_masks[rank],
                                    combination_key(True, pts, 4, rank, False,
                                                    seq_length_tiebreak)))
        else:
            top = DECK.parse(item["high"])
            length = item.get("length", RUN_LENGTH[item["kind"]])
            pts = run_points(length)
            top_rank = DECK.rank_of[top]
            cards = ((1 << length) - 1) << (top - length + 1)
            out.append(Announcement(team, item["kind"], pts, cards, combination_key(
                False, pts, length, top_rank, DECK.suit_of[top] == trump,
                seq_length_tiebreak)))
    return tuple(out)


def record_counting_team(items: Sequence[Mapping[str, Any]], denomination: str,
                         nt_carre_9: int, seq_length_tiebreak: bool) -> str | None:
    """Which team's announcements count, decided from a record's validated list alone:
    ``"NS"``, ``"EW"``, or None (nothing declared, or an exact tie).

    >>> record_counting_team([{"team": "NS", "kind": "quinte", "high": "AH"},
    ...                       {"team": "EW", "kind": "carre", "rank": "9"}], "S", 100, False)
    'EW'
    """
    team = counting_team(record_announcements(items, denomination, nt_carre_9,
                                              seq_length_tiebreak))
    return None if team is None else TEAMS[team]


def record_points(items: Sequence[Mapping[str, Any]], denomination: str, nt_carre_9: int,
                  seq_length_tiebreak: bool) -> dict[str, int]:
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
