"""Croatian Bela's scoring (spec §3.6) and the worked examples C1-C7 of §3.7, with the option
values they name, plus hanging points and the end of the game."""

import pytest
from bela_helpers import VARIANT, deal_with, points, rules, score

from framework.bots.base import RandomBot, play_out
from framework.core.seats import E, N, S
from framework.engine.match import Match


def test_c1_a_caller_with_more_than_half_passes_and_both_teams_write_their_points():
    record = {
        "trump": "H",
        "caller": "E",
        "caller_points": 95,
        "declarations": [{"team": "EW", "kind": "tierce", "high": "KS"}],
        "bela": ["EW"],
    }
    result = score(record)
    assert dict(result.points) == {"EW": 135, "NS": 67}
    assert result.made is True and result.pot == 0
    assert "passed: 135 > 67" in result.explanation


C2 = {
    "trump": "C",
    "caller": "N",
    "caller_points": 75,
    "declarations": [
        {"team": "NS", "kind": "tierce", "high": "QS"},
        {"team": "EW", "kind": "quarte", "high": "AD"},
    ],
    "bela": ["NS"],
}


def test_c2_a_caller_with_less_falls_and_the_opponents_write_everything():
    result = score(C2)
    assert dict(result.points) == {"NS": 0, "EW": 232}
    assert result.made is False
    assert result.details["raw"] == {"NS": 95, "EW": 137}


def test_c2_with_bela_always_written_a_falling_caller_keeps_its_bela():
    assert points(C2, bela_always_written=True) == {"NS": 20, "EW": 212}


C3 = {
    "trump": "D",
    "caller": "S",
    "caller_points": 71,
    "declarations": [{"team": "NS", "kind": "tierce", "high": "9S"}],
}


def test_c3_a_tie_falls_by_default():
    result = score(C3)
    assert dict(result.points) == {"NS": 0, "EW": 182} and result.pot == 0


def test_c3_with_hanging_ties_the_opponents_write_their_points_and_the_callers_hang():
    result = score(C3, tie="hang")
    assert dict(result.points) == {"NS": 0, "EW": 91} and result.pot == 91
    assert "91 hang" in result.explanation


C4 = {
    "trump": "S",
    "caller": "W",
    "stiglja": "EW",
    "declarations": [
        {"team": "NS", "kind": "quarte", "high": "KD"},
        {"team": "EW", "kind": "tierce", "high": "AC"},
    ],
    "bela": ["EW"],
}


def test_c4_stiglja_adds_90_and_the_declarations_of_a_team_without_tricks_are_void():
    result = score(C4)
    assert dict(result.points) == {"EW": 272, "NS": 0}
    assert result.details["card_points"] == {"EW": 252, "NS": 0}
    assert result.details["declarations_team"] == "NS"


def test_c4_declarations_of_a_team_without_tricks_may_go_to_the_stiglja_team():
    assert points(C4, zero_trick_declarations="to_stiglja_team") == {"EW": 322, "NS": 0}


def test_c5_equal_sequences_the_one_in_trump_wins():
    record = {
        "trump": "H",
        "caller": "W",
        "caller_points": 100,
        "declarations": [
            {"team": "NS", "kind": "tierce", "high": "JS"},
            {"team": "EW", "kind": "tierce", "high": "JH"},
        ],
    }
    assert score(record, dealer="S").details["declarations_team"] == "EW"


def test_c5_equal_sequences_outside_trump_the_seat_earlier_from_the_first_hand_wins():
    record = {
        "trump": "D",
        "caller": "W",
        "caller_points": 100,
        "declarations": [
            {"team": "NS", "kind": "tierce", "high": "JS", "seat": "N"},
            {"team": "EW", "kind": "tierce", "high": "JH", "seat": "E"},
        ],
    }
    assert score(record, dealer="S").details["declarations_team"] == "NS"  # order W N E S
    assert score(record, dealer="N").details["declarations_team"] == "EW"  # order E S W N


def test_c5_played_the_trump_sequence_counts_and_the_record_scores_the_same():
    hands = {
        "W": "KS AS KH AH TC QC 9C AC",
        "N": "9S TS JS 7D 9D JD KD 7C",
        "E": "9H TH JH 8D TD QD AD 8C",
        "S": "7S 8S QS 7H 8H QH KC JC",
    }
    deal = deal_with(hands, dealer="S")
    deal.call("H")
    play_out(deal, [RandomBot(i) for i in range(4)])
    played = deal.played()
    assert [(a.seat, a.kind) for a in played.declared] == [(N, "tierce"), (E, "tierce")]
    assert [a.seat for a in played.counted] == [E]
    record = deal.record()
    assert score(record, dealer="S") == deal.score()
    assert deal.score().details["declarations_team"] == "EW"


def test_c6_a_belot_wins_the_game_and_the_deal_is_not_scored():
    result = score({"belot": "NS"})
    assert dict(result.points) == {"NS": 0, "EW": 0} and result.wins_match == "NS"
    match = Match(VARIANT, rules())
    match.add({"trump": "H", "caller": "E", "caller_points": 95})
    match.add({"belot": "NS"})
    assert match.outcome.over and match.outcome.winner == "NS"


def test_c6_played_a_hand_of_eight_clubs_wins_the_game():
    hands = {
        "N": "7S 8S 9S TS JS QS KS AS",
        "E": "7H 8H 9H TH JH QH KH AH",
        "S": "7C 8C 9C TC JC QC KC AC",
        "W": "7D 8D 9D TD JD QD KD AD",
    }
    deal = deal_with(hands, dealer="W")
    deal.call("H")
    play_out(deal, [RandomBot(i) for i in range(4)])
    # Three belots: the first in playing order from the first hand (N) is written.
    assert deal.record()["belot"] == "NS"
    assert deal.score().wins_match == "NS"


def test_a_belot_worth_the_target_is_the_best_declaration_and_the_caller_falls():
    record = {
        "trump": "H",
        "caller": "E",
        "caller_points": 100,
        "belot": "NS",
        "declarations": [{"team": "EW", "kind": "carre", "rank": "J"}],
    }
    assert points(record, belot8="points", target=501) == {"NS": 100 + 62 + 501, "EW": 0}


def test_c7_the_higher_total_over_the_target_wins():
    deal = score({"trump": "S", "caller": "N", "caller_points": 112}, totals={"NS": 940, "EW": 985})
    assert dict(deal.points) == {"NS": 112, "EW": 50}
    outcome = VARIANT.hooks.match_outcome(rules(), {"NS": 1052, "EW": 1035}, [deal])
    assert outcome.over and outcome.winner == "NS"


def test_the_game_goes_on_below_the_target():
    deal = score({"trump": "S", "caller": "N", "caller_points": 112})
    assert not VARIANT.hooks.match_outcome(rules(), {"NS": 1000, "EW": 400}, [deal]).over
    outcome = VARIANT.hooks.match_outcome(rules("house"), {"NS": 501, "EW": 400}, [deal])
    assert outcome.winner == "NS"


@pytest.mark.parametrize(
    ("exact_tie", "over", "winner"), [("extra_deal", False, None), ("caller", True, "EW")]
)
def test_an_exact_tie_over_the_target_plays_another_deal_or_goes_to_the_caller(
    exact_tie, over, winner
):
    deal = score({"trump": "S", "caller": "E", "caller_points": 112})
    outcome = VARIANT.hooks.match_outcome(
        rules(exact_tie=exact_tie), {"NS": 1010, "EW": 1010}, [deal]
    )
    assert (outcome.over, outcome.winner) == (over, winner)


# ---- hanging points (HR10 hang) ----------------------------------------------------------


def test_hanging_points_go_to_a_caller_who_passes_the_next_deal():
    match = Match(VARIANT, rules("house"), first_dealer=S)
    match.add(C3)
    assert match.totals == {"NS": 0, "EW": 91} and match.pot == 91
    match.add({"trump": "H", "caller": "N", "caller_points": 100})
    assert match.totals == {"NS": 191, "EW": 91 + 62} and match.pot == 0


def test_hanging_points_go_to_the_opponents_when_the_next_caller_falls():
    result = score({"trump": "H", "caller": "N", "caller_points": 60}, pot=91, tie="hang")
    assert dict(result.points) == {"NS": 0, "EW": 162 + 91} and result.pot == 0


def test_hanging_points_accumulate_over_consecutive_ties():
    result = score(C3, pot=50, tie="hang")
    assert dict(result.points) == {"NS": 0, "EW": 91} and result.pot == 141


def test_a_hanging_tie_with_bela_always_written_keeps_the_callers_bela():
    record = {"trump": "D", "caller": "S", "caller_points": 71, "bela": ["NS"]}
    result = score(record, preset="house")  # 91 : 91
    assert dict(result.points) == {"NS": 20, "EW": 91} and result.pot == 71


def test_bela_counts_for_its_holder_when_the_holder_is_not_the_caller():
    record = {"trump": "H", "caller": "N", "caller_points": 100, "bela": ["EW"]}
    assert points(record) == {"NS": 100, "EW": 82}
