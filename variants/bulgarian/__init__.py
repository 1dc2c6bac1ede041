"""Bulgarian Belot (Bridge-Belot, бридж-белот): the variant plugin, hookimpls only.

Source: ``rules/bulgarian-bela-cuatrola.md`` §2 (rules), §5 (presets), §6 (open questions);
documented in ``docs/variants/bulgarian-belot.md``. It stands on no family plugin (its one base,
:mod:`variants.belote.words`, gives only the family's catalog): the belote family's card orders
and points are reused from the family's public module :mod:`variants.belote`, but the Bulgarian
deal, auction, legal plays, declarations and scoring are this package's own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from framework.api import (
    FRENCH_32,
    Announcement,
    Auction,
    Call,
    Contract,
    ContractKind,
    DealPattern,
    DealScore,
    Declaration,
    MatchContext,
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
from variants.belote import CARRE_LABEL, NT_AT_KINDS, SUIT_KINDS
from variants.belote import words as belote_words
from variants.bulgarian import rules as bg
from variants.bulgarian import scoring
from variants.bulgarian.auction import BulgarianAuction
from variants.bulgarian.declaration import DECLARATION, _

# The hooks written beside their rules (the record, the score, the end of the match): pluggy
# finds them on this module, which imports them.
from variants.bulgarian.records import atout_make_record, atout_record_schema  # noqa: F401
from variants.bulgarian.scoring import atout_match_outcome, atout_score_deal  # noqa: F401


@hookimpl
def atout_bases() -> Sequence[object]:
    return [belote_words]


@hookimpl
def atout_declare() -> Declaration:
    return DECLARATION


@hookimpl
def atout_deal_pattern(rules: Rules) -> DealPattern:
    """3 + 2 cards before the auction, 3 after it (§2.1)."""
    return DealPattern(FRENCH_32, 8, before=(3, 2), after=(3,))


@hookimpl
def atout_auction(rules: Rules, dealer: int, turn_up: int | None, context: MatchContext) -> Auction:
    return BulgarianAuction(dealer, rules.max_double, rules.overbid_after_double)


@hookimpl
def atout_contract_kinds(rules: Rules) -> Sequence[ContractKind]:
    """A trump suit, no trumps or all trumps (§2.2)."""
    return SUIT_KINDS + NT_AT_KINDS


@hookimpl
def atout_call_label(rules: Rules, call: Call) -> str | None:
    """The doubling calls in the game's words (kontra, rekontra, surkontra); the bids are the
    kernel's (a contract kind's label)."""
    return scoring.DOUBLING_WORDS.get(call.text.lower())


@hookimpl
def atout_play_rules(rules: Rules, contract: Contract) -> PlayRules:
    return bg.play_rules(contract.denomination, rules.overtrump_over_partner)


@hookimpl
def atout_find_announcements(
    rules: Rules, contract: Contract, seat: int, hand: int
) -> Sequence[Announcement]:
    """Sequences and carrés, in suit and all-trumps contracts only (§2.5)."""
    if contract.denomination == "NT":
        return ()
    found = []
    for shape, cards, rank, length in bg.find_declarations(
        hand, rules.carre_vs_sequence_overlap, rules.seq8
    ):
        if shape == "set":
            found.append(
                Announcement(
                    seat, bg.KIND_WORDS["carre"], bg.carre_points(rank), cards, words=CARRE_LABEL
                )
            )
        else:
            found.append(
                Announcement(
                    seat,
                    bg.KIND_WORDS[bg.sequence_kind(length)],
                    bg.sequence_points(length, rules.seq8),
                    cards,
                )
            )
    return found


@hookimpl
def atout_counted_announcements(
    rules: Rules, contract: Contract, declared: Sequence[Announcement]
) -> Sequence[Announcement]:
    """The comparison of §2.5 (BG6, BG7), the same one the scoring applies to a record."""
    views = [bg.announcement_declaration(a) for a in declared]
    counted = bg.counted_declarations(views, rules.comparison, rules.carre_rank)
    keep = {id(v) for v in counted}
    return [a for a, v in zip(declared, views, strict=True) if id(v) in keep]


@hookimpl
def atout_play_declarations(
    contract: Contract, hands: Sequence[int], tricks: Sequence[Trick]
) -> Sequence[Announcement]:
    """Belots declared in play (§2.5); the engine always declares when allowed."""
    return [
        Announcement(seat, bg.KIND_WORDS["belot"], bg.BELOT_POINTS, bg.run_cards(suit, bg.K, 2))
        for seat, suit in bg.find_belots(contract.denomination, hands, tricks)
    ]


@hookimpl
def atout_match_summary(
    rules: Rules, records: Sequence[Mapping[str, Any]], scores: Sequence[DealScore]
) -> list[SummaryLine]:
    """Per team: contracts played, made and gone inside, kontras, valats and belots."""
    played = played_deals(records, scores)
    return [
        *contract_counts(
            (_("Contracts played"), _("Contracts made"), _("Gone inside (failed)")),
            [(team_named(r["declarer"]), s) for r, s in played],
        ),
        count_teams(
            _("Kontra or rekontra played"),
            [
                team_named(r["declarer"])
                for r, _s in played
                if r.get("doubling") not in (None, "none")
            ],
        ),
        count_teams(_("Valats"), [r.get("valat") for r, _s in played]),
        count_teams(_("Belots"), [t for r, _s in played for t in r.get("belot") or []]),
    ]
