"""Bulgarian Belot's deal record: its fields, its validation, and the record of a played deal.

Source: ``rules/bulgarian-bela-cuatrola.md`` §2.8 (scorepad input) and §2.5 (what can be
declared). Documented in ``docs/variants/bulgarian-belot.md``::

    {"contract": "H", "declarer": "N", "doubling": "none", "declarer_points": 98,
     "valat": null,
     "announcements": [{"team": "NS", "kind": "tierce", "high": "9S"}],
     "belot": ["EW"]}

``declarer_points`` are the card points the declarer's team took, last trick included, as
counted from the cards: 0–162 in a suit, 0–130 in no trumps (the scoring doubles them), 0–258 in
all trumps. The announcements are everything the teams declared; the scoring decides which count.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from framework.api import (
    FRENCH_32 as DECK,
)
from framework.api import (
    SEAT_CHOICES,
    SEATS,
    TEAM_CHOICES,
    TEAMS,
    Choice,
    NotationError,
    PlayedDeal,
    RecordError,
    RecordField,
    Rules,
    field_choice,
    field_int,
    field_team_counts,
    require_object,
    thrown_in_record,
)
from variants.bulgarian.rules import (
    LADDER,
    NT_SCALE,
    SUIT_OF,
    Declaration,
    belot_suits,
    carre_points,
    deal_points,
    run_cards,
    sequence_kind,
    sequence_points,
)

DOUBLINGS = ("none", "kontra", "rekontra", "surkontra")
SEQUENCE_LENGTHS = {"tierce": 3, "quarte": 4}  # quinte: 5 to 8, "length" when above 5
KINDS = ("tierce", "quarte", "quinte", "carre")
CARRE_RANKS = ("J", "9", "A", "T", "K", "Q")
FIELDS = ("thrown_in", "contract", "declarer", "doubling", "declarer_points", "valat",
          "announcements", "belot")
ITEM_FIELDS = ("team", "kind", "high", "length", "rank")
CONTRACT_LABELS = {"C": "Clubs", "D": "Diamonds", "H": "Hearts", "S": "Spades",
                   "NT": "No trumps", "AT": "All trumps"}


def doublings(rules: Rules) -> tuple[str, ...]:
    """The doubling levels BG2 allows."""
    return DOUBLINGS[:rules.max_double.bit_length()]


def record_fields(rules: Rules) -> list[RecordField]:
    """The form of a Bulgarian deal."""
    announcement = (
        RecordField("team", "Team", "choice", TEAM_CHOICES),
        RecordField("kind", "Declaration", "choice",
                    (Choice("tierce", "Tierce (3 in sequence, 20)"),
                     Choice("quarte", "Quarte (4 in sequence, 50)"),
                     Choice("quinte", "Quinte (5 or more in sequence, 100)"),
                     Choice("carre", "Carré (four of a rank)"))),
        RecordField("high", "Top card", "choice", tuple(Choice(n, n) for n in DECK.names),
                    required=False, help="the highest card of the sequence",
                    shown_when={"kind": ["tierce", "quarte", "quinte"]}),
        RecordField("length", "Cards in sequence", "integer", required=False, default=5,
                    minimum=5, maximum=8, shown_when={"kind": ["quinte"]}),
        RecordField("rank", "Rank", "choice", tuple(Choice(r, r) for r in CARRE_RANKS),
                    required=False, help="J 200, 9 150, A T K Q 100",
                    shown_when={"kind": ["carre"]}),
    )
    most = max(deal_points(c) for c in LADDER)
    played = {"thrown_in": [False]}  # the other fields are left out of a thrown-in deal
    return [
        RecordField("thrown_in", "Thrown in", "boolean", required=False, default=False,
                    help="all four passed: no contract, the next dealer deals"),
        RecordField("contract", "Contract", "choice",
                    tuple(Choice(c, CONTRACT_LABELS[c]) for c in LADDER), shown_when=played),
        RecordField("declarer", "Declarer", "choice", SEAT_CHOICES + TEAM_CHOICES,
                    help="the seat (or team) that bid the contract", shown_when=played),
        RecordField("doubling", "Doubling", "choice",
                    tuple(Choice(d, d.capitalize()) for d in doublings(rules)),
                    required=False, default="none", shown_when=played),
        RecordField("declarer_points", "Declarers' card points", "integer", minimum=0,
                    maximum=most, shown_when=played,
                    help="last trick included: out of 162, 130 in no trumps (not doubled), "
                         "258 in all trumps"),
        RecordField("valat", "Valat (all tricks)", "choice",
                    (Choice(None, "none"), *TEAM_CHOICES), required=False, default=None,
                    shown_when=played),
        RecordField("announcements", "Declarations", "items", required=False, default=[],
                    items=announcement, shown_when=played,
                    help="everything each team declared; the comparison decides what counts"),
        RecordField("belot", "Belots", "counts", TEAM_CHOICES, required=False, default=[],
                    help="one entry per belot (K+Q of trump) declared in play",
                    shown_when=played),
    ]


# ---- validation ----------------------------------------------------------------------------


def validate_record(rules: Rules, record: Any) -> dict[str, Any]:
    """Check a record field by field; the normalised record, or :class:`RecordError`."""
    record = require_object(record)
    thrown_in = thrown_in_record(record)
    if thrown_in is not None:
        return thrown_in
    unknown = sorted(k for k in record if k not in FIELDS)
    if unknown:
        raise RecordError("record", f"{unknown[0]!r} is not a field of a Bulgarian Belot deal "
                          "record (fields: " + ", ".join(FIELDS) + ")")
    contract = field_choice(record, "contract", LADDER)
    declarer = field_choice(record, "declarer", SEATS + TEAMS)
    doubling = field_choice(record, "doubling", DOUBLINGS, default="none")
    allowed = doublings(rules)
    if doubling not in allowed:
        raise RecordError("doubling", f"{doubling} is not allowed by these rules "
                          f"(max_double {rules.max_double}): use {', '.join(allowed)}")
    full = deal_points(contract)
    points = field_int(record, "declarer_points", 0, full)
    valat = field_choice(record, "valat", (None, *TEAMS), default=None)
    team = declarer if declarer in TEAMS else TEAMS[SEATS.index(declarer) % 2]
    if valat is not None:
        needed = full if valat == team else 0
        if points != needed:
            raise RecordError("valat", f"{valat} took every trick, so the declarers' card "
                              f"points are {needed}, not {points}")
    announcements = _announcements(record, contract)
    belot = _belots(record, contract, announcements)
    return {"contract": contract, "declarer": declarer, "doubling": doubling,
            "declarer_points": points, "valat": valat, "announcements": announcements,
            "belot": belot}


def _announcements(record: Mapping[str, Any], contract: str) -> list[dict[str, Any]]:
    items = record.get("announcements", [])
    if items is None:
        items = []
    if not isinstance(items, list):
        raise RecordError("announcements", "is a list of declarations, e.g. "
                          '[{"team": "NS", "kind": "tierce", "high": "9S"}]')
    if items and contract == "NT":
        raise RecordError("announcements", "nothing is declared in no trumps")
    out: list[dict[str, Any]] = []
    used: list[int] = []
    for i, item in enumerate(items):
        path = f"announcements.{i}."
        if not isinstance(item, Mapping):
            raise RecordError(f"announcements.{i}", "is an object with team and kind")
        unknown = sorted(k for k in item if k not in ITEM_FIELDS)
        if unknown:
            raise RecordError(f"announcements.{i}", f"{unknown[0]!r} is not a field of a "
                              "declaration (fields: " + ", ".join(ITEM_FIELDS) + ")")
        team = field_choice(item, "team", TEAMS, path=path)
        kind = field_choice(item, "kind", KINDS, path=path)
        if kind == "carre":
            clean, cards = _carre(item, path)
        else:
            clean, cards = _sequence(item, kind, path)
        for j, other in enumerate(used):
            if other & cards:
                raise RecordError(f"announcements.{i}",
                                  f"shares {DECK.format_mask(other & cards)} with "
                                  f"announcement {j}: a card serves in one declaration only")
        used.append(cards)
        out.append({"team": team, "kind": kind, **clean})
    return out


def _carre(item: Mapping[str, Any], path: str) -> tuple[dict[str, Any], int]:
    raw = item.get("rank")
    if raw is None:
        raise RecordError(path + "rank", "is missing: the rank of the carré (J 9 A T K Q)")
    text = str(raw).strip().upper()
    text = DECK.aliases.get(text, text)
    if text in ("7", "8"):
        raise RecordError(path + "rank", f"a carré of {text}s is worth nothing and is not "
                          "declared")
    if text not in CARRE_RANKS:
        raise RecordError(path + "rank", f"{raw!r} is not one of {' '.join(CARRE_RANKS)}")
    return {"rank": text}, DECK.rank_masks[DECK.ranks.index(text)]


def _sequence(item: Mapping[str, Any], kind: str, path: str) -> tuple[dict[str, Any], int]:
    if "high" not in item:
        raise RecordError(path + "high", "is missing: the highest card of the sequence")
    try:
        high = DECK.parse(str(item["high"]))
    except NotationError as exc:
        raise RecordError(path + "high", str(exc)) from None
    if kind == "quinte":
        length = field_int(item, "length", 5, 8, default=5, path=path)
    else:
        length = SEQUENCE_LENGTHS[kind]
        if item.get("length", length) != length:
            raise RecordError(path + "length", f"a {kind} has {length} cards")
    top = DECK.rank_of[high]
    if top < length - 1:
        lowest = DECK.format(high - top + length - 1)
        raise RecordError(path + "high", f"a {kind} of {length} cards cannot end at "
                          f"{DECK.format(high)}; its top card is {lowest} or higher")
    clean: dict[str, Any] = {"high": DECK.format(high)}
    if length > 5:
        clean["length"] = length
    return clean, run_cards(SUIT_OF[high], top, length)


def _belots(record: Mapping[str, Any], contract: str,
            announcements: Sequence[Mapping[str, Any]]) -> list[str]:
    suits = belot_suits(contract)
    if not suits:
        if record.get("belot"):
            raise RecordError("belot", "there is no belot in no trumps")
        field_team_counts(record, "belot", 0)
        return []
    belots = field_team_counts(record, "belot", len(suits))
    if not belots:
        return belots
    # A team's belot needs K+Q of a belot suit that no opponent declared in a combination.
    cards_of = {t: 0 for t in TEAMS}
    for a in announcements:
        cards_of[a["team"]] |= declaration_cards(a)
    free = {}
    for t in TEAMS:
        other = cards_of[TEAMS[1 - TEAMS.index(t)]]
        free[t] = {s for s in suits if not other & _kq(s)}
    for t in TEAMS:
        if belots.count(t) > len(free[t]):
            raise RecordError("belot", f"{t} cannot hold {belots.count(t)} belot(s): the "
                              "king or queen is in the other team's declarations")
    if len(belots) > len(free["NS"] | free["EW"]):
        raise RecordError("belot", "more belots than suits whose king and queen are free")
    return belots


def _kq(suit: int) -> int:
    k, q = DECK.ranks.index("K"), DECK.ranks.index("Q")
    return (1 << (suit * 8 + k)) | (1 << (suit * 8 + q))


def declaration_cards(item: Mapping[str, Any]) -> int:
    """The cards of a normalised announcement."""
    if item["kind"] == "carre":
        return DECK.rank_masks[DECK.ranks.index(item["rank"])]
    high = DECK.parse(item["high"])
    length = item.get("length", SEQUENCE_LENGTHS.get(item["kind"], 5))
    return run_cards(SUIT_OF[high], DECK.rank_of[high], length)


def declarations(rules: Rules, record: Mapping[str, Any]) -> list[Declaration]:
    """The comparison's view of a normalised record's announcements (values per BG5)."""
    out = []
    for item in record.get("announcements", ()):
        team = TEAMS.index(item["team"])
        cards = declaration_cards(item)
        if item["kind"] == "carre":
            rank = DECK.ranks.index(item["rank"])
            out.append(Declaration(team, "set", carre_points(rank), 4, rank, cards))
        else:
            high = DECK.parse(item["high"])
            length = cards.bit_count()
            out.append(Declaration(team, "run", sequence_points(length, rules.seq8), length,
                                   DECK.rank_of[high], cards))
    return out


# ---- the record of a played deal -----------------------------------------------------------


def make_record(rules: Rules, played: PlayedDeal) -> dict[str, Any]:
    """The record a table would write for a deal played in the engine."""
    contract = played.contract
    if contract is None:
        return {"thrown_in": True}
    denomination = contract.denomination
    team = TEAMS[contract.taker % 2]
    points = played.card_points[team]
    if denomination == "NT":
        points //= NT_SCALE
    announcements = []
    for a in played.declared:
        if a.kind == "carre":
            rank = DECK.rank_of[(a.cards & -a.cards).bit_length() - 1]
            announcements.append({"team": TEAMS[a.team], "kind": "carre",
                                  "rank": DECK.ranks[rank]})
        else:
            high = a.cards.bit_length() - 1
            item: dict[str, Any] = {"team": TEAMS[a.team],
                                    "kind": sequence_kind(a.cards.bit_count()),
                                    "high": DECK.format(high)}
            if a.cards.bit_count() > 5:
                item["length"] = a.cards.bit_count()
            announcements.append(item)
    belot = sorted((TEAMS[a.team] for a in played.play_declarations if a.kind == "belot"),
                   key=TEAMS.index)
    return {"contract": denomination, "declarer": SEATS[contract.taker],
            "doubling": DOUBLINGS[contract.doubled], "declarer_points": points,
            "valat": played.capot, "announcements": announcements, "belot": belot}
