"""A test-only variant of another shape than the belote family's two teams, for the scorepad's
tests (tests/http/test_sheet_shapes.py, tests/browser/test_sheet_shapes_browser.py): no rules
of any real variant.

:class:`Pools` plays at a table of the seats it is given, everyone alone: ten cards each if
they go round (eight at four seats), the rest kept back. The seat after the dealer calls PLAY;
follow suit, else any card. A deal's record is who won it and how many points: the winner
writes them in their pool; each other player writes them in their mountain and half of them
(rounded down) as whists on the winner. Each player's group holds a pool, a mountain and whists
on each other player (four columns a player at three seats, five at four). The match ends when a
pool reaches the target; it is settled per player as ten times pool less mountain, plus whists
written less whists suffered, against the table's mean (integers summing to zero).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from framework.api import (
    NOT_OVER,
    Auction,
    Call,
    Contract,
    DealScore,
    Declaration,
    MatchOutcome,
    RecordError,
    ScoreColumn,
    SummaryLine,
    hookimpl,
)
from framework.core.cards import FRENCH_32 as DECK
from framework.core.options import Option, Preset
from framework.rules.dealing import DealPattern
from framework.rules.played import PlayedDeal
from framework.rules.schema import Choice, ChoiceField, IntegerField, RecordSchema
from framework.rules.steps import legal_steps, step
from framework.rules.tricks import PlayRules

POINTS = tuple(1 if DECK.ranks[DECK.rank_of[c]] == "A" else 0 for c in range(32))
POWER = tuple(DECK.rank_of[c] for c in range(32))


@legal_steps
def legal(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
    return step(
        hand & DECK.suit_masks[DECK.suit_of[trick[0]]], "follow", "you must follow suit"
    ) or step(hand, "any_card", "you cannot follow suit: any card may be played")


class PlayAuction(Auction):
    """One call: the seat after the dealer says PLAY."""

    def __init__(self, dealer: int, seats: int) -> None:
        self._turn: int | None = (dealer + 1) % seats
        self._contract: Contract | None = None

    def legal_calls(self, seat: int) -> list[Call]:
        return [Call("PLAY", "bid", "NT", ("tricks", 1))] if seat == self._turn else []

    def apply(self, seat: int, call: Call) -> None:
        self._contract = Contract("NT", seat)
        self._turn = None


def columns(seats: Sequence[str]) -> tuple[ScoreColumn, ...]:
    """Per player, in their group: pool, mountain, whists on each other player."""
    out = []
    for seat in seats:
        out.append(ScoreColumn(f"{seat}.pool", "pool", seat))
        out.append(ScoreColumn(f"{seat}.mountain", "mountain", seat))
        out.extend(
            ScoreColumn(f"{seat}.whists.{other}", f"whists on {other}", seat)
            for other in seats
            if other != seat
        )
    return tuple(out)


class Pools:
    """The plugin, for a table of ``seats``."""

    def __init__(self, seats: Sequence[str]) -> None:
        self.seats = tuple(seats)

    @hookimpl
    def atout_declare(self) -> Declaration:
        return Declaration(
            title="Pools",
            summary="A test game where everyone plays alone, with a pool, a mountain and whists.",
            deck=DECK,
            seats=self.seats,
            score_columns=columns(self.seats),
            options=(
                Option(
                    "target",
                    20,
                    "Points in a pool to end the match.",
                    minimum=1,
                    help="The match ends when a pool holds this many points.",
                ),
            ),
            presets=(Preset("plain", "The test rules."),),
        )

    @hookimpl
    def atout_deal_pattern(self, rules: Any) -> DealPattern:
        hand = 10 if len(self.seats) * 10 <= 32 else 8
        return DealPattern(DECK, hand, (2,) * (hand // 2), clockwise=True)

    @hookimpl
    def atout_auction(self, rules: Any, dealer: int, turn_up: Any, context: Any) -> Auction:
        return PlayAuction(dealer, len(self.seats))

    @hookimpl
    def atout_play_rules(self, rules: Any, contract: Contract) -> PlayRules:
        return PlayRules(DECK, POWER, 0, POINTS, 0, legal)

    @hookimpl
    def atout_make_record(self, rules: Any, played: PlayedDeal) -> dict[str, Any]:
        """The winner: who took the most tricks (the first in seat order on a tie)."""
        tricks = list(played.tricks_by_seat)
        best = max(range(len(self.seats)), key=lambda s: (tricks[s], -s))
        return {"winner": self.seats[best], "points": min(tricks[best], 10)}

    @hookimpl
    def atout_record_schema(self, rules: Any) -> RecordSchema:
        return RecordSchema(
            [
                ChoiceField("winner", "Winner", tuple(Choice(s, s) for s in self.seats)),
                IntegerField("points", "Points", 0, 10),
            ]
        )

    @hookimpl
    def atout_score_deal(self, rules: Any, record: Mapping[str, Any], context: Any) -> DealScore:
        if record.get("thrown_in"):
            return DealScore({}, None, 0, "thrown in")
        winner, points = record["winner"], record["points"]
        if winner not in self.seats:
            raise RecordError("winner", "no such player")
        written = dict.fromkeys((c.key for c in columns(self.seats)), 0)
        written[f"{winner}.pool"] = points
        for other in self.seats:
            if other != winner:
                written[f"{other}.mountain"] = points
                written[f"{other}.whists.{winner}"] = points // 2
        return DealScore(written, True, 0, f"{winner} wins {points}")

    @hookimpl
    def atout_match_outcome(self, rules: Any, totals: Mapping[str, int], scores: Any) -> Any:
        full = [s for s in self.seats if totals.get(f"{s}.pool", 0) >= rules.target]
        return MatchOutcome(True, full[0], "a pool is full") if full else NOT_OVER

    def result(self, totals: Mapping[str, int], seat: str) -> int:
        """A player's result before the mean: a pool or mountain point is worth ten whists."""
        others = [o for o in self.seats if o != seat]
        written = sum(totals.get(f"{seat}.whists.{o}", 0) for o in others)
        suffered = sum(totals.get(f"{o}.whists.{seat}", 0) for o in others)
        pool, mountain = totals.get(f"{seat}.pool", 0), totals.get(f"{seat}.mountain", 0)
        return 10 * (pool - mountain) + written - suffered

    @hookimpl
    def atout_settle(self, rules: Any, totals: Mapping[str, int]) -> dict[str, int]:
        results = [self.result(totals, s) for s in self.seats]
        share, rest = divmod(sum(results), len(self.seats))
        owed = [r - share for r in results]
        owed[0] -= rest
        return dict(zip(self.seats, owed, strict=True))

    @hookimpl
    def atout_match_summary(self, rules: Any, records: Any, scores: Any) -> list[SummaryLine]:
        won = [r.get("winner") for r in records]
        return [SummaryLine("Deals won", {seat: won.count(seat) for seat in self.seats})]
