"""``atout simulate --records FILE``: one JSON line per deal, the format of ``atout play --log``
(seed, the deal's JSON, record, score), replayable with ``Deal.from_json``; and the words of
``score`` and ``simulate`` for a game with no contract to make."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

from framework.api import Deal, load_variant

ATOUT = shutil.which("atout", path=str(Path(sys.executable).parent)) or "atout"


def run(
    *args: str, env: dict[str, str] | None = None, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [ATOUT, *args], capture_output=True, text=True, timeout=300, env=env, input=stdin
    )


def test_simulate_writes_one_replayable_line_per_deal(tmp_path):
    path = tmp_path / "deals.jsonl"
    result = run("simulate", "coinche", "-n", "12", "--seed", "7", "--records", str(path))
    assert result.returncode == 0, result.stderr
    lines = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert [line["number"] for line in lines] == list(range(1, 13))
    coinche = load_variant("coinche")
    for n, line in enumerate(lines):
        assert line["seed"] == 7 * 1_000_003 + n
        deal = Deal.from_json(coinche, line)
        assert deal.is_over and deal.record() == line["record"]
        assert deal.score().to_json()["points"] == line["score"]["points"]
        # The seed alone deals the same cards.
        rules = coinche.rules_from_json(line["rules"])
        fresh = Deal.new(coinche, rules, deal.dealer, seed=line["seed"])
        assert fresh.to_json()["deck"] == line["deck"]


def test_simulate_records_are_the_same_with_worker_processes(tmp_path):
    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    assert run("simulate", "bela", "-n", "260", "--records", str(one)).returncode == 0
    assert run("simulate", "bela", "-n", "260", "-j", "2", "--records", str(two)).returncode == 0
    assert one.read_text(encoding="utf-8") == two.read_text(encoding="utf-8")


def test_simulate_records_to_a_file_that_cannot_be_written_is_one_line(tmp_path):
    result = run("simulate", "coinche", "-n", "1", "--records", str(tmp_path / "no" / "x"))
    assert result.returncode == 2
    assert result.stderr.strip().startswith("atout: --records ")
    assert "cannot write" in result.stderr and "Traceback" not in result.stderr


def test_a_game_without_contracts_says_neither_made_nor_failed(toy_jass_env):
    result = run("simulate", "toy-jass", "-n", "5", env=toy_jass_env)
    assert result.returncode == 0, result.stderr
    first = result.stdout.splitlines()[0]
    assert first == "toy-jass/plain, bot random, seed 0: 5 deals"
    scored = run("score", "toy-jass", env=toy_jass_env, stdin='{"NS": 80, "EW": 45}')
    assert scored.returncode == 0, scored.stderr
    assert scored.stdout.splitlines()[0] == "NS 80, EW 45"


def test_a_game_with_contracts_still_counts_made_and_failed():
    result = run("simulate", "coinche", "-n", "5")
    assert "made" in result.stdout.splitlines()[0] and "failed" in result.stdout.splitlines()[0]


def test_simulate_preference_raspasy_tricks_1_and_2_are_led_by_the_talon(tmp_path):
    """Under ``raspasy_talon = lead_suit`` (every preset's default) the talon's two cards lead
    tricks 1 and 2 of a raspasy: the log names them, the first hand starts both tricks, and
    whoever held the talon card's suit followed it; ``none`` lets the first hand lead."""
    path = tmp_path / "deals.jsonl"
    result = run(
        "simulate",
        "preference",
        "-n",
        "12",
        "--seed",
        "1",
        "--bot",
        "rules",
        "--records",
        str(path),
    )
    assert result.returncode == 0, result.stderr
    preference = load_variant("preference")
    raspasy = 0
    for line in map(json.loads, path.read_text(encoding="utf-8").splitlines()):
        deal = Deal.from_json(preference, line)
        if deal.contract is None or deal.contract.name != "raspasy":
            assert "talon_leads" not in line
            continue
        raspasy += 1
        deck = deal.deck
        leads = deck.parse_many(" ".join(line["talon_leads"]))
        assert leads == list(deal.talon_leads) and len(leads) == 2
        assert all(deal.talon_dealt >> c & 1 for c in leads)
        first_hand = deal.tricks[0][0]
        held = list(deal.start_hands)
        for (leader, cards, winner), lead in zip(deal.tricks[:2], leads, strict=True):
            # the best card of the suit a seat played takes it: the talon's card never does
            assert leader == first_hand
            suit = deck.suit_masks[deck.suit_of[lead]]
            seats = (first_hand, *deal.following_seats(first_hand, 2))
            for seat, card in zip(seats, cards, strict=True):
                assert suit >> card & 1 or not held[seat] & suit
                held[seat] &= ~(1 << card)
            followed = [c for c in cards if suit >> c & 1]
            best = max(followed, key=lambda c: deck.rank_of[c])
            assert winner == seats[cards.index(best)]
    assert raspasy >= 2
    none = tmp_path / "none.jsonl"
    result = run("simulate", "preference", "-n", "12", "--seed", "1", "--bot", "rules",
                 "--records", str(none), "--option", "raspasy_talon=none")  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert all("talon_leads" not in json.loads(x) for x in none.read_text().splitlines())
