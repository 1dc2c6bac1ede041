"""The legal-play benchmark's baseline (benchmarks/legal_before) is read from git history: a
revision git does not have is refused in one line.

That the baseline's legal plays agree with today's is asserted by the benchmark itself on every
position it times (``kernel_bench.py --compare-legal``); it is not a test here, because a shallow
clone (as CI may check out) lacks the baseline revision."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture
def bench(monkeypatch: pytest.MonkeyPatch) -> tuple[ModuleType, ModuleType]:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    return importlib.import_module("legal_before"), importlib.import_module("kernel_bench")


def test_a_revision_git_does_not_have_is_refused_in_one_line(
    bench: tuple[ModuleType, ModuleType], capsys: pytest.CaptureFixture[str]
) -> None:
    _, kernel_bench = bench
    assert kernel_bench.main(["--compare-legal", "--baseline", "no-such-rev"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("kernel_bench: baseline 'no-such-rev': ")
    assert err.count("\n") == 1
