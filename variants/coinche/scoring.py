"""Coinche scoring: a validated deal record to the score sheet's line, and the end of the game.

Source: ``rules/coinche-and-french-belote.md`` §2.4 (made or failed), §2.5 (deal score, coinche
scope, capot, rounding, litige), §2.6 (game end). Worked examples C1–C17 of §5 are tests.

Notation: C = card points (dix de der included; a team that took every trick has
``capot_card_points``), A = counted announcements, B = belote, TOT = C + A + B per team;
V = the bid, V* = V or 250 for a capot bid; M = 1, 2 or ``surcoinche_mult``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from framework.match import MatchOutcome
from framework.options import Rules
from framework.scoring import DealScore
from framework.seats import TEAMS
from variants.belote import announcements as ann
from variants.coinche.presets import values

COINCHE_LEVELS = ("none", "coinche", "surcoinche")
CAPOT_VALUE = 250
BASE = 160
TOTAL = 162
NOT_OVER = MatchOutcome(False)


def round_score(points: int, rounding: str) -> int:
    """Round one team's deal score to the nearest ten (§2.5).

    >>> round_score(185, "half_up"), round_score(185, "six_up"), round_score(186, "six_up")
    (190, 180, 190)
    >>> round_score(67, "half_up"), round_score(67, "none")
    (70, 67)
    """
    if rounding == "half_up":
        return (points + 5) // 10 * 10
    if rounding == "six_up":
        return (points + 4) // 10 * 10
    return points


def _other(team: str) -> str:
    return "EW" if team == "NS" else "NS"


def thrown_in(pot: int) -> DealScore:
    """The score of a deal everybody passed: nothing, and any pot stays on the table."""
    kept = f"; the pot of {pot} waits for the next deal" if pot else ""
    return DealScore({"NS": 0, "EW": 0}, None, pot,
                     "thrown in: all four passed, no score" + kept,
                     details={"thrown_in": True})


def score_record(rules: Rules, record: Mapping[str, Any], pot: int = 0) -> DealScore:
    """Score one validated Coinche record.

    :param pot: the litige pot carried into this deal; the deal's winner takes it.
    """
    if record.get("thrown_in"):
        return thrown_in(pot)
    opt = values(rules)
    taker = record["taker"]
    defender = _other(taker)
    trump = record["trump"]
    capot_bid = record["bid"] == "capot"
    bid = CAPOT_VALUE if capot_bid else int(record["bid"])
    level = COINCHE_LEVELS.index(record["coinche"])
    mult = (1, 2, opt.surcoinche_mult)[level]
    capot = record["capot"]

    # Card points.
    if capot == taker:
        c_t, c_d = opt.capot_card_points, 0
    elif capot == defender:
        c_t, c_d = 0, opt.capot_card_points
    else:
        c_t = int(record["taker_points"])
        c_d = TOTAL - c_t

    # Announcements: the record's list decides which team's count (§1.8).
    if opt.announcements and record.get("announcements"):
        a = ann.record_points(record["announcements"], trump, opt.nt_carre_9,
                              opt.seq_length_tiebreak)
    else:
        a = {"NS": 0, "EW": 0}
    b = {"NS": 0, "EW": 0}
    for team in record["belote"]:
        b[team] += ann.BELOTE_POINTS
    a_t, a_d, b_t, b_d = a[taker], a[defender], b[taker], b[defender]
    tot_t, tot_d = c_t + a_t + b_t, c_d + a_d + b_d

    # §2.4: made? Exact points; rounding never makes a contract.
    litige = False
    if capot_bid:
        made = capot == taker
        test = "capot: every trick" + (" taken" if made else " not taken")
    elif opt.made_test == "ffb":
        made = tot_t >= bid and tot_t > tot_d
        litige = opt.litige and tot_t >= bid and tot_t == tot_d
        test = (f"{tot_t} {'>=' if tot_t >= bid else '<'} {bid}"
                + ("" if tot_t < bid else f" and {tot_t} {'>' if tot_t > tot_d else 'not >'}"
                   f" {tot_d}"))
    elif opt.made_test == "house":
        made = c_t >= 82 and tot_t >= bid
        test = (f"card points {c_t} < 82" if c_t < 82
                else f"{tot_t} {'>=' if tot_t >= bid else '<'} {bid}")
    else:  # bidonly
        need = max(bid, 82)
        made = c_t + b_t >= need
        test = f"{c_t + b_t} {'>=' if made else '<'} {need}"

    keep = opt.belote_on_failure == "keep"
    pot_out = 0
    if litige:
        raw = {taker: 0, defender: tot_d}
        pot_out = pot + tot_t
        winner = None
        how = (f"litige: {tot_t} = {tot_d}; {defender} score {tot_d}, {taker}'s {tot_t} go to "
               f"the pot ({pot_out})")
    elif level == 0 or opt.coinche_scope == "bid_only":
        vm = bid * mult
        if made:
            t = c_t + a_t + b_t + vm
            d = c_d + a_d + b_d
            if opt.capot_transfers_ann and capot == taker:
                t, d = t + a_d, d - a_d
        else:
            base = BASE
            if capot_bid:
                base = max(base, opt.failed_capot_base)
            if capot == defender:
                base = max(base, opt.defenders_capot_base)
            t = 0 if not keep else b_t
            d = base + vm + a_t + a_d + b_d + (0 if keep else b_t)
        raw = {taker: t, defender: d}
        winner = taker if made else defender
        how = f"{'made' if made else 'failed'}: {test}"
        if level:
            how += f"; bid x{mult}"
    else:  # coinched, whole scope: the deal's winner scores everything, multiplied
        winner = taker if made else defender
        loser = _other(winner)
        if capot == winner:
            base = CAPOT_VALUE
        elif capot_bid:
            base = opt.failed_capot_base
        else:
            base = BASE
        bel_w = b[winner] + (b_t if not made and not keep else 0)
        bel_l = b[loser] if made or keep else 0
        inner = base + bid + a_t + a_d
        w = (inner + bel_w) * mult if opt.belote_multiplied else inner * mult + bel_w
        raw = {winner: w, loser: bel_l}
        how = f"{'made' if made else 'failed'}: {test}; ({base}+{bid}" + (
            f"+{a_t + a_d}" if a_t + a_d else "") + f") x{mult}"
    if pot and not litige and winner is not None:
        raw[winner] += pot
        how += f"; {winner} win the pot of {pot}"
    points = {team: round_score(raw[team], opt.rounding) for team in TEAMS}
    shown = "; ".join(
        f"{team} {raw[team]}" + (f" -> {points[team]}" if points[team] != raw[team] else "")
        for team in (taker, defender))
    # Teams that failed or were capot: their belote alone may not end the game (§2.6, FFB-C).
    belote_only = sorted({t for t in TEAMS if (t == taker and not made and not litige)
                          or capot == _other(t)}, key=TEAMS.index)
    details = {
        "taker": taker, "bid": record["bid"], "multiplier": mult,
        "card_points": {taker: c_t, defender: c_d},
        "announcements": a, "belote": b, "totals": {taker: tot_t, defender: tot_d},
        "raw": raw, "deal_winner": winner, "belote_only": belote_only, "litige": litige,
    }
    return DealScore(points, False if litige else made, pot_out, f"{how}; {shown}",
                     details=details)


def match_outcome(rules: Rules, totals: Mapping[str, int],
                  scores: Sequence[DealScore]) -> MatchOutcome:
    """The end of the game (§2.6): a team at ``target`` or more has won; both → the higher
    total; an exact tie per ``end_tie``. With ``belote_cannot_finish`` a team that failed or
    was capot and reaches the target only through this deal's belote has not won yet."""
    opt = values(rules)
    target = opt.target
    last = scores[-1] if scores else None
    reached = [t for t in TEAMS if totals[t] >= target]
    if opt.belote_cannot_finish and last is not None:
        blocked = last.details.get("belote_only", ())
        belote = last.details.get("belote", {})
        reached = [t for t in reached
                   if t not in blocked or totals[t] - belote.get(t, 0) >= target]
    if not reached:
        return NOT_OVER
    if len(reached) == 1:
        return MatchOutcome(True, reached[0], f"{reached[0]} reach {target}")
    ns, ew = totals["NS"], totals["EW"]
    if ns != ew:
        win = "NS" if ns > ew else "EW"
        return MatchOutcome(True, win, f"both reach {target}; {win} have more ({max(ns, ew)})")
    if opt.end_tie == "draw":
        return MatchOutcome(True, None, f"both reach {target} with {ns}: a draw")
    deal_winner = last.details.get("deal_winner") if last is not None else None
    if opt.end_tie == "deal_winner" and deal_winner:
        return MatchOutcome(True, deal_winner,
                            f"tie at {ns}; {deal_winner} won the last deal")
    return NOT_OVER
