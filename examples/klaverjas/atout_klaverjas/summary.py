"""Klaverjas's match summary: per team, games played, made and gone wet, and pits."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from framework.api import DealScore, Rules, SummaryLine, count_teams, hookimpl

from atout_klaverjas.declaration import _

__all__ = ["atout_match_summary"]


@hookimpl
def atout_match_summary(
    rules: Rules, records: Sequence[Mapping[str, Any]], scores: Sequence[DealScore]
) -> list[SummaryLine]:
    played = [(r, s) for r, s in zip(records, scores, strict=True) if not r.get("thrown_in")]
    return [
        count_teams(_("Games played"), [r["taker"] for r, _s in played]),
        count_teams(_("Games made"), [r["taker"] for r, s in played if s.made]),
        count_teams(_("Wet (failed)"), [r["taker"] for r, s in played if s.made is False]),
        count_teams(_("Pit"), [r.get("pit") for r, _s in played]),
    ]
