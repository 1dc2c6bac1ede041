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
    contract_counts,
    count_teams,
    hookimpl,
    played_deals,
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
    played = played_deals(records, scores)
    return [
        *contract_counts(
            (_("Trumps called"), _("Games passed"), _("Games fallen (pad)")),
            [(_team(r["caller"]), s) for r, s in played],
        ),
        count_teams(_("Štiglja (all tricks)"), [r.get("stiglja") for r, _s in played]),
        count_teams(_("Bela"), [t for r, _s in played for t in r.get("bela") or []]),
    ]
