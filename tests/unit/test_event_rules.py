"""A team event's rules worked by hand (issue 22): an 8-team Swiss of 3 rounds, a 7-team Swiss
with byes, the tie-breaks, a round-robin's refusals and the comparison of duplicate boards.

Every expected figure below was computed by hand from the module's stated rules (pairing: the
best unpaired team meets the next one it has not met, sides balanced first; standings: match
points, points, difference); the comments show the working.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from scorepad.events import EventError
from scorepad.events.boards import BoardScore, board_ranking, compare
from scorepad.events.pairing import (
    Round,
    Table,
    check_rounds,
    round_robin,
    swiss_round,
    without,
)
from scorepad.events.standings import (
    TIE_BREAKS,
    ByeRule,
    MatchPoints,
    RoundResult,
    standings,
    tie_breaks,
)


def _lines(table):
    """(rank, team, played, won, drawn, lost, match points, points, difference) per line."""
    return [
        (s.rank, s.team, s.played, s.won, s.drawn, s.lost, s.match_points, s.points, s.difference)
        for s in table
    ]


def _ranking(lines):
    return [s.team for s in lines]


def test_eight_teams_three_swiss_rounds_pair_and_rank_as_computed_by_hand():
    history: list[Round] = []
    results: list[RoundResult] = []

    # round 1: the seeding 0..7, neighbours meet, the better seed on the first side
    one = swiss_round(range(8), history)
    assert one == Round((Table(0, 1), Table(2, 3), Table(4, 5), Table(6, 7)))
    results.append(RoundResult(one, ((1000, 820), (700, 1001), (1002, 990), (800, 800))))
    history.append(one)
    after_one = standings(8, results)
    # 4, 3, 0 won (1002 > 1001 > 1000 points); 6 and 7 drew alike and share 4th place
    assert _ranking(after_one) == [4, 3, 0, 6, 7, 5, 1, 2]
    assert [s.rank for s in after_one] == [1, 2, 3, 4, 4, 6, 7, 8]

    # round 2: 4 meets 3; 0 would meet 6, but both sat first: 0 meets 7 (same score group);
    # 6 meets 5, 1 meets 2; the team that sat first sits second now
    two = swiss_round(_ranking(after_one), history)
    assert two == Round((Table(3, 4), Table(7, 0), Table(5, 6), Table(1, 2)))
    results.append(RoundResult(two, ((900, 700), (810, 1000), (1100, 600), (1000, 1000))))
    history.append(two)
    after_two = standings(8, results)
    assert _ranking(after_two) == [0, 3, 5, 4, 1, 2, 7, 6]

    # round 3: 0-3; 5 met 4 and meets 1; 4-2 would leave 7 and 6, who met: 4-7 and 2-6.
    # Every side balance is 0: the team that sat second last sits first; 5 and 1 both sat
    # first, so the better ranked (5) sits first again, as do 2 over 6 (both sat second)
    three = swiss_round(_ranking(after_two), history)
    assert three == Round((Table(0, 3), Table(5, 1), Table(4, 7), Table(2, 6)))
    results.append(RoundResult(three, ((950, 1050), (1000, 900), (1001, 1001), (1200, 400))))

    final = standings(8, results)
    assert _lines(final) == [
        # 3: 1001+900+1050 for, 700+700+950 against
        (1, 3, 3, 3, 0, 0, 6, 2951, 601),
        # 5 and 0 on 4 match points: 990+1100+1000 = 3090 beats 1000+1000+950 = 2950
        (2, 5, 3, 2, 0, 1, 4, 3090, 588),
        (3, 0, 3, 2, 0, 1, 4, 2950, 270),
        # 2 and 4 on 3: 700+1000+1200 = 2900 beats 1002+700+1001 = 2703
        (4, 2, 3, 1, 1, 1, 3, 2900, 499),
        (5, 4, 3, 1, 1, 1, 3, 2703, -188),
        (6, 7, 3, 0, 2, 1, 2, 2611, -190),
        (7, 1, 3, 0, 1, 2, 1, 2720, -280),
        (8, 6, 3, 0, 1, 2, 1, 1800, -1300),
    ]
    met = [t.teams for r in (*history, three) for t in r.tables]
    assert len(met) == len(set(met)) == 12


def test_seven_teams_give_each_bye_once_to_the_lowest_ranked_without_one():
    bye = ByeRule("average")
    history: list[Round] = []
    results: list[RoundResult] = []

    one = swiss_round(range(7), history)
    assert one == Round((Table(0, 1), Table(2, 3), Table(4, 5)), byes=(6,))
    results.append(RoundResult(one, ((1000, 800), (600, 1000), (900, 900))))
    history.append(one)
    after_one = standings(7, results, bye=bye)
    # the bye: a win with the round's average, 5200 / 6 = 866.67, rounded to 867, against 867
    six = next(s for s in after_one if s.team == 6)
    assert (six.played, six.won, six.match_points, six.points, six.difference) == (1, 1, 2, 867, 0)
    # 3 and 0: 2 match points and 1000 points each; 3's difference (+400) beats 0's (+200)
    assert _ranking(after_one) == [3, 0, 6, 4, 5, 1, 2]

    # round 2: the bye to the lowest ranked who has none (2); 3-0; 6-4 would leave 5-1, who
    # both sat second: 6-5 and 4-1
    two = swiss_round(_ranking(after_one), history)
    assert two == Round((Table(3, 0), Table(5, 6), Table(1, 4)), byes=(2,))
    results.append(RoundResult(two, ((700, 1000), (1000, 500), (800, 800))))
    history.append(two)
    after_two = standings(7, results, bye=bye)
    assert _ranking(after_two) == [0, 5, 3, 4, 2, 6, 1]

    # round 3: 1 is the lowest ranked without a bye
    three = swiss_round(_ranking(after_two), history)
    assert three == Round((Table(0, 5), Table(4, 3), Table(6, 2)), byes=(1,))
    results.append(RoundResult(three, ((800, 1000), (1100, 500), (900, 700))))

    final = standings(7, results, bye=bye)
    assert _lines(final) == [
        (1, 5, 3, 2, 1, 0, 5, 2900, 700),
        # 4 and 0: 4 match points and 2800 points each; 4's +600 beats 0's +300
        (2, 4, 3, 1, 2, 0, 4, 2800, 600),
        (3, 0, 3, 2, 0, 1, 4, 2800, 300),
        (4, 6, 3, 2, 0, 1, 4, 2267, -300),
        # 1's bye in round 3: 5000 / 6 = 833.33, rounded to 833
        (5, 1, 3, 1, 1, 1, 3, 2433, -200),
        (6, 3, 3, 1, 0, 2, 2, 2200, -500),
        (7, 2, 3, 1, 0, 2, 2, 2100, -600),
    ]
    assert sorted(b for r in (*history, three) for b in r.byes) == [1, 2, 6]


def test_a_bye_scores_as_the_event_chooses():
    played = Round((Table(0, 1),), byes=(2,))
    result = RoundResult(played, ((1001, 600),))
    fixed = {s.team: s for s in standings(3, [result], bye=ByeRule("fixed", 500, 100))}
    assert (fixed[2].won, fixed[2].match_points, fixed[2].points, fixed[2].difference) == (
        1,
        2,
        500,
        400,
    )
    nothing = {s.team: s for s in standings(3, [result], bye=ByeRule("none"))}
    assert (nothing[2].played, nothing[2].match_points, nothing[2].points) == (0, 0, 0)
    average = {s.team: s for s in standings(3, [result], bye=ByeRule("average"))}
    # (1001 + 600) / 2 = 800.5: halves round up
    assert (average[2].points, average[2].difference) == (801, 0)
    with pytest.raises(EventError) as refused:
        ByeRule("half")  # type: ignore[arg-type]
    assert refused.value.field == "bye"


def test_match_points_then_points_then_difference_rank_the_teams():
    assert TIE_BREAKS == ("match_points", "points", "difference")
    played = Round((Table(0, 1), Table(2, 3), Table(4, 5)))
    # 0 and 2 won with 500 each: 2 won by more; 4 and 5 drew 450-450
    result = RoundResult(played, ((500, 400), (500, 300), (450, 450)))
    assert _lines(standings(6, [result])) == [
        (1, 2, 1, 1, 0, 0, 2, 500, 200),
        (2, 0, 1, 1, 0, 0, 2, 500, 100),
        (3, 4, 1, 0, 1, 0, 1, 450, 0),
        (3, 5, 1, 0, 1, 0, 1, 450, 0),
        (5, 1, 1, 0, 0, 1, 0, 400, -100),
        (6, 3, 1, 0, 0, 1, 0, 300, -200),
    ]
    # 3 a win, 1 a draw: the draws now rank above the other win
    valued = standings(6, [result], MatchPoints(win=1, draw=1, loss=0))
    assert _ranking(valued) == [2, 0, 4, 5, 1, 3]


def test_ranked_by_boards_the_exact_sum_of_differences_comes_before_match_points():
    played = Round((Table(0, 1), Table(2, 3)))
    result = RoundResult(played, ((500, 400), (300, 450)))  # 0 and 3 win
    # 1 lost with the best boards; 2's sum (a third) and 0's and 3's (minus a third) all show
    # 0 but rank apart by the exact fraction; 0 and 3, equal on boards and on match points,
    # are split by their points (500 against 450)
    sums = [Fraction(-1, 3), Fraction(40), Fraction(1, 3), Fraction(-1, 3)]
    ranked = standings(4, [result], boards=sums)
    assert [(s.team, s.boards_shown, s.rank) for s in ranked] == [
        (1, 40, 1),
        (2, 0, 2),
        (0, 0, 3),
        (3, 0, 4),
    ]
    assert tie_breaks("boards") == ("boards", *TIE_BREAKS)
    assert tie_breaks("match_points") == TIE_BREAKS
    # by match points (the default) the same results rank as before
    assert _ranking(standings(4, [result])) == [0, 3, 1, 2]
    # equal on every tie-break: one rank shared
    drawn = RoundResult(Round((Table(0, 1),)), ((400, 400),))
    assert [s.rank for s in standings(2, [drawn], boards=[Fraction(1), Fraction(1)])] == [1, 1]
    assert [s.rank for s in standings(2, [drawn], boards=[Fraction(0), Fraction(1)])] == [1, 2]


def test_a_round_robin_has_n_minus_1_rounds_or_n_with_a_bye_each_and_no_other_count():
    with pytest.raises(EventError) as refused:
        round_robin(6, 4)
    assert refused.value.field == "rounds"
    assert "6 teams has 5 rounds" in str(refused.value)
    with pytest.raises(EventError) as refused:
        round_robin(5, 4)
    assert refused.value.field == "rounds"
    with pytest.raises(EventError) as refused:
        check_rounds("swiss", 1, 1)
    assert refused.value.field == "teams"
    with pytest.raises(EventError) as refused:
        check_rounds("swiss", 8, 8)
    assert refused.value.field == "rounds"
    with pytest.raises(EventError) as refused:
        check_rounds("knockout", 8, 3)
    assert refused.value.field == "pairing"
    assert len(round_robin(5, 5)) == 5
    assert all(len(r.byes) == 1 for r in round_robin(5, 5))


def test_a_refusal_is_said_in_the_readers_language():
    from scorepad.i18n import translator

    with pytest.raises(EventError) as refused:
        round_robin(6, 4)
    french = translator("fr").render(refused.value.reason)
    assert french == "un tournoi toutes rondes de 6 équipes compte 5 tours, pas 4"
    russian = translator("ru").render(refused.value.reason)
    assert russian == "в круговом турнире 6 команд число туров — 5, а не 4"


def test_a_withdrawn_team_leaves_the_next_rounds():
    history = [Round((Table(0, 1), Table(2, 3), Table(4, 5)))]
    after = swiss_round([0, 2, 4, 1, 3, 5], history, withdrawn={2})
    assert 2 not in after.playing and 2 not in after.byes
    assert len(after.tables) == 2 and len(after.byes) == 1
    scheduled = round_robin(4, 3)[0]
    gone = without(scheduled, {scheduled.tables[0].first})
    assert gone.tables == scheduled.tables[1:]
    assert gone.byes == (scheduled.tables[0].second,)


def test_a_board_is_compared_only_with_the_same_side_at_the_other_tables():
    scores = [
        # board 1 at four tables: first side 90, 160, 0, 110; second side 72, 2, 162, 52
        BoardScore(1, 1, 0, 1, 90, 72),
        BoardScore(1, 2, 2, 3, 160, 2),
        BoardScore(1, 3, 4, 5, 0, 162),
        BoardScore(1, 4, 6, 7, 110, 52),
        # board 2 at three tables: first side 100, 81, 0; second side 62, 81, 162
        BoardScore(2, 1, 0, 1, 100, 62),
        BoardScore(2, 2, 2, 3, 81, 81),
        BoardScore(2, 3, 4, 5, 0, 162),
    ]
    made = compare(scores)
    exact = {(c.board, c.table, c.side): c.difference for c in made}
    shown = {(c.board, c.table, c.side): c.shown for c in made}
    # board 1, table 2, first side: 160 - (90 + 0 + 110) / 3 = 280/3 = 93.33, shown 93
    assert exact[1, 2, 0] == Fraction(280, 3) and shown[1, 2, 0] == 93
    # table 1: 90 - (160 + 0 + 110) / 3 = 0; table 3: 0 - 360/3 = -120
    assert exact[1, 1, 0] == 0 and exact[1, 3, 0] == -120
    # table 4, second side: 52 - (72 + 2 + 162) / 3 = -80/3 = -26.67, shown -27
    assert exact[1, 4, 1] == Fraction(-80, 3) and shown[1, 4, 1] == -27
    # board 2, table 1: 100 - (81 + 0) / 2 = 59.5, shown 60; table 3: 0 - 90.5, shown -91
    assert exact[2, 1, 0] == Fraction(119, 2) and shown[2, 1, 0] == 60
    assert exact[2, 3, 0] == Fraction(-181, 2) and shown[2, 3, 0] == -91
    assert exact[2, 3, 1] == Fraction(181, 2) and shown[2, 3, 1] == 91
    # each side's differences at one board add up to nothing
    for board in (1, 2):
        for side in (0, 1):
            assert sum(d for (b, _, s), d in exact.items() if (b, s) == (board, side)) == 0

    ranking = board_ranking(8, made)
    # 5: 120 + 181/2 = 210.5; 2: 280/3 + 31 = 124.33; 0: 0 + 59.5; 6: 80/3 (one board)
    assert [(line.team, line.total, line.shown, line.boards) for line in ranking] == [
        (5, Fraction(421, 2), 211, 2),
        (2, Fraction(373, 3), 124, 2),
        (0, Fraction(119, 2), 60, 2),
        (6, Fraction(80, 3), 27, 1),
        (7, Fraction(-80, 3), -27, 1),
        (1, Fraction(-119, 2), -60, 2),
        (3, Fraction(-373, 3), -124, 2),
        (4, Fraction(-421, 2), -211, 2),
    ]


def test_a_board_held_by_one_table_has_no_comparison():
    (first, second) = compare([BoardScore(3, 1, 0, 1, 100, 62)])
    assert first.difference is None and second.shown is None


def test_two_results_of_one_board_at_one_table_are_refused():
    with pytest.raises(EventError) as refused:
        compare([BoardScore(1, 1, 0, 1, 100, 62), BoardScore(1, 1, 0, 1, 90, 72)])
    assert refused.value.field == "boards"
