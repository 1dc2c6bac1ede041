"""``atout duel`` when the sides change (issue 20, item 5): each deal is played once per seat,
bot A at that seat and bot B at the others, and the margin is A's points as a player.

The game is the per-player toy of ``toy_pools.py``: its sheet is a pool and a mountain per
player, and it settles, so a player's points from a deal are its settlement of that deal."""

from __future__ import annotations

import pytest
import toy_pools

from framework.app import duel
from framework.app.duel import PairSpec, play_pair, run_duel
from framework.rules.plugins import variant_from_plugins


@pytest.fixture
def pools(monkeypatch: pytest.MonkeyPatch):
    variant = variant_from_plugins("toy-pools", [toy_pools])
    monkeypatch.setitem(duel._VARIANTS, "toy-pools", variant)
    return variant


def test_a_players_points_from_a_deal_are_its_settlement(pools):
    points = dict.fromkeys(pools.info.column_keys, 0) | {"N.pool": 15, "S.pool": 15}
    # Results 15, 0, 15, 0: the average 7 (30 / 4, 2 left over, the first seat's).
    assert pools.player_points(pools.rules(), points) == (6, -7, 8, -7)


def test_a_bot_against_itself_has_a_margin_of_exactly_zero_on_every_pair(pools):
    # Bot A at each seat in turn against the same bot, seeded by seat: the same deal four
    # times, so A's points as a player, less the others' mean, sum to 0 over the four seats.
    rules = pools.rules().to_json()
    for number in range(6):
        pair = play_pair(PairSpec("toy-pools", rules, "random", "random", 5, number, None))
        assert pair.margin == pytest.approx(0, abs=1e-9)
        assert sum(pair.taken) in (0, 4)  # (the same contract four times, or thrown in)


def test_each_pair_is_one_deal_per_seat_with_bot_a_at_that_seat(pools):
    result = run_duel(pools, pools.rules().to_json(), "rules", "random", 4, 1, 1)
    for pair in result.pairs:
        assert sum(pair.taken) <= 4  # (four deals: one contract each, or thrown in)
    data = result.to_json()
    assert set(data["contracts"]) == {"rules", "random"}
    assert data["deals"] == 4 and data["decision_ms"]["mean"] >= 0


def test_four_handed_preference_seats_bot_a_only_where_a_player_plays_the_deal():
    # Four seats, the dealer sitting out: one deal per seat that plays (three), never with A at
    # the dealer's seat, where it would play nothing: three contracts taken, or none where the
    # deal is a raspasy, which nobody takes (ContractKind.has_taker).
    rules = duel.load_variant("preference").rules(None, {"players": 4}).to_json()
    taken = [
        sum(play_pair(PairSpec("preference", rules, "rules", "rules", 3, number, None)).taken)
        for number in range(4)
    ]
    assert set(taken) == {0, 3}  # (rule bots pass out about half the deals: both are seen)
