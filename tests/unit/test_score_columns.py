"""Score columns a variant declares and the settlement of a match (issue 20, item 4).

``Declaration.score_columns`` names the columns of the score sheet (the teams ``NS`` and
``EW`` when nobody declares any), checked once when the variant loads; ``atout_settle`` turns
a finished match's totals into what each player wins or pays, integers summing to zero, kept
in ``MatchOutcome.settlement``. What the kernel cannot take is refused naming the hook."""

from __future__ import annotations

import pickle

import pytest
import toy_game

from framework.api import MatchOutcome, ScoreColumn, hookimpl
from framework.core.errors import PluginError
from framework.engine.match import Match, MatchState
from framework.rules.declaration import Declaration
from framework.rules.plugins import variant_from_plugins

RECORD = {"taker": "NS", "taker_points": 30}


class Columns:
    """A plugin above the toy game declaring ``score_columns``."""

    def __init__(self, *columns: object) -> None:
        self.columns = columns

    @hookimpl
    def atout_declare(self):
        return Declaration(score_columns=self.columns)  # type: ignore[arg-type]


def test_a_variant_that_declares_no_columns_has_the_two_teams():
    info = variant_from_plugins("toy", [toy_game]).info
    assert info.score_columns == (ScoreColumn("NS", "NS"), ScoreColumn("EW", "EW"))
    assert info.column_keys == ("NS", "EW")


def test_the_top_most_plugin_that_declares_columns_gives_them_all():
    below = Columns(ScoreColumn("NS", "North-South"), ScoreColumn("EW", "East-West"))
    above = Columns(ScoreColumn("N.pool", "Pool", "N"), ScoreColumn("N.mountain", "Mountain", "N"))
    info = variant_from_plugins("toy-columns", [toy_game, below, above]).info
    assert info.score_columns == (
        ScoreColumn("N.pool", "Pool", "N"),
        ScoreColumn("N.mountain", "Mountain", "N"),
    )


@pytest.mark.parametrize(
    ("columns", "reason"),
    [
        (
            (ScoreColumn("NS", "NS"), ScoreColumn("NS", "again")),
            "score column 'NS' is declared twice",
        ),
        ((ScoreColumn("", "nothing"),), "score column '': a key is a word without spaces"),
        ((ScoreColumn("N pool", "Pool"),), "score column 'N pool': a key is a word without spaces"),
        ((ScoreColumn(3, "three"),), "score column 3: a key is a word without spaces"),  # type: ignore[arg-type]
        (("NS", "EW"), "score_columns holds 'NS', not a ScoreColumn"),
    ],
)
def test_columns_that_cannot_key_a_score_are_refused_when_the_variant_loads(columns, reason):
    with pytest.raises(PluginError) as refused:
        variant_from_plugins("toy-columns", [toy_game, Columns(*columns)])
    assert str(refused.value) == f"variant 'toy-columns': {reason}"


# ---- the settlement --------------------------------------------------------------------------


class Settles:
    """Settles a finished match with ``answer`` (a function of the totals), counting calls."""

    def __init__(self, answer) -> None:
        self.answer = answer
        self.calls: list[dict[str, int]] = []

    @hookimpl(tryfirst=True)
    def atout_settle(self, rules, totals):
        self.calls.append(dict(totals))
        return self.answer(totals)


def _lead(totals):
    """North and South win what the leading team leads by, East and West pay it."""
    lead = totals["NS"] - totals["EW"]
    return {"N": lead, "S": lead, "E": -lead, "W": -lead}


def test_a_finished_match_carries_the_variants_settlement_asked_once_at_its_end():
    settles = Settles(_lead)
    variant = variant_from_plugins("toy-settles", [toy_game, settles])
    match = Match(variant, variant.rules("short"))  # (first to 50)
    match.add(RECORD)
    assert not match.outcome.over and match.outcome.settlement == {} and settles.calls == []
    match.add(RECORD)
    assert match.outcome.over and match.totals == {"NS": 60, "EW": 20}
    assert settles.calls == [{"NS": 60, "EW": 20}]
    assert dict(match.outcome.settlement) == {"N": 40, "E": -40, "S": 40, "W": -40}
    # It is stored and read back with the match's state, and pickles.
    state = MatchState.from_json(match.state.to_json())
    assert state == match.state and state.outcome.settlement == match.outcome.settlement
    assert pickle.loads(pickle.dumps(match.outcome)) == match.outcome


def test_a_match_of_a_fixed_number_of_deals_is_settled_too_and_a_seat_left_out_settles_0():
    variant = variant_from_plugins("toy-settles", [toy_game, Settles(lambda t: {"N": 5, "E": -5})])
    match = Match(variant, variant.rules(match_deals=1))
    match.add(RECORD)
    assert list(match.outcome.settlement.items()) == [("N", 5), ("E", -5), ("S", 0), ("W", 0)]


def test_without_a_settlement_the_outcome_has_none_and_its_json_is_unchanged():
    variant = variant_from_plugins("toy", [toy_game])
    match = Match(variant, variant.rules("short"), records=[RECORD, RECORD])
    assert match.outcome.over and match.outcome.settlement == {}
    assert "settlement" not in match.outcome.to_json()
    assert MatchOutcome(True, "NS", "x") == MatchOutcome.from_json(
        MatchOutcome(True, "NS", "x").to_json()
    )


@pytest.mark.parametrize(
    ("answer", "reason"),
    [
        (
            {"N": 2, "E": 1},
            "a settlement that sums to 3, not 0 (N +2, E +1, S +0, W +0)",
        ),
        ({"NS": 1, "EW": -1}, "'NS', which is not a seat (N, E, S, W)"),
        ({"N": 0.5, "S": -0.5}, "0.5 for N, not an integer"),
        ({"N": True, "S": -1}, "True for N, not an integer"),
        ([("N", 1)], "[('N', 1)], not a mapping of seats to integers"),
    ],
)
def test_a_settlement_the_kernel_cannot_take_is_refused_naming_the_hook(answer, reason):
    variant = variant_from_plugins("toy-settles", [toy_game, Settles(lambda t: answer)])
    match = Match(variant, variant.rules("short"), records=[RECORD])
    with pytest.raises(PluginError) as refused:
        match.add(RECORD)
    assert str(refused.value) == f"variant 'toy-settles': atout_settle answered {reason}"
