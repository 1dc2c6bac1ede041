"""The layers hold beyond what import-linter checks (``lint-imports``, the contracts in
pyproject.toml): no module takes another module's private name, and each package of
``framework`` says in its docstring what its layer is."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("framework", "scorepad", "variants")
#: gettext's keywords, private by convention in every module that says words
GETTEXT = {"_", "_n", "_p", "_np"}

SOURCES = sorted(
    p for pkg in PACKAGES for p in (ROOT / pkg).rglob("*.py") if "migrations" not in p.parts
)


def _private_imports(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            if node.module.split(".")[0] not in PACKAGES:
                continue
            for alias in node.names:
                name = alias.name
                if name.startswith("_") and not name.startswith("__") and name not in GETTEXT:
                    found.append(f"{node.module}.{name} (line {node.lineno})")
    return found


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_no_module_imports_another_modules_private_name(path: Path) -> None:
    assert _private_imports(path) == []


LAYERS = ("core", "rules", "engine", "bots", "app", "kit")


@pytest.mark.parametrize("layer", LAYERS)
def test_each_framework_package_says_what_its_layer_is(layer: str) -> None:
    package = importlib.import_module(f"framework.{layer}")
    doc = package.__doc__ or ""
    assert len(doc.split()) >= 20, doc
    defined = [
        name
        for name, value in vars(package).items()
        if not name.startswith("_") and not isinstance(value, type(package))
    ]
    assert defined == [], "a layer's __init__ is its docstring: it defines and re-exports nothing"


def test_the_framework_packages_are_the_layers_and_nothing_is_left_flat() -> None:
    flat = sorted(p.name for p in (ROOT / "framework").glob("*.py"))
    assert flat == ["__init__.py", "api.py", "deprecated.py"]
    packages = sorted(
        p.name for p in (ROOT / "framework").iterdir() if (p / "__init__.py").is_file()
    )
    assert packages == sorted(LAYERS)
