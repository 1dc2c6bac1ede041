"""Helpers shared by the blueprints: language, links to share, rendering a page or a fragment."""

from __future__ import annotations

from typing import Any

from flask import current_app, g, render_template, request, url_for

from scorepad import i18n
from scorepad.htmx import add_vary, is_partial
from scorepad.share import BaseURL, public_base_url

__all__ = ["base_url", "edit_link", "lang", "live_link", "render_page", "say", "t"]


def lang() -> str:
    if "lang" not in g:
        g.lang = i18n.pick_language(request)
    return g.lang


def t(message: str, **values: Any) -> str:
    """``message`` in the request's language."""
    return i18n.gettext(lang(), message, **values)


def say(sheet: Any, text: object) -> str:
    """A variant's words (a message or plain text) for this game: in the request's language,
    with the game's team and player names put in for team and seat parameters."""
    from framework.messages import Translator

    return Translator(lang(), (), sheet.names()).render(text)


def base_url() -> BaseURL:
    if "base_url" not in g:
        config = current_app.config
        g.base_url = public_base_url(config.get("PUBLIC_URL"), request.host_url,
                                     bind_host=config.get("BIND_HOST"))
    return g.base_url


def live_link(public_id: str) -> str:
    return base_url().url + url_for("live.game", gid=public_id)


def edit_link(public_id: str, token: str) -> str:
    return base_url().url + url_for("pages.game", gid=public_id, t=token)


def render_page(template: str, partial: str, status: int = 200, **context: Any):
    """Render ``template``, or only its fragment ``partial`` for an htmx request."""
    name = partial if is_partial(request) else template
    response = current_app.make_response((render_template(name, **context), status))
    return add_vary(response)
