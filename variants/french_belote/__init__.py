"""French Belote (classic belote "à la retourne"): the variant's hook implementations.

Stacks on the belote family plugin (``variants.belote``: card order, card points, legal plays,
announcements, belote-rebelote) and adds what is French Belote's own:
``rules/coinche-and-french-belote.md`` §3 — the 5-card deal with a turned-up card, the two taking
rounds, the completion to eight cards, the deal score with its litige pot, and the end of the
match — with the options and presets of §4.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import variants.belote
from framework.api import (
    FRENCH_32,
    Auction,
    Call,
    ContractKind,
    DealPattern,
    DealScore,
    Declaration,
    MatchContext,
    PluginError,
    Rules,
    SummaryLine,
    hookimpl,
)
from variants.belote import taking_summary
from variants.french_belote.auction import TakingAuction
from variants.french_belote.declaration import DECLARATION, _

# The hooks written beside their rules (the record, the score, the end of the match): pluggy
# finds them on this module, which imports them.
from variants.french_belote.records import atout_make_record, atout_record_schema  # noqa: F401
from variants.french_belote.scoring import atout_match_outcome, atout_score_deal  # noqa: F401


@hookimpl
def atout_bases() -> Sequence[object]:
    return [variants.belote]


@hookimpl
def atout_declare() -> Declaration:
    return DECLARATION


@hookimpl
def atout_deal_pattern(rules: Rules) -> DealPattern:
    """Five cards each (3-2 or 2-3), the 21st turned up for the taker; then 3 each, the taker
    getting 2 (§3.1, §3.3)."""
    first = (3, 2) if rules.deal_pattern == "3-2" else (2, 3)
    return DealPattern(FRENCH_32, 8, before=first, after=(3,), turn_up="table")


@hookimpl
def atout_contract_kinds(rules: Rules) -> Sequence[ContractKind]:
    """The four suits, and no trumps and all trumps where ``round2_nt_at`` allows them."""
    return variants.belote.SUIT_KINDS + (variants.belote.NT_AT_KINDS if rules.round2_nt_at else ())


@hookimpl
def atout_auction(rules: Rules, dealer: int, turn_up: int | None, context: MatchContext) -> Auction:
    if turn_up is None:
        raise PluginError(
            "french-belote",
            "the taking needs a turned-up card: a deal pattern with turn_up='table'",
        )
    return TakingAuction(dealer, turn_up, rules.round2_any_suit, rules.round2_nt_at)


@hookimpl
def atout_call_label(rules: Rules, call: Call) -> str | None:
    """Taking: "take" the turned-up suit in the first round, "take hearts" in the second."""
    if call.kind != "bid" or not call.text.startswith("TAKE"):
        return None
    if call.text == "TAKE":
        return _("take")
    kind = next((k for k in atout_contract_kinds(rules) if k.code == call.denomination), None)
    return None if kind is None else _("take {denomination}", denomination=kind.label)


@hookimpl
def atout_match_summary(
    rules: Rules, records: Sequence[Mapping[str, Any]], scores: Sequence[DealScore]
) -> Sequence[SummaryLine]:
    """Per team: contracts taken, made and failed, capots, belotes."""
    return taking_summary(records, scores, coinche=False)
