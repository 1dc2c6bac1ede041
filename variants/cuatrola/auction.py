"""Cuatrola's bets: PASS, SOLO, CUATROLA, QUINTOLA, one round from the forehand.

Source: ``rules/bulgarian-bela-cuatrola.md`` §4.2 (the state machine, the exact-11 rule,
OPT-ES2) and SEED-4. Trump is already known (the dealer's last card), so a bet names no suit.

Each player speaks once, in playing order from the forehand ``F``; a bet must exceed the
current one (OPT-ES2 ``overbid``; with ``first_bet`` the first bet ends the auction). With the
exact finish (OPT-ES8) a pair may only bet what keeps its own score at or below the target: a
pair on 8 may bet a solo (8 + 2 = 10) but no cuatrola (12). When nobody bets the hand is played
normally by both pairs, so the auction always ends with a contract: Cuatrola is never thrown in.
With a bet, the declarer's partner sits out and his five cards are dead.
"""

from __future__ import annotations

from collections.abc import Mapping

from framework.api import (
    PASS,
    TEAMS,
    Auction,
    Call,
    Contract,
    RuleViolation,
    Seat,
    Team,
    next_seat,
    partner,
    team_of,
)
from variants.cuatrola.declaration import _

#: The bets, lowest first: name, game points, goal for the bots (SOLO: more than half of the
#: 130 points of a full hand; CUATROLA: 4 tricks of 5; QUINTOLA: all 5).
BETS = (
    Call("SOLO", "bid", None, ("points", 66), alone=True),
    Call("CUATROLA", "bid", None, ("tricks", 4), alone=True),
    Call("QUINTOLA", "bid", None, ("tricks", 5), alone=True),
)
#: Game points of each bet, and of a hand nobody bet on.
VALUES = {"none": 1, "solo": 2, "cuatrola": 4, "quintola": 5}
BET_NAMES = ("solo", "cuatrola", "quintola")
#: The bets as the players call them, by name.
BET_WORDS = {"solo": _("solo"), "cuatrola": _("cuatrola"), "quintola": _("quintola")}


def bet_allowed(bet: str, own_total: int, target: int, exact_finish: bool) -> bool:
    """Whether a pair on ``own_total`` may bet ``bet`` (the exact-finish rule).

    >>> bet_allowed("solo", 8, 11, True), bet_allowed("cuatrola", 8, 11, True)
    (True, False)
    """
    return not exact_finish or own_total + VALUES[bet] <= target


class BetsAuction(Auction):
    """The single round of bets of one Cuatrola hand.

    :param dealer: the dealer; the forehand (the seat after him) speaks first.
    :param trump: the trump suit letter (the suit of the dealer's last card).
    :param totals: the pairs' game points before this hand.
    :param target: the game's target (11 or 21).
    :param exact_finish: whether a bet may take its pair past the target.
    :param first_bet_closes: OPT-ES2 ``first_bet``.
    """

    def __init__(
        self,
        dealer: int,
        trump: str,
        totals: Mapping[str, int],
        target: int,
        exact_finish: bool,
        first_bet_closes: bool,
    ) -> None:
        self.forehand = next_seat(dealer)
        self.trump = trump
        self.totals = {t: int(totals.get(t, 0)) for t in TEAMS}
        self.target = target
        self.exact_finish = exact_finish
        self.first_bet_closes = first_bet_closes
        self._turn: int | None = self.forehand
        self._spoken = 0
        self.best = -1  # index into BETS
        self.declarer: int | None = None

    def _allowed(self, seat: int, index: int) -> bool:
        return index > self.best and bet_allowed(
            BET_NAMES[index], self.totals[TEAMS[team_of(seat)]], self.target, self.exact_finish
        )

    def legal_calls(self, seat: int) -> list[Call]:
        if seat != self._turn:
            return []
        return [PASS] + [b for i, b in enumerate(BETS) if self._allowed(seat, i)]

    def apply(self, seat: int, call: Call) -> None:
        self._spoken += 1
        if call.kind == "bid":
            self.best = next(i for i, b in enumerate(BETS) if b.text == call.text)
            self.declarer = seat
        if self._spoken == 4 or (self.first_bet_closes and self.declarer is not None):
            self._turn = None
        else:
            self._turn = next_seat(seat)

    def find(self, seat: int, text: str) -> Call:
        """The call, or a :class:`RuleViolation` saying why a bet is not allowed."""
        wanted = " ".join(text.upper().split())
        if seat == self._turn:
            for i, bet in enumerate(BETS):
                if bet.text == wanted and not self._allowed(seat, i):
                    team = TEAMS[team_of(seat)]
                    if i <= self.best:
                        why = _(
                            "the bet is already {bet}; a bet must exceed it",
                            bet=BETS[self.best].text,
                        )
                    else:
                        why = _(
                            "{team} have {points}: a {bet} ({value}) would take them past {target}",
                            team=Team(team),
                            points=self.totals[team],
                            bet=bet.text.lower(),
                            value=VALUES[BET_NAMES[i]],
                            target=self.target,
                        )
                    legal = ", ".join(c.text for c in self.legal_calls(seat))
                    raise RuleViolation(
                        _(
                            "{seat} may not call {call}: {why}; legal calls: {calls}",
                            seat=Seat(seat),
                            call=bet.text,
                            why=why,
                            calls=legal,
                        )
                    )
        return super().find(seat, text)

    @property
    def contract(self) -> Contract | None:
        if self._turn is not None:
            return None
        if self.declarer is None:
            # No bet: both pairs play a normal hand; the forehand stands as "taker".
            return Contract(self.trump, self.forehand)
        return Contract(
            self.trump, self.declarer, name=BET_NAMES[self.best], sitting_out=partner(self.declarer)
        )
