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
    MatchContext,
    MatchOutcome,
    Message,
    Rules,
    Team,
    carrying,
    first_to_target,
    hookimpl,
    join,
)
from variants.belote import BELOTE_POINTS, TOTAL, announcement_points, round_score
from variants.french_belote.declaration import _

__all__ = ["atout_match_outcome", "atout_score_deal"]


def _shown(sign: str, taker: str, taker_total: int, defender: str, defender_total: int) -> Message:
    """ "NS 92 > EW 70": the takers' total against the defenders'."""
    p: dict[str, Any] = {
        "taker": Team(taker),
        "taker_total": taker_total,
        "defender": Team(defender),
        "defender_total": defender_total,
    }
    if sign == ">":
        return _("{taker} {taker_total} > {defender} {defender_total}", **p)
    if sign == "<":
        return _("{taker} {taker_total} < {defender} {defender_total}", **p)
    return _("{taker} {taker_total} = {defender} {defender_total}", **p)


# complexity: the rule book's cases of a deal's score, in its order (thrown in, capot and
# the announcements it takes, made, failed or litige by made_if, the belote on a failure, the
# pot); one function, as the scoring is one rule.
@hookimpl
def atout_score_deal(rules: Rules, record: Mapping[str, Any], context: MatchContext) -> DealScore:
    """Score one validated record; ``context.pot`` is the litige pot carried into this deal."""
    pot = context.pot
    if record.get("thrown_in"):
        return DealScore.thrown_in(
            _("thrown in: nobody took"),
            pot,
            _("the pot of {pot} waits for the next deal", pot=pot) if pot else "",
            details={"pot_in": pot},
        )
    t = record["taker"]
    d = TEAMS[1 - TEAMS.index(t)]
    capot = record["capot"]
    card = {t: record["taker_points"], d: TOTAL - record["taker_points"]}
    if capot:
        card = {capot: rules.capot_card_points, t if capot == d else d: 0}
    belote = {team: BELOTE_POINTS * record["belote"].count(team) for team in TEAMS}
    a = announcement_points(rules, record)
    if capot == t and a[d]:
        # The takers took every trick: the defenders' announcements pass to them (FFB web).
        a = {t: a[t] + a[d], d: 0}
    tot = {team: card[team] + a[team] + belote[team] for team in TEAMS}
    sign = ">" if tot[t] > tot[d] else "<" if tot[t] < tot[d] else "="
    shown = _shown(sign, t, tot[t], d, tot[d])
    if tot[t] != tot[d]:
        result = "made" if tot[t] > tot[d] else "failed"
    elif rules.made_if == "at_least":
        result = "made"
    else:
        result = {"litige": "litige", "made": "made", "fail": "failed"}[rules.tie]
    if sign == "=" and result != "litige":
        shown = (
            _("{shown} (a tie is made)", shown=shown)
            if result == "made"
            else _("{shown} (a tie is failed)", shown=shown)
        )
    details: dict[str, Any] = {
        "totals": dict(tot),
        "card_points": dict(card),
        "announcements": a,
        "belote": belote,
        "pot_in": pot,
    }
    if result == "litige":
        out = {t: 0, d: tot[d]}
        pot_out = pot + tot[t]
        written = {team: round_score(out[team], rules.rounding) for team in TEAMS}
        litige: dict[str, Any] = {
            "shown": shown,
            "defender": Team(d),
            "points": written[d],
            "taker": Team(t),
            "taker_total": tot[t],
        }
        return DealScore(
            written,
            None,
            pot_out,
            carrying(
                _(
                    "litige: {shown}; {defender} score {points}, {taker}'s {taker_total} "
                    "goes into the pot ({pot})",
                    **litige,
                    pot=pot_out,
                ),
                _(
                    "litige: {shown}; {defender} score {points}, {taker}'s {taker_total} "
                    "are lost (a deal scored alone leaves no pot)",
                    **litige,
                ),
            ),
            details=details,
        )
    if result == "made":
        out = {t: tot[t], d: tot[d]}
        why = (
            _("made: {shown} (capot by {team})", shown=shown, team=Team(t))
            if capot == t
            else _("made: {shown}", shown=shown)
        )
        winner = t
    else:
        taken = belote[t] if rules.belote_on_failure == "to_defenders" else 0
        base = rules.capot_card_points if capot == d else TOTAL
        out = {t: belote[t] - taken, d: base + a[t] + a[d] + belote[d] + taken}
        why = _("dedans: {shown}; {team} score {base}", shown=shown, team=Team(d), base=base)
        if a[t] + a[d]:
            why = _("{text} + {points} announcements", text=why, points=a[t] + a[d])
        if belote[d] + taken:
            why = _("{text} + {points} belote", text=why, points=belote[d] + taken)
        if out[t]:
            why = _(
                "{text}, {team} keep their belote {points}", text=why, team=Team(t), points=out[t]
            )
        winner = d
    parts = [why]
    if pot:
        out[winner] += pot
        parts.append(_("{team} win the pot of {pot}", team=Team(winner), pot=pot))
    written = {team: round_score(out[team], rules.rounding) for team in TEAMS}
    if written != out:
        parts.append(_("rounded to {ns}/{ew}", ns=written["NS"], ew=written["EW"]))
    return DealScore(written, result == "made", 0, join(parts), details=details)


@hookimpl
def atout_match_outcome(
    rules: Rules, totals: Mapping[str, int], scores: Sequence[DealScore]
) -> MatchOutcome:
    """The first team to reach the target wins (§3.6). Both on the same deal: the higher total
    wins and an exact tie plays another deal (``both_reach = higher``, FFB), or the match is
    drawn (``draw``, PAGAT)."""
    target = rules.target
    if rules.both_reach == "draw" and all(totals[team] >= target for team in TEAMS):
        return MatchOutcome(
            True, None, _("both teams reach {target} on the same deal: a draw", target=target)
        )
    return first_to_target(totals, target, scores, tie="extra_deal")
