"""The match summary of the belote family's taking games (Coinche, French Belote): per team,
contracts taken, made and failed, capots and belotes, in the players' words."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from framework.api import DealScore, SummaryLine, contract_counts, count_teams, played_deals
from variants.belote.declaration import _

__all__ = ["taking_summary"]


def _other(team: str) -> str:
    return "EW" if team == "NS" else "NS"


def taking_summary(
    records: Sequence[Mapping[str, Any]], scores: Sequence[DealScore], coinche: bool
) -> list[SummaryLine]:
    """Contracts taken / made / failed (by the takers), coinches (by the defenders, when the
    game has them), capots and belotes (by the team that had them)."""
    played = played_deals(records, scores)
    lines = contract_counts(
        (_("Contracts taken"), _("Contracts made"), _("Contracts failed")),
        [(r["taker"], s) for r, s in played],
    )
    if coinche:
        lines.append(
            count_teams(
                _("Coinches"),
                [
                    _other(r["taker"])
                    for r, _s in played
                    if r.get("coinche") in ("coinche", "surcoinche")
                ],
            )
        )
        lines.append(
            count_teams(
                _("Surcoinches"),
                [r["taker"] for r, _s in played if r.get("coinche") == "surcoinche"],
            )
        )
    lines.append(count_teams(_("Capots"), [r.get("capot") for r, _s in played]))
    lines.append(
        count_teams(_("Belote-rebelote"), [t for r, _s in played for t in r.get("belote") or []])
    )
    return lines
