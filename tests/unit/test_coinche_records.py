"""Coinche deal records: the form description, validation field by field, and the record the
engine writes for a played deal (which must score as the deal was played)."""

import json

import pytest

from framework.bots.base import RandomBot, play_out
from framework.core.cards import FRENCH_32 as DECK
from framework.core.errors import RecordError
from framework.core.seats import TEAMS, W, next_seat
from framework.engine.deal import Deal
from framework.kit.conformance import check_variant
from framework.rules.plugins import load_variant

COINCHE = load_variant("coinche")
GOOD = {
    "taker": "NS",
    "bid": 110,
    "trump": "H",
    "coinche": "none",
    "taker_points": 94,
    "capot": None,
    "belote": ["NS"],
    "announcements": [
        {"team": "NS", "kind": "tierce", "high": "KH"},
        {"team": "EW", "kind": "carre", "rank": "J"},
    ],
}


def validate(record, preset="house", **overrides):
    return COINCHE.hooks.validate_record(COINCHE.rules(preset, overrides), record)


def error(record, preset="house", **overrides):
    with pytest.raises(RecordError) as err:
        validate(record, preset, **overrides)
    return err.value.field, err.value.reason


# ---- validation ---------------------------------------------------------------------------------


def test_the_design_md_record_is_valid_and_scores():
    assert validate(GOOD) == GOOD
    # EW's carré of jacks (200) beats NS's tierce, which does not count.
    s = COINCHE.hooks.score(COINCHE.rules("house"), GOOD)  # 94 >= 82 and 94 + 20 >= 110
    assert s.made is True and dict(s.points) == {"NS": 220, "EW": 270}
    s = COINCHE.hooks.score(COINCHE.rules("ffb"), GOOD)  # 114 is not > 68 + 200
    assert s.made is False and dict(s.points) == {"NS": 20, "EW": 470}


def test_spellings_are_normalised():
    record = {
        "taker": "ew",
        "bid": "Capot",
        "trump": "♠",
        "taker_points": 162,
        "capot": "EW",
        "belote": ["we"],
    }
    assert validate(record) == {
        "taker": "EW",
        "bid": "capot",
        "trump": "S",
        "coinche": "none",
        "taker_points": 162,
        "capot": "EW",
        "belote": ["EW"],
        "announcements": [],
    }
    assert validate({**record, "bid": "120", "capot": None})["bid"] == 120


def test_a_capot_needs_no_taker_points():
    assert validate({"taker": "NS", "bid": 90, "trump": "S", "capot": "NS"})["taker_points"] == 162
    assert (
        validate({"taker": "NS", "bid": 90, "trump": "S", "capot": "EW", "taker_points": None})[
            "taker_points"
        ]
        == 0
    )


def test_the_thrown_in_record():
    assert validate({"thrown_in": True}) == {"thrown_in": True}
    assert error({"thrown_in": True, "taker": "NS"}) == (
        "taker",
        "a thrown-in deal has no other field",
    )


@pytest.mark.parametrize(
    ("change", "field", "reason"),
    [
        ({"bid": 95}, "bid", "95 is not one of 80 to 160 by 10 or capot"),
        ({"bid": 70}, "bid", "70 is not one of 80 to 160 by 10 or capot"),
        ({"bid": 170}, "bid", "170 is not one of 80 to 160 by 10 or capot"),
        ({"bid": "cent"}, "bid", "'cent' is not one of 80 to 160 by 10 or capot"),
        ({"bid": True}, "bid", "true is not one of 80 to 160 by 10 or capot"),
        ({"taker": "XY"}, "taker", "'XY' is not one of NS or EW"),
        ({"trump": "Z"}, "trump", "'Z' is not one of S, H, D, C, NT or AT"),
        ({"trump": 3}, "trump", "3 is not one of S, H, D, C, NT or AT"),
        ({"coinche": "double"}, "coinche", "'double' is not one of none, coinche or surcoinche"),
        ({"taker_points": 163}, "taker_points", "163 is not between 0 and 162"),
        ({"taker_points": 9.5}, "taker_points", "9.5 is not a whole number"),
        ({"capot": "XX"}, "capot", "'XX' is not one of null, NS or EW"),
        ({"capot": "NS"}, "taker_points", "the takers took every trick: they have 162, not 94"),
        (
            {"capot": "EW"},
            "taker_points",
            "the defenders took every trick: the takers have 0, not 94",
        ),
        ({"belote": ["NS", "EW"]}, "belote", "at most 1 when trump is hearts ♥ (not 2)"),
        ({"belote": "NS"}, "belote", 'is a list, e.g. ["NS"]'),
        ({"trump": "NT"}, "belote", "none when trump is no trumps (not 1)"),
        (
            {"announcements": [{"team": "NS", "kind": "tierce", "high": "8H"}]},
            "announcements.0.high",
            "a tierce of 3 cards cannot end at 8H",
        ),
        ({"colour": "H"}, "record", "'colour' is not a field of a Coinche deal record"),
    ],
)
def test_a_bad_field_is_named_with_the_reason(change, field, reason):
    got_field, got_reason = error({**GOOD, **change})
    assert got_field == field
    assert got_reason.startswith(reason)


@pytest.mark.parametrize("missing", ["taker", "bid", "trump", "taker_points"])
def test_a_missing_required_field_is_named(missing):
    field, reason = error({k: v for k, v in GOOD.items() if k != missing})
    assert field == missing and reason.startswith("is missing")


def test_no_trumps_is_refused_where_nt_at_is_off():
    assert error({**GOOD, "trump": "nt", "belote": [], "announcements": []}, "ffb") == (
        "trump",
        "no trumps is not played in these rules (option nt_at is off); name a suit: S H D C",
    )


def test_the_refusal_of_no_trumps_is_said_in_the_readers_language():
    from framework.core.messages import render

    _field, reason = error({**GOOD, "trump": "nt", "belote": [], "announcements": []}, "ffb")
    assert render(reason, "fr", COINCHE.translations) == (
        "sans atout : ne se joue pas avec ces règles (l'option nt_at est désactivée) ; "
        "nommez une couleur : S H D C"
    )


def test_announcements_are_refused_in_a_game_without_them():
    assert error(GOOD, "bidonly") == ("announcements", "this game is played without announcements")
    record = {k: v for k, v in GOOD.items() if k != "announcements"}
    assert "announcements" not in validate(record, "bidonly")


def test_a_coinched_capot_is_refused_where_capot_coinchable_is_off():
    record = {"taker": "NS", "bid": "capot", "trump": "H", "capot": "NS", "coinche": "coinche"}
    assert error(record, "bidonly")[0] == "coinche"
    assert validate(record, "house")["coinche"] == "coinche"


# ---- the form -----------------------------------------------------------------------------------


def test_the_form_lists_the_fields_with_bids_and_contracts_of_the_preset():
    fields = {f.name: f for f in COINCHE.hooks.record_fields(COINCHE.rules("house"))}
    assert list(fields) == [
        "thrown_in",
        "taker",
        "bid",
        "trump",
        "coinche",
        "capot",
        "taker_points",
        "belote",
        "announcements",
    ]
    bids = [c.value for c in fields["bid"].choices]
    assert bids[0] == 80 and bids[-2] == 160 and bids[-1] == "capot"
    assert [c.value for c in fields["trump"].choices] == ["S", "H", "D", "C", "NT", "AT"]
    assert fields["taker_points"].shown_when == {"capot": [None]}
    assert [f.name for f in fields["announcements"].items] == [
        "team",
        "kind",
        "high",
        "length",
        "rank",
    ]
    json.dumps([f.describe() for f in fields.values()])


def test_the_form_follows_the_options():
    fields = {f.name: f for f in COINCHE.hooks.record_fields(COINCHE.rules("bidonly"))}
    assert "announcements" not in fields
    assert [c.value for c in fields["trump"].choices] == ["S", "H", "D", "C"]
    wide = COINCHE.rules("ffb", {"max_bid": 250})
    fields = {f.name: f for f in COINCHE.hooks.record_fields(wide)}
    assert [c.value for c in fields["bid"].choices][-2] == 250


# ---- the record of a played deal ---------------------------------------------------------------


def deal_with(hands, dealer=W, preset="house", **overrides):
    """A deal whose starting hands are ``hands`` (card names by seat N E S W), dealt 3-2-3."""
    rules = COINCHE.rules(preset, overrides)
    cards = [DECK.parse_many(h) for h in hands]
    taken = [0, 0, 0, 0]
    order = []
    for packet in (3, 2, 3):
        seat = dealer
        for _ in range(4):
            seat = next_seat(seat)
            order += cards[seat][taken[seat] : taken[seat] + packet]
            taken[seat] += packet
    return Deal(COINCHE, rules, dealer, order)


def test_the_played_record_carries_points_belote_and_every_declaration():
    hands = [
        "JH 9H KH QH 7S 8S 9S AD",
        "JS TH AH KS QS 7D 8H 7H",
        "TS AS 8D 9D TD 7C 8C 9C",
        "JD JC QD KD TC QC KC AC",
    ]
    deal = deal_with(hands)
    deal.call("100H")  # N
    for _ in range(3):
        deal.call("PASS")
    play_out(deal, [RandomBot(s) for s in range(4)])
    record = deal.record()
    played = deal.played()
    assert record["taker"] == "NS" and record["bid"] == 100 and record["trump"] == "H"
    assert record["taker_points"] == played.card_points["NS"]
    assert played.card_points["NS"] + played.card_points["EW"] == 162
    assert record["belote"] == ["NS"]
    assert sorted(record["announcements"], key=str) == sorted(
        [
            {"team": "NS", "kind": "tierce", "high": "9S"},  # N
            {"team": "NS", "kind": "tierce", "high": "KH"},  # N
            {"team": "EW", "kind": "tierce", "high": "KS"},  # E
            {"team": "NS", "kind": "tierce", "high": "TD"},  # S
            {"team": "NS", "kind": "tierce", "high": "9C"},  # S
            {"team": "EW", "kind": "quinte", "high": "AC"},  # W
            {"team": "EW", "kind": "tierce", "high": "KD"},
        ],
        key=str,
    )  # W
    # W's quinte beats every NS tierce: all of EW's count, none of NS's.
    assert sorted(a.points for a in played.counted) == [20, 20, 100]
    score = deal.score()
    assert score.details["announcements"] == {"NS": 0, "EW": 140}
    assert score == COINCHE.hooks.score(deal.rules, json.loads(json.dumps(record)))


@pytest.mark.parametrize("preset", ["house", "ffb", "bidonly"])
def test_random_deals_score_the_same_from_the_record_and_count_the_same_announcements(preset):
    rules = COINCHE.rules(preset)
    for seed in range(25):
        deal = Deal.new(COINCHE, rules, dealer=seed % 4, seed=seed)
        play_out(deal, [RandomBot(seed * 4 + s) for s in range(4)])
        record = deal.record()
        if record.get("thrown_in"):
            continue
        played = deal.played()
        assert sum(played.card_points.values()) == 162
        assert sorted(c for _, cards, _ in played.tricks for c in cards) == list(range(32))
        score = COINCHE.hooks.score(rules, json.loads(json.dumps(record)))
        counted = {
            t: sum(a.points for a in played.counted if a.seat % 2 == i) for i, t in enumerate(TEAMS)
        }
        assert score.details["announcements"] == counted
        assert score == deal.score()


def test_coinche_keeps_the_kernel_invariants():
    check_variant("coinche", deals=12)
