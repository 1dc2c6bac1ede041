"""framework.core.messages: a message is its English text, renders in a language with a table's
names, and survives JSON."""

from __future__ import annotations

import json
import pickle

import pytest

from framework.core.messages import Domain, Message, Names, Seat, Team, Translator, join, message_of

D = Domain("atout_test", __import__("pathlib").Path("/nonexistent"))
_ = D.message
_n = D.plural


def test_a_message_is_its_english_text():
    msg = _("{team} made {points} (bid {bid})", team=Team("NS"), points=110, bid=100)
    assert msg == "NS made 110 (bid 100)"
    assert str(msg) == "NS made 110 (bid 100)" and type(str(msg)) is str
    assert f"{msg}!" == "NS made 110 (bid 100)!"
    assert json.dumps({"explanation": msg}) == '{"explanation": "NS made 110 (bid 100)"}'
    assert msg.id == "{team} made {points} (bid {bid})" and msg.domain == "atout_test"


def test_seats_read_as_their_letter_in_english():
    assert _("{seat} leads", seat=Seat(2)) == "S leads"


def test_plural_english_picks_singular_only_for_one():
    assert [str(_n("{n} trick", "{n} tricks", n=k)) for k in (0, 1, 2)] == [
        "0 tricks",
        "1 trick",
        "2 tricks",
    ]


def test_a_missing_parameter_is_refused_at_construction():
    with pytest.raises(TypeError, match="lacks parameters: points"):
        _("{team} made {points}", team=Team("NS"))
    with pytest.raises(TypeError, match="needs an int parameter 'n'"):
        _n("{n} trick", "{n} tricks")
    with pytest.raises(TypeError, match="not an int, str, Team, Seat"):
        _("{x}", x=1.5)
    with pytest.raises(ValueError, match="team must be NS or EW"):
        Team("NE")
    with pytest.raises(ValueError, match="seat must be 0-5"):
        Seat(6)
    with pytest.raises(ValueError, match="seat 4 of a table of more than four seats has a name"):
        Seat(4)
    assert str(Seat(4, "E2")) == "E2" and str(Seat(1)) == "E"


def test_json_round_trip_keeps_types_and_nesting():
    msg = join(
        [
            _("{team} made {points}", team=Team("EW"), points=1001),
            _("{seat} dealt", seat=Seat(3)),
            "plain",
            _n("{n} trick", "{n} tricks", n=2),
        ]
    )
    data = json.loads(json.dumps(msg.to_json()))
    back = Message.from_json(data)
    assert back == msg == "EW made 1001; W dealt; plain; 2 tricks"
    assert back.to_json() == msg.to_json()
    assert pickle.loads(pickle.dumps(msg)).to_json() == msg.to_json()


def test_a_named_seat_round_trips_with_its_index():
    msg = _("{seat} dealt", seat=Seat(4, "E2"))
    assert msg.to_json()["params"]["seat"] == {"seat": "E2", "index": 4}
    back = Message.from_json(json.loads(json.dumps(msg.to_json())))
    assert back == msg == "E2 dealt"
    # A four-seat table's seat is stored as it always was.
    assert _("{seat} dealt", seat=Seat(2)).to_json()["params"]["seat"] == {"seat": "S"}


@pytest.mark.parametrize(
    "bad",
    [
        None,
        "x",
        {"id": 3},
        {"id": "a", "params": []},
        {"id": "{a}", "params": {}},
        {"id": "{a}", "params": {"a": 1.5}},
        {"id": "{a}", "params": {"a": {"team": "XX"}}},
        {"id": "{a}", "params": {"a": {"seat": "Q"}}},
        {"id": "a", "domain": 5},
    ],
)
def test_from_json_refuses_bad_input_with_a_value_error(bad):
    with pytest.raises(ValueError):
        Message.from_json(bad)


def test_renderer_substitutes_team_and_player_names():
    msg = _("{team} made {points}; {seat} dealt", team=Team("NS"), points=110, seat=Seat(1))
    names = Names(teams={"NS": "Anne & Paul"}, seats={1: "Marc"})
    assert Translator("en", [D], names).render(msg) == "Anne & Paul made 110; Marc dealt"
    assert Translator("en", [D]).render(msg) == str(msg)


def test_plain_strings_and_unknown_domains_show_as_they_are():
    t = Translator("fr", [])
    assert t.render("made: NS 90") == "made: NS 90"
    assert t.render(None) == ""
    assert t.render(_("{team} made {points}", team=Team("NS"), points=1001)) == "NS made 1\u202f001"


def test_numbers_follow_the_locale_but_english_stays_plain():
    msg = _("{points} points", points=1001)
    assert Translator("en").render(msg) == "1001 points"
    assert Translator("hr").render(msg) == "1.001 points"
    # the formatted numbers are remembered per language: each language keeps its own
    assert Translator("ru").render(msg) == "1\xa0001 points"
    assert Translator("hr").render(_("{points} points", points=-1001)) == "-1.001 points"
    # a language Babel does not know shows plain digits rather than failing
    assert Translator("xx").render(msg) == Translator("pt_BR_x").render(msg) == "1001 points"


def test_a_translation_cannot_reach_into_parameters():
    # only {name} is a field: {team.code} and {points:>9} stay literal text
    assert Message("{team.code} {points:>9} {{x}}") == "{team.code} {points:>9} {x}"


def test_message_of_finds_the_message_of_an_exception_or_text():
    from framework.core.errors import RecordError, RuleViolation

    msg = _("bid must be {low}-{high}", low=80, high=160)
    assert message_of(RecordError("bid", msg)) is msg
    assert message_of(RuleViolation(msg)) is msg
    assert str(RecordError("bid", msg)) == "bid: bid must be 80-160"
    assert message_of("plain") is None and message_of(RuleViolation("plain")) is None


def test_join_drops_empty_parts_and_keeps_one_part_as_is():
    one = _("alone")
    assert join(["", one]) is one
    assert join([]) == ""


def test_a_message_in_a_gettext_context_is_translated_apart_and_kept_in_json():

    from framework.core.cards import FRENCH_32, SPANISH_20

    bastos = SPANISH_20.suit_names[3]
    assert bastos == "clubs" and bastos.context == "Spanish deck"
    assert bastos.to_json() == {
        "id": "clubs",
        "params": {},
        "domain": "atout",
        "context": "Spanish deck",
    }
    for copy in (Message.from_json(bastos.to_json()), pickle.loads(pickle.dumps(bastos))):
        assert copy.context == "Spanish deck"
        assert Translator("ru").render(copy) == "жезлы"
    assert Translator("ru").render(FRENCH_32.suit_names[3]) == "трефы"
    assert "context='Spanish deck'" in repr(bastos)
    with pytest.raises(ValueError, match="context"):
        Message.from_json({"id": "clubs", "context": 3})


def test_a_lowered_label_stays_a_message_and_is_lower_case_in_every_language():
    """``label.lower()`` inside a sentence ("when contract is hearts") keeps the message: the
    French page says "contrat", not the English "contract"."""
    from variants.bulgarian.declaration import DOMAIN as BULGARIAN

    label = BULGARIAN.message("Contract")
    lowered = label.lower()
    assert isinstance(lowered, Message) and str(lowered) == "contract"
    assert Translator("fr", [BULGARIAN]).render(lowered) == "contrat"
    assert Translator("fr", [BULGARIAN]).render(label) == "Contrat"
    again = Message.from_json(json.loads(json.dumps(lowered.to_json())))
    assert Translator("fr", [BULGARIAN]).render(again) == "contrat"
    assert Translator("fr", [BULGARIAN]).render(pickle.loads(pickle.dumps(lowered))) == "contrat"
    with pytest.raises(ValueError, match="case"):
        Message.from_json({**lowered.to_json(), "case": "upper"})
