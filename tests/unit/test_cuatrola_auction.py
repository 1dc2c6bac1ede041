"""Cuatrola's deal and bets (spec §4.1, §4.2): one card at a time, trump from the dealer's last
card, one round of bets that must rise, the exact-11 limit, the dead hand and the first lead."""

import pytest
from cuatrola_helpers import VARIANT, deal_with, names

from framework.core.errors import RuleViolation
from framework.core.seats import E, N, S, W
from framework.engine.deal import Deal
from framework.rules.scoring import MatchContext

HANDS = {  # dealer W: N is forehand; W's last card, AO, turns oros up as trump
    "N": "KC JE 3B NB JO",
    "E": "NE KE JB NO 3E",
    "S": "AC JC AE AB KO",
    "W": "NC 3C KB 3O AO",
}


def texts(deal):
    return [c.text for c in deal.legal_calls()]


def test_cards_are_dealt_one_at_a_time_from_the_forehand():
    deal = deal_with(HANDS)
    assert [names(deal.hand(s)) for s in (N, E, S, W)] == [
        "JO KC JE NB 3B",
        "NO NE KE 3E JB",
        "KO JC AC AE AB",
        "3O AO NC 3C KB",
    ]


def trump_played(hands):
    """The trump of the contract when the forehand bets a solo and the others pass."""
    deal = deal_with(hands)
    for call in ("SOLO", "PASS", "PASS", "PASS"):
        deal.call(call)
    return deal.contract.denomination


def test_trump_is_the_suit_of_the_dealers_last_card():
    deal = deal_with(HANDS)
    assert deal.turn_up is not None and VARIANT.deck.format(deal.turn_up) == "AO"
    hands = dict(HANDS, W="NC 3C KB AO 3O")  # now the last card is 3O: still oros
    assert trump_played(hands) == "O"
    hands = dict(HANDS, W="NC 3C 3O AO KB")  # last card KB: bastos
    assert trump_played(hands) == "B"


def test_the_forehand_speaks_first_and_may_bet_anything_at_love_all():
    deal = deal_with(HANDS, dealer="S")
    assert deal.current_seat == W
    assert texts(deal) == ["PASS", "SOLO", "CUATROLA", "QUINTOLA"]


def test_each_bet_must_exceed_the_current_one():
    deal = deal_with(HANDS)
    deal.call("SOLO")
    assert texts(deal) == ["PASS", "CUATROLA", "QUINTOLA"]
    deal.call("QUINTOLA")
    assert texts(deal) == ["PASS"]
    with pytest.raises(RuleViolation, match="already QUINTOLA"):
        deal.call("CUATROLA")


def test_every_player_speaks_once_and_the_highest_bet_declares():
    deal = deal_with(HANDS)
    for call in ("SOLO", "PASS", "CUATROLA", "PASS"):
        deal.call(call)
    contract = deal.contract
    assert contract is not None and deal.phase == "play"
    assert (contract.name, contract.taker, contract.sitting_out, contract.denomination) == (
        "cuatrola",
        S,
        N,
        "O",
    )


def test_nobody_bets_a_normal_partnership_hand_is_played_not_thrown_in():
    deal = deal_with(HANDS)
    for _ in range(4):
        deal.call("PASS")
    contract = deal.contract
    assert contract is not None
    assert (contract.name, contract.taker, contract.sitting_out) == (None, N, None)
    assert deal.current_seat == N
    for card in ("KC", "NO", "AC", "NC"):
        deal.play(card)
    assert deal.tricks[-1] == (N, tuple(VARIANT.deck.parse_many("KC NO AC NC")), E)


def test_first_bet_option_closes_the_auction_at_the_first_bet():
    deal = deal_with(HANDS, auction="first_bet")
    deal.call("PASS")
    deal.call("SOLO")
    assert deal.phase == "play" and deal.contract.taker == E and deal.contract.name == "solo"


def test_the_declarers_partner_sits_out_and_tricks_have_three_cards():
    deal = deal_with(HANDS)
    for call in ("PASS", "SOLO", "PASS", "PASS"):
        deal.call(call)
    assert deal.contract.sitting_out == W and deal.hand(W) == 0
    assert deal.current_seat == N
    deal.play("KC")
    deal.play("NO")
    deal.play("AC")
    assert len(deal.tricks) == 1 and deal.tricks[0][2] == E  # W skipped; E's trump wins
    assert deal.current_seat == E


def test_example_q5_the_forehand_declarer_leads_his_cuatrola():
    deal = deal_with(HANDS)
    deal.call("CUATROLA")
    for _ in range(3):
        deal.call("PASS")
    assert deal.contract.sitting_out == S and deal.current_seat == N


def test_when_the_forehand_sits_out_the_next_player_leads():
    deal = deal_with(HANDS)
    for call in ("PASS", "PASS", "SOLO", "PASS"):
        deal.call(call)
    assert deal.contract.sitting_out == N and deal.current_seat == E


def test_first_lead_option_declarer_lets_the_declarer_lead():
    deal = deal_with(HANDS, first_lead="declarer")
    for call in ("PASS", "PASS", "SOLO", "PASS"):
        deal.call(call)
    assert deal.current_seat == S
    plain = deal_with(HANDS, first_lead="declarer")
    for _ in range(4):
        plain.call("PASS")
    assert plain.current_seat == N  # no bet: the forehand leads anyway


def test_example_q6_exact_11_limits_a_pair_on_8_to_a_solo():
    deal = deal_with(HANDS, totals={"NS": 8, "EW": 5})
    assert texts(deal) == ["PASS", "SOLO"]
    with pytest.raises(RuleViolation, match=r"NS have 8: a cuatrola \(4\) would take them past 11"):
        deal.call("CUATROLA")
    deal.call("PASS")
    assert texts(deal) == ["PASS", "SOLO", "CUATROLA", "QUINTOLA"]
    deal.call("QUINTOLA")
    for _ in range(2):
        deal.call("PASS")
    assert deal.contract.name == "quintola" and deal.contract.taker == E


def test_example_q6_a_pair_on_10_may_only_pass():
    deal = deal_with(HANDS, totals={"NS": 10, "EW": 10})
    for _ in range(4):
        assert texts(deal) == ["PASS"]
        deal.call("PASS")
    assert deal.contract.name is None


def test_example_q7_a_pair_on_9_may_still_bet_a_solo():
    deal = deal_with(HANDS, totals={"NS": 10, "EW": 9})
    deal.call("PASS")
    assert texts(deal) == ["PASS", "SOLO"]


def test_to21_has_no_exact_finish_limit():
    deal = deal_with(HANDS, totals={"NS": 19, "EW": 0}, exact_finish=False, target=21)
    assert texts(deal) == ["PASS", "SOLO", "CUATROLA", "QUINTOLA"]
    assert VARIANT.rules("to21").exact_finish is False and VARIANT.rules("to21").target == 21


def test_bets_carry_goal_hints_for_the_bots():
    deal = deal_with(HANDS)
    goals = {c.text: c.goal for c in deal.legal_calls()}
    assert goals == {
        "PASS": None,
        "SOLO": ("points", 66),
        "CUATROLA": ("tricks", 4),
        "QUINTOLA": ("tricks", 5),
    }


def test_calls_out_of_turn_are_refused():
    deal = deal_with(HANDS)
    with pytest.raises(RuleViolation, match="it is N's turn"):
        deal.call("SOLO", seat=E)


def test_a_deal_saved_as_json_keeps_the_score_context_of_the_exact_11_rule():
    deal = deal_with(HANDS, totals={"NS": 8, "EW": 5})
    deal.call("SOLO")
    again = Deal.from_json(VARIANT, deal.to_json())
    assert again.events == deal.events
    assert again.context == MatchContext(totals={"NS": 8, "EW": 5}, pot=0, number=1, dealer=W)
    assert [c.text for c in again.legal_calls()] == ["PASS", "CUATROLA", "QUINTOLA"]
