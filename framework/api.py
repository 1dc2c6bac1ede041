"""The public plugin API: every name a variant plugin, a bot or a program driving atout imports.

A plugin imports from this module only (``from framework.api import Deck, PlayRules, hookimpl``);
the kernel modules behind it (:mod:`framework.cards`, :mod:`framework.deal`, ...) may move names
between them without breaking a plugin. The built-in variants import from here and nowhere else.
Each name is documented in the Python API reference (``docs/reference.md``), generated from the
docstrings.

The conformance kit for a plugin's own tests stays in :mod:`framework.testing` (it imports
pytest).
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
from framework.cards import (
    FRENCH_32,
    SPANISH_20,
    Card,
    Deck,
    bits,
    cards_of,
    popcount,
    suited_names,
)
from framework.deal import ANNOUNCEMENT_KINDS, Deal, DealPattern, Event, PlayedDeal
from framework.declaration import Declaration, VariantInfo
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
    Number,
    Param,
    Seat,
    Team,
    Translator,
    error_words,
    join,
    message_of,
    render,
    with_messages,
)
from framework.options import Option, Preset, Rules
from framework.plugins import (
    Variant,
    VariantHooks,
    hookimpl,
    load_all,
    load_variant,
    variant_from_plugins,
    variant_names,
)
from framework.rulebot import RuleBot
from framework.schema import (
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
    "Declaration",
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
    "Number",
    "Option",
    "OptionError",
    "Param",
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
    "play_out",
    "popcount",
    "previous_seat",
    "render",
    "step",
    "suited_names",
    "team_of",
    "variant_from_plugins",
    "variant_names",
    "with_messages",
]
