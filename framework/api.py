"""The public plugin API: every name a variant plugin, a bot or a program driving atout imports.

A plugin imports from this module only (``from framework.api import Deck, PlayRules, hookimpl``);
the kernel modules behind it (:mod:`framework.cards`, :mod:`framework.deal`, ...) may move names
between them without breaking a plugin. The built-in variants import from here and nowhere else.
Each name is documented in the Python API reference (``docs/reference.md``), generated from the
docstrings.

``framework`` itself keeps re-exporting its first twelve names (``from framework import
hookimpl, Contract``) so that plugins written before this module keep working; new code imports
from :mod:`framework.api`. The conformance kit for a plugin's own tests stays in
:mod:`framework.testing` (it imports pytest).
"""

from __future__ import annotations

from framework.announcements import (
    Announcement,
    Combination,
    best_combinations,
    find_runs,
    find_sets,
)
from framework.auction import PASS, Auction, Call, Contract, ContractKind
from framework.bots import BOTS, Bot, RandomBot, make_bot, play_out
from framework.cards import FRENCH_32, SPANISH_20, Card, Deck, bits, cards_of, popcount
from framework.deal import ANNOUNCEMENT_KINDS, Deal, DealPattern, Event, PlayedDeal
from framework.errors import (
    AtoutError,
    NotationError,
    OptionError,
    PluginError,
    RecordError,
    RuleViolation,
)
from framework.infoset import InfoSet
from framework.match import (
    NOT_OVER,
    Match,
    MatchOutcome,
    MatchState,
    SummaryLine,
    count_teams,
    first_to_target,
)
from framework.messages import (
    KERNEL,
    Domain,
    Message,
    Names,
    Param,
    Seat,
    Team,
    Translator,
    join,
    message_of,
    render,
    with_messages,
)
from framework.options import Option, OptionWords, Preset, Rules, presets_with_words, with_words
from framework.plugins import (
    Variant,
    VariantHooks,
    VariantInfo,
    hookimpl,
    load_all,
    load_variant,
    variant_from_plugins,
    variant_names,
)
from framework.records import (
    SEAT_CHOICES,
    TEAM_CHOICES,
    Choice,
    RecordField,
    field_bool,
    field_choice,
    field_int,
    field_team_counts,
    require_object,
    thrown_in_record,
)
from framework.rulebot import RuleBot
from framework.schema import (
    THROWN_IN,
    BooleanField,
    CardField,
    ChoiceField,
    CountsField,
    Depends,
    Field,
    IntegerField,
    ItemsField,
    RecordSchema,
    SeatField,
    SuitField,
    TeamField,
)
from framework.scoring import DealScore, MatchContext
from framework.search import SearchBot
from framework.seats import (
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
    team_of,
)
from framework.steps import Decision, LegalSteps, StepError, legal_steps, step
from framework.tricks import LegalPlays, PlayRules

__all__ = [
    "ANNOUNCEMENT_KINDS",
    "BOTS",
    "FRENCH_32",
    "KERNEL",
    "NOT_OVER",
    "PASS",
    "SEATS",
    "SEAT_CHOICES",
    "SPANISH_20",
    "TEAMS",
    "TEAM_CHOICES",
    "THROWN_IN",
    "Announcement",
    "AtoutError",
    "Auction",
    "BooleanField",
    "Bot",
    "Call",
    "Card",
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
    "Decision",
    "Deck",
    "Depends",
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
    "Names",
    "NotationError",
    "Option",
    "OptionError",
    "OptionWords",
    "Param",
    "PlayRules",
    "PlayedDeal",
    "PluginError",
    "Preset",
    "RandomBot",
    "RecordError",
    "RecordField",
    "RecordSchema",
    "RuleBot",
    "RuleViolation",
    "Rules",
    "S",
    "SearchBot",
    "Seat",
    "SeatField",
    "StepError",
    "SuitField",
    "SummaryLine",
    "Team",
    "TeamField",
    "Translator",
    "Variant",
    "VariantHooks",
    "VariantInfo",
    "W",
    "are_partners",
    "best_combinations",
    "bits",
    "cards_of",
    "count_teams",
    "field_bool",
    "field_choice",
    "field_int",
    "field_team_counts",
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
    "play_out",
    "popcount",
    "presets_with_words",
    "previous_seat",
    "render",
    "require_object",
    "step",
    "team_of",
    "thrown_in_record",
    "variant_from_plugins",
    "variant_names",
    "with_messages",
    "with_words",
]
