"""Two Coinche scoring options other implementations offer (issue 13, item 9): the contract
alone ("points annoncés", ``contract_only``) and all trumps at full trump values scaled to 162
(``at_values = ffb2016``). Worked examples of docs/variants/coinche.md."""

from __future__ import annotations

import pytest

from framework.api import Deal, MatchContext, RandomBot, load_variant, play_out
from framework.kit.conformance import check_deal
from variants.belote.rules import FULL_AT_POINTS, scaled_card_points

COINCHE = load_variant("coinche")


def score(record, preset="house", **overrides):
    return COINCHE.hooks.score(COINCHE.rules(preset, overrides), record, MatchContext())


def deal(taker, bid, trump, taker_points, coinche="none", belote=()):
    return {
        "taker": taker,
        "bid": bid,
        "trump": trump,
        "coinche": coinche,
        "taker_points": taker_points,
        "capot": None,
        "belote": list(belote),
    }


# ---- contract only ------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["house", "ffb", "bidonly"])
def test_contract_only_a_90_bid_made_with_120_card_points_scores_90_to_0(preset):
    s = score(deal("NS", 90, "H", 120), preset, contract_only=True)
    assert s.made is True and dict(s.points) == {"NS": 90, "EW": 0}


def test_contract_only_a_failed_bid_gives_the_contract_to_the_defenders():
    s = score(deal("NS", 110, "S", 70), contract_only=True)
    assert s.made is False and dict(s.points) == {"NS": 0, "EW": 110}


def test_contract_only_a_coinche_multiplies_the_contract_and_each_team_keeps_its_belote():
    s = score(deal("EW", 100, "D", 110, coinche="coinche", belote=["NS"]), contract_only=True)
    assert dict(s.points) == {"NS": 20, "EW": 200}


def test_contract_only_the_takers_belote_goes_over_on_failure_when_it_is_prenable():
    s = score(
        deal("NS", 80, "C", 40, belote=["NS"]), contract_only=True, belote_on_failure="to_defenders"
    )
    assert dict(s.points) == {"NS": 0, "EW": 100}


def test_contract_only_is_off_in_every_preset():
    for preset in COINCHE.presets:
        assert COINCHE.rules(preset).contract_only is False


# ---- all trumps at full trump values, scaled to 162 -----------------------------------------


def test_ffb2016_scales_198_of_258_to_124_of_162():
    assert FULL_AT_POINTS == 258
    assert scaled_card_points(198, "AT", "ffb2016") == 124


def test_ffb2016_scaling_keeps_the_deal_at_162_for_every_split():
    for points in range(FULL_AT_POINTS + 1):
        ours = scaled_card_points(points, "AT", "ffb2016")
        theirs = scaled_card_points(FULL_AT_POINTS - points, "AT", "ffb2016")
        assert ours + theirs == 162, points


def test_ffb2016_plays_every_suit_at_trump_values():
    rules = COINCHE.rules("house", {"at_values": "ffb2016"})
    play = COINCHE.hooks.play_rules(rules, COINCHE.hooks.parse_contract(rules, "AT"))
    assert play.total_points == 258
    assert play.points[COINCHE.deck.parse("JS")] == 20
    assert play.points[COINCHE.deck.parse("9D")] == 14


def test_ffb2016_is_read_from_the_command_line_form():
    assert COINCHE.rules("house", {"at_values": "ffb2016"}).at_values == "ffb2016"
    assert COINCHE.rules("house", {"at_values": "13"}).at_values == 13


def test_a_played_all_trumps_deal_writes_its_card_points_scaled_and_scores_as_played():
    rules = COINCHE.rules("house", {"at_values": "ffb2016"})
    found = 0
    for seed in range(400):
        d = Deal.new(COINCHE, rules, 3, seed=seed)
        play_out(d, [RandomBot(seed * 4 + i) for i in range(4)])
        if d.contract is None or d.contract.denomination != "AT":
            continue
        found += 1
        record = d.record()
        taker = record["taker"]
        raw = d.played().card_points[taker]
        if record["capot"] is None:
            assert record["taker_points"] == scaled_card_points(raw, "AT", "ffb2016")
            assert 0 <= record["taker_points"] <= 162
        check_deal(COINCHE, rules, seed=seed)
        if found >= 3:
            break
    assert found >= 3
