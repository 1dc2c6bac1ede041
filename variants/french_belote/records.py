"""French Belote's deal record: the form description, field-by-field validation, and the record
of a deal played in the engine.

The record is the Coinche record of ``design.md`` without ``bid`` and ``coinche``::

    {"taker": "NS", "round": 1, "trump": "H", "turn_up": "JH", "taker_points": 98,
     "capot": null, "belote": ["NS"]}

plus ``announcements`` when the ``announcements`` option is on, and the thrown-in record
``{"thrown_in": true}``. Sources: ``rules/coinche-and-french-belote.md`` §3.2 (rounds and what
may be named), §1.4 (162 card points), §1.7 (belotes per contract), §1.8 (announcements), and
the scorepad inputs of §4.
"""

from __future__ import annotations

import contextlib
from collections.abc import Mapping
from dataclasses import replace
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
    parse_team,
    require_object,
    thrown_in_record,
)
from variants.belote import announcements as ann
from variants.belote.records import TOTAL, takers_card_points
from variants.belote.rules import scaled_card_points
from variants.french_belote.auction import round2_denominations

__all__ = ["TOTAL", "make_record", "record_fields", "validate_record"]

SUITS = DECK.suits
_TEAMS = tuple(Choice(t, t) for t in TEAMS)
#: Every key a record may have.
FIELDS = ("thrown_in", "taker", "round", "trump", "turn_up", "taker_points", "capot", "belote",
          "announcements")
# Keys of a Coinche record that French Belote does not have, with the reason.
_NOT_HERE = {"bid": "French Belote has no bids: the taker takes the turned-up card or names a "
                    "suit", "coinche": "French Belote has no coinche"}


def _denominations(rules: Rules) -> tuple[str, ...]:
    return SUITS + (("NT", "AT") if rules.round2_nt_at else ())


def record_fields(rules: Rules) -> list[RecordField]:
    """The deal form, in order."""
    names = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs",
             "NT": "no trumps", "AT": "all trumps"}
    fields = [
        RecordField("taker", "Takers", "choice", _TEAMS, help="the team that took"),
        RecordField("round", "Taking round", "choice",
                    (Choice(1, "1: took the turned-up card"), Choice(2, "2: named a suit")),
                    required=False, default=None, help="optional"),
        RecordField("trump", "Trump", "choice",
                    tuple(Choice(d, names[d]) for d in _denominations(rules))),
        RecordField("turn_up", "Turned-up card", "choice",
                    tuple(Choice(n, n) for n in DECK.names), required=False, default=None,
                    help="optional; checked against the round and the trump"),
        RecordField("taker_points", "Takers' card points", "integer", minimum=0,
                    maximum=TOTAL, required=False, default=None, complement=TOTAL,
                    help="last trick included; the defenders have the rest of 162; "
                         "may be left out on a capot"),
        RecordField("capot", "Capot", "choice", (Choice(None, "no"), *_TEAMS),
                    required=False, default=None, help="the team that took all eight tricks"),
        RecordField("belote", "Belote-rebelote", "counts", _TEAMS, required=False, default=[],
                    help="one entry per belote scored (all trumps: one per suit)"),
    ]
    if rules.announcements:
        fields.append(RecordField(
            "announcements", "Announcements", "items", required=False, default=[],
            help="what each team declared; only the team with the best one scores",
            items=(
                RecordField("team", "Team", "choice", _TEAMS),
                RecordField("kind", "Kind", "choice",
                            tuple(Choice(k, k) for k in ann.KINDS)),
                RecordField("high", "Top card", "choice",
                            tuple(Choice(n, n) for n in DECK.names), required=False,
                            shown_when={"kind": list(ann.RUN_LENGTH)},
                            help="the highest card of the sequence"),
                RecordField("length", "Length", "integer", minimum=5, maximum=8,
                            required=False, default=5, shown_when={"kind": ["quinte"]},
                            help="a run of 6 to 8 cards is a quinte"),
                RecordField("rank", "Rank", "choice",
                            tuple(Choice(r, r) for r in DECK.ranks), required=False,
                            shown_when={"kind": ["carre"]}),
            )))
    # a thrown-in deal is the box alone: ticking it hides (and leaves out) every other field
    thrown_in = RecordField("thrown_in", "Thrown in", "boolean", required=False, default=False,
                            help="all four passed twice: nobody took, the next dealer deals")
    return [thrown_in, *(replace(f, shown_when={"thrown_in": [False]}) for f in fields)]


def _card(record: Mapping[str, Any], name: str, path: str = "") -> str | None:
    value = record.get(name)
    if value is None:
        return None
    if not isinstance(value, str):
        raise RecordError(path + name, f"{value!r} is not a card, e.g. JH")
    try:
        return DECK.format(DECK.parse(value))
    except NotationError as exc:
        raise RecordError(path + name, str(exc)) from None


def _team(record: Mapping[str, Any], name: str, choices: tuple[str | None, ...],
          default: Any = ...) -> Any:
    """A team field; ``SN`` and ``WE`` are read as ``NS`` and ``EW``."""
    value = record.get(name)
    if isinstance(value, str):
        with contextlib.suppress(NotationError):
            record = {**record, name: TEAMS[parse_team(value)]}
    return field_choice(record, name, choices, default=default)


def validate_record(rules: Rules, record: Any) -> dict[str, Any]:
    """Check a record field by field; return it normalised.

    :raises RecordError: naming the first bad field and the reason.
    """
    record = require_object(record)
    thrown_in = thrown_in_record(record)
    if thrown_in is not None:
        return thrown_in
    unknown = sorted(k for k in record if k not in FIELDS)
    if unknown:
        why = _NOT_HERE.get(unknown[0], "fields: " + ", ".join(FIELDS))
        raise RecordError("record", f"{unknown[0]!r} is not a field of a French Belote deal "
                                    f"record ({why})")
    taker = _team(record, "taker", TEAMS)
    taking_round = field_choice(record, "round", (1, 2, None), default=None)
    trump = _trump(rules, record, taking_round)
    turn_up = _turn_up(rules, record, taking_round, trump)
    capot = _team(record, "capot", (None, *TEAMS), default=None)
    taker_points = takers_card_points(record, taker, capot)
    belote = ann.validate_belote(record, trump)
    out: dict[str, Any] = {"taker": taker}
    if taking_round is not None:
        out["round"] = taking_round
    out["trump"] = trump
    if turn_up is not None:
        out["turn_up"] = turn_up
    out.update({"taker_points": taker_points, "capot": capot, "belote": belote})
    announcements = ann.validate_announcements(record, trump, rules.nt_carre_9,
                                               rules.announcements)
    if rules.announcements:
        out["announcements"] = announcements
    return out


def _trump(rules: Rules, record: Mapping[str, Any], taking_round: int | None) -> str:
    value = record.get("trump")
    if isinstance(value, str):
        key = value.strip().upper()
        if key in ("NT", "AT") and not rules.round2_nt_at:
            raise RecordError("trump", f"{key} is not played in these rules (option "
                                       "round2_nt_at is off); name a suit: S H D C")
        if key not in ("NT", "AT"):
            with contextlib.suppress(NotationError):  # suit symbols are accepted too
                value = SUITS[DECK.suit_index(value)]
    trump = field_choice({**record, "trump": value} if "trump" in record else record, "trump",
                         _denominations(rules))
    if trump in ("NT", "AT") and taking_round == 1:
        raise RecordError("trump", f"{trump} can only be named in round 2; round 1 takes the "
                                   "turned-up suit")
    return trump


def _turn_up(rules: Rules, record: Mapping[str, Any], taking_round: int | None,
             trump: str) -> str | None:
    turn_up = _card(record, "turn_up")
    if turn_up is None or taking_round is None:
        return turn_up
    suit = turn_up[-1]
    if taking_round == 1 and trump != suit:
        raise RecordError("trump", f"a round-1 take plays the turned-up suit {suit}, not {trump}")
    if taking_round == 2 and trump not in round2_denominations(suit, rules.round2_any_suit,
                                                                rules.round2_nt_at):
        raise RecordError("trump", f"round 2 must name another suit than the turned-up {suit} "
                                   "(option round2_any_suit is off)")
    return turn_up


def make_record(rules: Rules, played: PlayedDeal) -> dict[str, Any]:
    """The record of a deal played in the engine; it scores exactly as the deal was played."""
    contract = played.contract
    if contract is None:
        return {"thrown_in": True}
    taker = TEAMS[contract.taker % 2]
    record: dict[str, Any] = {"taker": taker}
    if "round" in contract.extra:
        record["round"] = contract.extra["round"]
    record["trump"] = contract.denomination
    if played.turn_up is not None:
        record["turn_up"] = DECK.format(played.turn_up)
    record["taker_points"] = scaled_card_points(played.card_points[taker],
                                                contract.denomination, rules.at_values)
    record["capot"] = played.capot
    record["belote"] = ann.belote_teams(played.play_declarations)
    if rules.announcements:
        record["announcements"] = [ann.record_item(a) for a in played.declared]
    return record
