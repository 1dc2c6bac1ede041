"""Klaverjas scoring (pagat, NKU): the playing team must score more than the defenders.

Each team's total is its card points plus its roem, plus 100 for a pit (all eight tricks).
If the playing team's total is greater than the defenders', each team writes its own total.
Otherwise the playing team is "nat": it writes nothing and the defenders write all 162 card
points and all the roem of the deal (theirs and the playing team's), plus their pit bonus.
An equal total is nat: the playing team needs more than half.

The game is 16 deals (``deals``), or, with ``deals = 0``, first to ``target``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from framework.api import (
    TEAMS,
    DealScore,
    MatchContext,
    MatchOutcome,
    Rules,
    Team,
    first_to_target,
    hookimpl,
)

from atout_klaverjas.declaration import _, _n
from atout_klaverjas.rules import PIT_BONUS, TOTAL


@hookimpl
def atout_score_deal(rules: Rules, record: Mapping[str, Any], context: MatchContext) -> DealScore:
    """Score one validated record."""
    if record.get("thrown_in"):
        return DealScore({}, None, explanation=_("thrown in: no score"))
    taker = record["taker"]
    other = TEAMS[1 - TEAMS.index(taker)]
    points, pit = record["taker_points"], record["pit"]
    taker_roem, defender_roem = record["taker_roem"], record["defender_roem"]
    taker_total = points + taker_roem + (PIT_BONUS if pit == taker else 0)
    defender_total = TOTAL - points + defender_roem + (PIT_BONUS if pit == other else 0)
    details = {"taker_total": taker_total, "defender_total": defender_total}
    if taker_total > defender_total:
        why = (
            _(
                "made: {taker_total} > {defender_total} with a pit",
                taker_total=taker_total,
                defender_total=defender_total,
            )
            if pit
            else _(
                "made: {taker_total} > {defender_total}",
                taker_total=taker_total,
                defender_total=defender_total,
            )
        )
        return DealScore(
            {taker: taker_total, other: defender_total}, True, explanation=why, details=details
        )
    all_points = TOTAL + taker_roem + defender_roem + (PIT_BONUS if pit == other else 0)
    why = _(
        "nat: {taker_total} <= {defender_total}; {team} score all {points}",
        taker_total=taker_total,
        defender_total=defender_total,
        team=Team(other),
        points=all_points,
    )
    return DealScore({other: all_points}, False, explanation=why, details=details)


@hookimpl
def atout_match_outcome(
    rules: Rules, totals: Mapping[str, int], scores: Sequence[DealScore]
) -> MatchOutcome:
    """Over after ``rules.deals`` deals (the higher total wins; equal is a draw), or first to
    ``rules.target`` when ``deals`` is 0."""
    if rules.deals == 0:
        return first_to_target(totals, rules.target, scores)
    if len(scores) < rules.deals:
        return MatchOutcome(False)
    ns, ew = totals["NS"], totals["EW"]
    if ns == ew:
        return MatchOutcome(
            True,
            None,
            _n(
                "{n} deal played: a draw at {points}",
                "{n} deals played: a draw at {points}",
                n=len(scores),
                points=ns,
            ),
        )
    winner = "NS" if ns > ew else "EW"
    return MatchOutcome(
        True,
        winner,
        _n(
            "{n} deal played: {team} have more",
            "{n} deals played: {team} have more",
            n=len(scores),
            team=Team(winner),
        ),
    )
