"""Properties of French Belote's deal score over any valid record (spec §3.5): no point is
created or lost — what the teams write plus what goes into the pot is the deal's card points,
announcements and belotes, plus the pot carried in."""

from hypothesis import given, settings
from hypothesis import strategies as st

from framework.rules.plugins import load_variant
from framework.rules.scoring import MatchContext

FB = load_variant("french-belote")

records = st.fixed_dictionaries(
    {
        "taker": st.sampled_from(["NS", "EW"]),
        "trump": st.sampled_from(["S", "H", "D", "C"]),
        "taker_points": st.integers(0, 162),
        "belote": st.lists(st.sampled_from(["NS", "EW"]), max_size=1),
    }
)
rules_choices = st.sampled_from(
    [
        FB.rules("maison"),
        FB.rules("classic"),
        FB.rules("classic", {"tie": "fail"}),
        FB.rules("maison", {"belote_on_failure": "keep"}),
        FB.rules("classic", {"belote_on_failure": "to_defenders", "tie": "made"}),
    ]
)


@settings(max_examples=50, deadline=None)
@given(record=records, rules=rules_choices, pot=st.integers(0, 300))
def test_every_point_of_a_deal_is_written_or_carried_in_the_pot(record, rules, pot):
    result = FB.hooks.score(rules, record, MatchContext(pot=pot))
    written = result.points["NS"] + result.points["EW"]
    belotes = 20 * len(record["belote"])
    if result.made is False:
        # Dedans: the defenders' 162 replaces the split, the pot goes to them.
        assert written == 162 + belotes + pot
    else:
        assert written + result.pot == 162 + belotes + pot


@settings(max_examples=50, deadline=None)
@given(record=records, rules=rules_choices)
def test_more_card_points_never_hurt_the_takers(record, rules):
    team = record["taker"]
    worse = FB.hooks.score(rules, record).points[team]
    if record["taker_points"] < 162:
        better = FB.hooks.score(rules, {**record, "taker_points": record["taker_points"] + 1})
        assert better.points[team] >= worse
