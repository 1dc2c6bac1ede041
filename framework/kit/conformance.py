"""The conformance kit: the invariants every variant keeps, checked over random seeded deals.

Any variant, built in or installed with ``pip``, runs the same contract suite (OpenSpiel's
``random_sim_test``)::

    from framework.kit.conformance import check_variant

    def test_coinche_keeps_the_kernel_invariants():
        check_variant("coinche")

For every preset it plays seeded deals with the kernel's bots and checks, deal by deal:

- at every step of the auction there is a call to make, the calls are distinct, and the auction
  ends; at every card the legal plays are not empty and lie inside the hand of the seat to play,
  and the rule that restricts them can be said to a player;
- every card is played at most once, by the seat that held it, and every card of the playing
  hands is played, in full tricks;
- the card points of the deal add up to the deck's total (``PlayRules.total_points`` times
  ``points_scale``, or the ``card_points`` the caller declares) when every card is played; with
  cards left out of the play (a talon, the discards, a seat sitting out), to the cards played,
  or to those and the cards left out for a variant that counts them for a side (a skat); every
  card is dealt to a seat or to the talon; each side's points are its seats'; capot and valat
  bonuses belong to the record, not to card points;
- :meth:`Deal.replay` and the JSON round trip (:meth:`Deal.to_json` / :meth:`Deal.from_json`)
  give the same events, the same state, the same record and the same score, and a deal rebuilt
  from the first events of its log is at the same point (seat to play, legal plays);
- the record is JSON, validates, is documented by ``atout_record_schema`` (every key a described
  field with a label, every value one its field allows), and scores the same whether it comes
  from the deal, from a JSON round trip or from its own normalised form;
- bad records (not an object, ``{}``, a missing required field, wrong types, an unknown team)
  raise :class:`~framework.core.errors.RecordError` naming a documented field, never another
  exception; a bad record that is accepted anyway still scores;
- every score is keyed by the variant's score columns, in their order (a thrown-in deal
  scores 0 in each);
- a whole :class:`~framework.engine.match.Match` of the default preset ends within a bounded
  number of deals, its totals are the sum of its deals, its winner is a score column or a
  group of them, and its settlement, if the variant settles, names every seat and sums to 0.

Every check holds for a table of any shape: the variant's seats (2 to 6), the sides of each
deal, a talon.

Every failure is an :class:`AssertionError` (:class:`ConformanceError`) whose message names the
variant, the preset, the seed and the step. The module is also a pytest plugin (entry point
``pytest11: atout``); it defines no fixture, and imports nothing but the standard library until a
check runs. :func:`variant_conformance` gives one pytest parameter per preset.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from framework.bots.base import Bot
    from framework.core.options import Rules
    from framework.engine.deal import Deal
    from framework.engine.infoset import InfoSet
    from framework.rules.auction import Call, Contract
    from framework.rules.phases import PhaseAction
    from framework.rules.plugins import Variant

__all__ = [
    "MAX_CALLS",
    "MAX_MATCH_DEALS",
    "ConformanceError",
    "check_deal",
    "check_description",
    "check_match",
    "check_record_errors",
    "check_variant",
    "variant_conformance",
]

#: An auction longer than this is taken to never end.
MAX_CALLS = 500
#: A match of the default preset must end within this many deals.
MAX_MATCH_DEALS = 400

#: ``card_points`` may be one total, a total per contract denomination, or a function.
CardPoints = int | Mapping[str, int] | Callable[["Rules", "Contract"], int] | None


class ConformanceError(AssertionError):
    """A variant broke an invariant of the kernel; the message says where."""


@dataclass
class _Where:
    """Where a check is: variant, preset, seed, bots and step, for the failure message."""

    variant: str
    preset: str = "-"
    seed: int | None = None
    bots: str = ""
    step: str = "load"

    def message(self, text: str, step: str | None = None) -> str:
        where = f"{self.variant}/{self.preset}"
        if self.seed is not None:
            where += f" seed {self.seed}"
        if self.bots:
            where += f" ({self.bots} bots)"
        return f"{where}, step {step or self.step}: {text}"

    def fail(self, text: str, step: str | None = None) -> ConformanceError:
        return ConformanceError(self.message(text, step))


@contextmanager
def _step(where: _Where, step: str) -> Iterator[None]:
    """Run one step; any exception that is not already a conformance failure becomes one."""
    where.step = step
    try:
        yield
    except ConformanceError:
        raise
    except Exception as exc:
        raise where.fail(f"{type(exc).__name__}: {exc}", step) from exc


def _check(where: _Where, ok: bool, text: str, step: str | None = None) -> None:
    if not ok:
        raise where.fail(text, step)


# ---------------------------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------------------------


def _variant(name: str | Variant) -> Variant:
    from framework.rules.plugins import load_variant

    if isinstance(name, str):
        where = _Where(name)
        with _step(where, "load"):
            return load_variant(name)
    return name


def _bot_factory(name: str, budget: int | None = None) -> Callable[[int], Bot]:
    """A bot factory by name (``budget``: the search bot's samples per decision)."""
    from framework.bots.registry import make_bot

    make_bot(name, 0, budget=budget)  # an unknown name fails here, once
    return lambda seed: make_bot(name, seed, budget=budget)


# ---------------------------------------------------------------------------------------------
# The bots' wrapper: checks the auction and the legal plays at every step
# ---------------------------------------------------------------------------------------------


def _checking_bot(
    inner: Bot,
    deal: Deal,
    where: _Where,
    calls_made: list[int],
    positions: list[tuple[int, int, int]],
) -> Bot:
    from framework.bots.base import Bot

    names = deal.seats  # (the table's seat names, in playing order)

    def check_choices(step: str, seat: int, what: str, keys: list[str], key: str) -> None:
        """A call or a phase action asked of ``seat``: it is the seat to act, it has at least
        one legal choice, and no two choices share their ``key`` (a call's text, an action's
        code)."""
        verb = "call" if what == "call" else "act"
        _check(
            where,
            deal.current_seat == seat,
            f"{names[seat]} is asked to {verb} but the deal says {deal.current_seat} is to act",
            step,
        )
        _check(
            where,
            seat != deal.sitting_out,
            f"{names[seat]} sits out of the deal but is asked to {verb}",
            step,
        )
        _check(where, bool(keys), f"no legal {what} for {names[seat]}", step)
        _check(
            where, len(set(keys)) == len(keys), f"the legal {what}s repeat a {key}: {keys}", step
        )

    class CheckingBot(Bot):
        name = inner.name

        def choose_call(self, info: InfoSet, calls: Sequence[Call]) -> Call:
            seat = info.seat
            calls_made[0] += 1
            n = calls_made[0]
            step = f"auction, call {n} ({names[seat]})"
            _check(
                where, n <= MAX_CALLS, f"the auction has not ended after {MAX_CALLS} calls", step
            )
            check_choices(step, seat, "call", [c.text for c in calls], "text")
            with _step(where, step):
                return inner.choose_call(info, calls)

        def choose_action(self, info: InfoSet, actions: Sequence[PhaseAction]) -> PhaseAction:
            seat = info.seat
            step = f"phases, action {len(deal.phase_actions) + 1} ({names[seat]})"
            check_choices(step, seat, "action", [a.code for a in actions], "code")
            for action in actions:
                label = str(action.label)
                _check(where, bool(label.strip()), f"the action {action.code} has no words", step)
            with _step(where, step):
                return inner.choose_action(info, actions)

        def choose_card(self, info: InfoSet, legal: int) -> int:
            seat = info.seat
            _check(
                where,
                info.hand == deal.hand(seat) and info.legal_mask() == legal,
                f"the information set of {names[seat]} does not show its hand and legal plays",
                "play",
            )
            played = sum(len(cards) for _, cards, _ in deal.tricks) + len(deal.trick)
            step = f"play {played + 1} ({names[seat]}, trick {len(deal.tricks) + 1})"
            fmt = deal.deck.format_mask
            hand = deal.hand(seat)
            _check(
                where,
                deal.current_seat == seat,
                f"{names[seat]} is asked to play but the deal says {deal.current_seat}",
                step,
            )
            _check(
                where,
                legal != 0,
                f"no legal play for {names[seat]} holding {fmt(hand)} "
                f"to the trick {deal.deck.format_many(deal.trick)}",
                step,
            )
            _check(
                where,
                legal & ~hand == 0,
                f"legal plays {fmt(legal)} include cards {fmt(legal & ~hand)} that "
                f"{names[seat]} does not hold (hand {fmt(hand)})",
                step,
            )
            if (deal.trick or deal.lead is not None) and hand & ~legal:
                rules = deal.play_rules
                assert rules is not None
                with _step(where, step + ", explain"):  # (a talon's card may lead the trick)
                    decision = rules.decision(hand, *deal.trick_as_led(seat))
                reason = decision.reason
                _check(
                    where,
                    isinstance(reason, str) and bool(reason.strip()),
                    f"no reason given for refusing {fmt(hand & ~legal)}: {reason!r}",
                    step,
                )
                _check(
                    where,
                    decision.legal == legal,
                    f"the step {decision.step!r} explains the legal plays "
                    f"{fmt(decision.legal)}, but they are {fmt(legal)}",
                    step,
                )
            positions.append((deal.event_count, seat, legal))
            with _step(where, step):
                return inner.choose_card(info, legal)

    return CheckingBot()


# ---------------------------------------------------------------------------------------------
# One deal
# ---------------------------------------------------------------------------------------------


def _expected_points(rules: Rules, contract: Contract, card_points: CardPoints) -> int | None:
    if card_points is None:
        return None
    if isinstance(card_points, int):
        return card_points
    if isinstance(card_points, Mapping):
        return card_points.get(contract.denomination)
    return card_points(rules, contract)


def _json(value: Any) -> Any:
    return json.loads(json.dumps(value))


def check_deal(
    variant: str | Variant,
    rules: Rules | None = None,
    seed: int = 0,
    bot: str = "random",
    dealer: int | None = None,
    card_points: CardPoints = None,
    budget: int | None = None,
) -> Deal:
    """Play one seeded deal with a ``bot`` player at each seat and check every per-deal
    invariant.

    :param rules: the rules (default: the variant's default preset).
    :param seed: seeds the shuffle and the bots.
    :param dealer: the dealer's seat (default: ``seed`` modulo the number of seats).
    :param card_points: the card points of a whole deal, when the variant declares them
        independently of its ``PlayRules``: one int, a mapping from contract denomination
        (``"H"``, ``"NT"``) to int, or a function ``(rules, contract) -> int``.
    :param budget: the search bot's sampled deals per decision (its default when None).
    :return: the finished deal.
    :raises ConformanceError: naming the variant, preset, seed and step that failed.
    """
    variant = _variant(variant)
    if rules is None:
        rules = variant.rules()
    where = _Where(variant.name, rules.preset, seed, bot)
    factory = _bot_factory(bot, budget)
    if dealer is None:
        dealer = seed % len(variant.table(rules).seats)
    deal, positions = _play(variant, rules, seed, dealer, factory, where)
    _check_cards(deal, where)
    _check_points(deal, where, card_points)
    record = _check_record(deal, where)
    _check_replay(deal, record, where)
    _check_prefixes(deal, positions, where)
    return deal


def _play(
    variant: Variant,
    rules: Rules,
    seed: int,
    dealer: int,
    factory: Callable[[int], Bot],
    where: _Where,
) -> tuple[Deal, list[tuple[int, int, int]]]:
    from framework.bots.base import play_out
    from framework.engine.deal import Deal

    with _step(where, "deal"):
        deal = Deal.new(variant, rules, dealer, seed)
    calls_made = [0]
    positions: list[tuple[int, int, int]] = []
    bots = [
        _checking_bot(factory(seed * 4 + s), deal, where, calls_made, positions)
        for s in range(len(deal.seats))
    ]
    with _step(where, "play_out"):
        play_out(deal, bots)
    _check(where, deal.is_over, "play_out returned before the deal was over")
    return deal, positions


def _check_cards(deal: Deal, where: _Where) -> None:
    names = deal.seats
    where.step = "cards"
    fmt = deal.deck.format
    with _step(where, "cards"):
        played_deal = deal.played()
    contract = deal.contract
    plays = [(e.seat, e.value) for e in deal.events if e.kind == "play"]
    if contract is None:
        _check(where, not plays, "cards were played in a deal that was thrown in")
        return
    if not plays:  # a deal a phase's action ended without play (Préférence's two passes)
        _check(
            where,
            bool(deal.events) and deal.events[-1].kind in ("take", "discard", "name", "decide"),
            "a deal with a contract ended with no card played and no decision ending it",
        )
        return
    start = deal.start_hands
    seen: set[int] = set()
    for n, (seat, card) in enumerate(plays, 1):
        _check(where, card not in seen, f"{fmt(card)} is played twice (play {n})")
        _check(
            where,
            bool(start[seat] >> card & 1),
            f"{names[seat]} plays {fmt(card)}, which was not in their hand (play {n})",
        )
        seen.add(card)
    dealt = 0
    for seat in range(len(names)):
        dealt |= start[seat]
        _check(
            where,
            deal.hand(seat) == 0,
            f"{names[seat]} still holds {deal.deck.format_mask(deal.hand(seat))} at the end",
        )
    if contract.sitting_out is not None:
        _check(
            where,
            start[contract.sitting_out] == 0,
            f"{names[contract.sitting_out]} sits out but holds cards",
        )
    out = deal.sitting_out
    if out is not None:
        _check(
            where,
            contract.sitting_out == out and deal.hands_at_auction[out] == 0,
            f"{names[out]} sits out of the deal but was dealt cards or is in the contract",
        )
    unplayed = dealt & ~sum(1 << c for c in seen)
    _check(
        where,
        unplayed == 0,
        f"cards dealt to the players were never played: {deal.deck.format_mask(unplayed)}",
    )
    size = deal.trick_size
    trick_cards = [c for _, cards, _ in deal.tricks for c in cards]
    _check(
        where,
        trick_cards == [c for _, c in plays],
        "the tricks do not hold the cards in the order they were played",
    )
    owned = len(deal.talon_leads) if deal.talon_owner is not None else 0
    for i, (leader, cards, winner) in enumerate(deal.tricks, 1):
        _check(where, len(cards) == size, f"trick {i} has {len(cards)} cards, not {size}")
        _check(
            where,
            0 <= winner < len(names) and (winner != contract.sitting_out or i <= owned),
            f"trick {i} is won by seat {winner}",
        )
        _check(where, leader == (plays[(i - 1) * size][0]), f"trick {i}: wrong leader")
    _check_talon_leads(deal, where, dealt, plays)
    won = played_deal.tricks_won
    _check(
        where,
        sum(won.values()) == len(deal.tricks),
        f"tricks won {dict(won)} do not add up to {len(deal.tricks)} tricks",
    )


def _check_talon_leads(
    deal: Deal, where: _Where, dealt: int, plays: Sequence[tuple[int, int]]
) -> None:
    """The tricks the talon's cards led (``atout_play_plan``): each led by a card of the talon
    that no seat held, each played from the first trick's leader, each won by the seat whose
    card is best in the talon card's suit (the talon's card never wins, unless it is the
    card of the seat that sits out, ``PlayPlan.talon_owner``, and the best of the trick)."""
    rules = deal.play_rules
    assert rules is not None
    fmt = deal.deck.format
    size = deal.trick_size
    for i, lead in enumerate(deal.talon_leads, 1):
        _check(
            where,
            bool(deal.talon_dealt >> lead & 1) and not dealt >> lead & 1,
            f"trick {i} is led by {fmt(lead)}, which is not a card of the talon",
        )
        leader, cards, winner = deal.tricks[i - 1]
        _check(
            where,
            leader == deal.tricks[0][0],
            f"trick {i}, led by the talon's {fmt(lead)}, is not played from the first leader",
        )
        key = rules.lead_keys[lead]
        best = 0
        for j in range(1, len(cards)):
            if key[cards[j]] > key[cards[best]]:
                best = j
        seat = plays[(i - 1) * size + best][0]
        top = cards[best]
        owner = deal.talon_owner
        if owner is not None and key[lead] > key[cards[best]]:
            seat, top = owner, lead
        _check(
            where,
            winner == seat,
            f"trick {i}, led by the talon's {fmt(lead)}, is won by seat {winner}, not by "
            f"{deal.seats[seat]} whose card {fmt(top)} is its best",
        )


def _check_points(deal: Deal, where: _Where, card_points: CardPoints) -> None:
    """The card points of the sides add up to the cards played (the last trick's bonus
    included), or to those and the cards left out of the play (a talon, the discards) for a
    variant that counts them for a side; each side's points are its seats'."""
    contract = deal.contract
    if contract is None:
        return
    where.step = "card points"
    rules = deal.play_rules
    assert rules is not None
    played = deal.played()
    total = sum(played.card_points.values())
    if any(action.ends_deal for _seat, action in deal.phase_actions):  # (no card played)
        _check(where, total == 0, f"card points {dict(played.card_points)} of no trick")
        return
    dealt = 0
    for hand in deal.start_hands:
        dealt |= hand
    fmt = deal.deck.format_mask
    left = deal.deck.full & ~dealt  # (cards no seat played: a talon, the discards)
    if contract.sitting_out is None:
        kept = deal.talon_dealt | played.discards
        _check(where, left & ~kept == 0, f"cards never dealt: {fmt(left & ~kept)}")
    scale = rules.points_scale

    def worth(cards: int) -> int:
        return sum(rules.points[c] for c in range(deal.deck.size) if cards >> c & 1)

    owned = 0  # (the talon's cards that led tricks as a seat's: PlayPlan.talon_owner)
    if deal.talon_owner is not None:
        for c in deal.talon_leads:
            owned |= 1 << c
    in_play = (worth(dealt | owned) + rules.last_trick_bonus) * scale
    with_left = in_play + worth(left) * scale
    if left == 0 and contract.sitting_out is None:
        declared = rules.total_points * scale
        _check(
            where,
            total == declared,
            f"card points {dict(played.card_points)} add up to {total}, but the play "
            f"rules of {contract} declare {declared} (total_points "
            f"{rules.total_points} x points_scale {scale})",
        )
    else:
        _check(
            where,
            total in (in_play, with_left),
            f"card points {dict(played.card_points)} add up to {total}, but the cards "
            f"in play are worth {in_play}"
            + (f" ({with_left} with those left out, {fmt(left)})" if left else ""),
        )
    expected = _expected_points(deal.rules, contract, card_points)
    if expected is not None:
        _check(
            where,
            total == expected,
            f"card points add up to {total}; the variant declares {expected} for {contract}",
        )
    by_seat = played.points_by_seat
    if total == in_play:  # (each seat's points are the tricks it won)
        for side, key in enumerate(played.card_points):
            seats_points = sum(p for seat, p in enumerate(by_seat) if played.sides[seat] == side)
            _check(
                where,
                seats_points == played.card_points[key],
                f"points by seat {by_seat} do not add up to {key}'s {played.card_points[key]}",
            )


def _check_score(score: Any, where: _Where, what: str, columns: Sequence[str]) -> None:
    from framework.rules.scoring import DealScore

    _check(where, isinstance(score, DealScore), f"{what} is {score!r}, not a DealScore")
    _check(
        where,
        list(score.points) == list(columns),
        f"{what}: points {dict(score.points)} are not by the score columns {', '.join(columns)}",
    )
    _check(where, score.made in (True, False, None), f"{what}: made is {score.made!r}")
    _check(
        where,
        isinstance(score.explanation, str) and bool(score.explanation.strip()),
        f"{what}: no explanation",
    )
    with _step(where, where.step + " (score to JSON)"):
        _json(score.to_json())


def _check_record(deal: Deal, where: _Where) -> dict[str, Any]:
    variant, rules, context = deal.variant, deal.rules, deal.context
    with _step(where, "record"):
        record = deal.record()
    with _step(where, "record is JSON"):
        as_json = _json(record)
    _check(
        where,
        as_json == record,
        f"the record changes in a JSON round trip: {record!r} -> {as_json!r}",
    )
    with _step(where, "record validates"):
        clean = variant.hooks.validate_record(rules, record, context)
    with _step(where, "record validates (normalised)"):
        again = variant.hooks.validate_record(rules, clean, context)
    _check(
        where,
        again == clean,
        f"validating the normalised record changes it: {clean!r} -> {again!r}",
    )
    with _step(where, "record fields"):
        fields = variant.hooks.record_fields(rules)
    names = {f.name for f in fields}
    extra = sorted(set(record) - names - {"thrown_in"})
    _check(
        where,
        not extra,
        f"the record has keys {extra} that atout_record_schema does not describe ({sorted(names)})",
    )
    where.step = "record matches its description"
    _check_described(clean, fields, where, "")
    with _step(where, "score"):
        score = deal.score()
    _check_score(score, where, "deal.score()", variant.table(rules).column_keys)
    with _step(where, "score the record"):
        written = variant.hooks.score(rules, record, context)
        from_json = variant.hooks.score(rules, as_json, context)
        normalised = variant.hooks.score_deal(rules, clean, context)
        twice = variant.hooks.score(rules, record, context)
    for what, other in (
        ("the record", written),
        ("the record after JSON", from_json),
        ("the normalised record", normalised),
        ("the record again", twice),
    ):
        _check(
            where,
            other == score,
            f"scoring {what} gives {other.to_json()}, the deal gave {score.to_json()}",
        )
    if deal.contract is None:
        _check(
            where,
            not any(score.points.values()),
            f"a deal thrown in scores {dict(score.points)}",
        )
    # ``atout simulate`` keeps the engine's records in its matches without validating them
    # again (Match.add(record, validated=True)): they must be normalised already.
    where.step = "record is normalised"
    _check(
        where,
        clean == record,
        f"the deal's own record is not normalised: {record!r} validates as {clean!r}",
    )
    return record


def _check_described(
    record: Mapping[str, Any], fields: Sequence[Any], where: _Where, path: str
) -> None:
    """Every value of a record is one its description allows, so that a form built from the
    description can show and edit it (each field kind says which values it allows)."""
    for f in fields:
        if f.name not in record:
            continue
        value = record[f.name]
        if value == f.default and not f.required:
            continue
        _check(
            where,
            f.allows(value),
            f"{path}{f.name} is {value!r}, which its field ({f.kind}) does not allow",
        )


def _check_prefixes(deal: Deal, positions: Sequence[tuple[int, int, int]], where: _Where) -> None:
    """A deal rebuilt from the first events of the log (by replay, and from JSON) is at the
    same point: same seat to play, same legal plays. Checks the first card of the second trick,
    a card in mid-deal and the last card."""
    from framework.engine.deal import Deal

    size = deal.trick_size
    picks = sorted(
        {i for i in (size, len(positions) // 2 + 1, len(positions) - 1) if 0 <= i < len(positions)}
    )
    for i in picks:
        count, seat, legal = positions[i]
        step = f"replay of the first {count} events"
        with _step(where, step):
            prefix = deal.replay(deal.actions[:count])
            loaded = Deal.from_json(deal.variant, _json(prefix.to_json()))
        for what, other in (("replay", prefix), ("JSON round trip", loaded)):
            _check(
                where,
                other.current_seat == seat and other.legal_mask() == legal,
                f"after the {what} {other.current_seat} is to play "
                f"{deal.deck.format_mask(other.legal_mask())}; during the deal it was "
                f"{seat} with {deal.deck.format_mask(legal)}",
                step,
            )


def _state(deal: Deal) -> dict[str, Any]:
    return {
        "events": list(deal.events),
        "json": deal.to_json(),
        "phase": deal.phase,
        "contract": deal.contract,
        "hands": list(deal.hands),
        "start_hands": deal.start_hands,
        "tricks": list(deal.tricks),
        "played": deal.played(),
    }


def _check_replay(deal: Deal, record: Mapping[str, Any], where: _Where) -> None:
    from framework.engine.deal import Deal

    state = _state(deal)
    score = deal.score()
    with _step(where, "replay"):
        replayed = deal.replay()
        replayed_state = _state(replayed)
    with _step(where, "JSON round trip"):
        data = _json(deal.to_json())
        loaded = Deal.from_json(deal.variant, data)
        loaded_state = _state(loaded)
    for step, other, other_state in (
        ("replay", replayed, replayed_state),
        ("JSON round trip", loaded, loaded_state),
    ):
        where.step = step
        for key, value in state.items():
            _check(
                where,
                other_state[key] == value,
                f"{key} differs: {other_state[key]!r} instead of {value!r}",
            )
        with _step(where, step + " (record and score)"):
            other_record = other.record()
            other_score = other.score()
        _check(
            where,
            other_record == record,
            f"the record differs: {other_record!r} instead of {record!r}",
        )
        _check(
            where,
            other_score == score,
            f"the score differs: {other_score.to_json()} instead of {score.to_json()}",
        )


# ---------------------------------------------------------------------------------------------
# Bad records
# ---------------------------------------------------------------------------------------------

_JUNK: tuple[Any, ...] = (
    None,
    -1,
    10**9,
    1.5,
    "",
    "no such value",
    [],
    {},
    True,
    [{"x": 1}],
    "\x00",
    "\ud800",
    "٣",
    "9" * 40,
)


def check_record_errors(
    variant: str | Variant, rules: Rules | None = None, records: Sequence[Mapping[str, Any]] = ()
) -> None:
    """Check the record description and that bad records are refused with a
    :class:`~framework.core.errors.RecordError` that names a documented field.

    :param records: valid records to mutate, field by field (e.g. records of played deals).
    :raises ConformanceError: on the first bad answer.
    """
    from framework.core.errors import RecordError
    from framework.kit.fuzz import bad_values
    from framework.rules.schema import Field

    variant = _variant(variant)
    if rules is None:
        rules = variant.rules()
    where = _Where(variant.name, rules.preset)
    context = variant.hooks.for_deal(rules).first_context()  # (every score column at 0)
    columns = variant.table(rules).column_keys
    with _step(where, "record description"):
        fields = variant.hooks.record_fields(rules)
    _check(where, bool(fields), "atout_record_schema describes no field")
    names = [f.name for f in fields]
    _check(where, len(set(names)) == len(names), f"record fields repeat a name: {names}")

    def documented(f: Any, path: str) -> None:
        _check(where, isinstance(f.name, str) and bool(f.name), f"a field has no name: {f!r}")
        _check(
            where,
            isinstance(f.label, str) and bool(f.label.strip()),
            f"record field {path}{f.name} has no label",
        )
        _check(
            where,
            isinstance(f, Field),
            f"record field {path}{f.name} is a {type(f).__name__}, not a field kind of "
            "framework.rules.schema",
        )
        for problem in f.problems():
            _check(where, False, f"record field {path}{f.name} {problem}")
        for sub in f.subfields:
            documented(sub, f"{path}{f.name}.")
        with _step(where, f"record field {path}{f.name} describe"):
            _json(f.describe())
        where.step = "record description"

    for f in fields:
        documented(f, "")
    roots = set(names) | {"record"}

    def refused(record: Any, what: str, must: bool) -> None:
        step = f"bad record ({what})"
        try:
            clean = variant.hooks.validate_record(rules, record, context)
        except RecordError as exc:
            root = str(exc.field).split(".")[0]
            _check(
                where,
                root in roots,
                f"RecordError names {exc.field!r}, not a documented field",
                step,
            )
            _check(
                where,
                bool(str(exc.reason).strip()),
                f"RecordError for {exc.field!r} gives no reason",
                step,
            )
            return
        except Exception as exc:
            raise where.fail(f"{type(exc).__name__} instead of RecordError: {exc}", step) from exc
        _check(where, not must, f"the record {record!r} is accepted", step)
        # A record accepted anyway must still score.
        with _step(where, step + ", accepted, scored"):
            score = variant.hooks.score_deal(rules, clean, context)
        _check_score(score, where, f"score of {what}", columns)

    junks: tuple[Any, ...] = ([], "a deal", None, 42)
    for junk in junks:
        refused(junk, f"{junk!r} is not an object", True)
    refused({}, "{}", True)
    for record in records:
        if record.get("thrown_in"):
            continue
        for f in fields:
            if f.required and f.name in record:
                broken = {k: v for k, v in record.items() if k != f.name}
                refused(broken, f"no {f.name}", True)
            for value, must in bad_values(f):
                refused({**record, f.name: value}, f"{f.name}={value!r}", must)
            for value in _JUNK:
                refused({**record, f.name: value}, f"{f.name}={value!r}", False)
        refused({**record, "no_such_field_xyz": 1}, "an unknown key", False)
    with _step(where, "thrown in"):
        score = variant.hooks.score(rules, {"thrown_in": True}, context)
    _check_score(score, where, 'score of {"thrown_in": true}', columns)
    _check(
        where,
        not any(score.points.values()),
        f'{{"thrown_in": true}} scores {dict(score.points)}',
    )


# ---------------------------------------------------------------------------------------------
# The variant's description and a whole match
# ---------------------------------------------------------------------------------------------


def check_description(variant: str | Variant) -> None:
    """Check what ``atout variants`` shows: JSON-ready, every option and preset documented,
    every preset resolves, the source (distribution and version) is known."""
    variant = _variant(variant)
    where = _Where(variant.name, step="describe")
    with _step(where, "describe"):
        described = _json(variant.describe())
    for key in ("name", "title", "summary", "distribution", "version", "presets", "options"):
        _check(where, key in described, f"describe() has no {key!r}")
    _check(where, bool(str(described["title"]).strip()), "the variant has no title")
    for option in variant.options.values():
        _check(where, bool(option.doc.strip()), f"option {option.name} has no doc line")
    for preset in variant.presets.values():
        _check(where, bool(preset.doc.strip()), f"preset {preset.name} has no doc line")
        with _step(where, f"preset {preset.name} resolves"):
            variant.rules(preset.name)


def check_match(
    variant: str | Variant,
    rules: Rules | None = None,
    seed: int = 0,
    bot: str = "random",
    max_deals: int = MAX_MATCH_DEALS,
) -> Any:
    """Play a whole match with ``bot`` players; it must end within ``max_deals`` deals, and its
    score sheet must be the sum of its deals and rebuild from its records.

    :return: the finished :class:`~framework.engine.match.Match`.
    """
    from framework.bots.base import play_out
    from framework.engine.deal import Deal
    from framework.engine.match import Match

    variant = _variant(variant)
    if rules is None:
        rules = variant.rules()
    where = _Where(variant.name, rules.preset, seed, bot)
    factory = _bot_factory(bot)
    with _step(where, "match"):
        match = Match(variant, rules)
    while not match.outcome.over:
        n = len(match.records) + 1
        _check(
            where,
            n <= max_deals,
            f"the match is not over after {max_deals} deals (totals {match.totals})",
            "match",
        )
        with _step(where, f"match deal {n}"):
            deal = Deal.new(variant, rules, match.dealer, seed * 1000 + n, match.context())
            seats = range(len(deal.seats))
            play_out(deal, [factory(seed * 1000 + n * 4 + s) for s in seats])
            match.add(deal.record())
    where.step = "match end"
    table = variant.table(rules)
    columns = table.column_keys
    sums = {t: sum(s.points[t] for s in match.scores) for t in columns}
    _check(
        where, sums == match.totals, f"totals {match.totals} are not the sum of the deals {sums}"
    )
    winners = {*columns, *(c.group for c in table.score_columns if c.group), None}
    _check(where, match.outcome.winner in winners, f"the winner is {match.outcome.winner!r}")
    settlement = match.outcome.settlement
    if settlement:
        _check(
            where,
            list(settlement) == list(table.seats) and sum(settlement.values()) == 0,
            f"the settlement {dict(settlement)} is not every seat's, summing to 0",
        )
    with _step(where, "match rebuilt from its records"):
        again = Match(variant, rules, match.first_dealer, match.records)
    _check(
        where,
        again.totals == match.totals and again.outcome == match.outcome,
        f"rebuilding the match from its records gives {again.totals} "
        f"{again.outcome}, not {match.totals} {match.outcome}",
    )
    with _step(where, "match resumed from its stored states"):
        state = _stored_states(variant, rules, match)
    _check(
        where,
        dict(state.totals) == match.totals
        and state.outcome == match.outcome
        and state.dealer == match.dealer
        and state.pot == match.pot,
        f"the match resumed deal by deal from JSON states and scores (what the scorepad "
        f"stores) gives {dict(state.totals)} {state.outcome}, not {match.totals} "
        f"{match.outcome}",
    )
    return match


def _stored_states(variant: Variant, rules: Rules, match: Any) -> Any:
    """The match replayed as a store does it: before each deal its state is read back from
    JSON, and every score the end-of-match hook reads is one read back from JSON."""
    import json

    from framework.engine.match import MatchState
    from framework.rules.scoring import DealScore

    state = MatchState.start(variant, rules, match.first_dealer)
    stored: list[DealScore] = []
    for record in match.records:
        state = MatchState.from_json(json.loads(json.dumps(state.to_json())))
        _clean, score = state.check(variant, rules, record)
        stored.append(DealScore.from_json(json.loads(json.dumps(score.to_json()))))
        state = state.after(variant, rules, stored[-1], stored)
    return state


# ---------------------------------------------------------------------------------------------
# Everything
# ---------------------------------------------------------------------------------------------


def check_variant(
    name: str | Variant,
    presets: Sequence[str] | None = None,
    deals: int = 30,
    seed: int = 0,
    bots: Sequence[str] = ("random", "rules"),
    card_points: CardPoints = None,
    match: bool = True,
    budget: int | None = None,
    overrides: Mapping[str, Any] | None = None,
) -> None:
    """Check every invariant of the kernel on a variant, for each preset.

    :param name: an installed variant's name, or a loaded :class:`~framework.rules.plugins.Variant`
        (e.g. one with house-rule plugins: ``load_variant("coinche", extra_plugins=[...])``).
    :param presets: the presets to check (default: all of them).
    :param deals: random deals per preset; deal ``i`` uses seed ``seed + i``, dealer ``i``
        modulo the number of seats
        and bots ``bots[i % len(bots)]`` at every seat.
    :param bots: bot names of :func:`framework.bots.registry.make_bot` (``"search"`` plays at the
        small budget ``budget``).
    :param card_points: the card points of a whole deal, if the variant declares them (see
        :func:`check_deal`).
    :param match: also play a whole match of the default preset (:func:`check_match`).
    :param budget: the search bot's sampled deals per decision (see :func:`check_deal`).
    :param overrides: rule options set on top of every preset (and of the match's default
        preset): a table the options shape, ``{"players": 4}`` for Préférence.
    :raises ConformanceError: (an AssertionError) naming the variant, preset, seed and step.
    """
    variant = _variant(name)
    check_description(variant)
    chosen = list(variant.presets) if presets is None else list(presets)
    for preset in chosen:
        where = _Where(variant.name, preset)
        with _step(where, "rules"):
            rules = variant.rules(preset, overrides)
        records: list[dict[str, Any]] = []
        kinds: set[tuple[str, ...]] = set()
        for i in range(deals):
            dealer = i % len(variant.table(rules).seats)
            deal = check_deal(
                variant, rules, seed + i, bots[i % len(bots)], dealer, card_points, budget
            )
            record = deal.record()
            shape = tuple(sorted(k for k, v in record.items() if v not in (None, [], False)))
            if shape not in kinds and len(records) < 4:
                kinds.add(shape)
                records.append(record)
        check_record_errors(variant, rules, records)
    if match:
        check_match(variant, variant.rules(None, overrides), seed, bots[0])


def variant_conformance(*names: str, presets: Sequence[str] | None = None) -> list[Any]:
    """One pytest parameter ``(variant, preset)`` per preset of each named variant, for::

    @pytest.mark.parametrize(("variant", "preset"), variant_conformance("klaverjas"))
    def test_klaverjas_keeps_the_kernel_invariants(variant, preset):
        check_variant(variant, presets=[preset], match=preset == "rotterdam")
    """
    import pytest

    from framework.rules.plugins import load_variant

    params = []
    for name in names:
        loaded = load_variant(name)
        for preset in presets if presets is not None else loaded.presets:
            params.append(pytest.param(name, preset, id=f"{name}-{preset}"))
    return params
