"""French Belote deal scores and match end: every worked example of the spec (§5 B1–B9) per
preset, and the options of §3.5–§3.6 one by one."""

import pytest

from framework.engine.match import Match
from framework.rules.plugins import load_variant
from framework.rules.scoring import MatchContext


@pytest.fixture(scope="module")
def fb():
    return load_variant("french-belote")


def score(fb, preset, record, pot=0, **overrides):
    return fb.hooks.score(fb.rules(preset, overrides), record, MatchContext(pot=pot))


def points(result):
    return result.points["NS"], result.points["EW"]


# ---- B1–B9 -------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["maison", "classic"])
def test_b1_takers_with_more_points_each_score_their_own_total(fb, preset):
    rec = {"taker": "NS", "round": 1, "trump": "H", "taker_points": 98, "belote": ["NS"]}
    result = score(fb, preset, rec)
    assert result.made is True
    assert points(result) == (118, 64)


def test_b2_classic_dedans_defenders_take_162_and_takers_keep_their_belote(fb):
    rec = {"taker": "EW", "round": 2, "trump": "S", "taker_points": 70, "belote": ["EW"]}
    result = score(fb, "classic", rec)
    assert result.made is False
    assert points(result) == (162, 20)


def test_b2_maison_dedans_defenders_also_take_the_takers_belote(fb):
    rec = {"taker": "EW", "round": 2, "trump": "S", "taker_points": 70, "belote": ["EW"]}
    result = score(fb, "maison", rec)
    assert result.made is False
    assert points(result) == (182, 0)


def test_b3_maison_an_81_81_split_is_made(fb):
    result = score(fb, "maison", {"taker": "NS", "trump": "D", "taker_points": 81})
    assert result.made is True
    assert points(result) == (81, 81)
    assert result.pot == 0


def test_b3_classic_litige_pot_goes_to_the_takers_who_make_the_next_deal(fb):
    match = Match(fb, fb.rules("classic"))
    first = match.add({"taker": "NS", "trump": "D", "taker_points": 81})
    assert first.made is None and points(first) == (0, 81) and first.pot == 81
    assert "litige" in first.explanation
    second = match.add({"taker": "EW", "trump": "C", "taker_points": 100})
    assert points(second) == (62, 181)
    assert second.pot == 0 and match.pot == 0
    assert match.totals == {"NS": 62, "EW": 262}


def test_b3_classic_litige_pot_goes_to_the_defenders_when_the_next_takers_fail(fb):
    match = Match(fb, fb.rules("classic"))
    match.add({"taker": "NS", "trump": "D", "taker_points": 81})
    second = match.add({"taker": "EW", "trump": "C", "taker_points": 60})
    assert second.made is False
    assert points(second) == (243, 0)


@pytest.mark.parametrize("preset", ["maison", "classic"])
def test_b4_takers_capot_with_belote_score_252_plus_20(fb, preset):
    rec = {"taker": "NS", "trump": "H", "capot": "NS", "belote": ["NS"]}
    result = score(fb, preset, rec)
    assert result.made is True
    assert points(result) == (272, 0)


def test_b5_classic_defenders_capot_takers_keep_their_belote(fb):
    rec = {"taker": "EW", "trump": "H", "capot": "NS", "belote": ["EW"]}
    assert points(score(fb, "classic", rec)) == (252, 20)


def test_b5_maison_defenders_capot_take_the_takers_belote_too(fb):
    rec = {"taker": "EW", "trump": "H", "capot": "NS", "belote": ["EW"]}
    assert points(score(fb, "maison", rec)) == (272, 0)


@pytest.mark.parametrize("preset", ["maison", "classic"])
def test_b6_with_announcements_the_best_tierce_counts_toward_the_contract(fb, preset):
    rec = {
        "taker": "NS",
        "trump": "H",
        "taker_points": 75,
        "announcements": [{"team": "NS", "kind": "tierce", "high": "KS"}],
    }
    result = score(fb, preset, rec, announcements=True)
    assert result.made is True
    assert points(result) == (95, 87)


def test_b7_classic_91_91_with_belote_is_a_litige_with_a_pot_of_91(fb):
    rec = {"taker": "NS", "trump": "S", "taker_points": 71, "belote": ["NS"]}
    result = score(fb, "classic", rec)
    assert points(result) == (0, 91)
    assert result.pot == 91 and result.made is None


def test_b7_maison_91_91_with_belote_is_made(fb):
    rec = {"taker": "NS", "trump": "S", "taker_points": 71, "belote": ["NS"]}
    result = score(fb, "maison", rec)
    assert points(result) == (91, 91) and result.made is True


def test_b8_classic_with_announcements_a_defenders_cinquante_sends_the_takers_dedans(fb):
    rec = {
        "taker": "NS",
        "trump": "H",
        "taker_points": 77,
        "belote": ["NS"],
        "announcements": [{"team": "EW", "kind": "quarte", "high": "AC"}],
    }
    result = score(fb, "classic", rec, announcements=True)
    assert result.made is False
    assert points(result) == (20, 212)


@pytest.mark.parametrize("preset", ["maison", "classic"])
def test_b8_without_announcements_the_same_cards_are_made(fb, preset):
    rec = {"taker": "NS", "trump": "H", "taker_points": 77, "belote": ["NS"]}
    result = score(fb, preset, rec)
    assert result.made is True
    assert points(result) == (97, 85)


@pytest.mark.parametrize("preset", ["classic", "maison"])
def test_b9_both_reach_1000_the_higher_total_wins(fb, preset):
    rules = fb.rules(preset)
    deal = fb.hooks.score(rules, {"taker": "NS", "trump": "S", "taker_points": 100})
    assert points(deal) == (100, 62)
    outcome = fb.hooks.match_outcome(rules, {"NS": 940 + 100, "EW": 960 + 62}, [deal])
    assert outcome.over and outcome.winner == "NS"


def test_b9_under_pagat_both_reaching_1000_on_the_same_deal_is_a_draw(fb):
    rules = fb.rules("classic", {"both_reach": "draw"})
    deal = fb.hooks.score(rules, {"taker": "NS", "trump": "S", "taker_points": 100})
    outcome = fb.hooks.match_outcome(rules, {"NS": 1040, "EW": 1022}, [deal])
    assert outcome.over and outcome.winner is None
    assert "draw" in outcome.reason


# ---- litige pot, more cases -------------------------------------------------------------


def test_consecutive_litiges_add_their_pots_and_the_next_winner_takes_both(fb):
    match = Match(fb, fb.rules("classic"))
    match.add({"taker": "NS", "trump": "D", "taker_points": 81})
    second = match.add({"taker": "EW", "trump": "H", "taker_points": 71, "belote": ["EW"]})
    assert points(second) == (91, 0) and second.pot == 81 + 91
    third = match.add({"taker": "NS", "trump": "C", "taker_points": 90})
    assert points(third) == (90 + 172, 72)
    assert match.pot == 0


def test_a_thrown_in_deal_keeps_the_pot_for_the_next_played_deal(fb):
    match = Match(fb, fb.rules("classic"))
    match.add({"taker": "NS", "trump": "D", "taker_points": 81})
    void = match.add({"thrown_in": True})
    assert points(void) == (0, 0) and void.pot == 81 and void.made is None
    assert "pot" in void.explanation
    last = match.add({"taker": "NS", "trump": "S", "taker_points": 120})
    assert points(last) == (120 + 81, 42)


def test_a_rescored_sheet_moves_the_pot_when_the_litige_is_edited_away(fb):
    rules = fb.rules("classic")
    records = [
        {"taker": "NS", "trump": "D", "taker_points": 81},
        {"taker": "EW", "trump": "C", "taker_points": 100},
    ]
    assert Match(fb, rules, records=records).totals == {"NS": 62, "EW": 262}
    records[0] = {"taker": "NS", "trump": "D", "taker_points": 82}
    assert Match(fb, rules, records=records).totals == {"NS": 82 + 62, "EW": 80 + 100}


# ---- options of §3.5 --------------------------------------------------------------------


def test_tie_fail_sends_equal_totals_dedans(fb):
    result = score(fb, "classic", {"taker": "NS", "trump": "D", "taker_points": 81}, tie="fail")
    assert result.made is False and points(result) == (0, 162)


def test_tie_made_with_made_if_greater_scores_both_81(fb):
    result = score(fb, "classic", {"taker": "NS", "trump": "D", "taker_points": 81}, tie="made")
    assert result.made is True and points(result) == (81, 81)


def test_made_if_at_least_makes_a_tie_whatever_the_tie_option_says(fb):
    result = score(
        fb, "classic", {"taker": "NS", "trump": "D", "taker_points": 81}, made_if="at_least"
    )
    assert result.made is True and points(result) == (81, 81)


def test_one_point_short_is_dedans_in_both_presets(fb):
    for preset in ("maison", "classic"):
        result = score(fb, preset, {"taker": "EW", "trump": "D", "taker_points": 80})
        assert result.made is False and points(result) == (162, 0)


def test_belote_on_failure_keep_overrides_the_maison_default(fb):
    rec = {"taker": "EW", "round": 2, "trump": "S", "taker_points": 70, "belote": ["EW"]}
    assert points(score(fb, "maison", rec, belote_on_failure="keep")) == (162, 20)


def test_the_defenders_belote_counts_for_them_when_the_takers_fail(fb):
    rec = {"taker": "NS", "trump": "S", "taker_points": 70, "belote": ["EW"]}
    assert points(score(fb, "classic", rec)) == (0, 182)


def test_capot_card_points_250_option(fb):
    rec = {"taker": "NS", "trump": "H", "capot": "NS"}
    assert points(score(fb, "classic", rec, capot_card_points=250)) == (250, 0)


def test_half_up_rounding_rounds_each_team_independently(fb):
    result = score(
        fb, "classic", {"taker": "NS", "trump": "H", "taker_points": 95}, rounding="half_up"
    )
    assert points(result) == (100, 70)
    assert "rounded" in result.explanation


def test_a_takers_capot_takes_the_defenders_counted_announcements(fb):
    rec = {
        "taker": "NS",
        "trump": "H",
        "capot": "NS",
        "announcements": [{"team": "EW", "kind": "carre", "rank": "J"}],
    }
    result = score(fb, "classic", rec, announcements=True)
    assert result.made is True and points(result) == (252 + 200, 0)


def test_failed_takers_announcements_go_to_the_defenders(fb):
    rec = {
        "taker": "NS",
        "trump": "H",
        "taker_points": 60,
        "announcements": [
            {"team": "NS", "kind": "tierce", "high": "KC"},
            {"team": "EW", "kind": "tierce", "high": "9D"},
        ],
    }
    result = score(fb, "classic", rec, announcements=True)
    assert result.made is False and points(result) == (0, 162 + 20)


def test_no_trumps_and_all_trumps_contracts_score_like_suit_contracts_in_maison(fb):
    nt = score(fb, "maison", {"taker": "EW", "round": 2, "trump": "NT", "taker_points": 90})
    assert nt.made is True and points(nt) == (72, 90)
    at = score(
        fb,
        "maison",
        {
            "taker": "NS",
            "round": 2,
            "trump": "AT",
            "taker_points": 72,
            "belote": ["NS", "NS", "EW"],
        },
    )
    assert at.made is True and points(at) == (112, 110)


def test_the_explanation_says_why_in_one_line(fb):
    result = score(
        fb, "classic", {"taker": "EW", "trump": "S", "taker_points": 70, "belote": ["EW"]}
    )
    assert result.explanation.startswith("dedans: EW 90 < NS 92; NS score 162")
    assert "\n" not in result.explanation


# ---- end of the match (§3.6) ------------------------------------------------------------


@pytest.mark.parametrize("preset", ["maison", "classic"])
def test_an_exact_tie_above_the_target_plays_another_deal(fb, preset):
    rules = fb.rules(preset)
    deal = fb.hooks.score(rules, {"taker": "NS", "trump": "S", "taker_points": 100})
    assert not fb.hooks.match_outcome(rules, {"NS": 1010, "EW": 1010}, [deal]).over


@pytest.mark.parametrize("preset", ["maison", "classic"])
def test_the_first_team_to_reach_the_target_wins(fb, preset):
    rules = fb.rules(preset, {"target": 300})
    match = Match(fb, rules)
    match.add({"taker": "NS", "trump": "S", "taker_points": 120})
    match.add({"taker": "NS", "trump": "S", "taker_points": 120})
    assert not match.outcome.over
    match.add({"taker": "NS", "trump": "S", "taker_points": 120})
    assert match.outcome.over and match.outcome.winner == "NS"
