"""``atout duel`` and the duplicate harness: the JSON contract, seat swapping, jobs, errors;
``atout simulate --jobs``."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from framework.app.duel import run_duel
from framework.rules.plugins import load_variant

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
    result = run(
        "duel",
        "coinche",
        "--bot",
        "random",
        "--against",
        "rules",
        "--deals",
        "6",
        "--jobs",
        "1",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""  # no progress bar when piped
    data = json.loads(result.stdout)
    assert set(data) == {
        "variant",
        "preset",
        "bot",
        "against",
        "deals",
        "margin",
        "ci95",
        "contracts",
        "decision_ms",
    }
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


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--bot", "clever", "--against", "rules"], ["--bot", "clever", "random, rules, search"]),
        (["--bot", "rules", "--against", "nobody"], ["--against", "nobody"]),
        (["--bot", "rules", "--against", "rules", "--deals", "0"], ["--deals"]),
        (["--bot", "rules", "--against", "rules", "--deals", "x"], ["--deals"]),
        (["--bot", "rules", "--against", "rules", "--jobs", "0"], ["--jobs"]),
        (["--bot", "rules", "--against", "rules", "--seed", "1.5"], ["--seed"]),
        (["--bot", "rules", "--against", "rules", "--preset", "nope"], ["nope"]),
        (["--bot", "rules"], ["--against"]),
    ],
)
def test_bad_arguments_are_refused_in_one_line(args, words):
    fails_with(run("duel", "coinche", *args), *words)


def test_an_unknown_variant_is_refused_in_one_line():
    fails_with(run("duel", "skat", "--bot", "rules", "--against", "rules"), "skat")


def test_simulate_gives_the_same_result_for_any_number_of_jobs():
    outs = []
    for jobs in ("1", "2"):
        result = run("simulate", "bela", "--deals", "300", "--seed", "4", "--jobs", jobs, "--json")
        assert result.returncode == 0, result.stderr
        data = json.loads(result.stdout)
        outs.append({k: v for k, v in data.items() if k not in ("seconds", "deals_per_second")})
    assert outs[0] == outs[1] and outs[0]["deals"] == 300


def test_simulate_refuses_an_unknown_bot_in_one_line():
    fails_with(run("simulate", "coinche", "--bot", "clever"), "clever")


def test_the_report_says_each_count_of_contracts_as_a_plural_of_the_language(capsys):
    from framework.app.cli import main

    assert (
        main(
            [
                "duel",
                "coinche",
                "--bot",
                "random",
                "--against",
                "rules",
                "-n",
                "1",
                "-j",
                "1",
                "--seed",
                "0",
            ]
        )
        == 0
    )
    english = capsys.readouterr().out.splitlines()
    assert english[0] == "coinche/house: random against rules, 1 duplicate pair, seed 0"
    assert (
        main(
            [
                "duel",
                "coinche",
                "--bot",
                "rules",
                "--against",
                "random",
                "-n",
                "2",
                "-j",
                "1",
                "--lang",
                "fr",
            ]
        )
        == 0
    )
    french = capsys.readouterr().out.splitlines()
    assert french[3] == "rules : 0 contrat pris, 0 fait"
    assert re.fullmatch(r"random : \d+ contrats? pris, \d+ faits?", french[2]), french


@pytest.mark.parametrize(
    ("lang", "counts", "said"),
    [
        ("en", (1, 1), "rules: 1 contract taken, 1 made"),
        ("en", (5, 2), "rules: 5 contracts taken, 2 made"),
        ("fr", (1, 0), "rules : 1 contrat pris, 0 fait"),
        ("fr", (12, 3), "rules : 12 contrats pris, 3 faits"),
        ("ru", (1, 1), "rules: взят 1 контракт, выполнен 1"),
        ("ru", (3, 2), "rules: взято 3 контракта, выполнено 2"),
        ("ru", (25, 21), "rules: взято 25 контрактов, выполнен 21"),
        ("bg", (1, 1), "rules: взета 1 игра, изкарана 1"),
        ("bg", (4, 0), "rules: взети 4 игри, изкарани 0"),
        ("hr", (1, 1), "rules: uzet 1 ugovor, prošao 1"),
        ("hr", (22, 3), "rules: uzeta 22 ugovora, prošla 3"),
        ("hr", (11, 5), "rules: uzeto 11 ugovora, prošlo 5"),
        ("es", (1, 1), "rules: 1 contrato tomado, 1 cumplido"),
        ("es", (7, 0), "rules: 7 contratos tomados, 0 cumplidos"),
    ],
)
def test_each_bots_contracts_agree_with_their_counts(lang, counts, said):
    from framework.app.duel import _duel_lines
    from framework.core.messages import Translator

    taken, made = counts
    data = {
        "bot": "rules",
        "against": "rules",
        "deals": 3,
        "margin": 0.0,
        "ci95": [0.0, 0.0],
        "contracts": {"rules": {"taken": taken, "made": made}},
        "decision_ms": {"mean": 1.0, "p95": 2.0},
    }
    lines = _duel_lines("coinche/house", 0, data)
    assert Translator(lang).render(lines[2]) == said
