"""Klaverjas: the rules as implemented, one test per rule sentence, and the conformance kit."""

from __future__ import annotations

import pytest
from framework.core.cards import FRENCH_32 as D
from framework.core.errors import RecordError
from framework.core.seats import E, N, S, W
from framework.engine.deal import Deal
from framework.engine.match import Match
from framework.kit.conformance import check_variant, variant_conformance
from framework.rules.plugins import load_variant

from atout_klaverjas.rules import hand_roem, stuk, trick_roem


@pytest.fixture(scope="module")
def klaverjas():
    return load_variant("klaverjas")


def legal(variant, preset, trump, hand, trick, partner_wins):
    """The legal plays of ``hand`` to ``trick`` (cards as text, best card computed)."""
    rules = variant.rules(preset)
    play = variant.hooks.play_rules(rules, variant.hooks.parse_contract(rules, trump))
    cards = tuple(D.parse_many(trick))
    mask = play.legal(D.parse_mask(hand), cards, play.best_of(cards), partner_wins)
    return D.format_mask(mask)


def explain(variant, preset, trump, hand, trick, partner_wins):
    rules = variant.rules(preset)
    play = variant.hooks.play_rules(rules, variant.hooks.parse_contract(rules, trump))
    cards = tuple(D.parse_many(trick))
    return play.reason(D.parse_mask(hand), cards, play.best_of(cards), partner_wins)


# ---- the kit ------------------------------------------------------------------------------


@pytest.mark.parametrize(("variant", "preset"), variant_conformance("klaverjas"))
def test_klaverjas_keeps_the_kernel_invariants(variant, preset):
    check_variant(variant, presets=[preset], deals=40, card_points=162, match=preset == "rotterdam")


def test_roem_in_the_hand_keeps_the_kernel_invariants(klaverjas):
    check_variant(klaverjas, presets=["rotterdam"], deals=20, card_points=162, match=False)
    hand_variant = load_variant("klaverjas")
    rules = hand_variant.rules("amsterdam", {"roem": "hand", "auction": "forced"})
    from framework.kit.conformance import check_deal

    for seed in range(20):
        check_deal(hand_variant, rules, seed, card_points=162)


# ---- legal plays --------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["rotterdam", "amsterdam"])
def test_must_follow_suit(klaverjas, preset):
    assert legal(klaverjas, preset, "H", "7S AS 9H JD", "KS", False) == "7S AS"


@pytest.mark.parametrize("preset", ["rotterdam", "amsterdam"])
def test_must_beat_the_best_trump_when_trumps_are_led_even_over_partner(klaverjas, preset):
    assert legal(klaverjas, preset, "H", "7H JH AS", "9H 8H", True) == "JH"


@pytest.mark.parametrize("preset", ["rotterdam", "amsterdam"])
def test_must_trump_when_void_and_an_opponent_wins(klaverjas, preset):
    assert legal(klaverjas, preset, "H", "7H AD 8C", "KS", False) == "7H"


def test_rotterdam_must_trump_even_when_partner_wins_the_trick(klaverjas):
    assert legal(klaverjas, "rotterdam", "H", "7H AD 8C", "KS AS", True) == "7H"


def test_amsterdam_may_play_any_card_when_void_and_partner_wins(klaverjas):
    assert legal(klaverjas, "amsterdam", "H", "7H AD 8C", "KS AS", True) == "7H AD 8C"


@pytest.mark.parametrize("preset", ["rotterdam", "amsterdam"])
def test_must_overtrump_an_opponents_trump_when_able(klaverjas, preset):
    assert legal(klaverjas, preset, "H", "7H 9H AD", "KS AH", False) == "9H"


def test_rotterdam_must_overtrump_partners_trump_when_able(klaverjas):
    assert legal(klaverjas, "rotterdam", "H", "7H 9H AD", "KS AH", True) == "9H"


def test_rotterdam_must_undertrump_when_unable_to_overtrump(klaverjas):
    assert legal(klaverjas, "rotterdam", "H", "7H 8H AD", "KS AH", False) == "7H 8H"


def test_amsterdam_must_not_undertrump_while_holding_another_suit(klaverjas):
    assert legal(klaverjas, "amsterdam", "H", "7H 8H AD", "KS AH", False) == "AD"


def test_amsterdam_undertrumps_when_only_trumps_are_left(klaverjas):
    assert legal(klaverjas, "amsterdam", "H", "7H 8H", "KS AH", False) == "7H 8H"


def test_any_card_when_void_without_trumps(klaverjas):
    assert legal(klaverjas, "rotterdam", "H", "AD 8C", "KS", False) == "AD 8C"


def test_the_reason_says_the_rule_to_the_player(klaverjas):
    assert "even your partner's trick" in explain(
        klaverjas, "rotterdam", "H", "7H AD", "KS AS", True
    )
    assert "may not undertrump" in explain(klaverjas, "amsterdam", "H", "7H AD", "KS AH", False)
    assert "must overtrump AH" in explain(klaverjas, "amsterdam", "H", "9H AD", "KS AH", False)


def test_trump_order_is_jack_nine_ace_ten(klaverjas):
    rules = klaverjas.rules()
    play = klaverjas.hooks.play_rules(rules, klaverjas.hooks.parse_contract(rules, "S"))
    trick = D.parse_many("AS JS 9S TS")
    assert D.format(play.best_of(trick)) == "JS"
    assert play.total_points == 162


# ---- roem ---------------------------------------------------------------------------------


def test_three_cards_in_sequence_in_a_trick_are_20_roem():
    assert trick_roem(D.parse_many("7H 8H 9H AS")) == 20


def test_four_cards_in_sequence_in_a_trick_are_50_roem():
    assert trick_roem(D.parse_many("QD KD AD JD")) == 50


def test_four_of_a_kind_is_100_and_four_jacks_200():
    assert trick_roem(D.parse_many("AH AS AD AC")) == 100
    assert trick_roem(D.parse_many("JH JS JD JC")) == 200


def test_cards_of_a_sequence_must_be_of_one_suit_and_consecutive():
    assert trick_roem(D.parse_many("7H 8S 9H TH")) == 0
    assert trick_roem(D.parse_many("7H 9H TH JH")) == 20  # 9 T J of hearts


def test_roem_in_a_trick_counts_for_the_team_that_wins_it(klaverjas):
    rules = klaverjas.rules()
    contract = klaverjas.hooks.parse_contract(klaverjas.rules(), "S", N)
    tricks = [(N, tuple(D.parse_many("7H 8H 9H AS")), E)]
    found = klaverjas.pm.hook.atout_play_declarations(
        rules=rules, contract=contract, hands=(0, 0, 0, 0), tricks=tricks
    )
    assert [(a.kind, a.points, a.team) for a in found] == [("roem", 20, 1)]


def test_stuk_is_king_and_queen_of_trumps_in_one_hand_for_the_holders_team():
    hands = (0, D.parse_mask("KH QH 7S"), D.parse_mask("KS"), D.parse_mask("QS"))
    assert [(a.seat, a.points) for a in stuk("H", hands)] == [(1, 20)]
    assert stuk("S", hands) == []


def test_roem_in_the_hand_counts_runs_and_fours_of_a_kind():
    found = hand_roem(S, D.parse_mask("7H 8H 9H TH JS JH JD JC"))
    # the four jacks (200) take JH, leaving the run 7-8-9-T of hearts (50)
    assert sorted(a.points for a in found) == [50, 200]


# ---- trump making -------------------------------------------------------------------------


def test_if_all_pass_the_player_after_the_dealer_must_name_trumps(klaverjas):
    deal = Deal.new(klaverjas, klaverjas.rules(), dealer=W, seed=1)
    for _ in range(4):
        assert "PASS" in [c.text for c in deal.legal_calls()]
        deal.call("PASS")
    assert deal.current_seat == N
    assert [c.text for c in deal.legal_calls()] == ["S", "H", "D", "C"]
    deal.call("C")
    assert deal.contract.taker == N and deal.contract.denomination == "C"


def test_forced_trump_making_gives_the_first_player_no_pass(klaverjas):
    rules = klaverjas.rules(None, {"auction": "forced"})
    deal = Deal.new(klaverjas, rules, dealer=W, seed=1)
    assert deal.current_seat == N
    assert "PASS" not in [c.text for c in deal.legal_calls()]


def test_the_player_after_the_dealer_leads_whoever_makes_trumps(klaverjas):
    deal = Deal.new(klaverjas, klaverjas.rules(), dealer=W, seed=2)
    deal.call("PASS")
    deal.call("H")  # E makes trumps
    assert deal.contract.taker == E
    assert deal.current_seat == N


# ---- scoring ------------------------------------------------------------------------------


def score(variant, record, preset=None):
    return variant.hooks.score(variant.rules(preset), record)


def test_made_each_team_writes_its_card_points_and_roem(klaverjas):
    result = score(
        klaverjas,
        {"taker": "NS", "trump": "H", "taker_points": 104, "taker_roem": 20, "defender_roem": 50},
    )
    # 104 + 20 = 124 against 58 + 50 = 108
    assert result.made is True
    assert dict(result.points) == {"NS": 124, "EW": 108}
    assert result.explanation == "made: 124 > 108"


def test_the_playing_team_needs_more_than_the_defenders_including_roem(klaverjas):
    result = score(
        klaverjas, {"taker": "NS", "trump": "H", "taker_points": 94, "defender_roem": 50}
    )
    # 94 against 68 + 50 = 118: nat
    assert result.made is False
    assert dict(result.points) == {"NS": 0, "EW": 162 + 50}
    assert result.explanation.startswith("nat: 94 <= 118")


def test_nat_gives_the_defenders_all_card_points_and_all_roem(klaverjas):
    result = score(
        klaverjas,
        {"taker": "EW", "trump": "S", "taker_points": 70, "taker_roem": 20, "defender_roem": 20},
    )
    assert dict(result.points) == {"NS": 162 + 40, "EW": 0}


def test_an_equal_total_is_nat(klaverjas):
    result = score(klaverjas, {"taker": "NS", "trump": "D", "taker_points": 81})
    assert result.made is False and result.points["EW"] == 162


def test_pit_all_eight_tricks_is_worth_100_more(klaverjas):
    result = score(
        klaverjas, {"taker": "EW", "trump": "C", "taker_points": 162, "taker_roem": 20, "pit": "EW"}
    )
    assert dict(result.points) == {"NS": 0, "EW": 162 + 20 + 100}


def test_a_pit_by_the_defenders_scores_their_bonus_too(klaverjas):
    result = score(klaverjas, {"taker": "EW", "trump": "C", "taker_points": 0, "pit": "NS"})
    assert dict(result.points) == {"NS": 262, "EW": 0}


@pytest.mark.parametrize(
    ("record", "field"),
    [
        ({"taker": "NS", "trump": "H", "taker_points": 100, "pit": "NS"}, "pit"),
        ({"taker": "NS", "trump": "H", "taker_points": 10, "pit": "EW"}, "pit"),
        ({"taker": "NS", "trump": "H", "taker_points": 100, "taker_roem": 25}, "taker_roem"),
        ({"taker": "NS", "trump": "NT", "taker_points": 100}, "trump"),
        ({"taker": "XX", "trump": "H", "taker_points": 100}, "taker"),
        ({"taker": "NS", "trump": "H", "taker_points": 163}, "taker_points"),
    ],
)
def test_a_wrong_record_names_the_field(klaverjas, record, field):
    with pytest.raises(RecordError) as info:
        klaverjas.hooks.validate_record(klaverjas.rules(), record)
    assert info.value.field == field


def test_a_played_deal_scores_like_its_written_record(klaverjas):
    rules = klaverjas.rules("amsterdam")
    from framework.bots.base import play_out
    from framework.bots.registry import make_bot

    for seed in range(10):
        deal = play_out(
            Deal.new(klaverjas, rules, seed % 4, seed),
            [make_bot("rules", seed * 4 + s) for s in range(4)],
        )
        record = deal.record()
        played = deal.played()
        taker = record["taker"]
        assert record["taker_points"] == played.card_points[taker]
        assert klaverjas.hooks.score(rules, dict(record)) == deal.score()


# ---- the game -----------------------------------------------------------------------------


def test_a_game_is_sixteen_deals(klaverjas):
    rules = klaverjas.rules()
    match = Match(klaverjas, rules)
    record = {"taker": "NS", "trump": "H", "taker_points": 100}
    for _ in range(15):
        match.add(record)
        assert not match.outcome.over
    match.add(record)
    assert match.outcome.over and match.outcome.winner == "NS"
    assert match.totals == {"NS": 1600, "EW": 16 * 62}


def test_with_deals_zero_the_first_team_to_the_target_wins(klaverjas):
    rules = klaverjas.rules(None, {"deals": 0, "target": 250})
    match = Match(klaverjas, rules)
    match.add({"taker": "EW", "trump": "H", "taker_points": 162, "pit": "EW"})
    assert match.outcome.over and match.outcome.winner == "EW"


def test_the_match_summary_counts_games_played_made_wet_and_pits_per_team(klaverjas):
    match = Match(klaverjas, klaverjas.rules())
    for record in (
        {"taker": "NS", "trump": "H", "taker_points": 100},  # made
        {"taker": "EW", "trump": "C", "taker_points": 40},  # wet
        {"taker": "EW", "trump": "S", "taker_points": 162, "pit": "EW"},  # made, a pit
        {"thrown_in": True},  # not a game played
    ):
        match.add(record)
    lines = {str(line.label): dict(line.counts) for line in match.summary()}
    assert lines == {
        "Games played": {"NS": 1, "EW": 2},
        "Games made": {"NS": 1, "EW": 1},
        "Wet (failed)": {"NS": 0, "EW": 1},
        "Pit": {"NS": 0, "EW": 1},
    }
