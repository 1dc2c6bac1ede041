"""toy-call: four seats, each deal's taker calling an ace whose holder is its hidden partner
(see the package's README)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from atout_toys import game
from framework.api import (
    PASS,
    Auction,
    Call,
    CardField,
    Choice,
    Contract,
    DealPattern,
    DealScore,
    Deck,
    Declaration,
    IntegerField,
    MatchContext,
    MatchOutcome,
    PlayedDeal,
    PlayRules,
    RecordSchema,
    Rules,
    SeatField,
    SeatsField,
    called_sides,
    hookimpl,
    legal_steps,
    seat_after,
    step,
)

SEATS = ("A", "B", "C", "D")
DECK = Deck("french-32", ("7", "8", "9", "T", "J", "Q", "K", "A"), ("S", "H", "D", "C"))
ACES = tuple(DECK.parse("A" + suit) for suit in DECK.suits)
#: What the taker's side must take: more than half the card points (a hint for the bots).
GOAL = ("points", sum(game.card_points(DECK)) // 2 + 1)
#: Every seat alone, as the match's end counts them (the sides change every deal).
ALONE = tuple(range(len(SEATS)))
DECLARATION = game.declaration(
    "Toy call",
    "A four-hand toy whose taker calls an ace: its holder is the taker's hidden partner, for "
    "atout's tests.",
    DECK,
    SEATS,
)


@hookimpl
def atout_declare() -> Declaration:
    return DECLARATION


@hookimpl
def atout_deal_pattern(rules: Rules) -> DealPattern:
    """Eight each, 4 and 4: every card dealt."""
    return DealPattern(DECK, 8, (4, 4))


class CallAnAce(Auction):
    """One round of calls from the seat after the dealer: the first seat to bid takes, naming
    trumps and calling an ace (``H AS``: hearts, calling the ace of spades; an ace it holds
    itself leaves it alone, unknown to the others); when every seat passes the deal is thrown
    in."""

    def __init__(self, dealer: int) -> None:
        self._calls = [PASS] + [
            Call(f"{suit} {DECK.format(ace)}", "bid", suit, GOAL)
            for suit in DECK.suits
            for ace in ACES
        ]
        self._passes = 0
        self._turn: int | None = seat_after(dealer, len(SEATS))
        self._contract: Contract | None = None

    def legal_calls(self, seat: int) -> list[Call]:
        return list(self._calls) if seat == self._turn else []

    def apply(self, seat: int, call: Call) -> None:
        if call.kind == "pass":
            self._passes += 1
            self._turn = None if self._passes == len(SEATS) else seat_after(seat, len(SEATS))
        else:
            suit, ace = call.text.split()
            self._contract = Contract(suit, seat, called=DECK.parse(ace))
            self._turn = None


@hookimpl
def atout_auction(rules: Rules, dealer: int, turn_up: int | None, context: MatchContext) -> Auction:
    return CallAnAce(dealer)


@hookimpl
def atout_sides(
    rules: Rules, contract: Contract, decisions: Sequence[tuple[int, str]]
) -> tuple[int, ...] | None:
    """A contract that calls no ace (a query's: ``atout legal toy-call --contract H``) has no
    partner: every seat alone, as in play before the called ace shows one. A called contract's
    sides are the kernel's."""
    return None if contract.called is not None else ALONE


@hookimpl
def atout_play_rules(rules: Rules, contract: Contract) -> PlayRules:
    """Follow suit if you can; else trump, unless your partner is winning (then any card); with
    no trump, any card. The contract's suit is trump."""
    suit_masks = DECK.suit_masks
    trumps = suit_masks[DECK.suits.index(contract.denomination)]

    @legal_steps
    def legal(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
        follow = hand & suit_masks[DECK.suit_of[trick[0]]]
        if follow:
            return step(follow, "follow", "you must follow suit")
        if partner_wins:
            return step(hand, "partner_winning", "your partner is winning: any card may be played")
        return step(hand & trumps, "trump", "you cannot follow suit: you must trump") or step(
            hand, "any_card", "you cannot follow suit nor trump: any card may be played"
        )

    power = tuple(DECK.rank_of[c] for c in range(DECK.size))
    return PlayRules(DECK, power, trumps, game.card_points(DECK), 0, legal)


@hookimpl
def atout_record_schema(rules: Rules) -> RecordSchema:
    """The taker, the ace it called, its partner (none: alone) and the trick that showed the
    partner (0: never), and the card points each seat took."""
    most = sum(game.card_points(DECK))
    seats = tuple(Choice(s, s) for s in SEATS)
    return RecordSchema(
        [
            SeatField("taker", "Taker", seats=seats),
            CardField("called", "Called ace", DECK, ranks=("A",)),
            SeatField(
                "partner",
                "Partner",
                seats=(Choice(None, "nobody: the taker alone"), *seats),
                required=False,
            ),
            IntegerField("revealed", "Trick that showed the partner (0: never)", 0, 8),
            SeatsField(
                "points",
                "Card points taken",
                of=IntegerField("points", "Card points", 0, most),
                seats=SEATS,
            ),
        ]
    )


@hookimpl
def atout_make_record(rules: Rules, played: PlayedDeal) -> dict[str, Any]:
    contract = played.contract
    assert contract is not None  # a deal thrown in has the kernel\'s record
    assert contract.called is not None
    partner = played.partner
    revealed = played.revealed
    return {
        "taker": SEATS[contract.taker],
        "called": DECK.format(contract.called),
        "partner": None if partner is None else SEATS[partner],
        "revealed": 0 if revealed is None else revealed + 1,
        "points": dict(zip(SEATS, played.points_by_seat, strict=True)),
    }


@hookimpl
def atout_score_deal(rules: Rules, record: Mapping[str, Any], context: MatchContext) -> DealScore:
    """Each seat writes its side's card points (the taker and its partner against the others);
    the taker's side writes 0 when it took no more than half the points."""
    if record.get("thrown_in"):
        return game.score_deal(SEATS, ALONE, record, context)
    partner = record.get("partner")
    sides = called_sides(
        SEATS.index(record["taker"]), None if partner is None else SEATS.index(partner), len(SEATS)
    )
    return game.score_deal(SEATS, sides, record, context)


@hookimpl
def atout_match_outcome(
    rules: Rules, totals: Mapping[str, int], scores: Sequence[DealScore]
) -> MatchOutcome:
    """The first player to reach the target wins; equal leaders play on."""
    return game.match_outcome(rules, totals, ALONE, SEATS)
