"""A plugin imports the kernel through ``framework.api`` alone, and the belote family through its
public module ``variants.belote`` alone: the built-in variants and the examples are read for
their imports (docstrings and doctests included, as a reader would copy them)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PLUGIN_FILES = sorted(
    [*ROOT.glob("variants/*/*.py"), *ROOT.glob("examples/*/atout_*/*.py")],
    key=lambda p: str(p),
)
#: ``from framework.x import`` or ``import framework.x`` written in a doctest or an example.
_TEXT_IMPORT = re.compile(r"(?:from|import)\s+(framework(?:\.\w+)*|variants(?:\.\w+)*)")


def _imported(path: Path) -> set[str]:
    source = path.read_text(encoding="utf-8")
    names: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            names.update(_TEXT_IMPORT.findall(node.value))
    return names


def _family(path: Path) -> bool:
    return path.parent == ROOT / "variants" / "belote"


@pytest.mark.parametrize("path", PLUGIN_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_a_plugin_imports_the_kernel_through_framework_api_only(path: Path) -> None:
    kernel = {n for n in _imported(path) if n == "framework" or n.startswith("framework.")}
    assert kernel <= {"framework.api"}, f"{path.name} imports {sorted(kernel - {'framework.api'})}"


@pytest.mark.parametrize(
    "path", [p for p in PLUGIN_FILES if not _family(p)], ids=lambda p: str(p.relative_to(ROOT))
)
def test_a_plugin_takes_the_belote_family_from_its_public_module_only(path: Path) -> None:
    family = {n for n in _imported(path) if n.startswith("variants.belote.")}
    assert not family, f"{path.name} imports the family's submodules {sorted(family)}"


def test_the_family_exports_what_it_documents() -> None:
    import variants.belote as family

    assert all(hasattr(family, name) for name in family.__all__)
    assert "family_play_rules" in family.__all__ and "card_tables" in family.__all__
