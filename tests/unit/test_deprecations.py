"""Deprecations are declared in one place, ``framework.deprecated``, and a hook is deprecated on
its spec with pluggy's ``warn_on_impl``: a plugin implementing it warns when it is registered."""

from __future__ import annotations

import ast
from pathlib import Path

import pluggy
import pytest

from framework import deprecated
from framework.api import hookimpl
from framework.rules import hookspecs

ROOT = Path(__file__).resolve().parents[2]

hookspec = pluggy.HookspecMarker("atout")

#: A deprecation declared as framework.deprecated declares them (a throwaway: none is real yet).
OLD_HOOK = deprecated.AtoutRemovedIn2Warning("atout_old_hook is deprecated: use atout_new_hook")
OLD_ARG = deprecated.AtoutRemovedIn2Warning("atout_new_hook's `extra` is deprecated")


class ThrowawaySpecs:
    """A hook catalogue with one deprecated hook and one deprecated argument."""

    @hookspec(warn_on_impl=OLD_HOOK)
    def atout_old_hook(self, rules: object) -> None:
        """A hook going away."""

    @hookspec(warn_on_impl_args={"extra": OLD_ARG})
    def atout_new_hook(self, rules: object, extra: object) -> None:
        """A hook whose ``extra`` argument is going away."""


def manager() -> pluggy.PluginManager:
    pm = pluggy.PluginManager("atout")
    pm.add_hookspecs(hookspecs)
    pm.add_hookspecs(ThrowawaySpecs)
    return pm


class OldPlugin:
    @hookimpl
    def atout_old_hook(self, rules: object) -> None:
        return None


class NewPlugin:
    @hookimpl
    def atout_new_hook(self, rules: object) -> None:
        return None


class OldArgPlugin:
    @hookimpl
    def atout_new_hook(self, rules: object, extra: object) -> None:
        return None


def test_a_plugin_implementing_a_deprecated_hook_warns_when_registered() -> None:
    pm = manager()
    with pytest.warns(deprecated.AtoutRemovedIn2Warning, match="atout_old_hook is deprecated"):
        pm.register(OldPlugin())


def test_a_plugin_taking_a_deprecated_argument_warns_when_registered() -> None:
    pm = manager()
    with pytest.warns(deprecated.AtoutRemovedIn2Warning, match="`extra` is deprecated"):
        pm.register(OldArgPlugin())


def test_a_plugin_on_the_new_form_registers_without_warning() -> None:
    manager().register(NewPlugin())  # pytest runs with warnings as errors


def test_an_atout_deprecation_is_a_deprecation_warning() -> None:
    assert issubclass(deprecated.AtoutRemovedIn2Warning, deprecated.AtoutDeprecationWarning)
    assert issubclass(deprecated.AtoutDeprecationWarning, DeprecationWarning)


def _names_in(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)}
    names |= {n.attr for n in ast.walk(tree) if isinstance(n, ast.Attribute)}
    names |= {k.arg or "" for n in ast.walk(tree) if isinstance(n, ast.Call) for k in n.keywords}
    return names


@pytest.mark.parametrize(
    "path",
    sorted(p for p in (ROOT / "framework").rglob("*.py") if p.name != "deprecated.py"),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_no_other_kernel_module_declares_a_deprecation(path: Path) -> None:
    """A deprecation is a constant of framework.deprecated, used where the old thing is: no
    other module names a DeprecationWarning or passes warn_on_impl a warning of its own."""
    names = _names_in(path)
    assert not names & {"DeprecationWarning", "PendingDeprecationWarning"}, path
    if names & {"warn_on_impl", "warn_on_impl_args"}:
        assert "deprecated" in names, f"{path}: a hook deprecated without framework.deprecated"


def test_every_declared_deprecation_is_removed_at_the_next_major_version() -> None:
    declared = [v for n, v in vars(deprecated).items() if n.isupper() and isinstance(v, Warning)]
    assert all(isinstance(w, deprecated.AtoutRemovedIn2Warning) for w in declared), declared
