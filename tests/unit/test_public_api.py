"""The public plugin API is one module, ``framework.api``, and the built-in variants and the
examples import from it only; ``framework`` itself exports nothing."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

import framework
import framework.api

ROOT = Path(__file__).resolve().parents[2]

#: The kernel modules whose public names a plugin may need; framework.api re-exports them all.
PLUGIN_FACING = (
    "bots.base",
    "bots.registry",
    "bots.rulebot",
    "bots.search",
    "core.cards",
    "core.errors",
    "core.messages",
    "core.options",
    "core.seats",
    "engine.deal",
    "engine.infoset",
    "engine.match",
    "rules.announcements",
    "rules.auction",
    "rules.dealing",
    "rules.outcome",
    "rules.played",
    "rules.schema",
    "rules.scoring",
    "rules.steps",
    "rules.tricks",
)

PLUGIN_SOURCES = sorted(
    [
        *ROOT.glob("variants/**/*.py"),
        *ROOT.glob("examples/*/atout_*/**/*.py"),
        *ROOT.glob("tests/toys/atout_*/**/*.py"),
    ]
)


def _kernel_imports(path: Path) -> list[str]:
    modules = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if (
            isinstance(node, ast.ImportFrom)
            and node.module
            and node.module.split(".")[0] == "framework"
        ):
            modules.append(node.module)
        elif isinstance(node, ast.Import):
            modules += [a.name for a in node.names if a.name.split(".")[0] == "framework"]
    return modules


@pytest.mark.parametrize("path", PLUGIN_SOURCES, ids=lambda p: str(p.relative_to(ROOT)))
def test_variants_and_examples_import_the_kernel_only_through_framework_api(path: Path) -> None:
    assert [m for m in _kernel_imports(path) if m != "framework.api"] == []


@pytest.mark.parametrize("module", PLUGIN_FACING)
def test_framework_api_reexports_every_public_name_of_the_kernel(module: str) -> None:
    names = importlib.import_module(f"framework.{module}").__all__
    assert sorted(set(names) - set(framework.api.__all__)) == []


def test_every_name_of_framework_api_is_importable_and_listed_once() -> None:
    assert len(framework.api.__all__) == len(set(framework.api.__all__))
    for name in framework.api.__all__:
        assert hasattr(framework.api, name), name


def test_framework_itself_exports_no_name() -> None:
    """The package is a docstring: a plugin imports from framework.api, not from framework."""
    public = [n for n in vars(framework) if not n.startswith("_")]
    assert not hasattr(framework, "__all__")
    assert all(type(getattr(framework, n)) is type(framework) for n in public), (
        public
    )  # (only the subpackages and modules imported so far)


def test_the_package_says_it_is_typed() -> None:
    assert (ROOT / "framework" / "py.typed").is_file()
