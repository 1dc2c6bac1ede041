"""French Belote card play per preset (spec §3.4, family §1.4–§1.6): what the presets choose
for partner's ruff and undertrumping, and the NT/AT values of `maison`."""

import pytest

from framework.core.cards import FRENCH_32 as D
from framework.rules.plugins import load_variant


@pytest.fixture(scope="module")
def fb():
    return load_variant("french-belote")


def legal(fb, preset, contract, hand, trick, partner_wins):
    game = fb.rules(preset)
    rules = fb.hooks.play_rules(game, fb.hooks.parse_contract(game, contract))
    cards = D.parse_many(trick)
    best = rules.best_of(cards)
    return D.format_mask(rules.legal(D.parse_mask(hand), tuple(cards), best, partner_wins))


def test_maison_partner_ruffed_you_may_discard_or_must_trump_higher(fb):
    # Spades led; my partner ruffed with 9H and is master; I have no spade: discard, or JH.
    assert legal(fb, "maison", "H", "7H JH 8D", "AS 9H 7S", True) == "JH 8D"


def test_classic_partner_ruffed_any_card_even_a_lower_trump(fb):
    assert legal(fb, "classic", "H", "7H JH 8D", "AS 9H 7S", True) == "7H JH 8D"


@pytest.mark.parametrize("preset", ["maison", "classic"])
def test_both_presets_make_undertrumping_mandatory(fb, preset):
    # An opponent's JH is master and I cannot follow spades nor overtrump: play a trump.
    assert legal(fb, preset, "H", "7H 8D", "AS JH", False) == "7H"


def test_maison_no_trumps_counts_the_ace_19_and_all_trumps_the_jack_14(fb):
    rules = fb.rules("maison")
    nt = fb.hooks.play_rules(rules, fb.hooks.parse_contract(rules, "NT"))
    at = fb.hooks.play_rules(rules, fb.hooks.parse_contract(rules, "AT"))
    assert nt.points[D.parse("AS")] == 19 and nt.trumps == 0
    assert at.points[D.parse("JS")] == 14 and at.points[D.parse("9D")] == 9
    assert nt.total_points == at.total_points == 162


def test_all_trumps_must_beat_the_best_card_of_the_suit_led(fb):
    assert legal(fb, "maison", "AT", "7C 9C 8H", "TC", False) == "9C"
