"""The public, read-only side of a game: the live page, its polling, the QR code, exports.

The live page's sheet polls ``/g/<id>/sheet?v=<version>`` every ``POLL_SECONDS`` while the page
is visible. An unchanged game is answered ``204 No Content`` from a single indexed lookup of its
version (htmx does not swap on 204); a changed one gets the new fragment, which carries the new
version. A finished game keeps polling, every 4 s at most (an undo or an edit of its last deal
opens it again); a deleted one is answered ``410 Gone`` with a fragment that says so and polls
no more. The fragment of a changed game is rendered once per version for all the phones that
poll it (:mod:`scorepad.views.fragments`, kept in the worker's memory: nothing another worker
needs), so any number of workers can answer.

``?view=tv`` draws the same page in large type for a screen across the room. The page draws
the newest deals only (``games.NEWEST``), so its cost does not grow with the game;
``/g/<id>/deals`` is the whole sheet, and the exports hold every deal.
"""

from __future__ import annotations

import csv
import io
import json

from flask import Blueprint, Response, abort, current_app, jsonify, render_template, request
from flask.typing import ResponseReturnValue

from framework.core.errors import PluginError
from framework.core.messages import render
from scorepad import games
from scorepad.db import get_engine, get_poll_engine, get_session
from scorepad.htmx import is_partial
from scorepad.i18n import error_words
from scorepad.inputs import arg_int
from scorepad.views.common import base_url, lang, live_link, qr_image, render_page, t
from scorepad.views.errors import abort_page
from scorepad.views.fragments import Fragments, Kept, answer_poll

bp = Blueprint("live", __name__, url_prefix="/g")


def load(gid: str, newest: int | None = None) -> games.Sheet:
    """The game's sheet (only the ``newest`` deals read, if given); 404 for an unknown game."""
    try:
        return games.load_sheet(get_session(), gid, newest)
    except games.NotFound:
        abort(404)
    except games.NotScored as exc:
        abort_page(503, error_words(exc))
    except PluginError:
        abort_page(500, t("The variant of this game is not installed."))


@bp.get("/<gid>")
def game(gid: str) -> ResponseReturnValue:
    sheet = load(gid, games.NEWEST)
    return render_page(
        "live/game.html",
        "live/_sheet.html",
        sheet=sheet,
        live_url=live_link(gid),
        loopback_only=base_url().loopback_only,
        view=request.args.get("view"),
    )


#: the live sheets' fragments kept in this worker (:mod:`scorepad.views.fragments`)
SHEETS = Fragments()


@bp.get("/<gid>/sheet")
def sheet(gid: str) -> ResponseReturnValue:
    """The sheet fragment, or 204 when the client's version ``v`` is still the one to show.
    The fragment is rendered once per version in this worker for all the phones that poll
    it (:class:`~scorepad.views.fragments.Fragments`)."""
    seen = arg_int(request.args, "v")
    if seen is not None:
        version = games.version_of(get_poll_engine(), gid)
        # None: the page showed this game, deleted since
        if version is None or version == seen or is_partial(request):
            return answer_poll(seen, version, lambda v: _sheet_fragment(gid, v))
    return render_page(
        "live/game.html",
        "live/_sheet.html",
        sheet=load(gid, games.NEWEST),
        live_url=live_link(gid),
        loopback_only=base_url().loopback_only,
        view=request.args.get("view"),
    )


def _sheet_fragment(gid: str, version: int) -> Kept:
    """The sheet's fragment at ``version``, or a newer one, or one rendered within
    :func:`fresh_seconds` (:class:`~scorepad.views.fragments.Fragments`)."""
    view = "tv" if request.args.get("view") == "tv" else None

    def render() -> tuple[int, str]:
        sheet = load(gid, games.NEWEST)
        body = render_template("live/_sheet.html", sheet=sheet, view=view, loopback_only=False)
        return sheet.game.version, body

    key = ("sheet", gid, lang(), view, request.host)
    return SHEETS.fetch(key, version, render, fresh_seconds())


@bp.get("/<gid>/deals")
def all_deals(gid: str) -> ResponseReturnValue:
    """The whole sheet, every deal (the live page draws only the newest)."""
    return render_page("sheet_all.html", "sheet_all.html", sheet=load(gid), editable=False)


@bp.get("/<gid>/qr.svg")
def qr(gid: str) -> ResponseReturnValue:
    if games.version_of(get_engine(), gid) is None:
        abort(404)
    response = qr_image(live_link(gid))
    response.headers["X-Atout-URL"] = live_link(gid)
    return response


@bp.get("/<gid>/export.json")
def export_json(gid: str) -> ResponseReturnValue:
    sheet = load(gid)
    data = sheet.to_json()
    data["created_at"] = sheet.game.created_at.isoformat()
    data["updated_at"] = sheet.game.updated_at.isoformat()
    response = jsonify(data)
    response.headers["Content-Disposition"] = f'attachment; filename="atout-{gid}.json"'
    return response


@bp.get("/<gid>/export.csv")
def export_csv(gid: str) -> ResponseReturnValue:
    """One line per deal: the points and the running totals of each score column (named as the
    sheet names it: the team's name, or the player's and the column's words), the explanation
    and the record; a table of an event on boards says each deal's board after its number."""
    sheet = load(gid)
    boards = sheet.on_boards
    out = io.StringIO()
    writer = csv.writer(out)
    names = [csv_cell(render(sheet.column_words(c), names=sheet.names)) for c in sheet.columns]
    writer.writerow(
        [
            "deal",
            *(["board"] if boards else []),
            "dealer",
            *(f"points {name}" for name in names),
            *(f"total {name}" for name in names),
            "pot",
            "made",
            "explanation",
            "record",
        ]
    )
    keys = [c.key for c in sheet.columns]
    for row in sheet.rows():
        made = "" if row["made"] is None else ("yes" if row["made"] else "no")
        writer.writerow(
            [
                row["number"],
                *([row["board"] or row["number"]] if boards else []),
                row["dealer"],
                *(row["points"].get(key, 0) for key in keys),
                *(row["totals"].get(key, 0) for key in keys),
                row["pot"],
                made,
                row["explanation"],
                json.dumps(row["record"], separators=(",", ":")),
            ]
        )
    response = Response(out.getvalue(), mimetype="text/csv")
    response.headers["Content-Disposition"] = f'attachment; filename="atout-{gid}.csv"'
    return response


def csv_cell(text: str) -> str:
    """A name as a CSV cell a spreadsheet will not run as a formula."""
    return "'" + text if text[:1] in ("=", "+", "-", "@") else text


def fresh_seconds() -> float:
    """How long a fragment rendered for many phones serves them before a newer version is
    rendered (``FRAGMENT_SECONDS``, 1 s): a table's or a round's burst of deals renders once
    in that time, not once per deal."""
    return float(current_app.config.get("FRAGMENT_SECONDS", 1.0))


def poll_seconds() -> int:
    return int(current_app.config.get("POLL_SECONDS", 2))


def over_poll_seconds() -> int:
    """How often a finished game's pages still ask (an undo or an edit can reopen it)."""
    return max(4, poll_seconds())


__all__ = [
    "SHEETS",
    "bp",
    "csv_cell",
    "fresh_seconds",
    "load",
    "over_poll_seconds",
    "poll_seconds",
    "t",
]
