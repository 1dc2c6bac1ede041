"""Coinche scoring invariants over generated records (hypothesis): normalising is idempotent,
points are whole tens (or exact with ``rounding = none``), and an uncoinched deal hands out
exactly card points + bid + counted announcements + belotes (§2.5)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from framework.rules.plugins import load_variant
from framework.rules.scoring import MatchContext
from variants.belote import announcements as ann

COINCHE = load_variant("coinche")
TEAMS = ("NS", "EW")


@st.composite
def records(draw, preset):
    rules = COINCHE.rules(preset)
    trump = draw(
        st.sampled_from(("S", "H", "D", "C", "NT", "AT") if rules.nt_at else ("S", "H", "D", "C"))
    )
    taker = draw(st.sampled_from(TEAMS))
    bid = draw(st.sampled_from([*range(80, 170, 10), "capot"]))
    coinche = draw(st.sampled_from(("none", "coinche", "surcoinche")))
    if bid == "capot" and not rules.capot_coinchable:
        coinche = "none"
    capot = draw(st.sampled_from((None, None, None, "NS", "EW")))
    record = {
        "taker": taker,
        "bid": bid,
        "trump": trump,
        "coinche": coinche,
        "capot": capot,
        "belote": draw(st.lists(st.sampled_from(TEAMS), max_size=ann.max_belotes(trump))),
    }
    if capot is None:
        record["taker_points"] = draw(st.integers(0, 162))
    if rules.announcements:
        record["announcements"] = draw(
            st.sampled_from(
                [
                    [],
                    [{"team": "NS", "kind": "tierce", "high": "KS"}],
                    [
                        {"team": "EW", "kind": "quarte", "high": "AD"},
                        {"team": "NS", "kind": "quinte", "high": "AC"},
                    ],
                    [
                        {"team": "EW", "kind": "carre", "rank": "J"},
                        {"team": "EW", "kind": "tierce", "high": "9H"},
                    ],
                ]
            )
        )
    return record


def _check(preset, record, overrides=None):
    rules = COINCHE.rules(preset, overrides or {})
    clean = COINCHE.hooks.validate_record(rules, record)
    assert COINCHE.hooks.validate_record(rules, clean) == clean
    score = COINCHE.hooks.score(rules, record)
    assert all(p >= 0 for p in score.points.values())
    if rules.rounding != "none":
        assert all(p % 10 == 0 for p in score.points.values())
    raw = score.details["raw"]
    if clean["coinche"] == "none" and not score.details["litige"]:
        card = 162 if clean["capot"] is None else rules.capot_card_points
        base = card if score.made else 160
        if not score.made and clean["bid"] == "capot":
            base = max(base, rules.failed_capot_base)
        if not score.made and clean["capot"] not in (None, clean["taker"]):
            base = max(base, rules.defenders_capot_base)
        value = 250 if clean["bid"] == "capot" else clean["bid"]
        a, b = score.details["announcements"], score.details["belote"]
        assert raw["NS"] + raw["EW"] == base + value + a["NS"] + a["EW"] + b["NS"] + b["EW"]
    if clean["coinche"] != "none" and rules.coinche_scope == "whole":
        # The deal's winner scores everything but the loser's belote.
        winner = clean["taker"] if score.made else TEAMS[1 - TEAMS.index(clean["taker"])]
        loser = TEAMS[1 - TEAMS.index(winner)]
        assert raw[loser] <= score.details["belote"][loser] and raw[winner] >= 2 * 160
    return score


@settings(max_examples=40, deadline=None)
@given(records("house"))
def test_house_records_score_whole_tens_and_hand_out_every_point(record):
    _check("house", record)


@settings(max_examples=40, deadline=None)
@given(records("ffb"))
def test_ffb_records_score_whole_tens_and_hand_out_every_point(record):
    _check("ffb", record)


@settings(max_examples=40, deadline=None)
@given(records("bidonly"))
def test_bidonly_records_score_whole_tens_and_hand_out_every_point(record):
    _check("bidonly", record)


@settings(max_examples=30, deadline=None)
@given(records("house"))
def test_without_rounding_the_raw_scores_are_written(record):
    score = _check("house", record, {"rounding": "none"})
    assert dict(score.points) == score.details["raw"]


@settings(max_examples=30, deadline=None)
@given(records("ffb"), st.integers(0, 200))
def test_a_pot_goes_whole_to_one_team_or_stays(record, pot):
    rules = COINCHE.rules("ffb", {"litige": True, "rounding": "none"})
    without = COINCHE.hooks.score(rules, record)
    with_pot = COINCHE.hooks.score(rules, record, MatchContext(pot=pot))
    if with_pot.details["litige"]:
        assert with_pot.pot == pot + without.pot
    else:
        assert with_pot.pot == 0
        assert sum(with_pot.points.values()) == sum(without.points.values()) + pot
