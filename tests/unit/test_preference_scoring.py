"""Préférence's scoring: the worked examples G1-G12, F1, F3, R1-R7 and H1 of
docs/variants/preference.md §12, the spec's numbers asserted."""

from __future__ import annotations

import pytest
from preference_helpers import rules

from variants.preference.scoring import score_game, score_misere, score_raspasy
from variants.preference.sheet import Written, write_pool


def game(preset, level, declarer, calls, tricks, others=(), **options):
    seats = ("N", "E", "S", "W") if others else ("N", "E", "S")
    players = [s for s in seats if s not in others]
    i = players.index(declarer)
    defenders = [players[(i + 1) % 3], players[(i + 2) % 3]]
    written, _ = score_game(
        rules(preset, **options), level, declarer, defenders, calls, tricks, others
    )
    return written.to_json()


def sheet(pool=None, mountain=None, whists=None):
    return {"pool": pool or {}, "mountain": mountain or {}, "whists": whists or {}}


WE = {"E": "whist", "S": "whist"}
WP = {"E": "whist", "S": "pass"}


@pytest.mark.parametrize(
    ("name", "preset", "level", "calls", "tricks", "options", "expected"),
    [
        (
            "G1",
            "sochi",
            6,
            WE,
            {"N": 6, "E": 3, "S": 1},
            {},
            sheet({"N": 2}, None, {"E": {"N": 6}, "S": {"N": 2}}),
        ),
        (
            "G2",
            "sochi",
            7,
            WP,
            {"N": 6, "E": 3, "S": 1},
            {},
            sheet(None, {"N": 4}, {"E": {"N": 20}, "S": {"N": 4}}),
        ),
        (
            "G3",
            "sochi",
            6,
            WE,
            {"N": 7, "E": 2, "S": 1},
            {},
            sheet({"N": 2}, {"S": 2}, {"E": {"N": 4}, "S": {"N": 2}}),
        ),
        (
            "G3L",
            "leningrad",
            6,
            WE,
            {"N": 7, "E": 2, "S": 1},
            {},
            sheet({"N": 2}, {"S": 2}, {"E": {"N": 8}, "S": {"N": 4}}),
        ),
        (
            "G3R",
            "rostov",
            6,
            WE,
            {"N": 7, "E": 2, "S": 1},
            {},
            sheet({"N": 2}, {"S": 1}, {"E": {"N": 4}, "S": {"N": 2}}),
        ),
        ("G4", "sochi", 8, WE, {"N": 10, "E": 0, "S": 0}, {}, sheet({"N": 6}, {"S": 6})),
        (
            "G4b",
            "sochi",
            8,
            WE,
            {"N": 10, "E": 0, "S": 0},
            {"single_duty_liable": "both"},
            sheet({"N": 6}, {"E": 6, "S": 6}),
        ),
        (
            "G5",
            "sochi",
            6,
            {"E": "pass", "S": "half"},
            None,
            {},
            sheet({"N": 2}, None, {"S": {"N": 4}}),
        ),
        (
            "G5b",
            "sochi",
            7,
            {"E": "pass", "S": "half"},
            None,
            {},
            sheet({"N": 4}, None, {"S": {"N": 4}}),
        ),
        (
            "G5c",
            "sochi",
            6,
            WP,
            {"N": 6, "E": 3, "S": 1},
            {},
            sheet({"N": 2}, None, {"E": {"N": 8}}),
        ),
        ("G6", "sochi", 9, {"E": "pass", "S": "pass"}, None, {}, sheet({"N": 8})),
        (
            "G8",
            "sochi",
            6,
            WP,
            {"N": 7, "E": 2, "S": 1},
            {},
            sheet({"N": 2}, {"E": 2}, {"E": {"N": 6}}),
        ),
        (
            "G8R",
            "rostov",
            6,
            WP,
            {"N": 7, "E": 2, "S": 1},
            {},
            sheet({"N": 2}, {"E": 1}, {"E": {"N": 6}}),
        ),
        (
            "G9",
            "leningrad",
            7,
            WP,
            {"N": 5, "E": 4, "S": 1},
            {},
            sheet(None, {"N": 16}, {"E": {"N": 36}, "S": {"N": 36}}),
        ),
        (
            "G9s",
            "sochi",
            7,
            WP,
            {"N": 5, "E": 4, "S": 1},
            {},
            sheet(None, {"N": 8}, {"E": {"N": 28}, "S": {"N": 8}}),
        ),
        (
            "G10",
            "leningrad",
            6,
            WP,
            {"N": 6, "E": 3, "S": 1},
            {},
            sheet({"N": 2}, None, {"E": {"N": 16}}),
        ),
        (
            "G11",
            "sochi",
            6,
            WE,
            {"N": 7, "E": 3, "S": 0},
            {},
            sheet({"N": 2}, {"S": 2}, {"E": {"N": 6}}),
        ),
        (
            "G11o",
            "sochi",
            6,
            WE,
            {"N": 7, "E": 3, "S": 0},
            {"pair_liability": "own_share"},
            sheet({"N": 2}, {"S": 4}, {"E": {"N": 6}}),
        ),
        (
            "G11p",
            "sochi",
            6,
            WE,
            {"N": 7, "E": 3, "S": 0},
            {"pair_share": True, "pair_liability": "split"},
            sheet({"N": 2}, {"S": 2}, {"E": {"N": 3}, "S": {"N": 3}}),
        ),
        (
            "G12",
            "sochi",
            7,
            WP,
            {"N": 6, "E": 3, "S": 1},
            {"consolation_to": "whisters"},
            sheet(None, {"N": 4}, {"E": {"N": 20}}),
        ),
    ],
)
def test_games(name, preset, level, calls, tricks, options, expected):
    assert game(preset, level, "N", calls, tricks, **options) == expected, name


@pytest.mark.parametrize(
    ("tricks", "charged"),
    [((3, 0), (0, 1)), ((2, 1), (0, 1)), ((1, 1), (1, 1)), ((1, 0), (1, 2)), ((0, 0), (2, 2))],
)
def test_two_whisters_on_a_6_are_charged_the_shortfall(tricks, charged):
    e, s = tricks
    out = game("sochi", 6, "N", WE, {"N": 10 - e - s, "E": e, "S": s})
    assert (out["mountain"].get("E", 0), out["mountain"].get("S", 0)) == (
        2 * charged[0],
        2 * charged[1],
    )


def test_own_share_charges_each_his_half():
    out = game("sochi", 6, "N", WE, {"N": 7, "E": 3, "S": 0}, pair_liability="own_share")
    assert out["mountain"] == {"S": 4}  # 3 and 0 -> 0 and 2


@pytest.mark.parametrize(
    ("preset", "taken", "expected"),
    [
        ("sochi", 2, sheet(None, {"E": 20})),
        ("leningrad", 2, sheet(None, {"E": 40})),
        ("sochi", 0, sheet({"E": 10})),
    ],
    ids=["G7", "G7L", "G7b"],
)
def test_misere(preset, taken, expected):
    written, _ = score_misere(rules(preset), "E", taken)
    assert written.to_json() == expected


def test_f1_the_four_handed_dealer_consoles():
    calls = {"E": "whist", "S": "pass"}
    out = game("sochi", 7, "N", calls, {"N": 5, "E": 4, "S": 1}, others=("W",), players=4)
    assert out == sheet(None, {"N": 8}, {"E": {"N": 28}, "S": {"N": 8}, "W": {"N": 8}})
    out = game(
        "sochi",
        7,
        "N",
        calls,
        {"N": 5, "E": 4, "S": 1},
        others=("W",),
        players=4,
        consolation_to="defenders",
    )
    assert "W" not in out["whists"]


def test_f3_raspasy_with_the_dealer_playing_the_talon():
    written, _ = score_raspasy(
        rules("leningrad", players=4), {"N": 3, "E": 4, "S": 2, "W": 1}, ("N", "E", "S"), 1
    )
    assert written.to_json() == sheet(None, {"N": 6, "E": 8, "S": 4, "W": 2})


def test_the_four_handed_dealer_never_gets_the_zero_bonus():
    written, _ = score_raspasy(
        rules("leningrad", players=4), {"N": 3, "E": 5, "S": 2, "W": 0}, ("N", "E", "S"), 1
    )
    assert written.pool == {}


@pytest.mark.parametrize(
    ("name", "preset", "streak", "tricks", "options", "expected"),
    [
        ("R1", "sochi", 1, {"N": 2, "E": 5, "S": 3}, {}, sheet(None, {"N": 2, "E": 5, "S": 3})),
        ("R2", "sochi", 2, {"N": 0, "E": 6, "S": 4}, {}, sheet({"N": 2}, {"E": 12, "S": 8})),
        ("R3", "leningrad", 2, {"N": 0, "E": 6, "S": 4}, {}, sheet({"N": 4}, {"E": 24, "S": 16})),
        (
            "R4",
            "rostov",
            3,
            {"N": 2, "E": 5, "S": 3},
            {},
            sheet(None, None, {"N": {"E": 25, "S": 15}}),
        ),
        (
            "R5",
            "rostov",
            1,
            {"N": 2, "E": 2, "S": 6},
            {},
            sheet(None, None, {"N": {"S": 30}, "E": {"S": 30}}),
        ),
        (
            "R6",
            "rostov",
            2,
            {"N": 0, "E": 4, "S": 6},
            {},
            sheet({"N": 1}, None, {"N": {"E": 20, "S": 30}}),
        ),
        (
            "R7",
            "sochi",
            1,
            {"N": 2, "E": 5, "S": 3},
            {"raspasy_amnesty": True},
            sheet(None, {"E": 3, "S": 1}),
        ),
    ],
)
def test_raspasy(name, preset, streak, tricks, options, expected):
    written, _ = score_raspasy(rules(preset, **options), tricks, ("N", "E", "S"), streak)
    assert written.to_json() == expected, name


@pytest.mark.parametrize(
    ("preset", "prices"),
    [("sochi", [1, 2, 3, 3]), ("leningrad", [2, 4, 6, 6]), ("rostov", [1, 1, 1, 1])],
)
def test_the_progression(preset, prices):
    from variants.preference.scoring import raspasy_price

    assert [raspasy_price(rules(preset), n) for n in (1, 2, 3, 4)] == prices


def test_h1_help():
    r = rules("sochi", pool_size=10)
    pools = {"N": 8, "E": 3, "S": 0}
    written, _ = score_game(
        r, 8, "N", ["E", "S"], {"E": "pass", "S": "pass"}, None, pools=pools, order=("N", "E", "S")
    )
    assert written.to_json() == sheet({"N": 2, "E": 4}, None, {"N": {"E": 40}})
    assert pools == {"N": 10, "E": 7, "S": 0}


def test_help_to_the_fullest_and_past_every_pool():
    r = rules("sochi", pool_size=10, help_to="fullest")
    written = Written()
    pools = {"N": 9, "E": 3, "S": 6}
    write_pool(r, written, "N", 10, pools, ("N", "E", "S"))
    assert written.pool == {"N": 1, "S": 4, "E": 5}
    assert written.whists == {"N": {"S": 40, "E": 50}}
    written = Written()
    pools = {"N": 9, "E": 10, "S": 10}
    write_pool(r, written, "N", 4, pools, ("N", "E", "S"))
    assert written.pool == {"N": 4} and pools["N"] == 13  # no open pool: it stays his


def test_the_seats_that_console_are_said_as_one_list_by_their_players_names():
    # a page says the players' names ("consolation 4 from Ivan and Pavel"), the record keeps
    # the letters; at four players three may console
    from framework.core.messages import Names, Translator
    from variants.preference.declaration import DOMAIN
    from variants.preference.scoring import _together

    say = Translator("en", [DOMAIN]).render
    named = Translator("en", [DOMAIN], Names(seats={1: "Ivan", 2: "Pavel", 3: "Vera"}))
    assert say(_together(["S"])) == "S"
    assert say(_together(["E", "S"])) == "E and S"
    assert say(_together(["E", "S", "W"])) == "E, S and W"
    assert named.render(_together(["E", "S", "W"])) == "Ivan, Pavel and Vera"


def test_a_failed_misere_counts_its_tricks_in_the_plural_of_the_language():
    # "1 trick", not "1 tricks"; Russian has three forms (1 взятка, 2 взятки, 5 взяток)
    from framework.core.messages import Translator
    from variants.preference.declaration import DOMAIN

    def said(taken: int, lang: str) -> str:
        _written, parts = score_misere(rules("sochi"), "E", taken)
        return Translator(lang, [DOMAIN]).render(parts[0])

    assert said(1, "en") == "misere by E: 1 trick, mountain +10"
    assert said(2, "en") == "misere by E: 2 tricks, mountain +20"
    assert [said(n, "ru") for n in (1, 2, 5)] == [
        "мизер E: 1 взятка, гора +10",
        "мизер E: 2 взятки, гора +20",
        "мизер E: 5 взяток, гора +50",
    ]
