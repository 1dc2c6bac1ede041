"""Bulgarian Belot's match summary: per team, contracts played, made and gone inside, kontras,
valats and belots."""

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
from variants.bulgarian.declaration import _

__all__ = ["atout_match_summary"]


def _team(declarer: str) -> str:
    """The declaring team, whether the record names a seat or a team."""
    return declarer if declarer in TEAMS else TEAMS[team_of(SEATS.index(declarer))]


@hookimpl
def atout_match_summary(
    rules: Rules, records: Sequence[Mapping[str, Any]], scores: Sequence[DealScore]
) -> list[SummaryLine]:
    played = [(r, s) for r, s in zip(records, scores, strict=True) if not r.get("thrown_in")]
    return [
        count_teams(_("Contracts played"), [_team(r["declarer"]) for r, _s in played]),
        count_teams(_("Contracts made"), [_team(r["declarer"]) for r, s in played if s.made]),
        count_teams(
            _("Gone inside (failed)"), [_team(r["declarer"]) for r, s in played if s.made is False]
        ),
        count_teams(
            _("Kontra or rekontra played"),
            [_team(r["declarer"]) for r, _s in played if r.get("doubling") not in (None, "none")],
        ),
        count_teams(_("Valats"), [r.get("valat") for r, _s in played]),
        count_teams(_("Belots"), [t for r, _s in played for t in r.get("belot") or []]),
    ]
