"""Bulgarian Belot's scoring of one deal and the end of the game.

Source: ``rules/bulgarian-bela-cuatrola.md`` §2.6 (BG-STD: S-HIT with S-NIK's arithmetic;
options BG8–BG13) and its worked examples §2.7. A deal is scored from its validated record
(:mod:`variants.bulgarian.records`); played deals are scored through the record too.

Points are written in tens. Raw totals: card points (doubled in no trumps) plus the counted
sequences and carrés, belots, and 90 for a valat. Without a double the declarers "make" the deal
with more than the opponents (both teams write their rounded points), are "inside" with less (the
opponents write everything) and "hang" on a tie (the opponents write their half, the declarers'
half hangs for the winner of the next deal). Under kontra or rekontra whoever has more takes
everything, multiplied; a tie hangs the lot.
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
    Param,
    Rules,
    Team,
    carrying,
    first_to_target,
    hookimpl,
    join,
    team_named,
)
from variants.bulgarian.declaration import _
from variants.bulgarian.records import declarations
from variants.bulgarian.rules import (
    BELOT_POINTS,
    NT_SCALE,
    counted_declarations,
    deal_points,
)

VALAT_BONUS = 90
MULTIPLIERS = {"none": 1, "kontra": 2, "rekontra": 4, "surkontra": 8}


def tens(points: int) -> int:
    """Plain rounding to tens, N(v) of §2.6 (a total never ends in 5 here).

    >>> tens(202), tens(182), tens(350)
    (20, 18, 35)
    """
    return (points + 5) // 10


def round_team(contract: str, points: int, higher: bool) -> int:
    """The pair rule R of §2.6: a team's points in tens.

    In a suit contract a last digit above 6 rounds up and below 6 down; a 6 rounds down for the
    team with more points and up for the other (4 in all trumps), so the two teams never both
    round up. No trumps rounds plainly.

    >>> round_team("H", 106, True), round_team("S", 56, False), round_team("AT", 34, False)
    (10, 6, 4)
    """
    if contract == "NT":
        return tens(points)
    threshold = 4 if contract == "AT" else 6
    q, d = divmod(points, 10)
    if d > threshold or (d == threshold and not higher):
        return q + 1
    return q


def _doubled_award(rules: Rules, contract: str, card_total: int, extras: int, x: int) -> int:
    """What the team with more takes under a double: the whole deal's tens times ``x``.

    BG10 false adds the declarations and belots once; BG11 ``exe`` rounds the multiplied total
    and nudges an odd award to an even number of tens (up in all trumps, down in a suit).
    """
    once = 0 if rules.extras_multiplied else extras
    if rules.rounding != "exe":
        return tens(card_total + extras - once) * x + once // 10
    award = tens((card_total + extras - once) * x + once)
    if award % 2 and x > 1:
        if contract == "AT":
            award += 1
        elif contract != "NT":
            award -= 1
    return award


#: the doublings, as the players call them
DOUBLING_WORDS = {"kontra": _("kontra"), "rekontra": _("rekontra"), "surkontra": _("surkontra")}


# complexity: the rule book's cases of a deal's score (§2.6, in its order): thrown in and
# hanging points, valat and how it meets a double, a doubled deal, made, inside, a tie that
# hangs; one function, as the scoring is one rule.
@hookimpl
def atout_score_deal(rules: Rules, record: Mapping[str, Any], context: MatchContext) -> DealScore:
    """Score one validated deal record (§2.6)."""
    hanging = context.pot
    if record.get("thrown_in"):
        kept = hanging if rules.hang_through_passout else 0
        note = (
            _("{points} hanging points stay", points=kept)
            if kept
            else (_("the {points} hanging points are lost", points=hanging) if hanging else "")
        )
        return DealScore.thrown_in(
            _("thrown in: all four passed"), kept, note, details={"thrown_in": True}
        )
    contract = record["contract"]
    b = TEAMS.index(team_named(record["declarer"]))
    o = 1 - b
    cards = [0, 0]
    cards[b] = record["declarer_points"]
    cards[o] = deal_points(contract) - cards[b]
    if contract == "NT":
        cards = [c * NT_SCALE for c in cards]
    counted = counted_declarations(declarations(rules, record), rules.comparison, rules.carre_rank)
    decl = [sum(d.points for d in counted if d.team == t) for t in (0, 1)]
    belot = [BELOT_POINTS * record["belot"].count(t) for t in TEAMS]
    raw = [cards[t] + decl[t] + belot[t] for t in (0, 1)]
    valat = record["valat"]
    if valat is not None:
        raw[TEAMS.index(valat)] += VALAT_BONUS
    x = MULTIPLIERS[record["doubling"]]
    cancelled: str = ""
    if valat is not None and rules.valat_and_double == "cancel" and x > 1:
        x = 1
        cancelled = _(
            "the valat cancels the {doubling}", doubling=DOUBLING_WORDS[record["doubling"]]
        )
    total = raw[0] + raw[1]
    extras = sum(decl) + sum(belot)
    card_total = total - extras
    points = [0, 0]
    pot = 0
    bname, oname = TEAMS[b], TEAMS[o]
    bteam, oteam = Team(bname), Team(oname)
    shown = _(
        "{declarers} {declarers_points}, {opponents} {opponents_points}",
        declarers=bteam,
        declarers_points=raw[b],
        opponents=oteam,
        opponents_points=raw[o],
    )
    if x > 1:
        award = _doubled_award(rules, contract, card_total, extras, x)
        word = DOUBLING_WORDS[record["doubling"]]
        if raw[0] == raw[1]:
            pot = hanging + award
            said: dict[str, Param] = {"doubling": word, "shown": shown, "award": award, "mult": x}
            explanation = carrying(
                _("{doubling}: {shown}, a tie: nobody scores, {award} hang (x{mult})", **said),
                _(
                    "{doubling}: {shown}, a tie: nobody scores, {award} (x{mult}) are lost: "
                    "a deal scored alone leaves no hanging points",
                    **said,
                ),
            )
        else:
            t = 0 if raw[0] > raw[1] else 1
            points[t] = award + hanging
            explanation = _(
                "{doubling}: {shown}; {team} have more and take everything: "
                "{total} -> {award} (x{mult})",
                doubling=word,
                shown=shown,
                team=Team(TEAMS[t]),
                total=total,
                award=award,
                mult=x,
            )
        made = raw[b] > raw[o]
    elif raw[b] > raw[o]:
        points[b] = round_team(contract, raw[b], True)
        points[o] = round_team(contract, raw[o], False)
        if rules.rounding == "exe":
            points[o] = tens(total) - points[b]
            if points[o] <= 0 < raw[o]:
                points[o], points[b] = 1, points[b] - 1
        explanation = _(
            "made: {shown}; {declarers} {declarers_points} -> {declarers_written}, "
            "{opponents} {opponents_points} -> {opponents_written}",
            shown=shown,
            declarers=bteam,
            declarers_points=raw[b],
            declarers_written=points[b],
            opponents=oteam,
            opponents_points=raw[o],
            opponents_written=points[o],
        )
        points[b] += hanging
        made = True
    elif raw[b] < raw[o]:
        points[o] = tens(total) + hanging
        explanation = _(
            "inside: {shown}; {opponents} take everything: {total} -> {written}",
            shown=shown,
            opponents=oteam,
            total=total,
            written=tens(total),
        )
        made = False
    else:
        points[o] = round_team(contract, raw[o], True)
        hung = round_team(contract, raw[b], False)
        pot = hanging + hung
        tie: dict[str, Param] = {"shown": shown, "opponents": oteam, "written": points[o]}
        explanation = carrying(
            _(
                "hanging: {shown}, a tie; {opponents} write {written}, {hang} of {declarers}'s "
                "hang",
                **tie,
                hang=hung,
                declarers=bteam,
            ),
            _(
                "a tie: {shown}; {opponents} write {written}, {lost} of {declarers}'s are lost "
                "(a deal scored alone leaves no hanging points)",
                **tie,
                lost=hung,
                declarers=bteam,
            ),
        )
        made = False
    parts: list[str] = []
    if hanging and not pot:
        parts.append(_("+{points} hanging points", points=hanging))
    elif hanging:
        explanation = _(
            "{text} (with the {points} already hanging)", text=explanation, points=hanging
        )
    parts.append(cancelled)
    can_end = not (valat is not None and rules.no_win_with_valat)
    if not can_end:
        parts.append(_("a valat deal cannot end the game"))
    explanation_line: str = join([explanation, *parts])
    details = {
        "card_points": dict(zip(TEAMS, cards, strict=True)),
        "declarations": dict(zip(TEAMS, decl, strict=True)),
        "belot": dict(zip(TEAMS, belot, strict=True)),
        "raw": dict(zip(TEAMS, raw, strict=True)),
        "multiplier": x,
        "hanging_in": hanging,
        "valat": valat,
    }
    return DealScore(
        dict(zip(TEAMS, points, strict=True)),
        made,
        pot,
        explanation_line,
        can_end_match=can_end,
        details=details,
    )


@hookimpl
def atout_match_outcome(
    rules: Rules, totals: Mapping[str, int], scores: Sequence[DealScore]
) -> MatchOutcome:
    """The end of the game (§2.6): the first team with ``target`` points, the higher total if
    both; equal totals play on. A valat deal cannot end it (BG12), nor can a thrown-in deal; with
    BG13 the winner must have scored in the deal that ends it."""
    if not scores or scores[-1].details.get("thrown_in"):
        return NOT_OVER
    outcome = first_to_target(totals, rules.target, scores)
    if (
        outcome.over
        and outcome.winner is not None
        and rules.winner_must_score_in_last_deal
        and scores[-1].points[outcome.winner] <= 0
    ):
        return NOT_OVER
    return outcome
