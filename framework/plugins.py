"""The plugin registry: the only code that touches the ``atout.variants`` entry points.

Each installed variant is an entry point of the group ``atout.variants`` (the built-in ones are
entry points of the ``atout`` distribution itself, loaded exactly like third-party ones). For
each variant, :func:`make_plugin_manager` builds a fresh pluggy manager holding the kernel's
defaults, the variant's bases (``atout_bases``) and the variant's plugin on top. A :class:`Variant`
wraps that manager with the calls the CLI, the engine and the scorepad need.

A plugin that fails to import, names an unknown hook or leaves out a required one is reported as a
:class:`~framework.errors.PluginError` with its name and the reason; the other variants keep
working.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from importlib import metadata
from typing import Any

import pluggy

from framework import hookspecs
from framework.auction import Contract
from framework.cards import Deck
from framework.errors import AtoutError, OptionError, PluginError, RecordError
from framework.options import _RESERVED as RESERVED_OPTION_NAMES
from framework.options import Option, Preset, Rules, resolve_rules
from framework.records import RecordField
from framework.scoring import DealScore, MatchContext

__all__ = [
    "ENTRY_POINT_GROUP",
    "Variant",
    "VariantInfo",
    "hookimpl",
    "load_all",
    "load_variant",
    "make_plugin_manager",
    "variant_from_plugins",
    "variant_names",
]

ENTRY_POINT_GROUP = "atout.variants"
DISABLED_ENV = "ATOUT_DISABLED_VARIANTS"

hookimpl = pluggy.HookimplMarker("atout")

#: Hooks every variant stack must answer; the others have kernel defaults.
REQUIRED_HOOKS = (
    "atout_variant_info",
    "atout_register_presets",
    "atout_deal_pattern",
    "atout_auction",
    "atout_play_rules",
    "atout_record_fields",
    "atout_validate_record",
    "atout_make_record",
    "atout_score_deal",
    "atout_match_outcome",
)


@dataclass(frozen=True)
class VariantInfo:
    """What a variant is, for ``atout variants`` and the scorepad.

    :param title: its name for people ("Coinche (belote contrée)").
    :param summary: one paragraph: the game, and whose rules the presets follow.
    :param deck: the deck it is played with.
    :param teams: the team names used on the score sheet (always ``NS`` and ``EW`` here).
    :param seat_may_sit_out: a contract can leave one seat out of the play (Cuatrola's bets),
        so a trick may skip that seat; ``atout legal/trick`` accept such tricks only then.
    """

    title: str
    summary: str
    deck: Deck
    teams: tuple[str, str] = ("NS", "EW")
    seat_may_sit_out: bool = False


@dataclass(frozen=True)
class _Source:
    name: str
    distribution: str
    version: str
    entry_point: metadata.EntryPoint | None = field(default=None, compare=False)


def _entry_points() -> dict[str, metadata.EntryPoint]:
    found: dict[str, metadata.EntryPoint] = {}
    for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(ep.name, ep)
    return found


def _disabled() -> set[str]:
    return {n.strip() for n in os.environ.get(DISABLED_ENV, "").split(",") if n.strip()}


def variant_names() -> list[str]:
    """The names of the installed, enabled variants, sorted."""
    blocked = _disabled()
    return sorted(n for n in _entry_points() if n not in blocked)


def _bases_of(plugin: object) -> list[object]:
    """Ask one plugin, alone, what it builds on."""
    probe = pluggy.PluginManager("atout")
    probe.add_hookspecs(hookspecs)
    probe.register(plugin)
    bases: list[object] = []
    for answer in probe.hook.atout_bases():
        bases.extend(answer or ())
    return bases


def make_plugin_manager(name: str, extra_plugins: Sequence[object] = ()) -> pluggy.PluginManager:
    """A fresh plugin manager for the variant ``name``.

    Holds the kernel's defaults, then the variant's bases (lowest first), then the variant's own
    plugin, then ``extra_plugins`` (house rules given by a program or a test), each registered
    once.

    :raises PluginError: if the variant is not installed, is disabled, or cannot be loaded.
    """
    from framework import defaults

    if name in _disabled():
        raise PluginError(name, f"disabled by {DISABLED_ENV}")
    points = _entry_points()
    pm = pluggy.PluginManager("atout")
    pm.add_hookspecs(hookspecs)
    stacking: list[str] = []

    def stack(plugin: object, label: str) -> None:
        if pm.is_registered(plugin):
            return
        for base in _bases_of(plugin):
            if isinstance(base, str):
                if base in stacking:
                    raise PluginError(name, f"{label} builds on {base!r}, which builds on it")
                stacking.append(base)
                stack(_load_entry_point(base, points, name), base)
                stacking.pop()
            else:
                stack(base, getattr(base, "__name__", repr(base)))
        pm.register(plugin, name=label)

    try:
        stack(_load_entry_point(name, points, name), name)
        for extra in extra_plugins:
            stack(extra, getattr(extra, "__name__", repr(extra)))
        # pluggy runs ``trylast`` impls in reverse order of registration: the defaults are
        # registered last so that they answer after a base's own ``trylast`` hooks.
        pm.register(defaults, name="atout.defaults")
        pm.check_pending()
    except PluginError:
        raise
    except pluggy.PluginValidationError as exc:
        raise PluginError(name, f"does not match the hook catalogue: {exc}") from exc
    except Exception as exc:  # a broken third-party plugin must not take the host down
        raise PluginError(name, f"cannot be loaded: {type(exc).__name__}: {exc}") from exc
    missing = [h for h in REQUIRED_HOOKS if not getattr(pm.hook, h).get_hookimpls()]
    if missing:
        raise PluginError(name, "does not implement " + ", ".join(missing))
    return pm


def _load_entry_point(name: str, points: Mapping[str, metadata.EntryPoint], for_: str) -> object:
    ep = points.get(name)
    if ep is None:
        known = ", ".join(sorted(points)) or "none"
        raise PluginError(for_, f"{name!r} is not an installed variant (installed: {known})")
    try:
        return ep.load()
    except Exception as exc:
        raise PluginError(name, f"cannot be imported: {type(exc).__name__}: {exc}") from exc


class ResolvedHooks:
    """The variant's "one answer" hooks resolved into plain function chains, once.

    ``resolved.atout_play_rules(rules=..., contract=...)`` answers exactly as
    ``pm.hook.atout_play_rules(...)`` would (top plugin first, first non-None answer), without
    pluggy's per-call bookkeeping: the engine calls these once per deal, thousands of times a
    second. A hook with a wrapper is left to pluggy.
    """

    def __init__(self, hook: Any) -> None:
        self._hook = hook

    def __getattr__(self, name: str) -> Any:
        caller = getattr(self._hook, name)
        impls = caller.get_hookimpls()
        if any(i.hookwrapper or getattr(i, "wrapper", False) for i in impls):
            resolved = caller
        else:
            chain = [(i.function, tuple(i.argnames)) for i in reversed(impls)]

            def resolved(**kwargs: Any) -> Any:
                for function, names in chain:
                    answer = function(*[kwargs[n] for n in names])
                    if answer is not None:
                        return answer
                return None

        setattr(self, name, resolved)
        return resolved


class Variant:
    """An installed variant: its plugin stack, options, presets and the calls into its rules.

    Get one with :func:`load_variant`. Hooks are called through :attr:`hook`; the engine
    (:mod:`framework.deal`) resolves the per-deal hooks itself, once per deal.
    """

    def __init__(self, name: str, pm: pluggy.PluginManager, source: _Source) -> None:
        self.name = name
        self.pm = pm
        self.hook = pm.hook
        self.resolved = ResolvedHooks(pm.hook)
        self.distribution = source.distribution
        self.version = source.version
        #: The entry point's target (``"variants.coinche"``), or None when not installed.
        self.module: str | None = getattr(source.entry_point, "value", None)
        info = self.hook.atout_variant_info()
        if not isinstance(info, VariantInfo):
            raise PluginError(name, "atout_variant_info must return a VariantInfo")
        self.info: VariantInfo = info
        self.options: dict[str, Option] = {}
        self.presets: dict[str, Preset] = {}

        def register_option(option: Option) -> None:
            if not isinstance(option, Option):
                raise PluginError(name, f"register_options got {option!r}, not an Option")
            if not option.name.isidentifier() or option.name in RESERVED_OPTION_NAMES:
                raise PluginError(name, f"{option.name!r} cannot name an option")
            if option.name in self.options:
                raise PluginError(name, f"option {option.name!r} is declared twice")
            option.check(option.default)
            self.options[option.name] = option

        # Presets are collected first and checked once every option is known.
        collected: list[Preset] = []

        def register_preset(preset: Preset) -> None:
            if not isinstance(preset, Preset):
                raise PluginError(name, f"register_presets got {preset!r}, not a Preset")
            collected.append(preset)

        try:
            # pluggy calls the top plugin first; declare the bases' options first for the docs.
            for impl in self.hook.atout_register_options.get_hookimpls():
                impl.function(register_option)
            for impl in reversed(self.hook.atout_register_presets.get_hookimpls()):
                impl.function(register_preset)
        except OptionError as exc:
            raise PluginError(name, str(exc)) from exc
        for preset in collected:
            if preset.name in self.presets:
                raise PluginError(name, f"preset {preset.name!r} is declared twice")
            unknown = [k for k in preset.values if k not in self.options]
            if unknown:
                raise PluginError(name, f"preset {preset.name!r} sets unknown options "
                                  + ", ".join(unknown))
            try:
                for key, value in preset.values.items():
                    self.options[key].check(value)
            except OptionError as exc:
                raise PluginError(name, f"preset {preset.name!r}: {exc}") from exc
            self.presets[preset.name] = preset
        if not self.presets:
            raise PluginError(name, "declares no preset")

    def __repr__(self) -> str:
        return f"<Variant {self.name} from {self.distribution} {self.version}>"

    @property
    def default_preset(self) -> str:
        return next(iter(self.presets))

    @property
    def deck(self) -> Deck:
        return self.info.deck

    @cached_property
    def stack(self) -> list[str]:
        """The plugins the variant is made of, lowest first, by module name: its bases (a family
        plugin, the variant a house rule builds on), itself, then any house-rule plugins."""
        return [getattr(plugin, "__name__", None) or type(plugin).__name__
                for name, plugin in self.pm.list_name_plugin()
                if name != "atout.defaults"]

    @cached_property
    def hooks_implemented(self) -> list[str]:
        """The hooks answered by the variant's own plugins (not the kernel's defaults)."""
        names = []
        for hook_name in sorted(n for n in dir(self.hook) if n.startswith("atout_")):
            impls = getattr(self.hook, hook_name).get_hookimpls()
            if any(i.plugin_name != "atout.defaults" for i in impls):
                names.append(hook_name)
        return names

    # ---- rules --------------------------------------------------------------------------

    def rules(self, preset: str | None = None,
              overrides: Mapping[str, Any] | None = None) -> Rules:
        """Resolve a preset (default: the first) and house-rule overrides into :class:`Rules`.

        :raises OptionError: for an unknown preset or option, or a bad value.
        """
        return resolve_rules(self.name, self.options, self.presets, preset, overrides)

    def rules_from_json(self, data: Mapping[str, Any]) -> Rules:
        """Rebuild stored rules exactly as they were snapshotted (see :meth:`Rules.to_json`).

        The stored option values win over the preset's current ones, so a game keeps its rules
        even if the preset changes in a later version.
        """
        options = dict(data.get("options") or {})
        values = {n: o.default for n, o in self.options.items()}
        for key, value in options.items():
            if key in self.options:
                values[key] = self.options[key].check(value)
        return Rules(self.name, str(data.get("preset") or self.default_preset), values,
                     data.get("overrides") or {})

    def contract(self, denomination: str, taker: int = 0) -> Contract:
        """A contract for the play queries of the CLI (``--contract H``, ``NT``, ``AT``)."""
        key = denomination.strip().upper()
        if key not in ("NT", "AT"):
            key = self.deck.suits[self.deck.suit_index(key)]
        return Contract(key, taker)

    # ---- records and scoring ------------------------------------------------------------

    def record_fields(self, rules: Rules) -> list[RecordField]:
        return list(self.hook.atout_record_fields(rules=rules))

    def validate_record(self, rules: Rules, record: Any,
                        context: MatchContext | None = None) -> dict[str, Any]:
        """The normalised record, or :class:`RecordError` naming the field and the reason."""
        if not isinstance(record, Mapping):
            raise RecordError("record", "a deal record is a JSON object")
        return dict(self.resolved.atout_validate_record(rules=rules, record=record,
                                                    context=context or MatchContext()))

    def score_valid(self, rules: Rules, record: Mapping[str, Any],
                    context: MatchContext | None = None) -> DealScore:
        """Score a record already validated."""
        return self.resolved.atout_score_deal(rules=rules, record=record,
                                          context=context or MatchContext())

    def score(self, rules: Rules, record: Any, context: MatchContext | None = None) -> DealScore:
        """Validate and score one deal record."""
        context = context or MatchContext()
        return self.score_valid(rules, self.validate_record(rules, record, context), context)

    def outcome(self, rules: Rules, totals: Mapping[str, int],
                scores: Sequence[DealScore]) -> Any:
        return self.resolved.atout_match_outcome(rules=rules, totals=dict(totals),
                                             scores=tuple(scores))

    def match_summary(self, rules: Rules, records: Sequence[Mapping[str, Any]],
                      scores: Sequence[DealScore]) -> Any:
        """The variant's per-team counts over a match (``atout_match_summary``)."""
        return self.resolved.atout_match_summary(rules=rules, records=tuple(records),
                                                 scores=tuple(scores))

    def describe(self) -> dict[str, Any]:
        """A JSON-ready description, as ``atout variants --json`` prints it."""
        return {
            "name": self.name,
            "title": self.info.title,
            "summary": self.info.summary,
            "distribution": self.distribution,
            "version": self.version,
            "deck": self.deck.name,
            "default_preset": self.default_preset,
            "presets": [{"name": p.name, "doc": p.doc, "values": dict(p.values)}
                        for p in self.presets.values()],
            "options": [o.describe() for o in self.options.values()],
            "hooks": self.hooks_implemented,
            "module": self.module,
            "stack": self.stack,
        }


def variant_from_plugins(name: str, plugins: Sequence[object]) -> Variant:
    """A variant built from plugin objects, lowest first, without any entry point.

    For tests and for plugin authors trying a plugin before installing it. Bases named by
    ``atout_bases`` are stacked as for an installed variant.
    """
    from framework import defaults

    pm = pluggy.PluginManager("atout")
    pm.add_hookspecs(hookspecs)
    stacking: list[object] = []

    def stack(plugin: object) -> None:
        # A base's own bases go below it, recursively, as in make_plugin_manager.
        if pm.is_registered(plugin):
            return
        if plugin in stacking:
            raise PluginError(name, f"{plugin!r} builds on itself")
        stacking.append(plugin)
        for base in _bases_of(plugin):
            stack(_load_entry_point(base, _entry_points(), name) if isinstance(base, str)
                  else base)
        stacking.pop()
        pm.register(plugin)

    try:
        for plugin in plugins:
            stack(plugin)
        pm.register(defaults, name="atout.defaults")  # last: see make_plugin_manager
        pm.check_pending()
    except pluggy.PluginValidationError as exc:
        raise PluginError(name, f"does not match the hook catalogue: {exc}") from exc
    missing = [h for h in REQUIRED_HOOKS if not getattr(pm.hook, h).get_hookimpls()]
    if missing:
        raise PluginError(name, "does not implement " + ", ".join(missing))
    return Variant(name, pm, _Source(name, "(not installed)", "0"))


def load_variant(name: str, extra_plugins: Sequence[object] = ()) -> Variant:
    """Load one installed variant.

    :raises PluginError: if it is not installed or broken.
    """
    pm = make_plugin_manager(name, extra_plugins)
    ep = _entry_points().get(name)
    dist = getattr(ep, "dist", None)
    source = _Source(name, dist.name if dist else "?", dist.version if dist else "?", ep)
    try:
        return Variant(name, pm, source)
    except AtoutError:
        raise
    except Exception as exc:
        raise PluginError(name, f"is broken: {type(exc).__name__}: {exc}") from exc


def load_all() -> tuple[list[Variant], list[PluginError]]:
    """Every installed variant that loads, and an error for each one that does not."""
    loaded: list[Variant] = []
    broken: list[PluginError] = []
    for name in variant_names():
        try:
            loaded.append(load_variant(name))
        except PluginError as exc:
            broken.append(exc)
    return loaded, broken
