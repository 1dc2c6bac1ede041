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
    count_teams,
    hookimpl,
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
    bets = [
        (r, s)
        for r, s in zip(records, scores, strict=True)
        if not r.get("thrown_in") and r.get("bet") in BETS
    ]
    return [
        count_teams(
            _("Bets (solo, cuatrola, quintola)"), [_pair(r.get("declarer")) for r, _s in bets]
        ),
        count_teams(_("Bets won"), [_pair(r.get("declarer")) for r, s in bets if s.made]),
        count_teams(_("Bets lost"), [_pair(r.get("declarer")) for r, s in bets if s.made is False]),
        count_teams(
            _("Cuatrolas and quintolas"),
            [_pair(r.get("declarer")) for r, _s in bets if r["bet"] != "solo"],
        ),
        count_teams(
            _("Cantes"),
            [
                c.get("team")
                for r in records
                if not r.get("thrown_in")
                for c in r.get("cantes") or []
            ],
        ),
    ]
