"""Bulgarian Belot scoring: the worked examples B1–B10 of rules/bulgarian-bela-cuatrola.md §2.7,
the rounding rule, hanging points, kontra/rekontra, valat, and options BG8–BG13."""

from __future__ import annotations

import pytest

from framework.engine.match import Match
from framework.rules.plugins import load_variant
from framework.rules.scoring import MatchContext
from variants.bulgarian.scoring import round_team, tens


@pytest.fixture(scope="module")
def variant():
    return load_variant("bulgarian-belot")


def rules(variant, **overrides):
    return variant.rules("standard", overrides)


def deal(contract, declarer, points, doubling="none", valat=None, announcements=(), belot=()):
    return {
        "contract": contract,
        "declarer": declarer,
        "doubling": doubling,
        "declarer_points": points,
        "valat": valat,
        "announcements": list(announcements),
        "belot": list(belot),
    }


def score(variant, record, pot=0, **overrides):
    return variant.hooks.score(rules(variant, **overrides), record, MatchContext(pot=pot))


def written(s):
    return s.points["NS"], s.points["EW"]


TIERCE_NS = {"team": "NS", "kind": "tierce", "high": "9S"}


# ---- the worked examples (§2.7) ------------------------------------------------------------


def test_b1_made_contract_each_team_rounds_its_own_points(variant):
    s = score(variant, deal("H", "N", 98, announcements=[TIERCE_NS], belot=["EW"]))
    assert written(s) == (12, 8)
    assert s.made is True and s.pot == 0
    assert s.details["raw"] == {"NS": 118, "EW": 84}


def test_b2_the_lower_team_rounds_a_6_up_the_higher_down(variant):
    assert written(score(variant, deal("S", "E", 106))) == (6, 10)
    assert written(score(variant, deal("S", "E", 156))) == (1, 15)


def test_b3_declarers_inside_give_the_opponents_everything(variant):
    quarte = {"team": "EW", "kind": "quarte", "high": "AD"}
    s = score(variant, deal("C", "N", 70, announcements=[TIERCE_NS, quarte]))
    assert written(s) == (0, 21)
    assert s.made is False
    assert s.details["declarations"] == {"NS": 0, "EW": 50}


def test_b4_a_tie_hangs_the_declarers_half_for_the_next_deals_winner(variant):
    quarte = {"team": "NS", "kind": "quarte", "high": "JS"}
    match = Match(variant, rules(variant))
    first = match.add(deal("D", "S", 56, announcements=[quarte]))
    assert written(first) == (0, 10)
    assert first.pot == 11 and match.pot == 11
    second = match.add(deal("S", "W", 128))
    assert written(second) == (3, 24)
    assert second.pot == 0
    assert match.totals == {"NS": 3, "EW": 34}


def test_b5_no_trumps_card_points_are_doubled_then_rounded_plainly(variant):
    s = score(variant, deal("NT", "E", 74))
    assert s.details["raw"] == {"NS": 112, "EW": 148}
    assert written(s) == (11, 15)


def test_b6_all_trumps_rounds_a_4_down_for_the_higher_team(variant):
    assert written(score(variant, deal("AT", "N", 224))) == (22, 4)
    carre = {"team": "EW", "kind": "carre", "rank": "K"}
    s = score(variant, deal("AT", "E", 94, announcements=[carre]))
    assert s.details["raw"] == {"NS": 164, "EW": 194}
    assert written(s) == (17, 19)


def test_b7_under_kontra_whoever_has_more_takes_everything_doubled(variant):
    s = score(variant, deal("H", "E", 62, doubling="kontra", belot=["EW"]))
    assert s.details["raw"] == {"NS": 100, "EW": 82}
    assert written(s) == (36, 0)
    assert s.made is False


def test_b8_rekontra_multiplies_the_valat_and_the_deal_cannot_end_the_game(variant):
    record = deal("S", "W", 162, doubling="rekontra", valat="EW", belot=["EW"])
    s = score(variant, record)
    assert s.details["raw"] == {"NS": 0, "EW": 272}
    assert written(s) == (0, 108)
    assert s.can_end_match is False


def test_b8_with_valat_cancelling_the_double_the_deal_scores_undoubled(variant):
    record = deal("S", "W", 162, doubling="rekontra", valat="EW", belot=["EW"])
    s = score(variant, record, valat_and_double="cancel")
    assert written(s) == (0, 27)
    assert "the valat cancels the rekontra" in s.explanation


def test_b9_no_trumps_valat_adds_90_undoubled(variant):
    s = score(variant, deal("NT", "S", 130, valat="NS"))
    assert s.details["raw"] == {"NS": 350, "EW": 0}
    assert written(s) == (35, 0)


def _b10_before(variant, match):
    # Five deals bringing the sheet to NS 140, EW 147 (none reaches 151 on the way).
    quarte = {"team": "EW", "kind": "quarte", "high": "AD"}
    for record in (
        deal("AT", "N", 200, doubling="rekontra"),  # NS 104
        deal("AT", "E", 200, doubling="rekontra"),  # EW 104
        deal("S", "N", 100, doubling="kontra"),  # NS 32
        deal("AT", "E", 224),  # EW 22, NS 4
        deal("C", "N", 70, announcements=[quarte]),
    ):  # EW 21 (inside)
        match.add(record)
        assert not match.outcome.over
    assert match.totals == {"NS": 140, "EW": 147}


def test_b10_the_first_team_to_151_wins(variant):
    match = Match(variant, rules(variant))
    _b10_before(variant, match)
    match.add(deal("H", "E", 60))
    assert match.totals == {"NS": 156, "EW": 147}
    assert match.outcome.over and match.outcome.winner == "NS"


def test_b10_a_valat_deal_cannot_end_the_game_one_more_deal_is_played(variant):
    match = Match(variant, rules(variant))
    _b10_before(variant, match)
    match.add(deal("H", "E", 0, valat="NS"))
    assert match.totals["NS"] >= 151
    assert not match.outcome.over
    match.add({"thrown_in": True})  # a passed-out deal is not that deal
    assert not match.outcome.over
    match.add(deal("S", "E", 100))
    assert match.outcome.over and match.outcome.winner == "NS"


def test_b10_with_no_win_with_valat_false_the_valat_deal_ends_the_game(variant):
    match = Match(variant, rules(variant, no_win_with_valat=False))
    _b10_before(variant, match)
    match.add(deal("H", "E", 0, valat="NS"))
    assert match.outcome.winner == "NS"


# ---- rounding ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("contract", "points", "higher", "expected"),
    [
        ("H", 118, True, 12),
        ("H", 84, False, 8),
        ("H", 106, True, 10),
        ("H", 106, False, 11),
        ("H", 56, False, 6),
        ("H", 6, False, 1),
        ("H", 156, True, 15),
        ("H", 157, True, 16),
        ("H", 155, False, 15),
        ("AT", 224, True, 22),
        ("AT", 34, False, 4),
        ("AT", 154, True, 15),
        ("AT", 154, False, 16),
        ("AT", 195, True, 20),
        ("NT", 148, True, 15),
        ("NT", 112, False, 11),
        ("NT", 144, False, 14),
    ],
)
def test_pair_rule_rounds_each_team_with_the_6_or_4_threshold(contract, points, higher, expected):
    assert round_team(contract, points, higher) == expected


def test_made_deal_scores_always_add_up_to_the_rounded_total(variant):
    for contract, full in (("H", 162), ("AT", 258), ("NT", 130)):
        for points in range(full + 1):
            s = score(variant, deal(contract, "N", points))
            raw = s.details["raw"]
            if raw["NS"] > raw["EW"]:
                assert sum(written(s)) == tens(raw["NS"] + raw["EW"]), (contract, points)


def test_all_trumps_tie_writes_15_and_hangs_16(variant):
    quarte = {"team": "NS", "kind": "quarte", "high": "JC"}
    s = score(variant, deal("AT", "N", 104, announcements=[quarte]))
    assert s.details["raw"] == {"NS": 154, "EW": 154}
    assert written(s) == (0, 15)
    assert s.pot == 16


# ---- hanging points ------------------------------------------------------------------------


def test_hanging_points_go_to_the_opponents_when_the_declarers_are_inside(variant):
    s = score(variant, deal("H", "N", 60), pot=11)
    assert written(s) == (0, 16 + 11)
    assert s.pot == 0


def test_hanging_points_go_to_the_made_declarers_only(variant):
    s = score(variant, deal("H", "N", 100), pot=11)
    assert written(s) == (10 + 11, 6)


def test_hanging_points_accumulate_over_consecutive_ties(variant):
    quarte = {"team": "NS", "kind": "quarte", "high": "JS"}
    s = score(variant, deal("D", "S", 56, announcements=[quarte]), pot=11)
    assert written(s) == (0, 10)
    assert s.pot == 22


def test_doubled_tie_hangs_the_whole_multiplied_deal(variant):
    quarte = {"team": "NS", "kind": "quarte", "high": "JS"}
    s = score(variant, deal("D", "S", 56, doubling="kontra", announcements=[quarte]), pot=3)
    assert written(s) == (0, 0)
    assert s.pot == 3 + 21 * 2


def test_hanging_points_survive_a_thrown_in_deal(variant):
    s = score(variant, {"thrown_in": True}, pot=11)
    assert written(s) == (0, 0) and s.made is None and s.pot == 11


def test_with_hang_through_passout_false_a_thrown_in_deal_wipes_them(variant):
    s = score(variant, {"thrown_in": True}, pot=11, hang_through_passout=False)
    assert s.pot == 0
    assert "lost" in s.explanation


def test_doubled_winner_collects_the_hanging_points(variant):
    s = score(variant, deal("H", "E", 62, doubling="kontra", belot=["EW"]), pot=5)
    assert written(s) == (36 + 5, 0)


# ---- kontra, rekontra and the options ------------------------------------------------------


def test_declarers_with_more_under_kontra_take_everything(variant):
    s = score(variant, deal("H", "N", 100, doubling="kontra"))
    assert written(s) == (32, 0) and s.made is True


def test_surkontra_multiplies_by_8_where_allowed(variant):
    s = score(variant, deal("H", "N", 100, doubling="surkontra"), max_double=8)
    assert written(s) == (16 * 8, 0)


def test_extras_not_multiplied_adds_declarations_and_belot_once(variant):
    record = deal("H", "E", 62, doubling="kontra", belot=["EW"])
    assert written(score(variant, record, extras_multiplied=False)) == (16 * 2 + 2, 0)


def test_exe_rounding_gives_the_trailer_the_rest_but_at_least_1(variant):
    record = deal("H", "N", 157)
    assert written(score(variant, record)) == (16, 0)
    assert written(score(variant, record, rounding="exe")) == (15, 1)


def test_exe_rounding_nudges_an_odd_doubled_award_to_even(variant):
    record = deal("H", "N", 100, doubling="rekontra")  # N(162 x 4) = 65
    assert written(score(variant, record, rounding="exe")) == (64, 0)
    at = deal("AT", "N", 200, doubling="rekontra")  # N(258 x 4) = 103
    assert written(score(variant, at, rounding="exe")) == (104, 0)


def test_winner_must_score_in_last_deal_keeps_the_game_going(variant):
    for must, over in ((False, True), (True, False)):
        match = Match(variant, rules(variant, winner_must_score_in_last_deal=must))
        _b10_before(variant, match)
        match.add(deal("H", "E", 0, valat="NS"))  # NS 165, cannot end (valat)
        match.add(deal("H", "N", 60))  # NS inside: EW +16 -> 163
        assert match.totals == {"NS": 165, "EW": 163}
        assert match.outcome.over is over
        if over:
            assert match.outcome.winner == "NS"


def test_equal_totals_over_the_target_play_another_deal(variant):
    match = Match(variant, rules(variant, target=16))
    match.add(deal("H", "N", 100))  # NS 10, EW 6
    match.add(deal("H", "E", 100))  # EW 10, NS 6: 16 all
    assert match.totals == {"NS": 16, "EW": 16}
    assert not match.outcome.over
    match.add(deal("H", "N", 100))  # NS 26, EW 22
    assert match.outcome.winner == "NS"


def test_explanations_say_what_happened(variant):
    assert score(variant, deal("H", "N", 98)).explanation.startswith("made:")
    assert score(variant, deal("H", "N", 60)).explanation.startswith("inside:")
    assert "kontra" in score(variant, deal("H", "N", 60, doubling="kontra")).explanation
    assert "valat" in score(variant, deal("H", "N", 162, valat="NS")).explanation
