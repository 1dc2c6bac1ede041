"""Cuatrola card play: order, points, trick winner and the legal plays of spec §4.4 with the
options OPT-ES4 (cannot_overtrump) and OPT-ES5 (partner_exemption)."""

import pytest
from cuatrola_helpers import VARIANT, deal_with, mask, names, rules

from framework.api import Contract
from framework.core.cards import SPANISH_20 as DECK
from framework.core.errors import NotationError, RuleViolation
from variants.cuatrola.rules import CARD_POINTS, LAST_TRICK, hand_points, play_rules

OROS = 0  # oros, the trump suit in these tests


def legal(hand, trick, partner_wins=False, cannot_overtrump="any", exempt=False, trump=OROS):
    rules_ = play_rules(trump, cannot_overtrump, exempt)
    cards = tuple(DECK.parse_many(trick))
    best = rules_.best_of(cards)
    return names(rules_.legal(mask(hand), cards, best, partner_wins))


def explain(hand, trick, partner_wins=False, cannot_overtrump="any", exempt=False):
    rules_ = play_rules(OROS, cannot_overtrump, exempt)
    cards = tuple(DECK.parse_many(trick))
    return rules_.reason(mask(hand), cards, rules_.best_of(cards), partner_wins)


# ---- order, points, winner -------------------------------------------------------------------


def test_cards_are_worth_11_10_4_3_2_and_a_hand_130_with_the_last_trick():
    assert [CARD_POINTS[DECK.parse(c)] for c in ("AC", "3C", "KC", "NC", "JC")] == [11, 10, 4, 3, 2]
    assert sum(CARD_POINTS) + LAST_TRICK == 130
    assert play_rules(OROS, "any", False).total_points == 130


def test_order_is_ace_three_king_knight_jack_in_every_suit():
    r = play_rules(OROS, "any", False)
    for suit in "OCEB":
        trick = [DECK.parse(r_ + suit) for r_ in ("J", "N", "K", "3", "A")]
        assert r.winner(trick) == 4
        assert r.winner(trick[:4]) == 3


def test_any_trump_beats_the_suit_led_and_other_suits_never_win():
    r = play_rules(OROS, "any", False)
    assert DECK.format(r.best_of(DECK.parse_many("JC AE AB"))) == "JC"
    assert DECK.format(r.best_of(DECK.parse_many("AC JO 3C"))) == "JO"
    assert DECK.format(r.best_of(DECK.parse_many("KC JO NO"))) == "NO"


def test_the_dead_hand_of_example_q3_is_worth_21():
    assert hand_points(mask("3E KB JC NO JE")) == 21


# ---- legal plays, one test per branch --------------------------------------------------------


def test_must_follow_and_head_the_trick_when_able_montar():
    assert legal("JC 3C AO", "KC") == "3C"


def test_must_follow_with_any_card_of_the_suit_when_unable_to_head():
    assert legal("JC NC AO", "KC") == "JC NC"


def test_must_head_a_trump_lead_arrastre():
    assert legal("JO 3O AC", "KO") == "3O"
    assert legal("JO NO AC", "KO") == "JO NO"


def test_after_a_ruff_follow_suit_without_heading_the_led_card():
    assert legal("JC AC 3O", "KC JO") == "JC AC"


def test_void_in_the_suit_led_must_trump():
    assert legal("JO AE KB", "KC") == "JO"


def test_void_must_overtrump_a_ruff_when_able():
    assert legal("JO 3O AE", "KC NO") == "3O"


def test_unable_to_overtrump_any_card_may_be_played_by_default():
    assert legal("JO AE", "KC 3O") == "JO AE"


def test_unable_to_overtrump_must_undertrump_with_option_undertrump():
    assert legal("JO AE", "KC 3O", cannot_overtrump="undertrump") == "JO"


def test_no_card_of_the_suit_and_no_trump_any_card():
    assert legal("AE KB", "KC") == "AE KB"
    assert legal("AE KB", "KO") == "AE KB"


def test_duties_hold_even_when_partner_is_winning_by_default():
    assert legal("JC 3C", "KC", partner_wins=True) == "3C"
    assert legal("JO AE", "KC", partner_wins=True) == "JO"
    assert legal("AO JE", "KC 3O", partner_wins=True) == "AO"


def test_partner_exemption_only_follow_suit_when_partner_wins():
    assert legal("JC 3C AO", "KC", partner_wins=True, exempt=True) == "JC 3C"
    assert legal("JO AE", "KC", partner_wins=True, exempt=True) == "JO AE"
    assert legal("AO JE", "KC 3O", partner_wins=True, exempt=True) == "AO JE"


def test_partner_exemption_does_not_apply_against_an_opponent():
    assert legal("JC 3C AO", "KC", exempt=True) == "3C"
    assert legal("JO AE", "KC", exempt=True) == "JO"


def test_undertrump_option_with_partner_exemption_still_frees_the_partner():
    assert (
        legal("JO AE", "KC 3O", partner_wins=True, cannot_overtrump="undertrump", exempt=True)
        == "JO AE"
    )


@pytest.mark.parametrize("trump", range(4))
def test_legal_plays_are_never_empty_and_inside_the_hand(trump):
    import random

    rng = random.Random(trump)
    for _ in range(300):
        cards = rng.sample(range(20), 8)
        hand = sum(1 << c for c in cards[:5])
        trick = tuple(cards[5 : 5 + rng.randint(1, 3)])
        for option in ("any", "undertrump"):
            for exempt in (False, True):
                r = play_rules(trump, option, exempt)
                got = r.legal(hand, trick, r.best_of(trick), rng.random() < 0.5)
                assert got and got & ~hand == 0


# ---- the reasons said to a player ------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "trick", "kwargs", "words"),
    [
        ("JC 3C AO", "KC", {}, "beat KC"),
        ("3C AO", "KC", {}, "beat KC"),
        ("JC NC AO", "KC", {}, "nothing of yours beats KC"),
        ("JC AC 3O", "KC JO", {}, "need not beat"),
        ("JO AE", "KC", {}, "must trump"),
        ("JO 3O AE", "KC NO", {}, "trump higher"),
        ("JO AE", "KC 3O", {}, "any card"),
        ("JO AE", "KC 3O", {"cannot_overtrump": "undertrump"}, "must still play a trump"),
        ("AE KB", "KC", {}, "no trump"),
        ("JC 3C", "KC", {"partner_wins": True, "exempt": True}, "partner is winning"),
        ("JO AE", "KC", {"partner_wins": True, "exempt": True}, "partner is winning"),
    ],
)
def test_the_rule_is_explained_in_player_words(hand, trick, kwargs, words):
    assert words in explain(hand, trick, **kwargs)


# ---- through the engine ----------------------------------------------------------------------

HANDS = {  # dealer W: N is forehand; W's last card (AO) makes oros trump
    "N": "KC JE 3B NB JO",
    "E": "NE KE JB NO 3E",
    "S": "AC JC AE AB KO",
    "W": "NC 3C KB 3O AO",
}


def test_an_illegal_card_is_refused_with_the_rule_and_the_legal_cards():
    deal = deal_with(HANDS)
    for _ in range(4):
        deal.call("PASS")
    deal.play("KC")
    with pytest.raises(RuleViolation, match=r"E may not play NE: .*must trump.*play NO"):
        deal.play("NE")
    deal.play("NO")
    # S holds AC and JC: must follow clubs, but after the ruff need not beat KC
    assert names(deal.legal_mask()) == "JC AC"


def test_a_cuatrola_contract_must_name_a_suit():
    assert [k.code for k in VARIANT.hooks.contract_kinds(rules())] == ["O", "C", "E", "B"]
    with pytest.raises(NotationError, match="use one of O C E B"):
        VARIANT.hooks.parse_contract(rules(), "NT")
    with pytest.raises(NotationError, match="trump suit"):
        VARIANT.hooks.play_rules(rules(), Contract("NT", 0))
