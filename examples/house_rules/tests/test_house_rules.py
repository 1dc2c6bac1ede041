"""coinche-no-undertrump: the one changed rule, and Coinche in everything else."""

from __future__ import annotations

import pytest
from framework.bots.base import RandomBot
from framework.core.cards import FRENCH_32 as D
from framework.engine.deal import Deal
from framework.engine.infoset import InfoSet
from framework.kit.conformance import check_variant
from framework.rules.plugins import load_variant


@pytest.fixture(scope="module")
def house():
    return load_variant("coinche-no-undertrump")


@pytest.fixture(scope="module")
def coinche():
    return load_variant("coinche")


def legal(variant, preset, trump, hand, trick, partner_wins=False):
    rules = variant.rules(preset)
    play = variant.hooks.play_rules(rules, variant.hooks.parse_contract(rules, trump))
    cards = tuple(D.parse_many(trick))
    return D.format_mask(play.legal(D.parse_mask(hand), cards, play.best_of(cards), partner_wins))


# ---- the changed rule ---------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["house", "ffb", "bidonly"])
def test_a_player_who_cannot_overtrump_may_discard_instead_of_undertrumping(house, preset):
    assert legal(house, preset, "H", "7H 8H AD", "KS AH") == "7H 8H AD"


def test_coinche_itself_still_requires_undertrumping_in_its_house_preset(coinche):
    assert legal(coinche, "house", "H", "7H 8H AD", "KS AH") == "7H 8H"


def test_the_reason_given_to_the_player_follows_the_house_rule(house):
    rules = house.rules()
    play = house.hooks.play_rules(rules, house.hooks.parse_contract(rules, "H"))
    trick = tuple(D.parse_many("KS AH"))
    reason = play.reason(D.parse_mask("7H 8H AD"), trick, play.best_of(trick), False)
    assert reason == "you cannot overtrump AH: any card may be played"


@pytest.mark.parametrize("preset", ["house", "ffb"])
def test_overtrumping_is_still_required_when_possible(house, preset):
    assert legal(house, preset, "H", "7H JH AD", "KS AH") == "JH"


# ---- everything else is Coinche -----------------------------------------------------------


def test_it_has_coinches_options_presets_and_record(house, coinche):
    assert house.describe()["options"] == coinche.describe()["options"]
    assert [p["name"] for p in house.describe()["presets"]] == list(coinche.presets)
    for preset in coinche.presets:
        assert house.hooks.record_fields(house.rules(preset)) == coinche.hooks.record_fields(
            coinche.rules(preset)
        )


def test_it_says_where_it_comes_from(house):
    described = house.describe()
    assert described["name"] == "coinche-no-undertrump"
    assert described["distribution"] == "atout-house-rules"
    assert described["title"] == "Coinche, undertrumping never required"


@pytest.mark.parametrize("preset", ["house", "ffb", "bidonly"])
def test_every_position_plays_as_in_coinche_except_a_forced_undertrump(house, coinche, preset):
    """In random Coinche deals, the house rule allows exactly Coinche's cards, except where
    Coinche forces a lower trump: there the whole hand may be played."""
    changed = 0
    for seed in range(80):
        deal = Deal.new(coinche, coinche.rules(preset), seed % 4, seed)
        bot = RandomBot(seed)
        while deal.phase == "auction":
            deal.call(bot.choose_call(InfoSet(deal, deal.current_seat), deal.legal_calls()))
        if deal.is_over:
            continue
        mine = house.pm.hook.atout_play_rules(rules=house.rules(preset), contract=deal.contract)
        theirs = deal.play_rules
        while not deal.is_over:
            seat = deal.current_seat
            hand, expected = deal.hand(seat), deal.legal_mask()
            if deal.trick:
                best = theirs.best_of(deal.trick)
                partner = _partner_wins(deal, theirs, seat)
                got = mine.legal(hand, tuple(deal.trick), best, partner)
                if got != expected:
                    changed += 1
                    undertrumps = theirs.trumps & ~_beats(theirs, best, deal.trick)
                    assert expected & ~undertrumps == 0, "only a forced undertrump may change"
                    assert got == hand
            deal.apply_play(seat, bot.choose_card(InfoSet(deal, seat), expected))
    if preset == "ffb":
        assert changed == 0  # ffb already makes undertrumping optional
    else:
        assert changed > 0


def _partner_wins(deal, play, seat):
    winner = deal.trick_seats[play.winner(deal.trick)]
    return winner != seat and (winner ^ seat) & 1 == 0


def _beats(play, best, trick):
    led = D.suit_of[trick[0]]
    mask = 0
    for card in range(D.size):
        if play.beats(card, best, led):
            mask |= 1 << card
    return mask


def test_a_record_scores_as_in_coinche(house, coinche):
    record = {"taker": "NS", "bid": 110, "trump": "H", "coinche": "none", "taker_points": 94}
    for preset in coinche.presets:
        assert house.hooks.score(house.rules(preset), record) == coinche.hooks.score(
            coinche.rules(preset), record
        )


def test_the_house_rule_keeps_the_kernel_invariants(house):
    check_variant(house, deals=12)
