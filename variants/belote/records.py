"""Deal-record fields the belote family's variants share (Coinche, French Belote), declared once.

Source: ``design.md`` (the Coinche record) and ``rules/coinche-and-french-belote.md`` §1.4
(the takers' card points, last trick included, are 0–162; a capot fixes them), §1.7 (belotes per
contract: one in a suit, one per suit in all trumps, none in no trumps) and §1.8
(announcements: a sequence is named by its top card, a carré by its rank).

The fields are declared here (:mod:`framework.rules.schema`); the rules that span several fields
(a capot fixes the card points; a sequence fits below its top card; a card serves in one
announcement of a team; a carré that scores nothing is not declared) are the ``check_``
functions, which a variant's schema calls (:func:`check_taking`: all of them).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from framework.api import (
    FRENCH_32 as DECK,
)
from framework.api import (
    TEAMS,
    CardField,
    Choice,
    ChoiceField,
    Contract,
    CountsField,
    Depends,
    Field,
    IntegerField,
    ItemsField,
    PlayedDeal,
    RecordError,
    Rules,
    SuitField,
    Team,
    TeamField,
)
from variants.belote import announcements as ann
from variants.belote.announcements import belote_teams, record_item
from variants.belote.declaration import _
from variants.belote.rules import scaled_card_points

TOTAL = 162  # card points of a deal, last trick included, in every contract

#: Ranks a carré may have in some contract (four 8s or 7s never score).
CARRE_RANKS = tuple(r for r in ("J", "9", "A", "T", "K", "Q"))

#: The contracts without a trump suit, in players' words: no trumps and all trumps.
NT_AT_CHOICES = (Choice("NT", _("no trumps")), Choice("AT", _("all trumps")))


def trump_field(nt_at: bool, option: str, **hints: Any) -> SuitField:
    """``trump``: the contract's suit, or no trumps or all trumps where the game plays them
    (``nt_at``, the value of its option named ``option``); where it does not, naming them is
    refused with the option's name."""
    return SuitField(
        "trump",
        _("Trump"),
        DECK,
        extra=NT_AT_CHOICES if nt_at else (),
        refused={}
        if nt_at
        else {
            c.value: _(
                "{contract} is not played in these rules (option {option} is off); "
                "name a suit: S H D C",
                contract=c.label,
                option=option,
            )
            for c in NT_AT_CHOICES
        },
        **hints,
    )


def item_team_field(missing: str = "") -> TeamField:
    """``team``, in an item of a record's list (an announcement) or an entry of its counts (a
    belote): the team it is of; one left out is asked ``missing``."""
    return TeamField("team", _("Team"), missing=missing)


#: What a declaration given without its team is asked, in a game whose players declare (Bela,
#: Bulgarian Belot; the family's own announcements are "announced").
WHICH_TEAM_DECLARED = _("Which team declared it?")


def kind_field(kinds: Sequence[str], labels: Mapping[str, str], missing: str) -> ChoiceField:
    """``kind``, in an announcement: one of ``kinds``, shown with ``labels`` (the game's words
    for them); one left out is asked ``missing``."""
    return ChoiceField(
        "kind", _("Kind"), tuple(Choice(k, labels[k]) for k in kinds), missing=missing
    )


def declarations_field(
    items: Sequence[Field],
    help: str,
    example: str,
    name: str = "declarations",
    label: str = _("Declarations"),
    **hints: Any,
) -> ItemsField:
    """``declarations`` (or ``name``): the combinations each team declared, an item each with
    the fields ``items``; optional, rarely needed."""
    return ItemsField(
        name,
        label,
        required=False,
        default=[],
        rare=True,
        example=example,
        help=help,
        items=tuple(items),
        **hints,
    )


def belote_field(**hints: Any) -> CountsField:
    """``belote``: one team entry per belote, as many as the contract allows."""
    return CountsField(
        "belote",
        _("Belote-rebelote"),
        of=item_team_field(),
        most=Depends(
            "trump", {d: ann.max_belotes(d) for d in ("NT", "AT")}, otherwise=ann.max_belotes("S")
        ),
        required=False,
        default=[],
        help=_("one entry per belote (all trumps: one per suit)"),
        **hints,
    )


def capot_field(**hints: Any) -> TeamField:
    """``capot``: the team that took all eight tricks, or null."""
    return TeamField(
        "capot",
        _("Capot"),
        nobody="no",
        rare=True,
        help=_("the team that took all eight tricks"),
        **hints,
    )


def taker_points_field(help: str, **hints: Any) -> IntegerField:
    """``taker_points``: the takers' card points, 0–162 (hidden once a capot is chosen, which
    fixes them; a field hidden by a hidden field is hidden too)."""
    return IntegerField(
        "taker_points",
        _("Takers' card points"),
        0,
        TOTAL,
        required=False,
        complement=TOTAL,
        shown_when={"capot": [None]},
        help=help,
        **hints,
    )


def which_top_of(kinds: Mapping[str, str]) -> Callable[[Mapping[str, Any]], str]:
    """What a sequence given without its top card is asked ("Which card tops the tierce?"),
    its kind said by ``kinds`` (a variant's words for its kinds): the family's question, in
    its catalog, for every variant of its cards (one that stands alone takes the catalog with
    the base :mod:`variants.belote.words`)."""

    def which_top(item: Mapping[str, Any]) -> str:
        kind = str(item.get("kind"))
        return _("Which card tops the {kind}?", kind=kinds.get(kind, kind))

    return which_top


#: The family's own question of a sequence's top card.
which_top = which_top_of(ann.KIND_WORDS)

#: What a carré given without its rank is asked.
WHICH_RANK = _("A carré of which rank?")


def top_card_field(
    kinds: Iterable[str],
    which_top: Callable[[Mapping[str, Any]], str],
    help: str = _("the highest card of the sequence"),
    **hints: Any,
) -> CardField:
    """``high``, in an announcement of a sequence (its ``kind`` one of ``kinds``): the
    sequence's top card; one left out is asked with ``which_top`` (:func:`which_top_of`)."""
    return CardField(
        "high",
        _("Top card"),
        DECK,
        only_when={"kind": list(kinds)},
        help=help,
        missing=which_top,
        **hints,
    )


def carre_rank_field(
    ranks: Sequence[str], refusal: Callable[[str], str], **hints: Any
) -> ChoiceField:
    """``rank``, in an announcement of a carré: one of ``ranks`` (a ten may be written "10");
    one left out is asked :data:`WHICH_RANK`, another rank of the deck is refused with
    ``refusal(rank)``, the variant's words."""
    return ChoiceField(
        "rank",
        _("Rank"),
        tuple(Choice(r, r) for r in ranks),
        only_when={"kind": ["carre"]},
        missing=WHICH_RANK,
        aliases={"10": "T"},
        refused={r: refusal(r) for r in DECK.ranks if r not in ranks},
        **hints,
    )


def announcements_field(**hints: Any) -> ItemsField:
    """``announcements``: what each team declared (the scoring decides which count)."""
    return declarations_field(
        (
            item_team_field(_("Which team announced it?")),
            kind_field(
                ann.KINDS,
                ann.KIND_LABELS,
                _("What was announced: a tierce, a quarte, a quinte or a carré?"),
            ),
            top_card_field(ann.RUN_LENGTH, which_top),
            IntegerField(
                "length",
                _("Length"),
                5,
                8,
                required=False,
                default=5,
                only_when={"kind": ["quinte"]},
                help=_("a run of 6 to 8 cards counts as a quinte"),
            ),
            carre_rank_field(
                CARRE_RANKS, lambda rank: _("a carré of {rank}s scores nothing", rank=rank)
            ),
        ),
        _("what each team declared; only the team with the best one scores"),
        '[{"team": "NS", "kind": "tierce", "high": "KH"}]',
        name="announcements",
        label=_("Announcements"),
        **hints,
    )


def announced_fields(rules: Rules) -> list[Field]:
    """The ``announcements`` field of a taking game's record where the game plays them (its
    option ``announcements``); none where it does not (:func:`not_announced` says why)."""
    return [announcements_field()] if rules.announcements else []


def not_announced(rules: Rules) -> dict[str, str]:
    """The ``not_fields`` of a game played without announcements (its option ``announcements``
    off): a record naming them is refused with the reason; none when they are played."""
    if rules.announcements:
        return {}
    return {"announcements": _("this game is played without announcements")}


def takers_card_points(points: int | None, taker: str, capot: str | None) -> int:
    """The takers' card points: given, unless a capot implies them (162 when the takers took
    every trick, 0 when the defenders did); given with a capot they must agree.

    >>> takers_card_points(94, "NS", None), takers_card_points(None, "NS", "EW")
    (94, 0)
    """
    if capot is None:
        if points is None:
            raise RecordError("taker_points", _("is missing"))
        return points
    expected = TOTAL if capot == taker else 0
    if points not in (None, expected):
        raise RecordError(
            "taker_points",
            _(
                "the takers took every trick: they have {expected}, not {points}",
                expected=expected,
                points=points,
            )
            if capot == taker
            else _(
                "the defenders took every trick: the takers have {expected}, not {points}",
                expected=expected,
                points=points,
            ),
        )
    return expected


def check_taking(rules: Rules, clean: dict[str, Any]) -> None:
    """The family's rules that span several fields of a taking game's normalised record
    (``taker``, ``trump``, ``taker_points``, ``capot``, ``announcements``): a capot fixes the
    takers' card points, which are filled in (:func:`takers_card_points`); the announcements fit
    the contract and each other (:func:`check_announcements`).

    :raises RecordError: naming the field at fault.
    """
    clean["taker_points"] = takers_card_points(
        clean["taker_points"], clean["taker"], clean["capot"]
    )
    check_announcements(clean.get("announcements", ()), clean["trump"], rules.nt_carre_9)


def check_announcements(
    items: Sequence[Mapping[str, Any]], denomination: str, nt_carre_9: int
) -> None:
    """Check the normalised announcements against the contract and each other.

    Each item has what its kind needs; a sequence fits below its top card; a carré scores in
    this contract; no card serves twice within one team's announcements. Across teams an overlap
    is impossible at a real table too, but it is not refused: ``design.md``'s own example record
    (NS tierce to KH, EW carré of jacks) shares the JH.

    :raises RecordError: naming the item field at fault (``announcements.1.high``).
    """
    used = {"NS": 0, "EW": 0}
    for i, item in enumerate(items):
        where = f"announcements.{i}"
        kind = item["kind"]
        if kind == "carre":
            if "rank" not in item:
                raise RecordError(where + ".rank", _("is missing"))
            if ann.carre_points(item["rank"], denomination, nt_carre_9) == 0:
                raise RecordError(
                    where + ".rank",
                    _(
                        "a carré of {rank} scores nothing in a {denomination} contract",
                        rank=item["rank"],
                        denomination=denomination,
                    ),
                )
            cards = DECK.rank_masks[DECK.ranks.index(item["rank"])]
        else:
            if "high" not in item:
                raise RecordError(where + ".high", _("is missing"))
            top = DECK.parse(item["high"])
            length = item.get("length", ann.RUN_LENGTH[kind])
            top_rank = DECK.rank_of[top]
            if top_rank < length - 1:
                raise RecordError(
                    where + ".high",
                    _(
                        "a {kind} of {length} cards cannot end at {card}",
                        kind=kind,
                        length=length,
                        card=DECK.format(top),
                    ),
                )
            cards = ((1 << length) - 1) << (top - length + 1)
        team = item["team"]
        if cards & used[team]:
            raise RecordError(
                where,
                _(
                    "uses {cards}, already in another announcement of {team}",
                    cards=DECK.format_mask(cards & used[team]),
                    team=Team(team),
                ),
            )
        used[team] |= cards


def played_points(rules: Rules, played: PlayedDeal, contract: Contract) -> dict[str, Any]:
    """What the record of a deal played in the engine says after its contract: the takers'
    card points with dix de der (``taker_points``, scaled in all trumps), the ``capot``, the
    ``belote`` of the declarations made in play and, when the game plays them, the
    ``announcements`` both teams declared (the scoring decides which count)."""
    record: dict[str, Any] = {
        "taker_points": scaled_card_points(
            played.card_points[TEAMS[contract.taker % 2]], contract.denomination, rules.at_values
        ),
        "capot": played.capot,
        "belote": belote_teams(played.play_declarations),
    }
    if rules.announcements:
        items = []
        for a in played.declared:  # (a loop: a comprehension is a frame of its own, every deal)
            items.append(record_item(a))
        record["announcements"] = items
    return record
