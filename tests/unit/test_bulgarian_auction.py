"""Bulgarian Belot auction (§2.2, BG1, BG2) and the deal it starts (§2.1)."""

from __future__ import annotations

import pytest

from framework.core.errors import RuleViolation
from framework.core.seats import E, N, S, W
from framework.engine.deal import Deal
from framework.rules.plugins import load_variant
from framework.rules.scoring import MatchContext
from variants.bulgarian.auction import BulgarianAuction


def texts(auction, seat):
    return [c.text for c in auction.legal_calls(seat)]


def run(auction, *calls):
    for text in calls:
        auction.call(auction.turn, text)
    return auction


def test_the_forehand_speaks_first_and_may_name_any_contract():
    auction = BulgarianAuction(dealer=W)
    assert auction.turn == N
    assert texts(auction, N) == ["PASS", "C", "D", "H", "S", "NT", "AT"]
    assert texts(auction, E) == []


def test_a_bid_must_rank_above_the_current_contract_c_d_h_s_nt_at():
    auction = run(BulgarianAuction(dealer=W), "H")
    assert texts(auction, E) == ["PASS", "S", "NT", "AT", "KONTRA"]
    run(auction, "NT")
    assert texts(auction, S) == ["PASS", "AT", "KONTRA"]
    with pytest.raises(RuleViolation, match="legal calls: PASS, AT, KONTRA"):
        auction.call(S, "S")


def test_kontra_is_for_the_opponents_and_rekontra_for_the_bidding_team():
    auction = run(BulgarianAuction(dealer=W), "H", "PASS")
    assert "KONTRA" not in texts(auction, S)  # N's partner
    run(auction, "PASS")
    assert "KONTRA" in texts(auction, W)
    run(auction, "KONTRA")
    assert "REKONTRA" in texts(auction, N)
    run(auction, "PASS")
    assert "REKONTRA" not in texts(auction, E)
    assert "KONTRA" not in texts(auction, E)
    run(auction, "PASS")
    assert "REKONTRA" in texts(auction, S)
    run(auction, "REKONTRA", "PASS", "PASS", "PASS")
    contract = auction.contract
    assert (contract.denomination, contract.taker, contract.doubled) == ("H", N, 2)


def test_three_passes_after_the_last_call_end_the_auction():
    auction = run(BulgarianAuction(dealer=W), "C", "PASS", "PASS")
    assert auction.turn == W
    run(auction, "PASS")
    assert auction.is_over
    assert (auction.contract.denomination, auction.contract.taker) == ("C", N)


def test_four_passes_throw_the_deal_in():
    auction = run(BulgarianAuction(dealer=S), "PASS", "PASS", "PASS", "PASS")
    assert auction.is_over and auction.contract is None


def test_the_declarer_is_the_last_bidder_of_the_final_contract():
    auction = run(BulgarianAuction(dealer=W), "H", "PASS", "NT", "PASS", "PASS", "PASS")
    assert (auction.contract.denomination, auction.contract.taker) == ("NT", S)


def test_a_higher_bid_over_a_double_resets_it():
    auction = run(BulgarianAuction(dealer=W), "H", "KONTRA")
    assert texts(auction, S) == ["PASS", "S", "NT", "AT", "REKONTRA"]
    run(auction, "S")  # S runs away from the kontra
    assert texts(auction, W) == ["PASS", "NT", "AT", "KONTRA"]
    run(auction, "PASS", "PASS", "PASS")
    assert (auction.contract.denomination, auction.contract.doubled) == ("S", 0)


def test_overbid_after_double_false_a_double_closes_the_bidding():
    auction = run(BulgarianAuction(dealer=W, overbid_after_double=False), "H", "KONTRA")
    assert texts(auction, S) == ["PASS", "REKONTRA"]
    run(auction, "PASS")
    assert texts(auction, W) == ["PASS"]


@pytest.mark.parametrize(
    ("max_double", "calls"),
    [
        (1, []),
        (2, ["KONTRA"]),
        (4, ["KONTRA", "REKONTRA"]),
        (8, ["KONTRA", "REKONTRA", "SURKONTRA"]),
    ],
)
def test_max_double_limits_the_doubling_calls(max_double, calls):
    auction = run(BulgarianAuction(dealer=W, max_double=max_double), "H")
    made = []
    while True:  # each next seat is on the other team: it may raise the double if allowed
        doubles = [t for t in texts(auction, auction.turn) if t.endswith("KONTRA")]
        if not doubles:
            break
        made.append(doubles[0])
        auction.call(auction.turn, doubles[0])
    assert made == calls


def test_surkontra_is_the_opponents_call_and_multiplies_by_8():
    auction = run(BulgarianAuction(dealer=W, max_double=8), "H", "KONTRA", "REKONTRA")
    assert "SURKONTRA" in texts(auction, W)
    run(auction, "SURKONTRA", "PASS", "PASS", "PASS")
    assert auction.contract.doubled == 3 and auction.multiplier == 8


def test_calls_carry_goals_for_the_bots():
    goals = {c.text: c.goal for c in BulgarianAuction(dealer=W).legal_calls(N)}
    assert goals["H"] == ("points", 82)
    assert goals["NT"] == ("points", 131)
    assert goals["AT"] == ("points", 130)
    assert goals["PASS"] is None


# ---- the deal ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def variant():
    return load_variant("bulgarian-belot")


def test_five_cards_before_the_auction_and_eight_after(variant):
    deal = Deal.new(variant, variant.rules(), dealer=W, seed=3)
    assert [deal.hand(s).bit_count() for s in range(4)] == [5, 5, 5, 5]
    deal.call("H")
    for _ in range(3):
        deal.call("PASS")
    assert [deal.hand(s).bit_count() for s in range(4)] == [8, 8, 8, 8]
    assert deal.phase == "play"
    assert deal.current_seat == N  # the forehand leads whatever the contract


def test_all_pass_throws_the_deal_in_and_hanging_points_stay(variant):
    deal = Deal.new(variant, variant.rules(), dealer=E, seed=1, context=MatchContext(pot=11))
    for _ in range(4):
        deal.call("PASS")
    assert deal.is_over
    assert deal.record() == {"thrown_in": True}
    s = deal.score()
    assert s.made is None and s.pot == 11 and dict(s.points) == {"NS": 0, "EW": 0}
