"""A plugin written against the first plugin API keeps working: the Klaverjas and house-rule
examples as they stood before the record schema (``tests/compat/*_v1``, unchanged copies) load,
pass the conformance kit and their own tests, and the old record hooks warn.

Each copy has the package name of the example it copies (``atout_klaverjas``,
``atout_house_rules``), which the installed examples also have; so each runs in its own Python
process with the copy first on ``sys.path``: the installed example's entry point then loads
the copy.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent

#: Builds the copy's variant from its plugin module, checks that the old record hooks warn (or
#: that a copy not touching records does not), and runs the conformance kit on it.
KIT = """
import importlib, sys, warnings
from framework.plugins import variant_from_plugins
from framework.testing import check_variant

module = importlib.import_module(sys.argv[1])
assert module.__file__.startswith(sys.argv[3]), module.__file__  # the copy, not the example
with warnings.catch_warnings(record=True) as caught:
    warnings.simplefilter("always")
    variant = variant_from_plugins(sys.argv[2], [module])
deprecated = [str(w.message) for w in caught if issubclass(w.category, DeprecationWarning)]
print("deprecated:", deprecated)
with warnings.catch_warnings():
    warnings.simplefilter("error")  # nothing else warns, as under pytest's filterwarnings
    check_variant(variant, deals=12, bots=("random",))
print("kit passed")
"""


def _run(args: list[str], copy: Path) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(copy), *filter(None, [os.environ.get("PYTHONPATH")])]),
    }
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, timeout=600, cwd=copy
    )


@pytest.mark.parametrize(
    ("copy", "module", "name", "warns"),
    [
        ("klaverjas_v1", "atout_klaverjas", "klaverjas", True),
        ("house_rules_v1", "atout_house_rules", "coinche-no-undertrump", False),
    ],
)
def test_the_first_form_of_an_example_passes_the_kit(
    copy: str, module: str, name: str, warns: bool
) -> None:
    result = _run(["-c", KIT, module, name, str(HERE / copy)], HERE / copy)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "kit passed" in result.stdout
    deprecated = result.stdout.split("deprecated:", 1)[1].splitlines()[0]
    if warns:  # the old hooks keep working, with a warning that names the new one
        assert "atout_record_fields and atout_validate_record are deprecated" in deprecated
        assert "atout_record_schema" in deprecated
    else:
        assert deprecated.strip() == "[]"


#: Tests of a copy that read the deal in a way the deal no longer supports: this one finds the
#: seats of the current trick in the last events (``deal.events[-len(deal.trick):]``), and
#: announcements are now events too (a ``declare`` in the first trick when the preset counts
#: them: ``house`` and ``ffb``). The same test with the ``bidonly`` preset (no announcements)
#: runs, and it drives ``RandomBot`` with the first bot API of its day (``choose_call(deal,
#: seat, calls)``, ``choose_card(deal, seat, legal)``), which works again with a warning.
#: Listed, not hidden, so the change is seen.
EVENTS_OF_THEIR_DAY = {
    "house_rules_v1": [
        "tests/test_house_rules.py::"
        f"test_every_position_plays_as_in_coinche_except_a_forced_undertrump[{preset}]"
        for preset in ("house", "ffb")
    ],
}


@pytest.mark.parametrize("copy", ["klaverjas_v1", "house_rules_v1"])
def test_the_first_form_of_an_example_passes_its_own_tests(copy: str) -> None:
    # The copy's own pytest settings turn warnings into errors. The old forms it uses (the
    # record hooks, Variant.hook/score/record_fields..., bots called as choose_card(deal, seat,
    # legal)) keep working with a DeprecationWarning: those are shown, not errors, here; every
    # other warning stays an error.
    deselect = [a for t in EVENTS_OF_THEIR_DAY.get(copy, []) for a in ("--deselect", t)]
    result = _run(
        [
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "-rw",
            "-W",
            "always::DeprecationWarning",
            *deselect,
            "tests",
        ],
        HERE / copy,
    )
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]
    assert "DeprecationWarning" in result.stdout  # said, so the author sees what to change
    assert "[100%]" in result.stdout and "F" not in result.stdout.split("[100%]")[0]
    if copy == "house_rules_v1":  # the old bot calls ran, and said so
        assert "is the bot API before information sets" in result.stdout
