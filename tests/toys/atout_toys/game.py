"""The toys' one rule set, on a table of any shape: what :mod:`atout_toys.duo` and
:mod:`atout_toys.six` share (see the package's README). Imports only ``framework.api``."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from framework.api import (
    PASS,
    Auction,
    Call,
    Choice,
    Contract,
    DealScore,
    Deck,
    Declaration,
    IntegerField,
    MatchContext,
    MatchOutcome,
    Option,
    PlayedDeal,
    PlayRules,
    Preset,
    RecordSchema,
    Rules,
    ScoreColumn,
    SeatField,
    SeatsField,
    legal_steps,
    seat_after,
    step,
)

#: The options and presets of both toys.
OPTIONS = (Option("target", 100, "Points a player needs to win the match.", minimum=1),)
PRESETS = (
    Preset("plain", "The toy rules.", title="Plain"),
    Preset("short", "A shorter match.", {"target": 50}, title="Short"),
)
_POINTS = {"A": 4, "K": 3, "Q": 2, "J": 1}


def card_points(deck: Deck) -> tuple[int, ...]:
    """Aces 4, kings 3, queens 2, jacks 1, per card of ``deck``."""
    return tuple(_POINTS.get(deck.ranks[deck.rank_of[c]], 0) for c in range(deck.size))


def declaration(title: str, summary: str, deck: Deck, seats: tuple[str, ...]) -> Declaration:
    """A toy's declaration: the shared options and presets, one score column per seat."""
    return Declaration(
        title=title,
        summary=summary,
        deck=deck,
        options=OPTIONS,
        presets=PRESETS,
        seats=seats,
        score_columns=tuple(ScoreColumn(seat, seat) for seat in seats),
    )


class OneRound(Auction):
    """One round of calls from the seat after the dealer: the first seat to name a suit takes
    with it as trump; when every seat passes the deal is thrown in."""

    def __init__(self, deck: Deck, seats: int, dealer: int) -> None:
        self._calls = [PASS] + [Call(suit, "bid", suit) for suit in deck.suits]
        self._seats = seats
        self._passes = 0
        self._turn: int | None = seat_after(dealer, seats)
        self._contract: Contract | None = None

    def legal_calls(self, seat: int) -> list[Call]:
        return list(self._calls) if seat == self._turn else []

    def apply(self, seat: int, call: Call) -> None:
        if call.kind == "pass":
            self._passes += 1
            self._turn = None if self._passes == self._seats else seat_after(seat, self._seats)
        else:
            self._contract = Contract(call.text, seat)
            self._turn = None


def play_rules(deck: Deck, contract: Contract) -> PlayRules:
    """Follow suit if you can, else any card; the contract's suit is trump."""
    suit_masks = deck.suit_masks

    @legal_steps
    def legal(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
        return step(
            hand & suit_masks[deck.suit_of[trick[0]]], "follow", "you must follow suit"
        ) or step(hand, "any_card", "you cannot follow suit: any card may be played")

    power = tuple(deck.rank_of[c] for c in range(deck.size))
    trumps = suit_masks[deck.suits.index(contract.denomination)]
    return PlayRules(deck, power, trumps, card_points(deck), 0, legal)


def record_schema(seats: tuple[str, ...], deck: Deck) -> RecordSchema:
    """The taker, and the card points each seat took (0 to all of ``deck``'s)."""
    most = sum(card_points(deck))
    return RecordSchema(
        [
            SeatField("taker", "Taker", seats=tuple(Choice(s, s) for s in seats)),
            SeatsField(
                "points",
                "Card points taken",
                of=IntegerField("points", "Card points", 0, most),
                seats=seats,
            ),
        ]
    )


def make_record(seats: tuple[str, ...], played: PlayedDeal) -> dict[str, Any]:
    return {
        "taker": seats[played.contract.taker],
        "points": dict(zip(seats, played.points_by_seat, strict=True)),
    }


def score_deal(
    seats: tuple[str, ...], sides: tuple[int, ...], record: Mapping[str, Any], context: MatchContext
) -> DealScore:
    """Each seat writes its side's card points; the taker's side writes 0 when it took no more
    than half the points played (a seat the record leaves out took none)."""
    if record.get("thrown_in"):
        return DealScore({}, None, context.pot, "thrown in")
    taken = record["points"]  # (a seat left out took none)
    by_side: dict[int, int] = {}
    for seat, side in zip(seats, sides, strict=True):
        by_side[side] = by_side.get(side, 0) + taken.get(seat, 0)
    taker_side = sides[seats.index(record["taker"])]
    made = 2 * by_side[taker_side] > sum(by_side.values())
    points = {
        seat: 0 if side == taker_side and not made else by_side[side]
        for seat, side in zip(seats, sides, strict=True)
    }
    return DealScore(points, made, 0, "made" if made else "failed")


def match_outcome(
    rules: Rules, totals: Mapping[str, int], sides: tuple[int, ...], seats: tuple[str, ...]
) -> MatchOutcome:
    """The first side to reach the target wins (its first seat's column is the winner, the
    others of its side hold the same total); leaders of different sides level play on."""
    best = max(totals.values())
    leaders = [seat for seat in seats if totals[seat] == best]
    if best < rules.target or len({sides[seats.index(seat)] for seat in leaders}) > 1:
        return MatchOutcome(False)
    return MatchOutcome(True, leaders[0], f"{' '.join(leaders)} reach {rules.target}")
