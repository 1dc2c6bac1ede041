"""Each score-sheet row says what the deal was, built from the record and the variant's record
description (labels, choice labels, team names, suit symbols), never from a variant's name."""

from __future__ import annotations

import re
from html import unescape

import pytest
from scorepad_helpers import bearer, csrf, login

TEAMS = {"NS": "Anne & Paul", "EW": "Léa & Marc"}


def _game(client, variant: str, records: list[dict], **extra) -> str:
    response = client.post("/api/games", json={"variant": variant, "teams": TEAMS, **extra})
    assert response.status_code == 201, response.get_json()
    body = response.get_json()
    for record in records:
        added = client.post(
            f"/api/games/{body['id']}/deals", json=record, headers=bearer(body["edit_token"])
        )
        assert added.status_code == 201, added.get_json()
    return body["id"]


def _summaries(client, gid: str, lang: str = "en") -> list[str]:
    html = client.get(f"/g/{gid}", headers={"Accept-Language": lang}).get_data(as_text=True)
    found = re.findall(
        r'<span class="summary" data-summary>(.*?)</span>\s*'
        r'(?=(?:<span aria-hidden="true">·</span>\s*)?<span data-explanation)',
        html,
        re.S,
    )
    return [" ".join(unescape(re.sub(r"<[^>]+>", "", s)).split()) for s in found]


def test_row_names_the_takers_bid_trump_and_coinche(client):
    gid = _game(
        client,
        "coinche",
        [{"taker": "NS", "bid": 100, "trump": "H", "taker_points": 110, "coinche": "coinche"}],
    )
    assert _summaries(client, gid) == ["Anne & Paul · 100 · ♥ hearts · coinche"]


def test_default_and_empty_values_are_left_out(client):
    gid = _game(client, "coinche", [{"taker": "EW", "bid": 80, "trump": "NT", "taker_points": 90}])
    assert _summaries(client, gid) == ["Léa & Marc · 80 · no trumps"]


def test_a_second_team_field_is_named_by_its_label(client):
    gid = _game(
        client,
        "coinche",
        [{"taker": "EW", "bid": "capot", "trump": "S", "capot": "EW", "belote": ["NS"]}],
    )
    assert _summaries(client, gid) == [
        "Léa & Marc · capot · ♠ spades · Capot: Léa & Marc · Belote-rebelote: Anne & Paul"
    ]


def test_announcements_list_team_and_kind(client):
    gid = _game(
        client,
        "coinche",
        [
            {
                "taker": "NS",
                "bid": 90,
                "trump": "C",
                "taker_points": 100,
                "announcements": [{"team": "NS", "kind": "tierce", "high": "KC"}],
            }
        ],
    )
    assert _summaries(client, gid) == [
        "Anne & Paul · 90 · ♣ clubs · Announcements: Anne & Paul tierce"
    ]


def test_thrown_in_deal_says_so(client):
    gid = _game(client, "coinche", [{"thrown_in": True}])
    assert _summaries(client, gid) == ["Thrown in"]


def test_summary_is_translated_where_the_catalogue_knows_the_words(client):
    gid = _game(
        client,
        "coinche",
        [{"taker": "NS", "bid": 100, "trump": "D", "taker_points": 110, "coinche": "coinche"}],
    )
    assert _summaries(client, gid, "fr") == ["Anne & Paul · 100 · ♦ carreau · coinche"]


def test_team_names_are_escaped(client):
    response = client.post(
        "/api/games", json={"variant": "coinche", "teams": {"NS": "<b>x</b>", "EW": "y"}}
    )
    body = response.get_json()
    client.post(
        f"/api/games/{body['id']}/deals",
        headers=bearer(body["edit_token"]),
        json={"taker": "NS", "bid": 80, "trump": "H", "taker_points": 100},
    )
    html = client.get(f"/g/{body['id']}").get_data(as_text=True)
    assert "<b>x</b>" not in html
    assert "&lt;b&gt;x&lt;/b&gt;" in html


def test_seat_codes_are_named_by_their_field(client):
    gid = _game(client, "bela", [{"caller": "N", "trump": "H", "caller_points": 100}])
    assert _summaries(client, gid) == ["♥ hearts · Called by: N"]


def test_suit_letters_of_another_deck_get_no_french_symbols(client):
    gid = _game(client, "cuatrola", [{"bet": "none", "ns_points": 70, "trump": "C"}])
    (summary,) = _summaries(client, gid)
    assert "♣" not in summary and "♥" not in summary
    assert summary == "No bet (1) · C (copas)"


@pytest.mark.parametrize(
    "variant, record",
    [
        ("french-belote", {"taker": "EW", "trump": "S", "taker_points": 90, "belote": ["EW"]}),
        ("bulgarian-belot", {"contract": "H", "declarer": "N", "declarer_points": 100}),
    ],
)
def test_every_row_of_other_variants_has_a_summary(client, variant, record):
    gid = _game(client, variant, [record])
    (summary,) = _summaries(client, gid)
    assert summary and "None" not in summary and "[]" not in summary


def test_suit_choices_in_the_deal_form_show_coloured_symbols(client):
    response = client.post("/api/games", json={"variant": "coinche", "teams": TEAMS})
    body = response.get_json()
    login(client, body["id"], body["edit_token"])
    html = client.get(f"/e/{body['id']}").get_data(as_text=True)
    for letter, symbol in {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}.items():
        assert f'<span class="suit suit-{letter}" aria-hidden="true">{symbol}</span>' in html
    # the trump's four suits, and the announcement row's top card: a grid of the 32 cards, each
    # with its suit's symbol
    assert html.count('class="suit ') == 4 + 32
    for card in ("7S", "TH", "JD", "AC"):
        assert re.search(
            rf'name="announcements-0-high" value="{card}" ><span>[^<]+<span '
            rf'class="suit suit-{card[1]}"',
            html,
        )
    assert html.count('class="card-grid"') == 1


def test_the_points_field_tells_what_the_other_team_has(client):
    response = client.post("/api/games", json={"variant": "coinche", "teams": TEAMS})
    body = response.get_json()
    login(client, body["id"], body["edit_token"])
    html = client.get(f"/e/{body['id']}").get_data(as_text=True)
    assert 'data-rest-of="162"' in html


def test_form_errors_name_the_field_by_its_label(client):
    response = client.post("/api/games", json={"variant": "coinche", "teams": TEAMS})
    body = response.get_json()
    login(client, body["id"], body["edit_token"])
    form = {
        "_csrf": csrf(client),
        "expected_number": "1",
        "bid": "80",
        "trump": '"S"',
        "taker_points": "100",
    }
    page = client.post(f"/e/{body['id']}/deals", data=form).get_data(as_text=True)
    assert '<a href="#err-taker">Takers</a>: is missing' in page
    preview = client.post(
        f"/e/{body['id']}/preview", data=form, headers={"Accept-Language": "fr"}
    ).get_data(as_text=True)
    assert 'data-preview-error="taker">Preneurs: manque</p>' in preview


def test_cards_are_written_with_their_suit_symbol(client):
    gid = _game(
        client,
        "french-belote",
        [{"taker": "NS", "round": 1, "trump": "H", "turn_up": "TH", "taker_points": 100}],
    )
    (summary,) = _summaries(client, gid)
    assert summary.endswith("Turned-up card: 10♥")


def test_totals_show_above_the_form_and_refresh_with_the_polled_sheet(client):
    response = client.post("/api/games", json={"variant": "coinche", "teams": TEAMS})
    body = response.get_json()
    gid, token = body["id"], body["edit_token"]
    login(client, gid, token)
    page = client.get(f"/e/{gid}").get_data(as_text=True)
    # the glance: the totals, a link to the sheet below the form
    assert re.search(
        r'<div id="glance" class="glance"[^>]*>\s*<a class="g-totals" href="#sheet"', page
    )
    assert page.index('id="glance"') < page.index('id="deal-form"')
    # the whole game body as an htmx fragment has one glance, not an out-of-band copy
    fragment = client.get(f"/e/{gid}", headers={"HX-Request": "true"}).get_data(as_text=True)
    assert fragment.count('id="glance"') <= 1 and "hx-swap-oob" not in fragment
    client.post(
        f"/api/games/{gid}/deals",
        headers=bearer(token),
        json={"taker": "NS", "bid": 80, "trump": "H", "taker_points": 100},
    )
    polled = client.get(f"/e/{gid}/sheet?v=0", headers={"HX-Request": "true"})
    text = polled.get_data(as_text=True)
    assert 'id="glance"' in text and 'hx-swap-oob="true"' in text
    assert re.search(r'class="g-score">\s*180\s*<', text)


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [("en", "Léa & Marc called hearts", "called H"), ("fr", "cœur", "appelé H")],
)
def test_a_stored_explanation_says_its_suit_in_words_and_keeps_its_code(
    client, lang, said, not_said
):
    record = {"trump": "H", "caller": "E", "caller_points": 100, "bela": ["EW"]}
    gid = _game(client, "bela", [record])
    page = client.get(f"/g/{gid}", headers={"Accept-Language": lang}).get_data(as_text=True)
    (explanation,) = re.findall(r"<span data-explanation>(.*?)</span>", page, re.S)
    explanation = unescape(explanation)
    assert said in explanation and not_said not in explanation, explanation
    stored = client.get(f"/api/games/{gid}").get_json()["deals"][0]
    assert "called H" in stored["explanation"]  # the stored text keeps the code


def _summary(client, gid: str, form: dict, lang: str = "en") -> list[str]:
    page = client.post(f"/e/{gid}/deals", data=form, headers={"Accept-Language": lang})
    found = re.search(r'<div class="error-summary".*?</div>', page.get_data(as_text=True), re.S)
    items = re.findall(r"<li>(.*?)</li>", found.group(0), re.S)
    return [" ".join(unescape(re.sub(r"<[^>]+>", "", li)).split()) for li in items]


def test_an_announcement_row_left_half_done_is_asked_in_the_players_words(client):
    """The form's summary says the variant's own questions alone ("Which card tops the
    tierce?"), never after a field path ("Announcements 1 Top card: ..."); another reason keeps
    the field's name."""
    response = client.post("/api/games", json={"variant": "coinche", "teams": TEAMS})
    body = response.get_json()
    gid = body["id"]
    login(client, gid, body["edit_token"])
    form = {
        "_csrf": csrf(client),
        "expected_number": "1",
        "taker": '"NS"',
        "bid": "100",
        "trump": '"H"',
        "taker_points": "100",
        "announcements-0-kind": '"tierce"',
    }
    assert _summary(client, gid, form) == ["Which team announced it?"]
    assert _summary(client, gid, form, "fr") == ["Quelle équipe l’a annoncé ?"]
    form["announcements-0-team"] = '"NS"'
    assert _summary(client, gid, form) == ["Which card tops the tierce?"]
    del form["announcements-0-kind"]
    assert _summary(client, gid, form) == [
        "What was announced: a tierce, a quarte, a quinte or a carré?"
    ]
    form["taker_points"] = "170"
    assert _summary(client, gid, form) == ["Takers' card points: 170 is not between 0 and 162"]


#: A deal of each variant with announcements of its own, and its announcements' field.
_DECLARING = {
    "bela": (
        {"trump": '"H"', "caller": '"N"', "caller_points": "100"},
        "declarations",
        "hr",
    ),
    "bulgarian-belot": (
        {"contract": '"H"', "declarer": '"N"', "declarer_points": "100"},
        "announcements",
        "bg",
    ),
}


@pytest.mark.parametrize(
    ("variant", "asked"),
    [
        (
            "bela",
            {
                "team": ("Which team declared it?", "Koji je par to zvao?"),
                "high": ("Which card tops the tierce?", "Koja je najviša karta u nizu (terca)?"),
                "kind": (
                    "What was declared: a tierce, a quarte, a quinte, a sixte, a septieme or "
                    "a carré?",
                    "Što je zvano: terca, kvarta, kvinta, seksta, septima ili četiri iste?",
                ),
                "rank": ("A carré of which rank?", "Četiri iste koje karte?"),
            },
        ),
        (
            "bulgarian-belot",
            {
                "team": ("Which team declared it?", "Кой отбор го обяви?"),
                "high": ("Which card tops the tierce?", "До коя карта е терца?"),
                "kind": (
                    "What was declared: a tierce, a quarte, a quinte or a carré?",
                    "Какво беше обявено: терца, кварта, квинта или каре?",
                ),
                "rank": ("A carré of which rank?", "Каре от кои карти?"),
            },
        ),
    ],
)
def test_a_declaration_row_left_half_done_is_asked_in_the_variants_words(client, variant, asked):
    """Bela's and Bulgarian Belot's declaration rows ask their own questions, in English and
    in the variant's home language, never "Declarations 1 Top card: is missing"."""
    deal, items, home = _DECLARING[variant]
    response = client.post("/api/games", json={"variant": variant, "teams": TEAMS})
    body = response.get_json()
    gid = body["id"]
    login(client, gid, body["edit_token"])
    form = {"_csrf": csrf(client), "expected_number": "1", **deal}
    steps = [
        ("team", {f"{items}-0-kind": '"tierce"'}),
        ("high", {f"{items}-0-team": '"NS"'}),
        ("kind", {f"{items}-0-kind": ""}),
        ("rank", {f"{items}-0-kind": '"carre"'}),
    ]
    for field, change in steps:
        form.update(change)
        english, home_words = asked[field]
        assert _summary(client, gid, form) == [english], field
        assert _summary(client, gid, form, home) == [home_words], field
