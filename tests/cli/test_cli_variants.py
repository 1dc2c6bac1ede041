"""Every variant through the real ``atout`` console script: the examples of the variant pages,
bad input of every kind (one line on stderr, status 2), the legal-play reasons, and the rule
bot's results."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ATOUT = shutil.which("atout", path=str(Path(sys.executable).parent)) or "atout"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "variants"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([ATOUT, *args], input=stdin, capture_output=True, text=True, timeout=120)


def fails_with(result: subprocess.CompletedProcess[str], *words: str) -> str:
    """Exit status 2 and one line on stderr naming what is wrong; never a traceback."""
    assert result.returncode == 2, result
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr and "internal error" not in result.stderr
    for word in words:
        assert word in lines[0], lines[0]
    return lines[0]


def page_records(variant: str) -> list[dict]:
    """The deal records of the ```json blocks of a variant's page, in order."""
    text = (DOCS / f"{variant}.md").read_text(encoding="utf-8")
    records = []
    decoder = json.JSONDecoder()
    for block in re.findall(r"```json\n(.*?)```", text, re.S):
        pos = 0
        while block[pos:].strip():
            pos += len(block[pos:]) - len(block[pos:].lstrip())
            record, pos = decoder.raw_decode(block, pos)
            records.append(record)
    return records


# ---- the variant pages, as written ---------------------------------------------------------


@pytest.mark.parametrize(
    "variant, preset, expected",
    [
        ("coinche", "house", [(220, 270)]),
        ("coinche", "ffb", [(20, 470)]),
        ("french-belote", "maison", [(118, 64)]),
        ("french-belote", "classic", [(118, 64)]),
        ("bulgarian-belot", "standard", [(22, 18)]),
        ("bulgarian-belot", "nik", [(22, 18)]),
        ("bulgarian-belot", "exe", [(0, 28)]),
        ("bela", "standard", [(0, 232)]),
        ("bela", "house", [(20, 212)]),
        ("cuatrola", "app", [(1, 0), (0, 2), (4, 0)]),
        ("cuatrola", "to21", [(1, 0), (0, 2), (4, 0)]),
    ],
)
def test_the_example_records_of_each_page_score_as_the_page_says(variant, preset, expected):
    records = page_records(variant)
    assert len(records) == len(expected)
    result = run("score", variant, "--preset", preset, "--json", stdin=json.dumps(records))
    assert result.returncode == 0, result.stderr
    rows = json.loads(result.stdout)["deals"]
    assert [(r["score"]["points"]["NS"], r["score"]["points"]["EW"]) for r in rows] == expected


@pytest.mark.parametrize("trump", [{"trump": None}, {}])
def test_a_cuatrola_bet_scores_with_its_trump_left_out(trump):
    # the docs say trump is optional in a cuatrola or quintola; the CLI agrees with the form
    record = {"bet": "cuatrola", "declarer": "E", "tricks": 4, **trump}
    result = run("score", "cuatrola", "--json", stdin=json.dumps(record))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["points"] == {"NS": 0, "EW": 4}


def test_a_number_written_with_a_space_is_refused_by_name():
    record = {"taker": "NS", "bid": 100, "trump": "H", "taker_points": "9 4"}
    fails_with(
        run("score", "coinche", stdin=json.dumps(record)),
        "taker_points",
        "'9 4' is not a whole number",
    )


def test_a_coinche_record_with_announcements_is_refused_where_there_are_none():
    record = page_records("coinche")[0]
    fails_with(
        run("score", "coinche", "-p", "bidonly", stdin=json.dumps(record)),
        "announcements",
        "without announcements",
    )


@pytest.mark.parametrize(
    "variant, contract, hand, trick, legal, words",
    [
        ("coinche", "H", "7H JH AD", "N:KS E:9H", ["JH"], ["overtrump"]),
        ("french-belote", "H", "7S 9H JH", "N:AS E:KH", ["7S"], ["follow suit"]),
        ("bulgarian-belot", "H", "JH 8H 7D", "N:AS E:9H", ["JH"], ["overtrump"]),
        ("bela", "H", "AS QS 7C", "N:KS E:7S", ["AS"], ["beat KS", "partner"]),
        ("cuatrola", "O", "JC 3C AO", "N:KC", ["3C"], ["beat KC", "montar"]),
    ],
)
def test_the_legal_example_of_each_page_lists_the_legal_cards_and_the_rule(
    variant, contract, hand, trick, legal, words
):
    result = run(
        "legal", variant, "--contract", contract, "--hand", hand, "--trick", trick, "--json"
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["legal"] == legal
    for word in words:
        assert word in data["reason"]


@pytest.mark.parametrize("variant, preset", [("coinche", "ffb"), ("bulgarian-belot", "standard")])
def test_a_hand_of_nothing_but_trumps_is_not_told_it_need_not_trump(variant, preset):
    # Partner E has ruffed with 8H; W holds only trumps, and any of them may be played
    # (FFB 2015: a lower trump from an all-trump hand; Bulgarian: no duty over a partner).
    data = json.loads(
        run(
            "legal",
            variant,
            "-p",
            preset,
            "-c",
            "H",
            "--hand",
            "7H JH",
            "--trick",
            "N:7S E:8H S:9S",
            "--json",
        ).stdout
    )
    assert data["legal"] == ["7H", "JH"]
    assert "only trumps" in data["reason"] and "need not trump" not in data["reason"]


def test_a_cuatrola_trick_may_skip_the_seat_that_sits_out():
    data = json.loads(
        run("trick", "cuatrola", "-c", "O", "--trick", "N:3O S:KO W:NO", "--json").stdout
    )
    assert data == {"winner": "N", "points": 17}
    fails_with(
        run("legal", "cuatrola", "-c", "O", "--hand", "AO", "--trick", "N:3O S:KO W:NO"),
        "--trick",
        "complete",
    )


# ---- bad input: one line naming the argument or field, status 2 ------------------------------


@pytest.mark.parametrize(
    "args, stdin, words",
    [
        (("legal", "cuatrola", "-c", "O", "--hand", "7S 9S"), None, ["--hand", "7S", "spanish"]),
        (("legal", "coinche", "-c", "S", "--hand", "AO 7S"), None, ["--hand", "AO", "french"]),
        (
            ("legal", "coinche", "-c", "O", "--hand", "7S"),
            None,
            ["--contract O", "use one of S H D C NT AT"],
        ),
        (
            ("legal", "cuatrola", "-c", "O", "--hand", "AO 3O KO NO JO AC"),
            None,
            ["--hand", "6 cards", "at most 5"],
        ),
        (
            ("legal", "bela", "-c", "NT", "--hand", "7S", "--trick", "N:8S"),
            None,
            ["--contract NT", "not a contract of bela; use one of S H D C"],
        ),
        (
            ("legal", "coinche", "-p", "ffb", "-c", "NT", "--hand", "7S"),
            None,
            ["--contract NT", "not a contract of coinche; use one of S H D C"],
        ),
        (("trick", "bela", "-c", "AT", "--trick", "N:8S E:9S S:TS W:JS"), None, ["--contract AT"]),
        (
            ("legal", "coinche", "-c", "S", "--hand", "7S", "--trick", "N:8S S:9S"),
            None,
            ["--trick", "S cannot play after N"],
        ),
        (
            ("legal", "coinche", "-c", "S", "--hand", "7S", "--trick", "X:8S"),
            None,
            ["--trick", "'X'"],
        ),
        (("trick", "coinche", "-c", "S", "--trick", "N:8S E:9S S:TS"), None, ["--trick", "whole"]),
        (("score", "coinche"), "", ["standard input", "empty"]),
        (
            ("score", "bulgarian-belot"),
            '[{"thrown_in": true}, {"contract": "H", "declarer": "N", '
            '"declarer_points": 98, "doubling": "surkontra"}]',
            ["deal 2", "doubling", "surkontra"],
        ),
        (("score", "cuatrola"), '{"bet": "cuatrola", "declarer": "N", "tricks": true}', ["tricks"]),
        (
            ("score", "coinche"),
            '{"taker": "NS", "bid": 1e999, "trump": "H", "taker_points": 90}',
            ["bid"],
        ),
        (("score", "bela"), '{"thrown_in": true, "caller": "N"}', ["caller"]),
        (
            ("score", "bela"),
            '{"trump": "C", "caller": "N", "caller_points": 75, "declarations": '
            '[{"team": "NS", "kind": "tierce", "high": "QS", "length": 3}]}',
            ["declarations.0.length", "not a field"],
        ),
        (
            ("simulate", "french-belote", "-n", "2", "-o", "made_if=sometimes"),
            None,
            ["made_if", "sometimes"],
        ),
        (
            ("simulate", "coinche", "-n", "1", "-o", "max_bid=85"),
            None,
            ["max_bid", "85 is not one of 80, 90, ..., 650"],
        ),
    ],
)
def test_bad_input_is_one_line_naming_what_is_wrong_with_status_2(args, stdin, words):
    fails_with(run(*args, stdin=stdin), *words)


def test_json_nested_too_deeply_is_refused_in_one_line():
    fails_with(run("score", "coinche", stdin="[" * 100_000 + "]" * 100_000), "nested too deeply")


def test_a_huge_value_is_not_quoted_back_in_full():
    record = json.dumps({"taker": "N" * 100_000, "bid": 100, "trump": "H", "taker_points": 90})
    line = fails_with(run("score", "coinche", stdin=record), "taker", "characters long")
    assert len(line) < 500
    record = json.dumps({"taker": "N" * 60, "bid": 100, "trump": "H", "taker_points": 90})
    line = fails_with(run("score", "coinche", stdin=record), "taker", "is not one of NS or EW")
    assert len(line) < 200


def test_a_record_file_that_is_not_utf8_is_refused_by_name(tmp_path):
    path = tmp_path / "deal.json"
    path.write_bytes(b"\xff\xfe{}")
    fails_with(run("score", "coinche", str(path)), str(path), "UTF-8")


# ---- the rule bot --------------------------------------------------------------------------


@pytest.mark.parametrize(
    "variant", ["coinche", "french-belote", "bulgarian-belot", "bela", "cuatrola", "preference"]
)
def test_the_rule_bot_takes_contracts_and_makes_most_of_them(variant):
    data = json.loads(
        run("simulate", variant, "--deals", "200", "--seed", "1", "--bot", "rules", "--json").stdout
    )
    assert data["thrown_in"] < 100
    played = data["made"] + data["failed"]
    assert played >= 10
    assert data["made"] > 0.55 * played
