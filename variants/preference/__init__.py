"""Russian Préférence (Преферанс), the variant plugin (hookimpls only):
``docs/variants/preference.md``.

Three players ``N E S`` (or four ``N E S W``, the dealer sitting out of each deal) with 32
cards, ten each and a talon of two; the auction from 6S to 10NT and misère
(:mod:`~variants.preference.auction`); the declarer takes the talon, discards two and names
his contract, the defenders whist or pass (:mod:`~variants.preference.whist`); follow suit,
else trump (:mod:`~variants.preference.play`); the deal record and what it writes in the pool,
the mountain and the whists (:mod:`~variants.preference.records`,
:mod:`~variants.preference.scoring`); the match ends when every pool is full, and the sheet is
settled in whists (:mod:`~variants.preference.sheet`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from framework.api import (
    DEALER,
    FRENCH_32,
    NOT_OVER,
    THROWN_IN,
    Auction,
    Call,
    Contract,
    ContractKind,
    DealPattern,
    DealScore,
    Declaration,
    MatchContext,
    MatchOutcome,
    NotationError,
    Packet,
    Phase,
    PhaseAction,
    PlayedDeal,
    PlayPlan,
    PlayRules,
    RecordSchema,
    Rules,
    ScoreColumn,
    TableShape,
    hookimpl,
    join,
)
from variants.preference import bot, records, sheet, whist
from variants.preference.auction import MISERE, PreferenceAuction, exit_level, level_of
from variants.preference.declaration import SEATS_3, SEATS_4, _, declaration, numbers, seat_of
from variants.preference.play import DENOMINATION_WORDS, play_rules
from variants.preference.sheet import table_seats


def _column_label(key: str) -> str:
    """A column's label, its seats as seat parameters: a sheet says the players' names."""
    code, _dot, rest = key.partition(".")
    seat = seat_of(code)
    if rest == "pool":
        return _("{seat} pool", seat=seat)
    if rest == "mountain":
        return _("{seat} mountain", seat=seat)
    other = rest.rpartition(".")[2]
    return _("{seat} whists on {other}", seat=seat, other=seat_of(other))


def _columns(seats: tuple[str, ...]) -> tuple[ScoreColumn, ...]:
    return tuple(
        ScoreColumn(key, _column_label(key), group) for key, group in sheet.column_keys(seats)
    )


@hookimpl
def atout_declare() -> Declaration:
    """Three players' table (§1): the seats ``N E S`` and their 12 score columns."""
    return declaration(seats=SEATS_3, score_columns=_columns(SEATS_3))


#: Four players' table (§1): ``N E S W``, the dealer sitting out of each deal; 20 columns.
FOUR = TableShape(SEATS_4, _columns(SEATS_4))


@hookimpl
def atout_table_shape(rules: Rules) -> TableShape | None:
    return FOUR if rules.players == 4 else None


@hookimpl
def atout_deal_pattern(rules: Rules) -> DealPattern:
    """Ten cards each in packets of two, round the table from the first hand; the talon's two
    cards as one packet after ``talon_after`` rounds, never first or last (§2). With four
    players the dealer sits out: he gets no card (§1)."""
    rounds = rules.talon_after
    return DealPattern(
        FRENCH_32,
        10,
        (*(2,) * rounds, Packet(2), *(2,) * (5 - rounds)),
        sitting_out=0 if rules.players == 4 else None,
    )


@hookimpl
def atout_auction(rules: Rules, dealer: int, turn_up: int | None, context: MatchContext) -> Auction:
    order = whist.active_order(rules.players, dealer)
    return PreferenceAuction(
        order,
        hold_bid=rules.hold_bid,
        misere_first_only=rules.misere_first_bid_only,
        least_level=exit_level(rules.raspasy_exit, context.pot),
    )


@hookimpl
def atout_call_label(rules: Rules, call: Call) -> str | None:
    """The misère in the players' words; a game bid is its notation."""
    return _("misère") if call.text == MISERE else None


#: The contracts a query names (``atout legal --contract``): a trump suit, no trumps, misère,
#: raspasy. Nobody takes raspasy (§8: all passed, each plays for himself): it has no taker.
CONTRACT_KINDS = (
    *(ContractKind(code, words) for code, words in DENOMINATION_WORDS.items()),
    ContractKind("MISERE", _("misère"), name="misere"),
    ContractKind("RASPASY", _("raspasy"), name="raspasy", has_taker=False),
)


@hookimpl
def atout_contract_kinds(rules: Rules) -> Sequence[ContractKind]:
    return CONTRACT_KINDS


@hookimpl
def atout_play_rules(rules: Rules, contract: Contract) -> PlayRules:
    """A suit game has that suit as trumps; no trumps, misère and raspasy have none."""
    if contract.name in ("misere", "raspasy") or contract.denomination in ("NT", "MISERE"):
        return play_rules(None)
    if contract.denomination not in FRENCH_32.suits:
        raise NotationError(
            _("{contract} is not a Préférence contract", contract=contract.denomination)
        )
    return play_rules(FRENCH_32.suits.index(contract.denomination))


@hookimpl
def atout_phases(rules: Rules, contract: Contract, dealer: int) -> Sequence[Phase] | None:
    return whist.phases(rules, contract, dealer, rules.players)


@hookimpl
def atout_play_plan(rules: Rules, contract: Contract) -> PlayPlan | None:
    return whist.play_plan(rules, contract, rules.players)


@hookimpl
def atout_bot_action(
    rules: Rules, contract: Contract, hand: int, actions: Sequence[PhaseAction]
) -> PhaseAction | None:
    """The rule bot's whist or pass, and a misère declarer's discard
    (:mod:`~variants.preference.bot`)."""
    return bot.choose(contract, hand, numbers(rules.whist_duty), actions)


@hookimpl
def atout_sides(
    rules: Rules, contract: Contract, decisions: Sequence[tuple[int, str]]
) -> tuple[int, ...] | None:
    return whist.sides(contract, rules.players)


@hookimpl
def atout_record_schema(rules: Rules) -> RecordSchema:
    return records.atout_record_schema_for(rules)


@hookimpl
def atout_score_deal(rules: Rules, record: Mapping[str, Any], context: MatchContext) -> DealScore:
    """What the deal writes, keyed by score column; the raspasy streak open after it is carried
    to the next deal as the score's ``pot``."""
    if record.get(THROWN_IN):
        return DealScore({}, None, context.pot, _("thrown in: no score"))
    written, parts = records.write_record(rules, record, context)
    streak = records.streak_after(rules, record, context.pot)
    made: bool | None = None
    if record["kind"] == "game":
        tricks = record.get("tricks") or {}
        declarer = record["declarer"]
        made = not tricks or tricks[declarer] >= level_of(record["contract"])
    elif record["kind"] == "misere":
        made = record["tricks"][record["declarer"]] == 0
    return DealScore(
        written.columns(),
        made,
        streak,
        join(parts),
        details=written.to_json(),
    )


@hookimpl
def atout_make_record(rules: Rules, played: PlayedDeal) -> dict[str, Any]:
    """The record of a deal played in the engine (scores exactly as the played deal)."""
    contract = played.contract
    assert contract is not None  # a deal thrown in has the kernel\'s record
    names = table_seats(rules.players)
    taken = played.tricks_by_seat
    order = whist.active_order(len(names), played.dealer)
    record: dict[str, Any] = {DEALER: names[played.dealer]}
    if contract.name == "raspasy":
        seats = sorted(order)
        if contract.sitting_out is not None and rules.raspasy_talon == "dealer_plays":
            seats = list(range(len(names)))  # (and the dealer's talon tricks, §9)
        record.update(kind="raspasy", tricks={names[s]: taken[s] for s in seats})
        return record
    declarer = contract.taker
    record["declarer"] = names[declarer]
    if contract.name == "misere":
        record.update(kind="misere", tricks={names[s]: taken[s] for s in sorted(order)})
        return record
    defenders = whist.defenders_of(order, declarer)
    calls, opened = whist.final_calls(played.decisions, defenders)
    record.update(
        kind="game",
        contract=str(contract.extra.get("bid")),
        whist={names[s]: calls.get(s, "pass") for s in defenders},
    )
    if opened:
        record["open"] = True
    if any(c == "whist" for c in calls.values()):
        record["tricks"] = {names[s]: taken[s] for s in (declarer, *defenders)}
    return record


@hookimpl
def atout_match_outcome(
    rules: Rules, totals: Mapping[str, int], scores: Sequence[DealScore]
) -> MatchOutcome:
    """The match ends after the deal that fills the last pool (§10); the player the settlement
    pays most wins it (none on a tie)."""
    seats = table_seats(rules.players)
    if not sheet.pools_closed(rules, totals, seats):
        return NOT_OVER
    result = sheet.settle(rules, totals, seats)
    best = max(result.values())
    leaders = [seat for seat, won in result.items() if won == best]
    return MatchOutcome(
        True,
        leaders[0] if len(leaders) == 1 else None,
        _("every pool has reached {size}", size=rules.pool_size),
    )


@hookimpl
def atout_settle(rules: Rules, totals: Mapping[str, int]) -> Mapping[str, int] | None:
    """Mountain to whists between each pair of players (§11), integers summing to zero."""
    return sheet.settle(rules, totals, table_seats(rules.players))
