"""Announcements: combinations found in a hand, and declarations made during play.

The kernel knows the shapes every game of the family shares — a *run* (consecutive ranks of one
suit in the deck's natural order) and a *set* (the same rank in every suit) — and how to pick the
best set of combinations when one card may serve in one combination only. What a combination is
worth, which ones exist and which team's count are rules, answered by the variant's hooks.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache

from framework.core.cards import Deck

__all__ = ["Announcement", "Combination", "best_combinations", "find_runs", "find_sets"]


@dataclass(frozen=True)
class Announcement:
    """A declaration: a combination shown at the first trick, or one made in play (belote).

    :param seat: who declared it.
    :param kind: the variant's word for it (``tierce``, ``carre``, ``belote``, ``cante``).
    :param points: what it is worth if it counts.
    :param cards: bitmask of the cards it is made of.
    :param key: the variant's comparison key; between teams the higher key wins.
    :param words: the kind as a player reads it, where it differs from ``kind`` (a message of
        the variant's catalog: "carré" for the kind ``carre``); ``kind`` stays the code that deal
        events and records keep.
    """

    seat: int
    kind: str
    points: int
    cards: int
    key: tuple[int, ...] = ()
    words: str = field(default="", compare=False)

    @property
    def shown(self) -> str:
        """The kind in a player's words: :attr:`words`, else the kind."""
        return self.words or self.kind

    @property
    def team(self) -> int:
        return self.seat % 2


@dataclass(frozen=True)
class Combination:
    """A run or a set found in a hand.

    :param shape: ``"run"`` or ``"set"``.
    :param cards: bitmask of its cards.
    :param suit: the run's suit (-1 for a set).
    :param rank: the run's top rank, or the set's rank (indices into ``deck.ranks``).
    :param length: number of cards.
    :param points: its value, from the variant's value function.
    """

    shape: str
    cards: int
    suit: int
    rank: int
    length: int
    points: int


@lru_cache(maxsize=8)
def _run_table(ranks: int) -> tuple[tuple[tuple[int, int], ...], ...]:
    """For every row of one suit's bits, its maximal runs as ``(top_rank, length)``."""
    table = []
    for row in range(1 << ranks):
        runs = []
        rank = 0
        while rank < ranks:
            if row >> rank & 1:
                start = rank
                while rank < ranks and row >> rank & 1:
                    rank += 1
                runs.append((rank - 1, rank - start))
            else:
                rank += 1
        table.append(tuple(runs))
    return tuple(table)


def find_runs(hand: int, deck: Deck, min_length: int) -> list[tuple[int, int, int]]:
    """Maximal runs of at least ``min_length`` cards: ``(suit, top_rank, length)`` each.

    >>> from framework.core.cards import FRENCH_32 as D
    >>> find_runs(D.parse_mask("7S 8S 9S JH QH KH AH"), D, 3)
    [(0, 2, 3), (1, 7, 4)]
    """
    n = len(deck.ranks)
    table = _run_table(n)
    row_mask = (1 << n) - 1
    out = []
    for suit in range(len(deck.suits)):
        for top, length in table[(hand >> (suit * n)) & row_mask]:
            if length >= min_length:
                out.append((suit, top, length))
    return out


def find_sets(hand: int, deck: Deck) -> list[int]:
    """Ranks of which the hand holds every suit."""
    return [r for r, mask in enumerate(deck.rank_masks) if hand & mask == mask]


def best_combinations(
    hand: int,
    deck: Deck,
    run_points: Callable[[int], int],
    set_points: Callable[[int], int],
    min_run: int = 3,
    share_cards: bool = False,
) -> list[Combination]:
    """The combinations of ``hand`` with the highest total value.

    By default they are disjoint: one card serves in one combination only (the Belote rule), so
    a long run may be cut to leave a card to a set; on equal totals, more sets are preferred,
    then the combinations found first. With ``share_cards`` (a Jass *Kreuzweis*: a set of four
    and a run through it both count) a card may serve in a set and in a run: every set and
    every whole run that is worth something counts, sets first.

    :param run_points: value of a run of a given length (0: it does not count).
    :param set_points: value of a set of a given rank (0: it does not count).
    :param share_cards: let a set and a run share cards, as the variant's rules say.

    >>> from framework.core.cards import FRENCH_32 as D
    >>> hand = D.parse_mask("JS JH JD JC QH KH")
    >>> def runs(n): return {3: 20}.get(n, 0)
    >>> def sets(r): return 200 if D.ranks[r] == "J" else 0
    >>> " ".join(f"{c.shape} {c.points}" for c in best_combinations(hand, D, runs, sets))
    'set 200'
    >>> " ".join(f"{c.shape} {c.points}"
    ...          for c in best_combinations(hand, D, runs, sets, share_cards=True))
    'set 200 run 20'
    """
    n = len(deck.ranks)
    candidates: list[Combination] = []
    for rank in find_sets(hand, deck):
        pts = set_points(rank)
        if pts > 0:
            candidates.append(
                Combination("set", deck.rank_masks[rank], -1, rank, len(deck.suits), pts)
            )
    runs = find_runs(hand, deck, min_run)
    if share_cards:
        for suit, top, length in runs:
            pts = run_points(length)
            if pts > 0:
                cards = sum(1 << (suit * n + r) for r in range(top - length + 1, top + 1))
                candidates.append(Combination("run", cards, suit, top, length, pts))
        return candidates
    if not runs and not candidates:
        return []
    has_sets = bool(candidates)
    for suit, top, length in runs:
        # Without a set to share cards with, the whole run is always best; with one, every
        # sub-run is a candidate, since the set may need one of the run's cards.
        sizes = range(length, min_run - 1, -1) if has_sets else (length,)
        for size in sizes:
            pts = run_points(size)
            if pts <= 0:
                continue
            for hi in range(top, top - length + size - 1, -1):
                cards = 0
                for r in range(hi - size + 1, hi + 1):
                    cards |= 1 << (suit * n + r)
                candidates.append(Combination("run", cards, suit, hi, size, pts))
    if not has_sets:
        # Whole maximal runs share no card: the best choice is all of them, in the order
        # found (what the search below would pick first).
        return candidates
    best: tuple[int, int, list[Combination]] = (0, 0, [])

    def search(i: int, used: int, total: int, sets: int, chosen: list[Combination]) -> None:
        nonlocal best
        if (total, sets) > best[:2]:
            best = (total, sets, list(chosen))
        for j in range(i, len(candidates)):
            comb = candidates[j]
            if comb.cards & used:
                continue
            chosen.append(comb)
            search(
                j + 1, used | comb.cards, total + comb.points, sets + (comb.shape == "set"), chosen
            )
            chosen.pop()

    search(0, 0, 0, 0, [])
    return best[2]
