"""A match of a fixed number of deals (``Rules.match_deals``): the kernel's own match setting."""

from __future__ import annotations

import pickle
import re

import pytest

from framework.bots.base import play_out
from framework.bots.registry import make_bot
from framework.core.errors import OptionError
from framework.engine.deal import Deal
from framework.engine.match import Match
from framework.rules.plugins import load_variant
from framework.rules.scoring import NO_TOTALS

COINCHE = load_variant("coinche")


def _play(match: Match, seed: int) -> None:
    deal = Deal.new(COINCHE, match.rules, match.dealer, seed=seed, context=match.context())
    play_out(deal, [make_bot("random", seed * 4 + i) for i in range(4)])
    match.add(deal.record(), validated=True)


def test_the_match_ends_after_its_deals_and_not_at_the_target():
    # A target of 100 is reached by the first deal of a random Coinche game; with
    # match_deals=4 the match goes on to the fourth deal and the highest total wins.
    rules = COINCHE.rules(None, {"target": 100}, match_deals=4)
    match = Match(COINCHE, rules)
    for seed in range(3):
        _play(match, seed)
        assert not match.outcome.over
    assert max(match.totals.values()) >= 100
    _play(match, 3)
    totals = match.totals
    assert match.outcome.over and match.state.deals == 4
    if totals["NS"] != totals["EW"]:
        assert match.outcome.winner == max(totals, key=totals.get)
        assert match.outcome.reason.startswith("after 4 deals, ")
    else:
        assert match.outcome.winner is None


def test_without_the_setting_the_variant_ends_the_match_as_before():
    rules = COINCHE.rules(None, {"target": 100})
    match = Match(COINCHE, rules)
    _play(match, 0)
    assert match.outcome.over  # the variant's own end: its target


def test_a_stored_snapshot_keeps_the_setting_and_an_older_one_reads_without_it():
    rules = COINCHE.rules("ffb", match_deals=12)
    assert COINCHE.rules_from_json(rules.to_json()) == rules
    older = COINCHE.rules("ffb").to_json()
    assert "match_deals" not in older
    assert COINCHE.rules_from_json(older).match_deals is None


# ---- deals scored alone (Rules.deals_alone) --------------------------------------------------


def _coinche(taker, bid, trump, taker_points, belote=()):
    return {
        "taker": taker,
        "bid": bid,
        "trump": trump,
        "coinche": "none",
        "capot": None,
        "belote": list(belote),
        "taker_points": taker_points,
    }


# FFB Coinche with the litige: 80 bid, 81 card points each: the defenders write 80, the takers'
# 81 go to the pot for the next deal's winner (test_coinche_scoring).
LITIGE = _coinche("NS", 80, "S", 81)
MADE = _coinche("NS", 100, "H", 112, belote=["NS"])


def test_a_deal_scored_alone_takes_no_pot_and_leaves_none():
    carried = Match(COINCHE, COINCHE.rules("ffb", {"litige": True}, match_deals=3))
    alone = Match(COINCHE, COINCHE.rules("ffb", {"litige": True}, match_deals=3, deals_alone=True))
    assert carried.add(LITIGE).pot == 81
    first = alone.add(LITIGE)  # the same points, and nothing carried out of a deal alone
    assert (first.points["NS"], first.points["EW"], first.pot) == (0, 80, 0)
    assert carried.pot == 81 and alone.pot == 0
    assert carried.context().pot == 81
    assert alone.context() == (NO_TOTALS, 0, 2, alone.dealer)  # totals at 0 too
    # the next deal: 232 with the pot is 313 -> 310; alone it is 232 -> 230, as a first deal's
    assert carried.add(MADE).points["NS"] == 310
    assert alone.add(MADE).points["NS"] == Match(COINCHE, alone.rules).add(MADE).points["NS"]
    assert alone.scores[1].points["NS"] == 230
    assert alone.totals == {"NS": 230, "EW": 80 + alone.scores[1].points["EW"]}


def test_a_thrown_in_deal_alone_stays_thrown_in():
    rules = COINCHE.rules("ffb", {"litige": True}, match_deals=2, deals_alone=True)
    match = Match(COINCHE, rules)
    match.add(LITIGE)
    thrown = match.add({"thrown_in": True})
    assert (thrown.points["NS"], thrown.points["EW"], match.pot) == (0, 0, 0)
    assert match.outcome.over and match.outcome.winner == "EW"  # 80 to 0 after 2 deals


def test_the_setting_is_kept_in_the_snapshot_and_checked():
    rules = COINCHE.rules("ffb", match_deals=12, deals_alone=True)
    assert rules.to_json()["deals_alone"] is True
    assert COINCHE.rules_from_json(rules.to_json()) == rules
    assert "deals_alone" not in COINCHE.rules("ffb").to_json()
    assert COINCHE.rules_from_json(COINCHE.rules("ffb").to_json()).deals_alone is False
    assert COINCHE.rules("ffb", deals_alone="yes").deals_alone is True
    assert "deals_alone=True" in repr(rules)
    assert pickle.loads(pickle.dumps(rules)) == rules
    with pytest.raises(OptionError) as caught:
        COINCHE.rules("ffb", deals_alone=3)
    assert caught.value.option == "deals_alone"


# ---- the words of a deal scored alone ----------------------------------------------------------

TIE_NS = {"team": "NS", "kind": "quarte", "high": "JS"}  # NS 106 = EW 106 (test_bulgarian_scoring)


def _bulgarian(doubling):
    return {
        "contract": "D",
        "declarer": "S",
        "doubling": doubling,
        "declarer_points": 56,
        "valat": None,
        "announcements": [TIE_NS],
        "belot": [],
    }


#: (variant, preset, options, a deal that leaves a pot, the words carrying it in a match, the
#: words of the same deal scored alone)
LEAVES_A_POT = [
    ("coinche", "ffb", {"litige": True}, LITIGE, "NS's 81 go to the pot (81)", "NS's 81 are lost"),
    (
        "french-belote",
        "classic",
        {},
        {"taker": "NS", "trump": "D", "taker_points": 81},
        "NS's 81 goes into the pot (81)",
        "NS's 81 are lost",
    ),
    (
        "bela",
        "standard",
        {"tie": "hang"},
        {
            "trump": "D",
            "caller": "S",
            "caller_points": 71,
            "declarations": [{"team": "NS", "kind": "tierce", "high": "9S"}],
        },
        "tie 91 = 91 hangs; EW 91, 91 hang",
        "EW 91, 91 are lost",
    ),
    (
        "bulgarian-belot",
        "standard",
        {},
        _bulgarian("none"),
        "11 of NS's hang",
        "11 of NS's are lost",
    ),
    ("bulgarian-belot", "standard", {}, _bulgarian("kontra"), "42 hang (x2)", "42 (x2) are lost"),
]


@pytest.mark.parametrize(("name", "preset", "options", "record", "carried", "lost"), LEAVES_A_POT)
def test_a_deal_scored_alone_says_its_pot_is_lost_not_carried(
    name, preset, options, record, carried, lost
):
    variant = load_variant(name)
    in_match = Match(variant, variant.rules(preset, options, match_deals=2)).add(record)
    alone = Match(variant, variant.rules(preset, options, match_deals=2, deals_alone=True))
    scored = alone.add(record)
    assert in_match.pot > 0 and carried in in_match.explanation
    assert scored.points == in_match.points and scored.pot == 0
    assert lost in scored.explanation and "scored alone" in scored.explanation
    assert not re.search(r"\bpot \(|\bhangs?\b", scored.explanation)  # nothing carried
