"""Préférence's settlement (mountain to whists): the worked examples M2, M3 and M4 of
docs/variants/preference.md §12 (M1, a whole match, is in test_preference_records.py)."""

from __future__ import annotations

from preference_helpers import rules

from variants.preference.sheet import column_keys, pools_closed, settle


def totals(pools, mountains, whists):
    out = {}
    for s, v in pools.items():
        out[f"{s}.pool"] = v
    for s, v in mountains.items():
        out[f"{s}.mountain"] = v
    for (writer, on), v in whists.items():
        out[f"{writer}.whists.{on}"] = v
    return out


M1_FINAL = totals(
    {"N": 6, "E": 6, "S": 6},
    {"N": 2, "E": 9, "S": 3},
    {("E", "N"): 6, ("S", "N"): 2, ("S", "E"): 24, ("N", "E"): 32},
)


def test_m1_settlement():
    assert settle(rules(pool_size=6), M1_FINAL, ("N", "E", "S")) == {"N": 50, "E": -93, "S": 43}


def test_m2_settlement_alone():
    t = totals(
        {"N": 10, "E": 10, "S": 10},
        {"N": 12, "E": 4, "S": 0},
        {
            ("N", "E"): 30,
            ("N", "S"): 10,
            ("E", "N"): 40,
            ("E", "S"): 6,
            ("S", "N"): 20,
            ("S", "E"): 14,
        },
    )
    result = settle(rules(), t, ("N", "E", "S"))
    assert result == {"N": -87, "E": 16, "S": 71}
    assert sum(result.values()) == 0


def test_m3_four_players_halves_away_from_zero():
    t = totals({"N": 5, "E": 5, "S": 5, "W": 5}, {"N": 3, "E": 1, "S": 0, "W": 0}, {})
    result = settle(rules(players=4), t, ("N", "E", "S", "W"))
    assert result == {"N": -21, "E": -1, "S": 11, "W": 11}
    assert sum(result.values()) == 0


def test_m4_leningrad_pools():
    t = dict(M1_FINAL, **{"E.pool": 4})
    assert settle(rules("leningrad"), t, ("N", "E", "S")) == {"N": 64, "E": -120, "S": 56}


def test_the_match_ends_when_every_pool_is_full():
    r = rules(pool_size=6)
    assert pools_closed(r, M1_FINAL, ("N", "E", "S"))
    assert not pools_closed(r, dict(M1_FINAL, **{"E.pool": 4}), ("N", "E", "S"))


def test_the_columns_grouped_by_player():
    keys = column_keys(("N", "E", "S"))
    assert len(keys) == 12 and len(column_keys(("N", "E", "S", "W"))) == 20
    assert keys[:4] == [
        ("N.pool", "N"),
        ("N.mountain", "N"),
        ("N.whists.E", "N"),
        ("N.whists.S", "N"),
    ]
