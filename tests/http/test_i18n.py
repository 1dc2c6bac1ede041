"""The scorepad's languages: gettext catalogs of the scorepad and of each installed plugin, the
switch, Accept-Language, ``<html lang>``, the game's team names in a variant's words, and a
plugin's own catalog picked up with no change to the scorepad."""

from __future__ import annotations

import html
import re
from importlib import metadata

import pytest
from scorepad_helpers import MADE_110, bearer, login

from framework.rules import plugins
from framework.rules.plugins import ENTRY_POINT_GROUP
from scorepad import i18n, installed


def _game(client, records, teams=None):
    body = {"variant": "coinche", "teams": teams or {"NS": "Anne & Paul", "EW": "Eux"}}
    created = client.post("/api/games", json=body).json
    for record in records:
        response = client.post(
            f"/api/games/{created['id']}/deals", json=record, headers=bearer(created["edit_token"])
        )
        assert response.status_code == 201, response.json
    return created


def test_offered_languages_are_those_of_the_catalogs_each_in_its_own_language():
    offered = i18n.languages()
    assert next(iter(offered)) == "en"
    assert {"fr", "ru", "bg", "hr", "es", "nl"} <= set(offered)
    assert offered["fr"] == "Français" and offered["hr"] == "Hrvatski"


def test_accept_language_picks_the_page_language_and_html_lang_says_it(client):
    page = client.get("/", headers={"Accept-Language": "fr-CH, fr;q=0.9, en;q=0.5"})
    text = page.get_data(as_text=True)
    assert '<html lang="fr">' in text
    assert "Nouvelle partie" in text
    assert '<html lang="en">' in client.get("/").get_data(as_text=True)


def test_the_switch_wins_over_accept_language(client):
    assert client.get("/lang/fr?next=/").status_code == 303
    text = client.get("/", headers={"Accept-Language": "en"}).get_data(as_text=True)
    assert '<html lang="fr">' in text and "Nouvelle partie" in text
    assert client.get("/lang/xx?next=/").status_code == 303  # unknown: ignored
    assert '<html lang="fr">' in client.get("/").get_data(as_text=True)


def test_a_link_with_lang_opens_in_that_language_and_remembers_it(client):
    english = {"Accept-Language": "en"}
    text = client.get("/new?lang=fr", headers=english).get_data(as_text=True)
    assert '<html lang="fr">' in text and "Nouvelle partie" in text
    assert '<html lang="fr">' in client.get("/", headers=english).get_data(as_text=True)
    client.get("/?lang=xx", headers=english)  # unknown: ignored, French stays
    assert '<html lang="fr">' in client.get("/", headers=english).get_data(as_text=True)
    # the switch, from a page opened by such a link, goes back to it without the ?lang=
    back = client.get("/lang/bg", query_string={"next": "/new?variant=coinche&lang=fr"})
    assert back.headers["Location"] == "/new?variant=coinche"
    assert '<html lang="bg">' in client.get("/").get_data(as_text=True)


def test_a_pages_language_links_never_carry_a_token(client):
    created = _game(client, [MADE_110])
    gid, token = created["id"], created["edit_token"]
    page = client.get(f"/g/{gid}?t={token}&view=tv").get_data(as_text=True)
    links = re.findall(r'href="(/lang/[^"]*)"', page)
    assert links, "no language link"
    assert all(token not in html.unescape(link) for link in links), links
    assert all("t%3D" not in link for link in links), links
    assert f"/lang/bg?next=/g/{gid}?view%3Dtv" in html.unescape(page)  # the rest stays


def test_a_variant_label_is_translated_by_the_variant_catalog(client):
    created = _game(client, [MADE_110])
    login(client, created["id"], created["edit_token"])
    page = client.get(f"/e/{created['id']}", headers={"Accept-Language": "fr"})
    assert page.status_code == 200
    text = html.unescape(page.get_data(as_text=True))
    assert "Preneurs" in text and "Points des preneurs" in text
    english = html.unescape(client.get(f"/e/{created['id']}").get_data(as_text=True))
    assert "Takers' card points" in english


def test_explanations_name_the_teams_and_json_keeps_english_plus_the_message(client):
    created = _game(client, [MADE_110])
    deal = client.get(f"/api/games/{created['id']}").json["deals"][0]
    assert deal["explanation"].startswith("made: ") and "; NS " in deal["explanation"]
    message = deal["explanation_message"]
    assert message["domain"] == "atout" and message["id"] == "{first}; {then}"
    login(client, created["id"], created["edit_token"])
    page = html.unescape(client.get(f"/e/{created['id']}").get_data(as_text=True))
    shown = re.search(r"data-explanation>([^<]*)<", page).group(1)
    assert shown == deal["explanation"].replace("NS ", "Anne & Paul ").replace("EW ", "Eux ")


def test_plural_of_the_game_list_follows_the_language():
    assert i18n.ngettext("fr", "%(num)s deal", "%(num)s deals", 0) == "0 donne"
    assert i18n.ngettext("fr", "%(num)s deal", "%(num)s deals", 2) == "2 donnes"
    assert i18n.ngettext("en", "%(num)s deal", "%(num)s deals", 1) == "1 deal"


def test_numbers_are_shown_per_locale_for_display_only():
    assert i18n.number("hr", 1001) == "1.001"
    assert i18n.number("en", 1001) == "1001"
    assert i18n.number("hr", "1001") == "1001"  # text is never reformatted


class _EntryPoint:
    def __init__(self, name, plugin):
        self.name, self.value, self.plugin, self.dist = name, f"fake.{name}", plugin, None

    def load(self):
        return self.plugin


@pytest.fixture
def catalog_plugin(monkeypatch, tmp_path):
    """A third-party variant with a German catalog installed next to the built-ins."""
    import catalog_plugin as plugin

    plugin.DOMAIN = plugin.compile_into(tmp_path)
    real = plugins._entry_points()
    monkeypatch.setattr(
        plugins,
        "_entry_points",
        lambda: {**real, "catalog-toy": _EntryPoint("catalog-toy", plugin)},
    )
    for cached in (installed.variant, i18n.domains, i18n.languages):
        cached.cache_clear()
    yield plugin
    for cached in (installed.variant, i18n.domains, i18n.languages):
        cached.cache_clear()


def test_a_third_party_plugin_catalog_is_offered_and_used(client, catalog_plugin):
    assert "de" in i18n.languages()
    page = client.get("/new?variant=catalog-toy", headers={"Accept-Language": "de"})
    text = html.unescape(page.get_data(as_text=True))
    assert '<html lang="de">' in text
    assert "Coinche mit Katalog" in text
    # French: the plugin lacks it, so its title stays English; the rest is French
    french = html.unescape(
        client.get("/new?variant=catalog-toy", headers={"Accept-Language": "fr"}).get_data(
            as_text=True
        )
    )
    assert "Coinche with a catalog" in french and "Nouvelle partie" in french


def test_no_entry_point_is_left_over():
    assert "catalog-toy" not in {e.name for e in metadata.entry_points(group=ENTRY_POINT_GROUP)}


def test_api_errors_keep_their_english_string_and_add_the_message(client):
    created = _game(client, [])
    response = client.post(
        f"/api/games/{created['id']}/deals",
        json={"bid": 80, "trump": "S", "taker_points": 100},
        headers=bearer(created["edit_token"]),
    )
    assert response.status_code == 422
    body = response.json
    assert body["error"] == "is missing" and body["field"] == "taker"
    assert body["error_message"] == {"id": "is missing", "params": {}, "domain": "atout"}


def _finished_game(client, teams):
    """A Coinche game to 300 that is over after two deals (NS made 110 twice)."""
    created = client.post(
        "/api/games", json={"variant": "coinche", "target": 300, "teams": teams}
    ).json
    for record in (MADE_110, MADE_110):
        response = client.post(
            f"/api/games/{created['id']}/deals", json=record, headers=bearer(created["edit_token"])
        )
        assert response.status_code == 201, response.json
    assert client.get(f"/api/games/{created['id']}").json["over"]
    return created


def test_the_match_summary_and_the_share_text_are_in_the_page_language_with_names(client):
    created = _finished_game(client, {"NS": "Anne & Paul", "EW": "Léa & Marc"})
    login(client, created["id"], created["edit_token"])
    pages = {
        lang: html.unescape(
            client.get(f"/e/{created['id']}", headers={"Accept-Language": lang}).get_data(
                as_text=True
            )
        )
        for lang in ("en", "fr", "hr")
    }
    shared = {
        lang: re.search(r"data-result-text>([^<]*)<", page).group(1) for lang, page in pages.items()
    }
    assert (
        shared["en"] == "Anne & Paul 440 – Léa & Marc 140 · Coinche (belote coinchée / "
        "contrée) · 2 deals"
    )
    assert shared["fr"].startswith("Anne & Paul 440 – Léa & Marc 140 · ")
    assert shared["fr"].endswith(" · 2 donnes")
    assert shared["hr"].endswith(" · 2 dijeljenja")
    labels = {
        lang: re.findall(r'<tr data-summary-line="\d+"><th scope="row">([^<]*)</th>', page)
        for lang, page in pages.items()
    }
    assert labels["en"][:3] == ["Contracts taken", "Contracts made", "Contracts failed"]
    assert labels["fr"][:3] == ["Contrats pris", "Contrats faits", "Contrats chutés"]
    assert labels["hr"][0] == "Uzeti ugovori"


def test_say_and_the_play_table_render_a_third_party_plugins_words(app, catalog_plugin):
    """The scorepad's renderers look in every installed plugin's catalog: a game page through
    ``say``, a plugin's words anywhere through ``text``, the play table through its own."""
    from types import SimpleNamespace

    from framework.api import FRENCH_32
    from framework.core.messages import Names
    from scorepad.views import common
    from scorepad.views import play as play_views

    word = catalog_plugin.DOMAIN.message("Coinche with a catalog")
    with app.test_request_context("/", headers={"Accept-Language": "de"}):
        sheet = SimpleNamespace(
            names=Names(), variant=SimpleNamespace(info=SimpleNamespace(deck=FRENCH_32))
        )
        assert common.say(sheet, word) == "Coinche mit Katalog"
        assert common.text(word) == "Coinche mit Katalog"
        sides = (0, 1, 0, 1)
        deal = SimpleNamespace(
            deck=FRENCH_32, seats=("N", "E", "S", "W"), sides=sides, sides_known_to=lambda _: sides
        )
        table = SimpleNamespace(seat=2, my_team="NS", other_team="EW", deal=deal)
        assert play_views._speaker(table).render(word) == "Coinche mit Katalog"
    with app.test_request_context("/", headers={"Accept-Language": "fr"}):
        # a page in a language the plugin lacks: its words in English, the kernel's translated
        speaker = play_views._speaker(table)
        assert speaker.render(word) == "Coinche with a catalog"
        from framework.app.table import seat_word

        assert speaker.render(seat_word(0, 2)) == "votre partenaire (Nord)"


def test_the_live_page_speaks_each_spectators_language_not_the_keepers(app, client):
    """The keeper switched to Croatian; each spectator's browser asks for its own language
    (Accept-Language only, no switch) and the live page and its polled sheet answer in it."""
    created = _game(client, [MADE_110])
    login(client, created["id"], created["edit_token"])
    assert client.get("/lang/hr?next=/").status_code == 303
    keeper = html.unescape(client.get(f"/e/{created['id']}").get_data(as_text=True))
    assert '<html lang="hr">' in keeper
    seen = {}
    for lang in ("fr", "ru", "es", "en"):
        spectator = app.test_client()
        spectator.environ_base["HTTP_ACCEPT_LANGUAGE"] = f"{lang},en;q=0.5"
        page = html.unescape(spectator.get(f"/g/{created['id']}").get_data(as_text=True))
        assert f'<html lang="{lang}">' in page
        polled = html.unescape(
            spectator.get(f"/g/{created['id']}/sheet", headers={"HX-Request": "true"}).get_data(
                as_text=True
            )
        )
        assert "<html" not in polled
        seen[lang] = (page, polled)
    # the scorepad's words and the variant's (its preset's title), in each spectator's language
    title = plugins.load_variant("coinche").presets["house"].title
    words = {
        lang: (i18n.gettext(lang, "Dealer"), i18n.translator(lang).render(title))
        for lang in ("hr", *seen)
    }
    assert len({w for w, _ in words.values()}) == len(words), words
    assert len({t for _, t in words.values()}) == len(words), words
    assert all(w in keeper for w in words["hr"])
    for lang, (page, polled) in seen.items():
        dealer, preset = words[lang]
        assert f'title="{dealer}"' in page and f'title="{dealer}"' in polled, lang
        assert preset in page, lang
        assert words["hr"][0] not in page and words["hr"][1] not in page, lang
    explanations = {
        lang: re.search(r"data-explanation>([^<]*)<", seen[lang][0]).group(1) for lang in seen
    }
    assert all("Anne & Paul" in e for e in explanations.values())  # the game's names
    assert len(set(explanations.values())) == len(explanations)  # each in its own words
