"""The scorepad follows a variant's shape with no code of its own (issue 20, item 5): players by
the variant's seat names, one column per score column, groups under a header per group, the
settlement at the match's end, in every surface (new-game page and API, sheet, preview, glance,
live page and chart, match summary, exports). The variant is the test plugin of
``shape_plugin.py``: everyone alone, a pool, a mountain and whists on each other player."""

from __future__ import annotations

import csv
import html
import io
import re

import pytest
from play_helpers import play_until
from scorepad_helpers import bearer, csrf, login
from shape_plugin import Pools, columns

from framework.rules import plugins
from scorepad import i18n, installed

#: three seats of names of its own (not N E S W)
SEATS = ("A", "B", "C")
NAMES = {"A": "Anne", "B": "Léa", "C": "Paul"}


class _EntryPoint:
    def __init__(self, name, plugin):
        self.name, self.value, self.plugin, self.dist = name, f"fake.{name}", plugin, None

    def load(self):
        return self.plugin


@pytest.fixture
def install(monkeypatch):
    """``install(plugin)``: the test variant ``pools``, played by ``plugin``, installed next to
    the built-ins."""
    real = plugins._entry_points()

    def install_(plugin: Pools) -> Pools:
        monkeypatch.setattr(
            plugins, "_entry_points", lambda: {**real, "pools": _EntryPoint("pools", plugin)}
        )
        for cached in (installed.variant, i18n.domains, i18n.languages):
            cached.cache_clear()
        return plugin

    yield install_
    for cached in (installed.variant, i18n.domains, i18n.languages):
        cached.cache_clear()


@pytest.fixture
def pools(install):
    """The test variant ``pools`` at the seats A, B and C."""
    return install(Pools(SEATS))


def _create(client, **body):
    response = client.post("/api/games", json={"variant": "pools", **body})
    assert response.status_code == 201, response.json
    return response.json["id"], response.json["edit_token"]


def _record(client, gid, token, winner, points):
    response = client.post(
        f"/api/games/{gid}/deals", json={"winner": winner, "points": points}, headers=bearer(token)
    )
    assert response.status_code == 201, response.json
    return response.json


def test_the_api_takes_players_by_the_variants_seats_and_answers_by_score_column(client, pools):
    gid, token = _create(client, players=NAMES, first_dealer="B")
    keys = [c.key for c in columns(SEATS)]
    game = client.get(f"/api/games/{gid}").json
    assert game["seats"] == list(SEATS) and game["players"] == NAMES
    assert game["first_dealer"] == "B" and game["teams"] == {}
    assert [c["key"] for c in game["columns"]] == keys
    assert {c["group"] for c in game["columns"]} == set(SEATS)
    assert game["columns"][2] == {"key": "A.whists.B", "label": "whists on B", "group": "A"}
    assert game["totals"] == dict.fromkeys(keys, 0)
    written = _record(client, gid, token, "C", 6)
    assert written["points"]["C.pool"] == 6 and written["points"]["A.whists.C"] == 3
    assert written["totals"]["B.mountain"] == 6 and written["totals"]["C.mountain"] == 0
    game = client.get(f"/api/games/{gid}").json
    assert game["deals"][0]["dealer"] == "B" and game["deals"][0]["points"]["A.mountain"] == 6
    assert game["totals"] == written["totals"] and "settlement" not in game


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"teams": {"NS": "Nous"}}, "teams", "this game has no teams"),
        ({"players": {"X": "Anne"}}, "players", "A, B and C"),
        ({"players": ["Anne"]}, "players", "names by seat"),
        ({"players": {"A": "x" * 41}}, "players.A", "40"),
        ({"first_dealer": "N"}, "first_dealer", "A, B and C"),
    ],
)
def test_a_bad_player_team_or_dealer_is_422_naming_the_field(client, pools, body, field, words):
    response = client.post("/api/games", json={"variant": "pools", **body})
    assert response.status_code == 422
    assert response.json["field"] == field and words in response.json["error"]


def test_the_new_game_page_asks_one_name_per_seat_and_no_team(client, pools):
    page = client.get("/new?variant=pools").get_data(as_text=True)
    assert re.findall(r'name="player_(\w+)"', page) == list(SEATS)
    assert "team_ns" not in page
    # the target said in the variant's words (its option's help), not as points to win
    assert "The match ends when a pool holds this many points." in page
    assert "Points to win" not in page
    response = client.post(
        "/new",
        data={"_csrf": csrf(client), "variant": "pools", "first_dealer": "C"}
        | {f"player_{s}": n for s, n in NAMES.items()},
    )
    assert response.status_code == 303
    gid = response.headers["Location"].rsplit("/", 1)[-1]
    game = client.get(f"/api/games/{gid}").json
    assert game["players"] == NAMES and game["first_dealer"] == "C" and game["teams"] == {}


def test_a_winner_named_longer_than_a_team_code_is_stored_and_shown(client, install):
    """A winner is the variant's name (here a seat's, in a game scored per player): the
    scorepad stores names up to the kernel's NAME_LENGTH (game.winner was two characters wide:
    PostgreSQL refused the write with a 500, SQLite kept it silently)."""
    seats = ("Forehand", "Middlehand", "Rearhand")
    install(Pools(seats))
    gid, token = _create(client, target=4)
    _record(client, gid, token, "Middlehand", 5)
    game = client.get(f"/api/games/{gid}").json
    assert game["over"] and game["winner"] == "Middlehand"
    assert "Middlehand wins!" in html.unescape(client.get(f"/g/{gid}").get_data(as_text=True))


def test_every_surface_draws_the_columns_in_groups_and_the_settlement(client, pools):
    gid, token = _create(client, players=NAMES, target=8)
    login(client, gid, token)
    _record(client, gid, token, "A", 5)
    page = html.unescape(client.get(f"/e/{gid}").get_data(as_text=True))
    # a header per group, the player's name; one column per score column under it
    assert re.findall(r'<th scope="colgroup" colspan="(\d)" data-group="(\w)">([^<]*)<', page) == [
        ("4", s, NAMES[s]) for s in SEATS
    ]
    assert re.findall(r'data-column="([^"]+)"', page) == [c.key for c in columns(SEATS)]
    # a cell says what the deal wrote in its column (blank: nothing); the totals are above
    assert '<td data-points="B.whists.A" data-wrote>2</td>' in page
    assert '<td data-points="A.mountain"></td>' in page
    assert 'data-total="A.pool">5<' in page and 'data-total="C.mountain">5<' in page
    assert '<span class="g-team">Anne</span>' in page  # the glance: a side per player
    # the preview names the columns the deal writes in, with the players' names
    preview = client.post(
        f"/e/{gid}/preview",
        data={"_csrf": csrf(client), "winner": '"C"', "points": "2"},
        headers={"HX-Request": "true"},
    ).get_data(as_text=True)
    assert "Paul pool 2" in html.unescape(preview) and "Anne whists on C 1" in preview
    # the live page's chart: one line per column
    live = client.get(f"/g/{gid}").get_data(as_text=True)
    assert live.count("<polyline") == 0  # one deal: no chart yet
    _record(client, gid, token, "C", 2)
    live = html.unescape(client.get(f"/g/{gid}").get_data(as_text=True))
    assert re.findall(r'data-line="([^"]+)"', live) == [c.key for c in columns(SEATS)]
    assert "Running totals: Anne pool 5, Anne mountain 2" in live
    # the CSV: points and totals of each column, named by the player and the column's words
    rows = list(csv.reader(io.StringIO(client.get(f"/g/{gid}/export.csv").get_data(as_text=True))))
    assert rows[0][2:4] == ["points Anne pool", "points Anne mountain"]
    assert rows[0][14] == "total Anne pool" and rows[2][14] == "5"
    # the match ends when a pool reaches the target: the settlement, summing to zero
    _record(client, gid, token, "A", 4)
    game = client.get(f"/api/games/{gid}").json
    assert game["over"] and game["winner"] == "A"
    settlement = game["settlement"]
    assert set(settlement) == set(SEATS) and sum(settlement.values()) == 0
    assert settlement == pools.atout_settle(None, game["totals"])
    page = html.unescape(client.get(f"/e/{gid}").get_data(as_text=True))
    assert '<span aria-hidden="true">★ </span>Anne wins!' in page
    # by hand: A 10 * (9 - 2) + 1 - 8 = 63, B -110 + 5 = -105, C -70 + 4 - 2 = -68; their mean
    # -110 / 3 is -37 with 1 left over, which the first seat pays
    assert settlement == {"A": 99, "B": -68, "C": -31}
    for seat, points in settlement.items():
        shown = f"{points:+d}" if points else "0"
        assert (
            f'<tr data-settlement-seat="{seat}"><th scope="row">{NAMES[seat]}</th><td>{shown}<'
            in page
        )
    # the match summary: a column per player, by name
    summary = re.search(r"data-match-summary>(.*?)</table>", page, re.S).group(1)
    assert re.findall(r'<th scope="col">([^<]*)</th>', summary) == ["", *NAMES.values()]
    assert re.findall(r"<td>(\d+)</td>", summary) == ["2", "0", "1"]
    # the share text: each player's settlement
    first = f"{NAMES['A']} {settlement['A']}"
    assert first in re.search(r"data-result-text>([^<]*)<", page).group(1)


def test_the_game_list_shows_each_player_and_where_the_settlement_stands(client, pools):
    gid, token = _create(client, players=NAMES, target=8)
    login(client, gid, token)

    def line():
        page = html.unescape(client.get("/").get_data(as_text=True))
        item = re.search(rf'data-game="{gid}".*?</a>', page, re.S).group(0)
        side = r'class="g-team">([^<]*)</span>(?: <span class="g-score">([^<]*)<)?'
        return re.findall(side, item)

    # no deal yet: nothing to settle, each player at 0
    assert line() == [(NAMES[s], "0") for s in SEATS]
    _record(client, gid, token, "A", 5)
    game = client.get(f"/api/games/{gid}").json
    going = pools.atout_settle(None, game["totals"])
    assert sum(going.values()) == 0 and going["A"] > 0
    assert line() == [(NAMES[s], f"{going[s]:+d}" if going[s] else "0") for s in SEATS]
    # over: the match's own settlement
    _record(client, gid, token, "A", 4)
    settlement = client.get(f"/api/games/{gid}").json["settlement"]
    assert line() == [(NAMES[s], f"{settlement[s]:+d}") for s in SEATS]


def test_a_team_game_keeps_its_two_teams_everywhere(client, new_game):
    players = {"N": "Anne", "E": "Léa", "S": "Paul", "W": "Marc"}
    gid, _token, _ = new_game(teams={"NS": "Nous", "EW": "Eux"}, players=players)
    game = client.get(f"/api/games/{gid}").json
    assert game["teams"] == {"NS": "Nous", "EW": "Eux"} and game["seats"] == list(players)
    assert game["columns"] == [
        {"key": "NS", "label": "Nous", "group": ""},
        {"key": "EW", "label": "Eux", "group": ""},
    ]
    page = client.get(f"/g/{gid}").get_data(as_text=True)
    assert "colgroup" not in page and '<th scope="col">Nous</th><th scope="col">Eux</th>' in page


def test_the_play_table_seats_three_round_the_table_and_writes_per_player(app, client, pools):
    from framework.core.cards import bits
    from scorepad import play as tables
    from scorepad.db import get_session

    token = csrf(client)
    response = client.post("/play/", data={"_csrf": token, "variant": "pools"})
    assert response.status_code == 303
    key = response.headers["Location"].rsplit("/", 1)[1]
    page = client.get(f"/play/{key}").get_data(as_text=True)
    # the person at the bottom, the next seat on the right, the one before on the left
    where = dict(re.findall(r'class="seat seat-([\w-]+)[^"]*" data-seat="(\w)"', page))
    assert where == {"right": "A", "left": "B", "bottom": "C"}
    assert "partner" not in page  # everyone plays alone
    for _ in range(40):
        with app.app_context():
            table = tables.load(get_session(), key)
        deal = table.deal
        if deal.is_over:
            break
        move = {"_csrf": token, "deal": str(table.number), "event": str(deal.event_count)}
        if deal.phase == "auction":
            move["call"] = deal.legal_calls(table.seat)[0].text
        else:
            move["card"] = deal.deck.format(next(bits(deal.legal_mask())))
        assert client.post(f"/play/{key}/move", data=move).status_code == 303
    page = html.unescape(client.get(f"/play/{key}").get_data(as_text=True))
    # the deal's points in words, by player and column, and each player's totals at the top
    shown = re.search(r"<strong data-points>([^<]+)<", page).group(1)
    assert "pool" in shown and "mountain" in shown
    assert len(re.findall(r"data-group-totals=\"(\w)\"", page)) == 3


def test_a_per_seat_answer_and_a_players_column_say_the_players_names(client):
    # (issue 21, item 1: a seat's letter only where the table gave no name) Préférence's deal
    # form asks each player's whist and tricks, and its columns are each player's
    named = {"N": "Olga", "E": "Ivan", "S": "Pavel"}
    for players, first, labels in (
        (named, "Olga", ["Olga pool", "Olga mountain", "Olga whists on Ivan"]),
        (None, "N", ["N pool", "N mountain", "N whists on E"]),
    ):
        body = {"variant": "preference", **({"players": players} if players else {})}
        made = client.post("/api/games", json=body).json
        game = client.get(f"/api/games/{made['id']}").json
        assert [c["label"] for c in game["columns"][:3]] == labels
        page = client.get(f"/e/{made['id']}?t={made['edit_token']}", follow_redirects=True)
        form = re.sub(r"\s+", " ", page.get_data(as_text=True))
        assert re.search(rf"<legend>\s*{first}\s*</legend>", form)  # whist or pass, per player
        assert re.search(rf"<label>\s*{first}\s*<input name=\"tricks-0-N\"", form)
        if players:
            assert "<legend>N</legend>" not in form and "<label>N <input" not in form


def test_a_play_tables_end_names_the_player_who_won_a_score_kept_per_player(pools):
    # everyone alone: another player's win is said by that player's seat, not "your opponents"
    from types import SimpleNamespace

    from framework.api import MatchOutcome
    from framework.app.table import seat_word
    from framework.engine.deal import Deal
    from scorepad.views.play import _winner_word

    variant = installed.variant("pools")
    deal = Deal.new(variant, variant.rules(None), seed=1)
    say = i18n.translator("en").render

    def ended(winner, over=True):
        return SimpleNamespace(deal=deal, outcome=MatchOutcome(over, winner, "a pool is full"))

    # the page's seat names, as the person at seat 2 calls them (the speaker's names)
    known = deal.sides_known_to(2)
    names = {s: say(seat_word(s, 2, known, deal.seats)) for s in range(len(deal.seats))}
    assert _winner_word(ended("A"), names) == say(deal.seats[0])
    assert _winner_word(ended("B"), names) == "B"
    assert _winner_word(ended("A", over=False), names) == ""
    assert _winner_word(ended(None), names) == ""


def test_a_column_whose_label_names_its_player_is_said_once(app, client):
    # Préférence's labels name their player ("{seat} pool": "Anne pool"): the preview, the CSV
    # and the play table say "Anne pool", never "Anne Anne pool" (a label without the player,
    # the test plugin's "pool", still comes after the player's name: the test above)
    named = {"N": "Anne", "E": "Léa", "S": "Paul"}
    made = client.post("/api/games", json={"variant": "preference", "players": named}).json
    gid, token = made["id"], made["edit_token"]
    login(client, gid, token)
    typed = {"_csrf": csrf(client), "kind": "game", "declarer": "N", "contract": "6S"}
    typed |= {"whist-0-E": "pass", "whist-0-S": "whist"}
    typed |= {"tricks-0-N": "6", "tricks-0-E": "0", "tricks-0-S": "4"}
    preview = html.unescape(
        client.post(f"/e/{gid}/preview", data=typed, headers={"HX-Request": "true"}).get_data(
            as_text=True
        )
    )
    said = re.findall(r'data-preview-column="[^"]+">([^<]*)<', preview)
    assert said == ["Anne pool 2", "Paul whists on Anne 8"]
    exported = client.get(f"/g/{gid}/export.csv").get_data(as_text=True)
    header = next(csv.reader(io.StringIO(exported)))
    assert header[2:4] == ["points Anne pool", "points Anne mountain"]
    assert "total Paul whists on Léa" in header
    # the play table: a deal's points in words, on the deal's end and on the sheet
    token = csrf(client)
    response = client.post("/play/", data={"_csrf": token, "variant": "preference", "bot": "rules"})
    key = response.headers["Location"].rsplit("/", 1)[1]
    play_until(app, client, key, token, lambda table: table.deal.is_over)
    page = html.unescape(client.get(f"/play/{key}").get_data(as_text=True))
    shown = re.search(r"<strong data-points>([^<]+)<", page).group(1)
    for part in shown.split(" · "):
        assert not re.match(r"(.+): \1 ", part), shown
        who = r"(you|North|East|your partner \((North|East)\))"
        assert re.match(rf"{who} (pool|mountain|whists on {who}) \d+$", part), shown


def test_a_play_tables_sheet_names_no_partner_where_the_sides_change_every_deal(app, client):
    # Préférence's two defenders are a side for one deal only: the page calls the other one
    # "your partner (East)" in that deal, but the score sheet (every deal of the match) names
    # East plainly, as the declarer of an earlier deal was
    token = csrf(client)
    form = {"_csrf": token, "variant": "preference", "bot": "rules", "opt-pool_size": "4"}
    key = client.post("/play/", data=form).headers["Location"].rsplit("/", 1)[1]
    partnered = 0

    def check(table):
        nonlocal partnered
        if not table.deal.is_over:
            return False
        page = html.unescape(client.get(f"/play/{key}").get_data(as_text=True))
        sheet = page[page.index('<details class="play-sheet"') :]
        assert "partner" not in sheet, sheet
        partnered += "your partner (" in page[: page.index('<details class="play-sheet"')]
        return partnered >= 1 and table.number >= 2

    play_until(app, client, key, token, check)


def test_a_play_tables_deal_summary_names_the_seats_as_the_page_does(app, client):
    # the deal's record at its end said "Dealer: S · Declarer: E · Tricks taken: E 7, S 2, N 1"
    # where the rest of the page says you, East and North
    token = csrf(client)
    form = {"_csrf": token, "variant": "preference", "bot": "rules"}
    key = client.post("/play/", data=form).headers["Location"].rsplit("/", 1)[1]
    play_until(app, client, key, token, lambda table: table.deal.is_over)
    page = html.unescape(client.get(f"/play/{key}").get_data(as_text=True))
    summary = re.sub(r"<[^>]+>", "", re.search(r"data-record-summary>(.*?)</p>", page).group(1))
    who = r"(you|North|East|your partner \((North|East)\))"
    assert re.search(rf"Dealer: {who}( ·|$)", summary), summary
    tricks = re.search(r"Tricks taken: (.*?)( ·|$)", summary).group(1)
    assert all(re.fullmatch(rf"{who} \d+", part) for part in tricks.split(", ")), summary


def test_a_play_tables_head_says_which_column_each_players_total_is(client):
    # the head showed "you 0 · 0 · 0 · 0": each number now carries its column's words
    form = {"_csrf": csrf(client), "variant": "preference", "bot": "rules"}
    key = client.post("/play/", data=form).headers["Location"].rsplit("/", 1)[1]
    page = html.unescape(client.get(f"/play/{key}").get_data(as_text=True))
    mine = re.search(r'data-group-totals="S">(.*?)</strong>', page).group(1)
    assert re.findall(r'<span title="([^"]+)">0</span>', mine) == [
        "you pool",
        "you mountain",
        "you whists on North",
        "you whists on East",
    ]
    east = re.search(r'data-group-totals="E">(.*?)</strong>', page).group(1)
    assert re.findall(r'title="([^"]+)"', east)[2:] == [
        "East whists on North",
        "East whists on you",
    ]


def test_the_play_start_page_names_the_persons_seat_by_the_variants_seat_names(client, pools):
    # the page said "You sit South" for any variant: a table of seats A, B and C seats the
    # person at C, as the table then shows
    def said(query):
        page = html.unescape(client.get(f"/play/?{query}").get_data(as_text=True))
        return re.search(r"data-my-seat>([^<]*)<", page).group(1)

    assert said("variant=pools") == "You sit C; the computer plays every other seat."
    assert said("variant=preference").startswith("You sit South;")
    assert said("variant=coinche").startswith("You sit South;")
    client.get("/lang/fr")
    assert said("variant=preference").startswith("Vous êtes Sud ;")
