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
