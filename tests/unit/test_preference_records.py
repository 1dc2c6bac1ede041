"""Préférence's deal record (docs/variants/preference.md §13): its checks, each naming its
field, and the short match M1 of §12 scored record by record."""

from __future__ import annotations

import pytest
from preference_helpers import rules

from framework.api import MatchContext, RecordError
from variants.preference.records import atout_record_schema_for, streak_after, write_record
from variants.preference.sheet import settle

NO_CONTEXT = MatchContext()


def validate(record, context=NO_CONTEXT, **options):
    r = rules(**options)
    return atout_record_schema_for(r).validate(record, context)


def refused(record, field, reason, context=NO_CONTEXT, **options):
    with pytest.raises(RecordError) as caught:
        validate(record, context, **options)
    assert caught.value.field == field
    assert reason in caught.value.reason, caught.value.reason


def test_too_many_tricks_are_said_by_the_players_names_on_a_named_sheet():
    # the record keeps the letters ("N 6 + E 3 + S 2"); a page says the names it gave them
    from framework.core.messages import Names, Translator
    from variants.preference.declaration import DOMAIN

    game = {
        "kind": "game",
        "declarer": "N",
        "contract": "6S",
        "whist": {"E": "whist", "S": "whist"},
    }
    with pytest.raises(RecordError) as caught:
        validate(dict(game, tricks={"N": 6, "E": 3, "S": 2}))
    named = Translator("en", [DOMAIN], Names(seats={0: "Olga", 1: "Ivan", 2: "Pavel"}))
    assert (
        named.render(caught.value.reason) == "Olga 6 + Ivan 3 + Pavel 2 = 11; a deal has 10 tricks"
    )


def test_the_spec_records_are_valid():
    assert (
        validate(
            {
                "kind": "game",
                "dealer": "S",
                "declarer": "N",
                "contract": "7H",
                "whist": {"E": "whist", "S": "pass"},
                "open": True,
                "tricks": {"N": 6, "E": 3, "S": 1},
            }
        )["open"]
        is True
    )
    assert validate(
        {
            "kind": "game",
            "dealer": "S",
            "declarer": "N",
            "contract": "6C",
            "whist": {"E": "pass", "S": "half"},
        }
    )["whist"] == {"E": "pass", "S": "half"}
    assert validate({"kind": "misere", "dealer": "S", "declarer": "E", "tricks": {"E": 2}})
    assert (
        validate(
            {"kind": "raspasy", "dealer": "S", "streak": 2, "tricks": {"N": 0, "E": 6, "S": 4}}
        )["streak"]
        == 2
    )
    assert validate({"thrown_in": True}) == {"thrown_in": True}
    assert (
        validate(
            {"kind": "game", "declarer": "N", "contract": "6♠", "whist": {"E": "pass", "S": "pass"}}
        )["contract"]
        == "6S"
    )


def test_the_checks_name_their_field():
    game = {
        "kind": "game",
        "dealer": "S",
        "declarer": "N",
        "contract": "6S",
        "whist": {"E": "whist", "S": "whist"},
    }
    refused(
        dict(game, tricks={"N": 6, "E": 3, "S": 2}),
        "tricks",
        "N 6 + E 3 + S 2 = 11; a deal has 10 tricks",
    )
    refused(dict(game, contract="11S"), "contract", "is not one of")
    refused(
        dict(game, contract="8NT", whist={"E": "pass", "S": "half"}),
        "whist.S",
        "half-whist is only for 6 and 7 contracts; this is 8NT",
    )
    refused(
        dict(game, whist={"E": "half", "S": "pass"}),
        "whist.E",
        "only the second defender (S) may say half, after the first (E) passes",
    )
    refused(
        dict(game, whist={"E": "pass", "S": "pass"}, tricks={"N": 6, "E": 3, "S": 1}),
        "tricks",
        "no play after whist pass/pass; remove tricks",
    )
    refused(
        {
            "kind": "game",
            "dealer": "W",
            "declarer": "W",
            "contract": "6S",
            "whist": {"N": "pass", "E": "pass"},
        },
        "dealer",
        "W deals and sits out; W cannot declare",
        players=4,
    )
    refused(
        {"kind": "raspasy", "contract": "6S", "tricks": {"N": 2, "E": 5, "S": 3}},
        "contract",
        "does not apply",
    )
    refused(dict(game, bid="6S"), "record", "'bid' is not a field of a Préférence record")
    refused(
        dict(game, contract="6NT", tricks={"N": 6, "E": 3, "S": 1}),
        "contract",
        "6NT is too low after raspasy (raspasy_exit 7)",
        MatchContext(pot=1),
        raspasy_exit="7",
    )
    refused(dict(game, whist={"E": "whist"}), "whist.S", "is missing")
    refused(
        dict(game, whist={"N": "whist", "E": "whist", "S": "pass"}), "whist.N", "does not defend"
    )
    refused({"kind": "raspasy", "tricks": {"N": 2, "E": 5}}, "tricks", "missing S")
    refused(
        {"kind": "raspasy", "dealer": "W", "tricks": {"N": 2, "E": 5, "S": 2, "W": 1}},
        "tricks.W",
        "W deals and sits out",
        players=4,
    )
    refused(
        {"kind": "game", "declarer": "N", "contract": "6S", "whist": {"E": "pass", "S": "pass"}},
        "dealer",
        "with four players",
        players=4,
    )
    refused(dict(game, whist={"E": "whist", "S": "pass"}), "tricks", "missing N E S")
    refused(dict(game, open=True, tricks={"N": 6, "E": 3, "S": 1}), "open", "lone whister")
    refused(dict(game, whist={"E": "pass", "S": "whist"}), "whist.E", "stalingrad", stalingrad=True)
    refused(dict(game, whist={"E": "whist", "S": "nope"}), "whist.S", "is not one of")
    refused(dict(game, whist={"X": "whist"}), "whist", "'X' is not a seat here")


def test_the_four_handed_dealer_plays_the_talon_under_dealer_plays():
    record = {"kind": "raspasy", "dealer": "W", "tricks": {"N": 3, "E": 4, "S": 2, "W": 1}}
    assert validate(record, players=4, raspasy_talon="dealer_plays")["tricks"]["W"] == 1


M1 = [
    (
        "S",
        {
            "kind": "game",
            "declarer": "N",
            "contract": "6S",
            "whist": {"E": "whist", "S": "whist"},
            "tricks": {"N": 6, "E": 3, "S": 1},
        },
    ),
    (
        "N",
        {
            "kind": "game",
            "declarer": "E",
            "contract": "7H",
            "open": True,
            "whist": {"S": "whist", "N": "pass"},
            "tricks": {"E": 6, "S": 3, "N": 1},
        },
    ),
    ("E", {"kind": "raspasy", "tricks": {"N": 2, "E": 5, "S": 3}}),
    ("S", {"kind": "game", "declarer": "S", "contract": "8D", "whist": {"N": "pass", "E": "pass"}}),
    ("N", {"kind": "game", "declarer": "N", "contract": "8S", "whist": {"E": "pass", "S": "pass"}}),
    (
        "E",
        {
            "kind": "game",
            "declarer": "E",
            "contract": "7D",
            "whist": {"S": "whist", "N": "whist"},
            "tricks": {"E": 7, "S": 1, "N": 2},
        },
    ),
]


def test_m1_a_short_match():
    r = rules(pool_size=6)
    schema = atout_record_schema_for(r)
    totals: dict[str, int] = {}
    pot = 0
    from variants.preference.sheet import pools_closed

    for number, (dealer, record) in enumerate(M1, 1):
        assert not pools_closed(r, totals, ("N", "E", "S"))
        context = MatchContext(totals, pot, number, "NES".index(dealer))
        clean = schema.validate(dict(record, dealer=dealer), context)
        written, _ = write_record(r, clean, context)
        for key, value in written.columns().items():
            totals[key] = totals.get(key, 0) + value
        pot = streak_after(r, clean, pot)
        if number == 3:
            assert pot == 1
            assert {k: v for k, v in totals.items() if k.endswith("mountain")} == {
                "N.mountain": 2,
                "E.mountain": 9,
                "S.mountain": 3,
            }
        if number == 5:
            assert written.to_json() == {
                "pool": {"N": 4, "E": 2},
                "mountain": {},
                "whists": {"N": {"E": 20}},
            }
    assert pools_closed(r, totals, ("N", "E", "S"))
    assert totals == {
        "N.pool": 6,
        "E.pool": 6,
        "S.pool": 6,
        "N.mountain": 2,
        "E.mountain": 9,
        "S.mountain": 3,
        "E.whists.N": 6,
        "S.whists.N": 2,
        "S.whists.E": 24,
        "N.whists.E": 32,
    }
    assert settle(r, totals, ("N", "E", "S")) == {"N": 50, "E": -93, "S": 43}


def test_r9_the_streak_across_a_deal_that_is_not_an_exit():
    passed = {
        "kind": "game",
        "declarer": "N",
        "contract": "8S",
        "whist": {"E": "pass", "S": "pass"},
    }
    raspasy = {"kind": "raspasy", "tricks": {"N": 2, "E": 5, "S": 3}}
    lenin = rules("leningrad")
    assert streak_after(lenin, passed, 1) == 1
    assert streak_after(lenin, raspasy, 1) == 2
    # deal 3 under leningrad: the second raspasy of the streak, c = 4
    written, _ = write_record(lenin, raspasy, MatchContext(pot=1))
    assert written.mountain == {"N": 8, "E": 20, "S": 12}
    sochi = rules("sochi")
    assert streak_after(sochi, passed, 1) == 0
    written, _ = write_record(sochi, raspasy, MatchContext(pot=0))
    assert written.mountain == {"N": 2, "E": 5, "S": 3}


def test_r9_leningrad_refuses_6nt_while_the_streak_is_open():
    r = rules("leningrad")
    record = {
        "kind": "game",
        "declarer": "N",
        "contract": "6NT",
        "whist": {"E": "pass", "S": "pass"},
    }
    with pytest.raises(RecordError, match="raspasy_exit 7"):
        atout_record_schema_for(r).validate(record, MatchContext(pot=1))


def test_a_thrown_in_deal_asks_no_dealer():
    # the four-handed table's dealer is a question of a played deal only: a thrown-in deal is
    # {"thrown_in": true} alone, and its form hid every field but the dealer
    for players in (3, 4):
        schema = atout_record_schema_for(rules(players=players))
        assert schema.by_name["dealer"].shown_when == {"thrown_in": [False]}
        refused({"thrown_in": True, "dealer": "S"}, "dealer", "no other field", players=players)
