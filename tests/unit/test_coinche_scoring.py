"""Coinche deal scores and game end: every worked example C1–C17 of spec §5, per preset, scored
through ``load_variant("coinche").score`` and (game end) played through
``framework.engine.match.Match``.
Results are written takers / defenders as in the spec, here as ``(NS, EW)``."""

import pytest

from framework.core.errors import RecordError
from framework.engine.match import Match
from framework.rules.plugins import load_variant
from framework.rules.scoring import MatchContext

COINCHE = load_variant("coinche")
PRESETS = ("house", "ffb", "bidonly")


def score(preset, record, pot=0, **overrides):
    rules = COINCHE.rules(preset, overrides)
    return COINCHE.hooks.score(rules, record, MatchContext(pot=pot))


def points(preset, record, **overrides):
    s = score(preset, record, **overrides)
    return s.points["NS"], s.points["EW"]


def deal(
    taker, bid, trump, taker_points=None, *, coinche="none", capot=None, belote=(), announcements=()
):
    record = {
        "taker": taker,
        "bid": bid,
        "trump": trump,
        "coinche": coinche,
        "capot": capot,
        "belote": list(belote),
    }
    if taker_points is not None:
        record["taker_points"] = taker_points
    if announcements:
        record["announcements"] = list(announcements)
    return record


# ---- C1–C15: deal scores ---------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESETS)
def test_c1_made_contract_scores_card_points_belote_and_bid_rounded(preset):
    s = score(preset, deal("NS", 100, "H", 112, belote=["NS"]))
    assert s.made is True
    assert (s.points["NS"], s.points["EW"]) == (230, 50)
    assert s.explanation.endswith("NS 232 -> 230; EW 50")


@pytest.mark.parametrize("preset", PRESETS)
def test_c2_a_81_81_split_fails_an_80_bid(preset):
    s = score(preset, deal("NS", 80, "S", 81))
    assert s.made is False
    assert (s.points["NS"], s.points["EW"]) == (0, 240)
    assert s.pot == 0


def test_c2_ffb_with_litige_the_defenders_score_their_81_and_the_takers_81_go_to_the_pot():
    s = score("ffb", deal("NS", 80, "S", 81), litige=True)
    assert (s.points["NS"], s.points["EW"]) == (0, 80)
    assert s.pot == 81
    assert "litige" in s.explanation


def test_litige_pot_goes_to_the_winner_of_the_next_deal():
    # The takers make it: they take the pot (before rounding: 232 + 81 = 313 -> 310).
    s = score("ffb", deal("NS", 100, "H", 112, belote=["NS"]), pot=81, litige=True)
    assert (s.points["NS"], s.points["EW"], s.pot) == (310, 50, 0)
    # The takers fail: the defenders take it (160 + 100 + 81 = 341 -> 340).
    s = score("ffb", deal("EW", 100, "S", 81), pot=81, litige=True)
    assert (s.points["NS"], s.points["EW"], s.pot) == (340, 0, 0)


def test_a_second_litige_adds_to_the_pot():
    s = score("ffb", deal("NS", 80, "C", 81), pot=81, litige=True)
    assert s.pot == 162 and (s.points["NS"], s.points["EW"]) == (0, 80)


def test_a_thrown_in_deal_keeps_the_pot_for_the_next_deal():
    s = score("ffb", {"thrown_in": True}, pot=81, litige=True)
    assert (s.points["NS"], s.points["EW"], s.pot, s.made) == (0, 0, 81, None)


def test_without_the_bid_litige_does_not_apply():
    s = score("ffb", deal("NS", 100, "S", 81), litige=True)
    assert s.made is False and s.pot == 0 and (s.points["NS"], s.points["EW"]) == (0, 260)


def test_c3_ffb_counts_announcements_toward_the_contract():
    s = score(
        "ffb",
        deal("NS", 80, "D", 80, announcements=[{"team": "NS", "kind": "tierce", "high": "KS"}]),
    )
    assert s.made is True and (s.points["NS"], s.points["EW"]) == (180, 80)


def test_c3_house_needs_82_card_points():
    s = score(
        "house",
        deal("NS", 80, "D", 80, announcements=[{"team": "NS", "kind": "tierce", "high": "KS"}]),
    )
    assert s.made is False and (s.points["NS"], s.points["EW"]) == (0, 260)
    assert "card points 80 < 82" in s.explanation


@pytest.mark.parametrize(
    ("preset", "expected"), [("ffb", (0, 580)), ("house", (0, 580)), ("bidonly", (30, 390))]
)
def test_c4_coinched_made(preset, expected):
    s = score(preset, deal("EW", 120, "C", 130, coinche="coinche", belote=["EW"]))
    assert s.made is True and (s.points["NS"], s.points["EW"]) == expected


@pytest.mark.parametrize(
    ("preset", "expected"), [("ffb", (0, 1100)), ("house", (0, 1100)), ("bidonly", (0, 620))]
)
def test_c5_surcoinched_failed(preset, expected):
    s = score(preset, deal("NS", 110, "H", 95, coinche="surcoinche", belote=["EW"]))
    assert s.made is False and (s.points["NS"], s.points["EW"]) == expected


@pytest.mark.parametrize("preset", PRESETS)
def test_c6_takers_capot_on_a_numeric_bid(preset):
    assert points(preset, deal("NS", 90, "S", capot="NS", belote=["NS"])) == (360, 0)
    # The card points of a capot may also be written out.
    assert points(preset, deal("NS", 90, "S", 162, capot="NS", belote=["NS"])) == (360, 0)


def test_c6_ffb_capot_is_252_card_points_before_rounding():
    s = score("ffb", deal("NS", 90, "S", capot="NS", belote=["NS"]))
    assert s.details["raw"]["NS"] == 362


@pytest.mark.parametrize("preset", PRESETS)
def test_c7_capot_bid_made_is_worth_520_with_a_belote(preset):
    s = score(preset, deal("EW", "capot", "H", capot="EW", belote=["EW"]))
    assert s.made is True and (s.points["NS"], s.points["EW"]) == (0, 520)


@pytest.mark.parametrize(("preset", "expected"), [("house", 500), ("bidonly", 500), ("ffb", 410)])
def test_c8_failed_capot_bid(preset, expected):
    s = score(preset, deal("EW", "capot", "C", 14))
    assert s.made is False and (s.points["NS"], s.points["EW"]) == (expected, 0)


@pytest.mark.parametrize("preset", ["ffb", "house"])
def test_c9_coinched_capot_made_is_1020_with_a_belote(preset):
    assert points(
        preset, deal("NS", "capot", "D", capot="NS", coinche="coinche", belote=["NS"])
    ) == (1020, 0)


def test_c9_bidonly_a_capot_cannot_be_coinched():
    with pytest.raises(RecordError) as err:
        score("bidonly", deal("NS", "capot", "D", capot="NS", coinche="coinche"))
    assert err.value.field == "coinche"


C10_ANNOUNCEMENTS = [
    {"team": "NS", "kind": "quinte", "high": "AH"},
    {"team": "EW", "kind": "carre", "rank": "9"},
]


@pytest.mark.parametrize("preset", ["ffb", "house"])
def test_c10a_only_the_better_announcement_counts_and_goes_to_the_defenders(preset):
    s = score(preset, deal("NS", 130, "S", 120, announcements=C10_ANNOUNCEMENTS))
    assert s.made is False and (s.points["NS"], s.points["EW"]) == (0, 440)
    assert s.details["announcements"] == {"NS": 0, "EW": 150}


def test_c10b_house_made_on_card_points_and_bid():
    s = score("house", deal("NS", 110, "S", 120, announcements=C10_ANNOUNCEMENTS))
    assert s.made is True and (s.points["NS"], s.points["EW"]) == (230, 190)


def test_c10b_ffb_fails_when_the_defenders_total_is_higher():
    s = score("ffb", deal("NS", 110, "S", 120, announcements=C10_ANNOUNCEMENTS))
    assert s.made is False and (s.points["NS"], s.points["EW"]) == (0, 420)
    assert "120 not > 192" in s.explanation


@pytest.mark.parametrize(("preset", "overrides"), [("house", {}), ("ffb", {"nt_at": True})])
def test_c11_no_trumps_made_with_a_tierce(preset, overrides):
    s = score(
        preset,
        deal("EW", 90, "NT", 104, announcements=[{"team": "EW", "kind": "tierce", "high": "QD"}]),
        **overrides,
    )
    assert s.made is True and (s.points["NS"], s.points["EW"]) == (60, 210)


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize(
    ("rounding", "expected"), [("half_up", (190, 70)), ("six_up", (180, 70)), ("none", (185, 67))]
)
def test_c12_each_team_is_rounded_on_its_own(preset, rounding, expected):
    assert points(preset, deal("NS", 90, "C", 95), rounding=rounding) == expected


def test_c12_half_up_rounding_can_make_the_deal_total_260():
    assert sum(points("house", deal("NS", 90, "C", 95))) == 260


def test_c13_all_trumps_one_belote_per_suit():
    s = score("house", deal("NS", 100, "AT", 108, belote=["NS", "NS", "EW"]))
    assert s.made is True and (s.points["NS"], s.points["EW"]) == (250, 70)


C14 = deal("EW", 140, "H", 120, coinche="coinche", belote=["EW"])


@pytest.mark.parametrize("preset", ["ffb", "house"])
def test_c14_coinched_whole_scope_multiplies_base_bid_and_announcements(preset):
    record = {**C14, "announcements": [{"team": "EW", "kind": "quarte", "high": "AS"}]}
    assert points(preset, record) == (0, 720)


def test_c14_bidonly_ignores_announcements_and_doubles_the_bid_only():
    assert points("bidonly", C14) == (40, 420)


@pytest.mark.parametrize(
    ("preset", "overrides", "expected"),
    [
        ("house", {}, 520),
        ("ffb", {}, 520),
        ("bidonly", {}, 360),
        ("house", {"coinche_scope": "bid_only"}, 360),
        ("bidonly", {"coinche_scope": "whole"}, 520),
    ],
)
def test_c15_coinched_failed_whole_or_bid_only(preset, overrides, expected):
    s = score(preset, deal("NS", 100, "S", 90, coinche="coinche"), **overrides)
    assert s.made is False and (s.points["NS"], s.points["EW"]) == (0, expected)


# ---- options beyond the examples ------------------------------------------------------------


def test_surcoinche_mult_3_multiplies_by_three():
    assert points(
        "house", deal("NS", 110, "H", 95, coinche="surcoinche", belote=["EW"]), surcoinche_mult=3
    ) == (0, (160 + 110) * 3 + 20)


def test_belote_multiplied_puts_the_belote_inside_the_multiplier():
    assert points(
        "house", deal("EW", 120, "C", 130, coinche="coinche", belote=["EW"]), belote_multiplied=True
    ) == (0, (160 + 120 + 20) * 2)


def test_belote_on_failure_to_defenders_gives_the_takers_belote_away():
    record = deal("NS", 100, "S", 70, belote=["NS"])
    assert points("house", record) == (20, 260)
    assert points("house", record, belote_on_failure="to_defenders") == (0, 280)


def test_capot_transfers_ann_gives_the_defenders_announcements_to_capot_takers():
    record = deal(
        "NS",
        100,
        "S",
        capot="NS",
        announcements=[
            {"team": "NS", "kind": "tierce", "high": "KD"},
            {"team": "NS", "kind": "tierce", "high": "KC"},
        ],
    )
    # NS's tierces count (EW declared nothing): the transfer changes nothing here.
    assert points("ffb", record) == (390, 0)
    record["announcements"] = [{"team": "EW", "kind": "quarte", "high": "AD"}]
    assert points("ffb", record) == (400, 0)  # 252 + 100 + 50
    assert points("ffb", record, capot_transfers_ann=False) == (350, 50)


def test_defenders_taking_every_trick_on_a_numeric_bid():
    record = deal("NS", 100, "S", capot="EW")
    assert points("house", record) == (0, 350)  # base 250 (S0)
    assert points("ffb", record) == (0, 260)  # base 160


def test_ffb_equal_totals_fail_without_litige():
    s = score("ffb", deal("NS", 80, "S", 81))
    assert s.made is False and "81 not > 81" in s.explanation


def test_bidonly_80_needs_82_with_the_belote():
    assert score("bidonly", deal("NS", 80, "S", 62, belote=["NS"])).made is True
    assert score("bidonly", deal("NS", 80, "S", 61, belote=["NS"])).made is False


# ---- C16–C17: the end of the game through a Match --------------------------------------------

# House records that bring the score sheet to NS 930, EW 960 without ending the game.
TO_930_960 = [
    deal("NS", 80, "S", 0),  # EW 240
    deal("NS", 130, "S", capot="NS"),  # NS 380
    deal("NS", "capot", "S", 0),  # EW 500
    deal("NS", "capot", "S", capot="NS"),  # NS 500
    deal("EW", 100, "S", 115),  # EW 220, NS 50
]
TO_860_960 = [
    deal("NS", 80, "S", 0),
    deal("NS", 80, "S", capot="NS"),
    deal("NS", "capot", "S", 0),
    deal("NS", "capot", "S", capot="NS"),
    deal("EW", 80, "S", 135),
]


def test_c16_both_reach_1000_and_the_higher_total_wins():
    match = Match(COINCHE, COINCHE.rules("house"), records=TO_930_960)
    assert match.totals == {"NS": 930, "EW": 960} and not match.outcome.over
    match.add(deal("NS", 80, "H", 90))
    assert match.totals == {"NS": 1100, "EW": 1030}
    assert match.outcome.over and match.outcome.winner == "NS"


def test_c16_house_exact_tie_goes_to_the_winner_of_the_deal():
    match = Match(COINCHE, COINCHE.rules("house"), records=TO_860_960)
    assert match.totals == {"NS": 860, "EW": 960}
    match.add(deal("NS", 80, "H", 90))
    assert match.totals == {"NS": 1030, "EW": 1030}
    assert match.outcome.over and match.outcome.winner == "NS"


def test_c16_ffb_exact_tie_plays_another_deal():
    rules = COINCHE.rules("house", {"end_tie": "extra_deal"})
    match = Match(COINCHE, rules, records=TO_860_960)
    match.add(deal("NS", 80, "H", 90))
    assert match.totals == {"NS": 1030, "EW": 1030} and not match.outcome.over
    match.add(deal("EW", 80, "H", 100))
    assert match.outcome.winner == "EW"


# FFB records that bring the score sheet to NS 1000, EW 1990.
TO_1000_1990 = [
    deal("EW", 160, "S", capot="EW"),  # EW 410
    deal("EW", "capot", "S", coinche="coinche", capot="EW"),  # EW 1000
    deal("EW", 130, "S", 162, coinche="coinche"),  # EW 580
    deal("NS", "capot", "S", coinche="coinche", capot="NS"),  # NS 1000
]


def test_c17_ffb_a_capot_team_does_not_win_through_its_belote_alone():
    match = Match(COINCHE, COINCHE.rules("ffb"), records=TO_1000_1990)
    assert match.totals == {"NS": 1000, "EW": 1990}
    match.add(deal("NS", 80, "S", capot="NS", belote=["EW"]))
    assert match.totals == {"NS": 1330, "EW": 2010}
    assert not match.outcome.over
    match.add(deal("EW", 80, "H", 100))
    assert match.outcome.over and match.outcome.winner == "EW"


def test_c17_without_belote_cannot_finish_the_belote_ends_the_game():
    rules = COINCHE.rules("ffb", {"belote_cannot_finish": False})
    match = Match(COINCHE, rules, records=TO_1000_1990)
    match.add(deal("NS", 80, "S", capot="NS", belote=["EW"]))
    assert match.outcome.over and match.outcome.winner == "EW"


def test_failed_takers_reaching_the_target_through_their_belote_have_not_won():
    match = Match(COINCHE, COINCHE.rules("ffb"), records=TO_1000_1990)
    match.add(deal("EW", 100, "H", 60, belote=["EW"]))  # EW fail, keep 20
    assert match.totals["EW"] == 2010 and not match.outcome.over


def test_the_game_is_won_at_the_target():
    match = Match(COINCHE, COINCHE.rules("house"), records=TO_930_960)
    match.add(deal("EW", 80, "H", 100))  # EW +180
    assert match.outcome.over and match.outcome.winner == "EW"
    assert "EW reach 1000" in match.outcome.reason


@pytest.mark.parametrize("preset", PRESETS)
def test_the_explanation_is_a_message_made_when_read_the_same_as_its_json(preset):
    from framework.core.messages import Message

    s = score(preset, deal("NS", 110, "H", 94, coinche="coinche", belote=["NS"]), pot=0)
    assert "_explanation" in s.__dict__ and callable(s.__dict__["_explanation"])
    assert isinstance(s.explanation, Message) and not callable(s.__dict__["_explanation"])
    assert s.to_json()["explanation"] == str(s.explanation)
    assert s.to_json()["explanation_message"] == s.explanation.to_json()
