"""The migration to one table of matches (0006), from a real database of the previous schema.

The database is built by running the migrations up to the previous head (0005) on a SQLite file
and, with ``ATOUT_TEST_POSTGRES``, on a fresh PostgreSQL schema; rows are written into it as the
scorepad of that schema wrote them: score sheets (scored per deal, one with an edited deal and a
removed one, one over with its summary, one stored before per-deal state), games against the
computer (finished deals and one being played, their event logs, a practice game), a device with
grants for a sheet and a table. Then the migrations run to head, and every game must read back
through the app's API and pages as that scorepad showed it — computed here the way it computed
it: a sheet's stored rows, a table's deal rebuilt from its log and its match replayed
(:class:`framework.engine.match.Match`) — once ``atout backfill`` has scored what it has to (and,
before, a clear refusal rather than a score computed on a read). The downgrade brings the
previous schema back with the same rows.
"""

from __future__ import annotations

import secrets
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from click.testing import CliRunner
from migration_helpers import migrate
from scorepad_helpers import bearer, login
from test_play_table import first_legal_move, play_to_the_end_of_the_deal, post_move, table_of

from framework.app.table import advance, seat_view
from framework.bots.registry import make_bot
from framework.core.messages import with_messages
from framework.core.seats import SEATS, S, W
from framework.engine.deal import Deal
from framework.engine.match import Match
from scorepad import create_app, installed
from scorepad.cli import backfill_command
from scorepad.db import make_engine
from scorepad.devices import COOKIE, seal
from scorepad.security import hash_token

PREVIOUS = "0005"
CREATED = datetime(2026, 11, 20, 18, 0, tzinfo=UTC)
CHANGED = datetime(2026, 11, 20, 19, 30, tzinfo=UTC)

#: Coinche records as a table types them in
PLAYED = [
    {"taker": "NS", "bid": 80, "trump": "H", "taker_points": 90},
    {"taker": "EW", "bid": 80, "trump": "S", "taker_points": 100},
    {"thrown_in": True},
    {"taker": "NS", "bid": 110, "trump": "H", "taker_points": 94, "belote": ["NS"]},
    {"taker": "EW", "bid": 90, "trump": "D", "taker_points": 50},
]

_JSON = sa.JSON(none_as_null=True)
_TIME = sa.DateTime()


def _table(name: str, *columns: str, json: tuple[str, ...] = (), times: bool = True) -> sa.Table:
    cols = [sa.column(c) for c in columns] + [sa.column(c, _JSON) for c in json]
    if times:
        cols += [sa.column("created_at", _TIME), sa.column("updated_at", _TIME)]
    return sa.table(name, *cols)


# The previous schema's tables, as its scorepad wrote them.
GAME = _table(
    "game",
    "id",
    "public_id",
    "variant",
    "preset",
    "team_ns",
    "team_ew",
    "first_dealer",
    "edit_token_hash",
    "version",
    "deal_count",
    "total_ns",
    "total_ew",
    "over",
    "winner",
    "creator",
    json=("rules", "players", "state", "summary"),
)
DEAL = _table("deal", "id", "game_id", "number", "dealer", json=("record", "score", "state"))
PLAY_GAME = _table(
    "play_game",
    "id",
    "key_hash",
    "variant",
    "preset",
    "bot",
    "seat",
    "practice",
    "seed",
    "first_dealer",
    "version",
    "deal_count",
    "total_ns",
    "total_ew",
    "over",
    "winner",
    "creator",
    json=("rules",),
)
PLAY_DEAL = _table(
    "play_deal",
    "id",
    "game_id",
    "number",
    "dealer",
    "deck",
    json=("context", "events", "record"),
)
DEVICE = sa.table(
    "device",
    sa.column("id"),
    sa.column("key_hash"),
    sa.column("created_at", _TIME),
    sa.column("seen_at", _TIME),
)
GRANT = sa.table(
    "device_grant",
    sa.column("id"),
    sa.column("device_id"),
    sa.column("game_id"),
    sa.column("play_game_id"),
    sa.column("nonce"),
    sa.column("sealed"),
    sa.column("granted_at", _TIME),
)


# ---- the rows of the previous schema --------------------------------------------------------


class Old:
    """What the previous scorepad stored, and what it showed."""

    def __init__(self) -> None:
        self.tokens: dict[str, str] = {}
        self.keys: dict[str, str] = {}
        self.records: dict[str, list[dict[str, Any]]] = {}
        self.rules: dict[str, Any] = {}
        self.versions: dict[str, int] = {}
        self.play_rows: dict[str, list[dict[str, Any]]] = {}
        self.device_key = secrets.token_urlsafe(32)


def _match_rows(v, rules, first_dealer: int, records) -> tuple[Match, list[dict[str, Any]]]:
    """A sheet's deal rows as the scorepad stored them: dealer, score and state after each."""
    match = Match(v, rules, first_dealer)
    rows = []
    for number, record in enumerate(records, 1):
        dealer = match.dealer
        score = match.add(record)
        rows.append(
            {
                "number": number,
                "dealer": dealer,
                "record": match.records[-1],
                "score": score.to_json(),
                "state": match.state.to_json(),
            }
        )
    return match, rows


def _insert_sheet(conn, old: Old, gid: str, rules, records, *, scored: bool, **game: Any) -> None:
    v = installed.variant("coinche")
    match, rows = _match_rows(v, rules, W, records)
    token = secrets.token_urlsafe(24)
    old.tokens[gid], old.records[gid], old.rules[gid] = token, match.records, rules
    old.versions[gid] = game.setdefault("version", 1 + 2 * len(records))
    over = match.outcome.over
    summary = None
    if over:
        summary = [
            with_messages({"label": line.label, "counts": dict(line.counts)}, "label")
            for line in match.summary()
        ]
    game_id = conn.execute(
        GAME.insert()
        .values(
            public_id=gid,
            variant="coinche",
            preset=rules.preset,
            rules=rules.to_json(),
            team_ns=game.pop("team_ns", "NS"),
            team_ew=game.pop("team_ew", "EW"),
            first_dealer=W,
            edit_token_hash=hash_token(token),
            deal_count=len(records),
            total_ns=match.totals["NS"],
            total_ew=match.totals["EW"],
            over=over,
            winner=match.outcome.winner if over else None,
            state=match.state.to_json() if scored else None,
            summary=summary if scored else None,
            created_at=CREATED,
            updated_at=CHANGED,
            **game,
        )
        .returning(GAME.c.id)
    ).scalar_one()
    for row in rows:
        if not scored:  # stored before per-deal state: the record alone
            row = {"number": row["number"], "record": records[row["number"] - 1]}
        edited = row["number"] == 2
        conn.execute(
            DEAL.insert().values(
                game_id=game_id,
                created_at=CREATED,
                updated_at=CHANGED if edited else CREATED,
                **row,
            )
        )


def _play(deal: Deal, seed: int, stop_at: int | None = None) -> None:
    """Every seat played by the rule bot (a person's moves are legal moves too), to the end of
    the deal or until seat ``stop_at`` must act."""
    while not deal.is_over:
        seat = deal.current_seat
        assert seat is not None
        if seat == stop_at:
            return
        advance(deal, -1, lambda d, s: make_bot("rules", seed + d.event_count), False)


def _insert_table(conn, old: Old, name: str, finished: int, **game: Any) -> int:
    v = installed.variant("coinche")
    rules = v.rules(None, {"target": "2000"})
    seed = 1000 + finished
    match = Match(v, rules, W)
    deals = []
    for number in range(1, finished + 2):
        deal = Deal.new(
            v, rules, match.dealer, seed=seed * 1_000_003 + number, context=match.context()
        )
        _play(deal, seed * 7 + number, stop_at=None if number <= finished else S)
        if number <= finished:
            match.add(deal.record())
        data = deal.to_json()
        deals.append(
            {
                "number": number,
                "dealer": deal.dealer,
                "deck": data["deck"],
                "context": data["context"],
                "events": data["events"],
                "record": match.records[-1] if number <= finished else None,
            }
        )
    key = secrets.token_urlsafe(24)
    old.keys[name], old.rules[name], old.records[name] = key, rules, match.records
    old.play_rows[name] = deals
    old.versions[name] = game.setdefault("version", 7 + 40 * finished)
    game.setdefault("practice", False)
    game_id = conn.execute(
        PLAY_GAME.insert()
        .values(
            key_hash=hash_token(key),
            variant="coinche",
            preset=rules.preset,
            rules=rules.to_json(),
            bot="rules",
            seat=S,
            seed=seed,
            first_dealer=W,
            deal_count=finished,
            total_ns=match.totals["NS"],
            total_ew=match.totals["EW"],
            over=False,
            winner=None,
            created_at=CREATED,
            updated_at=CHANGED,
            **game,
        )
        .returning(PLAY_GAME.c.id)
    ).scalar_one()
    for row in deals:
        conn.execute(
            PLAY_DEAL.insert().values(
                game_id=game_id, created_at=CREATED, updated_at=CHANGED, **row
            )
        )
    return int(game_id)


def fill(url: str) -> Old:
    """Score sheets, games against the computer and a device's grants, as the previous
    scorepad wrote them."""
    old = Old()
    v = installed.variant("coinche")
    engine = make_engine(url)
    with engine.begin() as conn:
        # a sheet whose deal 2 was changed and whose sixth deal was removed (rescored then)
        _insert_sheet(
            conn,
            old,
            "sheetedited",
            v.rules(None, {"target": "3000"}),
            PLAYED,
            scored=True,
            team_ns="Anne & Paul",
            team_ew="Léa & Marc",
            players={"N": "Anne", "S": "Paul", "E": "Léa", "W": "Marc"},
            version=14,
        )
        _insert_sheet(
            conn, old, "sheetover", v.rules(None, {"target": "300"}), PLAYED[:4], scored=True
        )
        _insert_sheet(conn, old, "sheetold", v.rules(), PLAYED[:3], scored=False, creator="c0ffee")
        mid = _insert_table(conn, old, "midmatch", finished=2)
        _insert_table(conn, old, "practice", finished=0, practice=True)
        device = conn.execute(
            DEVICE.insert()
            .values(key_hash=hash_token(old.device_key), created_at=CREATED, seen_at=CHANGED)
            .returning(DEVICE.c.id)
        ).scalar_one()
        sheet = conn.execute(
            sa.select(GAME.c.id).where(GAME.c.public_id == "sheetedited")
        ).scalar_one()
        for column, target, secret in (
            ("game_id", sheet, old.tokens["sheetedited"]),
            ("play_game_id", mid, old.keys["midmatch"]),
        ):
            nonce, sealed = seal(old.device_key, secret)
            conn.execute(
                GRANT.insert().values(
                    device_id=device,
                    nonce=nonce,
                    sealed=sealed,
                    granted_at=CHANGED,
                    **{column: target},
                )
            )
    engine.dispose()
    return old


# ---- what the previous scorepad showed ------------------------------------------------------


def expected_sheet(old: Old, gid: str) -> dict[str, Any]:
    match = Match(installed.variant("coinche"), old.rules[gid], W, old.records[gid])
    deals = []
    for row, score in zip(match.rows(), match.scores, strict=True):
        stored = score.to_json()
        deals.append(
            {
                "number": row["number"],
                "dealer": row["dealer"],
                "record": row["record"],
                "points": stored["points"],
                "totals": row["totals"],
                "pot": stored.get("pot", 0),
                "made": stored.get("made"),
                "explanation": stored["explanation"],
                "explanation_message": stored["explanation_message"],
            }
        )
    return {
        "deals": deals,
        "totals": match.totals,
        "pot": match.pot,
        "over": match.outcome.over,
        "winner": match.outcome.winner if match.outcome.over else None,
        "result": str(match.outcome.reason),
        "next_dealer": None if match.outcome.over else SEATS[match.dealer],
        "version": old.versions[gid],
        "rules": old.rules[gid].to_json(),
    }


def expected_table(old: Old, name: str) -> dict[str, Any]:
    v = installed.variant("coinche")
    rules = old.rules[name]
    current = old.play_rows[name][-1]
    deal = Deal.from_json(
        v,
        {
            "rules": rules.to_json(),
            "dealer": SEATS[current["dealer"]],
            "deck": current["deck"],
            "context": current["context"],
            "events": current["events"],
        },
    )
    view = seat_view(deal, S)
    match = Match(v, rules, W, old.records[name])
    return {
        "deal": current["number"],
        "event": view.event_count,
        "phase": view.phase,
        "turn": SEATS[view.turn] if view.turn is not None else None,
        "dealer": SEATS[view.dealer],
        "hand": [deal.deck.format(c.card) for c in view.hand],
        "legal_calls": [c.text for c in view.legal_calls],
        "totals": match.totals,
        "over": match.outcome.over,
        "winner": match.outcome.winner,
        "record": None,
        "score": None,
    }


def read_sheet(client, gid: str) -> dict[str, Any]:
    response = client.get(f"/api/games/{gid}")
    assert response.status_code == 200, response.json
    body = response.json
    return {key: body[key] for key in _SHEET_KEYS}


_SHEET_KEYS = (
    "deals",
    "totals",
    "pot",
    "over",
    "winner",
    "result",
    "next_dealer",
    "version",
    "rules",
)


def read_table(client, key: str) -> dict[str, Any]:
    response = client.get(f"/play/{key}/state.json")
    assert response.status_code == 200, response.get_data(as_text=True)[:300]
    body = response.json
    body["hand"] = [card["card"] for card in body["hand"]]
    return {name: body[name] for name in _TABLE_KEYS}


_TABLE_KEYS = (
    "deal",
    "event",
    "phase",
    "turn",
    "dealer",
    "hand",
    "legal_calls",
    "totals",
    "over",
    "winner",
    "record",
    "score",
)


def app_on(url: str):
    return create_app({"TESTING": True, "DATABASE_URL": url, "PUBLIC_URL": "http://t.example"})


# ---- the tests ------------------------------------------------------------------------------


def test_every_game_reads_back_the_same_after_the_migration_and_backfill(old_url):
    old = fill(old_url)
    migrate(old_url, "head")
    app = app_on(old_url)
    try:
        client = app.test_client()
        # the sheets scored per deal read at once, as they did
        for gid in ("sheetedited", "sheetover"):
            assert read_sheet(client, gid) == expected_sheet(old, gid)
        body = client.get("/api/games/sheetedited").json
        assert body["teams"] == {"NS": "Anne & Paul", "EW": "Léa & Marc"}
        assert body["players"] == {"N": "Anne", "E": "Léa", "S": "Paul", "W": "Marc"}
        assert client.get("/api/games/sheetover").json["over"] is True
        # its summary, stored when it ended, on its edit page
        login(client, "sheetover", old.tokens["sheetover"])
        page = client.get("/e/sheetover").get_data(as_text=True)
        lines = Match(
            installed.variant("coinche"), old.rules["sheetover"], W, old.records["sheetover"]
        )
        assert lines.summary() and page.count("data-summary-line=") == len(lines.summary())
        # what was never scored is refused, with what to do, until atout backfill scores it
        refused = client.get("/api/games/sheetold")
        assert refused.status_code == 503 and "atout backfill" in refused.json["error"]
        assert client.get("/g/sheetold").status_code == 503
        assert client.get(f"/play/{old.keys['midmatch']}").status_code == 503
        write = client.post(
            "/api/games/sheetold/deals", json=PLAYED[3], headers=bearer(old.tokens["sheetold"])
        )
        assert write.status_code == 503
        result = CliRunner().invoke(backfill_command, ["--db", old_url])
        assert result.exit_code == 0, result.output
        deals = len(PLAYED[:3]) + len(old.records["midmatch"])
        assert f"scored 3 games ({deals} deals)" in result.output
        again = CliRunner().invoke(backfill_command, ["--db", old_url])
        assert "scored 0 games" in again.output

        for gid in ("sheetedited", "sheetover", "sheetold"):
            assert read_sheet(client, gid) == expected_sheet(old, gid)
        for name in ("midmatch", "practice"):
            assert read_table(client, old.keys[name]) == expected_table(old, name)
        page = client.get(f"/play/{old.keys['midmatch']}").get_data(as_text=True)
        totals = expected_table(old, "midmatch")["totals"]
        assert f'data-total="NS">{totals["NS"]}<' in page
        assert 'data-row="1"' in page and 'data-row="2"' in page and 'data-row="3"' not in page

        # the device keeps its grants: the sheet's edit page, the table on the start page
        client.set_cookie(COOKIE, old.device_key)
        assert client.get("/e/sheetedited").status_code == 200
        assert old.keys["midmatch"] in client.get("/play/").get_data(as_text=True)

        # both kinds go on: a sheet's deal changed, a table's deal played to its end
        changed = client.put(
            "/api/games/sheetedited/deals/3",
            json=PLAYED[0],
            headers=bearer(old.tokens["sheetedited"]),
        )
        assert changed.status_code == 200, changed.json
        old.records["sheetedited"][2] = PLAYED[0]
        old.versions["sheetedited"] += 1
        assert read_sheet(client, "sheetedited") == expected_sheet(old, "sheetedited")
        key = old.keys["midmatch"]
        before = table_of(app, key)
        moved = post_move(client, key, before, **first_legal_move(before))
        assert moved.status_code == 200
        assert table_of(app, key).deal.event_count > before.deal.event_count
        table = play_to_the_end_of_the_deal(app, client, key)
        v = installed.variant("coinche")
        replay = Match(v, old.rules["midmatch"], W, [*old.records["midmatch"], table.deal.record()])
        assert table.totals == replay.totals
        assert client.get(f"/play/{key}/state.json").json["totals"] == replay.totals
    finally:
        app.extensions["atout_engine"].dispose()


def test_the_downgrade_brings_the_previous_schema_back_with_the_same_rows(old_url):
    old = fill(old_url)
    engine = make_engine(old_url)

    def rows() -> dict[str, Any]:
        """Every row of the previous schema, ids left out (the downgrade gives new ones)."""
        with engine.connect() as conn:
            sheets = dict(conn.execute(sa.select(GAME.c.id, GAME.c.public_id)).all())
            tables = dict(conn.execute(sa.select(PLAY_GAME.c.id, PLAY_GAME.c.key_hash)).all())
            out: dict[str, Any] = {}
            for name, table, owner in (
                ("games", GAME, None),
                ("deals", DEAL, sheets),
                ("play", PLAY_GAME, None),
                ("play_deals", PLAY_DEAL, tables),
                ("grants", GRANT, None),
            ):
                found = []
                for row in conn.execute(sa.select(table)).mappings():
                    item = {k: str(v) for k, v in row.items() if k not in ("id", "game_id")}
                    if owner is not None:
                        item["of"] = owner[row["game_id"]]
                    if name == "grants":
                        item = {
                            "sheet": sheets.get(row["game_id"]),
                            "table": tables.get(row["play_game_id"]),
                            "sealed": row["sealed"],
                        }
                    found.append(sorted(item.items(), key=lambda kv: kv[0]))
                out[name] = sorted(found, key=str)
            return out

    before = rows()
    migrate(old_url, "head")
    migrate(old_url, PREVIOUS, down=True)
    assert rows() == before
    engine.dispose()
    migrate(old_url, "head")
    app = app_on(old_url)
    try:
        client = app.test_client()
        assert read_sheet(client, "sheetedited") == expected_sheet(old, "sheetedited")
    finally:
        app.extensions["atout_engine"].dispose()
