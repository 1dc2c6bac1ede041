"""French Belote's deal and taking (spec §3.1–§3.3): the turned-up card, two rounds, the throw-in,
and the completion of every hand to eight cards."""

import pytest

from framework.core.cards import FRENCH_32 as D
from framework.core.errors import RuleViolation
from framework.core.seats import E, N, S, W, next_seat
from framework.engine.deal import Deal
from framework.rules.plugins import load_variant


@pytest.fixture(scope="module")
def fb():
    return load_variant("french-belote")


def deal_with_turn_up(fb, preset="maison", dealer=W, turn_up="JH", **overrides):
    """A deal whose 21st card, the one turned up, is ``turn_up``."""
    order = list(range(32))
    card = D.parse(turn_up)
    order.remove(card)
    order.insert(20, card)
    return Deal(fb, fb.rules(preset, overrides), dealer, order)


def suit_of(card):
    return D.suits[D.suit_of[card]]


def test_five_cards_each_are_dealt_and_the_21st_is_turned_up(fb):
    deal = deal_with_turn_up(fb, turn_up="9D")
    assert [h.bit_count() for h in deal.hands] == [5, 5, 5, 5]
    assert D.format(deal.turn_up) == "9D"
    assert not any(h >> deal.turn_up & 1 for h in deal.hands)


@pytest.mark.parametrize(
    ("pattern", "first_seat_cards"), [("3-2", [0, 1, 2, 12, 13]), ("2-3", [0, 1, 8, 9, 10])]
)
def test_the_first_five_cards_go_in_packets_of_the_deal_pattern(fb, pattern, first_seat_cards):
    order = list(range(32))
    deal = Deal(fb, fb.rules("classic", {"deal_pattern": pattern}), W, order)
    assert deal.hands[N] == sum(1 << order[i] for i in first_seat_cards)


def test_the_seat_after_the_dealer_speaks_first(fb):
    assert deal_with_turn_up(fb, dealer=S).current_seat == W
    assert deal_with_turn_up(fb, dealer=W).current_seat == N


def test_round_one_offers_only_take_or_pass_and_take_plays_the_turned_up_suit(fb):
    deal = deal_with_turn_up(fb, turn_up="JH")
    calls = deal.legal_calls()
    assert [c.text for c in calls] == ["TAKE", "PASS"]
    assert calls[0].denomination == "H" and calls[0].goal == ("points", 82)
    deal.call("PASS")
    deal.call("TAKE")
    assert deal.contract.denomination == "H"
    assert deal.contract.taker == E
    assert deal.contract.extra == {"round": 1}


def test_the_first_take_ends_the_taking_and_the_player_after_the_dealer_leads(fb):
    deal = deal_with_turn_up(fb, dealer=W)
    for _ in range(2):
        deal.call("PASS")
    deal.call("TAKE")
    assert deal.phase == "play"
    assert deal.current_seat == N  # next(dealer) leads whoever took


def test_round_two_classic_names_another_suit_than_the_turned_up_one(fb):
    deal = deal_with_turn_up(fb, "classic", turn_up="7C")
    for _ in range(4):
        deal.call("PASS")
    assert deal.current_seat == N
    assert [c.text for c in deal.legal_calls()] == ["TAKE S", "TAKE H", "TAKE D", "PASS"]
    with pytest.raises(RuleViolation, match="TAKE C"):
        deal.call("TAKE C")
    deal.call("PASS")
    deal.call("take d")
    assert deal.contract.denomination == "D"
    assert deal.contract.taker == E
    assert deal.contract.extra == {"round": 2}


def test_round_two_maison_may_also_name_no_trumps_or_all_trumps(fb):
    deal = deal_with_turn_up(fb, "maison", turn_up="7C")
    for _ in range(4):
        deal.call("PASS")
    texts = [c.text for c in deal.legal_calls()]
    assert texts == ["TAKE S", "TAKE H", "TAKE D", "TAKE NT", "TAKE AT", "PASS"]
    deal.call("TAKE NT")
    assert deal.contract.denomination == "NT"
    assert deal.play_rules.trumps == 0


def test_round2_any_suit_allows_the_turned_up_suit_again(fb):
    deal = deal_with_turn_up(fb, "classic", turn_up="7C", round2_any_suit=True)
    for _ in range(4):
        deal.call("PASS")
    assert "TAKE C" in [c.text for c in deal.legal_calls()]


def test_no_trumps_cannot_be_named_in_round_one(fb):
    deal = deal_with_turn_up(fb, "maison")
    with pytest.raises(RuleViolation, match="legal calls: TAKE, PASS"):
        deal.call("TAKE NT")


def test_a_player_may_not_speak_out_of_turn(fb):
    deal = deal_with_turn_up(fb, dealer=W)
    with pytest.raises(RuleViolation):
        deal.call("TAKE", seat=S)
    assert deal.current_seat == N and not deal.events


def test_all_pass_twice_throws_the_deal_in(fb):
    deal = deal_with_turn_up(fb)
    for _ in range(8):
        deal.call("PASS")
    assert deal.is_over and deal.contract is None
    assert deal.record() == {"thrown_in": True}
    result = deal.score()
    assert result.made is None and dict(result.points) == {"NS": 0, "EW": 0}


@pytest.mark.parametrize("passes", [0, 1, 2, 3, 4, 5, 6, 7])
def test_completion_gives_the_taker_the_turned_up_card_and_everyone_eight(fb, passes):
    deal = deal_with_turn_up(fb, "maison", dealer=S, turn_up="QS")
    for _ in range(passes):
        deal.call("PASS")
    taker = deal.current_seat
    before = list(deal.hands)
    deal.call(deal.legal_calls()[0].text)
    assert deal.contract.taker == taker
    assert [h.bit_count() for h in deal.hands] == [8, 8, 8, 8]
    assert deal.hands[taker] >> D.parse("QS") & 1
    assert sum(deal.hands) == D.full  # each card once: the masks do not overlap
    # The dealer deals on from the 22nd card, from next(dealer): 3 each, 2 to the taker.
    card, seat = 21, next_seat(S)
    for _ in range(4):
        n = 2 if seat == taker else 3
        extra = sum(1 << deal.order[card + i] for i in range(n))
        expected = before[seat] | extra | ((1 << deal.turn_up) if seat == taker else 0)
        assert deal.hands[seat] == expected
        card += n
        seat = next_seat(seat)
    assert card == 32


def test_the_record_of_a_played_deal_names_the_round_trump_and_turn_up(fb):
    from framework.bots.base import RandomBot, play_out

    deal = deal_with_turn_up(fb, "classic", turn_up="TH")
    for _ in range(5):
        deal.call("PASS")
    deal.call("TAKE S")  # E names spades in round 2
    play_out(deal, [RandomBot(s) for s in range(4)])
    record = deal.record()
    assert record["taker"] == "EW" and record["round"] == 2
    assert record["trump"] == "S" and record["turn_up"] == "TH"
    assert record["taker_points"] == deal.played().card_points["EW"]
