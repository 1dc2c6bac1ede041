"""Préférence's deal record (``docs/variants/preference.md`` §13): its fields, the rules that span
several of them, and what a valid record writes on the sheet.

A scorer records a deal in a few taps::

    {"kind": "game", "dealer": "S", "declarer": "N", "contract": "7H",
     "whist": {"E": "whist", "S": "pass"}, "open": true, "tricks": {"N": 6, "E": 3, "S": 1}}
    {"kind": "misere", "dealer": "S", "declarer": "E", "tricks": {"E": 2}}
    {"kind": "raspasy", "dealer": "S", "streak": 2, "tricks": {"N": 0, "E": 6, "S": 4}}
    {"thrown_in": true}

The match gives what the record does not: the pools before the deal (for help), the dealer, and
the raspasy streak, carried from deal to deal as the score's ``pot`` (the number of raspasy deals
in a row that are still open; see :func:`streak_after`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from framework.api import (
    DEALER,
    THROWN_IN,
    BooleanField,
    Choice,
    ChoiceField,
    IntegerField,
    MatchContext,
    RecordError,
    RecordSchema,
    Rules,
    SeatField,
    SeatsField,
    thrown_in_field,
)
from variants.preference.auction import LADDER, MISERE, exit_level, level_of
from variants.preference.declaration import _, seat_of
from variants.preference.scoring import HALF, PASS, WHIST, score_game, score_misere, score_raspasy
from variants.preference.sheet import Written, from_after, pools_of, table_seats

GAMES = tuple(b for b in LADDER if b != MISERE)
KINDS = ("game", "misere", "raspasy")


def _seats(seats: Sequence[str]) -> tuple[Choice, ...]:
    return tuple(Choice(s, s) for s in seats)


def schema_fields(players: int) -> tuple[Any, ...]:
    """The record's fields for a table of ``players``, in form order."""
    seats = table_seats(players)
    return (
        thrown_in_field(_("Thrown in"), _("a misdeal: not scored, the next seat deals"), rare=True),
        ChoiceField(
            "kind",
            _("Deal"),
            (
                Choice("game", _("Game")),
                Choice("misere", _("Misère")),
                Choice("raspasy", _("Raspasy")),
            ),
            help=_("a game, a misère, or raspasy when all passed"),
        ),
        SeatField(
            DEALER,
            _("Dealer"),
            seats=_seats(seats),
            required=False,
            rare=players == 3,
            help=_("with four players the dealer sits out")
            if players == 4
            else _("the match knows it; the first hand is the next seat"),
        ),
        SeatField(
            "declarer",
            _("Declarer"),
            seats=_seats(seats),
            only_when={"kind": ["game", "misere"]},
            help=_("who took the talon"),
        ),
        ChoiceField(
            "contract",
            _("Contract"),
            tuple(Choice(g, g) for g in GAMES),
            aliases={
                g.replace("S", "♠").replace("C", "♣").replace("D", "♦").replace("H", "♥"): g
                for g in GAMES
                if not g.endswith("NT")
            },
            only_when={"kind": ["game"]},
            help=_("the contract named after the talon, at least the bid"),
        ),
        SeatsField(
            "whist",
            _("Whist or pass"),
            of=ChoiceField(
                "call",
                _("Call"),
                (Choice(WHIST, _("Whist")), Choice(PASS, _("Pass")), Choice(HALF, _("Half"))),
            ),
            seats=seats,
            only_when={"kind": ["game"]},
            help=_("each defender's final call"),
        ),
        BooleanField(
            "open",
            _("Played open"),
            required=False,
            default=False,
            rare=True,
            only_when={"kind": ["game"]},
            help=_("the lone whister played both hands face up (not scored)"),
        ),
        SeatsField(
            "tricks",
            _("Tricks taken"),
            of=IntegerField("n", _("Tricks"), 0, 10),
            seats=seats,
            required=False,
            default={},
            help=_("the declarer's and the defenders' tricks; every player's in raspasy"),
        ),
        IntegerField(
            "streak",
            _("Raspasy in a row"),
            1,
            1000,
            required=False,
            rare=True,
            only_when={"kind": ["raspasy"]},
            help=_("the place of this raspasy in a run of raspasy (the match knows it)"),
        ),
    )


def atout_record_schema_for(rules: Rules) -> RecordSchema:
    """The record of ``rules``' table, with its checks."""

    def check(clean: dict[str, Any], context: MatchContext) -> dict[str, Any]:
        return check_record(rules, clean, context)

    return RecordSchema(schema_fields(rules.players), check, title=_("a Préférence record"))


@dataclass(frozen=True)
class Table:
    """Who plays one deal: the table's seats, the dealer, the active seats from the first hand."""

    seats: tuple[str, ...]
    dealer: str | None
    active: tuple[str, ...]

    @property
    def sitting_out(self) -> tuple[str, ...]:
        return tuple(s for s in self.seats if s not in self.active)

    def order(self) -> tuple[str, ...]:
        """The table's seats from the first hand (the seat after the dealer)."""
        return self.seats if self.dealer is None else from_after(self.seats, self.dealer)

    def defenders(self, declarer: str) -> tuple[str, str]:
        """The two defenders, from the seat after the declarer in playing order."""
        i = self.active.index(declarer)
        return self.active[(i + 1) % 3], self.active[(i + 2) % 3]


def table_of(rules: Rules, dealer: str | None) -> Table:
    seats = table_seats(rules.players)
    if dealer is None:
        return Table(seats, None, seats[:3])
    active = from_after(seats, dealer)[:3]
    return Table(seats, dealer, tuple(s for s in seats if s in active))


# complexity: the rules of §13 that span several fields (the dealer with four players, a
# seat sitting out, ten tricks in all, raspasy's and misère's tricks), one check each, each
# refusal naming its field.
def check_record(rules: Rules, clean: dict[str, Any], context: MatchContext) -> dict[str, Any]:
    """The rules of the record that span several fields (§13), each refusal naming its field."""
    dealer = clean.get(DEALER)
    if dealer is None and rules.players == 4:
        raise RecordError(DEALER, _("is missing: with four players the dealer sits out"))
    table = table_of(rules, dealer)
    kind = clean["kind"]
    tricks: dict[str, int] = clean.get("tricks") or {}
    out: dict[str, Any] = {"kind": kind}
    if dealer is not None:
        out[DEALER] = dealer
    for seat in tricks:
        if seat in table.sitting_out and not (
            kind == "raspasy" and rules.raspasy_talon == "dealer_plays"
        ):
            raise RecordError(
                f"tricks.{seat}",
                _("{seat} deals and sits out; he takes no trick", seat=seat_of(seat)),
            )
    if sum(tricks.values()) > 10:
        _too_many(tricks)
    if kind == "raspasy":
        missing = [s for s in table.active if s not in tricks]
        if missing:
            raise RecordError(
                "tricks",
                _("raspasy needs every player's tricks; missing {seats}", seats=" ".join(missing)),
            )
        if sum(tricks.values()) != 10:
            _too_many(tricks)
        out["tricks"] = tricks
        if clean.get("streak") is not None:
            out["streak"] = clean["streak"]
        return out
    declarer = clean["declarer"]
    if declarer in table.sitting_out:
        raise RecordError(
            DEALER, _("{seat} deals and sits out; {seat} cannot declare", seat=seat_of(declarer))
        )
    out["declarer"] = declarer
    if kind == "misere":
        if declarer not in tricks:
            raise RecordError(
                "tricks", _("give the declarer's tricks ({seat})", seat=seat_of(declarer))
            )
        if len(tricks) == 3 and sum(tricks.values()) != 10:
            _too_many(tricks)
        out["tricks"] = tricks
        return out
    return _check_game(rules, clean, context, table, tricks, out)


def _check_game(
    rules: Rules,
    clean: Mapping[str, Any],
    context: MatchContext,
    table: Table,
    tricks: Mapping[str, int],
    out: dict[str, Any],
) -> dict[str, Any]:
    """A game's contract, calls and tricks."""
    declarer = out["declarer"]
    contract = clean["contract"]
    if context.pot > 0:
        least = exit_level(rules.raspasy_exit, context.pot)
        if level_of(contract) < least:
            raise RecordError(
                "contract",
                _(
                    "{contract} is too low after raspasy (raspasy_exit {least})",
                    contract=contract,
                    least=least,
                ),
            )
    out["contract"] = contract
    first, second = table.defenders(declarer)
    calls: dict[str, str] = clean["whist"]
    _check_calls(rules, contract, calls, first, second)
    out["whist"] = {first: calls[first], second: calls[second]}
    whisters = [s for s in (first, second) if calls[s] == WHIST]
    if clean.get("open"):
        if len(whisters) != 1:
            raise RecordError("open", _("only a lone whister plays open"))
        if rules.lone_whist_open == "never":
            raise RecordError("open", _("a lone whister never plays open (lone_whist_open)"))
        out["open"] = True
    if not whisters:
        if tricks:
            said = "/".join(calls[s] for s in (first, second))
            raise RecordError("tricks", _("no play after whist {calls}; remove tricks", calls=said))
        return out
    missing = [s for s in (declarer, first, second) if s not in tricks]
    if missing:
        raise RecordError(
            "tricks",
            _(
                "give the tricks of the declarer and both defenders; missing {seats}",
                seats=" ".join(missing),
            ),
        )
    if sum(tricks.values()) != 10:
        _too_many(tricks)
    out["tricks"] = {s: tricks[s] for s in (declarer, first, second)}
    return out


def _check_calls(
    rules: Rules, contract: str, calls: Mapping[str, str], first: str, second: str
) -> None:
    """Both defenders called, and only they; half only by the second after the first passed,
    on a 6 or 7, when ``half_whist``; both whist a 6S under ``stalingrad``."""
    for seat in calls:
        if seat not in (first, second):
            raise RecordError(
                f"whist.{seat}",
                _(
                    "{seat} does not defend; the defenders are {first} and {second}",
                    seat=seat_of(seat),
                    first=seat_of(first),
                    second=seat_of(second),
                ),
            )
    for seat in (first, second):
        if seat not in calls:
            raise RecordError(f"whist.{seat}", _("is missing"))
    only_second = _(
        "only the second defender ({second}) may say half, after the first ({first}) passes",
        second=seat_of(second),
        first=seat_of(first),
    )
    if calls[first] == HALF:
        raise RecordError(f"whist.{first}", only_second)
    if calls[second] == HALF:
        if not rules.half_whist:
            raise RecordError(f"whist.{second}", _("half-whist is not played (half_whist)"))
        if level_of(contract) not in (6, 7):
            raise RecordError(
                f"whist.{second}",
                _(
                    "half-whist is only for 6 and 7 contracts; this is {contract}",
                    contract=contract,
                ),
            )
        if calls[first] != PASS:
            raise RecordError(f"whist.{second}", only_second)
    if rules.stalingrad and contract == "6S":
        for seat in (first, second):
            if calls[seat] != WHIST:
                raise RecordError(
                    f"whist.{seat}", _("6S must be whisted by both defenders (stalingrad)")
                )


def _too_many(tricks: Mapping[str, int]) -> None:
    """Refuse ``tricks`` that add up past 10, each seat said with its tricks ("N 6 + E 3 + S
    2", their players' names on a page)."""
    said = ""
    for seat, n in tricks.items():
        one = _("{seat} {n}", seat=seat_of(seat), n=n)
        said = _("{first} + {then}", first=said, then=one) if said else one
    raise RecordError(
        "tricks",
        _("{tricks} = {total}; a deal has 10 tricks", tricks=said, total=sum(tricks.values())),
    )


def is_exit(rules: Rules, record: Mapping[str, Any]) -> bool:
    """Whether a scored deal ends a raspasy streak (``raspasy_exit_on``, §8.4)."""
    if record.get(THROWN_IN) or record["kind"] == "raspasy":
        return False
    if rules.raspasy_exit_on == "any_contract":
        return True
    return (
        record["kind"] == "game"
        and WHIST in record["whist"].values()
        and bool(record.get("tricks"))
    )


def streak_after(rules: Rules, record: Mapping[str, Any], before: int) -> int:
    """The raspasy deals in a row still open after this deal: one more after a raspasy, none
    after an exit, unchanged otherwise."""
    if record.get(THROWN_IN):
        return before
    if record["kind"] == "raspasy":
        return int(record.get("streak") or before + 1)
    return 0 if is_exit(rules, record) else before


def write_record(
    rules: Rules, record: Mapping[str, Any], context: MatchContext
) -> tuple[Written, list[str]]:
    """What a valid record writes on the sheet, with help into the pools of ``context.totals``,
    and the parts of its explanation."""
    table = table_of(rules, record.get(DEALER))
    pools = pools_of(context.totals, table.seats)
    order = table.order()
    kind = record["kind"]
    if kind == "raspasy":
        streak = int(record.get("streak") or context.pot + 1)
        return score_raspasy(rules, record["tricks"], table.active, streak, pools, order)
    declarer = record["declarer"]
    if kind == "misere":
        return score_misere(rules, declarer, record["tricks"][declarer], pools, order)
    defenders = table.defenders(declarer)
    tricks = record.get("tricks") or None
    written, parts = score_game(
        rules,
        level_of(record["contract"]),
        declarer,
        defenders,
        record["whist"],
        tricks,
        table.sitting_out,
        pools,
        order,
    )
    parts.insert(
        0, _("{contract} by {declarer}", contract=record["contract"], declarer=seat_of(declarer))
    )
    return written, parts
