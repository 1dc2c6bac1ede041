"""Croatian Bela's deal record: its fields, its validation, and the record of a played deal.

Source: ``rules/bulgarian-bela-cuatrola.md`` §3.8 (what a table writes down) and §3.5 (what a
declaration is). The format is documented in ``docs/variants/bela.md``::

    {"trump": "H", "caller": "E", "caller_points": 95, "stiglja": null,
     "declarations": [{"team": "EW", "kind": "tierce", "high": "KH"}],
     "bela": ["EW"], "belot": null}

The record is declared once (:func:`record_schema`): the kernel reads it field by field and
raises :class:`~framework.core.errors.RecordError` naming the first bad field; the rules that span
several fields (a stiglja fixes the card points, declarations share no card, the bela's K and Q,
the tie-break) are :func:`_check`. The normalised record (canonical spellings, defaults filled
in, ``opponents_points`` turned into ``caller_points``) is what :mod:`variants.bela.scoring`
scores.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from framework.api import (
    DEALER,
    SEATS,
    TEAMS,
    CardCode,
    CountsField,
    Field,
    IntegerField,
    MatchContext,
    PlayedDeal,
    RecordError,
    RecordSchema,
    Rules,
    Seat,
    SeatField,
    SuitField,
    Team,
    TeamField,
    hookimpl,
    next_seat,
    team_of,
    thrown_in_field,
)
from framework.api import (
    FRENCH_32 as DECK,
)
from variants.bela.declaration import _
from variants.bela.rules import (
    BELA_MASKS,
    CARRE_RANKS,
    KIND_LABELS,
    KIND_WORDS,
    SEQUENCE_KINDS,
    SEQUENCE_LENGTHS,
    SUITS,
    TOTAL_POINTS,
    Declaration,
    belot,
    carre,
    from_announcement,
    sequence,
    winning_team,
)
from variants.belote import (
    WHICH_RANK,
    WHICH_TEAM_DECLARED,
    carre_rank_field,
    declarations_field,
    item_team_field,
    kind_field,
    top_card_field,
    which_top_of,
)

#: What a sequence given without its top card is asked (the belote family's question).
_which_top = which_top_of(KIND_WORDS)


KINDS = (*SEQUENCE_KINDS.values(), "carre")
_SEQUENCES = list(SEQUENCE_KINDS.values())

# ---- the record, declared once ----------------------------------------------------------------


@hookimpl
def atout_record_schema(rules: Rules) -> RecordSchema:
    """The record's fields, in form order, and the rules that span several of them. Without
    ``mus`` a "Thrown in" box comes first (everybody passed), and ticking it hides the others.
    A typical deal needs trump, caller, card points and bela; the rest is rare."""
    fields: list[Field] = [
        SuitField(
            "trump",
            _("Trump"),
            DECK,
            required=False,
            help=_("The suit called; needed only when it decides a tie between declarations."),
        ),
        SeatField(
            "caller",
            _("Called by"),
            required=False,
            help=_("The seat that called trump."),
        ),
        IntegerField(
            "caller_points",
            _("Caller's card points"),
            0,
            TOTAL_POINTS,
            required=False,
            complement=TOTAL_POINTS,
            help=_(
                "Card points of the caller's team, last trick included (the others "
                "have 162 minus this); may be left out after a stiglja."
            ),
        ),
        IntegerField(
            "opponents_points",
            _("Opponents' card points"),
            0,
            TOTAL_POINTS,
            required=False,
            rare=True,
            help=_("Instead of the caller's card points: those of the other team."),
        ),
        TeamField(
            "stiglja",
            _("Stiglja (all tricks)"),
            nobody="nobody",
            rare=True,
            help=_("The team that took every trick: 162 + 90 = 252."),
        ),
        declarations_field(
            (
                item_team_field(WHICH_TEAM_DECLARED),
                kind_field(
                    KINDS,
                    KIND_LABELS,
                    _(
                        "What was declared: a tierce, a quarte, a quinte, a sixte, a septieme "
                        "or a carré?"
                    ),
                ),
                top_card_field(_SEQUENCES, _which_top, help=""),
                carre_rank_field(
                    CARRE_RANKS, lambda rank: _("four {rank}s are not a declaration", rank=rank)
                ),
                SeatField(
                    "seat",
                    _("Seat"),
                    required=False,
                    help=_("Only when two equal sequences must be told apart."),
                ),
            ),
            _("Every sequence and carre declared; only the team with the best one scores."),
            '[{"team": "NS", "kind": "tierce", "high": "KH"}]',
        ),
        CountsField(
            "bela",
            _("Bela (K+Q of trump)"),
            of=item_team_field(),
            most=1,
            required=False,
            default=[],
            help=_("The team whose player held and played the bela."),
        ),
        TeamField(
            "belot",
            _("Belot (8 cards of a suit)"),
            nobody="nobody",
            rare=True,
            help=_("A team that held all eight cards of a suit wins the game."),
        ),
        SeatField(
            DEALER,
            _("Dealer"),
            required=False,
            rare=True,
            help=_(
                "Only when equal sequences are told apart by seat; by default the "
                "match's dealer of this deal."
            ),
        ),
    ]
    if not rules.mus:
        fields = [
            thrown_in_field(
                _("Thrown in"), _("Everybody passed: nobody scores, the next seat deals.")
            ),
            *fields,
        ]

    def check(clean: dict[str, Any], context: MatchContext) -> dict[str, Any]:
        return _check(rules, clean, context)

    return RecordSchema(fields, check, title=_("a Bela record"))


# ---- the rules that span several fields ------------------------------------------------------


def _declaration(item: Mapping[str, Any], path: str) -> Declaration:
    """One normalised item of ``declarations``, checked against the other fields of the item."""
    team = TEAMS.index(item["team"])
    seat = item.get("seat")
    seat_index = None if seat is None else SEATS.index(seat)
    if seat_index is not None and team_of(seat_index) != team:
        raise RecordError(
            path + "seat",
            _("{seat} does not play for {team}", seat=Seat(seat_index), team=Team(TEAMS[team])),
        )
    kind = item["kind"]
    if kind == "carre":
        if "rank" not in item:
            raise RecordError(path + "rank", WHICH_RANK, asked=True)
        return carre(team, DECK.ranks.index(item["rank"]), seat_index)
    if "high" not in item:
        raise RecordError(path + "high", _which_top(item), asked=True)
    length = SEQUENCE_LENGTHS[kind]
    high = DECK.parse(item["high"])
    top = DECK.rank_of[high]
    if top < length - 1:
        lowest = DECK.ranks[length - 1] + SUITS[DECK.suit_of[high]]
        raise RecordError(
            path + "high",
            _(
                "{card} cannot top a {kind} (the lowest top card is {lowest})",
                card=CardCode(DECK.format(high)),
                kind=KIND_WORDS.get(kind, kind),
                lowest=CardCode(lowest),
            ),
        )
    return sequence(team, length, top, DECK.suit_of[high], seat_index)


def _declarations(items: Sequence[Mapping[str, Any]], two_way: bool) -> list[Declaration]:
    decls = [_declaration(item, f"declarations.{i}.") for i, item in enumerate(items)]
    # A card exists once: two teams never share one; one team only with HR8, carre + sequence.
    for i, decl in enumerate(decls):
        for other in decls[:i]:
            common = decl.cards & other.cards
            if not common:
                continue
            shared_ok = (
                two_way
                and decl.team == other.team
                and (decl.kind == "carre") != (other.kind == "carre")
                and (decl.seat is None or other.seat is None or decl.seat == other.seat)
            )
            if not shared_ok:
                raise RecordError(
                    f"declarations.{i}",
                    _(
                        "{cards} is already in {declaration}",
                        cards=DECK.format_mask(common),
                        declaration=other.describe(),
                    ),
                )
    return decls


def _caller_points(clean: Mapping[str, Any]) -> int | None:
    """``caller_points``, or 162 minus ``opponents_points``; both given must add up to 162."""
    mine: int | None = clean["caller_points"]
    theirs: int | None = clean["opponents_points"]
    if mine is not None and theirs is not None and mine + theirs != TOTAL_POINTS:
        raise RecordError(
            "opponents_points",
            _(
                "{mine} + {theirs} = {sum}, not {total}: give the card points of one team",
                mine=mine,
                theirs=theirs,
                sum=mine + theirs,
                total=TOTAL_POINTS,
            ),
        )
    return mine if theirs is None else TOTAL_POINTS - theirs


def _check(rules: Rules, clean: dict[str, Any], context: MatchContext) -> dict[str, Any]:
    belot_team = clean["belot"]
    caller = clean["caller"]
    if caller is None:
        if belot_team is not None and rules.belot8 == "win_game":
            return {"belot": belot_team}  # the game is over: nothing else needs writing
        raise RecordError("caller", _("is missing"))
    trump = clean["trump"]
    caller_team = team_of(SEATS.index(caller))
    stiglja = clean["stiglja"]
    points = _caller_points(clean)
    if stiglja is not None:
        forced = TOTAL_POINTS if TEAMS.index(stiglja) == caller_team else 0
        if points is not None and points != forced:
            raise RecordError(
                "stiglja",
                _(
                    "{team} took every trick, so the caller's team has {forced} card points, "
                    "not {points}",
                    team=Team(stiglja),
                    forced=forced,
                    points=points,
                ),
            )
        points = forced
    if points is None:
        raise RecordError(
            "caller_points", _("is missing (card points of the caller's team, 0 to 162)")
        )
    decls = _declarations(clean["declarations"], rules.card_in_two_declarations)
    bela = clean["bela"]
    if bela and trump is not None:
        kq = BELA_MASKS[SUITS.index(trump)]
        for i, decl in enumerate(decls):
            if decl.cards & kq and TEAMS[decl.team] != bela[0]:
                raise RecordError(
                    "bela",
                    _(
                        "the bela of {team} needs {king} and {queen}, but declarations.{i} gives "
                        "{cards} to {other}",
                        team=Team(bela[0]),
                        king="K" + trump,
                        queen="Q" + trump,
                        i=str(i),
                        cards=DECK.format_mask(decl.cards & kq),
                        other=Team(TEAMS[decl.team]),
                    ),
                )
    dealer = clean[DEALER]
    first_hand = next_seat(SEATS.index(dealer) if dealer else context.dealer)
    ranked = list(decls)
    if belot_team is not None:
        ranked.append(belot(TEAMS.index(belot_team), -1, rules.target))
    winning_team(
        ranked, None if trump is None else SUITS.index(trump), rules.equal_value, first_hand
    )  # raises if the tie-break needs a field not given
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
        out[DEALER] = dealer
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
            out.append(
                sequence(
                    team,
                    SEQUENCE_LENGTHS[item["kind"]],
                    DECK.rank_of[high],
                    DECK.suit_of[high],
                    seat,
                )
            )
    return out


# ---- the record of a played deal -------------------------------------------------------------


@hookimpl
def atout_make_record(rules: Rules, played: PlayedDeal) -> dict[str, Any]:
    """The record a table would write for a deal played in the engine: its sequences and carrés
    and its belots are read from ``played.declared``, in playing order from the first hand."""
    contract = played.contract
    assert contract is not None  # a deal thrown in has the kernel\'s record
    trump = SUITS.index(contract.denomination)
    caller_team = contract.taker % 2
    belots = [a for a in played.declared if a.kind == "belot"]
    decls = [from_announcement(a) for a in played.declared if a.kind != "belot"]
    try:
        winning_team(
            decls + [belot(a.team, -1, rules.target) for a in belots[:1]],
            trump,
            rules.equal_value,
            None,
        )
        with_seats = False
    except RecordError:
        with_seats = True  # equal best declarations: the seats decide
    record: dict[str, Any] = {
        "trump": contract.denomination,
        "caller": SEATS[contract.taker],
        "caller_points": played.card_points[TEAMS[caller_team]],
        "stiglja": played.capot,
        "declarations": [
            declaration_json(
                d if with_seats else Declaration(d.team, d.kind, d.points, d.length, d.top, d.suit)
            )
            for d in decls
        ],
        "bela": sorted(
            (TEAMS[a.team] for a in played.play_declarations if a.kind == "bela"), key=TEAMS.index
        ),
        "belot": TEAMS[belots[0].team] if belots else None,
    }
    if with_seats:
        record[DEALER] = SEATS[played.dealer]
    return record
