"""The plugin registry: installed variants, where they come from, and broken plugins.

A broken third-party plugin (it fails to import, leaves out a required hook, names a hook that
does not exist, builds on a variant that is not installed...) is reported by ``load_all`` with
its name and the reason, and every other variant keeps loading.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from importlib import metadata
from typing import Any

import pytest
import toy_game

from framework.core.errors import PluginError
from framework.rules import plugins
from framework.rules.hookspecs import hookimpl
from framework.rules.plugins import ENTRY_POINT_GROUP, load_all, load_variant, variant_names

BUILT_IN = ("bela", "bulgarian-belot", "coinche", "cuatrola", "french-belote", "preference")


class FakeEntryPoint:
    """An installed plugin object, as an entry point would load it."""

    def __init__(self, name: str, plugin: object) -> None:
        self.name = name
        self.value = f"fake.{name}"
        self.plugin = plugin
        self.dist = None

    def load(self) -> object:
        return self.plugin


class MissingHooks:
    """Describes itself and nothing else."""

    @hookimpl
    def atout_declare(self) -> Any:
        return toy_game.atout_declare()


class UnknownHook:
    @hookimpl
    def atout_no_such_hook(self) -> None:
        return None


class WrongArgument:
    @hookimpl
    def atout_deal_pattern(self, rules: Any, colour: Any) -> Any:
        return None


class NotAnInfo:
    @hookimpl
    def atout_declare(self) -> Any:
        return "Toy"


class CrashingPresets:
    @hookimpl
    def atout_declare(self) -> Any:
        raise RuntimeError("presets file missing")


class Extends:
    """A house rule of another variant, by name."""

    def __init__(self, base: str) -> None:
        self.base = base

    @hookimpl
    def atout_bases(self) -> Sequence[object]:
        return [self.base]


def _install(monkeypatch: pytest.MonkeyPatch, **extra: object) -> None:
    """The installed entry points plus ``extra`` (name -> plugin object or entry point)."""
    real = plugins._entry_points()
    fake = {
        name.replace("_", "-"): (
            p if isinstance(p, metadata.EntryPoint) else FakeEntryPoint(name, p)
        )
        for name, p in extra.items()
    }
    monkeypatch.setattr(plugins, "_entry_points", lambda: {**real, **fake})


def test_the_built_in_variants_are_installed_entry_points() -> None:
    installed = {ep.name for ep in metadata.entry_points(group=ENTRY_POINT_GROUP)}
    assert set(BUILT_IN) <= installed
    assert set(BUILT_IN) <= set(variant_names())


def test_a_variant_says_which_distribution_and_version_it_comes_from() -> None:
    variant = load_variant("coinche")
    described = variant.describe()
    assert described["distribution"] == "atout"
    assert described["version"] == metadata.version("atout")
    assert described["module"] == "variants.coinche"
    assert described["stack"] == ["variants.belote", "variants.coinche"]


def test_a_house_rule_variant_lists_the_variant_it_builds_on(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _install(monkeypatch, coinche_strict=Extends("coinche"))
    described = load_variant("coinche-strict").describe()
    assert described["stack"][:2] == ["variants.belote", "variants.coinche"]
    assert described["stack"][-1] == "Extends"
    assert [p["name"] for p in described["presets"]] == list(load_variant("coinche").presets)


def test_load_all_reports_each_broken_plugin_with_its_name_and_reason(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import_error = metadata.EntryPoint("no-module", "atout_no_such_module_xyz", ENTRY_POINT_GROUP)
    _install(
        monkeypatch,
        toy=toy_game,
        no_module=import_error,
        missing_hooks=MissingHooks(),
        unknown_hook=UnknownHook(),
        wrong_argument=WrongArgument(),
        unknown_base=Extends("no-such-variant"),
        cycle_a=Extends("cycle-b"),
        cycle_b=Extends("cycle-a"),
    )
    loaded, broken = load_all()
    names = [v.name for v in loaded]
    assert "toy" in names
    assert set(BUILT_IN) <= set(names)
    reasons = {e.variant: e.reason for e in broken}
    assert set(reasons) == {
        "no-module",
        "missing-hooks",
        "unknown-hook",
        "wrong-argument",
        "unknown-base",
        "cycle-a",
        "cycle-b",
    }
    assert reasons["no-module"].startswith("cannot be imported: ModuleNotFoundError")
    assert "atout_no_such_module_xyz" in reasons["no-module"]
    assert reasons["missing-hooks"].startswith("does not implement atout_deal_pattern")
    assert "atout_no_such_hook" in reasons["unknown-hook"]
    assert "colour" in reasons["wrong-argument"]
    assert "'no-such-variant' is not an installed variant" in reasons["unknown-base"]
    assert "builds on" in reasons["cycle-a"]
    for error in broken:
        assert str(error).startswith(f"variant {error.variant!r}: ")


@pytest.mark.parametrize(
    ("lang", "missing", "unimportable", "no_info"),
    [
        (
            "fr",
            "variante 'missing-hooks' : n'implémente pas atout_deal_pattern",
            "variante 'no-module' : ne peut pas être importée : ModuleNotFoundError",
            "atout_declare doit renvoyer une Declaration",
        ),
        (
            "ru",
            "вариант 'missing-hooks': не реализует atout_deal_pattern",
            "вариант 'no-module': не удаётся импортировать: ModuleNotFoundError",
            "atout_declare должен вернуть Declaration",
        ),
        (
            "hr",
            "varijanta 'missing-hooks': ne implementira atout_deal_pattern",
            "varijanta 'no-module': ne može se uvesti: ModuleNotFoundError",
            "atout_declare mora vratiti Declaration",
        ),
    ],
)
def test_a_plugin_authors_errors_are_said_in_the_language(
    monkeypatch: pytest.MonkeyPatch, lang: str, missing: str, unimportable: str, no_info: str
) -> None:
    from framework.core.messages import Translator

    import_error = metadata.EntryPoint("no-module", "atout_no_such_module_xyz", ENTRY_POINT_GROUP)
    _install(monkeypatch, toy=toy_game, no_module=import_error, missing_hooks=MissingHooks())
    say = Translator(lang).render
    said = {e.variant: say(e.args[0]) for e in load_all()[1]}
    assert said["missing-hooks"].startswith(missing)
    assert said["no-module"].startswith(unimportable)
    with pytest.raises(PluginError) as raised:
        load_variant("toy", extra_plugins=[NotAnInfo()])
    assert say(raised.value.args[0]).endswith(no_info)


def test_a_plugin_that_answers_with_the_wrong_type_is_broken(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _install(monkeypatch, toy=toy_game)
    with pytest.raises(PluginError, match="atout_declare must return a Declaration"):
        load_variant("toy", extra_plugins=[NotAnInfo()])


def test_a_plugin_that_crashes_while_loading_is_reported_not_raised(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _install(monkeypatch, toy=toy_game)
    with pytest.raises(PluginError, match="RuntimeError: presets file missing"):
        load_variant("toy", extra_plugins=[CrashingPresets()])


def test_a_disabled_variant_is_neither_listed_nor_loaded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ATOUT_DISABLED_VARIANTS", "cuatrola, bela")
    assert "cuatrola" not in variant_names() and "bela" not in variant_names()
    with pytest.raises(PluginError, match="disabled by ATOUT_DISABLED_VARIANTS"):
        load_variant("cuatrola")
    loaded, broken = load_all()
    assert {v.name for v in loaded} & {"cuatrola", "bela"} == set()
    assert not [e for e in broken if e.variant in ("cuatrola", "bela")]


def test_the_entry_points_are_scanned_once_and_the_disabled_read_on_every_call(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The scorepad lists the variants on every request: the scan of every installed
    distribution (milliseconds) is made once per process; ATOUT_DISABLED_VARIANTS is read on
    every call, and a plugin installed meanwhile is seen once the scan is cleared."""
    scans: list[str] = []
    real_scan = metadata.entry_points
    late: list[metadata.EntryPoint] = []

    def scan(group: str) -> list[metadata.EntryPoint]:
        scans.append(group)
        return [*real_scan(group=group), *late]

    monkeypatch.setattr(metadata, "entry_points", scan)
    plugins._entry_points.cache_clear()
    try:
        first = variant_names()
        assert variant_names() == first and load_variant("coinche").name == "coinche"
        assert scans == [ENTRY_POINT_GROUP]
        hidden = os.environ.get("ATOUT_DISABLED_VARIANTS", "")
        monkeypatch.setenv("ATOUT_DISABLED_VARIANTS", f"{hidden},coinche")
        assert variant_names() == [n for n in first if n != "coinche"]
        assert scans == [ENTRY_POINT_GROUP]
        # installed while the process runs: seen once the scan is cleared
        late.append(metadata.EntryPoint("zz-late", "toy_game", ENTRY_POINT_GROUP))
        assert "zz-late" not in variant_names()
        plugins._entry_points.cache_clear()
        assert "zz-late" in variant_names() and len(scans) == 2
    finally:
        plugins._entry_points.cache_clear()  # (the next scan is the real one again)


def test_an_unknown_variant_lists_the_installed_ones() -> None:
    with pytest.raises(PluginError, match=r"'nope' is not an installed variant \(installed: "):
        load_variant("nope")


def test_a_plugin_tried_before_installing_stacks_the_bases_of_its_bases() -> None:
    from framework.rules.plugins import variant_from_plugins

    variant = variant_from_plugins("coinche-strict", [Extends("coinche")])
    assert variant.stack == ["variants.belote", "variants.coinche", "Extends"]
    assert variant.presets.keys() == load_variant("coinche").presets.keys()
    rules = variant.rules()
    no_trumps = variant.hooks.play_rules(rules, variant.hooks.parse_contract(rules, "NT"))
    assert no_trumps.total_points == 162  # the belote family's no-trumps table (A = 19)
