"""toy-six: six seats in two sides of three that alternate (see the package's README)."""

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
    PlayedDeal,
    PlayRules,
    RecordSchema,
    Rules,
    hookimpl,
)

SEATS = ("A", "B", "C", "D", "E", "F")
#: A C E against B D F.
SIDES = (0, 1, 0, 1, 0, 1)
DECK = Deck("french-36", ("6", "7", "8", "9", "T", "J", "Q", "K", "A"), ("S", "H", "D", "C"))
DECLARATION = game.declaration(
    "Toy six",
    "A six-hand toy in two alternating sides, for atout's tests.",
    DECK,
    SEATS,
)


@hookimpl
def atout_declare() -> Declaration:
    return DECLARATION


@hookimpl
def atout_deal_pattern(rules: Rules) -> DealPattern:
    """Six each, 3 and 3: every card dealt."""
    return DealPattern(DECK, 6, (3, 3))


@hookimpl
def atout_auction(rules: Rules, dealer: int, turn_up: int | None, context: MatchContext) -> Auction:
    return game.OneRound(DECK, len(SEATS), dealer)


@hookimpl
def atout_sides(
    rules: Rules, contract: Contract, decisions: Sequence[tuple[int, str]]
) -> tuple[int, ...]:
    return SIDES


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
    return game.score_deal(SEATS, SIDES, record, context)


@hookimpl
def atout_match_outcome(
    rules: Rules, totals: Mapping[str, int], scores: Sequence[DealScore]
) -> MatchOutcome:
    return game.match_outcome(rules, totals, SIDES, SEATS)
