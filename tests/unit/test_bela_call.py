"""Croatian Bela's deal and one-round trump call (spec §3.1, §3.2, OPT-HR1)."""

import pytest
from bela_helpers import VARIANT, deal_with, rules, score

from framework.core.errors import RuleViolation
from framework.core.seats import E, N, S, W
from framework.engine.deal import Deal
from framework.rules.auction import PASS
from variants.bela.auction import BelaAuction

HANDS = {
    "N": "7S 8S 9S 7H 8H 9H TS JS",
    "E": "QS KS AS TH JH QH KH AH",
    "S": "7D 8D 9D TD JD QD KD AD",
    "W": "7C 8C 9C TC JC QC KC AC",
}


def test_six_cards_are_in_hand_before_the_call_and_eight_after():
    deal = Deal.new(VARIANT, rules(), dealer=W, seed=7)
    assert [deal.hand(s).bit_count() for s in range(4)] == [6, 6, 6, 6]
    deal.call("PASS")
    deal.call("D")
    assert [deal.hand(s).bit_count() for s in range(4)] == [8, 8, 8, 8]
    assert sum(deal.hand(s) for s in range(4)) == (1 << 32) - 1


def test_the_talon_cards_reach_each_hand_after_the_call():
    deal = deal_with(HANDS, dealer="W")
    assert deal.hand(N) == deal.deck.parse_mask("7S 8S 9S 7H 8H 9H")
    deal.call("S")
    assert deal.deck.format_mask(deal.hand(N)) == "7S 8S 9S TS JS 7H 8H 9H"


def test_the_first_hand_after_the_dealer_calls_first_and_a_suit_ends_the_call():
    deal = Deal.new(VARIANT, rules(), dealer=S, seed=1)
    assert deal.current_seat == W
    deal.call("PASS")
    assert deal.current_seat == N
    deal.call("C")
    assert deal.phase == "play"
    assert deal.contract.denomination == "C" and deal.contract.taker == N
    assert deal.current_seat == W  # the first hand leads whoever called


def test_every_seat_may_call_any_suit_or_pass_and_there_is_no_overcall():
    auction = BelaAuction(dealer=W, mus=True)
    assert [c.text for c in auction.legal_calls(N)] == ["PASS", "S", "H", "D", "C"]
    assert auction.legal_calls(E) == []
    auction.call(N, "H")
    assert auction.is_over and auction.legal_calls(E) == []


def test_a_suit_call_hints_the_caller_must_make_82_points():
    calls = BelaAuction(dealer=W, mus=True).legal_calls(N)
    assert {c.goal for c in calls if c is not PASS} == {("points", 82)}


def test_dalje_is_a_pass():
    deal = Deal.new(VARIANT, rules(), dealer=W, seed=2)
    assert deal.call("dalje") == PASS
    assert deal.current_seat == E


def test_the_dealer_must_call_when_the_three_others_passed_mus():
    deal = Deal.new(VARIANT, rules(), dealer=W, seed=3)
    for _ in range(3):
        deal.call("PASS")
    assert deal.current_seat == W
    assert "PASS" not in [c.text for c in deal.legal_calls()]
    with pytest.raises(RuleViolation, match="must call trump"):
        deal.call("PASS")
    deal.call("S")
    assert deal.contract.taker == W


def test_without_mus_the_dealer_may_pass_and_the_deal_is_thrown_in():
    deal = Deal.new(VARIANT, rules(mus=False), dealer=W, seed=3)
    for _ in range(4):
        deal.call("PASS")
    assert deal.is_over and deal.contract is None
    assert deal.record() == {"thrown_in": True}
    assert dict(deal.score().points) == {"NS": 0, "EW": 0}


def test_a_thrown_in_deal_keeps_the_hanging_points():
    result = score({"thrown_in": True}, pot=91, preset="house")
    assert dict(result.points) == {"NS": 0, "EW": 0} and result.pot == 91


def test_a_call_out_of_turn_is_refused():
    deal = Deal.new(VARIANT, rules(), dealer=W, seed=4)
    with pytest.raises(RuleViolation, match="may not call"):
        deal.call("H", seat=E)
