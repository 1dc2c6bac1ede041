"""toy-duo: two seats, each alone, and a talon (see the package's README)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from atout_toys import game
from framework.api import (
    Auction,
    Contract,
    DealPattern,
    DealScore,
    Deck,
    Declaration,
    MatchContext,
    MatchOutcome,
    Packet,
    PlayedDeal,
    PlayRules,
    RecordSchema,
    Rules,
    hookimpl,
)

SEATS = ("A", "B")
DECK = Deck("french-24", ("9", "T", "J", "Q", "K", "A"), ("S", "H", "D", "C"))
DECLARATION = game.declaration(
    "Toy duo",
    "A two-hand toy with a talon, for atout's tests.",
    DECK,
    SEATS,
)


@hookimpl
def atout_declare() -> Declaration:
    return DECLARATION


@hookimpl
def atout_deal_pattern(rules: Rules) -> DealPattern:
    """Eight each, 4 then 2 to the talon then 4; the six cards left join the talon."""
    return DealPattern(DECK, 8, (4, Packet(2), 4))


@hookimpl
def atout_auction(rules: Rules, dealer: int, turn_up: int | None, context: MatchContext) -> Auction:
    return game.OneRound(DECK, len(SEATS), dealer)


@hookimpl
def atout_play_rules(rules: Rules, contract: Contract) -> PlayRules:
    return game.play_rules(DECK, contract)


@hookimpl
def atout_record_schema(rules: Rules) -> RecordSchema:
    return game.record_schema(SEATS, DECK)


@hookimpl
def atout_make_record(rules: Rules, played: PlayedDeal) -> dict[str, Any]:
    return game.make_record(SEATS, played)


@hookimpl
def atout_score_deal(rules: Rules, record: Mapping[str, Any], context: MatchContext) -> DealScore:
    return game.score_deal(SEATS, (0, 1), record, context)


@hookimpl
def atout_match_outcome(
    rules: Rules, totals: Mapping[str, int], scores: Sequence[DealScore]
) -> MatchOutcome:
    return game.match_outcome(rules, totals, (0, 1), SEATS)
