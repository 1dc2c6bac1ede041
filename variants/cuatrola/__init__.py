"""Cuatrola, the Spanish four-player game of the Tute family: the variant plugin (hookimpls only).

Rules: ``rules/bulgarian-bela-cuatrola.md`` §4 (with §1, §5 and §6 question 4) and SEED-4
(``seeds/004_34b4a9aa36ed5262.txt``, the Cuatrola OnLine app). Twenty Spanish cards, five each
dealt one at a time; trump is the suit of the dealer's last card; one round of bets (solo,
cuatrola, quintola) where the declarer's partner sits out; cantes in no-bet and solo hands; a
match to exactly 11 game points (preset ``app``) or to 21 (preset ``to21``). The rules live in
:mod:`~variants.cuatrola.rules`, :mod:`~variants.cuatrola.auction`,
:mod:`~variants.cuatrola.records` and :mod:`~variants.cuatrola.scoring`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from framework.api import (
    SPANISH_20,
    Announcement,
    Auction,
    Call,
    Contract,
    ContractKind,
    DealPattern,
    DealScore,
    Declaration,
    MatchContext,
    NotationError,
    PlayRules,
    Rules,
    SummaryLine,
    Trick,
    contract_counts,
    count_teams,
    hookimpl,
    played_deals,
    team_named,
)
from variants.cuatrola import records, scoring
from variants.cuatrola.auction import BET_NAMES, BET_WORDS, BetsAuction
from variants.cuatrola.declaration import DECLARATION, _

# The hooks written beside their rules (the record, the score, the end of the match): pluggy
# finds them on this module, which imports them.
from variants.cuatrola.records import atout_make_record, atout_record_schema  # noqa: F401
from variants.cuatrola.rules import SUIT_OF, SUITS, play_rules, sung_cantes
from variants.cuatrola.scoring import atout_match_outcome, atout_score_deal  # noqa: F401


@hookimpl
def atout_declare() -> Declaration:
    return DECLARATION


@hookimpl
def atout_deal_pattern(rules: Rules) -> DealPattern:
    """Five cards each, one at a time from the forehand; the dealer's last card shows trump;
    round the table the way the ``direction`` option says (OPT-ES1)."""
    return DealPattern(
        SPANISH_20, 5, (1, 1, 1, 1, 1), turn_up="dealer", clockwise=rules.direction == "clockwise"
    )


@hookimpl
def atout_auction(rules: Rules, dealer: int, turn_up: int | None, context: MatchContext) -> Auction:
    if turn_up is None:
        raise NotationError("a Cuatrola deal needs the dealer's last card to show trump")
    return BetsAuction(
        dealer,
        SUITS[SUIT_OF[turn_up]],
        context.totals,
        rules.target,
        rules.exact_finish,
        rules.auction == "first_bet",
    )


@hookimpl
def atout_call_label(rules: Rules, call: Call) -> str | None:
    """A bet in the game's words (solo, cuatrola, quintola; the kernel would show the notation
    in lower case)."""
    return BET_WORDS.get(call.text.lower())


@hookimpl
def atout_first_leader(rules: Rules, dealer: int, contract: Contract) -> int | None:
    """OPT-ES3: the declarer leads when ``first_lead`` is ``declarer``; otherwise the kernel's
    default (the forehand, or the next seat when the forehand sits out)."""
    if rules.first_lead == "declarer" and contract.name is not None:
        return contract.taker
    return None


#: A Cuatrola contract is always played in a trump suit.
CONTRACT_KINDS = tuple(ContractKind(s, records.SUIT_NAMES[s]) for s in SUITS)


@hookimpl
def atout_contract_kinds(rules: Rules) -> Sequence[ContractKind]:
    """The four Spanish suits as trumps."""
    return CONTRACT_KINDS


@hookimpl
def atout_play_rules(rules: Rules, contract: Contract) -> PlayRules:
    if contract.denomination not in SUITS:
        raise NotationError(
            _(
                "Cuatrola is always played with a trump suit ({suits}), not {contract}",
                suits=" ".join(SUITS),
                contract=contract.denomination,
            )
        )
    return play_rules(
        SUITS.index(contract.denomination), rules.cannot_overtrump, rules.partner_exemption
    )


@hookimpl
def atout_play_declarations(
    rules: Rules,
    contract: Contract,
    hands: Sequence[int],
    tricks: Sequence[Trick],
) -> Sequence[Announcement]:
    """The cantes, sung as soon as allowed (the 40 first); none in a cuatrola or quintola."""
    if contract.name in scoring.TRICK_BETS:
        return ()
    singers = None
    if contract.name == "solo" and rules.solo_cantes == "soloist":
        singers = frozenset((contract.taker,))
    return sung_cantes(hands, tricks, SUITS.index(contract.denomination), singers)


@hookimpl
def atout_match_summary(
    rules: Rules, records: Sequence[Mapping[str, Any]], scores: Sequence[DealScore]
) -> list[SummaryLine]:
    """Per pair: bets made, won and lost, cuatrolas and quintolas attempted, and cantes."""
    played = played_deals(records, scores)
    bets = [(r, s) for r, s in played if r.get("bet") in BET_NAMES]
    return [
        *contract_counts(
            (_("Bets (solo, cuatrola, quintola)"), _("Bets won"), _("Bets lost")),
            [(team_named(r.get("declarer")), s) for r, s in bets],
        ),
        count_teams(
            _("Cuatrolas and quintolas"),
            [team_named(r.get("declarer")) for r, _s in bets if r["bet"] != "solo"],
        ),
        count_teams(
            _("Cantes"),
            [c.get("team") for r, _s in played for c in r.get("cantes") or []],
        ),
    ]
