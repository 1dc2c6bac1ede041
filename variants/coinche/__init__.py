"""Coinche (belote coinchée / contrée): the variant's hook implementations.

Stacks on the belote family plugin (``variants.belote``: 32 cards, card order and points, legal
plays, announcements, belote-rebelote) and adds what is Coinche's own
(``rules/coinche-and-french-belote.md`` §2): the deal pattern, the auction with coinche and
surcoinche, the deal record, the deal score and the end of the game. Presets ``house``
(default), ``ffb`` and ``bidonly`` (§4).
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
    Rules,
    SummaryLine,
    hookimpl,
)
from variants.belote import taking_summary
from variants.coinche.auction import CoincheAuction
from variants.coinche.declaration import DECLARATION, _

# The hooks written beside their rules (the record, the score, the end of the match): pluggy
# finds them on this module, which imports them.
from variants.coinche.records import atout_make_record, atout_record_schema  # noqa: F401
from variants.coinche.scoring import atout_match_outcome, atout_score_deal  # noqa: F401


@hookimpl
def atout_bases() -> Sequence[object]:
    return [variants.belote]


@hookimpl
def atout_declare() -> Declaration:
    return DECLARATION


@hookimpl
def atout_deal_pattern(rules: Rules) -> DealPattern:
    """Eight cards each in the packets of ``deal_pattern`` (§2.1)."""
    return DealPattern(FRENCH_32, 8, tuple(int(n) for n in rules.deal_pattern.split("-")))


@hookimpl
def atout_contract_kinds(rules: Rules) -> Sequence[ContractKind]:
    """The four suits, and no trumps and all trumps where ``nt_at`` allows them (§2.2)."""
    return variants.belote.SUIT_KINDS + (variants.belote.NT_AT_KINDS if rules.nt_at else ())


#: The doubling calls as a player says them.
DOUBLE_WORDS = {"COINCHE": _("coinche"), "SURCOINCHE": _("surcoinche")}


@hookimpl
def atout_call_label(rules: Rules, call: Call) -> str | None:
    """Coinche and surcoinche, and a capot bid (``CAPOT S``: "capot spades") and its level
    (``CAPOT``: "capot") in the game's words; the numbered bids are the kernel's ("110 hearts")."""
    if call.kind != "bid":
        return DOUBLE_WORDS.get(call.text)
    if call.text == "CAPOT":  # the level of the capot bids, heading them in a call menu
        return _("capot")
    if call.text.startswith("CAPOT"):
        kind = next((k for k in atout_contract_kinds(rules) if k.code == call.denomination), None)
        return None if kind is None else _("capot {denomination}", denomination=kind.label)
    return None


@hookimpl
def atout_auction(rules: Rules, dealer: int, turn_up: int | None, context: MatchContext) -> Auction:
    return CoincheAuction(
        dealer,
        rules.max_bid,
        rules.nt_at,
        rules.capot_ends_auction,
        rules.capot_coinchable,
        rules.coinche_timing == "any_time",
    )


@hookimpl
def atout_match_summary(
    rules: Rules, records: Sequence[Mapping[str, Any]], scores: Sequence[DealScore]
) -> Sequence[SummaryLine]:
    """Per team: contracts taken, made and failed, coinches, surcoinches, capots, belotes."""
    return taking_summary(records, scores, coinche=True)
