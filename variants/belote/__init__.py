"""The belote family: the plugin that Coinche and French Belote stack on (``atout_bases``), and
the family's public module, the one place another variant or a house rule takes it from.

As a plugin it answers the hooks every game of the family shares: the 32-card deck and an 8-card
deal, card order and card points per contract (suit, no-trumps, all-trumps), the legal-play
algorithm with its options (``rules/coinche-and-french-belote.md`` §1.4–1.6), belote-rebelote
(§1.7) and the announcements (§1.8, gated by the option ``announcements``). It sits below the
variant in the stack, so a variant overrides any of these by answering it.

As a module it exports, for a variant that stacks on it or stands alone with the same cards
(Bela, Bulgarian Belot, Klaverjas) and for a house rule, the names of ``__all__``: the card
tables (:func:`card_tables`: each card's power and points; ``LAST_TRICK``), the play rules of a
contract under a game's rules with some options changed (:func:`family_play_rules`) or of a
suit contract with one's own legal plays (:func:`suit_contract_rules`), the reasons of the
legal-play rules every game of its cards shares, for such a game's own steps (each given the
suit and card as the game shows them: :func:`follow_reason`, :func:`trump_reason`,
:func:`overtrump_reason`, :func:`discard_reason`, :func:`partner_winning_reason`,
:data:`TRUMP_LEAD_DISCARD_REASON`, :func:`nt_discard_reason`, and in all trumps
:func:`at_beat_reason`, :func:`at_follow_reason`, :func:`at_discard_reason`), the contract
kinds, what the record of a played deal says (:func:`played_points`), the announcement points
of a record (:func:`announcement_points`), the words of the kinds of combination every game of
its cards announces (:data:`SHARED_KIND_WORDS`: tierce, quarte, quinte, carre; and a carré as a
player reads it, :data:`CARRE_LABEL`), a deal score's rounding (:func:`round_score`), the
record fields the family's records share (among them, for a variant's own list of
declarations, :func:`declarations_field`, and its items: the team, :func:`item_team_field`,
asked :data:`WHICH_TEAM_DECLARED` where players declare, the kind, :func:`kind_field`, an
announced sequence's top card, :func:`top_card_field`, and a carré's rank,
:func:`carre_rank_field`), the options its taking games share (:func:`belote_on_failure_option`,
:func:`capot_card_points_option`, :func:`rounding_option`), the questions of a sequence's top
card (:func:`which_top_of`) and of a carré's rank (:data:`WHICH_RANK`) and the takers' match
summary. Its submodules are its own, but for :mod:`variants.belote.words`, the
base that gives a variant standing alone the family's catalog.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from framework.api import (
    FRENCH_32,
    Announcement,
    Contract,
    ContractKind,
    DealPattern,
    Declaration,
    PlayRules,
    Rules,
    hookimpl,
)
from variants.belote import announcements as ann
from variants.belote.announcements import (
    BELOTE_POINTS,
    CARRE_LABEL,
    SHARED_KIND_WORDS,
    announcement_points,
)
from variants.belote.declaration import (
    DECLARATION,
    belote_on_failure_option,
    capot_card_points_option,
    rounding_option,
)
from variants.belote.records import (
    NT_AT_CHOICES,
    TOTAL,
    WHICH_RANK,
    WHICH_TEAM_DECLARED,
    announced_fields,
    belote_field,
    capot_field,
    carre_rank_field,
    check_taking,
    declarations_field,
    item_team_field,
    kind_field,
    not_announced,
    played_points,
    taker_points_field,
    top_card_field,
    trump_field,
    which_top_of,
)
from variants.belote.rules import (
    LAST_TRICK,
    TRUMP_LEAD_DISCARD_REASON,
    at_beat_reason,
    at_discard_reason,
    at_follow_reason,
    card_tables,
    discard_reason,
    follow_reason,
    nt_discard_reason,
    overtrump_reason,
    partner_winning_reason,
    play_rules,
    round_score,
    suit_contract_rules,
    trump_reason,
)
from variants.belote.summary import taking_summary

__all__ = [
    "BELOTE_POINTS",
    "CARRE_LABEL",
    "LAST_TRICK",
    "NT_AT_KINDS",
    "SHARED_KIND_WORDS",
    "SUIT_KINDS",
    "TOTAL",
    "TRUMP_LEAD_DISCARD_REASON",
    "WHICH_RANK",
    "WHICH_TEAM_DECLARED",
    "announced_fields",
    "announcement_points",
    "at_beat_reason",
    "at_discard_reason",
    "at_follow_reason",
    "belote_field",
    "belote_on_failure_option",
    "capot_card_points_option",
    "capot_field",
    "card_tables",
    "carre_rank_field",
    "check_taking",
    "declarations_field",
    "discard_reason",
    "family_play_rules",
    "follow_reason",
    "item_team_field",
    "kind_field",
    "not_announced",
    "nt_discard_reason",
    "overtrump_reason",
    "partner_winning_reason",
    "played_points",
    "round_score",
    "rounding_option",
    "suit_contract_rules",
    "taker_points_field",
    "taking_summary",
    "top_card_field",
    "trump_field",
    "trump_reason",
    "which_top_of",
]


@hookimpl
def atout_declare() -> Declaration:
    return DECLARATION


@hookimpl
def atout_deal_pattern(rules: Rules) -> DealPattern:
    """Eight cards each, 3-2-3."""
    return DealPattern(FRENCH_32, 8, (3, 2, 3))


#: The contract kinds of the family, with their words: a trump suit, no trumps, all trumps.
SUIT_KINDS = tuple(ContractKind(s, FRENCH_32.suit_name(i)) for i, s in enumerate(FRENCH_32.suits))
NT_AT_KINDS = tuple(ContractKind(c.value, c.label) for c in NT_AT_CHOICES)


@hookimpl
def atout_contract_kinds(rules: Rules) -> Sequence[ContractKind]:
    """A trump suit, no trumps or all trumps."""
    return SUIT_KINDS + NT_AT_KINDS


def family_play_rules(rules: Rules, contract: Contract, **changes: Any) -> PlayRules:
    """The family's card order, card points and legal plays of ``contract`` under ``rules``,
    with the options named in ``changes`` taking the values given (a house rule's change:
    ``family_play_rules(rules, contract, undertrump="optional")``).

    :raises KeyError: for a change to an option the family does not have.
    """
    if changes:
        unknown = changes.keys() - set(rules.option_names)
        if unknown:
            raise KeyError(f"the belote family has no option {', '.join(sorted(unknown))}")
        rules = replace(rules, **changes)
    return play_rules(
        contract.denomination,
        rules.undertrump,
        rules.partner_ruff,
        rules.overtrump_partner_on_trump_lead,
        rules.at_overtake_partner,
        rules.at_values,
    )


@hookimpl
def atout_play_rules(rules: Rules, contract: Contract) -> PlayRules:
    return family_play_rules(rules, contract)


@hookimpl
def atout_find_announcements(
    rules: Rules, contract: Contract, seat: int, hand: int
) -> Sequence[Announcement]:
    """The best disjoint combinations of the hand, when the game plays announcements."""
    if not rules.announcements:
        return ()
    return ann.declarations(
        seat, hand, contract.denomination, rules.nt_carre_9, rules.seq_length_tiebreak
    )


@hookimpl
def atout_announcement_optional(rules: Rules, announcement: Announcement) -> bool:
    """A player may keep any combination quiet: "The type is declared while playing one's first
    card. An undeclared combination scores nothing" (rules/coinche-and-french-belote.md §1.8,
    S0 and FFB): declaring is the player's choice, not the table's."""
    return True


@hookimpl
def atout_counted_announcements(
    rules: Rules, contract: Contract, declared: Sequence[Announcement]
) -> Sequence[Announcement]:
    """All the combinations of the team with the best one; none on an exact tie."""
    if not rules.announcements:
        return ()
    return ann.counted(declared)


@hookimpl
def atout_play_declarations(contract: Contract, hands: Sequence[int]) -> Sequence[Announcement]:
    """Belote-rebelote: K and Q of trump in one starting hand (one per suit in all-trumps)."""
    return ann.belotes(contract.denomination, hands)
