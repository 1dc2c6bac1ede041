"""Croatian Bela (belot of ex-Yugoslavia): the ``bela`` variant plugin, hookimpls only.

Source: ``rules/bulgarian-bela-cuatrola.md`` §1 (seats), §3 (the game), §5 (presets HR-STD and
HR-HOUSE). Six cards in hand, a one-round trump call (the dealer must call: "mus"), then the two
talon cards; card order and points of belote; strict play (head the trick, trump even over a
partner, under-trump); the single best declaration wins all of its team's; the caller's team
must have more than half of all points or falls; game to 1001.
The rules as implemented are in ``docs/variants/bela.md``. It stands on no family plugin: its
one base, :mod:`variants.belote.words`, gives only the family's catalog.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from framework.api import (
    FRENCH_32,
    Announcement,
    Auction,
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
    next_seat,
    played_deals,
    team_named,
)
from variants.bela import rules as bela_rules
from variants.bela.auction import BelaAuction
from variants.bela.declaration import DECLARATION, _

# The hooks written beside their rules (the record, the score, the end of the match): pluggy
# finds them on this module, which imports them.
from variants.bela.records import atout_make_record, atout_record_schema  # noqa: F401
from variants.bela.scoring import atout_match_outcome, atout_score_deal  # noqa: F401
from variants.belote import SUIT_KINDS
from variants.belote import words as belote_words


@hookimpl
def atout_bases() -> Sequence[object]:
    return [belote_words]


@hookimpl
def atout_declare() -> Declaration:
    return DECLARATION


@hookimpl
def atout_deal_pattern(rules: Rules) -> DealPattern:
    """3 + 3 in hand before the call; the 2 talon cards are not looked at before trump is
    called, so dealing them after the call is the same."""
    return DealPattern(FRENCH_32, 8, before=(3, 3), after=(2,))


@hookimpl
def atout_auction(rules: Rules, dealer: int, turn_up: int | None, context: MatchContext) -> Auction:
    return BelaAuction(dealer, rules.mus)


@hookimpl
def atout_contract_kinds(rules: Rules) -> Sequence[ContractKind]:
    """Bela is always played with a trump suit."""
    return SUIT_KINDS


@hookimpl
def atout_play_rules(rules: Rules, contract: Contract) -> PlayRules:
    if contract.denomination not in FRENCH_32.suits:
        raise NotationError(
            _(
                "Bela is always played with a trump suit ({suits}), not {contract}",
                suits=" ".join(FRENCH_32.suits),
                contract=contract.denomination,
            )
        )
    return bela_rules.play_rules(
        contract.denomination,
        rules.must_head_led_suit,
        rules.trump_when_partner_wins,
        rules.must_undertrump,
    )


@hookimpl
def atout_find_announcements(
    rules: Rules, contract: Contract, seat: int, hand: int
) -> Sequence[Announcement]:
    """A belot (all eight cards of a suit, HR5), else the hand's sequences and carrés (HR8)."""
    trump = FRENCH_32.suit_index(contract.denomination)
    suit = bela_rules.hand_belot(hand)
    if suit is not None:
        points = rules.target if rules.belot8 == "points" else 0
        decls = [bela_rules.belot(seat % 2, suit, points, seat)]
    else:
        decls = bela_rules.hand_declarations(hand, seat, rules.card_in_two_declarations)
    return [bela_rules.to_announcement(d, trump, rules.equal_value) for d in decls]


@hookimpl
def atout_counted_announcements(
    rules: Rules, contract: Contract, declared: Sequence[Announcement]
) -> Sequence[Announcement]:
    """Only the team holding the single best declaration scores, all of its own (§3.5).
    A belot under ``win_game`` is the only thing that counts. (HR9, a team without a trick,
    is applied by the scoring, which knows the tricks.)"""
    if not declared:
        return ()
    belots = [a for a in declared if a.kind == "belot"]
    if belots and rules.belot8 == "win_game":
        return (belots[0],)
    dealer = contract.extra.get("dealer")
    # ``declared`` is in playing order from the first hand: its first seat keeps that order.
    first = next_seat(dealer) if dealer is not None else declared[0].seat
    trump = FRENCH_32.suit_index(contract.denomination)
    best = bela_rules.winning_team(
        [bela_rules.from_announcement(a) for a in declared], trump, rules.equal_value, first
    )
    return tuple(a for a in declared if a.team == best)


@hookimpl
def atout_play_declarations(
    rules: Rules,
    contract: Contract,
    hands: Sequence[int],
    tricks: Sequence[Trick],
) -> Sequence[Announcement]:
    """Bela: the king and queen of trump held by one player, called with the first (HR6
    ``first_card``) or the second of them played; ``key`` is the trick it was called in."""
    kq = bela_rules.BELA_MASKS[FRENCH_32.suit_index(contract.denomination)]
    holder = next((s for s, hand in enumerate(hands) if hand & kq == kq), None)
    if holder is None:
        return ()
    wanted = 1 if rules.bela_call_on == "first_card" else 2
    seen = 0
    for number, (_leader, cards, _winner) in enumerate(tricks):
        seen += sum(1 for c in cards if kq >> c & 1)
        if seen >= wanted:
            return (
                Announcement(
                    holder, bela_rules.KIND_WORDS["bela"], bela_rules.BELA_POINTS, kq, (number,)
                ),
            )
    return ()


@hookimpl
def atout_match_summary(
    rules: Rules, records: Sequence[Mapping[str, Any]], scores: Sequence[DealScore]
) -> list[SummaryLine]:
    """Per team: games called, passed and fallen, štiglja and bela."""
    played = played_deals(records, scores)
    return [
        *contract_counts(
            (_("Trumps called"), _("Games passed"), _("Games fallen (pad)")),
            [(team_named(r["caller"]), s) for r, s in played],
        ),
        count_teams(_("Štiglja (all tricks)"), [r.get("stiglja") for r, _s in played]),
        count_teams(_("Bela"), [t for r, _s in played for t in r.get("bela") or []]),
    ]
