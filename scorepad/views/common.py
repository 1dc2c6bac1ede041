"""Helpers shared by the blueprints: language, links to share, rendering a page or a fragment."""

from __future__ import annotations

import hashlib
import hmac
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from flask import Response, current_app, g, render_template, request, session, url_for
from jinja2 import pass_context

from framework.core.errors import RecordError
from framework.core.messages import Translator
from scorepad import games, i18n, installed
from scorepad.events import EventError, store
from scorepad.htmx import add_vary, is_partial
from scorepad.inputs import ApiError
from scorepad.proxies import UNLISTED_FORWARDER
from scorepad.share import BaseURL, is_loopback, public_base_url, qr_svg

__all__ = [
    "REFUSALS",
    "base_url",
    "creation_limit",
    "edit_link",
    "lang",
    "let_others_run",
    "live_link",
    "ngettext",
    "qr_image",
    "refusal",
    "remember_link_language",
    "render_page",
    "say",
    "t",
    "text",
    "text_in_context",
    "too_many_games",
    "variant_choice",
]


def remember_link_language() -> None:
    """A link that names its language (``?lang=fr``, one a club prints) opens in it and keeps
    it, as the language switch does; an unknown code is ignored."""
    asked = request.args.get("lang")
    if asked in i18n.languages() and session.get("lang") != asked:
        session["lang"] = asked
        session.permanent = True


def let_others_run() -> None:
    """Let the worker's other requests go on before this one does: called between the steps
    of a long stretch of CPU work (a hundred table cards' QR codes). A gevent worker runs one
    request until it waits (cooperative): a poll arriving meanwhile waits for the whole
    stretch. ``time.sleep(0)`` is a switch to gevent's hub there (gevent patches ``time``),
    which serves the requests ready and comes back; in a thread, it gives up the GIL."""
    time.sleep(0)


def lang() -> str:
    if "lang" not in g:
        g.lang = i18n.pick_language(request)
    return str(g.lang)


def t(message: str, **values: Any) -> str:
    """The scorepad's ``message`` in the request's language."""
    return i18n.gettext(lang(), message, **values)


def say(sheet: Any, text: object) -> str:
    """A variant's words (a message or plain text) for this game: in the request's language,
    with the game's team and player names put in for team and seat parameters, and the deck's
    words for card and suit codes (a stored explanation's "called H" says "called hearts")."""
    here = lang()
    # The sheet's renderer, made once per request and language: a page says a message of the
    # game in every row and field (about 100 of them for a sheet of 12 deals).
    kept: dict[tuple[int, str], tuple[Any, Translator]] = g.setdefault("sheet_words", {})
    found = kept.get((id(sheet), here))
    if found is None or found[0] is not sheet:
        cards, suits = i18n.deck_words(here, sheet.variant.info.deck)
        names = replace(sheet.names, cards=cards, suits=suits)
        found = kept[(id(sheet), here)] = (sheet, i18n.translator(here, names=names))
    return found[1].render(text)


def ngettext(singular: str, plural: str, num: int, **values: Any) -> str:
    """The scorepad's plural message for ``num`` in the request's language."""
    return i18n.ngettext(lang(), singular, plural, num, **values)


def text(value: object, teams: Mapping[str, str] | None = None) -> str:
    """A plugin's words (a :class:`~framework.core.messages.Message`, or a plain string shown as it
    is) in the request's language, with the game's team names for ``NS``/``EW``."""
    return i18n.translator(lang(), teams).render(value)


@pass_context
def text_in_context(context: Any, value: object) -> str:
    """:func:`say` for templates: the names are those of the page's ``sheet`` (if any)."""
    sheet = context.get("sheet")
    if sheet is not None and hasattr(sheet, "names"):
        return say(sheet, value)
    return text(value)


def creation_limit() -> tuple[str | None, int]:
    """Who is creating a game and how many a minute it may: a keyed hash of the client's
    address (the one ``PROXIES`` believes) and ``GAMES_PER_MINUTE``; no limit for this machine
    itself (loopback: the person at the laptop), unless the request was forwarded by a proxy
    ``PROXIES`` does not list (its clients then share the proxy's one budget)."""
    address = request.remote_addr or ""
    most = int(current_app.config.get("GAMES_PER_MINUTE") or 0)
    forwarded = request.environ.get(UNLISTED_FORWARDER, False)
    if not address or (is_loopback(address) and not forwarded):
        return None, 0
    key = str(current_app.secret_key or "").encode()
    return hmac.new(key, address.encode(), hashlib.sha256).hexdigest()[:32], most


def too_many_games(exc: Any) -> str:
    """What a page says to a client past its games per minute (``games.TooManyGames``)."""
    return t(
        "Too many new games from this address: at most %(most)s a minute. Try again in "
        "%(seconds)s seconds.",
        most=exc.most,
        seconds=exc.retry_after,
    )


#: the API's status for each refusal a view passes on (:func:`refusal`)
REFUSALS: dict[type[Exception], int] = {
    games.NotFound: 404,
    games.Conflict: 409,
    games.NotScored: 503,
    games.GameInputError: 422,
    games.TooManyGames: 429,
    RecordError: 422,
    EventError: 422,
    store.NotDirector: 403,
}


def refusal(exc: Exception) -> ApiError:
    """The API's answer to a refused read or write: the status :data:`REFUSALS` gives
    ``exc``'s kind, with its words and the field at fault (a record's error says its reason;
    too many new games, when to try again: ``Retry-After``); a 500 with its text for any other
    error (the variant is no longer installed, or its plugin is broken)."""
    for kind, status in REFUSALS.items():
        if isinstance(exc, kind):
            words = exc.reason if isinstance(exc, RecordError) else i18n.error_words(exc)
            headers = None
            if isinstance(exc, games.TooManyGames):
                headers = {"Retry-After": str(exc.retry_after)}
            return ApiError(status, words, getattr(exc, "field", None), headers)
    return ApiError(500, str(exc))


def base_url() -> BaseURL:
    if "base_url" not in g:
        config = current_app.config
        g.base_url = public_base_url(
            config.get("PUBLIC_URL"), request.host_url, bind_host=config.get("BIND_HOST")
        )
    found: BaseURL = g.base_url
    return found


def live_link(public_id: str) -> str:
    return base_url().url + url_for("live.game", gid=public_id)


def edit_link(public_id: str, token: str) -> str:
    return base_url().url + url_for("pages.game", gid=public_id, t=token)


def render_page(template: str, partial: str, status: int = 200, **context: Any) -> Response:
    """Render ``template``, or only its fragment ``partial`` for an htmx request."""
    name = partial if is_partial(request) else template
    response = current_app.make_response((render_template(name, **context), status))
    return add_vary(response)


def variant_choice(
    form: Mapping[str, Any], fits: Callable[[Any], bool] | None = None
) -> dict[str, Any]:
    """What a form that starts a game (a score sheet, a play table) shows of its variant: every
    installed one (those whose info ``fits`` when given; the others' titles as ``left_out``,
    for the form to say they are not offered), the chosen one (else the first), its preset
    (else the default) and that preset's rules."""
    every = installed.installed_variants()
    offered = [v for v in every if fits is None or fits(v.info)]
    by_name = {v.name: v for v in offered}
    chosen = by_name.get(form.get("variant") or "") or (offered[0] if offered else None)
    preset = form.get("preset")
    if chosen is not None and preset not in chosen.presets:
        preset = chosen.default_preset
    rules = chosen.rules(preset) if chosen is not None else None
    left_out = [v.info.title for v in every if v.name not in by_name]
    return {
        "variants": offered,
        "variant": chosen,
        "preset": preset,
        "rules": rules,
        "left_out": left_out,
    }


def qr_image(link: str) -> Response:
    """The QR code of ``link`` as an SVG answer, kept ten minutes. The code holds the base URL:
    a public cache may keep it only when it is the configured one, not one found from this
    request's host."""
    response = Response(qr_svg(link), mimetype="image/svg+xml")
    configured = bool(current_app.config.get("PUBLIC_URL"))
    response.headers["Cache-Control"] = ("public" if configured else "private") + ", max-age=600"
    if not configured:
        response.vary.add("Host")
    return response
