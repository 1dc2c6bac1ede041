"""Coinche scoring: a validated deal record to the score sheet's line, and the end of the game.

Source: ``rules/coinche-and-french-belote.md`` §2.4 (made or failed), §2.5 (deal score, coinche
scope, capot, rounding, litige), §2.6 (game end). Worked examples C1–C17 of §5 are tests.

Notation: C = card points (dix de der included; a team that took every trick has
``capot_card_points``), A = counted announcements, B = belote, TOT = C + A + B per team;
V = the bid, V* = V or 250 for a capot bid; M = 1, 2 or ``surcoinche_mult``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, Literal, NamedTuple

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
from variants.coinche.declaration import _

COINCHE_LEVELS = ("none", "coinche", "surcoinche")
#: Each level's index in COINCHE_LEVELS (0, 1, 2): the M of the score is read from it.
_LEVEL = {name: level for level, name in enumerate(COINCHE_LEVELS)}
#: The team parameters of the score's words, made once.
_TEAM = {team: Team(team) for team in TEAMS}
CAPOT_VALUE = 250
BASE = 160


#: The other team.
_OTHER = {"NS": "EW", "EW": "NS"}


def thrown_in(pot: int) -> DealScore:
    """The score of a deal everybody passed: nothing, and any pot stays on the table."""
    return DealScore.thrown_in(
        _("thrown in: all four passed, no score"),
        pot,
        _("the pot of {pot} waits for the next deal", pot=pot) if pot else "",
        details={"thrown_in": True},
    )


class Tally(NamedTuple):
    """The numbers of one deal that the rules compare, per team (§2.4).

    :param taker: the takers' team; ``defender`` the other.
    :param bid: V* — the number bid, or 250 for a capot bid.
    :param capot_bid: the contract is a capot.
    :param capot: the team that took every trick, or None.
    :param mult: M — 1, 2 or ``surcoinche_mult``.
    :param c: card points (C), ``a`` counted announcements (A), ``b`` belotes (B), ``tot``
        their sum TOT = C + A + B, per team.
    """

    taker: str
    defender: str
    bid: int
    capot_bid: bool
    capot: str | None
    mult: int
    c: Mapping[str, int]
    a: Mapping[str, int]
    b: Mapping[str, int]
    tot: Mapping[str, int]


def _compare(a: int, b: int, holds: bool, sign: str) -> Message:
    """``a >= b`` or ``a < b`` (``sign`` ">=") / ``a > b`` or ``a not > b`` (``sign`` ">")."""
    if sign == ">=":
        return _("{a} >= {b}", a=a, b=b) if holds else _("{a} < {b}", a=a, b=b)
    return _("{a} > {b}", a=a, b=b) if holds else _("{a} not > {b}", a=a, b=b)


def _capot_words(made: bool) -> Message:
    return _("capot: every trick taken") if made else _("capot: every trick not taken")


def _ffb_words(tot_t: int, tot_d: int, bid: int) -> Message:
    """The FFB test: the bid reached, then more than the defenders."""
    first = _compare(tot_t, bid, tot_t >= bid, ">=")
    if tot_t < bid:
        return first
    return _("{first} and {then}", first=first, then=_compare(tot_t, tot_d, tot_t > tot_d, ">"))


def _below_82(points: int) -> Message:
    return _("card points {points} < 82", points=points)


def contract_made(rules: Rules, t: Tally) -> tuple[bool, bool, Callable[[], Message]]:
    """§2.4 on exact points: ``(made, litige, the test in words)``; the words as a function
    that makes them (called only when the score's explanation is read: a partial of a
    function above, not a closure, whose cells every deal would pay for).

    Litige (FFB-C option, ``made_test = ffb``): equal totals with the bid reached.
    """
    tot_t, tot_d, bid, c_t = t.tot[t.taker], t.tot[t.defender], t.bid, t.c[t.taker]
    if t.capot_bid:
        made = t.capot == t.taker
        return made, False, partial(_capot_words, made)
    if rules.made_test == "ffb":
        made = tot_t >= bid and tot_t > tot_d
        litige = bool(rules.litige) and tot_t >= bid and tot_t == tot_d
        return made, litige, partial(_ffb_words, tot_t, tot_d, bid)
    if rules.made_test == "house":
        if c_t < 82:
            return False, False, partial(_below_82, c_t)
        return tot_t >= bid, False, partial(_compare, tot_t, bid, tot_t >= bid, ">=")
    need = max(bid, 82)  # bidonly: card points and belote
    with_belote = c_t + t.b[t.taker]
    made = with_belote >= need
    return made, False, partial(_compare, with_belote, need, made, ">=")


def _by_bid(rules: Rules, t: Tally, made: bool) -> dict[str, int]:
    """Uncoinched, or coinched with ``coinche_scope = bid_only`` (V* becomes V*·M)."""
    taker, defender = t.taker, t.defender
    vm = t.bid * t.mult
    if made:
        won, lost = t.tot[taker] + vm, t.tot[defender]
        if rules.capot_transfers_ann and t.capot == taker:
            won, lost = won + t.a[defender], lost - t.a[defender]
        return {taker: won, defender: lost}
    base = BASE
    if t.capot_bid:
        base = max(base, rules.failed_capot_base)
    if t.capot == defender:
        base = max(base, rules.defenders_capot_base)
    keep = rules.belote_on_failure == "keep"
    return {
        taker: t.b[taker] if keep else 0,
        defender: base
        + vm
        + t.a[taker]
        + t.a[defender]
        + t.b[defender]
        + (0 if keep else t.b[taker]),
    }


def _contract_only(rules: Rules, t: Tally, made: bool) -> dict[str, int]:
    """``contract_only``: the deal's winner scores V* x M; each team keeps its belote (the
    takers' goes to the defenders on failure when ``belote_on_failure = to_defenders``)."""
    winner = t.taker if made else t.defender
    loser = _OTHER[winner]
    given = not made and rules.belote_on_failure != "keep"
    return {
        winner: t.bid * t.mult + t.b[winner] + (t.b[t.taker] if given else 0),
        loser: 0 if given else t.b[loser],
    }


def _whole(rules: Rules, t: Tally, made: bool) -> tuple[dict[str, int], int]:
    """Coinched, ``coinche_scope = whole``: the deal's winner W scores
    (base_W + V* + A_T + A_D) × M + B_W; the loser keeps only its own belote.
    Returns the points and base_W."""
    winner = t.taker if made else t.defender
    loser = _OTHER[winner]
    if t.capot == winner:
        base = CAPOT_VALUE
    elif t.capot_bid:
        base = rules.failed_capot_base
    else:
        base = BASE
    given = not made and rules.belote_on_failure != "keep"  # the takers' belote changes sides
    bel_w = t.b[winner] + (t.b[t.taker] if given else 0)
    bel_l = 0 if given else t.b[loser]
    inner = base + t.bid + t.a[t.taker] + t.a[t.defender]
    won = (inner + bel_w) * t.mult if rules.belote_multiplied else inner * t.mult + bel_w
    return {winner: won, loser: bel_l}, base


def _litige(t: Tally, pot: int) -> str:
    """The words of a litige: the defenders score their points, the takers' go to the pot
    (``pot``, with them), or are lost when the deal is scored alone."""
    tie: dict[str, int | Team] = {
        "taker_total": t.tot[t.taker],
        "defender_total": t.tot[t.defender],
        "defender": _TEAM[t.defender],
        "taker": _TEAM[t.taker],
    }
    return carrying(
        _(
            "litige: {taker_total} = {defender_total}; {defender} score {defender_total}, "
            "{taker}'s {taker_total} go to the pot ({pot})",
            **tie,
            pot=pot,
        ),
        _(
            "litige: {taker_total} = {defender_total}; {defender} score {defender_total}, "
            "{taker}'s {taker_total} are lost (a deal scored alone leaves no pot)",
            **tie,
        ),
    )


def _explain(
    t: Tally,
    how: str,
    made: bool,
    test: Callable[[], Message],
    level: int,
    base: int,
    pot: int,
    pot_out: int,
    raw: Mapping[str, int],
    points: Mapping[str, int],
) -> str:
    """The explanation of a deal's score: how it was scored (``how``: ``litige``,
    ``contract_only``, ``bid`` or ``whole``, the step of :func:`atout_score_deal` that scored
    it), the pot won, and each team's points before and after rounding."""
    taker, defender = t.taker, t.defender
    words: list[str]
    if how == "litige":
        words = [_litige(t, pot_out)]
    else:
        result = _("made: {test}", test=test()) if made else _("failed: {test}", test=test())
        if how == "contract_only":
            team = _TEAM[taker if made else defender]
            words = [
                result,
                _("the contract only: {bid} x{mult} to {team}", bid=t.bid, mult=t.mult, team=team)
                if level
                else _("the contract only: {bid} to {team}", bid=t.bid, team=team),
            ]
        elif how == "bid":
            words = [result, _("bid x{mult}", mult=t.mult) if level else ""]
        else:  # whole
            ann_total = t.a[taker] + t.a[defender]
            words = [
                result,
                _(
                    "({base}+{bid}+{announcements}) x{mult}",
                    base=base,
                    bid=t.bid,
                    announcements=ann_total,
                    mult=t.mult,
                )
                if ann_total
                else _("({base}+{bid}) x{mult}", base=base, bid=t.bid, mult=t.mult),
            ]
    # The deal's winner takes the pot (none after a litige, which carries it on).
    winner = None if how == "litige" else taker if made else defender
    if pot and winner is not None:
        words.append(_("{team} win the pot of {pot}", team=_TEAM[winner], pot=pot))
    shown = [
        _("{team} {raw} -> {points}", team=_TEAM[team], raw=raw[team], points=points[team])
        if points[team] != raw[team]
        else _("{team} {raw}", team=_TEAM[team], raw=raw[team])
        for team in (taker, defender)
    ]
    return join([*words, *shown])


@hookimpl
def atout_score_deal(rules: Rules, record: Mapping[str, Any], context: MatchContext) -> DealScore:
    """Score one validated Coinche record in ``context``, whose ``pot`` is the litige pot
    carried into this deal (the deal's winner takes it)."""
    pot = context.pot
    if record.get("thrown_in"):
        return thrown_in(pot)
    taker = record["taker"]
    defender = _OTHER[taker]
    capot = record["capot"]
    if capot is not None:  # a team that took every trick has capot_card_points
        c = {capot: rules.capot_card_points, _OTHER[capot]: 0}
    else:
        c = {taker: int(record["taker_points"]), defender: TOTAL - int(record["taker_points"])}
    a = announcement_points(rules, record)
    b = {"NS": 0, "EW": 0}
    for team in record["belote"]:
        b[team] += BELOTE_POINTS
    level = _LEVEL[record["coinche"]]
    tot = {"NS": c["NS"] + a["NS"] + b["NS"], "EW": c["EW"] + a["EW"] + b["EW"]}  # TEAMS
    # (_make of a tuple: calling the class costs about 1,700 instructions more, callgrind)
    t = Tally._make(
        (
            taker,
            defender,
            CAPOT_VALUE if record["bid"] == "capot" else int(record["bid"]),
            record["bid"] == "capot",
            capot,
            (1, 2, rules.surcoinche_mult)[level],
            c,
            a,
            b,
            tot,
        )
    )

    made, litige, test = contract_made(rules, t)
    pot_out = 0
    base = 0
    winner: str | None = taker if made else defender
    if litige:
        raw = {taker: 0, defender: tot[defender]}
        pot_out = pot + tot[taker]
        winner = None
        how = "litige"
    elif rules.contract_only:
        raw = _contract_only(rules, t, made)
        how = "contract_only"
    elif level == 0 or rules.coinche_scope == "bid_only":
        raw = _by_bid(rules, t, made)
        how = "bid"
    else:
        raw, base = _whole(rules, t, made)
        how = "whole"
    pot_winner = winner if pot else None
    if pot_winner is not None:
        raw[pot_winner] += pot
    rounding = rules.rounding
    points = {
        taker: round_score(raw[taker], rounding),
        defender: round_score(raw[defender], rounding),
    }
    # The explanation is made when it is read (a simulation never reads it): its words bound
    # to this deal's numbers, one partial object rather than closures over a dozen cells
    # (callgrind, simulate: about 4,400 instructions a deal less).
    explanation = partial(_explain, t, how, made, test, level, base, pot, pot_out, raw, points)
    # Teams that failed or were capot: their belote alone may not end the game (§2.6, FFB-C).
    belote_only = []
    for team in TEAMS:
        if (team == taker and not made and not litige) or capot == _OTHER[team]:
            belote_only.append(team)
    details = {
        "taker": taker,
        "bid": record["bid"],
        "multiplier": t.mult,
        "card_points": c,
        "announcements": a,
        "belote": b,
        "totals": {taker: tot[taker], defender: tot[defender]},
        "raw": raw,
        "deal_winner": winner,
        "belote_only": belote_only,
        "litige": litige,
    }
    return DealScore(points, False if litige else made, pot_out, explanation, details=details)


@hookimpl
def atout_match_outcome(
    rules: Rules, totals: Mapping[str, int], scores: Sequence[DealScore]
) -> MatchOutcome:
    """The end of the game (§2.6): a team at ``target`` or more has won; both → the higher
    total; an exact tie per ``end_tie``. With ``belote_cannot_finish`` a team that failed or
    was capot and reaches the target only through this deal's belote has not won yet."""
    last = scores[-1] if scores else None
    details = last.details if last is not None else {}
    not_yet: list[str] = []
    target = rules.target
    if rules.belote_cannot_finish:
        belote = details.get("belote", {})
        for team in details.get("belote_only", ()):  # (a loop: asked after every deal)
            if totals[team] - belote.get(team, 0) < target:
                not_yet.append(team)
    winner = details.get("deal_winner")
    # A litige deal has no winner: an exact tie after it is played off.
    tie: Literal["extra_deal", "deal_winner", "draw"] = (
        "extra_deal" if rules.end_tie == "deal_winner" and not winner else rules.end_tie
    )
    return first_to_target(totals, target, scores, tie=tie, deal_winner=winner, not_yet=not_yet)
