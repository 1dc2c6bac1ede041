"""The text catalogue: every message of the templates and views has a French translation."""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

from scorepad import i18n

MESSAGE = re.compile(r"""\b_\(\s*(["'])(.+?)\1""", re.S)
T_CALL = re.compile(r"""\bt\(\s*(["'])(.+?)\1""", re.S)


def _messages() -> set[str]:
    found = set()
    root = Path(str(resources.files("scorepad")))
    for path in (root / "templates").rglob("*.html"):
        found |= {m.group(2) for m in MESSAGE.finditer(path.read_text())}
    for path in root.rglob("*.py"):
        text = path.read_text()
        # adjacent string literals inside t("..." "...") are joined
        for match in re.finditer(r"\bt\(\s*((?:\"[^\"]*\"\s*)+)", text):
            found.add("".join(re.findall(r'"([^"]*)"', match.group(1))))
    return found


def test_every_message_has_a_french_translation():
    missing = sorted(m for m in _messages() if m not in i18n.FR)
    assert not missing, missing


def test_placeholders_survive_translation():
    for english, french in i18n.FR.items():
        assert re.findall(r"%\(\w+\)s", english) == re.findall(r"%\(\w+\)s", french), english


def test_unknown_message_falls_back_to_english():
    assert i18n.gettext("fr", "Some variant label") == "Some variant label"
    assert i18n.gettext("de", "New game") == "New game"
    assert i18n.gettext("fr", "Record deal %(number)s", number=3) == "Noter la donne 3"
