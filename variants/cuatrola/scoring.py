"""Cuatrola's scoring: the game points of one hand, and the end of the match.

Source: ``rules/bulgarian-bela-cuatrola.md`` §4.6 (result of a hand, tie rule OPT-ES7, game end
OPT-ES8) and SEED-4. A hand is worth 1 game point when nobody bet, 2 for a solo, 4 for a
cuatrola, 5 for a quintola. In a no-bet or solo hand the side with more points (cards, last
trick and cantes) wins; a cuatrola needs 4 of the 5 tricks, a quintola all 5. A made bet scores
for the declarer's pair, a failed one for the opponents (SEED-4: "points from the opposite
pair"). Only one pair scores each hand.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from framework.api import (
    NOT_OVER,
    TEAMS,
    DealScore,
    MatchContext,
    MatchOutcome,
    Rules,
    Seat,
    Team,
    hookimpl,
    next_seat,
    parse_seat,
    team_of,
)
from variants.cuatrola.auction import BET_WORDS, VALUES
from variants.cuatrola.declaration import _
from variants.cuatrola.rules import SUITS, cante_points

TRICKS_NEEDED = {"cuatrola": 4, "quintola": 5}
TRICK_BETS = tuple(TRICKS_NEEDED)


def _other(team: str) -> str:
    return "EW" if team == "NS" else "NS"


@hookimpl
def atout_score_deal(rules: Rules, record: Mapping[str, Any], context: MatchContext) -> DealScore:
    """Score one valid record (see :mod:`variants.cuatrola.records`)."""
    if record.get("thrown_in"):
        return DealScore.thrown_in(_("thrown in: no score"), context.pot)
    bet = record["bet"]
    value = VALUES[bet]
    if bet in TRICK_BETS:
        declarer = parse_seat(record["declarer"])
        team = TEAMS[team_of(declarer)]
        need, took = TRICKS_NEEDED[bet], record["tricks"]
        made = took >= need
        winner = team if made else _other(team)
        fields = {
            "bet": BET_WORDS[bet],
            "seat": Seat(declarer),
            "took": took,
            "need": need,
            "team": Team(winner),
            "value": value,
        }
        return DealScore(
            {winner: value},
            made,
            0,
            _("{bet} by {seat}: {took} tricks >= {need}, made: {team} +{value}", **fields)
            if made
            else _("{bet} by {seat}: {took} tricks < {need}, failed: {team} +{value}", **fields),
            details={"tricks": took, "needed": need, "value": value},
        )
    trump = SUITS.index(record["trump"])
    cantes = {"NS": 0, "EW": 0}
    for cante in record.get("cantes") or ():
        cantes[cante["team"]] += cante_points(SUITS.index(cante["suit"]), trump)
    cards = {"NS": record["ns_points"], "EW": record["ew_points"]}
    total = {t: cards[t] + cantes[t] for t in TEAMS}
    mano = TEAMS[team_of(next_seat(context.dealer))]
    details = {"cards": cards, "cantes": cantes, "total": total, "value": value}
    ns, ew = (
        _(
            "{team} {total} ({cards} + cantes {cantes})",
            team=Team(t),
            total=total[t],
            cards=cards[t],
            cantes=cantes[t],
        )
        if cantes[t]
        else _("{team} {total}", team=Team(t), total=total[t])
        for t in TEAMS
    )
    shown = _("{first} vs {second}", first=ns, second=ew)
    if bet == "none":
        if total["NS"] != total["EW"]:
            winner = max(TEAMS, key=total.__getitem__)
            line = _(
                "no bet: {shown}; {team} +{value}", shown=shown, team=Team(winner), value=value
            )
        else:
            winner = mano
            line = _(
                "no bet: {shown}; tie: the mano's pair {mano} wins; {team} +{value}",
                shown=shown,
                mano=Team(mano),
                team=Team(winner),
                value=value,
            )
        return DealScore({winner: value}, None, 0, line, details=details)
    declarer = parse_seat(record["declarer"])
    team = TEAMS[team_of(declarer)]
    who: str | None = None
    if total[team] != total[_other(team)]:
        made = total[team] > total[_other(team)]
    else:
        tie = rules.tie
        made = (team == mano) if tie == "mano" else (tie == "declarer")
        who = {
            "mano": _("the mano's pair {mano}", mano=Team(mano)),
            "declarer": _("the declarer"),
            "defenders": _("the defenders"),
        }[tie]
    winner = team if made else _other(team)
    verdict = (
        _("made: {team} +{value}", team=Team(winner), value=value)
        if made
        else _("failed: {team} +{value}", team=Team(winner), value=value)
    )
    line = (
        _("solo by {seat}: {shown}; {verdict}", seat=Seat(declarer), shown=shown, verdict=verdict)
        if who is None
        else _(
            "solo by {seat}: {shown}; tie: {who} wins; {verdict}",
            seat=Seat(declarer),
            shown=shown,
            who=who,
            verdict=verdict,
        )
    )
    return DealScore({winner: value}, made, 0, line, details=details)


@hookimpl
def atout_match_outcome(
    rules: Rules, totals: Mapping[str, int], scores: Sequence[DealScore]
) -> MatchOutcome:
    """The first pair to the target wins (only one pair scores each hand).

    With the exact finish, a pair only passes the target through the opponents' failed bet, and
    any total at or above the target then wins too.
    """
    target = rules.target
    reached = [t for t in TEAMS if totals[t] >= target]
    if not reached:
        return NOT_OVER
    if len(reached) == 2:
        # Cannot come from played hands; a score sheet edited by hand may show it.
        if totals["NS"] == totals["EW"]:
            return NOT_OVER
        win = "NS" if totals["NS"] > totals["EW"] else "EW"
        return MatchOutcome(
            True,
            win,
            _("both pairs reach {target}; {team} have more", target=target, team=Team(win)),
        )
    win = reached[0]
    if rules.exact_finish and totals[win] > target:
        return MatchOutcome(
            True,
            win,
            _(
                "{team} pass {target} ({total}) through {other}'s failed bet",
                team=Team(win),
                target=target,
                total=totals[win],
                other=Team(_other(win)),
            ),
        )
    return MatchOutcome(True, win, _("{team} reach {target}", team=Team(win), target=target))
