"""Bulgarian Belot deal records (§2.8): validation field by field, normalisation, the record of
a played deal, and the kernel's conformance invariants over random deals."""

from __future__ import annotations

import pytest

from framework.bots.base import RandomBot, play_out
from framework.core.errors import RecordError
from framework.engine.deal import Deal
from framework.kit.conformance import check_variant
from framework.rules.plugins import load_variant


@pytest.fixture(scope="module")
def variant():
    return load_variant("bulgarian-belot")


def base(**changes):
    record = {
        "contract": "H",
        "declarer": "N",
        "doubling": "none",
        "declarer_points": 98,
        "valat": None,
        "announcements": [],
        "belot": [],
    }
    record.update(changes)
    return record


def error(variant, record, **overrides):
    with pytest.raises(RecordError) as info:
        variant.hooks.validate_record(variant.rules("standard", overrides), record)
    return info.value.field, info.value.reason


# ---- validation errors, field by field -----------------------------------------------------


@pytest.mark.parametrize(
    ("record", "field", "words"),
    [
        ([], "record", "JSON object"),
        ({}, "contract", "missing"),
        (base(contract="X"), "contract", "not one of"),
        (base(declarer="Q"), "declarer", "not one of"),
        (base(doubling="double"), "doubling", "not one of"),
        (base(doubling="surkontra"), "doubling", "max_double 4"),
        (base(declarer_points=163), "declarer_points", "between 0 and 162"),
        (base(contract="NT", declarer_points=131), "declarer_points", "between 0 and 130"),
        (base(declarer_points="98"), "declarer_points", "whole number"),
        (base(valat="NE"), "valat", "not one of"),
        (base(valat="NS"), "valat", "are 162, not 98"),
        (base(valat="EW"), "valat", "are 0, not 98"),
        (base(announcements={"team": "NS"}), "announcements", "list"),
        (
            base(
                contract="NT",
                declarer_points=60,
                announcements=[{"team": "NS", "kind": "tierce", "high": "9S"}],
            ),
            "announcements",
            "no trumps",
        ),
        (base(announcements=["tierce"]), "announcements.0", "object"),
        (
            base(announcements=[{"kind": "tierce", "high": "9S"}]),
            "announcements.0.team",
            "Which team declared it?",
        ),
        (base(announcements=[{"team": "NS", "kind": "sixte"}]), "announcements.0.kind", "not one"),
        (
            base(announcements=[{"team": "NS", "kind": "tierce"}]),
            "announcements.0.high",
            "Which card tops the tierce?",
        ),
        (
            base(announcements=[{"team": "NS", "kind": "tierce", "high": "1S"}]),
            "announcements.0.high",
            "not a card",
        ),
        (
            base(announcements=[{"team": "NS", "kind": "tierce", "high": "8S"}]),
            "announcements.0.high",
            "9S or higher",
        ),
        (
            base(announcements=[{"team": "NS", "kind": "quinte", "high": "AS", "length": 9}]),
            "announcements.0.length",
            "between 5 and 8",
        ),
        (
            base(announcements=[{"team": "NS", "kind": "quarte", "high": "AS", "length": 3}]),
            "announcements.0.length",
            "does not apply when declaration is Quarte",
        ),
        (
            base(announcements=[{"team": "NS", "kind": "carre"}]),
            "announcements.0.rank",
            "A carré of which rank?",
        ),
        (
            base(announcements=[{"team": "NS", "kind": "carre", "rank": "8"}]),
            "announcements.0.rank",
            "worth nothing",
        ),
        (
            base(announcements=[{"team": "NS", "kind": "carre", "rank": "Z"}]),
            "announcements.0.rank",
            "not one of",
        ),
        (
            base(
                announcements=[
                    {"team": "NS", "kind": "carre", "rank": "K"},
                    {"team": "EW", "kind": "tierce", "high": "KH"},
                ]
            ),
            "announcements.1",
            "shares KH",
        ),
        (
            base(contract="NT", declarer_points=60, belot=["NS"]),
            "belot",
            "none when contract is No trumps",
        ),
        (base(belot=["NS", "EW"]), "belot", "at most 1"),
        (base(belot=["XY"]), "belot.0", "not one of NS or EW"),
        (
            base(announcements=[{"team": "EW", "kind": "tierce", "high": "KH"}], belot=["NS"]),
            "belot",
            "other team",
        ),
        ({"thrown_in": "yes"}, "thrown_in", "true or false"),
        ({"thrown_in": True, "contract": "H"}, "contract", "no other field"),
        (base(taker="NS"), "record", "'taker' is not a field"),
        (
            base(announcements=[{"team": "NS", "kind": "tierce", "high": "9S", "suit": "S"}]),
            "announcements.0.suit",
            "is not a field here",
        ),
    ],
)
def test_a_bad_record_names_the_field_and_the_reason(variant, record, field, words):
    got_field, reason = error(variant, record)
    assert got_field == field
    assert words in reason


def test_surkontra_is_accepted_only_where_max_double_allows_it(variant):
    rules = variant.rules("standard", {"max_double": 8})
    clean = variant.hooks.validate_record(rules, base(doubling="surkontra"))
    assert clean["doubling"] == "surkontra"
    assert error(variant, base(doubling="kontra"), max_double=1)[0] == "doubling"


def test_all_trumps_allow_a_belot_in_every_suit(variant):
    record = base(contract="AT", declarer_points=150, belot=["NS", "EW", "NS", "EW"])
    clean = variant.hooks.validate_record(variant.rules(), record)
    assert clean["belot"] == ["NS", "NS", "EW", "EW"]
    assert error(variant, base(contract="AT", belot=["NS"] * 5))[0] == "belot"


# ---- normalisation -------------------------------------------------------------------------


def test_records_are_normalised_to_the_canonical_spelling(variant):
    rules = variant.rules()
    clean = variant.hooks.validate_record(
        rules,
        {
            "contract": "h",
            "declarer": "w",
            "declarer_points": 62,
            "announcements": [
                {"team": "ns", "kind": "Quinte", "high": "QS", "length": 6},
                {"team": "EW", "kind": "carre", "rank": "a"},
                {"team": "NS", "kind": "quinte", "high": "KH", "length": 5},
                {"team": "EW", "kind": "tierce", "high": "10D"},
            ],
        },
    )
    assert clean == {
        "contract": "H",
        "declarer": "W",
        "doubling": "none",
        "declarer_points": 62,
        "valat": None,
        "belot": [],
        "announcements": [
            {"team": "NS", "kind": "quinte", "high": "QS", "length": 6},
            {"team": "EW", "kind": "carre", "rank": "A"},
            {"team": "NS", "kind": "quinte", "high": "KH"},
            {"team": "EW", "kind": "tierce", "high": "TD"},
        ],
    }
    assert variant.hooks.validate_record(rules, clean) == clean


def test_the_declarer_may_be_written_as_a_team(variant):
    by_seat = variant.hooks.score(variant.rules(), base(declarer="S"))
    by_team = variant.hooks.score(variant.rules(), base(declarer="NS"))
    assert by_seat.points == by_team.points


def test_a_thrown_in_deal_is_the_record_thrown_in(variant):
    thrown = {"thrown_in": True}
    assert variant.hooks.validate_record(variant.rules(), thrown) == thrown
    assert variant.hooks.validate_record(variant.rules(), base(thrown_in=False))["contract"] == "H"


def test_the_form_describes_every_field_and_the_doubling_levels(variant):
    fields = {f.name: f for f in variant.hooks.record_fields(variant.rules())}
    assert list(fields) == [
        "thrown_in",
        "contract",
        "declarer",
        "doubling",
        "declarer_points",
        "valat",
        "announcements",
        "belot",
    ]
    assert all(f.shown_when == {"thrown_in": [False]} for f in list(fields.values())[1:])
    assert [c.value for c in fields["doubling"].choices] == ["none", "kontra", "rekontra"]
    rules2 = variant.rules("standard", {"max_double": 2})
    fields2 = {f.name: f for f in variant.hooks.record_fields(rules2)}
    assert [c.value for c in fields2["doubling"].choices] == ["none", "kontra"]
    assert {f.name for f in fields["announcements"].items} == {
        "team",
        "kind",
        "high",
        "length",
        "rank",
    }


# ---- played deals --------------------------------------------------------------------------


def play(variant, rules, seed):
    deal = Deal.new(variant, rules, dealer=seed % 4, seed=seed)
    return play_out(deal, [RandomBot(seed * 4 + s) for s in range(4)])


def test_no_trumps_records_write_the_card_points_as_counted_not_doubled(variant):
    rules = variant.rules()
    for seed in range(20):
        deal = Deal.new(variant, rules, dealer=seed % 4, seed=seed)
        deal.call("NT")
        for _ in range(3):
            deal.call("PASS")
        play_out(deal, [RandomBot(seed * 4 + s) for s in range(4)])
        record = deal.record()
        played = deal.played()
        team = "NS" if deal.contract.taker % 2 == 0 else "EW"
        assert played.card_points["NS"] + played.card_points["EW"] == 260
        assert record["declarer_points"] * 2 == played.card_points[team]
        assert record["announcements"] == [] and record["belot"] == []


def test_played_deals_score_as_their_records_under_every_preset(variant):
    for preset in variant.presets:
        rules = variant.rules(preset)
        for seed in range(40):
            deal = play(variant, rules, seed)
            record = deal.record()
            assert variant.hooks.score(rules, record).points == deal.score().points
            if deal.contract is None:
                continue
            played = deal.played()
            # The counted declarations of the engine are the ones the record's scoring counts.
            counted = {"NS": 0, "EW": 0}
            for a in played.counted:
                counted["NS" if a.team == 0 else "EW"] += a.points
            assert deal.score().details["declarations"] == counted


def test_the_variant_keeps_the_kernel_invariants_over_random_deals():
    check_variant("bulgarian-belot", deals=25)


def test_a_played_deal_brings_the_hanging_points_to_its_winner(variant):
    from framework.rules.scoring import MatchContext

    rules = variant.rules()
    seen = set()
    for seed in range(60):
        deal = Deal.new(variant, rules, dealer=seed % 4, seed=seed, context=MatchContext(pot=11))
        play_out(deal, [RandomBot(seed * 4 + s) for s in range(4)])
        s = deal.score()
        again = Deal.from_json(variant, deal.to_json()).score()
        assert again == s
        if deal.contract is None:
            assert s.pot == 11 and sum(s.points.values()) == 0
            seen.add("thrown in")
            continue
        raw = s.details["raw"]
        if raw["NS"] == raw["EW"]:
            assert s.pot > 11
            seen.add("tie")
            continue
        winner = "NS" if raw["NS"] > raw["EW"] else "EW"
        without = variant.hooks.score(rules, deal.record(), MatchContext(pot=0))
        assert s.points[winner] == without.points[winner] + 11
        assert s.pot == 0
        seen.add("won")
    assert "won" in seen


def test_presets_are_the_option_bundles_of_the_spec(variant):
    assert variant.default_preset == "standard"
    std, nik, exe = (variant.rules(p) for p in ("standard", "nik", "exe"))
    assert (std.target, std.max_double, std.comparison, std.rounding) == (
        151,
        4,
        "separate",
        "pair_rule",
    )
    assert (
        nik.carre_vs_sequence_overlap,
        nik.seq8,
        nik.carre_rank,
        nik.hang_through_passout,
        nik.valat_and_double,
        nik.winner_must_score_in_last_deal,
    ) == ("carre", 120, "J9AKQT", False, "cancel", True)
    assert (exe.comparison, exe.rounding) == ("single_best", "exe")
    changed = {k for k in std.options if std.options[k] != exe.options[k]}
    assert changed == {"comparison", "rounding"}
