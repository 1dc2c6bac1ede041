"""A toy trick-taking game for the kernel's own tests: no rules of any real variant.

32 cards, 8 each (4-4). One round of calls: the first player to name a suit takes with it as
trump; four passes throw the deal in. Follow suit if you can, else any card. Aces 4, kings 3,
queens 2, jacks 1, last trick 0: 40 in all. The takers make it with more than 20 and score what
they took; otherwise the defenders score 40. First to 100 wins.
"""

from __future__ import annotations

from framework.api import Auction, Call, Contract, RecordError, hookimpl
from framework.core.cards import FRENCH_32 as DECK
from framework.core.options import Option, Preset
from framework.core.seats import TEAMS, next_seat
from framework.rules.dealing import DealPattern
from framework.rules.declaration import Declaration
from framework.rules.outcome import MatchOutcome, first_to_target
from framework.rules.played import PlayedDeal
from framework.rules.schema import IntegerField, RecordSchema, TeamField
from framework.rules.scoring import DealScore
from framework.rules.steps import legal_steps, step
from framework.rules.tricks import PlayRules

POINTS = tuple(
    {"A": 4, "K": 3, "Q": 2, "J": 1}.get(DECK.ranks[DECK.rank_of[c]], 0) for c in range(32)
)
POWER = tuple(DECK.rank_of[c] for c in range(32))


@legal_steps
def legal(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
    return step(
        hand & DECK.suit_masks[DECK.suit_of[trick[0]]], "follow", "you must follow suit"
    ) or step(hand, "any_card", "you cannot follow suit: any card may be played")


class ToyAuction(Auction):
    def __init__(self, dealer: int) -> None:
        self._turn: int | None = next_seat(dealer)
        self._passes = 0
        self._contract: Contract | None = None

    def legal_calls(self, seat: int) -> list[Call]:
        if seat != self._turn:
            return []
        return [Call("PASS", "pass")] + [Call(s, "bid", s, ("points", 21)) for s in DECK.suits]

    def apply(self, seat: int, call: Call) -> None:
        if call.kind == "pass":
            self._passes += 1
            self._turn = None if self._passes == 4 else next_seat(seat)
        else:
            self._contract = Contract(call.text, seat)
            self._turn = None


DECLARATION = Declaration(
    title="Toy",
    summary="A toy game for tests.",
    deck=DECK,
    options=(Option("target", 100, "Points to win.", minimum=1),),
    presets=(
        Preset("plain", "The toy rules."),
        Preset("short", "A shorter game.", {"target": 50}),
    ),
)


@hookimpl
def atout_declare() -> Declaration:
    return DECLARATION


@hookimpl
def atout_deal_pattern(rules) -> DealPattern:
    return DealPattern(DECK, 8, (4, 4))


@hookimpl
def atout_auction(rules, dealer, turn_up, context) -> Auction:
    return ToyAuction(dealer)


@hookimpl
def atout_play_rules(rules, contract) -> PlayRules:
    return PlayRules(
        DECK, POWER, DECK.suit_masks[DECK.suits.index(contract.denomination)], POINTS, 0, legal
    )


@hookimpl
def atout_record_schema(rules) -> RecordSchema:
    return RecordSchema(
        [TeamField("taker", "Takers"), IntegerField("taker_points", "Takers' points", 0, 40)]
    )


@hookimpl
def atout_make_record(rules, played: PlayedDeal):
    team = TEAMS[played.contract.taker % 2]
    return {"taker": team, "taker_points": played.card_points[team]}


@hookimpl
def atout_score_deal(rules, record, context) -> DealScore:
    if record.get("thrown_in"):
        return DealScore({}, None, context.pot, "thrown in")
    taker = record["taker"]
    other = TEAMS[1 - TEAMS.index(taker)]
    if record["taker_points"] > 20:
        return DealScore(
            {taker: record["taker_points"], other: 40 - record["taker_points"]}, True, 0, "made"
        )
    if record["taker_points"] < 0:
        raise RecordError("taker_points", "negative")
    return DealScore({other: 40}, False, 0, "failed")


@hookimpl
def atout_match_outcome(rules, totals, scores) -> MatchOutcome:
    return first_to_target(totals, rules.target, scores)
