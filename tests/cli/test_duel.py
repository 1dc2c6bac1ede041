"""``atout duel`` and the duplicate harness: the JSON contract, seat swapping, jobs, errors;
``atout simulate --jobs``."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from framework.duel import run_duel
from framework.plugins import load_variant

ATOUT = shutil.which("atout", path=str(Path(sys.executable).parent)) or "atout"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([ATOUT, *args], capture_output=True, text=True, timeout=300)


def fails_with(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode == 2, result
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    for word in words:
        assert word in lines[0], lines[0]


def duel(bot: str, against: str, deals: int = 30, jobs: int = 1, name: str = "coinche"):
    variant = load_variant(name)
    return run_duel(variant, variant.rules().to_json(), bot, against, deals, 3, jobs)


def test_the_json_has_exactly_the_contract_keys():
    result = run("duel", "coinche", "--bot", "random", "--against", "rules", "--deals", "6",
                 "--jobs", "1", "--json")
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # no progress bar when piped
    data = json.loads(result.stdout)
    assert set(data) == {"variant", "preset", "bot", "against", "deals", "margin", "ci95",
                         "contracts", "decision_ms"}
    assert data["variant"] == "coinche" and data["preset"] == "house" and data["deals"] == 6
    lo, hi = data["ci95"]
    assert lo <= data["margin"] <= hi
    assert set(data["contracts"]) == {"random", "rules"}
    for counts in data["contracts"].values():
        assert set(counts) == {"taken", "made"} and 0 <= counts["made"] <= counts["taken"]
    assert sum(c["taken"] for c in data["contracts"].values()) <= 12
    assert set(data["decision_ms"]) == {"mean", "p95"}


def test_a_bot_against_itself_has_a_margin_whose_interval_holds_zero():
    result = duel("random", "random", deals=40)
    lo, hi = result.ci95
    assert lo <= 0 <= hi


def test_swapping_the_bots_flips_the_sign_of_every_pair():
    ab, ba = duel("random", "rules", deals=12), duel("rules", "random", deals=12)
    assert [p.margin for p in ab.pairs] == [-p.margin for p in ba.pairs]
    assert ab.margin == -ba.margin and ab.margin != 0


def test_the_result_is_the_same_for_any_number_of_jobs():
    one, two = duel("random", "rules", deals=8, jobs=1), duel("random", "rules", deals=8, jobs=2)
    strip = lambda r: {k: v for k, v in r.to_json().items() if k != "decision_ms"}  # noqa: E731
    assert strip(one) == strip(two)


@pytest.mark.parametrize(("args", "words"), [
    (["--bot", "clever", "--against", "rules"], ["--bot", "clever", "random, rules, search"]),
    (["--bot", "rules", "--against", "nobody"], ["--against", "nobody"]),
    (["--bot", "rules", "--against", "rules", "--deals", "0"], ["--deals"]),
    (["--bot", "rules", "--against", "rules", "--deals", "x"], ["--deals"]),
    (["--bot", "rules", "--against", "rules", "--jobs", "0"], ["--jobs"]),
    (["--bot", "rules", "--against", "rules", "--seed", "1.5"], ["--seed"]),
    (["--bot", "rules", "--against", "rules", "--preset", "nope"], ["nope"]),
    (["--bot", "rules"], ["--against"]),
])
def test_bad_arguments_are_refused_in_one_line(args, words):
    fails_with(run("duel", "coinche", *args), *words)


def test_an_unknown_variant_is_refused_in_one_line():
    fails_with(run("duel", "skat", "--bot", "rules", "--against", "rules"), "skat")


def test_simulate_gives_the_same_result_for_any_number_of_jobs():
    outs = []
    for jobs in ("1", "2"):
        result = run("simulate", "bela", "--deals", "300", "--seed", "4", "--jobs", jobs,
                     "--json")
        assert result.returncode == 0, result.stderr
        data = json.loads(result.stdout)
        outs.append({k: v for k, v in data.items() if k not in ("seconds", "deals_per_second")})
    assert outs[0] == outs[1] and outs[0]["deals"] == 300


def test_simulate_refuses_an_unknown_bot_in_one_line():
    fails_with(run("simulate", "coinche", "--bot", "clever"), "clever")
