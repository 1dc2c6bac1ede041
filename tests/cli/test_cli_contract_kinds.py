"""``atout legal`` and ``atout trick`` read the contract kinds of the variant, including a
plugin's own (issue 13, item 1): the toy Jass of ``tests/unit/toy_jass.py``, installed for the
console script as a third-party plugin would be (a distribution declaring an entry point)."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ATOUT = shutil.which("atout", path=str(Path(sys.executable).parent)) or "atout"


def run(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([ATOUT, *args], capture_output=True, text=True, timeout=120, env=env)


@pytest.fixture(scope="module")
def env(toy_jass_env: dict[str, str]) -> dict[str, str]:
    return toy_jass_env


def test_legal_reads_a_contract_the_plugin_declares(env):
    result = run(
        env,
        "legal",
        "toy-jass",
        "--contract",
        "OBE",
        "--hand",
        "6S AH",
        "--trick",
        "N:KS",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "legal": ["6S"],
        "reason": "you must follow suit",
        "step": "follow",
        "seat": "E",
    }


def test_trick_plays_undenufe_with_the_six_highest(env):
    result = run(env, "trick", "toy-jass", "-c", "unde", "--trick", "N:AS E:6S S:KS W:7S", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {"winner": "E", "points": 15}


def test_an_unknown_contract_names_the_plugins_own_kinds(env):
    result = run(env, "legal", "toy-jass", "--contract", "NT", "--hand", "6S")
    assert result.returncode == 2
    assert result.stderr.strip() == (
        "atout: --contract NT: 'NT' is not a contract of toy-jass; use one of S H D C OBE UNDE"
    )


def test_the_plugins_deck_reads_its_sixes(env):
    result = run(env, "legal", "toy-jass", "--contract", "H", "--hand", "6H 6D", "--json")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["legal"] == ["6H", "6D"]


def test_a_variant_of_one_contract_kind_needs_no_contract(toy_one_kind_env):
    # toy-one-kind plays spades trumps only: --contract left out is that kind.
    hand = ["--hand", "7S AH", "--trick", "N:KD", "--json"]
    given = run(toy_one_kind_env, "legal", "toy-one-kind", "-c", "S", *hand)
    left_out = run(toy_one_kind_env, "legal", "toy-one-kind", *hand)
    assert left_out.returncode == 0, left_out.stderr
    assert json.loads(left_out.stdout) == json.loads(given.stdout)
    assert json.loads(left_out.stdout)["legal"] == ["7S", "AH"]
    trick = run(toy_one_kind_env, "trick", "toy-one-kind", "--trick", "N:KD E:7S S:AD W:8D")
    assert trick.returncode == 0, trick.stderr
    assert trick.stdout.startswith("E wins the trick"), trick.stdout


def test_a_variant_of_several_kinds_still_needs_its_contract(env):
    result = run(env, "legal", "toy-jass", "--hand", "6S")
    assert result.returncode == 2
    assert result.stderr.strip() == "atout: Missing option '--contract' / '-c'."
