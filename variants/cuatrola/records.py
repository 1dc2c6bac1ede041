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

from collections.abc import Mapping, Sequence
from typing import Any

from framework.api import (
    SEATS,
    TEAMS,
    Choice,
    ChoiceField,
    IntegerField,
    ItemsField,
    MatchContext,
    Param,
    PlayedDeal,
    RecordError,
    RecordSchema,
    Rules,
    SeatField,
    SuitField,
    Team,
    TeamField,
    hookimpl,
    team_of,
    thrown_in_field,
)
from framework.api import (
    SPANISH_20 as DECK,
)
from variants.cuatrola.auction import BET_NAMES, VALUES, bet_allowed
from variants.cuatrola.declaration import _
from variants.cuatrola.rules import LAST_TRICK, SUITS, cante_suit, hand_points

BETS = ("none", *BET_NAMES)
SUIT_NAMES = {"O": "oros", "C": "copas", "E": "espadas", "B": "bastos"}
#: A full hand: 120 card points and the last trick.
HAND_POINTS = sum(hand_points(m) for m in DECK.suit_masks) + LAST_TRICK
#: The dead hand of a solo holds five cards: at least J J J J N (11), at most A A A A 3 (54).
DEAD_MIN, DEAD_MAX = 11, 54
TRICK_BETS = ("cuatrola", "quintola")
POINT_BETS = ("none", "solo")


def _suit(name: str, label: str, **hints: Any) -> SuitField:
    return SuitField(
        name, label, DECK, names={s: f"{s} ({n})" for s, n in SUIT_NAMES.items()}, **hints
    )


def _pair_points(pair: str, help: str) -> IntegerField:
    """``ns_points`` or ``ew_points``: a pair's card points in a hand scored by points (the
    form names the pair by the table's names)."""
    return IntegerField(
        f"{pair.lower()}_points",
        _("{team} card points", team=Team(pair)),
        0,
        HAND_POINTS,
        required=False,
        only_when={"bet": list(POINT_BETS)},
        help=help,
    )


#: The record, declared once (the rules do not change it). A typical hand needs bet, declarer,
#: trump and points or tricks; cantes and the dead hand are rare, a misdeal rarer.
SCHEMA_FIELDS = (
    thrown_in_field(_("Thrown in"), _("a misdeal: the hand is not scored"), rare=True),
    ChoiceField(
        "bet",
        _("Bet"),
        (
            Choice("none", _("No bet (1)")),
            Choice("solo", _("Solo (2)")),
            Choice("cuatrola", _("Cuatrola (4)")),
            Choice("quintola", _("Quintola (5)")),
        ),
        help=_("the highest bet of the hand; a hand nobody bet on is worth 1"),
    ),
    SeatField(
        "declarer",
        _("Declarer"),
        help=_("the player who made the bet; his partner sat out"),
        required=False,
        only_when={"bet": list(BET_NAMES)},
    ),
    _suit(
        "trump",
        _("Trump"),
        required=False,
        help=_(
            "the suit of the dealer's last card; needed when cantes are sung (40 in "
            "trumps), optional in a cuatrola or quintola"
        ),
    ),
    _pair_points(
        "NS",
        _(
            "with the 10 of the last trick, cantes apart; in a no-bet hand the other "
            "pair has the rest of 130"
        ),
    ),
    _pair_points("EW", _("in a solo, give both pairs or the dead hand")),
    IntegerField(
        "dead_points",
        _("Dead hand points"),
        DEAD_MIN,
        DEAD_MAX,
        required=False,
        rare=True,
        only_when={"bet": ["solo"]},
        help=_("card points of the sitting-out partner's five cards; checks the total"),
    ),
    ItemsField(
        "cantes",
        _("Cantes"),
        required=False,
        default=[],
        rare=True,
        items=(TeamField("team", _("Pair")), _suit("suit", _("Suit"))),
        example='[{"team": "NS", "suit": "C"}]',
        help=_("knight and king of a suit: 20, or 40 in trumps; in the order sung"),
        only_when={"bet": list(POINT_BETS)},
    ),
    IntegerField(
        "tricks",
        _("Declarer's tricks"),
        0,
        5,
        help=_("a cuatrola needs 4 tricks, a quintola all 5"),
        only_when={"bet": list(TRICK_BETS)},
    ),
)


@hookimpl
def atout_record_schema(rules: Rules) -> RecordSchema:
    """The Cuatrola record, declared once; the rules that span several fields are checked on
    the normalised record."""

    def check(clean: dict[str, Any], context: MatchContext) -> dict[str, Any]:
        return _check(rules, clean, context)

    return RecordSchema(SCHEMA_FIELDS, check, title=_("a Cuatrola record"))


def _check(rules: Rules, clean: dict[str, Any], context: MatchContext) -> dict[str, Any]:
    bet = clean["bet"]
    declarer = None
    if bet != "none":
        if clean["declarer"] is None:
            raise RecordError("declarer", _("is missing"))
        declarer = SEATS.index(clean["declarer"])
        team = TEAMS[team_of(declarer)]
        own = int(context.totals.get(team, 0))
        if not bet_allowed(bet, own, rules.target, rules.exact_finish):
            raise RecordError(
                "bet",
                _(
                    "{team} have {own}: a {bet} ({value}) would take them past {target}, which "
                    "they must reach exactly",
                    team=Team(team),
                    own=own,
                    bet=bet,
                    value=VALUES[bet],
                    target=rules.target,
                ),
            )
    if bet in TRICK_BETS:
        return clean  # trump optional: a cuatrola or quintola has no cante to count
    trump = clean["trump"]
    if trump is None:
        raise RecordError(
            "trump",
            _("is missing: the trump counts the cantes of a no-bet hand")
            if bet == "none"
            else _("is missing: the trump counts the cantes of a {bet}", bet=bet),
        )
    dead = clean.get("dead_points")
    points = _points(clean, bet, dead)
    cantes = _cantes(clean["cantes"], rules, bet, declarer, trump, points)
    out: dict[str, Any] = {
        "bet": bet,
        "declarer": None if declarer is None else SEATS[declarer],
        "trump": trump,
        "ns_points": points["NS"],
        "ew_points": points["EW"],
        "cantes": cantes,
    }
    if bet == "solo":
        out["dead_points"] = dead
    return out


def _points(record: Mapping[str, Any], bet: str, dead: int | None) -> dict[str, int]:
    """Both pairs' card points, checked against the hand's live total where it is known."""
    live = HAND_POINTS if bet == "none" else (None if dead is None else HAND_POINTS - dead)
    given: dict[str, Any] = {t: record.get(f"{t.lower()}_points") for t in TEAMS}
    derived = None
    for team, other in (("NS", "EW"), ("EW", "NS")):
        if given[team] is None:
            if given[other] is None or live is None:
                raise RecordError(
                    f"{team.lower()}_points",
                    _("is missing (give both pairs' points, or the dead hand's points)")
                    if bet == "solo"
                    else _("is missing (give one pair's points)"),
                )
            if given[other] > live:
                raise RecordError(
                    f"{other.lower()}_points",
                    _(
                        "{points} is more than the {live} points of the hand",
                        points=given[other],
                        live=live,
                    ),
                )
            given[team] = live - given[other]
            derived = team
    ns, ew = given["NS"], given["EW"]
    # what each message about the pairs' total says of it
    total: dict[str, Param] = {
        "ns": Team("NS"),
        "ns_points": ns,
        "ew": Team("EW"),
        "ew_points": ew,
        "sum": ns + ew,
    }
    if live is not None and ns + ew != live:
        raise RecordError(
            "ew_points",
            _(
                "{ns} {ns_points} + {ew} {ew_points} = {sum}, but the hand is worth {live} (in a "
                "no-bet hand)",
                **total,
                live=live,
            )
            if dead is None
            else _(
                "{ns} {ns_points} + {ew} {ew_points} = {sum}, but the hand is worth {live} (with "
                "the dead hand's {dead})",
                **total,
                live=live,
                dead=dead,
            ),
        )
    if live is None and not HAND_POINTS - DEAD_MAX <= ns + ew <= HAND_POINTS - DEAD_MIN:
        raise RecordError(
            "ew_points",
            _(
                "{ns} {ns_points} + {ew} {ew_points} = {sum}, but a solo is worth {low} to {high} "
                "({hand} minus the dead hand)",
                **total,
                low=HAND_POINTS - DEAD_MAX,
                high=HAND_POINTS - DEAD_MIN,
                hand=HAND_POINTS,
            ),
        )
    # Each card is worth at least 2, so any trick is worth at least 8 (6 with three players).
    least = 8 if bet == "none" else 6
    for team in TEAMS:
        if 0 < given[team] < least:
            if team == derived:
                other = "EW" if team == "NS" else "NS"
                raise RecordError(
                    f"{other.lower()}_points",
                    _(
                        "{points} leaves {team} {left}, which is impossible: a trick is worth at "
                        "least {least}",
                        points=given[other],
                        team=Team(team),
                        left=given[team],
                        least=least,
                    ),
                )
            raise RecordError(
                f"{team.lower()}_points",
                _(
                    "{points} is impossible: a trick is worth at least {least}",
                    points=given[team],
                    least=least,
                ),
            )
    return {"NS": ns, "EW": ew}


def _cantes(
    items: Sequence[Mapping[str, str]],
    rules: Rules,
    bet: str,
    declarer: int | None,
    trump: str,
    points: Mapping[str, int],
) -> list[dict[str, str]]:
    """The normalised cantes, checked in the order sung."""
    out: list[dict[str, str]] = []
    sang_20: set[str] = set()
    for i, item in enumerate(items):
        path = f"cantes.{i}."
        team, suit = item["team"], item["suit"]
        if any(c["suit"] == suit for c in out):
            raise RecordError(
                path + "suit", _("{suit} was already sung: each suit is sung once", suit=suit)
            )
        if points[team] == 0:
            raise RecordError(
                path + "team", _("{team} took no trick, so they could not sing", team=Team(team))
            )
        if (
            bet == "solo"
            and rules.solo_cantes == "soloist"
            and declarer is not None
            and team != TEAMS[team_of(declarer)]
        ):
            raise RecordError(path + "team", _("in a solo only the soloist sings (solo_cantes)"))
        if suit == trump and rules.forty_first and team in sang_20:
            raise RecordError(
                path + "suit",
                _(
                    "{team} sang a 20 before their 40; the 40 is sung first (forty_first)",
                    team=Team(team),
                ),
            )
        if suit != trump:
            sang_20.add(team)
        out.append({"team": team, "suit": suit})
    return out


@hookimpl
def atout_make_record(rules: Rules, played: PlayedDeal) -> dict[str, Any]:
    """The record of a hand played in the engine (scores exactly as the played hand)."""
    contract = played.contract
    assert contract is not None  # a deal thrown in has the kernel\'s record
    bet = contract.name or "none"
    record: dict[str, Any] = {
        "bet": bet,
        "declarer": SEATS[contract.taker] if contract.name else None,
        "trump": contract.denomination,
    }
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
    record["cantes"] = [
        {"team": TEAMS[c.team], "suit": SUITS[cante_suit(c)]}
        for c in played.play_declarations
        if c.kind == "cante"
    ]
    return record
