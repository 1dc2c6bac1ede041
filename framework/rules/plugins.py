"""The plugin registry: the only code that touches the ``atout.variants`` entry points.

Each installed variant is an entry point of the group ``atout.variants`` (the built-in ones are
entry points of the ``atout`` distribution itself, loaded exactly like third-party ones). For
each variant, :func:`make_plugin_manager` builds a fresh pluggy manager holding the kernel's
defaults, the variant's bases (``atout_bases``) and the variant's plugin on top. A :class:`Variant`
wraps that manager; its :class:`VariantHooks` (``variant.hooks``) is the one typed way the engine,
the CLI, the bots, the conformance kit and the scorepad call the variant.

A plugin that fails to import, names an unknown hook or leaves out a required one is reported as a
:class:`~framework.core.errors.PluginError` with its name and the reason; the other variants keep
working.

The entry points are scanned once per process: a plugin installed or removed while a process
runs (a scorepad server) is seen after a restart, or after ``_entry_points.cache_clear()`` (a
test that installs one on disk in its own process). ``ATOUT_DISABLED_VARIANTS`` is read on every
call.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property
from importlib import metadata
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, TypeVar

import pluggy

from framework.core.cards import Deck
from framework.core.errors import AtoutError, NotationError, OptionError, PluginError
from framework.core.messages import KERNEL, Domain, Message
from framework.core.options import (
    Option,
    Preset,
    Rules,
    check_deals_alone,
    check_match_deals,
    make_rules,
    resolve_rules,
)
from framework.rules import defaults, hookspecs
from framework.rules._fastpath import DealHooks, PluginManager
from framework.rules.auction import Auction, Call, Contract, ContractKind
from framework.rules.declaration import Declaration, VariantInfo, collect
from framework.rules.phases import PhaseAction
from framework.rules.schema import Field, RecordSchema
from framework.rules.scoring import DealScore, MatchContext

if TYPE_CHECKING:
    from framework.rules.announcements import Announcement
    from framework.rules.dealing import DealPattern
    from framework.rules.outcome import MatchOutcome, SummaryLine
    from framework.rules.played import PlayedDeal, Trick
    from framework.rules.tricks import PlayRules

_T = TypeVar("_T")

__all__ = [
    "ENTRY_POINT_GROUP",
    "Variant",
    "VariantHooks",
    "VariantInfo",
    "load_all",
    "load_variant",
    "make_plugin_manager",
    "variant_from_plugins",
    "variant_names",
]

ENTRY_POINT_GROUP = "atout.variants"
DISABLED_ENV = "ATOUT_DISABLED_VARIANTS"

_ = KERNEL.message

#: Hooks every variant stack must answer; the others have kernel defaults.
REQUIRED_HOOKS = (
    "atout_declare",
    "atout_deal_pattern",
    "atout_auction",
    "atout_play_rules",
    "atout_record_schema",
    "atout_make_record",
    "atout_score_deal",
    "atout_match_outcome",
)


@dataclass(frozen=True)
class _Source:
    name: str
    distribution: str
    version: str
    entry_point: metadata.EntryPoint | None = field(default=None, compare=False)


@functools.cache
def _entry_points() -> Mapping[str, metadata.EntryPoint]:
    """The ``atout.variants`` entry points by name (the first of a name wins), scanned once per
    process (see above): the scan reads every installed distribution's metadata (milliseconds),
    and the scorepad asks for the variants on every request."""
    found: dict[str, metadata.EntryPoint] = {}
    for ep in metadata.entry_points(group=ENTRY_POINT_GROUP):
        found.setdefault(ep.name, ep)
    return MappingProxyType(found)  # (kept: read-only)


def _disabled() -> set[str]:
    """The variants hidden by ``ATOUT_DISABLED_VARIANTS``, read on every call (not kept)."""
    return {n.strip() for n in os.environ.get(DISABLED_ENV, "").split(",") if n.strip()}


def variant_names() -> list[str]:
    """The names of the installed (scanned once per process), enabled (``ATOUT_DISABLED_VARIANTS``
    read now) variants, sorted."""
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


def _label(plugin: object) -> str:
    return str(getattr(plugin, "__name__", None) or repr(plugin))


def _stack(name: str, plugins: Sequence[object], labels: Sequence[str] = ()) -> PluginManager:
    """A fresh plugin manager holding ``plugins`` (lowest first), each above its bases.

    The one stacking function: a base named by ``atout_bases`` (a plugin object, or the name of
    an installed variant) is registered below the plugin naming it, recursively, each plugin
    once, all of them above the kernel's defaults. ``labels`` names the first plugins in pluggy (an
    installed variant's own plugin is registered under the variant's name).

    :raises PluginError: for a plugin that builds on itself, an unknown base, a hook that does
        not match the catalogue, a plugin that raises, or a required hook nobody answers.
    """
    pm = PluginManager("atout")  # (pluggy's, counting its changes: see _fastpath)
    pm.add_hookspecs(hookspecs)
    points = _entry_points()
    stacking: list[object] = []

    def stack(plugin: object, label: str | None) -> None:
        if pm.is_registered(plugin):
            return
        if any(p is plugin for p in stacking):
            raise PluginError(name, _("{plugin} builds on itself", plugin=label or _label(plugin)))
        stacking.append(plugin)
        for base in _bases_of(plugin):
            if isinstance(base, str):
                stack(_load_entry_point(base, points, name), base)
            else:
                stack(base, None)
        stacking.pop()
        pm.register(plugin, name=label)

    try:
        # The bottom of the stack: pluggy asks the plugin registered last first, so every
        # plugin registered after the defaults answers before them.
        pm.register(defaults, name="atout.defaults")
        for i, plugin in enumerate(plugins):
            stack(plugin, labels[i] if i < len(labels) else None)
        pm.check_pending()
    except PluginError:
        raise
    except pluggy.PluginValidationError as exc:
        raise PluginError(
            name, _("does not match the hook catalogue: {error}", error=str(exc))
        ) from exc
    except Exception as exc:  # a broken third-party plugin must not take the host down
        raise PluginError(name, _("cannot be loaded: {error}", error=_error(exc))) from exc
    _check_required(pm, name)
    return pm


def _check_required(pm: pluggy.PluginManager, name: str) -> None:
    """Raise :class:`PluginError` for a stack that leaves out a required hook."""
    missing = [h for h in REQUIRED_HOOKS if not getattr(pm.hook, h).get_hookimpls()]
    if missing:
        raise PluginError(name, _("does not implement {hooks}", hooks=", ".join(missing)))


def make_plugin_manager(name: str, extra_plugins: Sequence[object] = ()) -> PluginManager:
    """A fresh plugin manager for the installed variant ``name``.

    Holds the kernel's defaults, then the variant's bases (lowest first), then the variant's own
    plugin, then ``extra_plugins`` (house rules given by a program or a test), each registered
    once.

    :raises PluginError: if the variant is not installed, is disabled, or cannot be loaded.
    """
    if name in _disabled():
        raise PluginError(name, _("disabled by {variable}", variable=DISABLED_ENV))
    plugin = _load_entry_point(name, _entry_points(), name)
    return _stack(name, [plugin, *extra_plugins], [name])


def _load_entry_point(name: str, points: Mapping[str, metadata.EntryPoint], for_: str) -> object:
    ep = points.get(name)
    if ep is None:
        known: str = ", ".join(sorted(points)) or _("none")
        raise PluginError(
            for_,
            _(
                "{name} is not an installed variant (installed: {known})",
                name=repr(name),
                known=known,
            ),
        )
    try:
        return ep.load()
    except Exception as exc:
        raise PluginError(name, _("cannot be imported: {error}", error=_error(exc))) from exc


def _error(exc: BaseException) -> str:
    """An exception a plugin raised, for its author: its type and text (``KeyError: 'x'``)."""
    return f"{type(exc).__name__}: {exc}"


def broken_variant(name: str, exc: BaseException) -> PluginError:
    """The error of variant ``name`` whose plugin raised ``exc`` while it was built."""
    return PluginError(name, _("is broken: {error}", error=_error(exc)))


class VariantHooks:
    """The one way to call a variant: each hook of the catalogue as a typed method.

    Every caller — the deal engine, the CLI, the bots, the conformance kit, the scorepad —
    asks the variant through ``variant.hooks``. Each method calls pluggy's own hook caller
    (``pm.hook.atout_x(...)``), except those of the hooks asked on every deal (its ``HOT``: the
    deal pattern, the auction, the play rules, the phases, the sides, the first leader, the three
    announcement hooks, the record, the score, the end of the match and its settlement), which go
    through the engine's fast path
    (:mod:`framework.rules._fastpath`: the same implementations in pluggy's order, called as plain
    functions; pluggy's caller again for a hook with a wrapper, or while a hook-call monitor is
    in place). The answers that depend only on their arguments and are asked often (the deal
    pattern, the play rules of a contract, the record schema) are kept, per rules and contract:
    such a hook must answer the same for the same arguments. They are forgotten when a plugin
    is registered or unregistered.
    """

    def __init__(self, name: str, pm: PluginManager) -> None:
        self._name = name
        self._pm = pm
        self._hook = pm.hook
        self._info: VariantInfo | None = None
        self._fast = DealHooks(name, pm)
        self._schemas: dict[Rules, RecordSchema] = {}
        #: Whether a plugin answers ``atout_table_shape``: the table then depends on the rules,
        #: and so do the deal hooks (their seats and columns), kept per table in ``_shaped``.
        self.shapes_table = False
        #: per rules object (not hashed: a search asks on every playout), the table
        self._tables: dict[int, tuple[Rules, VariantInfo]] = {}
        self._shaped: dict[tuple[tuple[str, ...], tuple[str, ...]], DealHooks] = {}

    def declared(self, info: VariantInfo) -> None:
        """Take the table the variant declared (its seats, its score columns and their
        groups): what the kernel checks the answers of its hooks against."""
        self._info = info
        self.shapes_table = bool(self._hook.atout_table_shape.get_hookimpls())
        self._fast = self._deal_hooks(info)

    def _deal_hooks(self, info: VariantInfo) -> DealHooks:
        groups = tuple(column.group for column in info.score_columns)
        return DealHooks(self._name, self._pm, info.seats, info.column_keys, groups)

    def table(self, rules: Rules) -> VariantInfo:
        """The variant's info with the table's shape under ``rules``: its seats and score
        columns (:func:`~framework.rules.hookspecs.atout_table_shape`), and whether a seat may
        sit out of the play (also when the deal pattern seats one out of every deal). Kept per
        rules object.

        :raises PluginError: for a shape refused as a declaration's is.
        """
        kept = self._tables.get(id(rules))
        if kept is not None and kept[0] is rules:
            return kept[1]
        info = self._info
        assert info is not None, "declared() comes first"
        if len(self._tables) >= 64:
            self._tables.clear()
        shape = self._hook.atout_table_shape(rules=rules) if self.shapes_table else None
        shaped = info.shaped(self._name, shape)
        # (the declared table's hooks: a deal pattern does not depend on the table)
        if not shaped.seat_may_sit_out and self._fast.deal_pattern(rules).sitting_out is not None:
            shaped = replace(shaped, seat_may_sit_out=True)
        self._tables[id(rules)] = (rules, shaped)
        return shaped

    def for_deal(self, rules: Rules | None = None) -> DealHooks:
        """The hooks asked on every deal, as the plugin manager stands, for the table of
        ``rules`` (None: the declared table): what a deal keeps for its whole life (made again
        when a plugin was registered or unregistered, or a hook-call monitor added or removed,
        since the last one; the kept answers then forgotten)."""
        fast = self._fast
        if fast.made_for != self._pm.changes:  # (plugins or monitoring changed since)
            assert self._info is not None
            fast = self._fast = self._deal_hooks(self._info)
            self._schemas.clear()
            self._tables.clear()
            self._shaped.clear()
        if rules is None or not self.shapes_table:
            return fast
        info = self.table(rules)
        key = (info.seats, info.column_keys)
        shaped = self._shaped.get(key)
        if shaped is None:
            shaped = self._shaped[key] = self._deal_hooks(info)
        return shaped

    def _answer(self, hook: str, value: _T | None) -> _T:
        if value is None:
            raise PluginError(self._name, _("no plugin answers {hook}", hook=hook))
        return value

    # ---- the variant --------------------------------------------------------------------

    def declare(self) -> list[Declaration]:
        """What every plugin of the stack declares, top plugin first
        (:func:`~framework.rules.hookspecs.atout_declare`)."""
        declared: list[Declaration] = self._hook.atout_declare()
        return declared

    # ---- deal and auction ---------------------------------------------------------------

    def deal_pattern(self, rules: Rules) -> DealPattern:
        """How the cards are dealt under ``rules`` (kept per rules)."""
        return self.for_deal(rules).deal_pattern(rules)

    def auction(
        self, rules: Rules, dealer: int, turn_up: int | None, context: MatchContext
    ) -> Auction:
        """A fresh auction for one deal."""
        return self.for_deal(rules).auction(rules, dealer, turn_up, context)

    def first_leader(self, rules: Rules, dealer: int, contract: Contract, seats: int = 4) -> int:
        """Who leads the first trick at a table of ``seats`` seats (no hands given: a query
        outside a deal; a deal asks :meth:`DealHooks.first_leader` with its hands)."""
        return self.for_deal(rules).first_leader(rules, dealer, contract, seats)

    def contract_kinds(self, rules: Rules) -> tuple[ContractKind, ...]:
        """The kinds of contract the variant plays under ``rules``, with their labels.

        When no plugin answers :func:`~framework.rules.hookspecs.atout_contract_kinds`: each suit of
        the deck as trumps (no trumps and all trumps are a variant's to declare).
        """
        answer = self._hook.atout_contract_kinds(rules=rules)
        if answer is None:
            answer = [ContractKind(s, s) for s in self.deal_pattern(rules).deck.suits]
        return tuple(answer)

    def contract_kind(self, rules: Rules, contract: Contract) -> ContractKind | None:
        """The kind ``contract`` is of: the kind carrying its :attr:`~Contract.name`, else the
        kind whose code is its denomination (None where the variant names neither)."""
        kinds = self.contract_kinds(rules)
        if contract.name is not None:
            named = next((k for k in kinds if k.name == contract.name), None)
            if named is not None:
                return named
        return next((k for k in kinds if k.code == contract.denomination), None)

    def parse_contract(self, rules: Rules, text: str, taker: int = 0) -> Contract:
        """The contract of the kind written ``text`` (its code in any case; a suit also by an
        alias of the deck, ``♥``), taken by ``taker``.

        :raises NotationError: naming the variant's own contract kinds.
        """
        kinds = self.contract_kinds(rules)
        key = " ".join(text.split()).upper()
        alias = self.deal_pattern(rules).deck.aliases.get(text.strip())
        for kind in kinds:
            if kind.code.upper() == key or (alias is not None and kind.code == alias):
                return kind.contract(taker)
        raise NotationError(
            _(
                "{contract} is not a contract of {variant}; use one of {kinds}",
                contract=repr(text.strip()),
                variant=self._name,
                kinds=" ".join(k.code for k in kinds),
            )
        )

    def bot_action(
        self,
        rules: Rules,
        contract: Contract,
        seat: int,
        hand: int,
        decisions: Sequence[tuple[int, str]],
        actions: Sequence[PhaseAction],
    ) -> PhaseAction | None:
        """The variant's choice of a phase's action for the rule bot
        (:func:`~framework.rules.hookspecs.atout_bot_action`), or None for the kernel's."""
        answer: PhaseAction | None = self._hook.atout_bot_action(
            rules=rules,
            contract=contract,
            seat=seat,
            hand=hand,
            decisions=tuple(decisions),
            actions=tuple(actions),
        )
        return answer

    def call_excludes(self, rules: Rules, call: Call) -> int:
        """The cards a seat may not hold to make ``call``
        (:func:`~framework.rules.hookspecs.atout_call_excludes`; 0: the call shows nothing)."""
        return self.for_deal(rules).call_excludes(rules, call)

    def call_label(self, rules: Rules, call: Call) -> str:
        """The words of a call for a player: the variant's
        (:func:`~framework.rules.hookspecs.atout_call_label`), else the call's text with its
        contract kind spelt out (``110H`` → ``110 hearts``)."""
        answer = self._hook.atout_call_label(rules=rules, call=call)
        if answer is not None:
            return answer if isinstance(answer, str) else str(answer)  # a message stays one
        if call.kind == "pass":
            return _("pass")
        if call.denomination is not None:
            for kind in self.contract_kinds(rules):
                if kind.code == call.denomination and call.text.endswith(kind.code):
                    head = call.text[: -len(kind.code)].strip()
                    return (
                        _("{level} {denomination}", level=head, denomination=kind.label)
                        if head
                        else kind.label
                    )
        return call.text.lower()

    # ---- card play ----------------------------------------------------------------------

    def play_rules(self, rules: Rules, contract: Contract) -> PlayRules:
        """Card order, card points and legal plays of ``contract`` (kept per rules and
        contract: this is asked on every deal)."""
        return self.for_deal(rules).play_rules(rules, contract)

    # ---- announcements ------------------------------------------------------------------

    def find_announcements(
        self, rules: Rules, contract: Contract, seat: int, hand: int
    ) -> tuple[Announcement, ...]:
        """What ``seat`` declares with its first card."""
        return self.for_deal(rules).find_announcements(rules, contract, seat, hand)

    def declarations(
        self, rules: Rules, contract: Contract, hands: Sequence[int]
    ) -> tuple[tuple[Announcement, ...], ...]:
        """What each seat declares with its first card, indexed by seat (nothing for a seat
        sitting out): :meth:`find_announcements` of every hand."""
        return self.for_deal(rules).declarations(rules, contract, hands)

    def announcement_optional(self, rules: Rules, announcement: Announcement) -> bool:
        """Whether a player may keep ``announcement`` quiet
        (:func:`~framework.rules.hookspecs.atout_announcement_optional`; asked only when a
        person plays, not on the deal's hot path)."""
        return bool(self._hook.atout_announcement_optional(rules=rules, announcement=announcement))

    def counted_announcements(
        self, rules: Rules, contract: Contract, declared: Sequence[Announcement]
    ) -> tuple[Announcement, ...]:
        """Which of the declarations count."""
        return self.for_deal(rules).counted_announcements(rules, contract, declared)

    def play_declarations(
        self, rules: Rules, contract: Contract, hands: Sequence[int], tricks: Sequence[Trick]
    ) -> tuple[Announcement, ...]:
        """The declarations made in play that count (belote, cantes)."""
        return self.for_deal(rules).play_declarations(rules, contract, hands, tricks)

    # ---- records and scoring ------------------------------------------------------------

    def record_schema(self, rules: Rules) -> RecordSchema:
        """The deal record, declared once (:func:`~framework.rules.hookspecs.atout_record_schema`;
        kept per rules)."""
        schema = self._schemas.get(rules)
        if schema is None:
            schema = self._answer(
                "atout_record_schema", self._hook.atout_record_schema(rules=rules)
            )
            self._schemas[rules] = schema
        return schema

    def record_fields(self, rules: Rules) -> list[Field]:
        """The fields of the deal record, in form order (:attr:`RecordSchema.fields`)."""
        return list(self.record_schema(rules).fields)

    def validate_record(
        self, rules: Rules, record: Any, context: MatchContext | None = None
    ) -> dict[str, Any]:
        """The normalised record, or :class:`RecordError` naming the field and the reason."""
        context = context or self.for_deal(rules).first_context()
        return self.record_schema(rules).validate(record, context)

    def make_record(self, rules: Rules, played: PlayedDeal) -> dict[str, Any]:
        """The deal record of a deal played in the engine."""
        return self.for_deal(rules).make_record(rules, played)

    def score_deal(
        self, rules: Rules, record: Mapping[str, Any], context: MatchContext | None = None
    ) -> DealScore:
        """Score a record already validated by :meth:`validate_record`."""
        return self.for_deal(rules).score_deal(rules, record, context)

    def score(self, rules: Rules, record: Any, context: MatchContext | None = None) -> DealScore:
        """Validate and score one deal record."""
        context = context or self.for_deal(rules).first_context()
        return self.score_deal(rules, self.validate_record(rules, record, context), context)

    def match_summary(
        self, rules: Rules, records: Sequence[Mapping[str, Any]], scores: Sequence[DealScore]
    ) -> list[SummaryLine]:
        """The variant's per-team counts over a match; empty for none.

        :raises PluginError: for counts keyed by something that is not a score column or a
            group of them.
        """
        summary = list(
            self._hook.atout_match_summary(
                rules=rules, records=tuple(records), scores=tuple(scores)
            )
            or ()
        )
        self.for_deal(rules).check_counts(summary)
        return summary

    def match_outcome(
        self, rules: Rules, totals: Mapping[str, int], scores: Sequence[DealScore]
    ) -> MatchOutcome:
        """Whether the match is over after a deal, and who won; settled (:meth:`settle`) when
        it is over (the scores reach the hook as :meth:`DealHooks.match_outcome` says)."""
        return self.for_deal(rules).match_outcome(rules, totals, scores)

    def settle(self, rules: Rules, totals: Mapping[str, int]) -> Mapping[str, int]:
        """What each seat wins or pays at the end of a match, keyed by seat name in playing
        order, summing to zero (:func:`~framework.rules.hookspecs.atout_settle`); empty for a
        variant with no settlement.

        :raises PluginError: naming the hook, for a settlement the kernel refuses.
        """
        return self.for_deal(rules).settle(rules, totals)


class Variant:
    """An installed variant: its plugin stack, options, presets and the calls into its rules.

    Get one with :func:`load_variant`. Its hooks are called through :attr:`hooks`, the one typed
    object every caller uses (``variant.hooks.play_rules(rules, contract)``).
    """

    def __init__(self, name: str, pm: PluginManager, source: _Source) -> None:
        self.name = name
        self.pm = pm
        #: The variant's hooks, one typed method each: the one way to call the variant.
        self.hooks = VariantHooks(name, pm)
        self.distribution = source.distribution
        self.version = source.version
        #: The entry point's target (``"variants.coinche"``), or None when not installed.
        self.module: str | None = getattr(source.entry_point, "value", None)
        declared = collect(name, self.hooks.declare())
        self.hooks.declared(declared.info)
        self.info: VariantInfo = declared.info
        self.options: dict[str, Option] = declared.options
        self.presets: dict[str, Preset] = declared.presets
        #: The gettext catalogs of the stack's plugins, top first.
        self.translations: list[Domain] = list(declared.catalogs)
        #: Why the table of some rules cannot be dealt (None: it can), as found so far.
        self._faults: dict[Rules, Message | None] = {}
        self._check_deal_patterns()
        #: What the variant is, with the table of its default rules (:meth:`table` gives the
        #: table of other rules).
        self.info = self.hooks.table(self.rules())

    def table(self, rules: Rules) -> VariantInfo:
        """What the variant is, with the table's shape under ``rules``: its seats and score
        columns (the declared ones unless the variant's ``atout_table_shape`` says otherwise,
        as Préférence's option ``players`` does).

        :raises PluginError: for a shape the kernel refuses.
        """
        return self.hooks.table(rules)

    def _check_deal_patterns(self) -> None:
        """Refuse the variant if the deal pattern of one of its presets cannot be dealt
        (:meth:`framework.rules.dealing.DealPattern.fault`), naming the hook and the count that is
        wrong: a deal would otherwise fail on its first card, far from the cause."""
        for preset in self.presets:
            rules = self.rules(preset)
            self.table(rules)  # (a shape the kernel refuses: its own PluginError)
            fault = self._deal_fault(rules)
            if fault is not None:
                raise PluginError(self.name, fault)

    def _deal_fault(self, rules: Rules) -> Message | None:
        """Why the table of ``rules`` cannot be dealt: the hook that says so and its reason
        (the count that is wrong), or None when it can. Kept per rules (a game's rules are
        resolved again on every request of the scorepad)."""
        faults = self._faults
        if rules in faults:
            return faults[rules]
        try:
            table = self.table(rules)
        except PluginError as exc:  # (a shape the kernel refuses: atout_table_shape's answer)
            fault: Message | None = _(
                "{source}: {reason}", source="atout_table_shape", reason=exc.reason
            )
        else:
            pattern = self.hooks.deal_pattern(rules)
            reason = pattern.fault(table.seat_may_sit_out, len(table.seats))
            fault = (
                None
                if reason is None
                else _("{source}: {reason}", source="atout_deal_pattern", reason=reason)
            )
        if len(faults) < 256:  # (a bound: option values typed by users are many)
            faults[rules] = fault
        return fault

    def _check_dealable(self, rules: Rules) -> None:
        """Refuse option values given by a user (``rules.overrides``) whose table cannot be
        dealt, as the presets' are refused when the variant loads: an :class:`OptionError`
        naming the options given, the hook and the count that is wrong."""
        fault = self._deal_fault(rules)
        if fault is None:
            return
        given = rules.overrides
        named = ", ".join(f"{name}={getattr(rules, name)}" for name in given)
        raise OptionError(
            _("with {options} the table cannot be dealt: {fault}", options=named, fault=fault),
            why=_("the table cannot be dealt: {fault}", fault=fault),
            option=next(iter(given)) if len(given) == 1 else None,
        )

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
        return [
            getattr(plugin, "__name__", None) or type(plugin).__name__
            for name, plugin in self.pm.list_name_plugin()
            if name != "atout.defaults"
        ]

    @cached_property
    def hooks_implemented(self) -> list[str]:
        """The hooks answered by the variant's own plugins (not the kernel's defaults)."""
        names = []
        for hook_name in sorted(n for n in dir(self.pm.hook) if n.startswith("atout_")):
            impls = getattr(self.pm.hook, hook_name).get_hookimpls()
            if any(i.plugin_name != "atout.defaults" for i in impls):
                names.append(hook_name)
        return names

    # ---- rules --------------------------------------------------------------------------

    def rules(
        self,
        preset: str | None = None,
        overrides: Mapping[str, Any] | None = None,
        match_deals: Any = None,
        deals_alone: Any = None,
    ) -> Rules:
        """Resolve a preset (default: the first) and house-rule overrides into :class:`Rules`,
        with the match settings ``match_deals`` (:attr:`Rules.match_deals`: a match of that
        many deals; None, the default: the match ends at the variant's end) and
        ``deals_alone`` (:attr:`Rules.deals_alone`: each deal scored alone; None: False).

        :raises OptionError: for an unknown preset or option, or a bad value.
        """
        rules = resolve_rules(
            self.name, self.options, self.presets, preset, overrides, match_deals, deals_alone
        )
        if rules.overrides:  # (the presets' tables were checked when the variant loaded)
            self._check_dealable(rules)
        return rules

    def player_points(self, rules: Rules, points: Mapping[str, int]) -> tuple[int, ...]:
        """Each seat's points as a player from one deal's points by score column: the
        variant's settlement of them when it settles (``atout_settle``, as if the match ended),
        else the sum of the columns in the seat's group or keyed by the seat's name."""
        table = self.table(rules)
        seats = table.seats
        settlement = self.hooks.settle(rules, points)
        if settlement:
            return tuple(settlement[seat] for seat in seats)
        columns = table.score_columns
        return tuple(
            sum(points.get(c.key, 0) for c in columns if seat in (c.group, c.key)) for seat in seats
        )

    def rules_from_json(self, data: Mapping[str, Any]) -> Rules:
        """Rebuild stored rules exactly as they were snapshotted (see :meth:`Rules.to_json`).

        The stored option values win over the preset's current ones, so a game keeps its rules
        even if the preset changes in a later version. A snapshot without ``match_deals`` (every
        snapshot written before the setting existed) is a match to the variant's end.
        """
        options = dict(data.get("options") or {})
        values = {n: o.default for n, o in self.options.items()}
        for key, value in options.items():
            if key in self.options:
                values[key] = self.options[key].check(value)
        return make_rules(
            self.name,
            str(data.get("preset") or self.default_preset),
            values,
            data.get("overrides") or {},
            check_match_deals(data.get("match_deals")),
            check_deals_alone(data.get("deals_alone")),
        )

    def describe(self) -> dict[str, Any]:
        """A JSON-ready description, as ``atout variants --json`` prints it."""
        return {
            "name": self.name,
            "title": self.info.title,
            "summary": self.info.summary,
            "distribution": self.distribution,
            "version": self.version,
            "deck": self.deck.name,
            "seats": list(self.info.seats),
            "default_preset": self.default_preset,
            "presets": [
                {"name": p.name, "doc": p.doc, "values": dict(p.values)}
                for p in self.presets.values()
            ],
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
    return Variant(name, _stack(name, plugins), _Source(name, "(not installed)", "0"))


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
        raise broken_variant(name, exc) from exc


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
