"""The public plugin API: every name a variant plugin, a bot or a program driving atout imports.

A plugin imports from this module only (``from framework.api import Deck, PlayRules, hookimpl``);
the kernel modules behind it (:mod:`framework.core.cards`, :mod:`framework.engine.deal`, ...) may
move names between them without breaking a plugin. The built-in variants import from here and
nowhere else. Each name is documented in the Python API reference (``docs/reference.md``), generated
from the docstrings.

The conformance kit for a plugin's own tests stays in :mod:`framework.kit.conformance` (it imports
pytest).
"""

from __future__ import annotations

from framework.bots.base import Bot, RandomBot, plain_action, play_out
from framework.bots.registry import BOTS, make_bot
from framework.bots.rulebot import RuleBot
from framework.bots.search import SearchBot
from framework.core.cards import (
    FRENCH_32,
    SPANISH_20,
    Card,
    Deck,
    bits,
    cards_of,
    popcount,
    suited_names,
)
from framework.core.errors import (
    AtoutError,
    NotationError,
    OptionError,
    PluginError,
    RecordError,
    RuleViolation,
)
from framework.core.messages import (
    KERNEL,
    CardCode,
    Domain,
    Message,
    Names,
    Number,
    Param,
    Seat,
    SuitCode,
    Team,
    Translator,
    error_words,
    join,
    message_of,
    render,
    with_messages,
)
from framework.core.options import Option, Preset, Rules
from framework.core.seats import (
    FIXED_PARTNERS,
    SEATS,
    TEAMS,
    E,
    N,
    S,
    W,
    are_partners,
    next_seat,
    parse_seat,
    parse_team,
    partner,
    previous_seat,
    same_side,
    team_of,
)
from framework.engine.deal import Deal, Stage
from framework.engine.infoset import InfoSet
from framework.engine.match import Match, MatchState
from framework.rules.announcements import (
    Announcement,
    Combination,
    best_combinations,
    find_runs,
    find_sets,
)
from framework.rules.auction import PASS, Auction, Call, Contract, ContractKind
from framework.rules.dealing import DealPattern
from framework.rules.declaration import Declaration, ScoreColumn, VariantInfo
from framework.rules.hookspecs import hookimpl
from framework.rules.outcome import (
    NOT_OVER,
    MatchOutcome,
    SummaryLine,
    count_teams,
    first_to_target,
)
from framework.rules.phases import (
    PHASE_KINDS,
    Decide,
    Discard,
    NameContract,
    Phase,
    PhaseAction,
    PhaseTable,
    TakeTalon,
)
from framework.rules.played import ANNOUNCEMENT_KINDS, Event, PlayedDeal
from framework.rules.plugins import (
    Variant,
    VariantHooks,
    load_all,
    load_variant,
    variant_from_plugins,
    variant_names,
)
from framework.rules.schema import (
    THROWN_IN,
    BooleanField,
    CardField,
    Choice,
    ChoiceField,
    CountsField,
    Depends,
    Field,
    IntegerField,
    ItemsField,
    RecordSchema,
    SeatField,
    SeatsField,
    SuitField,
    TeamField,
)
from framework.rules.scoring import DealScore, MatchContext, UnknownScoreColumn
from framework.rules.steps import Decision, LegalSteps, StepError, legal_steps, step
from framework.rules.tricks import LegalPlays, PlayRules

__all__ = [
    "ANNOUNCEMENT_KINDS",
    "BOTS",
    "FIXED_PARTNERS",
    "FRENCH_32",
    "KERNEL",
    "NOT_OVER",
    "PASS",
    "PHASE_KINDS",
    "SEATS",
    "SPANISH_20",
    "TEAMS",
    "THROWN_IN",
    "Announcement",
    "AtoutError",
    "Auction",
    "BooleanField",
    "Bot",
    "Call",
    "Card",
    "CardCode",
    "CardField",
    "Choice",
    "ChoiceField",
    "Combination",
    "Contract",
    "ContractKind",
    "CountsField",
    "Deal",
    "DealPattern",
    "DealScore",
    "Decide",
    "Decision",
    "Deck",
    "Declaration",
    "Depends",
    "Discard",
    "Domain",
    "E",
    "Event",
    "Field",
    "InfoSet",
    "IntegerField",
    "ItemsField",
    "LegalPlays",
    "LegalSteps",
    "Match",
    "MatchContext",
    "MatchOutcome",
    "MatchState",
    "Message",
    "N",
    "NameContract",
    "Names",
    "NotationError",
    "Number",
    "Option",
    "OptionError",
    "Param",
    "Phase",
    "PhaseAction",
    "PhaseTable",
    "PlayRules",
    "PlayedDeal",
    "PluginError",
    "Preset",
    "RandomBot",
    "RecordError",
    "RecordSchema",
    "RuleBot",
    "RuleViolation",
    "Rules",
    "S",
    "ScoreColumn",
    "SearchBot",
    "Seat",
    "SeatField",
    "SeatsField",
    "Stage",
    "StepError",
    "SuitCode",
    "SuitField",
    "SummaryLine",
    "TakeTalon",
    "Team",
    "TeamField",
    "Translator",
    "UnknownScoreColumn",
    "Variant",
    "VariantHooks",
    "VariantInfo",
    "W",
    "are_partners",
    "best_combinations",
    "bits",
    "cards_of",
    "count_teams",
    "error_words",
    "find_runs",
    "find_sets",
    "first_to_target",
    "hookimpl",
    "join",
    "legal_steps",
    "load_all",
    "load_variant",
    "make_bot",
    "message_of",
    "next_seat",
    "parse_seat",
    "parse_team",
    "partner",
    "plain_action",
    "play_out",
    "popcount",
    "previous_seat",
    "render",
    "same_side",
    "step",
    "suited_names",
    "team_of",
    "variant_from_plugins",
    "variant_names",
    "with_messages",
]
