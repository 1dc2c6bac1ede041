"""Coinche auction (spec §2.2–2.3): overcalls, jump bids, capot, coinche and surcoinche in turn
and out of turn, throw-in, and the contract it produces."""

import pytest

from framework.core.errors import RuleViolation
from framework.core.seats import E, N, S, W
from framework.engine.deal import Deal
from framework.rules.plugins import load_variant
from framework.rules.scoring import MatchContext

COINCHE = load_variant("coinche")


def auction(preset="house", dealer=W, **overrides):
    rules = COINCHE.rules(preset, overrides)
    return COINCHE.pm.hook.atout_auction(
        rules=rules, dealer=dealer, turn_up=None, context=MatchContext()
    )


def calls(a, seat=None):
    return [c.text for c in a.legal_calls(a.turn if seat is None else seat)]


def say(a, *texts):
    """Make calls in turn."""
    for text in texts:
        a.call(a.turn, text)


def test_the_player_after_the_dealer_speaks_first():
    assert auction(dealer=W).turn == N
    assert auction(dealer=S).turn == W


def test_first_calls_are_pass_and_every_bid_from_80_to_160_and_capot():
    got = calls(auction())
    assert got[0] == "PASS"
    assert got[1:7] == ["80S", "80H", "80D", "80C", "80NT", "80AT"]
    assert got[-7:] == ["160AT", "CAPOT S", "CAPOT H", "CAPOT D", "CAPOT C", "CAPOT NT", "CAPOT AT"]
    assert "COINCHE" not in got and len(got) == 1 + 9 * 6 + 6


def test_no_trumps_and_all_trumps_are_bid_only_with_nt_at():
    got = calls(auction("ffb"))
    assert "80NT" not in got and "CAPOT AT" not in got and "80C" in got


def test_max_bid_sets_the_highest_numeric_bid():
    got = calls(auction(max_bid=250))
    assert "250H" in got and "260H" not in got


def test_an_overcall_needs_a_higher_number_whatever_the_denomination():
    a = auction()
    say(a, "80H")
    got = calls(a)
    assert "80S" not in got and "80NT" not in got and "90S" in got and "90C" in got


def test_jump_bids_are_allowed():
    a = auction()
    say(a, "80H", "150S")
    assert a.bidder == E and a.standing_value == 150


def test_the_bidders_partner_may_overbid_him():
    a = auction()
    say(a, "80H", "PASS", "90S")
    assert a.bidder == S


def test_passing_does_not_stop_a_player_from_bidding_later():
    a = auction()
    say(a, "PASS", "80H", "PASS", "PASS", "90C")  # N passed, then bids 90
    assert a.bidder == N


def test_three_passes_after_a_bid_end_the_auction():
    a = auction()
    say(a, "PASS", "80H", "PASS", "PASS")
    assert not a.is_over
    say(a, "PASS")
    assert a.is_over
    c = a.contract
    assert (c.denomination, c.taker, c.value, c.name, c.doubled) == ("H", E, 80, None, 0)


def test_four_passes_throw_the_deal_in():
    a = auction()
    say(a, "PASS", "PASS", "PASS")
    assert not a.is_over
    say(a, "PASS")
    assert a.is_over and a.contract is None


def test_a_thrown_in_deal_writes_the_thrown_in_record():
    rules = COINCHE.rules("house")
    deal = Deal.new(COINCHE, rules, seed=1)
    for _ in range(4):
        deal.call("PASS")
    assert deal.is_over and deal.record() == {"thrown_in": True}
    assert dict(deal.score().points) == {"NS": 0, "EW": 0}


def test_capot_ranks_above_every_number_and_cannot_be_overcalled():
    a = auction()
    say(a, "160H")
    assert calls(a)[1:] == [
        "CAPOT S",
        "CAPOT H",
        "CAPOT D",
        "CAPOT C",
        "CAPOT NT",
        "CAPOT AT",
        "COINCHE",
    ]
    say(a, "CAPOT S")
    assert calls(a) == ["PASS", "COINCHE"]
    say(a, "PASS", "PASS", "PASS")
    c = a.contract
    assert (c.denomination, c.taker, c.value, c.name) == ("S", E, None, "capot")


def test_capot_ends_the_auction_with_capot_ends_auction():
    a = auction("bidonly")
    say(a, "80H", "CAPOT D")
    assert a.is_over and a.contract.name == "capot" and a.contract.taker == E


def test_calls_carry_goals_for_the_bots():
    a = auction()
    by_text = {c.text: c for c in a.legal_calls(a.turn)}
    assert by_text["110H"].goal == ("points", 110) and by_text["110H"].denomination == "H"
    assert by_text["CAPOT NT"].goal == ("tricks", 8) and by_text["PASS"].kind == "pass"


def test_only_an_opponent_of_the_bidder_may_coinche():
    a = auction()
    say(a, "80H")  # N bids; E (opponent) speaks
    assert "COINCHE" in calls(a)
    say(a, "PASS")  # S, N's partner, may not coinche
    assert a.turn == S and "COINCHE" not in calls(a)


def test_in_turn_coinche_cannot_be_called_out_of_turn():
    a = auction()
    say(a, "80H")
    assert a.legal_calls(W) == []
    with pytest.raises(RuleViolation, match="W may not call now; it is E's turn"):
        a.call(W, "COINCHE")


def test_any_time_coinche_may_be_called_out_of_turn_by_an_opponent():
    a = auction("bidonly")
    say(a, "80H")  # N bids, E to speak
    assert calls(a, W) == ["COINCHE"]
    assert calls(a, S) == []
    a.call(W, "COINCHE")
    # The bidding team speaks from the seat after the coincher: N, then S; E does not.
    assert a.turn == N and calls(a) == ["PASS", "SURCOINCHE"]
    say(a, "PASS")
    assert a.turn == S
    say(a, "PASS")
    assert a.is_over and a.contract.doubled == 1 and a.contract.taker == N


def test_after_a_coinche_no_more_bids_and_the_coinchers_partner_does_not_speak():
    a = auction()
    say(a, "80H", "COINCHE")  # N bids, E coinches
    assert a.turn == S and calls(a) == ["PASS", "SURCOINCHE"]
    assert a.legal_calls(W) == [] and a.legal_calls(E) == []
    say(a, "PASS")
    assert a.turn == N  # W, the coincher's partner, is skipped
    say(a, "SURCOINCHE")
    assert a.is_over
    assert (a.contract.taker, a.contract.value, a.contract.doubled) == (N, 80, 2)


def test_two_passes_after_a_coinche_leave_it_coinched():
    a = auction()
    say(a, "PASS", "90D", "PASS", "PASS", "COINCHE")  # E bids, N coinches in turn
    assert a.coincher == N and a.turn == E
    say(a, "PASS", "PASS")
    assert a.is_over and a.contract.doubled == 1 and a.contract.taker == E


def test_a_capot_may_be_coinched_with_capot_coinchable():
    a = auction()
    say(a, "CAPOT H")
    assert "COINCHE" in calls(a)


def test_a_capot_may_not_be_coinched_without_capot_coinchable():
    a = auction("house", capot_coinchable=False)
    say(a, "CAPOT H")
    assert calls(a) == ["PASS"]


def test_an_illegal_bid_names_the_legal_calls():
    a = auction()
    say(a, "100H")
    with pytest.raises(RuleViolation, match="E may not call '90S' now; legal calls: PASS, 110S"):
        a.call(E, "90S")


def test_calls_of_a_deal_are_replayed_from_its_log():
    rules = COINCHE.rules("bidonly")
    deal = Deal.new(COINCHE, rules, seed=3)
    deal.call("80H")
    deal.call("COINCHE", W)  # out of turn, allowed by coinche_timing any_time
    deal.call("PASS")
    deal.call("SURCOINCHE")
    assert deal.phase == "play" and deal.contract.doubled == 2
    again = Deal.from_json(COINCHE, deal.to_json())
    assert again.contract == deal.contract and again.current_seat == deal.current_seat


@pytest.mark.parametrize(
    ("preset", "overrides", "packets"),
    [
        ("house", {}, (3, 2, 3)),
        ("bidonly", {}, (3, 3, 2)),
        ("ffb", {"deal_pattern": "2-3-3"}, (2, 3, 3)),
    ],
)
def test_cards_are_dealt_in_the_packets_of_deal_pattern(preset, overrides, packets):
    rules = COINCHE.rules(preset, overrides)
    order = list(range(32))
    deal = Deal(COINCHE, rules, W, order)
    # From the seat after the dealer (N), each packet round the table in playing order.
    expected = [0, 0, 0, 0]
    card = 0
    for packet in packets:
        for seat in (N, E, S, W):
            for _ in range(packet):
                expected[seat] |= 1 << order[card]
                card += 1
    assert deal.hands == tuple(expected)
