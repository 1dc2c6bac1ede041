"""The belote family plugin: the base that Coinche and French Belote stack on (``atout_bases``).

It answers the hooks every game of the family shares: the 32-card deck and an 8-card deal, card
order and card points per contract (suit, no-trumps, all-trumps), the legal-play algorithm with
its options (``rules/coinche-and-french-belote.md`` §1.4–1.6), belote-rebelote (§1.7) and the
announcements (§1.8, gated by the option ``announcements``). Its hookimpls run after the
variant's own (``trylast``), so a variant overrides any of them by answering first.

Public helpers other variants may reuse (stable): :func:`variants.belote.rules.play_rules`
(tables and legal plays of a contract), and in :mod:`variants.belote.announcements`
``hand_combinations``, ``declarations``, ``counting_team``/``counted``, ``belotes``,
``validate_announcements``/``validate_belote``/``record_announcements``/``record_item``/
``record_counting_team``/``record_points`` (the record side of announcements and belotes:
which team's announcements count is decided from a record's list alone).
"""

from __future__ import annotations

from collections.abc import Sequence

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
from variants.belote.declaration import DECLARATION, _
from variants.belote.rules import play_rules


@hookimpl
def atout_declare() -> Declaration:
    return DECLARATION


@hookimpl(trylast=True)
def atout_deal_pattern(rules: Rules) -> DealPattern:
    """Eight cards each, 3-2-3."""
    return DealPattern(FRENCH_32, 8, (3, 2, 3))


#: The contract kinds of the family, with their words: a trump suit, no trumps, all trumps.
SUIT_KINDS = tuple(ContractKind(s, FRENCH_32.suit_name(i)) for i, s in enumerate(FRENCH_32.suits))
NT_AT_KINDS = (ContractKind("NT", _("no trumps")), ContractKind("AT", _("all trumps")))


@hookimpl(trylast=True)
def atout_contract_kinds(rules: Rules) -> Sequence[ContractKind]:
    """A trump suit, no trumps or all trumps."""
    return SUIT_KINDS + NT_AT_KINDS


@hookimpl(trylast=True)
def atout_play_rules(rules: Rules, contract: Contract) -> PlayRules:
    return play_rules(
        contract.denomination,
        rules.undertrump,
        rules.partner_ruff,
        rules.overtrump_partner_on_trump_lead,
        rules.at_overtake_partner,
        rules.at_values,
    )


@hookimpl(trylast=True)
def atout_find_announcements(
    rules: Rules, contract: Contract, seat: int, hand: int
) -> Sequence[Announcement]:
    """The best disjoint combinations of the hand, when the game plays announcements."""
    # The option values as their mapping: a subscript costs a fourth of an attribute read of
    # Rules (whose __getattr__, for the error of an unknown option, makes every one slow), and
    # this is asked for each hand of every deal.
    opt = rules.options
    if not opt["announcements"]:
        return ()
    return ann.declarations(
        seat, hand, contract.denomination, opt["nt_carre_9"], opt["seq_length_tiebreak"]
    )


@hookimpl(trylast=True)
def atout_counted_announcements(
    rules: Rules, contract: Contract, declared: Sequence[Announcement]
) -> Sequence[Announcement]:
    """All the combinations of the team with the best one; none on an exact tie."""
    if not rules.announcements:
        return ()
    return ann.counted(declared)


@hookimpl(trylast=True)
def atout_play_declarations(
    rules: Rules,
    contract: Contract,
    hands: Sequence[int],
    tricks: Sequence[tuple[int, tuple[int, ...], int]],
) -> Sequence[Announcement]:
    """Belote-rebelote: K and Q of trump in one starting hand (one per suit in all-trumps)."""
    return ann.belotes(contract.denomination, hands)
