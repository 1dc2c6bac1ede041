"""Croatian Bela's deal record: its fields, its validation, and the record of a played deal.

Source: ``rules/bulgarian-bela-cuatrola.md`` §3.8 (what a table writes down) and §3.5 (what a
declaration is). The format is documented in ``docs/variants/bela.md``::

    {"trump": "H", "caller": "E", "caller_points": 95, "stiglja": null,
     "declarations": [{"team": "EW", "kind": "tierce", "high": "KH"}],
     "bela": ["EW"], "belot": null}

Validation goes field by field and raises :class:`~framework.errors.RecordError` naming the
first bad field; it returns the record normalised (canonical spellings, defaults filled in,
``opponents_points`` turned into ``caller_points``), which :mod:`variants.bela.scoring` scores.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
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
    MatchContext,
    NotationError,
    PlayedDeal,
    RecordError,
    RecordField,
    Rules,
    field_choice,
    field_int,
    field_team_counts,
    next_seat,
    parse_team,
    require_object,
    team_of,
    thrown_in_record,
)
from variants.bela.rules import (
    BELA_MASKS,
    CARRE_POINTS,
    CARRE_RANKS,
    SEQUENCE_KINDS,
    SEQUENCE_LENGTHS,
    SUITS,
    TOTAL_POINTS,
    Declaration,
    belot,
    carre,
    sequence,
    winning_team,
)

KINDS = (*SEQUENCE_KINDS.values(), "carre")
THROWN_IN = {"thrown_in": True}
#: Every key a record may have.
FIELDS = ("thrown_in", "trump", "caller", "caller_points", "opponents_points", "stiglja",
          "declarations", "bela", "belot", "dealer")

# ---- the form --------------------------------------------------------------------------------


def record_fields(rules: Rules) -> list[RecordField]:
    """The fields of the record, in form order; without ``mus`` a "Thrown in" box comes first
    (everybody passed), and ticking it hides the others."""
    suits = tuple(Choice(s, s) for s in SUITS)
    optional_team = (*TEAM_CHOICES, Choice(None, "nobody"))
    cards = tuple(Choice(name, name) for name in DECK.names)
    fields = [
        RecordField("trump", "Trump", "choice", suits, required=False, default=None,
                    help="The suit called; needed only when it decides a tie between "
                         "declarations."),
        RecordField("caller", "Called by", "choice", SEAT_CHOICES,
                    help="The seat that called trump."),
        RecordField("caller_points", "Caller's card points", "integer", required=False,
                    default=None, minimum=0, maximum=TOTAL_POINTS,
                    complement=TOTAL_POINTS,
                    help="Card points of the caller's team, last trick included (the others "
                         "have 162 minus this); may be left out after a stiglja."),
        RecordField("opponents_points", "Opponents' card points", "integer", required=False,
                    default=None, minimum=0, maximum=TOTAL_POINTS,
                    help="Instead of the caller's card points: those of the other team."),
        RecordField("stiglja", "Stiglja (all tricks)", "choice", optional_team, required=False,
                    default=None, help="The team that took every trick: 162 + 90 = 252."),
        RecordField("declarations", "Declarations", "items", required=False, default=[],
                    help="Every sequence and carre declared; only the team with the best one "
                         "scores.",
                    items=(
                        RecordField("team", "Team", "choice", TEAM_CHOICES),
                        RecordField("kind", "Kind", "choice", tuple(Choice(k, k) for k in KINDS)),
                        RecordField("high", "Top card", "choice", cards, required=False,
                                    shown_when={"kind": list(SEQUENCE_KINDS.values())}),
                        RecordField("rank", "Rank", "choice",
                                    tuple(Choice(r, r) for r in CARRE_RANKS), required=False,
                                    shown_when={"kind": ["carre"]}),
                        RecordField("seat", "Seat", "choice", SEAT_CHOICES, required=False,
                                    default=None,
                                    help="Only when two equal sequences must be told apart."),
                    )),
        RecordField("bela", "Bela (K+Q of trump)", "counts", TEAM_CHOICES, required=False,
                    default=[], help="The team whose player held and played the bela."),
        RecordField("belot", "Belot (8 cards of a suit)", "choice", optional_team,
                    required=False, default=None,
                    help="A team that held all eight cards of a suit wins the game."),
        RecordField("dealer", "Dealer", "choice", SEAT_CHOICES, required=False, default=None,
                    help="Only when equal sequences are told apart by seat; by default the "
                         "match's dealer of this deal."),
    ]
    if rules.mus:
        return fields
    thrown_in = RecordField("thrown_in", "Thrown in", "boolean", required=False, default=False,
                            help="Everybody passed: nobody scores, the next seat deals.")
    return [thrown_in, *(replace(f, shown_when={"thrown_in": [False]}) for f in fields)]


# ---- validation ------------------------------------------------------------------------------


def _team(item: Mapping[str, Any], name: str, path: str = "", optional: bool = False
          ) -> str | None:
    """A team key (``NS``, ``EW``; ``SN``, ``WE`` and any case accepted), or None when the
    field is optional and absent or null."""
    value = item.get(name)
    if value is None:
        if optional:
            return None
        raise RecordError(path + name, "is missing")
    if not isinstance(value, str):
        raise RecordError(path + name, f"{value!r} is not one of NS, EW"
                          + (", null" if optional else ""))
    try:
        return TEAMS[parse_team(value)]
    except NotationError as exc:
        raise RecordError(path + name, str(exc)) from None


def _declaration(item: Any, path: str) -> Declaration:
    """One item of ``declarations``."""
    if not isinstance(item, Mapping):
        raise RecordError(path.rstrip("."), 'is an object like {"team": "NS", "kind": '
                          '"tierce", "high": "KH"}')
    team = TEAMS.index(_team(item, "team", path) or "")
    kind = field_choice(item, "kind", KINDS, path=path)
    allowed = {"team", "kind", "seat", "rank" if kind == "carre" else "high"}
    unknown = sorted(str(k) for k in item if k not in allowed)
    if unknown:
        raise RecordError(path + unknown[0], f"is not a field of a {kind} (fields: "
                          f"{', '.join(sorted(allowed))})")
    seat = field_choice(item, "seat", (*SEATS, None), default=None, path=path)
    seat_index = None if seat is None else SEATS.index(seat)
    if seat_index is not None and team_of(seat_index) != team:
        raise RecordError(path + "seat", f"{seat} does not play for {TEAMS[team]}")
    if kind == "carre":
        if "rank" not in item:
            raise RecordError(path + "rank", "is missing (J, 9, A, T, K or Q)")
        raw = str(item["rank"]).strip().upper()
        rank = DECK.aliases.get(raw, raw)
        if rank not in DECK.ranks:
            raise RecordError(path + "rank", f"{item['rank']!r} is not a rank")
        if rank not in CARRE_POINTS:
            raise RecordError(path + "rank", f"four {rank}s are not a declaration")
        return carre(team, DECK.ranks.index(rank), seat_index)
    length = SEQUENCE_LENGTHS[kind]
    if "high" not in item:
        raise RecordError(path + "high", f"is missing (the top card of the {kind})")
    try:
        high = DECK.parse(str(item["high"]))
    except NotationError as exc:
        raise RecordError(path + "high", str(exc)) from None
    top = DECK.rank_of[high]
    if top < length - 1:
        lowest = DECK.ranks[length - 1] + SUITS[DECK.suit_of[high]]
        raise RecordError(path + "high", f"{DECK.format(high)} cannot top a {kind} "
                          f"(the lowest top card is {lowest})")
    return sequence(team, length, top, DECK.suit_of[high], seat_index)


def _declarations(record: Mapping[str, Any], two_way: bool) -> list[Declaration]:
    value = record.get("declarations", [])
    if value is None:
        return []
    if not isinstance(value, list):
        raise RecordError("declarations", 'is a list like [{"team": "NS", "kind": "tierce", '
                          '"high": "KH"}]')
    decls = [_declaration(item, f"declarations.{i}.") for i, item in enumerate(value)]
    # A card exists once: two teams never share one; one team only with HR8, carre + sequence.
    for i, decl in enumerate(decls):
        for other in decls[:i]:
            common = decl.cards & other.cards
            if not common:
                continue
            shared_ok = (two_way and decl.team == other.team and
                         (decl.kind == "carre") != (other.kind == "carre") and
                         (decl.seat is None or other.seat is None or decl.seat == other.seat))
            if not shared_ok:
                raise RecordError(f"declarations.{i}", f"{DECK.format_mask(common)} is already "
                                  f"in {other.describe()}")
    return decls


def _caller_points(record: Mapping[str, Any]) -> int | None:
    """``caller_points``, or 162 minus ``opponents_points``; both given must add up to 162."""
    mine = theirs = None
    if record.get("caller_points") is not None:
        mine = field_int(record, "caller_points", 0, TOTAL_POINTS)
    if record.get("opponents_points") is not None:
        theirs = field_int(record, "opponents_points", 0, TOTAL_POINTS)
    if mine is not None and theirs is not None and mine + theirs != TOTAL_POINTS:
        raise RecordError("opponents_points", f"{mine} + {theirs} = {mine + theirs}, not "
                          f"{TOTAL_POINTS}: give the card points of one team")
    return mine if theirs is None else TOTAL_POINTS - theirs


def validate(rules: Rules, record: Any, context: MatchContext) -> dict[str, Any]:
    """The normalised record, or :class:`RecordError` naming the first bad field."""
    record = require_object(record)
    for key in record:
        if key not in FIELDS:
            raise RecordError("record", f"{key!r} is not a field of a Bela record; fields: "
                              + ", ".join(FIELDS))
    thrown_in = thrown_in_record(record)
    if thrown_in is not None:
        return thrown_in
    belot_team = _team(record, "belot", optional=True)
    if belot_team is not None and rules.belot8 == "win_game" and "caller" not in record:
        return {"belot": belot_team}  # the game is over: nothing else needs writing
    trump = field_choice(record, "trump", (*SUITS, None), default=None)
    caller = field_choice(record, "caller", SEATS)
    caller_team = team_of(SEATS.index(caller))
    stiglja = _team(record, "stiglja", optional=True)
    points = _caller_points(record)
    if stiglja is not None:
        forced = TOTAL_POINTS if TEAMS.index(stiglja) == caller_team else 0
        if points is not None and points != forced:
            raise RecordError("stiglja", f"{stiglja} took every trick, so the caller's team has "
                              f"{forced} card points, not {points}")
        points = forced
    if points is None:
        raise RecordError("caller_points", "is missing (card points of the caller's team, "
                          "0 to 162)")
    decls = _declarations(record, rules.card_in_two_declarations)
    bela = field_team_counts(record, "bela", 1)
    if bela and trump is not None:
        kq = BELA_MASKS[SUITS.index(trump)]
        for i, decl in enumerate(decls):
            if decl.cards & kq and TEAMS[decl.team] != bela[0]:
                raise RecordError("bela", f"{bela[0]}'s bela needs K{trump} and Q{trump}, but "
                                  f"declarations.{i} gives {DECK.format_mask(decl.cards & kq)} "
                                  f"to {TEAMS[decl.team]}")
    dealer = field_choice(record, "dealer", SEATS, default=None)
    first_hand = next_seat(SEATS.index(dealer) if dealer else context.dealer)
    ranked = list(decls)
    if belot_team is not None:
        ranked.append(belot(TEAMS.index(belot_team), -1, rules.target))
    winning_team(ranked, None if trump is None else SUITS.index(trump), rules.equal_value,
                 first_hand)  # raises if the tie-break needs a field not given
    out: dict[str, Any] = {
        "trump": trump,
        "caller": caller,
        "caller_points": points,
        "stiglja": stiglja,
        "declarations": [declaration_json(d) for d in decls],
        "bela": bela,
        "belot": belot_team,
    }
    if dealer is not None:
        out["dealer"] = dealer
    return out


def declaration_json(decl: Declaration) -> dict[str, Any]:
    """A declaration as the record writes it."""
    out: dict[str, Any] = {"team": TEAMS[decl.team], "kind": decl.kind}
    if decl.kind == "carre":
        out["rank"] = DECK.ranks[decl.top]
    else:
        out["high"] = DECK.ranks[decl.top] + SUITS[decl.suit]
    if decl.seat is not None:
        out["seat"] = SEATS[decl.seat]
    return out


def declarations_of(record: Mapping[str, Any]) -> list[Declaration]:
    """The declarations of a normalised record."""
    out = []
    for item in record.get("declarations") or ():
        team = TEAMS.index(item["team"])
        seat = SEATS.index(item["seat"]) if item.get("seat") else None
        if item["kind"] == "carre":
            out.append(carre(team, DECK.ranks.index(item["rank"]), seat))
        else:
            high = DECK.parse(item["high"])
            out.append(sequence(team, SEQUENCE_LENGTHS[item["kind"]], DECK.rank_of[high],
                                DECK.suit_of[high], seat))
    return out


# ---- the record of a played deal -------------------------------------------------------------


def make_record(rules: Rules, played: PlayedDeal, declared: Sequence[Declaration]
                ) -> dict[str, Any]:
    """The record a table would write for a deal played in the engine.

    :param declared: every sequence and carré declared, in playing order from the first hand
        (belots are read from ``played.declared``).
    """
    contract = played.contract
    if contract is None:
        return dict(THROWN_IN)
    trump = SUITS.index(contract.denomination)
    caller_team = contract.taker % 2
    belots = [a for a in played.declared if a.kind == "belot"]
    decls = list(declared)
    try:
        winning_team(decls + [belot(a.team, -1, rules.target) for a in belots[:1]], trump,
                     rules.equal_value, None)
        with_seats = False
    except RecordError:
        with_seats = True  # equal best declarations: the seats decide
    record: dict[str, Any] = {
        "trump": contract.denomination,
        "caller": SEATS[contract.taker],
        "caller_points": played.card_points[TEAMS[caller_team]],
        "stiglja": played.capot,
        "declarations": [declaration_json(d if with_seats else
                                          Declaration(d.team, d.kind, d.points, d.length, d.top,
                                                      d.suit))
                         for d in decls],
        "bela": sorted((TEAMS[a.team] for a in played.play_declarations if a.kind == "bela"),
                       key=TEAMS.index),
        "belot": TEAMS[belots[0].team] if belots else None,
    }
    if with_seats:
        record["dealer"] = SEATS[played.dealer]
    return record
