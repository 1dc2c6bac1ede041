"""Cuatrola's match summary: per pair, bets made, won and lost, cuatrolas and quintolas
attempted, and cantes."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from framework.api import (
    SEATS,
    TEAMS,
    DealScore,
    Rules,
    SummaryLine,
    contract_counts,
    count_teams,
    hookimpl,
    played_deals,
    team_of,
)
from variants.cuatrola.declaration import _

__all__ = ["atout_match_summary"]

BETS = ("solo", "cuatrola", "quintola")


def _pair(seat: str | None) -> str | None:
    return TEAMS[team_of(SEATS.index(seat))] if seat in SEATS else None


@hookimpl
def atout_match_summary(
    rules: Rules, records: Sequence[Mapping[str, Any]], scores: Sequence[DealScore]
) -> list[SummaryLine]:
    played = played_deals(records, scores)
    bets = [(r, s) for r, s in played if r.get("bet") in BETS]
    return [
        *contract_counts(
            (_("Bets (solo, cuatrola, quintola)"), _("Bets won"), _("Bets lost")),
            [(_pair(r.get("declarer")), s) for r, s in bets],
        ),
        count_teams(
            _("Cuatrolas and quintolas"),
            [_pair(r.get("declarer")) for r, _s in bets if r["bet"] != "solo"],
        ),
        count_teams(
            _("Cantes"),
            [c.get("team") for r, _s in played for c in r.get("cantes") or []],
        ),
    ]
