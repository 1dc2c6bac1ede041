"""French Belote over random seeded deals: the kernel's invariants (framework.kit.conformance), and
the record of a played deal agreeing with the deal itself (card points, capot, belotes,
announcements)."""

import pytest

from framework.bots.base import RandomBot, play_out
from framework.bots.registry import make_bot
from framework.core.seats import TEAMS
from framework.engine.deal import Deal
from framework.kit.conformance import check_deal, check_record_errors, check_variant
from framework.rules.plugins import load_variant


@pytest.fixture(scope="module")
def fb():
    return load_variant("french-belote")


@pytest.mark.parametrize("preset", ["maison", "classic"])
def test_french_belote_keeps_the_kernel_invariants(preset):
    check_variant("french-belote", presets=[preset], deals=30, match=preset == "maison")


def test_the_kernel_invariants_hold_with_announcements_and_house_options(fb):
    rules = fb.rules(
        "classic",
        {
            "announcements": True,
            "deal_pattern": "2-3",
            "round2_any_suit": True,
            "rounding": "half_up",
        },
    )
    records = []
    for seed in range(24):
        deal = check_deal(fb, rules, seed, ("random", "rules")[seed % 2], seed % 4)
        records.append(deal.record())
    check_record_errors(fb, rules, [r for r in records if r.get("announcements")][:3])


def played_deals(fb, rules, count, first_seed=100):
    for seed in range(first_seed, first_seed + count):
        deal = Deal.new(fb, rules, seed % 4, seed)
        yield play_out(deal, [RandomBot(seed * 4 + s) for s in range(4)])


@pytest.mark.parametrize("preset", ["maison", "classic"])
def test_a_played_deal_writes_the_card_points_capot_and_belotes_it_had(fb, preset):
    rules = fb.rules(preset)
    seen_belote = False
    for deal in played_deals(fb, rules, 40):
        record, played = deal.record(), deal.played()
        if deal.contract is None:
            assert record == {"thrown_in": True}
            continue
        taker = TEAMS[deal.contract.taker % 2]
        defenders = TEAMS[1 - TEAMS.index(taker)]
        assert record["taker_points"] + played.card_points[defenders] == 162
        assert record["capot"] == played.capot
        assert len(record["belote"]) == len(played.play_declarations)
        seen_belote |= bool(record["belote"])
        assert played.hands[deal.contract.taker] >> deal.turn_up & 1
        assert fb.hooks.score(rules, record, deal.context) == deal.score()
    assert seen_belote


def test_a_played_deal_counts_the_same_announcements_as_its_record(fb):
    rules = fb.rules("classic", {"announcements": True})
    compared = 0
    for deal in played_deals(fb, rules, 60):
        if deal.contract is None:
            continue
        played = deal.played()
        engine = {t: sum(a.points for a in played.counted if TEAMS[a.seat % 2] == t) for t in TEAMS}
        details = deal.score().details["announcements"]
        if played.capot is None:
            assert dict(details) == engine
        compared += bool(played.declared)
    assert compared > 5


def test_no_trumps_and_all_trumps_deals_total_162_card_points(fb):
    rules = fb.rules("maison")
    for denomination in ("NT", "AT"):
        for seed in range(6):
            deal = Deal.new(fb, rules, seed % 4, seed)
            for _ in range(4):
                deal.call("PASS")
            deal.call(f"TAKE {denomination}")
            play_out(deal, [make_bot("random", seed * 4 + s) for s in range(4)])
            played = deal.played()
            assert sum(played.card_points.values()) == 162
            record = deal.record()
            assert record["trump"] == denomination and record["round"] == 2
            if denomination == "NT":
                assert record["belote"] == []
