"""What the kernel refuses from a variant's hooks, loudly, naming the hook and what is wrong:
a score keyed by something that is not a score column (never written down as 0), a deal
pattern that cannot be dealt and seats the kernel cannot play (when the variant loads)."""

from __future__ import annotations

import pytest
import toy_game

from framework.api import hookimpl
from framework.bots.base import play_out
from framework.bots.registry import make_bot
from framework.core.cards import FRENCH_32 as DECK
from framework.core.errors import PluginError
from framework.engine.deal import Deal
from framework.engine.match import Match
from framework.rules.dealing import DealPattern
from framework.rules.declaration import Declaration
from framework.rules.outcome import MatchOutcome, SummaryLine
from framework.rules.plugins import variant_from_plugins
from framework.rules.scoring import DealScore

RECORD = {"taker": "NS", "taker_points": 30}


class ScoresBySeat:
    """A score keyed by seat, as a three-hand game's author wrote it."""

    @hookimpl(tryfirst=True)
    def atout_score_deal(self, rules, record, context):
        return DealScore({"N": 30, "S": 10}, True)


class OutrightBySeat:
    @hookimpl(tryfirst=True)
    def atout_score_deal(self, rules, record, context):
        return DealScore({"NS": 30}, True, wins_match="N")


class WinnerBySeat:
    @hookimpl(tryfirst=True)
    def atout_match_outcome(self, rules, totals, scores):
        return MatchOutcome(True, "South")


class SummaryBySeat:
    @hookimpl(tryfirst=True)
    def atout_match_summary(self, rules, records, scores):
        return [SummaryLine("Tricks", {"NS": 1, "W": 2})]


def test_points_keyed_by_seat_are_refused_naming_the_hook_and_the_key():
    variant = variant_from_plugins("toy-seats", [toy_game, ScoresBySeat()])
    with pytest.raises(PluginError) as refused:
        variant.hooks.score(variant.rules(), RECORD)
    assert str(refused.value) == (
        "variant 'toy-seats': atout_score_deal answered points with 'N', which is not a "
        "score column (NS, EW)"
    )
    # The same on a played deal, scored in its match: nothing is written down.
    match = Match(variant, variant.rules())
    deal = Deal.new(variant, match.rules, match.dealer, seed=1, context=match.context())
    play_out(deal, [make_bot("random", i) for i in range(4)])
    with pytest.raises(PluginError, match="atout_score_deal answered points with 'N'"):
        match.add(deal.record(), validated=True)
    assert match.records == [] and match.totals == {"NS": 0, "EW": 0}


def test_an_outright_winner_a_match_winner_and_summary_counts_by_seat_are_refused():
    cases = [
        (OutrightBySeat(), "atout_score_deal answered wins_match with 'N'"),
        (WinnerBySeat(), "atout_match_outcome answered winner with 'South'"),
    ]
    for plugin, message in cases:
        variant = variant_from_plugins("toy-seats", [toy_game, plugin])
        with pytest.raises(PluginError, match=message):
            Match(variant, variant.rules(), records=[RECORD])
    variant = variant_from_plugins("toy-seats", [toy_game, SummaryBySeat()])
    with pytest.raises(PluginError, match="atout_match_summary answered counts with 'W'"):
        variant.hooks.match_summary(variant.rules(), (), ())


def test_a_score_made_outside_a_hook_keeps_its_keys_and_one_naming_teams_writes_both():
    # Only a variant knows its score columns: the kernel checks a score when a hook answers
    # it (above, and tests/unit/test_score_columns.py), not when it is made.
    assert dict(DealScore({"EW": 4}, True).points) == {"NS": 0, "EW": 4}
    assert dict(DealScore({"N.pool": 4}, True).points) == {"N.pool": 4}
    assert dict(DealScore.from_json({"points": {"E": 4}}).points) == {"E": 4}
    with pytest.raises(ValueError, match="invalid literal"):
        DealScore({"NS": "many"}, True)


# ---- a deal pattern that cannot be dealt -----------------------------------------------------


class Deals:
    """A house rule answering ``atout_deal_pattern`` with ``pattern``."""

    def __init__(self, pattern: DealPattern) -> None:
        self.pattern = pattern

    @hookimpl(tryfirst=True)
    def atout_deal_pattern(self, rules):
        return self.pattern


@pytest.mark.parametrize(
    ("pattern", "reason"),
    [
        # Three hands of ten before the auction, two cards kept back: four seats get packets.
        (
            DealPattern(DECK, 10, (3, 4, 3)),
            "dealing 40 cards before the auction, but the deck has 32",
        ),
        (DealPattern(DECK, 8, (3, 3)), "a seat starts play with 6 cards, not hand_size 8"),
        (DealPattern(DECK, 9, (3, 2), after=(4,)), "dealing 36 cards, but the deck has 32"),
        (DealPattern(DECK, 8, (4, 0, 4)), "a packet of 0 cards: a packet deals at least one"),
        (DealPattern(DECK, 0, ()), "hand_size 0: a hand holds at least one card"),
    ],
)
def test_a_deal_pattern_that_cannot_be_dealt_is_refused_when_the_variant_loads(pattern, reason):
    with pytest.raises(PluginError) as refused:
        variant_from_plugins("toy-deal", [toy_game, Deals(pattern)])
    assert str(refused.value) == f"variant 'toy-deal': atout_deal_pattern: {reason}"


def test_every_deal_pattern_of_the_built_in_variants_and_a_turned_up_card_can_be_dealt():
    from framework.rules.plugins import load_all

    loaded, broken = load_all()
    assert broken == [] and len(loaded) >= 5
    # French Belote's way: five each, one turned up for the taker, three (two to the taker).
    assert DealPattern(DECK, 8, (3, 2), after=(3,), turn_up="table").fault() is None
    assert DealPattern(DECK, 8, (3, 2), after=(2,), turn_up="table").fault() == (
        "a seat starts play with 7 cards, not hand_size 8"
    )


# ---- the seats a variant declares -----------------------------------------------------------


class Seats:
    """A plugin above the toy game declaring ``seats``."""

    def __init__(self, *seats: str) -> None:
        self.seats = seats

    @hookimpl
    def atout_declare(self):
        return Declaration(seats=self.seats)


@pytest.mark.parametrize(
    ("seats", "reason"),
    [
        (("N",), "seats N: a table has 2 to 6 seats, each named once"),
        (tuple("ABCDEFG"), "seats A B C D E F G: a table has 2 to 6 seats, each named once"),
        (("N", "E", "N"), "seats N E N: a table has 2 to 6 seats, each named once"),
        (("N", "E", "n"), "seats N E n: a table has 2 to 6 seats, each named once"),
        (("N E", "S"), "seats N E S: a table has 2 to 6 seats, each named once"),
        (("N", ""), "seats N : a table has 2 to 6 seats, each named once"),
        # a match's winner may be a seat: a store keeps it in a column of NAME_LENGTH
        (("N", "E" * 41), f"seat '{'E' * 41}': a seat's name has at most 40 characters"),
    ],
)
def test_seats_a_variant_declares_are_refused_when_the_kernel_cannot_play_them(seats, reason):
    with pytest.raises(PluginError) as refused:
        variant_from_plugins("toy-seats", [toy_game, Seats(*seats)])
    assert str(refused.value) == f"variant 'toy-seats': {reason}"


def test_four_seats_n_e_s_w_declared_or_not_are_the_variants_seats():
    assert variant_from_plugins("toy", [toy_game]).info.seats == ("N", "E", "S", "W")
    declared = variant_from_plugins("toy-nesw", [toy_game, Seats("N", "E", "S", "W")])
    assert declared.info.seats == ("N", "E", "S", "W")


def test_four_seats_under_other_names_are_the_variants_seats():
    declared = variant_from_plugins("toy-named", [toy_game, Seats("S", "E", "N", "W")])
    assert declared.info.seats == ("S", "E", "N", "W")


@pytest.mark.parametrize(
    ("seats", "pattern", "fault"),
    [
        # Three hands of ten and two kept back (a talon): dealable by three seats, not four.
        (3, DealPattern(DECK, 10, (3, 4, 3)), None),
        (
            4,
            DealPattern(DECK, 10, (3, 4, 3)),
            "dealing 40 cards before the auction, but the deck has 32",
        ),
        # Two hands of six, the rest a stock; six hands of five, two left over.
        (2, DealPattern(DECK, 6, (3, 3)), None),
        (6, DealPattern(DECK, 5, (2, 3)), None),
        (
            6,
            DealPattern(DECK, 6, (3, 3)),
            "dealing 36 cards before the auction, but the deck has 32",
        ),
        (3, DealPattern(DECK, 10, (3, 3)), "a seat starts play with 6 cards, not hand_size 10"),
    ],
)
def test_a_deal_pattern_is_dealt_on_paper_for_a_table_of_any_size(seats, pattern, fault):
    assert pattern.fault(seats=seats) == fault


# ---- a first leader that is not a seat of the deal ---------------------------------------


class Leads:
    """Answers ``atout_first_leader`` with ``seat``."""

    def __init__(self, seat: object) -> None:
        self.seat = seat

    @hookimpl(tryfirst=True)
    def atout_first_leader(self, rules, dealer, contract):
        return self.seat


@pytest.mark.parametrize("seat", [4, -1])
def test_a_first_leader_that_is_not_a_seat_is_refused_naming_the_hook(seat):
    variant = variant_from_plugins("toy-lead", [toy_game, Leads(seat)])
    with pytest.raises(PluginError) as refused:
        play_out(
            Deal.new(variant, variant.rules(), 3, seed=1), [make_bot("random", i) for i in range(4)]
        )
    assert str(refused.value) == (
        f"variant 'toy-lead': atout_first_leader answered {seat}, not a seat at the table "
        "(0 N, 1 E, 2 S, 3 W)"
    )
