"""The deal form reads the variant's record schema: limits that depend on another field, card
pickers and player wording, with no variant named in the scorepad (only in these fixtures)."""

from __future__ import annotations

import json
import re
from html import unescape

from scorepad_helpers import bearer, csrf, login

FORM = {
    "taker": '"NS"',
    "bid": "110",
    "trump": '"H"',
    "coinche": '"none"',
    "capot": "null",
    "taker_points": "94",
}


def _form(client, gid: str, **fields: str) -> dict[str, str]:
    return {"_csrf": csrf(client), "expected_number": "1", **FORM, **fields}


def _text(html: str) -> str:
    return " ".join(unescape(re.sub(r"<[^>]+>", " ", html)).split())


def test_a_number_with_a_space_inside_is_refused_not_read_as_another(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    response = client.post(f"/e/{gid}/deals", data=_form(client, gid, taker_points="9 4"))
    assert response.status_code == 422
    assert "&#39;9 4&#39; is not a whole number" in response.get_data(as_text=True)
    assert client.get(f"/api/games/{gid}").json["deals"] == []
    for typed in ("٩٤", "９４", "9" * 40):
        response = client.post(f"/e/{gid}/preview", data=_form(client, gid, taker_points=typed))
        assert "is not a whole number" in _text(
            response.get_data(as_text=True)
        ) or "characters long" in _text(response.get_data(as_text=True))


def test_the_belotes_a_contract_allows_are_declared_and_drawn(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    html = client.get(f"/e/{gid}").get_data(as_text=True)
    most = re.search(r'data-most="([^"]+)"', html)
    assert most, "the belote field carries its limit for the page's script"
    rule = json.loads(unescape(most.group(1)))
    assert rule == {"field": "trump", "otherwise": 1, "limits": {'"NT"': 0, '"AT"': 4}}
    # the form redrawn for a suit contract offers 0 or 1 belote per team, for NT none at all
    redrawn = client.post(f"/e/{gid}/form", data=_form(client, gid, _add="announcements"))
    box = re.search(
        r'<div class="field kind-counts[^>]*data-field="belote".*?</fieldset>',
        redrawn.get_data(as_text=True),
        re.S,
    ).group(0)
    assert 'data-count="1" >' in box or 'data-count="1">' in box
    assert re.search(r'data-count="2"\s+hidden', box)
    redrawn = client.post(
        f"/e/{gid}/form", data=_form(client, gid, trump='"NT"', _add="announcements")
    )
    assert re.search(r'data-field="belote"[^>]*hidden', redrawn.get_data(as_text=True))


def test_too_many_belotes_are_refused_in_words_with_the_suit(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    preview = client.post(
        f"/e/{gid}/preview", data=_form(client, gid, **{"belote-0": "1", "belote-1": "1"})
    )
    assert "Belote-rebelote: at most 1 when trump is hearts ♥ (not 2)" in _text(
        preview.get_data(as_text=True)
    )


def test_a_missing_announcement_kind_is_asked_in_the_players_words(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    preview = client.post(
        f"/e/{gid}/preview",
        data=_form(client, gid, **{"announcements-0-team": '"NS"', "announcements-0-kind": ""}),
    )
    text = _text(preview.get_data(as_text=True))
    assert "What was announced: a tierce, a quarte, a quinte or a carré?" in text
    assert "Announcements 1 Kind" not in text  # the variant's question, not a field path
    assert "None" not in text


def test_the_turned_up_card_is_a_rank_and_a_suit(client, new_game):
    gid, token, _ = new_game(variant="french-belote")
    login(client, gid, token)
    html = client.get(f"/e/{gid}").get_data(as_text=True)
    assert 'name="turn_up-rank"' in html and 'name="turn_up-suit"' in html
    assert 'name="turn_up"' not in html  # no 32-entry list
    form = {
        "_csrf": csrf(client),
        "expected_number": "1",
        "taker": '"NS"',
        "round": "1",
        "trump": '"H"',
        "turn_up-rank": "J",
        "turn_up-suit": "H",
        "taker_points": "98",
        "capot": "null",
    }
    assert client.post(f"/e/{gid}/deals", data=form).status_code == 303
    assert client.get(f"/api/games/{gid}").json["deals"][0]["record"]["turn_up"] == "JH"


def test_a_cuatrola_or_quintola_with_no_trump_is_saved_by_the_api_and_the_form(client, new_game):
    gid, token, _ = new_game(variant="cuatrola")
    added = client.post(
        f"/api/games/{gid}/deals",
        headers=bearer(token),
        json={"bet": "cuatrola", "declarer": "E", "trump": None, "tricks": 4},
    )
    assert added.status_code == 201, added.json
    login(client, gid, token)
    form = {
        "_csrf": csrf(client),
        "expected_number": "2",
        "bet": '"quintola"',
        "declarer": '"N"',
        "trump": "",
        "tricks": "5",
    }
    assert client.post(f"/e/{gid}/deals", data=form).status_code == 303
    records = [d["record"] for d in client.get(f"/api/games/{gid}").json["deals"]]
    assert [r["trump"] for r in records] == [None, None]


def test_a_forged_choice_is_refused_with_the_words_the_form_shows(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    response = client.post(f"/e/{gid}/deals", data=_form(client, gid, trump='"X"'))
    assert response.status_code == 422
    assert "'X' is not one of spades, hearts, diamonds, clubs, no trumps or all trumps" in _text(
        response.get_data(as_text=True)
    )
    french = client.post(
        f"/e/{gid}/preview",
        data=_form(client, gid, coinche='"XX"'),
        headers={"Accept-Language": "fr"},
    )
    assert "'XX' n'est pas parmi non, coinche ou surcoinche" in _text(french.get_data(as_text=True))
    # a record sent as JSON is told the codes it must send
    api = client.post(
        f"/api/games/{gid}/deals",
        headers=bearer(token),
        json={"taker": "NS", "bid": 110, "trump": "X", "taker_points": 94},
    )
    assert api.status_code == 422
    assert api.json["error"] == "'X' is not one of S, H, D, C, NT or AT"
    assert client.get(f"/api/games/{gid}").json["deals"] == []
