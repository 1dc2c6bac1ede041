"""Cuatrola's deal record: its fields for the scorepad's form, its validation, and the record of a
hand played in the engine.

Source: ``rules/bulgarian-bela-cuatrola.md`` §4.2 (bets, exact-11 rule), §4.3 (130 points a
hand, the dead hand of a solo), §4.5 (cantes), §4.8 (what a table writes down). The record is
documented in ``docs/variants/cuatrola.md``::

    {"bet": "solo", "declarer": "E", "trump": "O", "ns_points": 47, "ew_points": 62,
     "dead_points": 21, "cantes": [{"team": "EW", "suit": "C"}]}

``ns_points``/``ew_points`` are card points with the last trick's 10, cantes apart. A no-bet hand
is worth 130, so one of them is enough; a solo is worth 130 minus the dead hand. A cuatrola or
quintola is written with the declarer's ``tricks`` only. ``{"thrown_in": true}`` (a misdeal: no
score) is accepted, though the auction never throws a hand in.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from framework.api import (
    SEAT_CHOICES,
    SEATS,
    TEAM_CHOICES,
    TEAMS,
    Choice,
    MatchContext,
    PlayedDeal,
    RecordError,
    RecordField,
    Rules,
    field_choice,
    field_int,
    parse_seat,
    require_object,
    team_of,
    thrown_in_record,
)
from variants.cuatrola.auction import BET_NAMES, VALUES, bet_allowed
from variants.cuatrola.rules import DECK, LAST_TRICK, SUITS, cante_suit, hand_points

BETS = ("none", *BET_NAMES)
SUIT_NAMES = {"O": "oros", "C": "copas", "E": "espadas", "B": "bastos"}
#: A full hand: 120 card points and the last trick.
HAND_POINTS = sum(hand_points(m) for m in DECK.suit_masks) + LAST_TRICK
#: The dead hand of a solo holds five cards: at least J J J J N (11), at most A A A A 3 (54).
DEAD_MIN, DEAD_MAX = 11, 54
FIELDS = ("thrown_in", "bet", "declarer", "trump", "ns_points", "ew_points", "dead_points",
          "cantes", "tricks")
TRICK_BETS = ("cuatrola", "quintola")
POINT_BETS = ("none", "solo")

_SUIT_CHOICES = tuple(Choice(s, f"{s} ({SUIT_NAMES[s]})") for s in SUITS)

RECORD_FIELDS = (
    RecordField("bet", "Bet", "choice",
                (Choice("none", "No bet (1)"), Choice("solo", "Solo (2)"),
                 Choice("cuatrola", "Cuatrola (4)"), Choice("quintola", "Quintola (5)")),
                help="the highest bet of the hand; a hand nobody bet on is worth 1"),
    RecordField("declarer", "Declarer", "choice", SEAT_CHOICES, required=False,
                help="the player who made the bet; his partner sat out",
                shown_when={"bet": list(BET_NAMES)}),
    RecordField("trump", "Trump", "choice", _SUIT_CHOICES, required=False,
                help="the suit of the dealer's last card; needed when cantes are sung "
                     "(40 in trumps)"),
    RecordField("ns_points", "NS card points", "integer", required=False, minimum=0,
                maximum=HAND_POINTS,
                help="with the 10 of the last trick, cantes apart; in a no-bet hand the other "
                     "pair has the rest of 130",
                shown_when={"bet": list(POINT_BETS)}),
    RecordField("ew_points", "EW card points", "integer", required=False, minimum=0,
                maximum=HAND_POINTS, help="in a solo, give both pairs or the dead hand",
                shown_when={"bet": list(POINT_BETS)}),
    RecordField("dead_points", "Dead hand points", "integer", required=False, minimum=DEAD_MIN,
                maximum=DEAD_MAX,
                help="card points of the sitting-out partner's five cards; checks the total",
                shown_when={"bet": ["solo"]}),
    RecordField("cantes", "Cantes", "items", required=False, default=[],
                items=(RecordField("team", "Pair", "choice", TEAM_CHOICES),
                       RecordField("suit", "Suit", "choice", _SUIT_CHOICES)),
                help="knight and king of a suit: 20, or 40 in trumps; in the order sung",
                shown_when={"bet": list(POINT_BETS)}),
    RecordField("tricks", "Declarer's tricks", "integer", required=False, minimum=0, maximum=5,
                help="a cuatrola needs 4 tricks, a quintola all 5",
                shown_when={"bet": list(TRICK_BETS)}),
    RecordField("thrown_in", "Thrown in", "boolean", required=False, default=False,
                help="a misdeal: the hand is not scored"),
)


def _is_empty(record: Mapping[str, Any], name: str) -> bool:
    value = record.get(name)
    return value is None or (name == "cantes" and value == [])


def _absent(record: Mapping[str, Any], names: tuple[str, ...], bet: str) -> None:
    """Fields that do not apply to this bet must be absent or null (cantes: empty)."""
    for name in names:
        if not _is_empty(record, name):
            what = "a no-bet hand" if bet == "none" else f"a {bet}"
            raise RecordError(name, f"does not apply to {what}")


def validate(rules: Rules, record: Any, context: MatchContext) -> dict[str, Any]:
    """Check a Cuatrola deal record field by field; return it normalised.

    :raises RecordError: naming the first bad field.
    """
    record = require_object(record)
    for key in record:
        if key not in FIELDS:
            raise RecordError("record", f"{key!r} is not a field of a Cuatrola record; "
                              "fields: " + ", ".join(FIELDS))
    thrown_in = thrown_in_record(record)
    if thrown_in is not None:
        return thrown_in
    bet = field_choice(record, "bet", BETS)
    if bet == "none":
        _absent(record, ("declarer",), bet)
        declarer = None
    else:
        declarer = parse_seat(field_choice(record, "declarer", SEATS))
        team = TEAMS[team_of(declarer)]
        own = int(context.totals.get(team, 0))
        if not bet_allowed(bet, own, rules.target, rules.exact_finish):
            raise RecordError("bet", f"{team} have {own}: a {bet} ({VALUES[bet]}) would take "
                              f"them past {rules.target}, which they must reach exactly")
    if bet in TRICK_BETS:
        _absent(record, ("ns_points", "ew_points", "dead_points", "cantes"), bet)
        trump = field_choice(record, "trump", SUITS, default=None)
        tricks = field_int(record, "tricks", 0, 5)
        assert declarer is not None  # a trick bet always has its declarer
        return {"bet": bet, "declarer": SEATS[declarer], "trump": trump, "tricks": tricks}
    _absent(record, ("tricks",), bet)
    trump = field_choice(record, "trump", SUITS)
    dead = None
    if bet == "solo":
        dead = field_int(record, "dead_points", DEAD_MIN, DEAD_MAX, default=None)
    else:
        _absent(record, ("dead_points",), bet)
    points = _points(record, bet, dead)
    cantes = _cantes(record, rules, bet, declarer, trump, points)
    out: dict[str, Any] = {"bet": bet, "declarer": None if declarer is None else SEATS[declarer],
                           "trump": trump, "ns_points": points["NS"], "ew_points": points["EW"],
                           "cantes": cantes}
    if bet == "solo":
        out["dead_points"] = dead
    return out


def _points(record: Mapping[str, Any], bet: str, dead: int | None) -> dict[str, int]:
    """Both pairs' card points, checked against the hand's live total where it is known."""
    live = HAND_POINTS if bet == "none" else (None if dead is None else HAND_POINTS - dead)
    given = {t: field_int(record, f"{t.lower()}_points", 0, HAND_POINTS, default=None)
             for t in TEAMS}
    derived = None
    for team, other in (("NS", "EW"), ("EW", "NS")):
        if given[team] is None:
            if given[other] is None or live is None:
                need = ("give both pairs' points, or the dead hand's points"
                        if bet == "solo" else "give one pair's points")
                raise RecordError(f"{team.lower()}_points", f"is missing ({need})")
            if given[other] > live:
                raise RecordError(f"{other.lower()}_points",
                                  f"{given[other]} is more than the {live} points of the hand")
            given[team] = live - given[other]
            derived = team
    ns, ew = given["NS"], given["EW"]
    if live is not None and ns + ew != live:
        where = "with the dead hand's " + str(dead) if dead is not None else "in a no-bet hand"
        raise RecordError("ew_points", f"NS {ns} + EW {ew} = {ns + ew}, but the hand is worth "
                          f"{live} ({where})")
    if live is None and not HAND_POINTS - DEAD_MAX <= ns + ew <= HAND_POINTS - DEAD_MIN:
        raise RecordError("ew_points", f"NS {ns} + EW {ew} = {ns + ew}, but a solo is worth "
                          f"{HAND_POINTS - DEAD_MAX} to {HAND_POINTS - DEAD_MIN} "
                          "(130 minus the dead hand)")
    # Each card is worth at least 2, so any trick is worth at least 8 (6 with three players).
    least = 8 if bet == "none" else 6
    for team in TEAMS:
        if 0 < given[team] < least:
            if team == derived:
                other = "EW" if team == "NS" else "NS"
                raise RecordError(f"{other.lower()}_points",
                                  f"{given[other]} leaves {team} {given[team]}, which is "
                                  f"impossible: a trick is worth at least {least}")
            raise RecordError(f"{team.lower()}_points",
                              f"{given[team]} is impossible: a trick is worth at least {least}")
    return {"NS": ns, "EW": ew}


def _cantes(record: Mapping[str, Any], rules: Rules, bet: str, declarer: int | None,
            trump: str, points: Mapping[str, int]) -> list[dict[str, str]]:
    value = record.get("cantes", [])
    if value is None:
        return []
    if not isinstance(value, list):
        raise RecordError("cantes", 'is a list like [{"team": "NS", "suit": "C"}]')
    out: list[dict[str, str]] = []
    sang_20: set[str] = set()
    for i, item in enumerate(value):
        path = f"cantes.{i}."
        if not isinstance(item, Mapping):
            raise RecordError(f"cantes.{i}", 'is an object like {"team": "NS", "suit": "C"}')
        for key in item:
            if key not in ("team", "suit"):
                raise RecordError(path + str(key), "a cante has only a team and a suit")
        team = field_choice(item, "team", TEAMS, path=path)
        suit = field_choice(item, "suit", SUITS, path=path)
        if any(c["suit"] == suit for c in out):
            raise RecordError(path + "suit", f"{suit} was already sung: each suit is sung once")
        if points[team] == 0:
            raise RecordError(path + "team", f"{team} took no trick, so they could not sing")
        if (bet == "solo" and rules.solo_cantes == "soloist" and declarer is not None
                and team != TEAMS[team_of(declarer)]):
            raise RecordError(path + "team", "in a solo only the soloist sings (solo_cantes)")
        if suit == trump and rules.forty_first and team in sang_20:
            raise RecordError(path + "suit", f"{team} sang a 20 before their 40; the 40 is "
                              "sung first (forty_first)")
        if suit != trump:
            sang_20.add(team)
        out.append({"team": team, "suit": suit})
    return out


def make_record(rules: Rules, played: PlayedDeal) -> dict[str, Any]:
    """The record of a hand played in the engine (scores exactly as the played hand)."""
    contract = played.contract
    if contract is None:
        return {"thrown_in": True}
    bet = contract.name or "none"
    record: dict[str, Any] = {"bet": bet,
                              "declarer": SEATS[contract.taker] if contract.name else None,
                              "trump": contract.denomination}
    if bet in TRICK_BETS:
        record["tricks"] = played.tricks_won[TEAMS[team_of(contract.taker)]]
        return record
    record["ns_points"] = played.card_points["NS"]
    record["ew_points"] = played.card_points["EW"]
    if bet == "solo":
        in_play = 0
        for hand in played.hands:
            in_play |= hand
        record["dead_points"] = hand_points(DECK.full & ~in_play)
    record["cantes"] = [{"team": TEAMS[c.team], "suit": SUITS[cante_suit(c)]}
                        for c in played.play_declarations if c.kind == "cante"]
    return record
