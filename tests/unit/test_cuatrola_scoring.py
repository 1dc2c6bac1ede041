"""Cuatrola's scoring (spec §4.6, worked examples §4.7 Q1–Q8, tie rule OPT-ES7) and the end of
the match (OPT-ES8: exactly 11, or first to 21)."""

import pytest
from cuatrola_helpers import VARIANT, rules, score

from framework.core.errors import RecordError
from framework.core.seats import N, W
from framework.engine.match import Match


def test_example_q1_no_bet_cards_and_cantes_decide_one_game_point():
    s = score(
        {
            "bet": "none",
            "trump": "O",
            "ns_points": 78,
            "ew_points": 52,
            "cantes": [{"team": "NS", "suit": "C"}, {"team": "EW", "suit": "O"}],
        }
    )
    assert dict(s.points) == {"NS": 1, "EW": 0}
    assert s.made is None
    assert s.details["total"] == {"NS": 98, "EW": 92}
    assert s.explanation == ("no bet: NS 98 (78 + cantes 20) vs EW 92 (52 + cantes 40); NS +1")


def test_example_q2_a_no_bet_tie_goes_to_the_mano_pair():
    record = {"bet": "none", "trump": "O", "ns_points": 65}
    s = score(record, dealer="W")  # N is mano
    assert dict(s.points) == {"NS": 1, "EW": 0} and "mano's pair NS" in s.explanation
    assert dict(score(record, dealer="N").points) == {"NS": 0, "EW": 1}  # E is mano


@pytest.mark.parametrize("tie", ["defenders", "declarer"])
def test_a_no_bet_tie_goes_to_the_mano_pair_whatever_the_tie_option(tie):
    s = score({"bet": "none", "trump": "O", "ns_points": 65}, dealer="N", tie=tie)
    assert dict(s.points) == {"NS": 0, "EW": 1}


SOLO_Q3 = {
    "bet": "solo",
    "declarer": "E",
    "trump": "B",
    "ns_points": 47,
    "ew_points": 62,
    "dead_points": 21,
    "cantes": [{"team": "EW", "suit": "C"}],
}


def test_example_q3_solo_made_with_a_cante():
    s = score(SOLO_Q3)
    assert dict(s.points) == {"NS": 0, "EW": 2} and s.made is True
    assert s.details["total"] == {"NS": 47, "EW": 82}


def test_example_q4_solo_failed_scores_for_the_opponents():
    s = score(
        {
            "bet": "solo",
            "declarer": "E",
            "trump": "B",
            "ns_points": 59,
            "ew_points": 50,
            "dead_points": 21,
        }
    )
    assert dict(s.points) == {"NS": 2, "EW": 0} and s.made is False
    assert s.explanation.endswith("failed: NS +2")


def test_example_q5_cuatrola_needs_four_tricks():
    made = score({"bet": "cuatrola", "declarer": "N", "tricks": 4})
    assert dict(made.points) == {"NS": 4, "EW": 0} and made.made is True
    failed = score({"bet": "cuatrola", "declarer": "N", "tricks": 3})
    assert dict(failed.points) == {"NS": 0, "EW": 4} and failed.made is False
    assert failed.explanation == "cuatrola by N: 3 tricks < 4, failed: EW +4"
    assert dict(score({"bet": "cuatrola", "declarer": "N", "tricks": 5}).points)["NS"] == 4


def test_example_q6_quintola_made_takes_ew_from_5_to_10_then_ew_may_only_pass():
    s = score({"bet": "quintola", "declarer": "E", "tricks": 5}, totals={"NS": 8, "EW": 5})
    assert dict(s.points) == {"NS": 0, "EW": 5}
    with pytest.raises(RecordError, match="EW have 10: a solo"):
        score(
            {"bet": "solo", "declarer": "W", "trump": "O", "ns_points": 40, "ew_points": 60},
            totals={"NS": 8, "EW": 10},
        )


def test_example_q7_a_pair_wins_by_passing_11_through_the_opponents_failure():
    s = score(
        {"bet": "solo", "declarer": "E", "trump": "O", "ns_points": 70, "ew_points": 30},
        totals={"NS": 10, "EW": 9},
    )
    assert dict(s.points) == {"NS": 2, "EW": 0}
    outcome = VARIANT.hooks.match_outcome(rules(), {"NS": 12, "EW": 9}, [s])
    assert outcome.over and outcome.winner == "NS"
    assert outcome.reason == "NS pass 11 (12) through EW's failed bet"


def test_example_q8_quintola_with_four_tricks_fails():
    s = score({"bet": "quintola", "declarer": "S", "tricks": 4})
    assert dict(s.points) == {"NS": 0, "EW": 5} and s.made is False


@pytest.mark.parametrize(
    ("tie", "dealer", "winner"),
    [
        ("mano", "W", "NS"),  # N is mano: his pair wins against soloist E
        ("mano", "N", "EW"),  # E is mano: the soloist's own pair
        ("defenders", "N", "NS"),
        ("declarer", "W", "EW"),
    ],
)
def test_a_solo_tie_follows_the_tie_option(tie, dealer, winner):
    s = score(
        {"bet": "solo", "declarer": "E", "trump": "O", "ns_points": 50, "ew_points": 50},
        dealer=dealer,
        tie=tie,
    )
    assert s.points[winner] == 2 and s.made is (winner == "EW")
    assert "tie" in s.explanation


def test_a_thrown_in_record_scores_nothing():
    s = score({"thrown_in": True})
    assert dict(s.points) == {"NS": 0, "EW": 0} and s.made is None


# ---- the match -------------------------------------------------------------------------------


def test_the_app_match_is_won_at_exactly_11():
    out = VARIANT.hooks.match_outcome(rules(), {"NS": 11, "EW": 3}, [])
    assert out.over and out.winner == "NS" and out.reason == "NS reach 11"
    assert not VARIANT.hooks.match_outcome(rules(), {"NS": 10, "EW": 10}, []).over


def test_the_to21_match_is_first_to_21():
    r = VARIANT.rules("to21")
    assert not VARIANT.hooks.match_outcome(r, {"NS": 20, "EW": 11}, []).over
    out = VARIANT.hooks.match_outcome(r, {"NS": 20, "EW": 23}, [])
    assert out.over and out.winner == "EW" and out.reason == "EW reach 21"


def test_a_whole_app_match_reaches_example_q7():
    match = Match(VARIANT, rules(), first_dealer=W)
    match.add({"bet": "quintola", "declarer": "E", "tricks": 2})  # NS 5
    match.add({"bet": "quintola", "declarer": "W", "tricks": 4})  # NS 10
    match.add({"bet": "quintola", "declarer": "E", "tricks": 5})  # EW 5
    match.add({"bet": "cuatrola", "declarer": "W", "tricks": 4})  # EW 9
    assert match.totals == {"NS": 10, "EW": 9} and not match.outcome.over
    # NS on 10 may no longer bet, not even a solo
    with pytest.raises(RecordError, match="NS have 10"):
        match.check(
            {"bet": "solo", "declarer": "N", "trump": "O", "ns_points": 60, "ew_points": 40}
        )
    match.add({"bet": "solo", "declarer": "E", "trump": "O", "ns_points": 70, "ew_points": 30})
    assert match.totals == {"NS": 12, "EW": 9}
    assert match.outcome.over and match.outcome.winner == "NS"


def test_dealer_rotation_gives_the_tie_to_the_right_mano_in_a_match():
    match = Match(VARIANT, rules(), first_dealer=N)  # deal 1: E is mano, deal 2: S is mano
    tie = {"bet": "none", "trump": "O", "ns_points": 65, "ew_points": 65}
    assert dict(match.add(tie).points) == {"NS": 0, "EW": 1}
    assert dict(match.add(tie).points) == {"NS": 1, "EW": 0}
