"""Cuatrola's scoring: the game points of one hand, and the end of the match.

Source: ``rules/bulgarian-bela-cuatrola.md`` §4.6 (result of a hand, tie rule OPT-ES7, game end
OPT-ES8) and SEED-4. A hand is worth 1 game point when nobody bet, 2 for a solo, 4 for a
cuatrola, 5 for a quintola. In a no-bet or solo hand the side with more points (cards, last
trick and cantes) wins; a cuatrola needs 4 of the 5 tricks, a quintola all 5. A made bet scores
for the declarer's pair, a failed one for the opponents (SEED-4: "points from the opposite
pair"). Only one pair scores each hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from framework.api import (
    NOT_OVER,
    SEATS,
    TEAMS,
    DealScore,
    MatchContext,
    MatchOutcome,
    Rules,
    next_seat,
    parse_seat,
    team_of,
)
from variants.cuatrola.auction import VALUES
from variants.cuatrola.rules import SUITS, cante_points

TRICKS_NEEDED = {"cuatrola": 4, "quintola": 5}
TRICK_BETS = tuple(TRICKS_NEEDED)


def _other(team: str) -> str:
    return "EW" if team == "NS" else "NS"


def score(rules: Rules, record: Mapping[str, Any], context: MatchContext) -> DealScore:
    """Score one valid record (see :mod:`variants.cuatrola.records`)."""
    if record.get("thrown_in"):
        return DealScore({"NS": 0, "EW": 0}, None, context.pot, "thrown in: no score")
    bet = record["bet"]
    value = VALUES[bet]
    if bet in TRICK_BETS:
        declarer = parse_seat(record["declarer"])
        team = TEAMS[team_of(declarer)]
        need, took = TRICKS_NEEDED[bet], record["tricks"]
        made = took >= need
        winner = team if made else _other(team)
        sign = ">=" if made else "<"
        verdict = "made" if made else "failed"
        return DealScore({winner: value}, made, 0,
                         f"{bet} by {SEATS[declarer]}: {took} tricks {sign} {need}, {verdict}: "
                         f"{winner} +{value}",
                         details={"tricks": took, "needed": need, "value": value})
    trump = SUITS.index(record["trump"])
    cantes = {"NS": 0, "EW": 0}
    for cante in record.get("cantes") or ():
        cantes[cante["team"]] += cante_points(SUITS.index(cante["suit"]), trump)
    cards = {"NS": record["ns_points"], "EW": record["ew_points"]}
    total = {t: cards[t] + cantes[t] for t in TEAMS}
    mano = TEAMS[team_of(next_seat(context.dealer))]
    details = {"cards": cards, "cantes": cantes, "total": total, "value": value}
    shown = " vs ".join(f"{t} {total[t]}" + (f" ({cards[t]} + cantes {cantes[t]})"
                                             if cantes[t] else "") for t in TEAMS)
    if bet == "none":
        if total["NS"] != total["EW"]:
            winner = max(TEAMS, key=total.__getitem__)
            why = ""
        else:
            winner, why = mano, f" tie: the mano's pair {mano} wins;"
        return DealScore({winner: value}, None, 0, f"no bet: {shown};{why} {winner} +{value}",
                         details=details)
    declarer = parse_seat(record["declarer"])
    team = TEAMS[team_of(declarer)]
    if total[team] != total[_other(team)]:
        made = total[team] > total[_other(team)]
        why = ""
    else:
        tie = rules.tie
        made = (team == mano) if tie == "mano" else (tie == "declarer")
        who = {"mano": f"the mano's pair {mano}", "declarer": "the declarer",
               "defenders": "the defenders"}[tie]
        why = f" tie: {who} wins;"
    winner = team if made else _other(team)
    verdict = "made" if made else "failed"
    return DealScore({winner: value}, made, 0,
                     f"solo by {SEATS[declarer]}: {shown};{why} {verdict}: {winner} +{value}",
                     details=details)


def outcome(rules: Rules, totals: Mapping[str, int], scores: Sequence[DealScore]) -> MatchOutcome:
    """The first pair to the target wins (only one pair scores each hand).

    With the exact finish, a pair only passes the target through the opponents' failed bet, and
    any total at or above the target then wins too.
    """
    target = rules.target
    reached = [t for t in TEAMS if totals[t] >= target]
    if not reached:
        return NOT_OVER
    if len(reached) == 2:
        # Cannot come from played hands; a score sheet edited by hand may show it.
        if totals["NS"] == totals["EW"]:
            return NOT_OVER
        win = "NS" if totals["NS"] > totals["EW"] else "EW"
        return MatchOutcome(True, win, f"both pairs reach {target}; {win} have more")
    win = reached[0]
    if rules.exact_finish and totals[win] > target:
        return MatchOutcome(True, win, f"{win} pass {target} ({totals[win]}) through "
                            f"{_other(win)}'s failed bet")
    return MatchOutcome(True, win, f"{win} reach {target}")
