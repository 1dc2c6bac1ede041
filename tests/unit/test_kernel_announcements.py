"""best_combinations: disjoint by default (Belote), sharing cards where a variant says so
(a Jass Kreuzweis: four jacks and a run through the jack of hearts both count)."""

from __future__ import annotations

from framework.api import FRENCH_32 as D
from framework.api import best_combinations


def runs(length: int) -> int:
    return {3: 20, 4: 50}.get(length, 0)


def sets(rank: int) -> int:
    return 200 if D.ranks[rank] == "J" else 0


def test_by_default_one_card_serves_in_one_combination_only():
    hand = D.parse_mask("JS JH JD JC QH KH")
    found = best_combinations(hand, D, runs, sets)
    assert [(c.shape, c.points) for c in found] == [("set", 200)]


def test_a_long_run_is_cut_to_leave_its_card_to_the_set():
    hand = D.parse_mask("JS JH JD JC QH KH AH")
    found = best_combinations(hand, D, runs, sets)
    assert sorted((c.shape, c.points) for c in found) == [("run", 20), ("set", 200)]


def test_with_shared_cards_the_set_and_the_whole_run_through_it_both_count():
    hand = D.parse_mask("JS JH JD JC QH KH AH")
    found = best_combinations(hand, D, runs, sets, share_cards=True)
    assert [(c.shape, c.points) for c in found] == [("set", 200), ("run", 50)]
    assert found[0].cards & found[1].cards == D.parse_mask("JH")


def test_without_a_set_every_whole_run_counts_as_the_exhaustive_search_finds():
    import random
    from itertools import combinations

    from framework.rules.announcements import find_runs

    def value(n: int) -> int:
        return {3: 20, 4: 50}.get(n, 100 if n >= 5 else 0)

    rng = random.Random(5)
    checked = 0
    while checked < 300:
        hand = sum(1 << c for c in rng.sample(range(32), 8))
        if any(hand & m == m for m in D.rank_masks):
            continue
        # Every sub-run worth something; the disjoint choice of the highest total.
        parts = [
            sum(1 << (s * 8 + r) for r in range(hi - n + 1, hi + 1))
            for s, top, length in find_runs(hand, D, 3)
            for n in range(3, length + 1)
            for hi in range(top - length + n, top + 1)
        ]
        best = max(
            (sum(value(p.bit_count()) for p in pick), pick)
            for k in range(len(parts) + 1)
            for pick in combinations(parts, k)
            if all(a & b == 0 for a, b in combinations(pick, 2))
        )
        found = best_combinations(hand, D, value, sets)
        assert sum(c.points for c in found) == best[0]
        assert [c.cards for c in found] == [
            sum(1 << (s * 8 + r) for r in range(t - n + 1, t + 1))
            for s, t, n in find_runs(hand, D, 3)
        ]
        checked += 1
