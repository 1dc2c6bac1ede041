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
    SEATS,
    TEAMS,
    Choice,
    ChoiceField,
    CountsField,
    Depends,
    IntegerField,
    MatchContext,
    PlayedDeal,
    RecordError,
    RecordSchema,
    Rules,
    SeatField,
    Team,
    TeamField,
    hookimpl,
    team_named,
    thrown_in_field,
)
from variants.belote import (
    WHICH_RANK,
    WHICH_TEAM_DECLARED,
    carre_rank_field,
    declarations_field,
    item_team_field,
    top_card_field,
    which_top_of,
)
from variants.bulgarian.declaration import _, _n
from variants.bulgarian.rules import (
    KIND_WORDS,
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
CONTRACT_LABELS = {
    "C": _("Clubs"),
    "D": _("Diamonds"),
    "H": _("Hearts"),
    "S": _("Spades"),
    "NT": _("No trumps"),
    "AT": _("All trumps"),
}
DOUBLING_LABELS = {
    "none": _("None"),
    "kontra": _("Kontra"),
    "rekontra": _("Rekontra"),
    "surkontra": _("Surkontra"),
}


#: What a sequence given without its top card is asked (the belote family's question).
_which_top = which_top_of(KIND_WORDS)


def doublings(rules: Rules) -> tuple[str, ...]:
    """The doubling levels BG2 allows."""
    return DOUBLINGS[: rules.max_double.bit_length()]


def _contract_choices() -> tuple[Choice, ...]:
    return tuple(Choice(c, CONTRACT_LABELS[c]) for c in LADDER)


@hookimpl
def atout_record_schema(rules: Rules) -> RecordSchema:
    """The Bulgarian record, declared once. A typical deal needs contract, declarer, doubling,
    points and belot; valat and declarations are rare."""
    allowed = doublings(rules)
    suit_points = deal_points(LADDER[0])
    announcement = (
        item_team_field(WHICH_TEAM_DECLARED),
        ChoiceField(
            "kind",
            _("Declaration"),
            (
                Choice("tierce", _("Tierce (3 in sequence, 20)")),
                Choice("quarte", _("Quarte (4 in sequence, 50)")),
                Choice("quinte", _("Quinte (5 or more in sequence, 100)")),
                Choice("carre", _("Carré (four of a rank)")),
            ),
            missing=_("What was declared: a tierce, a quarte, a quinte or a carré?"),
        ),
        top_card_field(("tierce", "quarte", "quinte"), _which_top),
        IntegerField(
            "length",
            _("Cards in sequence"),
            5,
            8,
            required=False,
            default=5,
            only_when={"kind": ["quinte"]},
        ),
        carre_rank_field(
            CARRE_RANKS,
            lambda rank: _("a carré of {rank}s is worth nothing and is not declared", rank=rank),
            help=_("J 200, 9 150, A T K Q 100"),
        ),
    )
    return RecordSchema(
        [
            thrown_in_field(
                _("Thrown in"), _("all four passed: no contract, the next dealer deals")
            ),
            ChoiceField("contract", _("Contract"), _contract_choices()),
            SeatField(  # a seat or a team: the form names them by the table's names
                "declarer",
                _("Declarer"),
                seats=tuple(Choice(s, s) for s in SEATS) + tuple(Choice(t, t) for t in TEAMS),
                help=_("the seat (or team) that bid the contract"),
            ),
            ChoiceField(
                "doubling",
                _("Doubling"),
                tuple(Choice(d, DOUBLING_LABELS[d]) for d in allowed),
                required=False,
                default="none",
                refused={
                    d: _(
                        "{doubling} is not allowed by these rules (max_double "
                        "{max_double}): use {allowed}",
                        doubling=d,
                        max_double=rules.max_double,
                        allowed=", ".join(allowed),
                    )
                    for d in DOUBLINGS
                    if d not in allowed
                },
            ),
            IntegerField(
                "declarer_points",
                _("Declarers' card points"),
                0,
                Depends(
                    "contract",
                    {c: deal_points(c) for c in LADDER if deal_points(c) != suit_points},
                    otherwise=suit_points,
                ),
                help=_(
                    "last trick included: out of 162, 130 in no trumps (not doubled), "
                    "258 in all trumps"
                ),
            ),
            TeamField("valat", _("Valat (all tricks)"), nobody="none", rare=True),
            declarations_field(
                announcement,
                _("everything each team declared; the comparison decides what counts"),
                '[{"team": "NS", "kind": "tierce", "high": "9S"}]',
                name="announcements",
            ),
            CountsField(
                "belot",
                _("Belots"),
                of=item_team_field(),
                most=Depends(
                    "contract",
                    {c: len(belot_suits(c)) for c in LADDER if len(belot_suits(c)) != 1},
                    otherwise=1,
                ),
                required=False,
                default=[],
                help=_("one entry per belot (K+Q of trump) declared in play"),
            ),
        ],
        _check,
        title=_("a Bulgarian Belot deal record"),
    )


# ---- the rules that span several fields ----------------------------------------------------


def _check(clean: dict[str, Any], context: MatchContext) -> dict[str, Any]:
    contract, declarer, points, valat = (
        clean["contract"],
        clean["declarer"],
        clean["declarer_points"],
        clean["valat"],
    )
    team = team_named(declarer)
    if valat is not None:
        needed = deal_points(contract) if valat == team else 0
        if points != needed:
            raise RecordError(
                "valat",
                _(
                    "{team} took every trick, so the declarers' card points are {needed}, not "
                    "{points}",
                    team=Team(valat),
                    needed=needed,
                    points=points,
                ),
            )
    announcements = clean["announcements"]
    if announcements and contract == "NT":
        raise RecordError("announcements", _("nothing is declared in no trumps"))
    used: list[int] = []
    for i, item in enumerate(announcements):
        path = f"announcements.{i}."
        cards = _item_cards(item, path)
        for j, other in enumerate(used):
            if other & cards:
                raise RecordError(
                    f"announcements.{i}",
                    _(
                        "shares {cards} with announcement {j}: a card serves in one declaration "
                        "only",
                        cards=DECK.format_mask(other & cards),
                        j=str(j),
                    ),
                )
        used.append(cards)
    _check_belots(clean["belot"], contract, announcements)
    return clean


def _item_cards(item: Mapping[str, Any], path: str) -> int:
    """The cards of one normalised declaration, checked: a carré has a rank, a sequence a top
    card it fits below."""
    kind = item["kind"]
    if kind == "carre":
        if "rank" not in item:
            raise RecordError(path + "rank", WHICH_RANK, asked=True)
        return DECK.rank_masks[DECK.ranks.index(item["rank"])]
    if "high" not in item:
        raise RecordError(path + "high", _which_top(item), asked=True)
    high = DECK.parse(item["high"])
    length = item.get("length", SEQUENCE_LENGTHS.get(kind, 5))
    top = DECK.rank_of[high]
    if top < length - 1:
        lowest = DECK.format(high - top + length - 1)
        raise RecordError(
            path + "high",
            _(
                "a {kind} of {length} cards cannot end at {card}; its top card is {lowest} or "
                "higher",
                kind=kind,
                length=length,
                card=DECK.format(high),
                lowest=lowest,
            ),
        )
    return run_cards(SUIT_OF[high], top, length)


def _check_belots(
    belots: Sequence[str], contract: str, announcements: Sequence[Mapping[str, Any]]
) -> None:
    """A team's belot needs K+Q of a belot suit that no opponent declared in a combination."""
    suits = belot_suits(contract)
    if not belots:
        return
    cards_of = {t: 0 for t in TEAMS}
    for a in announcements:
        cards_of[a["team"]] |= declaration_cards(a)
    free = {}
    for t in TEAMS:
        other = cards_of[TEAMS[1 - TEAMS.index(t)]]
        free[t] = {s for s in suits if not other & _kq(s)}
    for t in TEAMS:
        if belots.count(t) > len(free[t]):
            raise RecordError(
                "belot",
                _n(
                    "{team} cannot hold {n} belot: the king or queen is in the other team's "
                    "declarations",
                    "{team} cannot hold {n} belots: the king or queen is in the other team's "
                    "declarations",
                    team=Team(t),
                    n=belots.count(t),
                ),
            )
    if len(belots) > len(free["NS"] | free["EW"]):
        raise RecordError("belot", _("more belots than suits whose king and queen are free"))


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
            out.append(
                Declaration(
                    team,
                    "run",
                    sequence_points(length, rules.seq8),
                    length,
                    DECK.rank_of[high],
                    cards,
                )
            )
    return out


# ---- the record of a played deal -----------------------------------------------------------


@hookimpl
def atout_make_record(rules: Rules, played: PlayedDeal) -> dict[str, Any]:
    """The record a table would write for a deal played in the engine."""
    contract = played.contract
    assert contract is not None  # a deal thrown in has the kernel\'s record
    denomination = contract.denomination
    team = TEAMS[contract.taker % 2]
    points = played.card_points[team]
    if denomination == "NT":
        points //= NT_SCALE
    announcements = []
    for a in played.declared:
        if a.kind == "carre":
            rank = DECK.rank_of[(a.cards & -a.cards).bit_length() - 1]
            announcements.append({"team": TEAMS[a.team], "kind": "carre", "rank": DECK.ranks[rank]})
        else:
            high = a.cards.bit_length() - 1
            item: dict[str, Any] = {
                "team": TEAMS[a.team],
                "kind": sequence_kind(a.cards.bit_count()),
                "high": DECK.format(high),
            }
            if a.cards.bit_count() > 5:
                item["length"] = a.cards.bit_count()
            announcements.append(item)
    belot = sorted(
        (TEAMS[a.team] for a in played.play_declarations if a.kind == "belot"), key=TEAMS.index
    )
    return {
        "contract": denomination,
        "declarer": SEATS[contract.taker],
        "doubling": DOUBLINGS[contract.doubled],
        "declarer_points": points,
        "valat": played.capot,
        "announcements": announcements,
        "belot": belot,
    }
