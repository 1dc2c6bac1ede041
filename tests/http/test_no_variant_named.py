"""The scorepad reaches variants only through the plugin registry: no installed variant's name
appears in its code or templates (design.md: a rule written in scorepad/ is a bug)."""

import re
from importlib import resources
from pathlib import Path

from framework.rules.plugins import variant_names


def test_scorepad_never_names_a_variant():
    root = Path(str(resources.files("scorepad")))
    names = variant_names()
    assert names, "no variant installed: run pip install -e ."
    pattern = re.compile(r"\b(" + "|".join(re.escape(n) for n in names) + r")\b", re.I)
    found = []
    for path in root.rglob("*"):
        if path.suffix in (".py", ".html", ".js", ".css", ".mako") and path.is_file():
            for number, line in enumerate(path.read_text().splitlines(), 1):
                if pattern.search(line):
                    found.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    assert not found, found
