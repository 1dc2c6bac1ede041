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
