"""Golden deal records: ``atout simulate VARIANT --preset P --records FILE`` for every installed
variant and preset, at fixed seeds, byte for byte as main wrote them at 22ff947.

These files pin every result of today's games (the shuffle, the bots' choices, the auction, the
play, the record and its score) while the kernel and the variants are reshaped: a change that
alters one byte of any of them changes a game, and must say so by regenerating the files in its
own commit with the reason. Regenerate with::

    python tests/golden/test_golden_records.py
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from framework.app.cli import main

HERE = Path(__file__).resolve().parent / "records"

#: Every variant installed by ``scripts/test`` (the five built-ins and the two examples), with
#: every preset it ships.
PRESETS = {
    "coinche": ("house", "ffb", "bidonly"),
    "french-belote": ("maison", "classic"),
    "bulgarian-belot": ("standard", "nik", "exe"),
    "bela": ("standard", "house"),
    "cuatrola": ("app", "to21"),
    "klaverjas": ("rotterdam", "amsterdam"),
    "coinche-no-undertrump": ("house", "ffb", "bidonly"),
}

#: (bot, deals, seed): random play over many deals (every path of the auction and the scoring
#: seen often), the rule bot over fewer, and one deal of the search bot per preset.
RUNS = (("random", 40, 11), ("rules", 16, 12), ("search", 1, 13))

CASES = [
    (variant, preset, bot, deals, seed)
    for variant, presets in PRESETS.items()
    for preset in presets
    for bot, deals, seed in RUNS
]


def golden_path(variant: str, preset: str, bot: str) -> Path:
    return HERE / f"{variant}.{preset}.{bot}.jsonl"


def simulate_records(variant: str, preset: str, bot: str, deals: int, seed: int, out: Path) -> None:
    argv = [
        "simulate",
        variant,
        "--preset",
        preset,
        "--bot",
        bot,
        "--deals",
        str(deals),
        "--seed",
        str(seed),
        "--records",
        str(out),
    ]
    status = main(argv)
    assert status in (0, None), f"atout {' '.join(argv)} exited with {status}"


@pytest.mark.parametrize(
    ("variant", "preset", "bot", "deals", "seed"),
    CASES,
    ids=[f"{c[0]}.{c[1]}.{c[2]}" for c in CASES],
)
def test_simulated_records_are_byte_identical_to_the_golden_file(
    variant: str,
    preset: str,
    bot: str,
    deals: int,
    seed: int,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = tmp_path / "records.jsonl"
    simulate_records(variant, preset, bot, deals, seed, out)
    expected = golden_path(variant, preset, bot).read_bytes()
    got = out.read_bytes()
    assert got.count(b"\n") == deals
    assert got == expected, f"{golden_path(variant, preset, bot).name} changed"


if __name__ == "__main__":  # regenerate every golden file
    HERE.mkdir(exist_ok=True)
    for variant, preset, bot, deals, seed in CASES:
        simulate_records(variant, preset, bot, deals, seed, golden_path(variant, preset, bot))
    sys.exit(0)
