"""An event's pages: the new-event form, the director's page (rounds started, closed, forced,
late tables, withdrawals), the table cards, the wall and its cheap polls, the board slips and the
per-board comparison, the results sheet and the exports."""

from __future__ import annotations

import csv
import functools
import html
import re
from fractions import Fraction
from pathlib import Path

import pytest
from event_helpers import DEALS, Director, done
from poll_cost import counting
from scorepad_helpers import bearer, csrf

import scorepad
from framework.core.cards import bits
from framework.engine.deal import Deal
from framework.engine.match import MatchState
from scorepad import create_app
from scorepad.columns import plays_as_two_teams
from scorepad.events.slips import board_order
from scorepad.games import board_dealer
from scorepad.installed import installed_variants, variant
from scorepad.models import Event
from scorepad.security import CSRF_FIELD

HX = {"HX-Request": "true"}
TEAMS8 = [f"Team {i}; P{i}a, P{i}b" for i in range(1, 9)]


def record(client, tables, plan, deals=None):
    """Each table records its deals (``plan[table]``: kinds of :data:`DEALS`); returns each
    table's totals (NS, EW) as the game API answers them (and fills ``deals`` with each
    table's deals' points, in order)."""
    totals = {}
    for number, kinds in plan.items():
        gid, token = tables[number]
        for kind in kinds:
            made = client.post(f"/api/games/{gid}/deals", json=DEALS[kind], headers=bearer(token))
            assert made.status_code == 201, made.json
            totals[number] = (made.json["totals"]["NS"], made.json["totals"]["EW"])
            if deals is not None:
                deals.setdefault(number, []).append(
                    (made.json["points"]["NS"], made.json["points"]["EW"])
                )
    return totals


def nearest(value: Fraction) -> int:
    """Halves away from zero, as the page rounds a difference."""
    whole = int(abs(value) + Fraction(1, 2))
    return whole if value >= 0 else -whole


def by_hand(teams, results):
    """The standings computed here: 2 for a win, 1 for a draw, then points, then difference."""
    line = {t: [0, 0, 0] for t in range(teams)}  # match points, points, against
    for a, b, pa, pb in results:
        for me, mine, theirs in ((a, pa, pb), (b, pb, pa)):
            line[me][0] += 2 if mine > theirs else 1 if mine == theirs else 0
            line[me][1] += mine
            line[me][2] += theirs
    return sorted(line, key=lambda t: (-line[t][0], -line[t][1], -(line[t][1] - line[t][2]), t))


def test_a_swiss_event_of_8_teams_plays_3_rounds_through_its_pages(client):
    director = Director(client, TEAMS8)
    plans = [("ns", "ew"), ("ew", "ew"), ("ns", "ns"), ("out", "ew")]
    met, results = set(), []
    for number in (1, 2, 3):
        page = director.page()
        assert f'data-current-round="{number}"' in page and 'data-round-state="proposed"' in page
        director.start(number)
        tables = director.cards()
        assert sorted(tables) == [1, 2, 3, 4]
        plan = {t: plans[(t + number) % 4] for t in tables}
        totals = record(client, tables, plan)
        event = director.api()
        played = event["rounds"][number - 1]
        assert [t["state"] for t in played["tables"]] == ["finished"] * 4
        for table in played["tables"]:
            pair = frozenset(table["teams"])
            assert pair not in met  # no two teams meet twice
            met.add(pair)
            results.append((*table["teams"], *totals[table["table"]]))
        closed = director.post("director/next")
        assert closed.status_code == 200, done(closed)
    event = director.api()
    assert event["over"] and len(met) == 12
    assert [s["team"] for s in event["standings"]] == by_hand(8, results)
    wall = client.get(f"/events/{director.eid}").get_data(as_text=True)
    assert [int(t) for t in re.findall(r'data-team="(\d+)" data-rank', wall)] == by_hand(8, results)
    assert "data-event-over" in wall
    sheet = client.get(f"/events/{director.eid}/results").get_data(as_text=True)
    assert sheet.count('data-state="finished"') == 12
    lines = client.get(f"/events/{director.eid}/export.csv").get_data(as_text=True).splitlines()
    assert lines[0].startswith("round,table")
    assert len([line for line in lines if ",finished," in line]) == 12


def test_closing_waits_for_every_table_unless_forced_with_a_reason_that_is_kept(client):
    director = Director(client, TEAMS8[:4], rounds="2")
    director.start(1)
    tables = director.cards()
    record(client, tables, {1: ("ns", "ew"), 2: ("ew",)})
    refused = director.post("director/next")
    assert refused.status_code == 409 and "2" in done(refused)
    assert director.post("director/next", force="on").status_code == 422  # no reason
    forced = director.post("director/next", force="on", reason="table 2 left early")
    assert forced.status_code == 200
    assert "table 2 left early" in client.get(f"/events/{director.eid}/results").get_data(
        as_text=True
    )


def test_a_table_still_playing_when_three_quarters_have_finished_is_late(client):
    director = Director(client, TEAMS8)
    director.start(1)
    tables = director.cards()
    record(client, tables, {1: ("ns", "ew"), 2: ("ew", "ew"), 3: ("ns", "ns"), 4: ("ns",)})
    page = director.page()
    late = re.findall(
        r'data-table="(\d)" data-state="(\w+)"[^>]*>(?:(?!</li>).)*data-late', page, re.S
    )
    assert late == [("4", "playing")]
    assert 'class="event-table state-playing late"' in page


def test_seven_teams_give_one_bye_a_round_never_twice_to_a_team(client):
    director = Director(client, [f"T{i}" for i in range(7)], rounds="3")
    byes = []
    for number in (1, 2, 3):
        director.start(number)
        tables = director.cards()
        assert len(tables) == 3
        record(client, tables, {t: ("ns", "ew") for t in tables})
        event = director.api()
        byes.extend(event["rounds"][number - 1]["byes"])
        wall = client.get(f"/events/{director.eid}").get_data(as_text=True)
        assert wall.count("data-bye=") == 1
        assert director.post("director/next").status_code == 200
    assert len(byes) == 3 and len(set(byes)) == 3
    standings = {s["team"]: s for s in director.api()["standings"]}
    for team in byes:
        assert standings[team]["played"] == 3 and standings[team]["byes"] == 1


def test_printing_the_cards_again_revokes_the_first_ones(client):
    director = Director(client, TEAMS8[:4])
    director.start(1)
    first = director.cards()
    again = director.post("cards")
    assert 'data-revoked="2"' in again.get_data(as_text=True)
    gid, old = first[1]
    refused = client.post(f"/api/games/{gid}/deals", json=DEALS["ns"], headers=bearer(old))
    assert refused.status_code == 403


def test_printing_the_cards_lets_the_workers_other_requests_run_between_codes(client, monkeypatch):
    """A hundred cards' QR codes take a tenth of a second of CPU: a gevent worker's polls are
    served between two codes (views.common.let_others_run), not after the hundredth."""
    import scorepad.views.events as pages

    made = []
    monkeypatch.setattr(pages, "qr_svg", lambda link: made.append(link) or "<svg></svg>")
    monkeypatch.setattr(pages, "let_others_run", lambda: made.append("let others run"))
    director = Director(client, TEAMS8[:6])
    director.start(1)
    assert director.post("cards").status_code == 200
    assert made[1::2] == ["let others run"] * 3 and len(made) == 6


def test_printing_the_cards_reads_as_often_for_12_tables_as_for_2(tmp_path):
    """Minting the tables' tokens locks their games in one read (games.set_tokens), not one
    read per table; the writes (a token, a grant each) go to the driver as batches."""
    app = create_app({"TESTING": True, "DATABASE_URL": f"sqlite:///{tmp_path}/cards.sqlite3"})
    reads = []
    for teams in (4, 24):
        client = app.test_client()  # a new browser each time: its device is made in both
        director = Director(client, [f"T{i}" for i in range(teams)], rounds="1")
        director.start(1)
        with counting(app) as cost:
            assert len(director.cards()) == teams // 2
        reads.append(sum(sql.startswith("SELECT") for sql in cost.statements))
    assert reads[0] == reads[1], reads
    app.extensions["atout_engine"].dispose()


def _pairing(director) -> list[list[int]]:
    return [t["teams"] for t in director.api()["rounds"][-1]["tables"]]


def _field_error(response) -> tuple[str, str] | None:
    found = re.search(r'data-field-error="([^"]+)">([^<]*)<', response.get_data(as_text=True))
    return (found[1], found[2]) if found else None


def test_the_director_changes_a_proposed_pairing_on_the_page(client):
    director = Director(client, ["Les As", "Les Rois", "Les Dames", "Les Valets"], rounds="2")
    page = director.page()
    # one row per proposed table, a select per side holding every team, the pairing selected
    proposed = _pairing(director)
    assert page.count('name="tables.0.teams"') == 2 and page.count('name="tables.1.teams"') == 2
    first = re.search(r'data-pairing-table="1">(.*?)</fieldset>', page, re.S)[1]
    chosen = [int(v) for v in re.findall(r'<option value="(\d+)" selected>', first)]
    assert chosen == proposed[0]
    change = functools.partial(director.post, "director/pairing", round="1")
    # refused, naming the table, the team by its name, and nothing stored
    for form, field, words in (
        ({"tables.0.teams": ["0", "1"], "tables.1.teams": ["1", "2"]}, "tables.1.teams",
         "team Les Rois is at two tables"),
        ({"tables.0.teams": ["0", "x"], "tables.1.teams": ["2", "3"]}, "tables.0.teams",
         "is not a whole number"),
        ({"tables.0.teams": ["0", "9"], "tables.1.teams": ["2", "3"]}, "tables.0.teams",
         "no team 9"),
        ({"tables.0.teams": ["0"], "tables.1.teams": ["2", "3"]}, "tables.0.teams",
         "two team numbers"),
        ({"tables.0.teams": ["0", "1"]}, "tables",
         "teams Les Dames, Les Valets are at no table"),
    ):  # fmt: skip
        refused = change(**form)
        assert refused.status_code == 422, form
        said = _field_error(refused)
        assert said is not None and said[0] == field and words in said[1], (form, said)
        assert said[1] == done(refused)  # said at the top too
        page = refused.get_data(as_text=True)
        assert "data-change-pairing open" in page
        assert ('aria-invalid="true"' in page) is (field != "tables")
        assert _pairing(director) == proposed, form
    changed = change(**{"tables.0.teams": ["3", "0"], "tables.1.teams": ["1", "2"]})
    assert changed.status_code == 200 and done(changed) == "The pairings are changed."
    assert "data-warnings" not in changed.get_data(as_text=True)
    assert _pairing(director) == [[3, 0], [1, 2]]
    # round 2: pairs that met in round 1 are said, not refused
    director.start(1)
    record(client, director.cards(), {1: ("ns", "ew"), 2: ("ew", "ns")})
    assert director.post("director/next").status_code == 200
    again = director.post(
        "director/pairing",
        round="2",
        **{"tables.0.teams": ["3", "0"], "tables.1.teams": ["1", "2"]},
    )
    assert again.status_code == 200 and _pairing(director) == [[3, 0], [1, 2]]
    warnings = re.search(r"data-warnings>(.*?)</ul>", again.get_data(as_text=True), re.S)[1]
    assert re.findall(r"<li>([^<]*)</li>", warnings) == [
        "teams Les Valets and Les As met in round 1",
        "teams Les Rois and Les Dames met in round 1",
    ]
    # a round started takes no change; only the director changes it
    director.start(2)
    late = director.post("director/pairing", round="2", **{"tables.0.teams": ["0", "1"]})
    assert late.status_code == 409 and _pairing(director) == [[3, 0], [1, 2]]
    stranger = client.post(
        f"/events/{director.eid}/director/pairing",
        data={CSRF_FIELD: csrf(client), "t": "wrong", "round": "2"},
    )
    assert stranger.status_code == 403


def test_the_director_page_needs_the_directors_token(client):
    director = Director(client, TEAMS8[:4])
    assert client.get(f"/events/{director.eid}/director").status_code == 403
    assert client.get(f"/events/{director.eid}/director?t=wrong").status_code == 403
    assert client.get("/events/nosuchevent/director?t=x").status_code == 404
    page = client.get(f"/events/{director.eid}/director?t={director.token}")
    assert page.headers["Cache-Control"] == "no-store"
    wall = client.get(f"/events/{director.eid}").get_data(as_text=True)
    assert director.token not in wall and "/director" not in wall


def test_the_new_event_form_says_which_field_is_wrong(client):
    from scorepad_helpers import csrf

    from scorepad.security import CSRF_FIELD

    def post(**fields):
        form = {
            "name": "Night",
            "variant": "coinche",
            "teams": "A\nB",
            "rounds": "1",
            "pairing": "swiss",
            **fields,
        }
        return client.post("/events/new", data={CSRF_FIELD: csrf(client), **form})

    no_name = post(name="")
    assert no_name.status_code == 422 and 'data-field-error="name"' in no_name.get_data(
        as_text=True
    )
    twice = post(teams="A\nB\na")
    page = twice.get_data(as_text=True)
    assert twice.status_code == 422 and 'data-field-error="teams"' in page and "Line 3" in page
    robin = post(teams="A\nB\nC\nD", rounds="2", pairing="round-robin")
    assert 'data-field-error="rounds"' in robin.get_data(as_text=True)
    assert post(pairing="nonsense").status_code == 422


def test_the_new_event_page_picks_its_variant_with_the_new_game_pages_picker(client):
    """One template draws the variant picker of every form that starts a game or an event
    (``_variant_select.html``): its select is written nowhere else. On the new-event page it
    offers the variants an event plays (two teams of two) and redraws the form's variant part
    from the new-game page, as the new-game page does."""
    templates = Path(scorepad.__file__).parent / "templates"
    writers = [
        str(path.relative_to(templates))
        for path in sorted(templates.rglob("*.html"))
        if '<select name="variant"' in path.read_text(encoding="utf-8")
    ]
    assert writers == ["_variant_select.html"]
    picker = re.compile(r'<label class="field">[^<]*<select name="variant".*?</label>', re.S)
    option = re.compile(r'\s*<option value="([^"]+)"[^>]*>[^<]*</option>')
    event = picker.search(client.get("/events/new").get_data(as_text=True))[0]
    game = picker.search(client.get("/new").get_data(as_text=True))[0]
    assert option.sub("", event) == option.sub("", game)
    offered = option.findall(event)
    assert offered == [v.name for v in installed_variants() if plays_as_two_teams(v.info)]
    assert "coinche" in offered and "preference" not in offered


def test_the_new_event_form_asks_nothing_it_ignores(client):
    # "Score each deal alone" is the new game's (an event scores its boards alone: Boards): the
    # new-event form, which shares the new game's variant part, offers no box it would not read
    def box(page, **headers):
        return 'name="deals_alone"' in client.get(page, headers=headers).get_data(as_text=True)

    assert box("/new?variant=coinche")
    assert not box("/events/new") and not box("/events/new?variant=coinche")
    # nor the variant part the new-event page redraws from the new-game page
    assert not box("/new?variant=bela", **{"HX-Request": "true"})


def test_the_tv_view_is_large_and_has_nothing_to_tap(client):
    director = Director(client, TEAMS8[:4])
    page = client.get(f"/events/{director.eid}?view=tv").get_data(as_text=True)
    assert "wall-tv" in page and "<form" not in page and "<button" not in page
    assert "view=tv" in re.search(r'hx-get="([^"]+)"', page)[1]


def _event_with_tables(client, teams):
    director = Director(client, [f"T{i}" for i in range(teams)], rounds="1")
    director.start(1)
    return director, director.cards()


def test_an_unchanged_wall_poll_is_one_read_and_no_render_whatever_the_events_size(tmp_path):
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{tmp_path}/wall.sqlite3",
            "FRAGMENT_SECONDS": 0,
        }
    )
    client = app.test_client()
    for teams in (4, 60):
        director, tables = _event_with_tables(client, teams)
        record(client, tables, {1: ("ns",)})
        wall = client.get(f"/events/{director.eid}").get_data(as_text=True)
        version = int(re.search(r'data-version="(\d+)"', wall)[1])
        with counting(app) as cost:
            unchanged = client.get(f"/events/{director.eid}/wall?v={version}", headers=HX)
        assert unchanged.status_code == 204
        assert cost.renders == [] and len(cost.statements) == 1, cost.statements
        assert "version" in cost.statements[0] and "public_id" in cost.statements[0]
        # a deal at a table changes the wall: the first poll renders, the next phone's poll
        # at the same old version gets the fragment kept in memory (one read, no render)
        record(client, {2: tables[2]}, {2: ("ew",)})
        with counting(app) as cost:
            first = client.get(f"/events/{director.eid}/wall?v={version}", headers=HX)
        assert first.status_code == 200 and cost.renders == ["events/_wall.html"]
        assert f"v={version + 1}" in first.get_data(as_text=True)
        with counting(app) as cost:
            second = client.get(f"/events/{director.eid}/wall?v={version}", headers=HX)
        assert second.data == first.data
        assert cost.renders == [] and len(cost.statements) == 1
    app.extensions["atout_engine"].dispose()


def test_the_directors_page_and_the_walls_render_cost_the_same_at_any_size(tmp_path):
    """The director's page and a changed wall read the event in a fixed number of statements
    (no read per table, nor per table's game: a round of 100 tables is one page among the
    polls its worker holds), with the tables' games of two rounds shown."""
    app = create_app(
        {
            "TESTING": True,
            "DATABASE_URL": f"sqlite:///{tmp_path}/size.sqlite3",
            "FRAGMENT_SECONDS": 0,
        }
    )
    client = app.test_client()
    costs = []
    for teams in (4, 24):
        director = Director(client, [f"T{i}" for i in range(teams)], rounds="2")
        director.start(1)
        tables = director.cards()
        record(client, tables, {n: ("ns", "ew") for n in tables})
        assert director.post("director/next").status_code == 200
        director.start(2)
        tables = director.cards()
        record(client, tables, {1: ("ns",)})
        with counting(app) as page:
            shown = director.page()
        assert shown.count("data-game=") == teams  # both rounds' tables
        with counting(app) as wall:
            polled = client.get(f"/events/{director.eid}/wall?v=1", headers=HX)
        assert polled.status_code == 200 and wall.renders == ["events/_wall.html"]
        assert polled.get_data(as_text=True).count("data-totals") == 1
        costs.append((len(page.statements), len(wall.statements)))
    assert costs[0] == costs[1], costs
    app.extensions["atout_engine"].dispose()


def test_a_deleted_events_wall_says_so_and_stops(client):
    assert client.get("/events/nosuchevent/wall?v=1", headers=HX).status_code == 410
    assert client.get("/events/nosuchevent").status_code == 404


def _seed(app, eid):
    from sqlmodel import Session, select

    with Session(app.extensions["atout_engine"]) as session:
        return session.exec(select(Event.seed).where(Event.public_id == eid)).one()


def test_boards_give_every_table_the_same_hands_and_compare_each_side(app, client):
    director = Director(client, [f"T{i}" for i in range(6)], rounds="1", boards="on")
    director.start(1)
    tables = director.cards()
    seed = _seed(app, director.eid)
    # the slips are the director's: the hands of board 1 are those the engine deals
    assert client.get(f"/events/{director.eid}/slips?round=1").status_code == 403
    slips = client.get(f"/events/{director.eid}/slips?round=1&t={director.token}")
    page = slips.get_data(as_text=True)
    coinche = variant("coinche")
    board1 = re.search(r'data-board="1">(.*?)</section>', page, re.S)[1]
    shown = {
        seat: re.findall(r'title="([^"]+)"', slip)
        for seat, slip in re.findall(r'data-slip="([NESW])">(.*?)</div>', board1, re.S)
    }
    deal = Deal(coinche, coinche.rules(None), board_dealer(1, 4), board_order(seed, 1, 1, 32))
    for seat, hand in zip("NESW", deal.hands, strict=True):
        assert sorted(shown[seat]) == sorted(deal.deck.card_name(c) for c in bits(hand))
    # board 1: NS makes at table 1, EW at table 2, thrown in at table 3; board 2 alike
    plan = {1: ("ns", "ns"), 2: ("ew", "out"), 3: ("out", "ew")}
    points: dict[int, list[tuple[int, int]]] = {}
    record(client, tables, plan, points)
    assert client.get(f"/events/{director.eid}/boards/1").status_code == 404  # still open
    assert director.post("director/next").status_code == 200
    compared = client.get(f"/events/{director.eid}/boards/1").get_data(as_text=True)
    api = director.api()
    sums: dict[int, Fraction] = {}
    by_hand: dict[tuple[int, int, int], int] = {}  # (board, table, side): the difference shown
    for board in (1, 2):
        scores = {t: points[t][board - 1] for t in plan}
        section = re.search(rf'data-board="{board}">(.*?)</section>', compared, re.S)[1]
        for t in plan:
            for side in (0, 1):
                others = [scores[o][side] for o in plan if o != t]
                expected = scores[t][side] - Fraction(sum(others), len(others))
                where = rf'data-table="{t}" data-side="{side}" data-team="\d+"'
                cell = re.search(where + r' data-difference="(-?\d+)"', section)
                assert int(cell[1]) == nearest(expected), (board, t, side)
                by_hand[(board, t, side)] = nearest(expected)
                team = api["rounds"][0]["tables"][t - 1]["teams"][side]
                sums[team] = sums.get(team, 0) + expected
    # the ranking by the sum of the differences, on the results sheet too
    sheet = client.get(f"/events/{director.eid}/results").get_data(as_text=True)
    ranking = re.search(r"data-board-ranking>(.*?)</table>", sheet, re.S)[1]
    shown = {
        int(t): int(v) for t, v in re.findall(r'data-team="(\d+)" data-total="(-?\d+)"', ranking)
    }
    assert shown == {team: nearest(total) for team, total in sums.items()}
    order = [int(t) for t in re.findall(r'data-team="(\d+)"', ranking)]
    assert order == sorted(sums, key=lambda team: (-sums[team], team))
    # the exports hold the same figures: the JSON by round and board (with its dealer), the CSV
    exported = api["boards"]
    assert [played["number"] for played in exported["rounds"]] == [1]
    boards = exported["rounds"][0]["boards"]
    assert [(b["board"], b["dealer"]) for b in boards] == [(1, "W"), (2, "N")]
    assert {
        (b["board"], c["table"], c["side"]): c["difference"] for b in boards for c in b["tables"]
    } == by_hand
    assert [line["team"] for line in exported["ranking"]] == order
    assert {line["team"]: line["total"] for line in exported["ranking"]} == shown
    lines = client.get(f"/events/{director.eid}/export.csv").get_data(as_text=True).splitlines()
    first = lines.index("round,board,dealer,table,side,team,score,+/-") + 1
    rows = list(csv.reader(lines[first : first + len(by_hand)]))
    assert {(int(r[1]), int(r[3]), ("NS", "EW").index(r[4])): int(r[7]) for r in rows} == by_hand
    assert lines[first + len(by_hand) + 1] == "board rank,team,boards,total +/-"


def test_an_event_ranked_by_boards_shows_it_on_every_page_and_export(client):
    form = client.get("/events/new").get_data(as_text=True)
    assert 'name="ranking" value="match_points" checked' in form  # the default, as before
    assert 'name="ranking" value="boards"' in form
    # ranking by boards needs boards: said under its field, nothing made
    refused = client.post(
        "/events/new",
        data={CSRF_FIELD: csrf(client), "name": "Soirée", "variant": "coinche",
              "teams": "A\nB", "rounds": "1", "pairing": "swiss", "match_deals": "2",
              "ranking": "boards"},
    )  # fmt: skip
    assert refused.status_code == 422
    page = refused.get_data(as_text=True)
    assert re.search(r'data-field-error="ranking">[^<]*needs an event played on boards', page)
    assert 'name="ranking" value="boards" checked' in page  # the choice kept
    director = Director(
        client, [f"T{i}" for i in range(4)], rounds="2", boards="on", ranking="boards"
    )
    director.start(1)
    tables = director.cards()
    record(client, tables, {1: ("ns", "ns"), 2: ("ns", "ew")})
    assert director.post("director/next").status_code == 200
    api = director.api()
    assert api["format"]["ranking"] == "boards"
    expected = {s["team"]: s["boards"] for s in api["standings"]}
    order = [s["team"] for s in api["standings"]]
    # by hand: board 1 alike at both tables (0 each); board 2 NS 220 and 60, EW 70 and 180
    assert expected == {0: 160, 1: -110, 2: -160, 3: 110}  # team 0 NS at table 1
    assert order == [0, 3, 1, 2]
    pages = {
        "director": director.page(),
        "wall": client.get(f"/events/{director.eid}").get_data(as_text=True),
        "results": client.get(f"/events/{director.eid}/results").get_data(as_text=True),
    }
    for name, shown in pages.items():
        table = re.search(r"data-standings>(.*?)</table>", shown, re.S)[1]
        assert "Ranked by the sum of board differences, match points, points, points" in table
        assert "Boards +/−" in table, name
        rows = re.findall(r'data-team="(\d+)" data-rank="\d+".*? data-boards="(-?\d+)"', table)
        assert [(int(t), int(b)) for t, b in rows] == [(t, expected[t]) for t in order], name
    lines = client.get(f"/events/{director.eid}/export.csv").get_data(as_text=True).splitlines()
    head = lines.index("rank,team,played,won,drawn,lost,match points,points,difference,board +/-")
    rows = list(csv.reader(lines[head + 1 : head + 5]))
    assert [(r[1], int(r[-1])) for r in rows] == [(f"T{t}", expected[t]) for t in order]
    # an event ranked by match points keeps its pages and its CSV as they were
    plain = Director(client, [f"T{i}" for i in range(4)], rounds="2", boards="on")
    wall = client.get(f"/events/{plain.eid}").get_data(as_text=True)
    assert "Boards +/−" not in wall and "data-boards=" not in wall
    assert "Ranked by match points, points, points difference." in wall
    lines = client.get(f"/events/{plain.eid}/export.csv").get_data(as_text=True).splitlines()
    assert "rank,team,played,won,drawn,lost,match points,points,difference" in lines


@pytest.mark.parametrize("lang", ["fr", "ru", "bg", "hr", "es"])
def test_no_english_on_the_event_pages(app, lang):
    """Every event page in the chosen language (the switch), while the browser asks for
    English: no piece of the catalogues' English is left."""
    from test_i18n_pages import domains_of, english, english_on, page_text, rightly_english

    client = app.test_client()
    assert client.get(f"/lang/{lang}").status_code in (302, 303)
    client.environ_base["HTTP_ACCEPT_LANGUAGE"] = "en"
    director = Director(
        client,
        [f"T{i}; A{i}, B{i}" for i in range(5)],
        rounds="2",
        boards="on",
        match_deals="1",
        ranking="boards",
    )
    shown = {
        "new": client.get("/events/new"),
        "proposed": client.get(f"/events/{director.eid}/director?t={director.token}"),
    }
    director.start(1)
    shown["cards"] = director.post("cards")
    tables = {n: link for n, link in director.cards().items()}
    shown["director"] = client.get(f"/events/{director.eid}/director?t={director.token}")
    gid = tables[1][0]
    assert client.get(f"/e/{gid}?t={director.token}").status_code == 303  # to correct it
    shown["correcting"] = client.get(f"/e/{gid}")
    assert "data-directing" in shown["correcting"].get_data(as_text=True)
    shown["slips"] = client.get(f"/events/{director.eid}/slips?round=1&t={director.token}")
    record(client, tables, {1: ("ns",), 2: ("ew",)})
    shown["closed"] = director.post("director/next")
    met = [t["teams"] for t in director.api()["rounds"][0]["tables"]]  # met again: warnings
    pairs = {f"tables.{i}.teams": [str(a), str(b)] for i, (a, b) in enumerate(met)}
    shown["pairing changed"] = director.post("director/pairing", round="2", **pairs)
    assert "data-warnings" in shown["pairing changed"].get_data(as_text=True)
    twice = {"tables.0.teams": ["0", "1"], "tables.1.teams": ["1", "2"]}
    shown["pairing refused"] = director.post("director/pairing", round="2", **twice)
    shown["wall"] = client.get(f"/events/{director.eid}")
    shown["wall tv"] = client.get(f"/events/{director.eid}?view=tv")
    shown["boards"] = client.get(f"/events/{director.eid}/boards/1")
    shown["results"] = client.get(f"/events/{director.eid}/results")
    domains = domains_of("coinche")
    pieces, rightly = english(domains, lang), rightly_english(domains, lang)
    found = {}
    for name, response in shown.items():
        html = response.get_data(as_text=True)
        assert response.status_code == (422 if name == "pairing refused" else 200), name
        assert f'<html lang="{lang}">' in html, name
        left = english_on(page_text(html), pieces, rightly)
        if left:
            found[name] = left
    assert not found, found


#: FFB Coinche with the litige (house rule): records and what each scores as a deal alone,
#: worked out by hand from the rules (test_coinche_scoring): (NS, EW), and the pot it leaves
LITIGE = {"taker": "NS", "bid": 80, "trump": "S", "taker_points": 81}  # 81 = 81: EW 81 -> 80,
# NS's 81 to the pot
MADE = {"taker": "NS", "bid": 100, "trump": "H", "taker_points": 112, "belote": ["NS"]}
# 112 + 20 = 132 made: NS 100 + 132 = 232 -> 230 (with a pot of 81: 313 -> 310); EW 50
EW_MADE = {"taker": "EW", "bid": 80, "trump": "S", "taker_points": 100}  # EW 180, NS 62 -> 60


def test_each_board_is_scored_alone_and_compared_so(client):
    teams = [{"name": f"T{i}"} for i in range(6)]
    made = client.post(
        "/api/events",
        json={"name": "Duplicate", "variant": "coinche", "preset": "ffb",
              "options": {"litige": True}, "teams": teams, "rounds": 1, "round": {"deals": 2},
              "pairing": "random", "boards": True},
    )  # fmt: skip
    assert made.status_code == 201, made.json
    eid, token = made.json["id"], made.json["director_token"]
    started = client.post(f"/api/events/{eid}/rounds/1/start", headers=bearer(token))
    assert started.status_code == 200, started.json
    minted = client.get(f"/api/events/{eid}/tables", headers=bearer(token)).json["tables"]
    plan = {1: (LITIGE, MADE), 2: (EW_MADE, MADE), 3: (LITIGE, {"thrown_in": True})}
    for table in minted:
        for record in plan[table["table"]]:
            written = client.post(
                f"/api/games/{table['game_id']}/deals",
                json=record,
                headers=bearer(table["edit_token"]),
            )
            assert written.status_code == 201, written.json
    games = {t["table"]: client.get(f"/api/games/{t['game_id']}").json for t in minted}
    # table 1's board 2 is scored as table 2's: the litige's 81 of board 1 is not carried in
    assert [d["points"] for d in games[1]["deals"]] == [{"NS": 0, "EW": 80}, {"NS": 230, "EW": 50}]
    assert games[2]["deals"][1]["points"] == {"NS": 230, "EW": 50}
    assert games[1]["deals"][0]["pot"] == 0  # board 1's litige carries nothing out
    # a board thrown in stays thrown in: 0 and 0, and nothing waits for a next deal
    assert games[3]["deals"][1]["points"] == {"NS": 0, "EW": 0}
    for number, game in games.items():
        assert game["rules"]["deals_alone"] is True and game["over"], number
        assert game["pot"] == 0, number
    assert games[1]["totals"] == {"NS": 230, "EW": 130}
    assert client.post(f"/api/events/{eid}/rounds", headers=bearer(token)).status_code in (
        200,
        201,
    )
    compared = client.get(f"/events/{eid}/boards/1").get_data(as_text=True)
    # by hand: board 1 NS 0, 60, 0 and EW 80, 180, 80; board 2 NS 230, 230, 0 and EW 50, 50, 0;
    # a side's score minus the mean of the other two tables' (board 2, table 1, NS: 230 - 115;
    # with the pot carried it would have been 310 - 115)
    expected = {
        1: {1: (-30, -50), 2: (60, 100), 3: (-30, -50)},
        2: {1: (115, 25), 2: (115, 25), 3: (-230, -50)},
    }
    for board, tables in expected.items():
        section = re.search(rf'data-board="{board}">(.*?)</section>', compared, re.S)[1]
        for table, sides in tables.items():
            for side, difference in enumerate(sides):
                where = rf'data-table="{table}" data-side="{side}" data-team="\d+"'
                cell = re.search(where + r' data-difference="(-?\d+)"', section)
                assert int(cell[1]) == difference, (board, table, side)


#: a deal of Bela whose two equal tierces are told apart by the first hand (the seat after the
#: dealer): N's wins when W deals, E's when N deals (then 20 more points go to EW)
BELA_TIED = {
    "trump": "H",
    "caller": "N",
    "caller_points": 100,
    "declarations": [
        {"team": "NS", "kind": "tierce", "high": "KS", "seat": "N"},
        {"team": "EW", "kind": "tierce", "high": "KD", "seat": "E"},
    ],
}


#: :data:`BELA_TIED` as the deal form sends it
BELA_TIED_FORM = {"trump": '"H"', "caller": '"N"', "caller_points": "100", "stiglja": "null",
                  "belot": "null", "declarations-0-team": '"NS"', "declarations-0-kind": '"tierce"',
                  "declarations-0-high": '"KS"', "declarations-0-seat": '"N"',
                  "declarations-1-team": '"EW"', "declarations-1-kind": '"tierce"',
                  "declarations-1-high": '"KD"', "declarations-1-seat": '"E"'}  # fmt: skip


def _bela_on_boards(client, deals=3):
    """A Bela event of 4 teams, one round of ``deals`` boards, started: its director's token
    and its two tables (``table``, ``game_id``, ``edit_token``)."""
    made = client.post(
        "/api/events",
        json={"name": "Boards", "variant": "bela", "teams": [{"name": f"T{i}"} for i in range(4)],
              "rounds": 1, "round": {"deals": deals}, "pairing": "random", "boards": True,
              "seed": 11},
    )  # fmt: skip
    assert made.status_code == 201, made.json
    eid, token = made.json["id"], made.json["director_token"]
    assert (
        client.post(f"/api/events/{eid}/rounds/1/start", headers=bearer(token)).status_code == 200
    )
    tables = client.get(f"/api/events/{eid}/tables", headers=bearer(token)).json["tables"]
    return eid, token, tables


def _slip_dealers(client, eid, token):
    """Each board's dealer as the board slips of round 1 say it."""
    page = client.get(f"/events/{eid}/slips?round=1&t={token}").get_data(as_text=True)
    return [
        dealer
        for _board, dealer in re.findall(
            r'data-board="(\d+)">\s*<h2>.*?data-dealer="([^"]+)"', page, re.S
        )
    ]


def test_a_record_on_boards_names_no_other_dealer_than_the_boards(client):
    eid, token, tables = _bela_on_boards(client)
    assert _slip_dealers(client, eid, token) == ["W", "N", "E"]
    first, second = tables
    # Bela's record may name its dealer (the tie of equal tierces goes by the first hand): on
    # board 1, which W deals, a record naming N would score another deal than the slips'
    at = f"/api/games/{first['game_id']}/deals"
    refused = client.post(
        at, json={**BELA_TIED, "dealer": "N"}, headers=bearer(first["edit_token"])
    )
    assert refused.status_code == 422 and refused.json["field"] == "dealer"
    assert "board 1 is dealt by W" in refused.json["error"]
    assert client.get(f"/api/games/{first['game_id']}").json["deals"] == []  # nothing stored
    named = client.post(at, json={**BELA_TIED, "dealer": "W"}, headers=bearer(first["edit_token"]))
    assert named.status_code == 201, named.json
    plain = client.post(
        f"/api/games/{second['game_id']}/deals",
        json=BELA_TIED,
        headers=bearer(second["edit_token"]),
    )
    # the same board, the same facts: the same score at both tables (NS's tierce wins: N is
    # the first hand after W)
    assert plain.json["points"] == named.json["points"] == {"NS": 120, "EW": 62}
    # an edit of the board is held to the same dealer, and so is the director's
    put = f"/api/games/{first['game_id']}/deals/1"
    for key in (first["edit_token"], token):
        edited = client.put(put, json={**BELA_TIED, "dealer": "S"}, headers=bearer(key))
        assert edited.status_code == 422 and edited.json["field"] == "dealer"
    # the sheet's deal form names board 2's dealer; its preview and its save refuse another,
    # under the dealer's field
    laptop = client.application.test_client()
    gid = second["game_id"]
    assert laptop.get(f"/e/{gid}?t={second['edit_token']}").status_code == 303
    form = laptop.get(f"/e/{gid}").get_data(as_text=True)
    assert "Record a board" in form  # board 2, the first not recorded, chosen; N deals it
    assert '<option value="2" data-dealer="N" selected>' in form
    assert "Edit board 1" in laptop.get(f"/e/{gid}/deals/1").get_data(as_text=True)
    typed = {CSRF_FIELD: csrf(laptop), **BELA_TIED_FORM, "dealer": '"E"'}
    preview = laptop.post(f"/e/{gid}/preview", data=typed).get_data(as_text=True)
    assert 'data-preview-error="dealer"' in preview and "board 2 is dealt by N" in preview
    saved = laptop.post(f"/e/{gid}/deals", data=typed)
    assert saved.status_code == 422 and 'data-field-error="dealer"' in saved.get_data(as_text=True)
    typed["dealer"] = '"N"'
    assert laptop.post(f"/e/{gid}/deals", data=typed).status_code == 303
    assert client.get(f"/api/games/{gid}").json["deals"][1]["points"] == {"NS": 100, "EW": 82}


def _coinche_on_boards(client, deals=3):
    """A Coinche event of 4 teams, one round of ``deals`` boards, started: its id, its
    director's token and its two tables (``table``, ``game_id``, ``edit_token``)."""
    made = client.post(
        "/api/events",
        json={"name": "Boards", "variant": "coinche", "rounds": 1, "round": {"deals": deals},
              "teams": [{"name": f"T{i}"} for i in range(4)], "pairing": "random",
              "boards": True, "seed": 5},
    )  # fmt: skip
    assert made.status_code == 201, made.json
    eid, token = made.json["id"], made.json["director_token"]
    assert (
        client.post(f"/api/events/{eid}/rounds/1/start", headers=bearer(token)).status_code == 200
    )
    tables = client.get(f"/api/events/{eid}/tables", headers=bearer(token)).json["tables"]
    return eid, token, tables


def test_a_table_records_its_boards_in_the_order_it_plays_them_and_each_is_compared_as_itself(
    client,
):
    eid, token, (first, second) = _coinche_on_boards(client)
    one, two = (f"/api/games/{t['game_id']}" for t in (first, second))
    key_one, key_two = bearer(first["edit_token"]), bearer(second["edit_token"])
    # table 1 plays board 3 first (E deals it), then board 1, then the one left (2: the default)
    third = client.post(f"{one}/deals", json={**DEALS["out"], "board": 3}, headers=key_one)
    assert third.status_code == 201, third.json
    game = client.get(one).json
    assert [(d["board"], d["dealer"]) for d in game["deals"]] == [(3, "E")]
    assert game["next_dealer"] == "W"  # board 1's, the first not recorded
    # the live page and the scorer's glance line name each deal's board, and the next board
    live = client.get(f"/g/{first['game_id']}").get_data(as_text=True)
    assert re.search(r'data-next-dealer="W" data-next-board="1">[^<]*deals · Board 1<', live)
    assert re.search(r'data-last-deal="1"><strong>Deal 1 · board 3:</strong>', live)
    gid = first["game_id"]
    assert client.get(f"/e/{gid}?t={first['edit_token']}").status_code == 303
    glance = client.get(f"/e/{gid}").get_data(as_text=True)
    assert re.search(r'class="g-last-text">Deal 1 · board 3:', glance)
    # a board recorded already, outside the round, or not a board number: refused, naming
    # `board`, nothing stored
    for bad, words in (
        (3, "board 3 is recorded already, as deal 1"),
        (4, "a whole number from 1 to 3"),
        (0, "a whole number from 1 to 3"),
        ("1", "a whole number from 1 to 3"),
        (True, "a whole number from 1 to 3"),
    ):
        refused = client.post(f"{one}/deals", json={**DEALS["ns"], "board": bad}, headers=key_one)
        assert refused.status_code == 422 and refused.json["field"] == "board", (bad, refused.json)
        assert words in refused.json["error"], (bad, refused.json)
    assert len(client.get(one).json["deals"]) == 1
    assert (
        client.post(f"{one}/deals", json={**DEALS["ns"], "board": 1}, headers=key_one).json[
            "number"
        ]
        == 2
    )
    assert client.post(f"{one}/deals", json=DEALS["ew"], headers=key_one).status_code == 201
    game = client.get(one).json
    assert [(d["board"], d["dealer"]) for d in game["deals"]] == [(3, "E"), (1, "W"), (2, "N")]
    assert game["over"]  # three boards recorded: the round's match is over
    exported = client.get(f"/g/{first['game_id']}/export.csv").get_data(as_text=True).splitlines()
    assert exported[0].startswith("deal,board,dealer,")
    assert [line.split(",")[:3] for line in exported[1:]] == [
        ["1", "3", "E"],
        ["2", "1", "W"],
        ["3", "2", "N"],
    ]
    # table 2 plays them in order, without saying which (as before): 1, 2, 3; board 3 differs
    for kind in ("ns", "ew", "ew"):
        assert client.post(f"{two}/deals", json=DEALS[kind], headers=key_two).status_code == 201
    assert [d["board"] for d in client.get(two).json["deals"]] == [1, 2, 3]
    assert client.post(f"/api/events/{eid}/rounds", headers=bearer(token)).status_code in (200, 201)
    compared = client.get(f"/events/{eid}/boards/1").get_data(as_text=True)
    # by board, not by position: boards 1 and 2 were played alike (0); board 3 was thrown in
    # at table 1 (0, 0) and EW made it at table 2 (60, 180): NS 0 - 60, EW 0 - 180
    expected = {
        1: {1: (0, 0), 2: (0, 0)},
        2: {1: (0, 0), 2: (0, 0)},
        3: {1: (-60, -180), 2: (60, 180)},
    }
    for board, tables in expected.items():
        section = re.search(rf'data-board="{board}">(.*?)</section>', compared, re.S)[1]
        for table, sides in tables.items():
            for side, difference in enumerate(sides):
                where = rf'data-table="{table}" data-side="{side}" data-team="\d+"'
                cell = re.search(where + r' data-difference="(-?\d+)"', section)
                assert int(cell[1]) == difference, (board, table, side)


def test_a_board_is_moved_corrected_and_removed_with_its_own_number(client):
    _eid, token, (first, _second) = _coinche_on_boards(client, deals=4)
    at, key = f"/api/games/{first['game_id']}", bearer(first["edit_token"])
    for board in (2, 4):
        made = client.post(f"{at}/deals", json={**DEALS["ns"], "board": board}, headers=key)
        assert made.status_code == 201, made.json
    # deal 2 was in fact board 3: moved (a board no other deal is), dealt by E; the director too
    moved = client.put(f"{at}/deals/2", json={**DEALS["ew"], "board": 3}, headers=bearer(token))
    assert moved.status_code == 200, moved.json
    taken = client.put(f"{at}/deals/2", json={**DEALS["ew"], "board": 2}, headers=key)
    assert taken.status_code == 422 and taken.json["field"] == "board"
    assert "board 2 is recorded already, as deal 1" in taken.json["error"]
    game = client.get(at).json
    assert [(d["board"], d["dealer"]) for d in game["deals"]] == [(2, "N"), (3, "E")]
    assert game["next_dealer"] == "W"  # board 1's
    # an edit that says no board keeps the deal's own
    assert client.put(f"{at}/deals/2", json=DEALS["ns"], headers=key).status_code == 200
    assert [d["board"] for d in client.get(at).json["deals"]] == [2, 3]
    # removing deal 1 (board 2): deal 2 moves up, still board 3; board 2 is free again
    assert client.delete(f"{at}/deals/1", headers=key).status_code == 200
    game = client.get(at).json
    assert [(d["number"], d["board"], d["dealer"]) for d in game["deals"]] == [(1, 3, "E")]
    assert client.post(f"{at}/deals", json=DEALS["out"], headers=key).json["number"] == 2
    assert [d["board"] for d in client.get(at).json["deals"]] == [3, 1]  # the first free
    # a game not on boards takes no board (null is no board)
    alone = client.post("/api/games", json={"variant": "coinche"}).json
    mine = bearer(alone["edit_token"])
    refused = client.post(
        f"/api/games/{alone['id']}/deals", json={**DEALS["ns"], "board": 1}, headers=mine
    )
    assert refused.status_code == 422 and refused.json["field"] == "board"
    assert "not played on boards" in refused.json["error"]
    plain = client.post(
        f"/api/games/{alone['id']}/deals", json={**DEALS["ns"], "board": None}, headers=mine
    )
    assert (
        plain.status_code == 201
        and "board" not in client.get(f"/api/games/{alone['id']}").json["deals"][0]
    )


#: a deal of Coinche as the deal form sends it (NS take 80 at hearts and make it)
NS_FORM = {"taker": '"NS"', "bid": "80", "trump": '"H"', "taker_points": "90"}


def test_a_board_that_is_not_a_whole_number_is_refused_under_the_board_field(client):
    _eid, _token, (first, _second) = _coinche_on_boards(client)
    gid = first["game_id"]
    phone = client.application.test_client()
    assert phone.get(f"/e/{gid}?t={first['edit_token']}").status_code == 303
    typed = {CSRF_FIELD: csrf(phone), **NS_FORM, "board": "٣", "expected_number": "1"}
    preview = phone.post(f"/e/{gid}/preview", data=typed).get_data(as_text=True)
    assert 'data-preview-error="board"' in preview and "is not a whole number" in preview
    refused = phone.post(f"/e/{gid}/deals", data=typed)
    assert refused.status_code == 422
    assert 'data-field-error="board"' in refused.get_data(as_text=True)
    assert client.get(f"/api/games/{gid}").json["deals"] == []


def test_the_deal_form_on_boards_asks_which_board_and_offers_those_not_recorded(client):
    _eid, _token, (first, _second) = _coinche_on_boards(client)
    gid = first["game_id"]
    phone = client.application.test_client()
    assert phone.get(f"/e/{gid}?t={first['edit_token']}").status_code == 303
    form = phone.get(f"/e/{gid}").get_data(as_text=True)
    assert "Record a board" in form
    offered = re.findall(r'<option value="(\d)" data-dealer="(\w)"( selected)?>', form)
    assert offered == [("1", "W", " selected"), ("2", "N", ""), ("3", "E", "")]
    # board 3 chosen: its preview and its save; the sheet says it is board 3
    typed = {CSRF_FIELD: csrf(phone), **NS_FORM, "board": "3", "expected_number": "1"}
    preview = phone.post(f"/e/{gid}/preview", data=typed).get_data(as_text=True)
    assert "data-preview-error" not in preview
    assert phone.post(f"/e/{gid}/deals", data=typed).status_code == 303
    page = phone.get(f"/e/{gid}").get_data(as_text=True)
    assert re.search(r'data-deal="1".*?data-board="3"', page, re.S)
    offered = re.findall(r'<option value="(\d)" data-dealer="(\w)"( selected)?>', page)
    assert offered == [("1", "W", " selected"), ("2", "N", "")]
    # board 3 again (another phone's form, say): refused under the board's field, kept as typed
    typed["expected_number"] = "2"
    preview = phone.post(f"/e/{gid}/preview", data=typed).get_data(as_text=True)
    assert 'data-preview-error="board"' in preview and "board 3 is recorded already" in preview
    again = phone.post(f"/e/{gid}/deals", data=typed)
    assert again.status_code == 422
    assert 'data-field-error="board"' in again.get_data(as_text=True)
    # Undo of the save removes board 3; Redo records it again as board 3, not as board 1
    undo = phone.post(f"/e/{gid}/deals/1/delete", data={CSRF_FIELD: csrf(phone), "undo": "1"})
    assert undo.status_code == 303
    page = phone.get(f"/e/{gid}").get_data(as_text=True)
    redo = re.search(r'action="([^"]+/redo)".*?</form>', page, re.S)
    sent = {
        name: html.unescape(single or double)
        for name, single, double in re.findall(
            r'<input type="hidden" name="([^"]+)" value=(?:\'([^\']*)\'|"([^"]*)")', redo[0]
        )
    }
    assert sent["board"] == "3"
    assert phone.post(redo[1], data={**sent, CSRF_FIELD: csrf(phone)}).status_code == 303
    assert [d["board"] for d in client.get(f"/api/games/{gid}").json["deals"]] == [3]
    # the edit form offers the deal's own board and those free, its own chosen
    edit = phone.get(f"/e/{gid}/deals/1").get_data(as_text=True)
    assert "Edit board 3" in edit
    offered = re.findall(r'<option value="(\d)" data-dealer="(\w)"( selected)?>', edit)
    assert offered == [("1", "W", ""), ("2", "N", ""), ("3", "E", " selected")]


def test_a_game_on_boards_deals_each_board_as_its_slips_whatever_the_rotation(client, monkeypatch):
    # No installed variant keeps the deal after a thrown-in deal; one whose rotation did (the
    # dealer dealing again after a deal of no contract) is simulated here
    real = MatchState.after

    def keeps_the_deal(self, variant, rules, score, scores):
        after = real(self, variant, rules, score, scores)
        return after._replace(dealer=self.dealer) if score.made is None else after

    monkeypatch.setattr(MatchState, "after", keeps_the_deal)
    alone = client.post("/api/games", json={"variant": "bela", "deals_alone": True}).json
    thrown = client.post(
        f"/api/games/{alone['id']}/deals",
        json={"thrown_in": True},
        headers=bearer(alone["edit_token"]),
    )
    assert thrown.status_code == 201
    assert client.get(f"/api/games/{alone['id']}").json["next_dealer"] == "W"  # it keeps the deal
    eid, token, tables = _bela_on_boards(client)
    slips = _slip_dealers(client, eid, token)
    assert slips == ["W", "N", "E"]
    # table 1 throws board 1 in and plays board 2; table 2 the other way round
    plan = {1: ({"thrown_in": True}, BELA_TIED), 2: (BELA_TIED, {"thrown_in": True})}
    for table in tables:
        for record in plan[table["table"]]:
            written = client.post(
                f"/api/games/{table['game_id']}/deals",
                json=record,
                headers=bearer(table["edit_token"]),
            )
            assert written.status_code == 201, written.json
    laptop = client.application.test_client()
    for table in tables:
        game = client.get(f"/api/games/{table['game_id']}").json
        assert [d["dealer"] for d in game["deals"]] == slips[:2], table["table"]
        assert game["first_dealer"] == slips[0] and game["next_dealer"] == slips[2]
        gid = table["game_id"]
        assert laptop.get(f"/e/{gid}?t={table['edit_token']}").status_code == 303
        assert f'data-dealer="{slips[2]}"' in laptop.get(f"/e/{gid}").get_data(as_text=True)
    # the same facts score by the board's dealer: board 2 (N deals, E the first hand: EW's
    # tierce wins) at table 1, board 1 (W deals, N the first hand) at table 2
    first, second = (client.get(f"/api/games/{t['game_id']}").json for t in tables)
    assert first["deals"][1]["points"] == {"NS": 100, "EW": 82}
    assert second["deals"][0]["points"] == {"NS": 120, "EW": 62}
    # replacing and removing a board keeps every board's dealer
    gid, key = tables[0]["game_id"], bearer(tables[0]["edit_token"])
    assert client.put(f"/api/games/{gid}/deals/1", json=BELA_TIED, headers=key).status_code == 200
    assert (
        client.put(f"/api/games/{gid}/deals/2", json={"thrown_in": True}, headers=key).status_code
        == 200
    )
    assert (
        client.post(f"/api/games/{gid}/deals", json={"thrown_in": True}, headers=key).status_code
        == 201
    )
    assert [d["dealer"] for d in client.get(f"/api/games/{gid}").json["deals"]] == slips
    assert client.delete(f"/api/games/{gid}/deals/3", headers=key).status_code == 200
    assert client.get(f"/api/games/{gid}").json["next_dealer"] == slips[2]
    # the comparison names each board's dealer as the slips do
    for table in tables[1:]:
        more = client.post(
            f"/api/games/{table['game_id']}/deals", json={"thrown_in": True},
            headers=bearer(table["edit_token"]),
        )  # fmt: skip
        assert more.status_code == 201
    assert client.post(
        f"/api/events/{eid}/rounds", headers=bearer(token), json={"force": True, "reason": "test"}
    ).status_code in (200, 201)
    compared = client.get(f"/events/{eid}/boards/1").get_data(as_text=True)
    assert re.findall(r'data-board="\d+">\s*<h2>.*?data-dealer="([^"]+)"', compared, re.S) == slips


def test_the_language_switch_keeps_the_director_on_the_directors_page(client):
    director = Director(client, TEAMS8[:4])
    page = director.page()
    switch = re.search(r'href="(/lang/fr\?next=[^"]+)"', page)[1].replace("&amp;", "&")
    back = client.get(switch)
    assert back.status_code == 303
    again = client.get(back.headers["Location"])
    assert again.status_code == 200 and '<html lang="fr">' in again.get_data(as_text=True)


#: the deal form's answers for Coinche's 110 hearts by NS (DEALS["ns"]), as the page sends them
NS_110_FORM = {"taker": '"NS"', "bid": "110", "trump": '"H"', "coinche": '"none"',
               "capot": "null", "taker_points": "94", "belote-0": "1", "belote-1": "0"}  # fmt: skip


def test_the_director_corrects_any_table_from_the_directors_page(app, client):
    director = Director(client, TEAMS8[:4], rounds="2")
    director.start(1)
    tables = director.cards()
    record(client, tables, {1: ("ns", "ew"), 2: ("ns",)})
    gid, table_token = tables[2]
    # "Correct a deal" carries the director's token: any browser of the director's opens it
    assert f'href="/e/{gid}?t={director.token}" data-correct' in director.page()
    laptop = app.test_client()  # it printed no card
    assert laptop.get(f"/e/{gid}").status_code == 403
    assert laptop.get(f"/e/{gid}?t={director.token}").status_code == 303
    page = laptop.get(f"/e/{gid}")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "data-directing" in html
    for held_by_the_table in ("data-edit-url", "data-rotate-token", "data-delete-game"):
        assert held_by_the_table not in html  # the table's link is not the director's to show
    assert director.token not in html
    # the ordinary deal edit: 110 made becomes 110 failed (30 card points, no belote: EW 160 + 110)
    failed = {**NS_110_FORM, "taker_points": "30", "belote-0": "0"}
    edited = laptop.post(f"/e/{gid}/deals/1", data={CSRF_FIELD: csrf(laptop), **failed})
    assert edited.status_code == 303
    assert client.get(f"/api/games/{gid}").json["deals"][0]["points"] == {"NS": 0, "EW": 270}
    # the table's own token still records (nothing was revoked)
    more = client.post(f"/api/games/{gid}/deals", json=DEALS["ew"], headers=bearer(table_token))
    assert more.status_code == 201
    # the table's link, names and deletion stay the table's
    for action in ("token", "names", "rematch", "delete"):
        refused = laptop.post(f"/e/{gid}/{action}", data={CSRF_FIELD: csrf(laptop), "confirm": "1"})
        assert refused.status_code == 403, action
    # the API: the director's token writes the deals of the event's games, and nothing else
    director_key = bearer(director.token)
    put = client.put(f"/api/games/{gid}/deals/1", json=DEALS["ns"], headers=director_key)
    assert put.status_code == 200 and put.json["points"]["NS"] > 0
    assert client.post(f"/api/games/{gid}/token", headers=director_key).status_code == 403
    assert client.delete(f"/api/games/{gid}", headers=director_key).status_code == 403
    # another event's director, a wrong token, a game of no event: refused
    other = Director(app.test_client(), TEAMS8[4:])
    stranger = app.test_client()
    assert stranger.get(f"/e/{gid}?t={other.token}").status_code == 403
    assert stranger.get(f"/e/{gid}").status_code == 403
    wrong = director.token[:-1] + ("y" if director.token.endswith("x") else "x")
    for key in (other.token, wrong):
        refused = client.put(f"/api/games/{gid}/deals/1", json=DEALS["ew"], headers=bearer(key))
        assert refused.status_code == 403
    single = client.post("/api/games", json={"variant": "coinche"}).json["id"]
    assert stranger.get(f"/e/{single}?t={director.token}").status_code == 403
    alone = client.post(f"/api/games/{single}/deals", json=DEALS["ns"], headers=director_key)
    assert alone.status_code == 403
    # once the round is closed, its tables are still corrected from the director's page
    assert director.post("director/next").status_code == 200
    earlier = re.search(r"data-earlier-rounds>(.*?)</details>", director.page(), re.S)[1]
    assert f'href="/e/{gid}?t={director.token}" data-correct' in earlier
    table1 = tables[1][0]
    assert laptop.get(f"/e/{table1}?t={director.token}").status_code == 303
    late = laptop.post(f"/e/{table1}/deals/2/delete", data={CSRF_FIELD: csrf(laptop)})
    assert late.status_code in (200, 303)
    assert len(client.get(f"/api/games/{table1}").json["deals"]) == 1


def test_every_table_of_every_round_is_corrected_from_the_directors_page(app, client):
    from datetime import timedelta

    from scorepad import games
    from scorepad.models import utcnow

    director = Director(client, TEAMS8[:4], rounds="2")
    director.start(1)
    tables = director.cards()
    record(client, tables, {1: ("ns", "ew")})  # table 2 writes nothing down
    assert (
        director.post("director/next", force="on", reason="table 2 kept paper").status_code == 200
    )
    director.start(2)
    # the next morning (the hourly purge has run): round 1's table 2 is still there to record
    engine = app.extensions["atout_engine"]
    purged = games.purge(engine, empty_days=1, days=365, now=utcnow() + timedelta(days=2))
    assert purged.games == 0
    page = director.page()
    rounds = {
        int(n): body
        for n, body in re.findall(
            r'<ol class="event-tables" data-round="(\d+)">(.*?)</ol>', page, re.S
        )
    }
    assert sorted(rounds) == [1, 2]
    laptop = app.test_client()
    for number, body in rounds.items():
        links = re.findall(
            r'data-table="(\d+)"[^>]*data-game="([^"]+)".*?href="/e/\2\?t=([^"]+)" data-correct',
            body,
            re.S,
        )
        assert [int(t) for t, _gid, _key in links] == [1, 2], number
        for _table, gid, key in links:
            assert key == director.token
            assert laptop.get(f"/e/{gid}?t={key}").status_code == 303
    # round 1's table 2: the director records its two deals from the paper, as the table would
    gid = tables[2][0]
    for _ in range(2):
        added = laptop.post(f"/e/{gid}/deals", data={CSRF_FIELD: csrf(laptop), **NS_110_FORM})
        assert added.status_code == 303
    game = client.get(f"/api/games/{gid}").json
    assert game["over"]
    table = client.get(f"/api/events/{director.eid}").json["rounds"][0]["tables"][1]
    assert table["state"] == "finished"
    assert table["totals"] == [game["totals"]["NS"], game["totals"]["EW"]] != [0, 0]


def test_deals_pouring_in_render_the_wall_once_in_its_window(tmp_path):
    """At a round's end many deals come in a few seconds: a phone that shows the fragment
    kept gets 204 until the window passes, then one render shows them all."""
    url = f"sqlite:///{tmp_path}/burst.sqlite3"
    app = create_app({"TESTING": True, "DATABASE_URL": url, "FRAGMENT_SECONDS": 3600})
    client = app.test_client()
    director, tables = _event_with_tables(client, 8)
    wall = client.get(f"/events/{director.eid}").get_data(as_text=True)
    version = int(re.search(r'data-version="(\d+)"', wall)[1])
    record(client, tables, {1: ("ns",), 2: ("ew",), 3: ("ns",)})
    with counting(app) as cost:
        polled = client.get(f"/events/{director.eid}/wall?v={version}", headers=HX)
    assert polled.status_code == 204 and cost.renders == []
    app.config["FRAGMENT_SECONDS"] = 0  # the window has passed
    with counting(app) as cost:
        polled = client.get(f"/events/{director.eid}/wall?v={version}", headers=HX)
    assert polled.status_code == 200 and cost.renders == ["events/_wall.html"]
    assert polled.get_data(as_text=True).count("data-totals") == 3
    app.extensions["atout_engine"].dispose()


def test_a_table_still_playing_past_the_time_the_director_set_is_late(client):
    from datetime import datetime, timedelta

    director = Director(client, TEAMS8)
    director.start(1)
    tables = director.cards()
    record(client, tables, {1: ("ns", "ew"), 2: ("ew",)})
    assert "data-late" not in director.page()  # one table of four finished: none late yet
    past = (datetime.now().astimezone() - timedelta(minutes=2)).strftime("%H:%M")
    assert director.post("director/due", round="1", due=past).status_code == 200
    page = director.page()
    assert page.count("data-late>") == 3  # every table but the finished one
    assert f'value="{past}"' in page
    assert director.post("director/due", round="1", due="25:00").status_code == 422
    assert director.post("director/due", round="1", due="").status_code == 200
    assert "data-late" not in director.page()


def test_the_walls_qr_code_is_cached_as_the_live_pages(client):
    # the app's PUBLIC_URL is configured: any cache may keep the code, which holds that URL
    director = Director(client, ["A", "B"], rounds="1")
    qr = client.get(f"/events/{director.eid}/qr.svg")
    assert qr.status_code == 200
    assert qr.mimetype == "image/svg+xml"
    assert qr.headers["Cache-Control"] == "public, max-age=600"
    assert "Host" not in qr.headers.get("Vary", "")
    assert client.get("/events/nosuchevent/qr.svg").status_code == 404


def test_a_walls_qr_code_from_the_requests_host_is_private(db_url):
    from scorepad import create_app

    app = create_app({"TESTING": True, "DATABASE_URL": db_url})
    client = app.test_client()
    director = Director(client, ["A", "B"], rounds="1")
    qr = client.get(f"/events/{director.eid}/qr.svg", base_url="http://127.0.0.1:8000")
    assert qr.headers["Cache-Control"] == "private, max-age=600"
    assert "Host" in qr.headers["Vary"]
    app.extensions["atout_engine"].dispose()


def test_the_pairing_form_offers_the_teams_still_playing(client):
    # a team withdrawn before the proposed round is no choice of its tables
    director = Director(client, ["Les As", "Les Rois", "Les Dames", "Les Valets", "Les Jokers"])
    offered = re.compile(r'<option value="(\d+)"')
    form = re.compile(r"data-change-pairing.*?</details>", re.S)
    assert set(offered.findall(form.search(director.page())[0])) == {"0", "1", "2", "3", "4"}
    withdrawn = director.post("director/withdraw", team="4", confirm="on")
    assert withdrawn.status_code == 200, done(withdrawn)
    assert set(offered.findall(form.search(director.page())[0])) == {"0", "1", "2", "3"}
