"""Croatian Bela's legal plays (spec §3.4) for every branch and every value of HR2-HR4, the card
order and points of §3.3, and the player-readable reasons."""

import random

import pytest
from bela_helpers import deal_with, explain, legal

from framework.core.cards import FRENCH_32 as DECK
from framework.core.errors import RuleViolation
from variants.bela.rules import play_rules

# ---- card order and points (§3.3) ---------------------------------------------------------


def test_trump_order_is_j_9_a_t_k_q_8_7_and_plain_order_a_t_k_q_j_9_8_7():
    pr = play_rules("H", True, True, True)
    trump = sorted(DECK.parse_many("7H 8H 9H TH JH QH KH AH"), key=lambda c: -pr.power[c])
    plain = sorted(DECK.parse_many("7S 8S 9S TS JS QS KS AS"), key=lambda c: -pr.power[c])
    assert DECK.format_many(trump) == "JH 9H AH TH KH QH 8H 7H"
    assert DECK.format_many(plain) == "AS TS KS QS JS 9S 8S 7S"


def test_card_points_are_the_belote_values_and_total_162_with_the_last_trick():
    pr = play_rules("C", True, True, True)
    assert [pr.points[c] for c in DECK.parse_many("JC 9C AC TC KC QC 8C 7C")] == [
        20,
        14,
        11,
        10,
        4,
        3,
        0,
        0,
    ]
    assert [pr.points[c] for c in DECK.parse_many("AD TD KD QD JD 9D 8D 7D")] == [
        11,
        10,
        4,
        3,
        2,
        0,
        0,
        0,
    ]
    assert pr.total_points == 162


def test_the_lowest_trump_beats_the_ace_of_the_led_suit():
    pr = play_rules("D", True, True, True)
    assert pr.winner(DECK.parse_many("AS 7D TS KS")) == 1


# ---- following a plain suit (HR2) ---------------------------------------------------------


def test_must_beat_the_led_suit_when_able_even_over_partner():
    assert legal("H", "AS QS 7C", "N:KS E:7S") == "AS"


def test_may_play_any_card_of_the_led_suit_when_unable_to_beat_it():
    assert legal("H", "KS 7S 9H", "N:AS") == "7S KS"


def test_need_not_beat_the_led_suit_once_an_opponent_has_trumped():
    assert legal("H", "AS 7S JH", "N:KS E:7H") == "7S AS"


def test_without_heading_rule_any_card_of_a_plain_suit_follows():
    assert legal("H", "AS 7S 9H", "N:KS", must_head_led_suit=False) == "7S AS"


# ---- trump led ----------------------------------------------------------------------------


@pytest.mark.parametrize("head", [True, False])
def test_must_overtrump_when_trump_led_even_over_partner(head):
    assert legal("H", "JH AH 7S", "N:9H E:7H", must_head_led_suit=head) == "JH"


def test_may_play_any_trump_when_trump_led_and_unable_to_beat_it():
    assert legal("H", "9H 7H AS", "N:JH") == "7H 9H"


def test_may_play_any_card_when_trump_led_and_holding_no_trump():
    assert legal("H", "AS 7C", "N:JH") == "AS 7C"


# ---- out of the led suit (HR3, HR4) -------------------------------------------------------


def test_must_trump_when_out_of_the_led_suit_even_if_partner_wins():
    assert legal("H", "7H QH 8C", "N:AS E:7S") == "7H QH"


def test_partner_winning_frees_the_player_from_trumping_with_the_french_exemption():
    assert legal("H", "7H QH 8C", "N:AS E:7S", trump_when_partner_wins=False) == "7H QH 8C"


def test_must_trump_an_opponents_trick_with_the_french_exemption():
    assert legal("H", "7H 8C", "N:AS", trump_when_partner_wins=False) == "7H"


def test_must_overtrump_an_opponents_trump_when_able():
    assert legal("H", "JH 7H 8C", "N:AS E:9H") == "JH"


def test_must_undertrump_when_unable_to_overtrump():
    assert legal("H", "9H 7H 8C", "N:AS E:JH") == "7H 9H"


def test_may_discard_when_unable_to_overtrump_without_undertrumping():
    assert legal("H", "9H 7H 8C", "N:AS E:JH", must_undertrump=False) == "7H 9H 8C"


def test_must_overtrump_partners_trump_when_out_of_the_led_suit():
    assert legal("H", "JH 7H 8C", "N:AS E:9H S:7S") == "JH"


def test_must_undertrump_partners_trump_when_unable_to_beat_it():
    assert legal("H", "7H 8C", "N:AS E:9H S:7S") == "7H"


def test_partners_trump_frees_the_player_with_the_french_exemption():
    assert legal("H", "JH 8C", "N:AS E:9H S:7S", trump_when_partner_wins=False) == "JH 8C"


def test_may_play_any_card_without_the_led_suit_or_a_trump():
    assert legal("H", "7D 8C", "N:AS") == "7D 8C"


# ---- reasons said to a player -------------------------------------------------------------


def test_reasons_name_the_rule_that_restricts_the_play():
    assert "beat KS" in explain("H", "AS QS 7C", "N:KS E:7S")
    assert "partner" in explain("H", "AS QS 7C", "N:KS E:7S")
    assert "must trump" in explain("H", "7H QH 8C", "N:AS E:7S")
    assert "overtrump" in explain("H", "JH 7H 8C", "N:AS E:9H")
    assert "lower" in explain("H", "9H 7H 8C", "N:AS E:JH")
    assert "any card" in explain("H", "9H 7H 8C", "N:AS E:JH", must_undertrump=False)
    assert "need not beat" in explain("H", "AS 7S JH", "N:KS E:7H")
    assert "any card" in explain("H", "7D 8C", "N:AS")


def test_an_illegal_card_is_refused_with_the_rule_and_the_legal_cards():
    hands = {
        "N": "KS 7D 8D 9D TD JD QD KD",
        "E": "AS QS 7C 8C 9C TC JC QC",
        "S": "7S 8S 9S TS JS KC AC AD",
        "W": "7H 8H 9H TH JH QH KH AH",
    }
    deal = deal_with(hands, dealer="W")
    deal.call("H")
    deal.play("KS")
    with pytest.raises(RuleViolation, match=r"beat KS.*play AS"):
        deal.play("QS")
    deal.play("AS")
    assert deal.current_seat == 2


# ---- the bitmask function agrees with the rule as written in the spec ----------------------


def _reference(pr, trump, hand, trick, partner_wins, head, trump_partner, undertrump):
    """§3.4 as written, over lists of cards."""
    suit = DECK.suit_of
    led = suit[trick[0]]
    in_trick = [c for c in trick if suit[c] == trump]
    ruffed = led != trump and bool(in_trick)
    follow = [c for c in hand if suit[c] == led]
    if follow:
        if not ruffed and (head or led == trump):
            best = max(pr.power[c] for c in trick if suit[c] == led)
            higher = [c for c in follow if pr.power[c] > best]
            if higher:
                return higher
        return follow
    mine = [c for c in hand if suit[c] == trump]
    if not mine or (partner_wins and not trump_partner):
        return hand
    if in_trick:
        best = max(pr.power[c] for c in in_trick)
        higher = [c for c in mine if pr.power[c] > best]
        return higher or (mine if undertrump else hand)
    return mine


@pytest.mark.parametrize("head", [True, False])
@pytest.mark.parametrize("trump_partner", [True, False])
@pytest.mark.parametrize("undertrump", [True, False])
def test_legal_plays_match_the_rule_as_written_for_every_option(head, trump_partner, undertrump):
    rng = random.Random(hash((head, trump_partner, undertrump)) & 0xFFFF)
    for _ in range(1500):
        trump = rng.choice("SHDC")
        pr = play_rules(trump, head, trump_partner, undertrump)
        cards = list(range(32))
        rng.shuffle(cards)
        trick = tuple(cards[: rng.randint(1, 3)])
        hand = cards[4 : 4 + rng.randint(1, 8)]
        win = pr.winner(trick)
        partner_wins = (len(trick) - win) == 2  # the card two before mine is my partner's
        mask = sum(1 << c for c in hand)
        got = pr.legal(mask, trick, trick[win], partner_wins)
        want = _reference(
            pr, DECK.suits.index(trump), hand, trick, partner_wins, head, trump_partner, undertrump
        )
        assert got == sum(1 << c for c in want), (
            trump,
            DECK.format_many(trick),
            DECK.format_many(hand),
        )
        assert pr.reason(mask, trick, trick[win], partner_wins)
