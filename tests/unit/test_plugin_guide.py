"""The plugin author's guide (docs/plugins.md) builds a working variant.

The guide's code blocks that start with a file name (``# atout_quick/auction.py``) are written
to a temporary package, loaded as a variant without installing it, and put through the
conformance kit; the commands and outputs the guide shows are checked against that variant.
"""

from __future__ import annotations

import importlib
import re
import sys
import tomllib
from pathlib import Path

import pytest

from framework.kit.conformance import check_variant
from framework.rules.plugins import variant_from_plugins

DOC = Path(__file__).resolve().parents[2] / "docs" / "plugins.md"
FILE_BLOCK = re.compile(r"```python\n# ((?:atout_quick|tests)/\w+\.py)\n(.*?)```", re.DOTALL)
TOML_BLOCK = re.compile(r"```toml\n(.*?)```", re.DOTALL)


def _files() -> dict[str, str]:
    return dict(FILE_BLOCK.findall(DOC.read_text(encoding="utf-8")))


@pytest.fixture
def quick(tmp_path, monkeypatch):
    """The guide's Quick Belote, built from the guide's code blocks."""
    for name, code in _files().items():
        path = tmp_path / name
        path.parent.mkdir(exist_ok=True)
        path.write_text(code, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    try:
        module = importlib.import_module("atout_quick")
        yield variant_from_plugins("quick-belote", [module])
    finally:
        for name in [n for n in sys.modules if n == "atout_quick" or n.startswith("atout_quick.")]:
            del sys.modules[name]


def test_the_guide_gives_every_file_of_the_plugin():
    assert set(_files()) == {
        "atout_quick/__init__.py",
        "atout_quick/auction.py",
        "atout_quick/records.py",
        "atout_quick/scoring.py",
        "tests/test_quick.py",
    }


def test_the_guides_pyproject_declares_the_entry_point():
    (block,) = TOML_BLOCK.findall(DOC.read_text(encoding="utf-8"))
    project = tomllib.loads(block)["project"]
    assert project["entry-points"]["atout.variants"] == {"quick-belote": "atout_quick"}
    assert project["name"] == "atout-quick"


def test_the_guides_test_file_compiles():
    compile(_files()["tests/test_quick.py"], "tests/test_quick.py", "exec")


def test_the_guides_plugin_keeps_the_kernel_invariants(quick):
    check_variant(quick, deals=12, card_points=162)


def test_the_guides_listing_matches_the_variant(quick):
    text = DOC.read_text(encoding="utf-8")
    described = quick.describe()
    assert described["title"] == "Quick Belote"
    presets = ", ".join(
        [f"{described['default_preset']} (default)", *[p["name"] for p in described["presets"][1:]]]
    )
    assert f"presets: {presets}; {len(described['options'])} options" in text


def test_the_guides_score_example_is_what_the_variant_scores(quick):
    text = DOC.read_text(encoding="utf-8")
    score = quick.hooks.score(
        quick.rules(), {"taker": "NS", "trump": "H", "taker_points": 90, "belote": ["NS"]}
    )
    points = ", ".join(f"{team} {score.points[team]}" for team in ("NS", "EW"))
    assert f"made: {points}\n{score.explanation}\n" in text


def test_the_guides_test_of_a_failed_contract_holds(quick):
    score = quick.hooks.score(quick.rules(), {"taker": "EW", "trump": "S", "taker_points": 81})
    assert score.made is False and dict(score.points) == {"NS": 162, "EW": 0}


def test_the_short_preset_makes_undertrumping_optional(quick):
    assert quick.rules("short").undertrump == "optional"
    assert quick.rules("short").target == 301
