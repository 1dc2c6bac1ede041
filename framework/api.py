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

from collections.abc import Mapping, Sequence
from typing import Any

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
    are_teams,
    next_seat,
    parse_seat,
    parse_seat_of,
    parse_team,
    partner,
    previous_seat,
    same_side,
    seat_after,
    seat_before,
    seat_word,
    side_names,
    table_sides,
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
from framework.rules.dealing import DealPattern, Packet
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
from framework.rules.played import ANNOUNCEMENT_KINDS, Event, PlayedDeal, Trick
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
    "WHEN_PLAYED",
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
    "Packet",
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
    "Trick",
    "UnknownScoreColumn",
    "Variant",
    "VariantHooks",
    "VariantInfo",
    "W",
    "are_partners",
    "are_teams",
    "best_combinations",
    "bits",
    "cards_of",
    "contract_counts",
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
    "parse_seat_of",
    "parse_team",
    "partner",
    "plain_action",
    "play_out",
    "played_deals",
    "popcount",
    "previous_seat",
    "render",
    "same_side",
    "seat_after",
    "seat_before",
    "seat_word",
    "side_names",
    "step",
    "suited_names",
    "table_sides",
    "team_of",
    "thrown_in_field",
    "variant_from_plugins",
    "variant_names",
    "with_messages",
]


# ---- what the records and match summaries of several variants say alike ------------------------

#: The ``shown_when`` of a record field that a thrown-in deal leaves out: the field is shown
#: while the :func:`thrown_in_field` box is not ticked.
WHEN_PLAYED: Mapping[str, Sequence[Any]] = {THROWN_IN: [False]}


def thrown_in_field(label: str, help: str, **hints: Any) -> BooleanField:
    """The box of a deal record that says the deal was thrown in (``THROWN_IN``), not ticked
    unless said; ticking it hides (and leaves out) the fields shown :data:`WHEN_PLAYED`.

    :param label: the variant's words for a thrown-in deal ("Thrown in", "All passed").
    :param help: when a deal is thrown in under the variant's rules, for players.
    :param hints: more hints for the form (``rare=True``).
    """
    return BooleanField(THROWN_IN, label, required=False, default=False, help=help, **hints)


def played_deals(
    records: Sequence[Mapping[str, Any]], scores: Sequence[DealScore]
) -> list[tuple[Mapping[str, Any], DealScore]]:
    """The records of a match's deals that were played (not thrown in), each with its score:
    what a match summary counts."""
    return [(r, s) for r, s in zip(records, scores, strict=True) if not r.get(THROWN_IN)]


def contract_counts(
    words: tuple[str, str, str], takers: Sequence[tuple[str | None, DealScore]]
) -> list[SummaryLine]:
    """The three lines of a match summary that count, per team, the contracts taken, made and
    failed, headed by the variant's ``words`` for them.

    :param takers: the team that took each contract (a name of ``TEAMS``, or None) with the
        score of its deal.

    >>> made, failed = DealScore({}, True), DealScore({}, False)
    >>> lines = contract_counts(("taken", "made", "failed"), [("NS", made), ("EW", failed)])
    >>> tuple((line.counts["NS"], line.counts["EW"]) for line in lines)
    ((1, 1), (1, 0), (0, 1))
    """
    taken, made, failed = words
    return [
        count_teams(taken, [team for team, _score in takers]),
        count_teams(made, [team for team, score in takers if score.made]),
        count_teams(failed, [team for team, score in takers if score.made is False]),
    ]
