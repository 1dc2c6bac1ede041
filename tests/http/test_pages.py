"""The HTML app: new game, the game page and its deal form, editing, undo, sessions, CSRF,
language, htmx fragments and htmx itself."""

from __future__ import annotations

import html
import json
import re
from importlib import resources

import pytest
from scorepad_helpers import EW_80, MADE_110, bearer, csrf, login
from sqlalchemy import func, select
from sqlmodel import Session

from framework.rules.plugins import load_variant, variant_names
from scorepad.models import Game

COINCHE = load_variant("coinche")
HX = {"HX-Request": "true"}


def deal_form(client, **fields):
    """Form data for the deal form: JSON-encoded choices, as the page sends them."""
    data = {"_csrf": csrf(client)}
    for key, value in fields.items():
        data[key] = value
    return data


MADE_110_FORM = {
    "taker": '"NS"',
    "bid": "110",
    "trump": '"H"',
    "coinche": '"none"',
    "capot": "null",
    "taker_points": "94",
    "belote-0": "1",
    "belote-1": "0",
}


def test_home_page_offers_a_new_game_and_lists_nothing_yet(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"data-new-game" in response.data
    assert b"<html" in response.data


def test_new_game_page_lists_installed_variants(client):
    page = client.get("/new").get_data(as_text=True)
    for name in ("coinche", "bela"):
        assert f'value="{name}"' in page


@pytest.mark.parametrize("name", variant_names())
def test_the_deals_to_play_hint_speaks_of_a_target_only_where_there_is_one(client, name):
    """Préférence has no target (its match ends when the pools are full): its hint beside
    'Deals to play' says the match is played to its end, not 'to the target'."""
    page = client.get(f"/new?variant={name}", headers=HX).get_data(as_text=True)
    has_target = "target" in load_variant(name).options
    assert ("Leave empty to play to the target" in page) is has_target
    assert ("Leave empty to play the match to its end" in page) is not has_target


def test_new_game_variant_part_is_a_fragment_for_htmx(client):
    response = client.get("/new?variant=coinche&preset=ffb", headers=HX)
    page = response.get_data(as_text=True)
    assert "<html" not in page
    assert 'id="variant-part"' in page
    assert re.search(r'<option value="ffb"\s+selected', page)
    assert "HX-Request" in response.headers["Vary"]


def test_create_game_from_the_form_remembers_it_and_opens_its_page(client):
    response = client.post(
        "/new",
        data={
            "_csrf": csrf(client),
            "variant": "coinche",
            "preset": "ffb",
            "team_ns": "Les <As>",
            "team_ew": "Eux",
            "target": "1500",
            "first_dealer": "N",
            "opt-litige": "true",
        },
    )
    assert response.status_code == 303
    gid = response.headers["Location"].rsplit("/", 1)[1]
    game = client.get(f"/api/games/{gid}").json
    assert game["preset"] == "ffb"
    assert game["target"] == 1500
    assert game["first_dealer"] == "N"
    assert game["rules"]["overrides"] == {"litige": True, "target": 1500}
    page = client.get(f"/e/{gid}").get_data(as_text=True)
    assert "Les &lt;As&gt;" in page
    assert "Les <As>" not in page
    home = client.get("/").get_data(as_text=True)
    assert f'data-game="{gid}"' in home


def test_the_new_game_form_offers_a_match_of_a_fixed_number_of_deals(client):
    page = client.get("/new?variant=bela").get_data(as_text=True)
    assert 'name="match_deals"' in page
    # who wins a match cut short, in words true of a game the lowest total wins too
    assert "after that many deals, whoever is ahead then winning." in page
    response = client.post(
        "/new", data={"_csrf": csrf(client), "variant": "bela", "match_deals": "12"}
    )
    assert response.status_code == 303
    gid = response.headers["Location"].rsplit("/", 1)[1]
    assert client.get(f"/api/games/{gid}").json["rules"]["match_deals"] == 12
    assert "Deals to play: 12" in client.get(f"/e/{gid}").get_data(as_text=True)
    refused = client.post(
        "/new", data={"_csrf": csrf(client), "variant": "bela", "match_deals": "0"}
    )
    assert refused.status_code == 422
    assert 'data-field-error="match_deals"' in refused.get_data(as_text=True)


def test_the_new_game_form_scores_each_deal_alone_when_asked(app, client):
    page = client.get("/new?variant=coinche").get_data(as_text=True)
    assert re.search(r'<input type="checkbox" name="deals_alone"(?![^>]*checked)', page)
    form = {"_csrf": csrf(client), "variant": "coinche", "preset": "ffb", "opt-litige": "true"}
    made = client.post("/new", data={**form, "match_deals": "8", "deals_alone": "on"})
    assert made.status_code == 303
    gid = made.headers["Location"].rsplit("/", 1)[1]
    rules = client.get(f"/api/games/{gid}").json["rules"]
    assert rules["deals_alone"] is True and rules["match_deals"] == 8  # as the API's is stored
    assert "data-deals-alone" in client.get(f"/e/{gid}").get_data(as_text=True)
    # a litige (81 = 81) carries nothing out, and the sheet's explanation says so
    litige = dict(MADE_110_FORM, bid="80", trump='"S"', taker_points="81", **{"belote-0": "0"})
    saved = client.post(f"/e/{gid}/deals", data=deal_form(client, **litige))
    assert saved.status_code == 303
    deal = client.get(f"/api/games/{gid}").json["deals"][0]
    assert deal["points"] == {"NS": 0, "EW": 80} and deal["pot"] == 0
    assert "NS's 81 are lost" in deal["explanation"]
    sheet = client.get(f"/e/{gid}").get_data(as_text=True)
    assert "are lost" in sheet and "go to the pot" not in sheet and "data-pot" not in sheet
    rematch = client.post(f"/e/{gid}/rematch", data={"_csrf": csrf(client)})
    again = rematch.headers["Location"].rsplit("/", 1)[1]
    assert client.get(f"/api/games/{again}").json["rules"]["deals_alone"] is True  # same rules
    plain = client.post("/new", data=form)  # not ticked: a deal is scored in its match
    plain_gid = plain.headers["Location"].rsplit("/", 1)[1]
    assert "deals_alone" not in client.get(f"/api/games/{plain_gid}").json["rules"]
    assert "data-deals-alone" not in client.get(f"/e/{plain_gid}").get_data(as_text=True)
    with Session(app.extensions["atout_engine"]) as session:
        before = session.scalar(select(func.count()).select_from(Game))
    refused = client.post("/new", data={**form, "deals_alone": "yes"})
    assert refused.status_code == 422
    shown = refused.get_data(as_text=True)
    assert 'data-field-error="deals_alone"' in shown and "is true or false" in shown
    with Session(app.extensions["atout_engine"]) as session:
        assert session.scalar(select(func.count()).select_from(Game)) == before  # nothing stored


def test_create_game_with_a_bad_house_rule_shows_the_error(client):
    response = client.post(
        "/new", data={"_csrf": csrf(client), "variant": "coinche", "opt-max_bid": "many"}
    )
    assert response.status_code == 422
    assert b"max_bid" in response.data


def test_forms_need_the_csrf_token(client):
    response = client.post("/new", data={"variant": "coinche"})
    assert response.status_code == 400
    assert b"<html" in response.data
    response = client.post("/new", data={"variant": "coinche", "_csrf": "forged"})
    assert response.status_code == 400


def test_edit_link_stores_the_token_and_leaves_the_address_bar(client, new_game):
    gid, token, _ = new_game()
    response = client.get(f"/e/{gid}?t={token}")
    assert response.status_code == 303
    assert response.headers["Location"] == f"/e/{gid}"
    page = client.get(f"/e/{gid}").get_data(as_text=True)
    assert 'id="deal-form"' in page


def test_wrong_edit_link_is_403_without_a_traceback(client, new_game):
    gid, _token, _ = new_game()
    response = client.get(f"/e/{gid}?t=wrong")
    assert response.status_code == 403
    assert b"Traceback" not in response.data
    assert f"/g/{gid}".encode() in response.data


def test_game_page_without_the_edit_token_is_403(client, new_game):
    gid, _token, _ = new_game()
    assert client.get(f"/e/{gid}").status_code == 403
    assert (
        client.post(f"/e/{gid}/deals", data=deal_form(client, **MADE_110_FORM)).status_code == 403
    )


def test_unknown_game_page_is_a_friendly_404(client):
    response = client.get("/e/nope")
    assert response.status_code == 404
    assert b"<html" in response.data


def test_deal_form_is_built_from_the_record_fields(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    page = client.get(f"/e/{gid}").get_data(as_text=True)
    for spec in COINCHE.hooks.record_fields(COINCHE.rules()):
        assert f'data-field="{spec.name}"' in page
    assert 'inputmode="numeric"' in page
    assert 'name="taker_points"' in page
    assert 'data-shown-when="' in page


def test_saving_a_deal_from_the_form_redirects_and_explains_it(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    response = client.post(
        f"/e/{gid}/deals", data=deal_form(client, expected_number="1", **MADE_110_FORM)
    )
    assert response.status_code == 303
    game = client.get(f"/api/games/{gid}").json
    assert game["deals"][0]["record"]["belote"] == ["NS"]
    assert game["totals"] == {"NS": 220, "EW": 70}
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    assert "Saved deal 1:" in page
    assert html.escape(game["deals"][0]["explanation"], quote=False) in page


def test_invalid_deal_from_the_form_is_422_with_the_field_error_and_values_kept(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    form = dict(MADE_110_FORM, taker_points="200")
    response = client.post(f"/e/{gid}/deals", data=deal_form(client, **form))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    assert 'data-field-error="taker_points"' in page
    assert 'value="200"' in page
    assert client.get(f"/api/games/{gid}").json["deals"] == []


def test_a_deal_form_with_several_answers_missing_marks_them_all(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    response = client.post(f"/e/{gid}/deals", data=deal_form(client, taker_points="94"))
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    for field in ("taker", "bid", "trump"):
        assert f'data-field-error="{field}"' in page


def test_stale_form_is_409_and_keeps_what_was_typed(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    client.post(f"/api/games/{gid}/deals", json=EW_80, headers=bearer(token))
    response = client.post(
        f"/e/{gid}/deals", data=deal_form(client, expected_number="1", **MADE_110_FORM)
    )
    assert response.status_code == 409
    page = response.get_data(as_text=True)
    assert "data-form-message" in page
    assert 'value="94"' in page
    assert len(client.get(f"/api/games/{gid}").json["deals"]) == 1


def test_preview_shows_the_score_before_saving(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    response = client.post(f"/e/{gid}/preview", data=deal_form(client, **MADE_110_FORM), headers=HX)
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "<html" not in page
    assert "220" in page and "70" in page
    assert "data-preview-explanation" in page
    assert client.get(f"/api/games/{gid}").json["deals"] == []


def test_preview_of_an_incomplete_deal_names_the_missing_field(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    page = client.post(
        f"/e/{gid}/preview", data=deal_form(client, taker='"NS"'), headers=HX
    ).get_data(as_text=True)
    assert 'data-preview-error="' in page


def test_fields_hidden_by_shown_when_are_left_out(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    # thrown in: the other answers do not apply and must not make the record invalid
    form = dict(MADE_110_FORM, thrown_in="on", taker_points="999")
    response = client.post(f"/e/{gid}/deals", data=deal_form(client, **form))
    assert response.status_code == 303
    deal = client.get(f"/api/games/{gid}").json["deals"][0]
    assert deal["points"] == {"NS": 0, "EW": 0}


def test_add_one_announcement_row_returns_the_form_with_another_row(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    form = dict(
        MADE_110_FORM,
        **{
            "announcements-0-team": '"NS"',
            "announcements-0-kind": '"tierce"',
            "announcements-0-high": '"KH"',
            "_add": "announcements",
        },
    )
    response = client.post(f"/e/{gid}/form", data=deal_form(client, **form), headers=HX)
    page = response.get_data(as_text=True)
    assert "<html" not in page
    assert 'data-item="1"' in page
    # what was typed stays: the row's few choices are buttons, its top card one of a grid
    assert re.search(r'name="announcements-0-kind" value="&#34;tierce&#34;"\s+checked', page)
    assert re.search(r'name="announcements-0-high" value="KH"\s+checked', page)


def test_announcements_from_the_form_reach_the_record(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    form = dict(
        MADE_110_FORM,
        **{
            "announcements-0-team": '"NS"',
            "announcements-0-kind": '"tierce"',
            "announcements-0-high": '"KH"',
            "announcements-1-team": "",
            "announcements-1-kind": "",
        },
    )
    assert client.post(f"/e/{gid}/deals", data=deal_form(client, **form)).status_code == 303
    record = client.get(f"/api/games/{gid}").json["deals"][0]["record"]
    assert record["announcements"] == [{"team": "NS", "kind": "tierce", "high": "KH"}]


def test_edit_a_past_deal_and_the_totals_after_it_are_recomputed(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token))
    client.post(f"/api/games/{gid}/deals", json=EW_80, headers=bearer(token))
    page = client.get(f"/e/{gid}/deals/1").get_data(as_text=True)
    assert 'value="94"' in page
    assert "Edit deal 1" in page
    form = dict(MADE_110_FORM, taker_points="30", **{"belote-0": "0"})
    response = client.post(f"/e/{gid}/deals/1", data=deal_form(client, **form))
    assert response.status_code == 303
    game = client.get(f"/api/games/{gid}").json
    assert game["deals"][0]["points"]["NS"] == 0
    assert game["totals"] == {
        t: game["deals"][0]["points"][t] + game["deals"][1]["points"][t] for t in ("NS", "EW")
    }


def test_undo_of_an_edit_puts_the_deal_back_unless_another_phone_changed_it(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token))
    before = client.get(f"/api/games/{gid}").json["deals"][0]["record"]
    form = dict(MADE_110_FORM, taker_points="30", **{"belote-0": "0"})
    client.post(f"/e/{gid}/deals/1", data=deal_form(client, **form))
    page = html.unescape(client.get(f"/e/{gid}").get_data(as_text=True))
    assert "Saved changes to deal 1:" in page and "data-undo-edit" in page
    edited = client.get(f"/api/games/{gid}").json["deals"][0]["record"]
    undo = {"record": json.dumps(before), "edited": json.dumps(edited)}
    # a phone that still shows another version of the deal: refused, nothing changes
    stale = dict(undo, edited=json.dumps(before))
    response = client.post(f"/e/{gid}/deals/1/restore", data=deal_form(client, **stale))
    assert response.status_code == 409
    assert "changed on another phone" in response.get_data(as_text=True)
    assert client.get(f"/api/games/{gid}").json["deals"][0]["record"] == edited
    bad = dict(undo, record="{")
    assert (
        client.post(f"/e/{gid}/deals/1/restore", data=deal_form(client, **bad)).status_code == 400
    )
    response = client.post(f"/e/{gid}/deals/1/restore", data=deal_form(client, **undo))
    assert response.status_code == 303
    assert client.get(f"/api/games/{gid}").json["deals"][0]["record"] == before


def test_undo_removes_the_last_deal(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token))
    client.post(f"/api/games/{gid}/deals", json=EW_80, headers=bearer(token))
    page = client.get(f"/e/{gid}").get_data(as_text=True)
    assert f'action="/e/{gid}/deals/2/delete"' in page
    response = client.post(f"/e/{gid}/deals/2/delete", data={"_csrf": csrf(client)})
    assert response.status_code == 303
    assert len(client.get(f"/api/games/{gid}").json["deals"]) == 1


def test_edit_unknown_deal_is_404(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    assert client.get(f"/e/{gid}/deals/3").status_code == 404
    assert client.post(f"/e/{gid}/deals/3/delete", data={"_csrf": csrf(client)}).status_code == 404


def test_game_page_is_full_or_a_fragment_and_varies_on_hx_request(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    full = client.get(f"/e/{gid}")
    part = client.get(f"/e/{gid}", headers=HX)
    assert b"<html" in full.data
    assert b"<html" not in part.data and b'id="game"' in part.data
    for response in (full, part):
        assert "HX-Request" in response.headers["Vary"]


@pytest.mark.parametrize("extra", [{"HX-History-Restore-Request": "true"}, {"HX-Boosted": "true"}])
def test_history_restore_and_boosted_requests_get_the_full_page(client, new_game, extra):
    gid, token, _ = new_game()
    login(client, gid, token)
    assert b"<html" in client.get(f"/e/{gid}", headers={**HX, **extra}).data


def test_game_page_sheet_polls_and_answers_204_while_unchanged(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    version = client.get(f"/api/games/{gid}").json["version"]
    assert client.get(f"/e/{gid}/sheet?v={version}", headers=HX).status_code == 204
    client.post(f"/api/games/{gid}/deals", json=MADE_110, headers=bearer(token))
    response = client.get(f"/e/{gid}/sheet?v={version}", headers=HX)
    assert response.status_code == 200
    assert f"/e/{gid}/sheet?v={version + 1}".encode() in response.data
    assert b"/deals/1" in response.data  # edit links on the editor's sheet


def test_share_block_shows_the_live_qr_and_the_edit_link(client, new_game):
    gid, token, _ = new_game()
    login(client, gid, token)
    page = client.get(f"/e/{gid}").get_data(as_text=True)
    assert f'data-url="http://table.example:8000/g/{gid}"' in page
    assert f"http://table.example:8000/e/{gid}?t={token}" in page
    assert "data-loopback-warning" not in page


def test_language_follows_accept_language_and_the_switch(client):
    assert "Nouvelle partie" in client.get(
        "/", headers={"Accept-Language": "fr-FR,fr;q=0.9"}
    ).get_data(as_text=True)
    assert "New game" in client.get("/", headers={"Accept-Language": "en-GB"}).get_data(
        as_text=True
    )
    response = client.get("/lang/fr?next=/new")
    assert response.status_code == 303 and response.headers["Location"] == "/new"
    assert "Nouvelle partie" in client.get("/").get_data(as_text=True)
    assert client.get("/lang/en?next=https://evil.example/").headers["Location"] == "/"


def test_htmx_is_served_from_the_installed_package(client):
    response = client.get("/assets/htmx.min.js")
    expected = (resources.files("js_lib_htmx") / "static/htmx/htmx.min.js").read_bytes()
    assert response.status_code == 200
    assert response.data == expected
    assert response.mimetype == "text/javascript"
    page = client.get("/").get_data(as_text=True)
    assert '<script src="/assets/htmx.min.js' in page
    assert "unpkg" not in page and "cdn" not in page.lower()


def test_unexpected_error_shows_a_friendly_page_without_traceback(app, client, monkeypatch):
    from scorepad import games

    def broken(*_args, **_kwargs):
        raise RuntimeError("secret internals")

    monkeypatch.setattr(games, "list_games", broken)
    app.config["PROPAGATE_EXCEPTIONS"] = False
    response = client.get("/")
    assert response.status_code == 500
    assert b"secret internals" not in response.data
    assert b"Traceback" not in response.data
    assert b"<html" in response.data


def test_pages_are_not_framed_sniffed_or_leaked_by_referrer(client):
    headers = client.get("/").headers
    assert headers["Referrer-Policy"] == "same-origin"
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["X-Frame-Options"] == "DENY"


def test_the_seats_turn_the_way_the_variant_deals_round_the_table(client, new_game):
    # The picture of the seats follows the deal pattern's direction (Cuatrola's OPT-ES1 option
    # turns it clockwise); the scorepad reads the direction only from the deal pattern.
    games = {
        "turned": new_game(variant="cuatrola", options={"direction": "clockwise"}),
        "usual": new_game(variant="cuatrola"),
        "belote": new_game(variant="coinche"),
    }
    seats = re.compile(r'<fieldset class="field seats( clockwise)?" data-seats>')
    found = {}
    for name, (gid, token, _) in games.items():
        client.get(f"/e/{gid}?t={token}")
        found[name] = seats.search(client.get(f"/e/{gid}").get_data(as_text=True))
    assert all(found.values())
    assert found["turned"].group(1) == " clockwise"
    assert found["usual"].group(1) is None and found["belote"].group(1) is None
    new_page = client.get("/new?variant=cuatrola").get_data(as_text=True)
    assert seats.search(new_page).group(1) is None
