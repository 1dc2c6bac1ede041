"""The conformance kit itself: it passes a sound toy variant and fails each broken one.

The toy variant ("toy") is a complete little game written here: 32 cards, eight each, the first
seat to name a suit takes, follow suit or play anything, the takers need more than half of the
130 card points. It is installed through a fake entry point; each broken variant is the toy with
one house-rule plugin on top (``tryfirst=True``) that breaks one invariant, and the kit must
fail on it with a message naming the variant, the preset, the seed and the step.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any

import pytest

from framework.bots import registry as bots
from framework.bots.base import RandomBot
from framework.core.cards import FRENCH_32 as DECK
from framework.core.errors import RecordError
from framework.core.options import Option, Preset, Rules
from framework.core.seats import TEAMS, next_seat
from framework.kit.conformance import (
    ConformanceError,
    check_deal,
    check_match,
    check_record_errors,
    check_variant,
    variant_conformance,
)
from framework.rules import plugins
from framework.rules.auction import PASS, Auction, Call, Contract
from framework.rules.dealing import DealPattern
from framework.rules.declaration import Declaration
from framework.rules.hookspecs import hookimpl
from framework.rules.outcome import NOT_OVER, MatchOutcome, first_to_target
from framework.rules.played import PlayedDeal
from framework.rules.plugins import load_variant
from framework.rules.schema import Field, IntegerField, RecordSchema, SuitField, TeamField
from framework.rules.scoring import DealScore, MatchContext
from framework.rules.steps import legal_steps, step
from framework.rules.tricks import PlayRules

# ---- the toy variant ------------------------------------------------------------------------

_VALUES = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
POINTS = tuple(_VALUES.get(DECK.ranks[DECK.rank_of[c]], 0) for c in range(DECK.size))
TOTAL = 130  # 4 x 30 + 10 for the last trick
POWER = tuple(DECK.rank_of)


def same_suit(hand: int, trick: tuple[int, ...]) -> int:
    """The cards of ``hand`` in the suit led, or the whole hand."""
    return hand & DECK.suit_masks[DECK.suit_of[trick[0]]] or hand


@legal_steps
def follow_suit(hand: int, trick: tuple[int, ...], best: int, partner_wins: bool) -> int:
    return step(same_suit(hand, trick), "follow", "you must follow suit")


def toy_fields(
    taker: Field | None = None, points: Field | None = None
) -> tuple[Field, Field, Field]:
    """The toy's record fields; a broken toy replaces the taker's or the points' field."""
    return (
        taker or TeamField("taker", "Takers"),
        SuitField("trump", "Trump", DECK),
        points or IntegerField("taker_points", "Takers' card points", 0, TOTAL),
    )


def schema_with(**fields: Field) -> object:
    """A house-rule plugin declaring the toy's record with some fields replaced."""

    class Replaced:
        @hookimpl(tryfirst=True)
        def atout_record_schema(self, rules: Rules) -> RecordSchema:
            return RecordSchema(toy_fields(**fields))

    return Replaced()


class ToyAuction(Auction):
    """Each seat in turn names a suit or passes; the first suit named is trump; four passes
    throw the deal in."""

    def __init__(self, dealer: int) -> None:
        self._turn: int | None = next_seat(dealer)
        self._passes = 0
        self._contract: Contract | None = None

    def legal_calls(self, seat: int) -> list[Call]:
        if seat != self._turn:
            return []
        return [PASS] + [Call(s, "bid", s, ("points", 66)) for s in DECK.suits]

    def apply(self, seat: int, call: Call) -> None:
        if call.kind == "pass":
            self._passes += 1
            self._turn = None if self._passes == 4 else next_seat(seat)
        else:
            self._contract = Contract(call.text, seat)
            self._turn = None


class Toy:
    """The sound toy variant."""

    @hookimpl
    def atout_declare(self) -> Declaration:
        return Declaration(
            title="Toy",
            summary="A test game: name a trump, take more than half.",
            deck=DECK,
            options=(Option("target", 300, "Points to win the match (a test option).", minimum=1),),
            presets=(
                Preset("short", "A short match."),
                Preset("long", "A long match.", {"target": 1000}),
            ),
        )

    @hookimpl
    def atout_deal_pattern(self, rules: Rules) -> DealPattern:
        return DealPattern(DECK, 8, (3, 2, 3))

    @hookimpl
    def atout_auction(
        self, rules: Rules, dealer: int, turn_up: int | None, context: MatchContext
    ) -> Auction:
        return ToyAuction(dealer)

    @hookimpl
    def atout_play_rules(self, rules: Rules, contract: Contract) -> PlayRules:
        trumps = DECK.suit_masks[DECK.suits.index(contract.denomination)]
        return PlayRules(DECK, POWER, trumps, POINTS, 10, follow_suit)

    @hookimpl
    def atout_record_schema(self, rules: Rules) -> RecordSchema:
        return RecordSchema(toy_fields())

    @hookimpl
    def atout_make_record(self, rules: Rules, played: PlayedDeal) -> Mapping[str, Any]:
        taker = TEAMS[played.contract.taking_team]
        return {
            "taker": taker,
            "trump": played.contract.denomination,
            "taker_points": played.card_points[taker],
        }

    @hookimpl
    def atout_score_deal(
        self, rules: Rules, record: Mapping[str, Any], context: MatchContext
    ) -> DealScore:
        if record.get("thrown_in"):
            return DealScore({}, None, explanation="thrown in")
        taker = record["taker"]
        other = TEAMS[1 - TEAMS.index(taker)]
        points = record["taker_points"]
        if points * 2 > TOTAL:
            return DealScore(
                {taker: points, other: TOTAL - points},
                True,
                explanation=f"made: {points} > {TOTAL // 2}",
            )
        return DealScore({other: TOTAL}, False, explanation=f"failed: {points}")

    @hookimpl
    def atout_match_outcome(
        self, rules: Rules, totals: Mapping[str, int], scores: Sequence[DealScore]
    ) -> MatchOutcome:
        return first_to_target(totals, rules.target, scores)


class FakeEntryPoint:
    """Stands for an installed ``atout.variants`` entry point."""

    def __init__(self, name: str, plugin: object) -> None:
        self.name = name
        self.plugin = plugin
        self.dist = None

    def load(self) -> object:
        return self.plugin


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> Callable[..., Any]:
    """Install the toy variant; returns ``load(*house_rules)`` giving the toy with house-rule
    plugins on top."""
    monkeypatch.setattr(plugins, "_entry_points", lambda: {"toy": FakeEntryPoint("toy", Toy())})

    def load(*extra: object) -> Any:
        return load_variant("toy", extra_plugins=extra)

    return load


def _fails(variant: Any, step: str, text: str = "", **kwargs: Any) -> ConformanceError:
    with pytest.raises(ConformanceError) as info:
        check_variant(variant, deals=kwargs.pop("deals", 8), bots=("random",), **kwargs)
    message = str(info.value)
    assert message.startswith("toy/"), message
    assert "step " + step in message, message
    assert text in message, message
    return info.value


# ---- the sound toy passes -------------------------------------------------------------------


def test_a_sound_variant_passes_every_check(toy: Callable[..., Any]) -> None:
    check_variant(toy(), deals=12, bots=("random", "rules"), card_points=TOTAL)


def test_a_variant_name_is_loaded_through_its_entry_point(toy: Callable[..., Any]) -> None:
    check_variant("toy", presets=["long"], deals=3, match=False)


def test_conformance_parameters_are_one_per_preset(toy: Callable[..., Any]) -> None:
    params = variant_conformance("toy")
    assert [p.values for p in params] == [("toy", "short"), ("toy", "long")]
    assert [p.id for p in params] == ["toy-short", "toy-long"]


def test_check_deal_returns_the_finished_deal(toy: Callable[..., Any]) -> None:
    deal = check_deal(toy(), seed=5)
    assert deal.is_over


class Passer:
    """A bot that always passes (where it may), so every deal is thrown in."""

    name = "passer"

    def __init__(self, seed: int | None = None) -> None:
        self.random = RandomBot(seed)

    def choose_call(self, info: Any, calls: Sequence[Call]) -> Call:
        return next((c for c in calls if c.kind == "pass"), calls[0])

    def choose_card(self, info: Any, legal: int) -> int:
        return self.random.choose_card(info, legal)


def test_a_thrown_in_deal_is_checked_too(
    toy: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(bots.BOTS, "passer", Passer)
    deal = check_deal(toy(), seed=3, bot="passer")
    assert deal.contract is None and deal.record() == {"thrown_in": True}


def test_a_thrown_in_deal_has_the_kernel_record_without_asking_the_variant(
    toy: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[PlayedDeal] = []

    class NoThrowInRecord:
        @hookimpl(tryfirst=True)
        def atout_make_record(self, rules: Rules, played: PlayedDeal) -> Mapping[str, Any]:
            asked.append(played)
            return {}

    monkeypatch.setitem(bots.BOTS, "passer", Passer)
    deal = check_deal(toy(NoThrowInRecord()), seed=3, bot="passer")
    assert deal.contract is None and deal.record() == {"thrown_in": True}
    assert asked == []


# ---- each broken variant fails, at the right step ---------------------------------------------


class LegalOutsideHand:
    """The legal plays offer a card the player does not hold."""

    @hookimpl(tryfirst=True)
    def atout_play_rules(self, rules: Rules, contract: Contract) -> PlayRules:
        @legal_steps
        def legal(hand: int, trick: tuple[int, ...], best: int, partner: bool) -> int:
            missing = DECK.full & ~hand
            return step(same_suit(hand, trick) | (missing & -missing), "follow", "follow suit")

        trumps = DECK.suit_masks[DECK.suits.index(contract.denomination)]
        return PlayRules(DECK, POWER, trumps, POINTS, 10, legal)


def test_fails_when_legal_plays_include_a_card_not_in_hand(toy: Callable[..., Any]) -> None:
    error = _fails(toy(LegalOutsideHand()), "play 2", "does not hold")
    assert "seed 0" in str(error) and "toy/short" in str(error)


class NoLegalPlay:
    """The fourth player of a trick has no legal play."""

    @hookimpl(tryfirst=True)
    def atout_play_rules(self, rules: Rules, contract: Contract) -> PlayRules:
        @legal_steps
        def legal(hand: int, trick: tuple[int, ...], best: int, partner: bool) -> int:
            return (
                step(0, "none", "no card")
                if len(trick) == 3
                else step(same_suit(hand, trick), "follow", "you must follow suit")
            )

        trumps = DECK.suit_masks[DECK.suits.index(contract.denomination)]
        return PlayRules(DECK, POWER, trumps, POINTS, 10, legal)


def test_fails_when_a_player_has_no_legal_play(toy: Callable[..., Any]) -> None:
    _fails(toy(NoLegalPlay()), "play ", "no legal play")


class Mute:
    """The rule that refuses a card cannot be said."""

    @hookimpl(tryfirst=True)
    def atout_play_rules(self, rules: Rules, contract: Contract) -> PlayRules:
        trumps = DECK.suit_masks[DECK.suits.index(contract.denomination)]

        @legal_steps
        def mute(hand: int, trick: tuple[int, ...], best: int, partner: bool) -> int:
            return step(same_suit(hand, trick), "follow", "")

        return PlayRules(DECK, POWER, trumps, POINTS, 10, mute)


def test_fails_when_a_refused_card_has_no_reason(toy: Callable[..., Any]) -> None:
    _fails(toy(Mute()), "play ", "no reason given")


class EndlessAuction:
    """Nobody may ever stop passing."""

    @hookimpl(tryfirst=True)
    def atout_auction(
        self, rules: Rules, dealer: int, turn_up: int | None, context: MatchContext
    ) -> Auction:
        class Endless(ToyAuction):
            def legal_calls(self, seat: int) -> list[Call]:
                return [PASS] if seat == self._turn else []

            def apply(self, seat: int, call: Call) -> None:
                self._turn = next_seat(seat)

        return Endless(dealer)


def test_fails_when_the_auction_never_ends(toy: Callable[..., Any]) -> None:
    _fails(toy(EndlessAuction()), "auction, call 501", "has not ended after")


class ShortDeal:
    """Seven cards each: the four cards never dealt are the talon, which nobody plays."""

    @hookimpl(tryfirst=True)
    def atout_deal_pattern(self, rules: Rules) -> DealPattern:
        return DealPattern(DECK, 7, (3, 2, 2))


def test_card_points_add_up_to_the_cards_played_when_a_talon_is_left_out(
    toy: Callable[..., Any],
) -> None:
    # Issue 20: cards left undealt are the deal's talon; the card points of the sides add up
    # to the cards played (or to those and the talon, for a variant that counts it).
    check_variant(toy(ShortDeal()), deals=8, bots=("random",), match=False)
    _fails(toy(ShortDeal()), "card points", "the variant declares 130", card_points=TOTAL)


class CheapSevens:
    """The sevens are worth a point each: the deck no longer adds up to what the game says."""

    @hookimpl(tryfirst=True)
    def atout_play_rules(self, rules: Rules, contract: Contract) -> PlayRules:
        points = tuple(p + (DECK.rank_of[c] == 0) for c, p in enumerate(POINTS))
        trumps = DECK.suit_masks[DECK.suits.index(contract.denomination)]
        return PlayRules(DECK, POWER, trumps, points, 10, follow_suit)


def test_fails_when_card_points_differ_from_the_declared_total(toy: Callable[..., Any]) -> None:
    _fails(toy(CheapSevens()), "card points", "the variant declares 130", card_points=TOTAL)
    _fails(toy(), "card points", "declares 131", card_points=lambda rules, contract: TOTAL + 1)


class InvalidOwnRecord:
    """The record of a played deal is refused by the variant's own validation."""

    @hookimpl(tryfirst=True)
    def atout_make_record(self, rules: Rules, played: PlayedDeal) -> Mapping[str, Any]:
        return {"taker": "NS", "trump": "H", "taker_points": 500}


def test_fails_when_the_record_of_a_played_deal_does_not_validate(toy: Callable[..., Any]) -> None:
    _fails(toy(InvalidOwnRecord()), "record validates", "taker_points")


class NotNormalised:
    """The engine's record writes the trump in lower case; the schema reads it upper-cased."""

    @hookimpl(tryfirst=True)
    def atout_make_record(self, rules: Rules, played: PlayedDeal) -> Mapping[str, Any]:
        record = dict(Toy().atout_make_record(rules, played))
        if "trump" in record:
            record["trump"] = record["trump"].lower()
        return record


def test_fails_when_the_record_of_a_played_deal_is_not_normalised(toy: Callable[..., Any]) -> None:
    _fails(toy(NotNormalised()), "record is normalised", "validates as")


class UndocumentedKey:
    """The record carries a key its description does not mention."""

    @hookimpl(tryfirst=True)
    def atout_make_record(self, rules: Rules, played: PlayedDeal) -> Mapping[str, Any]:
        return {**Toy().atout_make_record(rules, played), "note": "x"}


def test_fails_when_the_record_has_an_undocumented_key(toy: Callable[..., Any]) -> None:
    # (the schema that validates is the description: the key is refused as it validates)
    _fails(toy(UndocumentedKey()), "record validates", "'note' is not a field")


class TupleRecord:
    """The record is not plain JSON: a tuple comes back from JSON as a list."""

    @hookimpl(tryfirst=True)
    def atout_make_record(self, rules: Rules, played: PlayedDeal) -> Mapping[str, Any]:
        return {**Toy().atout_make_record(rules, played), "trump": ("H",)}


def test_fails_when_the_record_changes_in_a_json_round_trip(toy: Callable[..., Any]) -> None:
    _fails(toy(TupleRecord()), "record is JSON", "JSON round trip")


class WanderingLeader:
    """The first leader changes every time it is asked: a replay is not the same deal."""

    def __init__(self) -> None:
        self.count = itertools.count()

    @hookimpl(tryfirst=True)
    def atout_first_leader(self, rules: Rules, dealer: int, contract: Contract) -> int:
        return next(self.count) % 4


def test_fails_when_a_replay_differs(toy: Callable[..., Any]) -> None:
    _fails(toy(WanderingLeader()), "replay", "RuleViolation")


class DriftingScore:
    """Scoring the same record twice gives different points."""

    def __init__(self) -> None:
        self.count = itertools.count()

    @hookimpl(tryfirst=True)
    def atout_score_deal(
        self, rules: Rules, record: Mapping[str, Any], context: MatchContext
    ) -> DealScore:
        score = Toy().atout_score_deal(rules, record, context)
        return replace(
            score, points={"NS": score.points["NS"] + next(self.count), "EW": score.points["EW"]}
        )


def test_fails_when_scoring_a_record_twice_differs(toy: Callable[..., Any]) -> None:
    _fails(toy(DriftingScore()), "score the record", "scoring the record")


class CrashingPoints(IntegerField):
    """Adds to the points without checking them: a text raises TypeError."""

    def read(self, value: Any, where: str, clean: Mapping[str, Any]) -> Any:
        return value + 0


def test_fails_when_a_bad_record_raises_another_exception(toy: Callable[..., Any]) -> None:
    crashing = CrashingPoints("taker_points", "Takers' card points", 0, TOTAL)
    _fails(toy(schema_with(points=crashing)), "bad record", "instead of RecordError")


class AnyTeam(TeamField):
    """Accepts any text as the taking team."""

    def read(self, value: Any, where: str, clean: Mapping[str, Any]) -> Any:
        if not isinstance(value, str):
            raise RecordError(where, "is not a team")
        return value


def test_fails_when_an_unknown_team_is_accepted(toy: Callable[..., Any]) -> None:
    _fails(toy(schema_with(taker=AnyTeam("taker", "Takers"))), "bad record (taker=", "is accepted")


class WrongFieldName(IntegerField):
    """The error for a bad value names a field that does not exist."""

    def read(self, value: Any, where: str, clean: Mapping[str, Any]) -> Any:
        try:
            return super().read(value, where, clean)
        except RecordError as exc:
            raise RecordError("somewhere", exc.reason) from None


def test_fails_when_a_record_error_names_an_undocumented_field(toy: Callable[..., Any]) -> None:
    wrong = WrongFieldName("taker_points", "Takers' card points", 0, TOTAL)
    _fails(toy(schema_with(points=wrong)), "bad record", "'somewhere', not a documented field")


def test_fails_when_a_record_field_has_no_label(toy: Callable[..., Any]) -> None:
    unlabelled = IntegerField("taker_points", " ", 0, TOTAL)
    _fails(toy(schema_with(points=unlabelled)), "record description", "taker_points has no label")


class NarrowDescription(IntegerField):
    """Reads any card points, but a form shows at most 60: a played deal's record does not
    fit its own description."""

    def allows(self, value: Any) -> bool:
        return super().allows(value) and value <= 60


def test_fails_when_a_record_does_not_fit_its_own_description(toy: Callable[..., Any]) -> None:
    narrow = NarrowDescription("taker_points", "Takers' card points", 0, TOTAL)
    _fails(toy(schema_with(points=narrow)), "record matches its description", "taker_points is")


class CrashingCheck(Toy):
    """The toy with a rule across fields that crashes."""

    @hookimpl
    def atout_record_schema(self, rules: Rules) -> RecordSchema:
        def check(clean: dict[str, Any], context: MatchContext) -> None:
            if clean["trump"] is None:
                raise KeyError("trump")  # a bug: the kit must report it, not a RecordError

        return RecordSchema(
            [
                TeamField("taker", "Takers"),
                SuitField("trump", "Trump", DECK, required=False),
                IntegerField("taker_points", "Takers' card points", 0, TOTAL),
            ],
            check,
        )


def test_a_crash_in_a_declared_check_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        plugins, "_entry_points", lambda: {"toy": FakeEntryPoint("toy", CrashingCheck())}
    )
    with pytest.raises(ConformanceError, match="instead of RecordError"):
        check_record_errors(
            load_variant("toy"), records=[{"taker": "NS", "trump": "H", "taker_points": 100}]
        )


class NoFields:
    @hookimpl(tryfirst=True)
    def atout_record_schema(self, rules: Rules) -> RecordSchema:
        return RecordSchema(())


def test_fails_when_the_record_is_not_described(toy: Callable[..., Any]) -> None:
    with pytest.raises(ConformanceError, match="describes no field"):
        check_record_errors(toy(NoFields()))


class ScoringThrowIn:
    """A deal thrown in gives points."""

    @hookimpl(tryfirst=True)
    def atout_score_deal(
        self, rules: Rules, record: Mapping[str, Any], context: MatchContext
    ) -> DealScore | None:
        if record.get("thrown_in"):
            return DealScore({"NS": 10}, None, explanation="thrown in, 10 to NS")
        return None


def test_fails_when_a_thrown_in_deal_scores(toy: Callable[..., Any]) -> None:
    with pytest.raises(ConformanceError, match=r"thrown_in.*scores"):
        check_record_errors(toy(ScoringThrowIn()))


class NeverOver:
    """The match never ends."""

    @hookimpl(tryfirst=True)
    def atout_match_outcome(
        self, rules: Rules, totals: Mapping[str, int], scores: Sequence[DealScore]
    ) -> MatchOutcome:
        return NOT_OVER


def test_fails_when_a_match_never_ends(toy: Callable[..., Any]) -> None:
    with pytest.raises(ConformanceError, match=r"toy/short seed 0.*step match.*after 20 deals"):
        check_match(toy(NeverOver()), max_deals=20)


class UndocumentedOption:
    @hookimpl
    def atout_declare(self) -> Declaration:
        return Declaration(options=(Option("silly", False, ""),))


def test_fails_when_an_option_is_not_documented(toy: Callable[..., Any]) -> None:
    _fails(toy(UndocumentedOption()), "describe", "option silly has no doc line")


def test_messages_name_the_preset_and_seed_of_the_failing_deal(toy: Callable[..., Any]) -> None:
    error = _fails(toy(NoLegalPlay()), "play ", seed=40, presets=["long"])
    assert str(error).startswith("toy/long seed 40 (random bots)")


# ---- the kit as a pytest plugin -----------------------------------------------------------


def test_the_kit_is_registered_as_a_pytest_plugin_without_fixtures(
    request: pytest.FixtureRequest,
) -> None:
    import framework.kit.conformance

    plugin = request.config.pluginmanager.get_plugin("atout")
    assert plugin is framework.kit.conformance
    fixtures = [
        name
        for name, value in vars(plugin).items()
        if type(value).__name__ == "FixtureFunctionDefinition"
        or hasattr(value, "_pytestfixturefunction")
    ]
    assert fixtures == []


def test_importing_the_kit_imports_nothing_heavy() -> None:
    import subprocess
    import sys

    code = (
        "import sys, framework.kit.conformance; "
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.split()
    assert not {"pytest", "flask", "sqlalchemy", "sqlmodel", "click", "variants", "scorepad"} & set(
        out
    )


def test_fails_when_a_deal_rebuilt_from_json_in_mid_play_is_elsewhere(
    toy: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An engine that loses the last event of a saved deal is caught mid-deal."""
    from framework.engine.deal import Deal

    original = Deal.from_json.__func__

    def lossy(cls: type, variant: Any, data: Mapping[str, Any]) -> Deal:
        events = data["events"]
        full = len(events) == sum(1 for e in events if e[0] == "call") + 32
        return original(cls, variant, data if full else {**data, "events": events[:-1]})

    monkeypatch.setattr(Deal, "from_json", classmethod(lossy))
    with pytest.raises(
        ConformanceError,
        match=r"step replay of the first \d+ events: after the "
        r"JSON round trip",
    ):
        check_deal(toy(), seed=2)
