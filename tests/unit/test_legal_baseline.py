"""The legal-play benchmark's baseline (benchmarks/legal_before): main's rule modules before the
step functions, read from git history, play exactly as today's, and a revision git does not have
is refused in one line."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

import pytest

from framework.bots import RandomBot, play_out
from framework.deal import Deal
from framework.plugins import load_variant

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> tuple[ModuleType, ModuleType]:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    return importlib.import_module("legal_before"), importlib.import_module("kernel_bench")


def test_the_baseline_is_the_old_code_whole(bench: tuple[ModuleType, ModuleType]) -> None:
    legal_before, _ = bench
    old = legal_before.load_baseline()
    assert set(old) == set(legal_before.RULE_SETS)
    # Klaverjas built on the baseline's belote, not today's variants.belote.rules.
    assert old["klaverjas"].belote_play_rules is old["belote"].play_rules
    assert old["bela"].TRUMP_POWER is old["belote"].TRUMP_POWER
    assert legal_before.load_baseline() is old


@pytest.mark.parametrize("rule_set", ["belote", "bela", "bulgarian", "cuatrola", "klaverjas"])
def test_old_and_new_legal_plays_agree(bench: tuple[ModuleType, ModuleType],
                                       rule_set: str) -> None:
    legal_before, _ = bench
    old = legal_before.load_baseline()
    found = legal_before.positions(old, rule_set, 150)
    assert len(found) == 150
    for new_legal, old_legal, args in found:
        assert old_legal.__module__ == old[rule_set].__name__
        assert new_legal(*args) == old_legal(*args), args
    # Whole deals on the old play rules are the same deals.
    name = legal_before.RULE_SETS[rule_set]
    variants = load_variant(name), load_variant(name, [legal_before.OldLegal(old, rule_set)])
    played_old = set()
    for seed in range(4):
        deals = [Deal.new(variant, variant.rules(None), 3, seed=seed) for variant in variants]
        for deal in deals:
            play_out(deal, [RandomBot(seed * 4 + s) for s in range(4)])
        assert deals[0].record() == deals[1].record()
        if deals[1].play_rules is not None:
            played_old.add(deals[1].play_rules.legal.__module__)
    assert played_old == {old[rule_set].__name__}


def test_a_revision_git_does_not_have_is_refused_in_one_line(
        bench: tuple[ModuleType, ModuleType], capsys: pytest.CaptureFixture[str]) -> None:
    _, kernel_bench = bench
    assert kernel_bench.main(["--compare-legal", "--baseline", "no-such-rev"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kernel_bench: baseline 'no-such-rev': ")
    assert err.count("\n") == 1
