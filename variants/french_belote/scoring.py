"""French Belote's deal score (made, dedans, capot, litige pot) and the end of the match.

Source: ``rules/coinche-and-french-belote.md`` §3.5 and §3.6, with the options of §4. Each team's
total is TOT = card points (162 shared, or 252/0 on a capot) + counted announcements + belotes.

* Made (TOT_T > TOT_D, or >= with ``made_if = at_least``): each team scores its own TOT. On the
  takers' capot the defenders' counted announcements pass to the takers, so a capot is always
  made.
* Dedans: the defenders score 162 (252 if they took every trick) + every counted announcement +
  their belote; the takers keep their belote (``belote_on_failure = keep``) or it goes to the
  defenders (``to_defenders``).
* Equal totals with ``made_if = greater``: option ``tie``. A litige scores the defenders' TOT now
  and puts the takers' TOT in a pot; the winning side of the next played deal (the takers if
  made, else the defenders) adds the pot; a litige on that deal adds its own (our rule). A
  thrown-in deal carries the pot on untouched.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from framework.api import (
    TEAMS,
    DealScore,
    MatchOutcome,
    Rules,
    first_to_target,
)
from variants.belote import announcements as ann
from variants.french_belote.records import TOTAL

__all__ = ["match_outcome", "score_record"]


def _round(points: int, rounding: str) -> int:
    """Each team's deal score to the nearest ten, 5 going up, when rounding is on.

    >>> _round(185, "half_up"), _round(184, "half_up"), _round(185, "none")
    (190, 180, 185)
    """
    if rounding == "half_up":
        return (points + 5) // 10 * 10
    return points


def _announcement_points(rules: Rules, record: Mapping[str, Any]) -> dict[str, int]:
    """Announcement points each team scores: all of the team with the best combination (§1.8)."""
    items = record.get("announcements")
    points = {team: 0 for team in TEAMS}
    if not items:
        return points
    declared = ann.record_announcements(items, record["trump"], rules.nt_carre_9,
                                        rules.seq_length_tiebreak)
    for announcement in ann.counted(declared):
        points[TEAMS[announcement.team]] += announcement.points
    return points


def score_record(rules: Rules, record: Mapping[str, Any], pot: int) -> DealScore:
    """Score one validated record; ``pot`` is the litige pot carried into this deal."""
    if record.get("thrown_in"):
        carried = f"; the pot of {pot} waits for the next deal" if pot else ""
        return DealScore({"NS": 0, "EW": 0}, None, pot, "thrown in: nobody took" + carried,
                         details={"pot_in": pot})
    t = record["taker"]
    d = TEAMS[1 - TEAMS.index(t)]
    capot = record["capot"]
    card = {t: record["taker_points"], d: TOTAL - record["taker_points"]}
    if capot:
        card = {capot: rules.capot_card_points, t if capot == d else d: 0}
    belote = {team: ann.BELOTE_POINTS * record["belote"].count(team) for team in TEAMS}
    a = _announcement_points(rules, record)
    if capot == t and a[d]:
        # The takers took every trick: the defenders' announcements pass to them (FFB web).
        a = {t: a[t] + a[d], d: 0}
    tot = {team: card[team] + a[team] + belote[team] for team in TEAMS}
    sign = ">" if tot[t] > tot[d] else "<" if tot[t] < tot[d] else "="
    shown = f"{t} {tot[t]} {sign} {d} {tot[d]}"
    if tot[t] != tot[d]:
        result = "made" if tot[t] > tot[d] else "failed"
    elif rules.made_if == "at_least":
        result = "made"
    else:
        result = {"litige": "litige", "made": "made", "fail": "failed"}[rules.tie]
    if sign == "=" and result != "litige":
        shown += f" (a tie is {result})"
    details: dict[str, Any] = {"totals": dict(tot), "card_points": dict(card),
                               "announcements": a, "belote": belote, "pot_in": pot}
    if result == "litige":
        out = {t: 0, d: tot[d]}
        pot_out = pot + tot[t]
        written = {team: _round(out[team], rules.rounding) for team in TEAMS}
        return DealScore(written, None, pot_out,
                         f"litige: {shown}; {d} score {written[d]}, {t}'s {tot[t]} goes into "
                         f"the pot ({pot_out})", details=details)
    if result == "made":
        out = {t: tot[t], d: tot[d]}
        why = f"made: {shown}" + (f" (capot by {t})" if capot == t else "")
        winner = t
    else:
        taken = belote[t] if rules.belote_on_failure == "to_defenders" else 0
        base = rules.capot_card_points if capot == d else TOTAL
        out = {t: belote[t] - taken, d: base + a[t] + a[d] + belote[d] + taken}
        why = f"dedans: {shown}; {d} score {base}" + "".join(
            f" + {x} {what}" for x, what in ((a[t] + a[d], "announcements"),
                                             (belote[d] + taken, "belote")) if x)
        if out[t]:
            why += f", {t} keep their belote {out[t]}"
        winner = d
    if pot:
        out[winner] += pot
        why += f"; {winner} win the pot of {pot}"
    written = {team: _round(out[team], rules.rounding) for team in TEAMS}
    if written != out:
        why += f"; rounded to {written['NS']}/{written['EW']}"
    return DealScore(written, result == "made", 0, why, details=details)


def match_outcome(rules: Rules, totals: Mapping[str, int],
                  scores: Sequence[DealScore]) -> MatchOutcome:
    """The first team to reach the target wins (§3.6). Both on the same deal: the higher total
    wins and an exact tie plays another deal (``both_reach = higher``, FFB), or the match is
    drawn (``draw``, PAGAT)."""
    target = rules.target
    if rules.both_reach == "draw" and all(totals[team] >= target for team in TEAMS):
        return MatchOutcome(True, None, f"both teams reach {target} on the same deal: a draw")
    return first_to_target(totals, target, scores, tie="extra_deal")
