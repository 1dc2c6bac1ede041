"""The CLI contract of design.md, through the real console script."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ATOUT = shutil.which("atout", path=str(Path(sys.executable).parent)) or "atout"
BUILT_IN = {"coinche", "french-belote", "bulgarian-belot", "bela", "cuatrola", "preference"}
#: The built-in games of four seats, two teams facing each other (Préférence has three players).
FOUR_SEATS = BUILT_IN - {"preference"}


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([ATOUT, *args], input=stdin, capture_output=True, text=True, timeout=120)


def fails_with(result: subprocess.CompletedProcess[str], *words: str) -> None:
    """Exit status 2 and one line on stderr naming what is wrong; never a traceback."""
    assert result.returncode == 2, result
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    for word in words:
        assert word in lines[0], lines[0]


def test_variants_lists_the_six_built_ins_with_their_presets_and_origin():
    result = run("variants", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    by_name = {v["name"]: v for v in data["variants"]}
    assert set(by_name) >= BUILT_IN
    assert [p["name"] for p in by_name["coinche"]["presets"]] == ["house", "ffb", "bidonly"]
    assert [p["name"] for p in by_name["french-belote"]["presets"]] == ["maison", "classic"]
    assert by_name["coinche"]["distribution"] == "atout"
    assert all(by_name[n]["seats"] == ["N", "E", "S", "W"] for n in FOUR_SEATS)
    assert by_name["preference"]["seats"] == ["N", "E", "S"]
    assert [p["name"] for p in by_name["preference"]["presets"]] == ["sochi", "leningrad", "rostov"]
    assert all(v["options"] for v in data["variants"])
    text = run("variants").stdout
    assert "coinche" in text and "(default)" in text


def test_legal_answers_the_issue_example_with_a_reason():
    result = run(
        "legal",
        "coinche",
        "--contract",
        "S",
        "--trick",
        "W:AD N:JS",
        "--hand",
        "7S 9S KH QC",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["legal"] == ["7S", "9S"]
    assert "overtrump" in data["reason"] or "undertrump" in data["reason"]


def test_legal_keeps_the_order_of_the_hand_and_lets_a_leader_play_anything():
    data = json.loads(run("legal", "coinche", "-c", "H", "--hand", "KH 7S 10D", "--json").stdout)
    assert data["legal"] == ["KH", "7S", "TD"]


def test_legal_with_an_option_override_changes_the_answer():
    args = (
        "legal",
        "coinche",
        "--contract",
        "S",
        "--trick",
        "W:AD N:JS",
        "--hand",
        "7S 9S KH QC",
        "--json",
    )
    free = json.loads(run(*args, "--option", "undertrump=optional").stdout)
    assert free["legal"] == ["7S", "9S", "KH", "QC"]


def test_trick_gives_the_winner_and_card_points():
    data = json.loads(
        run(
            "trick", "coinche", "--contract", "H", "--trick", "W:AS N:8S E:TS S:7H", "--json"
        ).stdout
    )
    assert data == {"winner": "S", "points": 21}
    data = json.loads(
        run("trick", "coinche", "-c", "NT", "--trick", "N:AS E:TS S:KS W:7H", "--json").stdout
    )
    assert data == {"winner": "N", "points": 33}


def test_score_reads_a_coinche_record_from_stdin():
    record = {
        "taker": "NS",
        "bid": 100,
        "trump": "H",
        "coinche": "none",
        "taker_points": 112,
        "capot": None,
        "belote": ["NS"],
        "announcements": [],
    }
    result = run("score", "coinche", "--json", stdin=json.dumps(record))
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["made"] is True and data["points"] == {"NS": 230, "EW": 50}


def test_score_reads_a_file_and_a_list_of_records_as_a_score_sheet(tmp_path):
    deals = [
        {
            "taker": "NS",
            "bid": 80,
            "trump": "S",
            "coinche": "none",
            "taker_points": 90,
            "capot": None,
            "belote": [],
            "announcements": [],
        }
    ] * 2
    path = tmp_path / "sheet.json"
    path.write_text(json.dumps(deals))
    data = json.loads(run("score", "coinche", str(path), "--json").stdout)
    assert data["totals"] == {"NS": 340, "EW": 140}
    assert [row["number"] for row in data["deals"]] == [1, 2]


def test_score_french_belote_record_without_bid_and_coinche():
    record = {
        "taker": "NS",
        "trump": "H",
        "taker_points": 98,
        "capot": None,
        "belote": ["NS"],
        "announcements": [],
    }
    data = json.loads(run("score", "french-belote", "--json", stdin=json.dumps(record)).stdout)
    assert data["points"] == {"NS": 118, "EW": 64}


@pytest.mark.parametrize(
    "args, stdin, words",
    [
        (("legal", "nosuch", "-c", "S", "--hand", "7S"), None, ["nosuch"]),
        (("legal", "coinche", "-p", "fbb", "-c", "S", "--hand", "7S"), None, ["fbb", "presets"]),
        (("legal", "coinche", "-c", "X", "--hand", "7S"), None, ["'X'"]),
        (("legal", "coinche", "-c", "S", "--hand", "7S ZZ"), None, ["--hand", "ZZ"]),
        (("legal", "coinche", "-c", "S", "--hand", "7S", "--trick", "W:7S"), None, ["7S"]),
        (("legal", "coinche", "-c", "S", "--hand", "7S", "--trick", "WAS"), None, ["--trick"]),
        (
            ("legal", "coinche", "-c", "S", "--hand", "7S", "-o", "undertrump=never"),
            None,
            ["undertrump"],
        ),
        (("legal", "coinche", "--hand", "7S"), None, ["--contract"]),
        (("trick", "coinche", "-c", "S", "--trick", "W:AS W:8S"), None, ["--trick"]),
        (("score", "coinche"), "{not json", ["not valid JSON"]),
        (("score", "coinche"), '{"taker": "NS", "bid": 95}', ["bid"]),
        (("score", "coinche", "/nonexistent/deal.json"), None, ["cannot read"]),
        (("simulate", "coinche", "--deals", "0"), None, ["--deals"]),
        (("simulate", "coinche", "--bot", "clever"), None, ["clever"]),
    ],
)
def test_errors_are_one_line_with_status_2(args, stdin, words):
    fails_with(run(*args, stdin=stdin), *words)


@pytest.mark.parametrize("variant", sorted(BUILT_IN))
def test_simulate_plays_deals_of_every_variant_and_reports_speed(variant):
    data = json.loads(
        run("simulate", variant, "--deals", "40", "--seed", "3", "--bot", "rules", "--json").stdout
    )
    assert data["deals"] == 40 and data["deals_per_second"] > 0
    assert data["thrown_in"] + data["made"] + data["failed"] <= 40


def test_simulate_is_reproducible_with_a_seed():
    a = run("simulate", "coinche", "--deals", "30", "--seed", "9", "--json")
    b = run("simulate", "coinche", "--deals", "30", "--seed", "9", "--json")
    strip = lambda r: {  # noqa: E731
        k: v for k, v in json.loads(r.stdout).items() if k not in ("seconds", "deals_per_second")
    }
    assert strip(a) == strip(b)


def test_simulate_plays_matches_of_a_fixed_number_of_deals():
    fixed = json.loads(
        run("simulate", "coinche", "-n", "30", "--match-deals", "5", "--json").stdout
    )
    assert fixed["matches"] == 6  # 30 deals, 5 a match, whatever the totals
    assert sum(fixed["match_wins"].values()) <= 6
    plain = json.loads(run("simulate", "coinche", "-n", "30", "--json").stdout)
    assert plain["matches"] != 6  # to the target: random play ends matches sooner
    fails_with(run("simulate", "coinche", "--match-deals", "0"), "--match-deals")


def test_simulate_scores_each_deal_alone_with_deals_alone(tmp_path):
    contexts = {}
    for flags in ((), ("--deals-alone",)):
        records = tmp_path / f"records{len(flags)}.jsonl"
        simulated = run("simulate", "coinche", "-n", "8", "--match-deals", "4", *flags,
                        "--records", str(records), "--json")  # fmt: skip
        assert simulated.returncode == 0, simulated.stderr
        lines = [json.loads(line) for line in records.read_text().splitlines()]
        assert all(line["rules"].get("deals_alone", False) is bool(flags) for line in lines)
        contexts[bool(flags)] = [line["context"] for line in lines]
    # every deal alone: totals at 0 and no pot, the deal's own number; in a match, the totals run
    assert [c["number"] for c in contexts[True]] == [1, 2, 3, 4] * 2
    assert all(c["totals"] == {"NS": 0, "EW": 0} and c["pot"] == 0 for c in contexts[True])
    assert any(c["totals"] != {"NS": 0, "EW": 0} for c in contexts[False])


def test_help_lists_the_commands_including_serve():
    result = run("--help")
    assert result.returncode == 0
    for command in ("variants", "legal", "trick", "score", "simulate", "serve"):
        assert command in result.stdout


def test_legal_and_trick_with_a_card_of_no_seat_leading_the_trick():
    """``--led-by 9S``: Préférence's raspasy trick led by the talon's 9S (R8). N must follow
    spades; E, with none, may play any card; S's 8S takes the trick over N's 7S, the talon's
    card winning nothing."""
    first = json.loads(
        run(
            "legal", "preference", "-c", "RASPASY", "--hand", "7S TS 8H", "--led-by", "9S", "--json"
        ).stdout
    )
    assert first["legal"] == ["7S", "TS"] and first["step"] == "follow" and first["seat"] is None
    second = json.loads(
        run(
            "legal",
            "preference",
            "-c",
            "RASPASY",
            "--hand",
            "KH TH",
            "--led-by",
            "9S",
            "--trick",
            "N:7S",
            "--json",
        ).stdout
    )
    assert second["legal"] == ["KH", "TH"] and second["seat"] == "E"
    won = json.loads(
        run(
            "trick",
            "preference",
            "-c",
            "RASPASY",
            "--led-by",
            "9S",
            "--trick",
            "N:7S E:KH S:8S",
            "--json",
        ).stdout
    )
    assert won == {"winner": "S", "points": 0}
    refused = run("trick", "preference", "-c", "RASPASY", "--led-by", "9S",
                  "--trick", "N:9S E:KH S:8S")  # fmt: skip
    assert refused.returncode == 2 and "--led-by: 9S is already in --trick" in refused.stderr


def test_trick_and_legal_with_a_talon_card_that_is_the_sitting_out_seats():
    """``--led-by W:9S``: §12 F2 (leningrad, four players, W deals and sits out, raspasy_talon
    = dealer_plays): the talon's 9S is W's card and the best spade of N 7S, E KH, S 8S, so W
    takes the trick; a seat that beats it takes it; W playing a card of --trick too is
    refused."""
    four = ("preference", "-p", "leningrad", "-o", "players=4", "-c", "RASPASY")

    def winner(trick: str) -> dict[str, object]:
        result = run("trick", *four, "--led-by", "W:9S", "--trick", trick, "--json")
        assert result.returncode == 0, result.stderr
        return json.loads(result.stdout)

    assert winner("N:7S E:KH S:8S") == {"winner": "W", "points": 0}
    assert winner("N:JS E:KH S:8S") == {"winner": "N", "points": 0}
    legal = run("legal", *four, "--led-by", "W:9S", "--trick", "N:7S E:KH", "--hand", "8S AH",
                "--json")  # fmt: skip
    assert json.loads(legal.stdout)["legal"] == ["8S"] and json.loads(legal.stdout)["seat"] == "S"
    refused = run("trick", *four, "--led-by", "S:9S", "--trick", "N:7S E:KH S:8S")
    assert refused.returncode == 2
    assert "--led-by: S plays a card of --trick" in refused.stderr
