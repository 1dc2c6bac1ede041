"""Coinche's deal record: the form description, field-by-field validation, and the record of a
deal played in the engine.

The record is the Coinche record of ``design.md``::

    {"taker": "NS", "bid": 110, "trump": "H", "coinche": "none", "taker_points": 94,
     "capot": null, "belote": ["NS"],
     "announcements": [{"team": "NS", "kind": "tierce", "high": "KH"},
                       {"team": "EW", "kind": "carre", "rank": "J"}]}

and the thrown-in record ``{"thrown_in": true}``. A sequence of 6 to 8 cards is a ``quinte``
with ``"length"`` (the only extension: the longer sequence wins with ``seq_length_tiebreak``).
Sources: ``rules/coinche-and-french-belote.md`` §2.2 (bids and denominations), §1.4 (162 card
points, capot), §1.7 (belotes per contract), §1.8 (announcements), and the scorepad inputs of §4.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from framework.api import (
    FRENCH_32 as DECK,
)
from framework.api import (
    TEAMS,
    Choice,
    NotationError,
    PlayedDeal,
    RecordError,
    RecordField,
    Rules,
    field_choice,
    require_object,
    thrown_in_record,
)
from variants.belote import announcements as ann
from variants.belote.records import takers_card_points
from variants.belote.rules import scaled_card_points
from variants.coinche.auction import SUIT_DENOMINATIONS, denominations
from variants.coinche.scoring import COINCHE_LEVELS, TOTAL

__all__ = ["FIELDS", "make_record", "record_fields", "validate_record"]

#: Every key a Coinche record may hold.
FIELDS = ("thrown_in", "taker", "bid", "trump", "coinche", "taker_points", "capot", "belote",
          "announcements")
_TEAMS = tuple(Choice(t, t) for t in TEAMS)
_NAMES = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs", "NT": "no trumps",
          "AT": "all trumps"}
_PLAYED = {"thrown_in": [False]}


def record_fields(rules: Rules) -> list[RecordField]:
    """The deal form, in order."""
    bids = tuple(Choice(v, str(v)) for v in range(80, rules.max_bid + 1, 10))
    fields = [
        RecordField("thrown_in", "Thrown in", "boolean", required=False, default=False,
                    help="all four passed: no score, the next dealer deals"),
        RecordField("taker", "Takers", "choice", _TEAMS, help="the team that won the auction",
                    shown_when=_PLAYED),
        RecordField("bid", "Bid", "choice", (*bids, Choice("capot", "capot")),
                    shown_when=_PLAYED, help="the contract's number, or capot (all 8 tricks)"),
        RecordField("trump", "Trump", "choice",
                    tuple(Choice(d, _NAMES[d]) for d in denominations(rules.nt_at)),
                    shown_when=_PLAYED),
        RecordField("coinche", "Coinche", "choice",
                    tuple(Choice(c, c) for c in COINCHE_LEVELS), required=False,
                    default="none", shown_when=_PLAYED),
        RecordField("capot", "Capot", "choice", (Choice(None, "no"), *_TEAMS), required=False,
                    default=None, shown_when=_PLAYED,
                    help="the team that took all eight tricks"),
        RecordField("taker_points", "Takers' card points", "integer", minimum=0, maximum=TOTAL,
                    required=False, default=None, shown_when={"capot": [None]},
                    complement=TOTAL,
                    help="last trick included (the defenders have the rest of 162); "
                         "needed unless a team took every trick"),
        RecordField("belote", "Belote-rebelote", "counts", _TEAMS, required=False, default=[],
                    shown_when={"trump": [*SUIT_DENOMINATIONS, "AT"]},
                    help="one entry per belote (all trumps: one per suit)"),
    ]
    if rules.announcements:
        fields.append(RecordField(
            "announcements", "Announcements", "items", required=False, default=[],
            shown_when=_PLAYED,
            help="what each team declared; only the team with the best one scores",
            items=(
                RecordField("team", "Team", "choice", _TEAMS),
                RecordField("kind", "Kind", "choice", tuple(Choice(k, k) for k in ann.KINDS)),
                RecordField("high", "Top card", "choice", tuple(Choice(n, n) for n in DECK.names),
                            required=False, shown_when={"kind": list(ann.RUN_LENGTH)},
                            help="the highest card of the sequence"),
                RecordField("length", "Length", "integer", minimum=5, maximum=8, required=False,
                            default=5, shown_when={"kind": ["quinte"]},
                            help="a run of 6 to 8 cards counts as a quinte"),
                RecordField("rank", "Rank", "choice", tuple(Choice(r, r) for r in DECK.ranks),
                            required=False, shown_when={"kind": ["carre"]}),
            )))
    return fields


def _bid(opt: Any, record: Mapping[str, Any]) -> int | str:
    if "bid" not in record:
        raise RecordError("bid", "is missing")
    value = record["bid"]
    if isinstance(value, str):
        text = value.strip()
        if text.lower() == "capot":
            return "capot"
        if not text.isdigit():
            raise RecordError("bid", f"{value!r} is not a bid: a number from 80 to "
                              f"{opt.max_bid} by tens, or capot")
        value = int(text)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError("bid", f"{value!r} is not a bid: a number from 80 to {opt.max_bid} "
                          "by tens, or capot")
    if value < 80:
        raise RecordError("bid", f"{value} is below the lowest bid, 80")
    if value > opt.max_bid:
        raise RecordError("bid", f"{value} is above the highest bid, {opt.max_bid} "
                          "(option max_bid)")
    if value % 10:
        raise RecordError("bid", f"{value} is not a multiple of 10")
    return value


def _trump(opt: Any, record: Mapping[str, Any]) -> str:
    if "trump" not in record:
        raise RecordError("trump", "is missing")
    value = record["trump"]
    if not isinstance(value, str):
        raise RecordError("trump", f"{value!r} is not a contract: S H D C"
                          + (" NT AT" if opt.nt_at else ""))
    key = value.strip().upper()
    if key in ("NT", "AT"):
        if not opt.nt_at:
            raise RecordError("trump", f"{key} is not played in these rules (option nt_at is "
                              "off); name a suit: S H D C")
        return key
    try:
        return SUIT_DENOMINATIONS[DECK.suit_index(value)]
    except NotationError:
        raise RecordError("trump", f"{value!r} is not one of "
                          + ", ".join(denominations(opt.nt_at))) from None


def validate_record(rules: Rules, record: Any) -> dict[str, Any]:
    """Check a record field by field; return it normalised.

    :raises RecordError: naming the first bad field and the reason.
    """
    record = require_object(record)
    opt = rules
    unknown = sorted(k for k in record if k not in FIELDS)
    if unknown:
        raise RecordError("record", f"{unknown[0]!r} is not a field of a Coinche deal record "
                          "(fields: " + ", ".join(FIELDS) + ")")
    thrown_in = thrown_in_record(record)
    if thrown_in is not None:
        return thrown_in
    taker = field_choice(record, "taker", TEAMS)
    bid = _bid(opt, record)
    trump = _trump(opt, record)
    coinche = field_choice(record, "coinche", COINCHE_LEVELS, default="none")
    if bid == "capot" and coinche != "none" and not opt.capot_coinchable:
        raise RecordError("coinche", "a capot bid cannot be coinched in these rules "
                          "(option capot_coinchable is off)")
    capot = field_choice(record, "capot", (None, *TEAMS), default=None)
    taker_points = takers_card_points(record, taker, capot)
    belote = ann.validate_belote(record, trump)
    announcements = ann.validate_announcements(record, trump, opt.nt_carre_9,
                                               opt.announcements)
    out = {"taker": taker, "bid": bid, "trump": trump, "coinche": coinche,
           "taker_points": taker_points, "capot": capot, "belote": belote}
    if opt.announcements:
        out["announcements"] = announcements
    return out


def make_record(rules: Rules, played: PlayedDeal) -> dict[str, Any]:
    """The record of a deal played in the engine; it scores exactly as the deal was played.

    ``taker_points`` are the takers' card points with dix de der; ``belote`` comes from the
    declarations made in play; ``announcements`` lists what both teams declared (the scoring
    decides which count).
    """
    contract = played.contract
    if contract is None:
        return {"thrown_in": True}
    taker = TEAMS[contract.taker % 2]
    record: dict[str, Any] = {
        "taker": taker,
        "bid": "capot" if contract.name == "capot" else contract.value,
        "trump": contract.denomination,
        "coinche": COINCHE_LEVELS[contract.doubled],
        "taker_points": scaled_card_points(played.card_points[taker], contract.denomination,
                                           rules.at_values),
        "capot": played.capot,
        "belote": ann.belote_teams(played.play_declarations),
    }
    if rules.announcements:
        record["announcements"] = [ann.record_item(a) for a in played.declared]
    return record
