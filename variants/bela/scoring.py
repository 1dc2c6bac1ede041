"""Croatian Bela's scoring of one deal record, and the end of the game.

Source: ``rules/bulgarian-bela-cuatrola.md`` §3.6 (pass, fall, tie, hanging points, štiglja),
§3.5 (which declarations count; OPT-HR5, HR7, HR9, HR11) and the game end of §3.6 (OPT-HR12
target, HR13 exact tie; a belot ends the game at once). Worked examples: §3.7 C1–C7.

::

    c[t]  card points incl. last 10 (sum 162); the štiglja team gets +90 (252)
    d[t]  declarations of the team with the single best one (after HR9); b[t] = 20 per bela
    raw[t] = c[t] + d[t] + b[t]; C = caller's team, O = the other; H = hanging points brought in
    raw[C] >  raw[O]  pass:  C writes raw[C] + H, O writes raw[O]
    raw[C] <  raw[O]  fall:  O writes raw[C] + raw[O] + H, C writes 0 (HR11: C keeps b[C])
    raw[C] == raw[O]  HR10 fall: as a fall | hang: O writes raw[O], raw[C] hangs on top of H
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from framework.api import (
    DEALER,
    SEATS,
    TEAMS,
    DealScore,
    MatchContext,
    MatchOutcome,
    Rules,
    SuitCode,
    Team,
    carrying,
    first_to_target,
    hookimpl,
    join,
    next_seat,
    team_of,
)
from variants.bela.declaration import _
from variants.bela.records import declarations_of
from variants.bela.rules import (
    BELA_POINTS,
    STIGLJA_BONUS,
    SUITS,
    TOTAL_POINTS,
    belot,
    winning_team,
)


# complexity: the rule book's cases of a deal's score, in its order (thrown in, a belot that
# wins the game, štiglja, the best declaration and a team without a trick, bela, then passed,
# a tie that hangs, fallen); one function, as the scoring is one rule.
@hookimpl
def atout_score_deal(rules: Rules, record: Mapping[str, Any], context: MatchContext) -> DealScore:
    """Score one normalised record (see :func:`variants.bela.records.validate`)."""
    pot = context.pot
    if record.get("thrown_in"):
        return DealScore.thrown_in(
            _("thrown in: everybody passed"), pot, _("{pot} still hang", pot=pot) if pot else ""
        )
    belot_team = record.get("belot")
    if belot_team is not None and rules.belot8 == "win_game":
        return DealScore(
            {"NS": 0, "EW": 0},
            None,
            pot,
            _(
                "{team} hold a belot (all eight cards of a suit) and win the game; "
                "the deal is not scored",
                team=Team(belot_team),
            ),
            wins_match=belot_team,
            details={"belot": belot_team},
        )
    caller = SEATS.index(record["caller"])
    c_team, o_team = team_of(caller), 1 - team_of(caller)
    # me: the caller's team, op: the opponents
    me, op = TEAMS[c_team], TEAMS[o_team]
    cards = {me: record["caller_points"], op: TOTAL_POINTS - record["caller_points"]}
    stiglja = record.get("stiglja")
    if stiglja is not None:
        cards[stiglja] += STIGLJA_BONUS
    # Declarations: the team with the single best one scores all of its own (§3.5).
    decls = declarations_of(record)
    if belot_team is not None:
        decls.append(belot(TEAMS.index(belot_team), -1, rules.target))
    trump = record.get("trump")
    dealer = SEATS.index(record[DEALER]) if record.get(DEALER) else context.dealer
    best = winning_team(
        decls, None if trump is None else SUITS.index(trump), rules.equal_value, next_seat(dealer)
    )
    declared = {"NS": 0, "EW": 0}
    notes: list[str] = []
    if best is not None:
        team = TEAMS[best]
        value = sum(d.points for d in decls if d.team == best)
        if stiglja is not None and stiglja != team:  # HR9: this team took no trick
            if rules.zero_trick_declarations == "to_stiglja_team":
                declared[stiglja] += value
                notes.append(
                    _(
                        "{team}'s declarations {points} go to {stiglja}",
                        team=Team(team),
                        points=value,
                        stiglja=Team(stiglja),
                    )
                )
            else:
                notes.append(
                    _(
                        "{team}'s declarations {points} void: no trick",
                        team=Team(team),
                        points=value,
                    )
                )
        else:
            declared[team] += value
    belas = {t: BELA_POINTS * list(record.get("bela") or ()).count(t) for t in TEAMS}
    raw = {t: cards[t] + declared[t] + belas[t] for t in TEAMS}
    total = raw[me] + raw[op]
    points = {me: 0, op: 0}
    new_pot = 0
    called = SuitCode(trump) if trump else _("trump")
    head = (
        _(
            "{team} called {trump}, stiglja {stiglja}",
            team=Team(me),
            trump=called,
            stiglja=Team(stiglja),
        )
        if stiglja
        else _("{team} called {trump}", team=Team(me), trump=called)
    )
    if notes:
        head = _("{head} ({notes})", head=head, notes=join(notes))
    mine, theirs = Team(me), Team(op)

    def with_hanging(written: int) -> int | str:
        return _("{points} + {pot} hanging", points=written, pot=pot) if pot else written

    if raw[me] > raw[op]:
        made: bool = True
        points[me], points[op] = raw[me] + pot, raw[op]
        line: str = _(
            "{head} and passed: {mine} > {theirs}; {team} {points}, {opponents} {opponents_points}",
            head=head,
            mine=raw[me],
            theirs=raw[op],
            team=mine,
            points=with_hanging(points[me]),
            opponents=theirs,
            opponents_points=points[op],
        )
    elif raw[me] == raw[op] and rules.tie == "hang":
        made = False
        kept = belas[me] if rules.bela_always_written else 0
        points[me], points[op] = kept, raw[op]
        new_pot = pot + raw[me] - kept
        tie = {
            "head": head,
            "mine": raw[me],
            "theirs": raw[op],
            "opponents": theirs,
            "opponents_points": raw[op],
        }
        line = carrying(
            _(
                "{head}: tie {mine} = {theirs} hangs; {opponents} {opponents_points}, {hang} hang",
                **tie,
                hang=raw[me] - kept,
            ),
            _(
                "{head}: tie {mine} = {theirs}; {opponents} {opponents_points}, {lost} are lost "
                "(a deal scored alone leaves no hanging points)",
                **tie,
                lost=raw[me] - kept,
            ),
        )
        if pot:
            line = _("{text} (with {pot} already hanging)", text=line, pot=pot)
        if kept:
            line = join([line, _("{team} keep their bela {points}", team=mine, points=kept)])
    else:
        made = False
        kept = belas[me] if rules.bela_always_written else 0
        points[me], points[op] = kept, total - kept + pot
        fields = {
            "head": head,
            "mine": raw[me],
            "theirs": raw[op],
            "opponents": theirs,
            "points": with_hanging(points[op]),
        }
        line = (
            _("{head}: tie {mine} = {theirs} falls; {opponents} {points}", **fields)
            if raw[me] == raw[op]
            else _("{head} and fell: {mine} < {theirs}; {opponents} {points}", **fields)
        )
        if kept:
            line = _("{text}, {team} keep their bela {points}", text=line, team=mine, points=kept)
    details = {
        "caller": me,
        "card_points": cards,
        "declarations": declared,
        "declarations_team": TEAMS[best] if best is not None else None,
        "bela": belas,
        "raw": raw,
        "hanging_in": pot,
    }
    return DealScore(points, made, new_pot, line, details=details)


@hookimpl
def atout_match_outcome(
    rules: Rules, totals: Mapping[str, int], scores: Sequence[DealScore]
) -> MatchOutcome:
    """The game ends after a deal that brings a team to the target; the higher total wins; a
    belot wins at once; an exact tie plays another deal, or (HR13 ``caller``) goes to the
    team that called in the last deal."""
    result = first_to_target(totals, rules.target, scores, tie="extra_deal")
    if result.over or not scores or rules.exact_tie != "caller":
        return result
    last = scores[-1]
    caller = last.details.get("caller")
    if totals["NS"] == totals["EW"] >= rules.target and caller:
        return MatchOutcome(
            True,
            caller,
            _(
                "tie at {points}; {team} called the last deal",
                points=totals["NS"],
                team=Team(caller),
            ),
        )
    return result
