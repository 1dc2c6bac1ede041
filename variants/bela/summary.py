"""Bela's match summary: per team, games called, passed and fallen, štiglja and bela."""

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
from variants.bela.declaration import _

__all__ = ["atout_match_summary"]


def _team(seat: str) -> str:
    return TEAMS[team_of(SEATS.index(seat))]


@hookimpl
def atout_match_summary(
    rules: Rules, records: Sequence[Mapping[str, Any]], scores: Sequence[DealScore]
) -> list[SummaryLine]:
    played = [(r, s) for r, s in zip(records, scores, strict=True) if not r.get("thrown_in")]
    return [
        count_teams(_("Trumps called"), [_team(r["caller"]) for r, _s in played]),
        count_teams(_("Games passed"), [_team(r["caller"]) for r, s in played if s.made]),
        count_teams(
            _("Games fallen (pad)"), [_team(r["caller"]) for r, s in played if s.made is False]
        ),
        count_teams(_("Štiglja (all tricks)"), [r.get("stiglja") for r, _s in played]),
        count_teams(_("Bela"), [t for r, _s in played for t in r.get("bela") or []]),
    ]
