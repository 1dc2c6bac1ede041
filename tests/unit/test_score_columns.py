"""Score columns a variant declares and the settlement of a match (issue 20, item 4).

``Declaration.score_columns`` names the columns of the score sheet (the teams ``NS`` and
``EW`` when nobody declares any), checked once when the variant loads; ``atout_settle`` turns
a finished match's totals into what each player wins or pays, integers summing to zero, kept
in ``MatchOutcome.settlement``. What the kernel cannot take is refused naming the hook."""

from __future__ import annotations

import pickle

import pytest
import toy_game
import toy_pools

from framework.api import DealScore, MatchOutcome, ScoreColumn, hookimpl
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
    assert info.scores_teams


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
        # a match's winner may be a column or a group: a store keeps it in NAME_LENGTH
        (
            (ScoreColumn("N" * 41, "long"),),
            f"score column '{'N' * 41}': its key and its group have at most 40 characters each",
        ),
        (
            (ScoreColumn("N.pool", "Pool", "N" * 41),),
            "score column 'N.pool': its key and its group have at most 40 characters each",
        ),
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


# ---- a score per player, in groups -------------------------------------------------------------


def _pools():
    return variant_from_plugins("toy-pools", [toy_pools])


def test_a_score_is_keyed_by_the_declared_columns_every_column_written_in_their_order():
    variant = _pools()
    keys = variant.info.column_keys
    assert (
        " ".join(keys) == "N.pool N.mountain E.pool E.mountain S.pool S.mountain W.pool W.mountain"
    )
    assert not variant.info.scores_teams
    score = variant.hooks.score(variant.rules(), {"taker": "EW", "taker_points": 30})
    assert list(score.points) == list(keys)
    assert dict(score.points) == dict.fromkeys(keys, 0) | {"E.pool": 15, "W.pool": 15}
    thrown_in = variant.hooks.score(variant.rules(), {"thrown_in": True})
    assert dict(thrown_in.points) == dict.fromkeys(keys, 0)
    # A deal scored outside a match is scored from every column at 0.
    assert dict(variant.hooks.for_deal().first_context().totals) == dict.fromkeys(keys, 0)


class Scores:
    """Answers ``atout_score_deal`` with ``score``, above the pools."""

    def __init__(self, score: DealScore) -> None:
        self.score = score

    @hookimpl(tryfirst=True)
    def atout_score_deal(self, rules, record, context):
        return self.score


@pytest.mark.parametrize(
    ("score", "message"),
    [
        # The teams are not columns of this sheet: never a silent 0.
        (DealScore({"NS": 30, "EW": 10}, True), "points with 'NS'"),
        (DealScore({"N.pool": 3, "N.whists": 4}, True), "points with 'N.whists'"),
        (DealScore({}, True, wins_match="NS"), "wins_match with 'NS'"),
    ],
)
def test_a_score_keyed_by_what_is_not_a_column_of_the_variant_is_refused_naming_it(score, message):
    variant = variant_from_plugins("toy-pools", [toy_pools, Scores(score)])
    with pytest.raises(PluginError) as refused:
        variant.hooks.score(variant.rules(), RECORD)
    text = str(refused.value)
    assert text.startswith(f"variant 'toy-pools': atout_score_deal answered {message}, ")
    assert "which is not a score column (N.pool, N.mountain, E.pool" in text


def test_a_group_of_columns_may_win_outright_and_counts_in_the_summary():
    variant = variant_from_plugins(
        "toy-pools", [toy_pools, Scores(DealScore({"S.pool": 5}, True, wins_match="S"))]
    )
    assert variant.hooks.score(variant.rules(), RECORD).wins_match == "S"
    lines = _pools().hooks.match_summary(_pools().rules(), [RECORD], [DealScore({}, True)])
    assert lines[0].counts == {"N": 1}


def test_a_match_keeps_totals_by_column_ends_when_the_variant_says_and_settles_to_zero():
    variant = _pools()
    match = Match(variant, variant.rules("short"))  # (a pool of 50)
    assert dict(match.context().totals) == dict.fromkeys(variant.info.column_keys, 0)
    records = [
        {"taker": "NS", "taker_points": 30},  # N, S: 15 each in their pools
        {"taker": "EW", "taker_points": 10},  # E, W: 10 each on their mountains
        {"taker": "EW", "taker_points": 40},  # E, W: 20 each in their pools
        {"taker": "NS", "taker_points": 40},  # N, S: 35
        {"taker": "NS", "taker_points": 30},  # N, S: 50: N's pool is full
    ]
    for record in records[:-1]:
        match.add(record)
        assert not match.outcome.over
    match.add(records[-1])
    assert match.totals == {
        "N.pool": 50,
        "N.mountain": 0,
        "E.pool": 20,
        "E.mountain": 10,
        "S.pool": 50,
        "S.mountain": 0,
        "W.pool": 20,
        "W.mountain": 10,
    }
    outcome = match.outcome
    assert outcome.over and outcome.winner == "N"
    # Results 50, 10, 50, 10: the average 30; N +20, E -20, S +20, W -20.
    assert dict(outcome.settlement) == {"N": 20, "E": -20, "S": 20, "W": -20}
    assert sum(outcome.settlement.values()) == 0
    # The sheet's rows and a stored state keep every column.
    assert match.rows()[-1]["totals"] == match.totals
    assert MatchState.from_json(match.state.to_json()) == match.state
    assert MatchState.start(variant, variant.rules(), 2).totals == dict.fromkeys(
        variant.info.column_keys, 0
    )


def test_a_match_of_a_fixed_number_of_deals_is_won_by_the_player_who_settles_best():
    variant = _pools()
    match = Match(variant, variant.rules(match_deals=2))
    match.add({"taker": "EW", "taker_points": 30})  # E, W: 15 in their pools
    match.add({"taker": "NS", "taker_points": 10})  # N, S: 10 on their mountains
    # Results -10, 15, -10, 15: the sum 10, share 2 and 2 left over (the first seat's).
    assert dict(match.outcome.settlement) == {"N": -14, "E": 13, "S": -12, "W": 13}
    assert match.outcome.over and match.outcome.winner is None  # (E and W: a draw)


def test_a_match_winner_that_is_not_a_column_or_a_group_is_refused():
    class Winner:
        @hookimpl(tryfirst=True)
        def atout_match_outcome(self, rules, totals, scores):
            return MatchOutcome(True, "NS")

    variant = variant_from_plugins("toy-pools", [toy_pools, Winner()])
    with pytest.raises(PluginError, match="atout_match_outcome answered winner with 'NS'"):
        Match(variant, variant.rules(), records=[RECORD])


def test_a_four_seat_score_left_out_or_thrown_in_writes_both_teams():
    variant = variant_from_plugins("toy", [toy_game])
    thrown_in = variant.hooks.score(variant.rules(), {"thrown_in": True})
    assert list(thrown_in.points.items()) == [("NS", 0), ("EW", 0)]
    failed = variant.hooks.score(variant.rules(), {"taker": "EW", "taker_points": 10})
    assert list(failed.points.items()) == [("NS", 40), ("EW", 0)]


def test_the_conformance_kit_checks_a_sheet_per_player_and_its_settlement():
    from framework.kit.conformance import check_match, check_variant

    variant = _pools()
    check_variant(variant, deals=6, bots=("random",), match=False)
    match = check_match(variant, variant.rules("short"))
    assert match.outcome.over and sum(match.outcome.settlement.values()) == 0
    assert list(match.outcome.settlement) == ["N", "E", "S", "W"]


def test_a_seat_a_settlement_leaves_out_settles_0_for_the_conformance_kit_too():
    from framework.kit.conformance import check_match

    class Two:
        @hookimpl(tryfirst=True)
        def atout_settle(self, rules, totals):
            return {"N": 1, "E": -1}

    variant = variant_from_plugins("toy-pools", [toy_pools, Two()])
    match = check_match(variant, variant.rules("short"))
    assert dict(match.outcome.settlement) == {"N": 1, "E": -1, "S": 0, "W": 0}


def test_a_deal_outside_a_match_is_played_and_scored_from_every_column_at_0():
    from framework.engine.deal import Deal

    variant = _pools()
    deal = Deal.new(variant, variant.rules(), 2, seed=3)
    assert dict(deal.context.totals) == dict.fromkeys(variant.info.column_keys, 0)
    assert deal.context.dealer == 2
    four = variant_from_plugins("toy", [toy_game])
    assert dict(Deal.new(four, four.rules(), 1, seed=3).context.totals) == {"NS": 0, "EW": 0}


def test_a_score_knows_whether_it_names_keys_other_than_the_teams_even_unpickled():
    assert not DealScore({"NS": 1}, True).names_others
    assert not DealScore({}, None).names_others
    other = DealScore({"N.pool": 1, "NS": 0}, True)
    assert other.names_others and pickle.loads(pickle.dumps(other)).names_others
    assert not other.with_points({"NS": 1, "EW": 0}).names_others
    assert other.with_points({"N.pool": 2}).names_others
