"""A toy game scored per player (issue 20, item 4): the toy game of ``toy_game.py`` with a
pool-and-mountain sheet, each player's two columns in the group of their seat, a match that
ends when a pool is full, and a settlement. Used by the unit tests of score columns and, as an
installed variant, by the CLI's (``tests/cli/conftest.py``)."""

from __future__ import annotations

import toy_game

from framework.api import (
    NOT_OVER,
    DealScore,
    Declaration,
    MatchOutcome,
    ScoreColumn,
    SummaryLine,
    hookimpl,
)

SEAT_NAMES = ("N", "E", "S", "W")


@hookimpl
def atout_bases():
    return [toy_game]


@hookimpl
def atout_declare():
    """Each player has a pool and a mountain, in the group of their seat."""
    return Declaration(
        title="Toy pools",
        score_columns=tuple(
            ScoreColumn(f"{seat}.{kind}", kind.title(), seat)
            for seat in SEAT_NAMES
            for kind in ("pool", "mountain")
        ),
    )


@hookimpl
def atout_score_deal(rules, record, context):
    """The takers who make their contract each write half their points into their pools;
    takers who fail write 10 each on their mountains."""
    if record.get("thrown_in"):
        return DealScore({}, None, explanation="thrown in")
    takers = ("N", "S") if record["taker"] == "NS" else ("E", "W")
    if record["taker_points"] > 20:
        half = record["taker_points"] // 2
        return DealScore({f"{seat}.pool": half for seat in takers}, True, explanation="made")
    return DealScore({f"{seat}.mountain": 10 for seat in takers}, False, explanation="failed")


@hookimpl
def atout_match_outcome(rules, totals, scores):
    """Over when a pool reaches the target; its player wins."""
    full = [seat for seat in SEAT_NAMES if totals[f"{seat}.pool"] >= rules.target]
    return MatchOutcome(True, full[0], "a pool is full") if full else NOT_OVER


@hookimpl
def atout_settle(rules, totals):
    """Each player's pool less mountain against the table's average, in whole points (the
    remainder is the first seat's, so that the results sum to zero)."""
    results = [totals[f"{s}.pool"] - totals[f"{s}.mountain"] for s in SEAT_NAMES]
    share, rest = divmod(sum(results), len(SEAT_NAMES))
    owed = [result - share for result in results]
    owed[0] -= rest
    return dict(zip(SEAT_NAMES, owed, strict=True))


@hookimpl
def atout_match_summary(rules, records, scores):
    """North and South's contracts made, counted for North (a group)."""
    made = [r["taker"] for r, s in zip(records, scores, strict=True) if s.made]
    return [SummaryLine("Contracts made by North", {"N": made.count("NS")})]
